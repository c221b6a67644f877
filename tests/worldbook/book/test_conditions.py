from __future__ import annotations

import pytest

import kit.worldbook as wb
from kit.core.errors import KitError
from kit.worldbook.book.logic import evaluate_logic, logic_conditions, logic_keys
from tests.worldbook.worldbook_inputs import CONDITIONS, FALSE_WITH_REASON, LOGIC, LOGIC_MALFORMED, MALFORMED


@pytest.mark.parametrize(("text", "table", "expected"), CONDITIONS)
def test_conditions_evaluate(text, table, expected):
    assert wb.parse_condition(text).evaluate(table).holds is expected


@pytest.mark.parametrize(("text", "table", "reason"), FALSE_WITH_REASON)
def test_condition_false_with_reason(text, table, reason):
    result = wb.parse_condition(text).evaluate(table)
    assert result.holds is False
    assert reason in result.reason


@pytest.mark.parametrize(("text", "column", "reason"), MALFORMED)
def test_malformed_condition_names_text_and_column(text, column, reason):
    with pytest.raises(wb.ConditionSyntaxError, match=reason) as info:
        wb.parse_condition(text)
    assert info.value.column == column
    assert info.value.text == text
    assert f"column {column}" in str(info.value)
    assert isinstance(info.value, KitError) and isinstance(info.value, ValueError)


def test_parsed_fields():
    c = wb.parse_condition('tb.态度包括"友好"')
    assert (c.field, c.op, c.value) == ("态度", "contains", "友好")
    c = wb.parse_condition("tb.力量 = 5")
    assert (c.op, c.value) == ("==", 5.0)
    c = wb.parse_condition('tb."full name" = "Ann Lee"')
    assert (c.field, c.value) == ("full name", "Ann Lee")


def test_condition_never_uses_eval():
    # text that would do something under eval is just a malformed condition
    with pytest.raises(wb.ConditionSyntaxError):
        wb.parse_condition("tb.x > __import__('os').getcwd()")


@pytest.mark.parametrize(("text", "found", "table", "expected"), LOGIC)
def test_logic_expressions(text, found, table, expected):
    tree = wb.parse_logic(text)
    assert evaluate_logic(tree, lambda k: k in found, lambda c: c.evaluate(table).holds) is expected


@pytest.mark.parametrize(("text", "column", "reason"), LOGIC_MALFORMED)
def test_logic_syntax_errors(text, column, reason):
    with pytest.raises(wb.LogicSyntaxError, match=reason) as info:
        wb.parse_logic(text)
    assert info.value.column == column
    assert isinstance(info.value, wb.ConditionSyntaxError)


def test_logic_parts():
    tree = wb.parse_logic('"魔法" AND (tb.力量 > 10 OR NOT 黑暗) AND 魔法')
    assert logic_keys(tree) == ("魔法", "黑暗")
    assert [c.field for c in logic_conditions(tree)] == ["力量"]
