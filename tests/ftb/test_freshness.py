"""Stored guide text against the current quest book (kit.ftb.freshness)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import kit
import kit.ftb
from kit.core.document import Document
from kit.ftb.freshness import compare_guides
from kit.ftb.guides import guide_document
from kit.samples import sample_save_path

BATTERY = "71590D60C21C5F8F"


@pytest.fixture()
def save_copy(tmp_path: Path):
    shutil.copytree(sample_save_path(), tmp_path / "save")
    with kit.open_save(tmp_path / "save") as save:
        yield save


def test_compare_guides_names_what_changed() -> None:
    book = kit.ftb.read_quest_book(sample_save_path())
    current = guide_document(book, BATTERY, "en_us")
    stored = [
        current,
        Document(current.id, "Old title", current.text, current.tags),
        Document(current.id, "Old title", "old text", current.tags),
        Document("ftb:00000000000000FF", "Gone", "gone", ("ftb", "x")),
    ]
    rows = compare_guides(stored, book, "en_us")
    assert [(r["status"], r["reason"]) for r in rows] == [
        ("current", ""),
        ("changed", "the quest's title changed since ingestion"),
        ("changed", "the quest's title and text changed since ingestion"),
        ("removed", "the quest is no longer in the book"),
    ]
    assert [r["is_stale"] for r in rows] == [False, True, True, True]


def test_the_sample_save_holds_current_guides(save_copy) -> None:
    found = kit.ftb.guide_freshness(save_copy, kit.ftb.read_quest_book(save_copy.path))
    assert len(found) == 54 and set(found["status"]) == {"current"} and set(found["language"]) == {"en_us", "zh_cn"}
    with pytest.raises(kit.InvalidLanguageError):
        kit.ftb.guide_freshness(save_copy, kit.ftb.read_quest_book(save_copy.path), languages=["English"])


def test_freshness_reports_removed_quests(save_copy) -> None:
    chapters = save_copy.path / "config" / "ftbquests" / "quests" / "chapters"
    book = kit.ftb.read_quest_book(save_copy.path)
    victim = book.chapter_by_id[book.quest_by_id[BATTERY].chapter_id].path
    Path(victim).unlink()
    assert chapters.is_dir()
    smaller = kit.ftb.read_quest_book(save_copy.path)
    found = kit.ftb.guide_freshness(save_copy, smaller, languages=["en_us"])
    removed = found[found["status"] == "removed"]
    assert f"ftb:{BATTERY}" in removed["doc_id"].tolist()
    assert set(removed["reason"]) == {"the quest is no longer in the book"}
    assert set(found["language"]) == {"en_us"}
