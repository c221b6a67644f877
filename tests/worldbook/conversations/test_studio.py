"""Conversations to replay (JSON files with carried-forward tables) and the role-play studio folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kit.core.errors import StorageError
from kit.samples import sample_save_path
from kit.worldbook import WorldBookFormatError
from kit.worldbook.conversations.studio import (
    Conversation,
    Studio,
    Turn,
    conversation_from_dict,
    read_conversation,
    read_studio,
    scan_conversations,
)


def _write(path: Path, data: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_tables_are_carried_forward_and_merged():
    conv = conversation_from_dict(
        {
            "id": "c1",
            "title": "T",
            "character_book_id": "lin_wan",
            "global_book_ids": ["aetheria", 7],
            "turns": [
                {"message": "a", "table": {"力量": 1, "态度": "友好"}},
                "b",
                {"role": "assistant", "message": "c", "table": {"力量": 2}},
            ],
        }
    )
    assert conv.turns == (
        Turn("a", "user", {"力量": 1, "态度": "友好"}),
        Turn("b", "user", {"力量": 1, "态度": "友好"}),
        Turn("c", "assistant", {"力量": 2, "态度": "友好"}),
    )
    assert conv.messages == ["a", "b", "c"] and conv.title == "T"
    assert conv.character_book_id == "lin_wan" and conv.global_book_ids == ("aetheria", "7")
    # every turn holds its own copy of the state
    assert conv.turns[0].table is not conv.turns[1].table


def test_defaults_when_books_and_id_are_absent():
    conv = conversation_from_dict({"turns": []}, default_id="stem")
    assert conv == Conversation("stem", ())
    assert conv.global_book_ids is None and conv.character_book_id is None


@pytest.mark.parametrize(
    "data, pattern",
    [
        ([], "expected a conversation object, got list"),
        ({"turns": []}, "field 'id'"),
        ({"id": "c", "turns": "hi"}, "field 'turns'.*expected a list of turns"),
        ({"id": "c", "turns": [{"text": "hi"}]}, r"field 'turns\[0\]'"),
        ({"id": "c", "turns": ["ok", 3]}, r"field 'turns\[1\]'"),
        ({"id": "c", "turns": [{"message": "a", "table": [1]}]}, r"field 'turns\[0\]\.table'.*expected an object"),
    ],
)
def test_bad_conversations_name_the_field(data, pattern):
    with pytest.raises(WorldBookFormatError, match=pattern):
        conversation_from_dict(data, file="c.json")


def test_read_conversation_takes_the_id_from_the_file_stem(tmp_path):
    path = _write(tmp_path / "c07.json", {"turns": ["你好"]})
    conv = read_conversation(path)
    assert conv.id == "c07" and conv.messages == ["你好"]
    _write(tmp_path / "named.json", {"id": "x", "turns": []})
    assert read_conversation(tmp_path / "named.json").id == "x"


def test_read_conversation_refuses_bad_files_naming_them(tmp_path):
    (tmp_path / "bad.json").write_text("{nope", encoding="utf-8")
    with pytest.raises(WorldBookFormatError, match="bad.json"):
        read_conversation(tmp_path / "bad.json")
    (tmp_path / "latin1.json").write_bytes('{"turns": ["é"]}'.encode("latin-1"))
    with pytest.raises(WorldBookFormatError, match="not UTF-8 text"):
        read_conversation(tmp_path / "latin1.json")
    (tmp_path / "big.json").write_text('{"turns": [], "n": ' + "9" * 5000 + "}", encoding="utf-8")
    with pytest.raises(WorldBookFormatError, match="field 'n'.*digits"):
        read_conversation(tmp_path / "big.json")
    with pytest.raises(StorageError):
        read_conversation(tmp_path / "missing.json")


def test_scan_conversations_sorts_by_id_and_reads_only_json(tmp_path):
    _write(tmp_path / "a.json", {"id": "z", "turns": []})
    _write(tmp_path / "b.json", {"id": "m", "turns": []})
    (tmp_path / "notes.txt").write_text("not a conversation", encoding="utf-8")
    assert [c.id for c in scan_conversations(tmp_path)] == ["m", "z"]
    assert scan_conversations(tmp_path / "empty") == []


def test_read_studio_accepts_the_save_or_the_studio_folder():
    save = sample_save_path()
    studio = read_studio(save)
    assert isinstance(studio, Studio) and studio.path == save / "studio"
    assert list(read_studio(save / "studio").library) == list(studio.library)
    ids = [c.id for c in studio.conversations]
    assert ids == sorted(ids) and len(ids) == 12
    for conv in studio.conversations:
        books = {*(conv.global_book_ids or ()), conv.character_book_id} - {None}
        assert books <= set(studio.library), conv.id


def test_read_studio_without_worldbooks_says_how_to_write_one(tmp_path):
    with pytest.raises(StorageError, match="no studio in .*write_worldbooks"):
        read_studio(tmp_path)


def test_old_load_studio_name_warns():
    import kit.worldbook.conversations.studio as studio_module

    with pytest.warns(DeprecationWarning, match="read_studio"):
        assert studio_module.load_studio is read_studio
