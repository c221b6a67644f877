"""The sample role-play studio writer: deterministic files, read back by kit.worldbook.read_studio without problems."""

from __future__ import annotations

import json

import pytest

import kit.worldbook as wb
from kit.samples import sample_save_path
from kit.samples.studio import STUDIO_FOLDER, write_worldbooks
from tests.samples.samples_inputs import tree


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    save = tmp_path_factory.mktemp("save")
    write_worldbooks(save)
    return save


def test_the_committed_studio_is_what_the_writer_writes(written):
    committed = sample_save_path() / STUDIO_FOLDER
    for folder in ("worldbooks", "conversations"):
        assert tree(written / STUDIO_FOLDER / folder) == tree(committed / folder), folder


def test_rewriting_replaces_stale_json_and_keeps_other_files(written, tmp_path):
    write_worldbooks(tmp_path)
    (tmp_path / STUDIO_FOLDER / "worldbooks" / "stale.json").write_text("{}", encoding="utf-8")
    (tmp_path / STUDIO_FOLDER / "worldbooks" / "notes.txt").write_text("mine", encoding="utf-8")
    write_worldbooks(tmp_path)
    files = tree(tmp_path / STUDIO_FOLDER)
    assert "worldbooks/stale.json" not in files and files.pop("worldbooks/notes.txt") == b"mine"
    assert files == tree(written / STUDIO_FOLDER)


def test_read_studio_reads_every_book_and_conversation(written):
    studio = wb.read_studio(written)
    assert sorted(studio.library) == ["aetheria", "lin_wan", "mara_vance", "starport_nyx"]
    assert len(studio.library.problems()) == 0
    assert sum(len(book) for book in studio.library.values()) >= 60
    convs = studio.conversations
    assert [c.id for c in convs] == [f"c{i:02d}" for i in range(1, 13)]
    for conv in convs:
        assert 10 <= len(conv.turns) <= 30, conv.id
        assert conv.character_book_id in studio.library and set(conv.global_book_ids) <= set(studio.library)
        assert len({json.dumps(t.table, sort_keys=True, ensure_ascii=False) for t in conv.turns}) > 1, conv.id


def test_the_books_cover_every_trigger_type_and_position(written):
    entries = [e for book in wb.read_studio(written).library.values() for e in book]
    assert {t for e in entries for t in e.triggers.configured} == set(wb.TRIGGER_TYPES)
    assert {e.position for e in entries} == set(range(8))
    assert any(e.requires for e in entries) and any(e.excludes for e in entries)


def test_replaying_the_conversations_activates_entries_of_every_book(written):
    studio = wb.read_studio(written)
    replay = wb.replay(studio.library, studio.conversations, rng=0)
    assert set(replay["book_id"]) == set(studio.library)
    assert set(replay["conversation_id"]) == {c.id for c in studio.conversations}
