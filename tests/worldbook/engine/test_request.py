"""kit.worldbook.engine.request: the front-end request read into activate's arguments, field by field."""

from __future__ import annotations

import pytest

import kit.worldbook as wb
from kit.worldbook import Entry, KeywordTrigger, Triggers, WorldBook
from kit.worldbook.engine.request import request_arguments


def _book(book_id: str) -> WorldBook:
    entry = Entry(uid="e", content="c", triggers=Triggers(keyword=KeywordTrigger(keys=("k",))))
    return WorldBook(id=book_id, name=book_id, entries=(entry,))


LIB = wb.WorldBookLibrary([_book("world"), _book("other"), _book("hero")])


def test_every_part_of_the_request_is_read():
    payload = {
        "worldBookData": {"globalBooks": [{"id": "world", "name": "W"}, "other"], "characterBookId": "hero"},
        "mes": "hi",
        "chatHistory": ["a", {"mes": "b"}, {"content": "c"}],
        "dynamicTableData": {"currentValues": {"力量": 15}},
    }
    books, character, message, history, table = request_arguments(payload, LIB)
    assert [b.id for b in books] == ["world", "other"] and character is LIB["hero"]
    assert (message, history, table) == ("hi", ["a", "b", "c"], {"力量": 15})


def test_an_empty_request_has_no_books_and_no_text():
    assert request_arguments({}, LIB) == ([], None, "", [], {})
    assert request_arguments({"worldBookData": {"characterBookId": ""}}, LIB)[1] is None


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ([], "payload"),
        ({"worldBookData": "x"}, "worldBookData"),
        ({"worldBookData": {"globalBooks": "world"}}, r"worldBookData\.globalBooks"),
        ({"worldBookData": {"globalBooks": [True]}}, r"worldBookData\.globalBooks\[0\]\.id"),
        ({"chatHistory": ["a", 3]}, r"chatHistory\[1\]"),
        ({"mes": 5}, "mes"),
    ],
)
def test_a_wrong_shape_names_the_field(payload, field):
    with pytest.raises(wb.WorldBookFormatError, match=field):
        request_arguments(payload, LIB)


def test_an_unknown_book_lists_the_library():
    with pytest.raises(wb.WorldBookNotFoundError, match="'missing'"):
        request_arguments({"worldBookData": {"globalBooks": ["missing"]}}, LIB)
