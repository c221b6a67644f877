"""The sample studio's character-bound books (``lin_wan``, ``mara_vance``): valid kit JSON, read strictly."""

from __future__ import annotations

import pytest

import kit.worldbook as wb
from kit.samples.studio_character_books import LIN_WAN, MARA
from kit.samples.studio_global_books import AETHERIA, STARPORT

BOOKS = {"lin_wan": (LIN_WAN, AETHERIA), "mara_vance": (MARA, STARPORT)}


@pytest.mark.parametrize("book_id", list(BOOKS))
def test_book_reads_strictly_with_unique_uids_and_resolvable_links(book_id):
    raw, world = BOOKS[book_id]
    book = wb.world_book_from_dict(raw, strict=True)
    assert book.id == book_id and not book.issues and len(book) == len(raw["entries"]) >= 10
    uids = [e.uid for e in book]
    assert len(set(uids)) == len(uids)
    world_uids = {e["uid"] for e in world["entries"]}
    for entry in book:
        for other in entry.requires + entry.excludes:
            book_part, _, uid = other.rpartition("/")
            assert (uid in world_uids) if book_part == world["id"] else (uid in uids), (entry.uid, other)
    assert not wb.lint(book)["severity"].eq("error").any()


def test_lin_wan_is_chinese_and_mara_is_english():
    def cjk_share(book):
        text = "".join(e["content"] for e in book["entries"])
        return sum("\u4e00" <= ch <= "\u9fff" for ch in text) / len(text)

    assert cjk_share(LIN_WAN) > 0.5 and cjk_share(MARA) < 0.01


@pytest.mark.parametrize("book_id", list(BOOKS))
def test_the_character_book_activates_beside_its_world(book_id):
    raw, world = BOOKS[book_id]
    book, world_book = wb.world_book_from_dict(raw), wb.world_book_from_dict(world)
    keyword = next(e for e in book if e.triggers.configured == ("keyword",) and not e.disable and not e.requires)
    key = keyword.triggers.keyword.active_keys[0]
    result = wb.activate([world_book], book, message=f"... {key} ...", rng=0).set_index("entry_id")
    assert f"{book_id}/{keyword.uid}" in result.index
    assert result.loc[f"{book_id}/{keyword.uid}", "book_scope"] == "character"
