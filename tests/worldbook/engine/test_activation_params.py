"""Argument checks of activate: wrong types raise InvalidParameterError naming argument, got and what to pass."""

from __future__ import annotations

import pytest

import kit.worldbook as wb
from kit.core.errors import InvalidParameterError


@pytest.fixture
def book() -> wb.WorldBook:
    return wb.world_book_from_dict(
        {
            "id": "lin_wan",
            "entries": [{"uid": 1, "content": "c", "trigger_config": {"triggers": {"keyword": {"key": ["魔法"]}}}}],
        }
    )


@pytest.mark.parametrize(
    "kwargs, pattern",
    [
        (
            {"global_books": "lin_wan"},
            r"'global_books' parameter of activate must be a list of WorldBook\. Got str 'lin_wan' instead: use library\['lin_wan'\]",
        ),
        ({"global_books": ["lin_wan"]}, r"Got str 'lin_wan' at index 0 instead: use library"),
        ({"global_books": {"entries": []}}, r"Got dict .*kit\.worldbook\.world_book_from_dict\(data\)"),
        (
            {"character_book": "lin_wan"},
            r"'character_book' parameter of activate must be a WorldBook or None\. Got str",
        ),
        ({"message": None}, r"'message' parameter of activate must be a str\. Got NoneType None"),
        ({"history": "hello"}, r"'history' parameter.*Got str 'hello' instead: wrap one message in a list"),
        ({"history": ["a", 3]}, r"Got int 3 at index 1"),
        ({"table": [1]}, r"'table' parameter of activate must be a mapping"),
    ],
)
def test_activate_names_the_wrong_argument(kwargs, pattern):
    args = {"global_books": (), "message": "x", **kwargs}
    with pytest.raises(InvalidParameterError, match=pattern):
        wb.activate(**args)


def test_a_single_book_as_global_books_says_what_to_pass(book):
    with pytest.raises(InvalidParameterError, match=r"single WorldBook 'lin_wan' instead: pass \[book\]"):
        wb.activate(book, message="魔法")


def test_right_arguments_still_activate_and_generators_are_not_consumed(book):
    assert list(wb.activate([book], message="魔法")["uid"]) == ["1"]
    assert list(wb.activate([book], message="x", history=(m for m in ["魔法"]))["uid"]) == ["1"]
