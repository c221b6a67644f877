"""The sample studio's global books (``aetheria``, ``starport_nyx``): valid kit JSON, read strictly, every feature."""

from __future__ import annotations

import pytest

import kit.worldbook as wb
from kit.samples.studio_global_books import AETHERIA, STARPORT

BOOKS = {"aetheria": AETHERIA, "starport_nyx": STARPORT}


@pytest.mark.parametrize("book_id", list(BOOKS))
def test_book_reads_strictly_with_unique_uids_and_resolvable_links(book_id):
    raw = BOOKS[book_id]
    book = wb.world_book_from_dict(raw, strict=True)
    assert book.id == book_id and not book.issues and len(book) == len(raw["entries"]) >= 15
    uids = [e.uid for e in book]
    assert len(set(uids)) == len(uids)
    for entry in book:
        for other in entry.requires + entry.excludes:
            assert other.split("/")[-1] in uids, (entry.uid, other)
    assert not wb.lint(book)["severity"].eq("error").any()


def test_languages_of_the_two_books():
    def cjk_share(book):
        text = "".join(e["content"] for e in book["entries"])
        return sum("\u4e00" <= ch <= "\u9fff" for ch in text) / len(text)

    assert cjk_share(AETHERIA) > 0.5 and cjk_share(STARPORT) < 0.01


def test_together_they_cover_every_trigger_type_and_most_positions():
    books = [wb.world_book_from_dict(raw) for raw in BOOKS.values()]
    entries = [e for book in books for e in book]
    assert {t for e in entries for t in e.triggers.configured} == set(wb.TRIGGER_TYPES)
    assert len({e.position for e in entries}) >= 6
    assert any(e.group for e in entries) and any(e.disable for e in entries)
    assert any(e.triggers.probability < 1 for e in entries)


def test_plain_constants_fire_in_an_empty_conversation():
    books = [wb.world_book_from_dict(raw) for raw in BOOKS.values()]
    fired = set(wb.activate(books, message="", rng=0)["entry_id"])
    plain = {
        f"{b.id}/{e.uid}"
        for b in books
        for e in b
        if e.triggers.constant and not e.disable and e.triggers.probability == 1 and not (e.group or e.requires)
    }
    assert plain and plain <= fired
