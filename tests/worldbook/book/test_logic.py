"""Hostile logic expressions: deep nesting and NOT chains give a ``LogicSyntaxError`` naming the entry and the
column (never a ``RecursionError``), parsing is linear, and no input escapes as a foreign exception."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kit.worldbook.book.conditions as conditions_module
import kit.worldbook.book.logic as logic_module
from kit.worldbook import LogicSyntaxError, WorldBookFormatError, issues_frame, parse_logic
from kit.worldbook.book.logic import MAX_LOGIC_DEPTH, And, Key, Not, Or, evaluate_logic
from kit.worldbook.book.normalize import world_book_from_dict as book_from_dict
from tests.examples import examples


@pytest.mark.parametrize(
    "text",
    [
        "(" * 5000 + "a" + ")" * 5000,
        "NOT " * 5000 + "a",
        "! " * 5000 + "a",
        "非 " * 5000 + "a",
        "(NOT " * 3000 + "a" + ")" * 3000,
        "a AND (" * 3000 + "b" + ")" * 3000,
    ],
)
def test_deep_expressions_are_refused_with_a_column(text: str) -> None:
    with pytest.raises(LogicSyntaxError, match=f"nested deeper than {MAX_LOGIC_DEPTH} levels") as info:
        parse_logic(text)
    assert 1 <= info.value.column <= len(text)
    assert info.value.text == text
    assert len(str(info.value)) < 400  # the message shows the start and end of a long expression, not all of it


def test_the_depth_limit_is_exact() -> None:
    ok = "(" * MAX_LOGIC_DEPTH + "a" + ")" * MAX_LOGIC_DEPTH
    assert parse_logic(ok) == Key("a")
    nots = parse_logic("NOT " * MAX_LOGIC_DEPTH + "a")
    for _ in range(MAX_LOGIC_DEPTH):
        assert isinstance(nots, Not)
        nots = nots.operand
    assert nots == Key("a")
    with pytest.raises(LogicSyntaxError, match="column 65"):
        parse_logic("(" * (MAX_LOGIC_DEPTH + 1) + "a" + ")" * (MAX_LOGIC_DEPTH + 1))
    with pytest.raises(LogicSyntaxError, match="nested deeper"):
        parse_logic("NOT " * (MAX_LOGIC_DEPTH + 1) + "a")


def test_not_chains_evaluate_like_their_parity() -> None:
    even = parse_logic("NOT " * 64 + "a")
    odd = parse_logic("NOT " * 63 + "a")
    assert evaluate_logic(even, lambda k: True, lambda c: True) is True
    assert evaluate_logic(odd, lambda k: True, lambda c: True) is False


def _book(expression: str) -> dict:
    return {
        "id": "b",
        "entries": [
            {"uid": "deep", "content": "x", "trigger_config": {"triggers": {"logicExpression": expression}}},
            {"uid": "fine", "content": "y", "trigger_config": {"triggers": {"logicExpression": "a AND b"}}},
        ],
    }


def test_a_deep_expression_in_a_book_names_the_entry() -> None:
    data = _book("(" * 500 + "a" + ")" * 500)
    with pytest.raises(LogicSyntaxError, match="of entry 'b/deep', column 65: nested deeper"):
        book_from_dict(data)
    book = book_from_dict(data, strict=False)
    assert [e.uid for e in book.entries] == ["fine"]
    row = issues_frame(book).iloc[0]
    assert (row["uid"], row["field"]) == ("deep", "trigger_config.triggers.logicExpression")
    assert "nested deeper" in row["message"]


def test_many_conditions_fold_the_text_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Linear parsing: the full-width folding of the text happens once per expression, not once per condition
    (which made 1,500 conditions take seconds)."""
    calls = []
    original = conditions_module.fold_text

    def counting(text: str) -> str:
        calls.append(len(text))
        return original(text)

    monkeypatch.setattr(logic_module, "fold_text", counting)
    monkeypatch.setattr(conditions_module, "fold_text", counting)
    text = " AND ".join(f"tb.x{i} > {i}" for i in range(1500))
    tree = parse_logic(text)
    assert isinstance(tree, And) and len(tree.operands) == 1500
    assert calls == [len(text)]


def test_tb_followed_by_long_white_space_runs_is_a_key() -> None:
    text = " OR ".join("tb" + " " * 50 for _ in range(200))
    tree = parse_logic(text)
    assert isinstance(tree, Or) and tree.operands[0] == Key("tb")


TOKENS = [
    "a",
    "b",
    "tb.x > 1",
    'tb.y 包括 "z"',
    "AND",
    "OR",
    "NOT",
    "&&",
    "||",
    "!",
    "且",
    "或",
    "非",
    "(",
    ")",
    '"q"',
    '"',
    "tb.",
    "tb.x >",
    "（",
    "）",
    "！",
]


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=40), st.integers(0, 200))
def test_any_token_soup_parses_or_raises_a_logic_error(tokens: list[str], nesting: int) -> None:
    text = "(" * nesting + " ".join(tokens) + ")" * nesting
    try:
        tree = parse_logic(text)
    except LogicSyntaxError as exc:
        assert 1 <= exc.column <= len(text) + 1
        return
    evaluate_logic(tree, lambda k: len(k) % 2 == 0, lambda c: True)


def test_strict_errors_are_kit_errors_of_the_book_reader() -> None:
    with pytest.raises(WorldBookFormatError, match="field 'trigger_config.triggers.logicExpression'"):
        book_from_dict(
            {
                "id": "b",
                "entries": [{"uid": "1", "content": "", "trigger_config": {"triggers": {"logicExpression": 5}}}],
            }
        )
