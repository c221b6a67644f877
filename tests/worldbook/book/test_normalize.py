"""Lenient values as the design reads them: constant lists by their first element, disable by truthiness."""

from __future__ import annotations

import pytest

import kit.worldbook as wb


def entry(**fields) -> dict:
    return {"uid": "e", "content": "c", **fields}


@pytest.mark.parametrize(
    "constant, expected, warned",
    [
        ([True, False], True, False),
        ([False, True], False, False),
        ([1], True, False),
        ([], False, False),
        (["true"], False, True),
        (True, True, False),
        ("false", False, False),
    ],
)
def test_constant_reads_the_first_element(constant, expected, warned):
    book = wb.world_book_from_dict({"id": "b", "entries": [entry(trigger_config={"triggers": {"constant": constant}})]})
    assert book.entries[0].triggers.constant is expected
    assert bool(book.issues) is warned
    if warned:
        assert book.issues[0].severity == "warning" and "constant[0] == true" in book.issues[0].reason


@pytest.mark.parametrize(
    "disable, expected",
    [
        ("maybe", True),
        ("false", True),
        ("", False),
        (0, False),
        (2, True),
        ([], False),
        ([0], True),
        ({"a": 1}, True),
        (None, False),
    ],
)
def test_disable_follows_the_design_truthiness(disable, expected):
    book = wb.world_book_from_dict({"id": "b", "entries": [entry(disable=disable)]}, strict=True)
    assert [e.disable for e in book.entries] == [expected]


def test_a_false_string_disables_with_a_warning_row():
    book = wb.world_book_from_dict({"id": "b", "entries": [entry(disable="false")]})
    problems = wb.issues_frame(book)
    assert list(problems["severity"]) == ["warning"] and list(problems["field"]) == ["disable"]
    assert "every non-empty string as true" in problems["message"].iloc[0]
    assert wb.activate([book], message="c").empty
