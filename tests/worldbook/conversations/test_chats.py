"""SillyTavern chat logs read as conversations (kit.worldbook.conversations.chats)."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

import kit.worldbook as wb
from kit.samples.fleet import CHARACTER_BOOKS, write_chat_corpus
from kit.worldbook.conversations.chats import CHAT_PROBLEM_SCHEMA as CHAT_PROBLEM_COLUMNS
from kit.worldbook.conversations.chats import CHAT_SCHEMA as CHAT_COLUMNS


def _write(path: Path, lines: list[object]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "\n".join(x if isinstance(x, str) else json.dumps(x, ensure_ascii=False) for x in lines) + "\n",
        encoding="utf-8",
    )
    return path


HEADER = {
    "user_name": "You",
    "character_name": "Mara Vance",
    "create_date": "2026-10-05 @09h 30m 00s",
    "chat_metadata": {"integrity": "abc", "world_info": "starport_nyx"},
}


def _msg(mes: object, *, user: bool = False, system: bool = False, **extra: object) -> dict:
    return {
        "name": "You" if user else "Mara Vance",
        "is_user": user,
        "is_system": system,
        "send_date": "October 5, 2026 9:30am",
        "mes": mes,
        "extra": {},
        **extra,
    }


def test_header_messages_and_conversation(tmp_path):
    _write(
        tmp_path / "chats" / "Mara Vance" / "Mara Vance - 2026-10-05@09h30m00s.jsonl",
        [
            HEADER,
            _msg("Welcome aboard.", swipes=["Welcome aboard.", "Strap in."], swipe_id=0, swipe_info=[{}, {}]),
            _msg("Where to?", user=True, send_date=1790000000000),
            _msg("(a hidden note)", system=True),
            _msg("The docks, then."),
        ],
    )
    corpus = wb.read_chats(tmp_path, character_books=CHARACTER_BOOKS, global_book_ids=["aetheria"])
    assert len(corpus) == 1
    log = corpus.logs[0]
    assert log.user_name == "You" and log.character_name == "Mara Vance" and not log.is_group
    assert log.metadata["integrity"] == "abc"
    assert [m.mes for m in log.messages] == ["Welcome aboard.", "Where to?", "(a hidden note)", "The docks, then."]
    assert log.messages[0].swipes == ("Welcome aboard.", "Strap in.") and log.messages[0].swipe_id == 0
    assert log.messages[1].send_date == "1790000000000" and log.messages[1].swipe_id is None
    conv = log.conversation
    assert conv.id == "chats/Mara Vance/Mara Vance - 2026-10-05@09h30m00s"
    # the hidden (is_system) message is not a turn; roles follow is_user; SillyTavern chats have no table
    assert conv.messages == ["Welcome aboard.", "Where to?", "The docks, then."]
    assert [t.role for t in conv.turns] == ["assistant", "user", "assistant"]
    assert all(t.table == {} for t in conv.turns)
    assert conv.character_book_id == "mara_vance"
    assert conv.global_book_ids == ("aetheria", "starport_nyx")  # the chat's own lore book joins the globals
    assert corpus.problems().empty
    chats = corpus.chats()
    assert list(chats.columns) == list(CHAT_COLUMNS)
    row = chats.iloc[0]
    assert (row.n_messages, row.n_turns, row.n_user, row.n_system, row.n_swipes) == (4, 3, 1, 1, 2)
    assert row.chat_lore == "starport_nyx" and row.n_chars == sum(len(m.mes) for m in log.messages)


def test_group_chats_and_folders(tmp_path):
    _write(
        tmp_path / "group chats" / "1700000000000.jsonl",
        [
            {"chat_metadata": {}, "user_name": "unused", "character_name": "unused"},
            _msg("Hello all."),
        ],
    )
    _write(tmp_path / "group chats" / "1600000000000.jsonl", [_msg("An old group chat without a header.")])
    _write(tmp_path / "chats" / "林晚" / "林晚 - 1.jsonl", [{**HEADER, "character_name": "林晚"}, _msg("魔法")])
    files = wb.scan_chat_files(tmp_path)
    assert [(f.conversation_id, f.is_group) for f in files] == [
        ("chats/林晚/林晚 - 1", False),
        ("group chats/1600000000000", True),
        ("group chats/1700000000000", True),
    ]
    corpus = wb.read_chats(tmp_path, character_books=CHARACTER_BOOKS)
    assert corpus.problems().empty  # a group chat may lack the header
    by_id = {log.conversation.id: log for log in corpus.logs}
    group = by_id["group chats/1700000000000"]
    assert group.is_group and group.character_name == "" and group.user_name == ""
    assert group.conversation.character_book_id is None and group.conversation.global_book_ids is None
    assert by_id["chats/林晚/林晚 - 1"].conversation.character_book_id == "lin_wan"
    # one file, or one character's folder, reads on its own with ids relative to it
    assert wb.read_chat(files[0].path).conversation.id == "林晚 - 1"
    assert [f.conversation_id for f in wb.scan_chat_files(tmp_path / "chats")] == ["林晚/林晚 - 1"]


def test_scan_skips_links_and_reads_folders_named_like_chats(tmp_path):
    _write(tmp_path / "chats" / "Mara Vance" / "a.b.jsonl", [HEADER, _msg("dots in the name")])
    _write(tmp_path / "chats" / "Mara Vance" / ".jsonl", [HEADER, _msg("a file named only .jsonl")])
    _write(tmp_path / "chats" / "odd.jsonl" / "inside.jsonl", [HEADER, _msg("a folder named like a chat")])
    _write(tmp_path / "group chats" / "team" / "g.jsonl", [_msg("a group chat one folder down")])
    _write(tmp_path / "notes.txt", ["not a chat"])
    (tmp_path / "chats" / "link.jsonl").symlink_to(tmp_path / "chats" / "Mara Vance" / "a.b.jsonl")
    (tmp_path / "linked folder").symlink_to(tmp_path / "chats", target_is_directory=True)
    files = wb.scan_chat_files(tmp_path)
    assert [(f.conversation_id, f.is_group) for f in files] == [
        ("chats/Mara Vance/.jsonl", False),
        ("chats/Mara Vance/a.b", False),
        ("chats/odd.jsonl/inside", False),
        ("group chats/team/g", True),
    ]
    assert files[1].path == tmp_path / "chats" / "Mara Vance" / "a.b.jsonl"
    # scanned from inside a group folder, every chat is a group chat
    assert [(f.conversation_id, f.is_group) for f in wb.scan_chat_files(tmp_path / "group chats" / "team")] == [
        ("g", True)
    ]


def test_bad_lines_are_problem_rows_and_the_rest_is_read(tmp_path):
    path = _write(
        tmp_path / "Mara Vance" / "c.jsonl",
        [
            HEADER,
            _msg("one"),
            '{"name": "Mara Vance", "is_user": false, "mes": "cut o',
            json.dumps(["not", "an", "object"]),
            _msg(None),
            _msg("two", user="yes"),
            _msg("three", swipes="nope"),
            "",
            _msg("four"),
        ],
    )
    log = wb.read_chat(path)
    assert [m.mes for m in log.messages] == ["one", "three", "four"]
    problems = wb.read_chats(tmp_path).problems()
    assert list(problems.columns) == list(CHAT_PROBLEM_COLUMNS)
    assert problems["kind"].tolist() == ["invalid_json", "not_an_object", "bad_field", "bad_field", "bad_field"]
    assert problems["line"].tolist() == [3, 4, 5, 6, 7]
    assert problems["field"].tolist() == ["line 3", "line 4", "line 5: mes", "line 6: is_user", "line 7: swipes"]
    assert problems["severity"].tolist() == ["error", "error", "error", "error", "warning"]
    assert (problems["path"] == str(path)).all() and (problems["object_id"] == "Mara Vance/c").all()
    assert problems["severity"].dtype == pd.CategoricalDtype(["warning", "error"], ordered=True)
    with pytest.raises(wb.WorldBookFormatError, match=r"c\.jsonl.*line 3.*not valid JSON"):
        wb.read_chat(path, strict=True)


def test_missing_header_empty_file_unreadable_file(tmp_path):
    no_header = _write(tmp_path / "chats" / "A" / "a.jsonl", [_msg("hello")])
    empty = tmp_path / "chats" / "A" / "b.jsonl"
    empty.write_bytes(b"")
    log = wb.read_chat(no_header)
    assert [p["kind"] for p in log.problems] == ["missing_header"] and log.problems[0]["severity"] == "warning"
    assert log.conversation.messages == ["hello"] and log.character_name == "A"  # the folder names the character
    assert [p["kind"] for p in wb.read_chat(empty).problems] == ["empty_file"]
    missing = wb.read_chat(tmp_path / "nope.jsonl")
    assert [p["kind"] for p in missing.problems] == ["unreadable_file"] and missing.conversation.turns == ()
    whole_file = wb.ChatCorpus((wb.read_chat(empty), missing)).problems()  # file-level: no line, no field
    assert whole_file["line"].isna().all() and whole_file["field"].isna().all()
    with pytest.raises(wb.WorldBookFormatError, match="nope.jsonl"):
        wb.read_chat(tmp_path / "nope.jsonl", strict=True)
    with pytest.raises(wb.WorldBookFormatError, match="no such chat file or folder"):
        wb.read_chats(tmp_path / "absent")


def test_long_lines_are_skipped_without_reading_them_whole(tmp_path):
    long = _msg("x" * 5000)
    path = _write(tmp_path / "c.jsonl", [HEADER, _msg("before"), long, _msg("after")])
    log = wb.read_chat(path, max_line_bytes=1000)
    assert [m.mes for m in log.messages] == ["before", "after"]
    assert [(p["kind"], p["line"]) for p in log.problems] == [("line_too_long", 3)]
    assert len(wb.read_chat(path).messages) == 3
    with pytest.raises(
        ValueError, match=r"'max_line_bytes' parameter of read_chat must be an int in the range \[1, inf\)\. Got 0"
    ):
        wb.read_chat(path, max_line_bytes=0)


def test_a_large_chat_streams(tmp_path):
    n = 20_000
    path = _write(tmp_path / "big.jsonl", [HEADER, *(_msg(f"message {i}", user=i % 2 == 1) for i in range(n))])
    logs = list(wb.iter_chats([wb.ChatFile("big", path)]))
    assert len(logs) == 1 and len(logs[0].conversation.turns) == n
    assert logs[0].conversation.turns[-1].message == f"message {n - 1}"


def test_generated_corpus(tmp_path):
    generated = write_chat_corpus(tmp_path, 34, seed=3)
    corpus = wb.read_chats(tmp_path, character_books=CHARACTER_BOOKS)
    assert len(corpus) == 34 == len(generated.files)
    problems = corpus.problems()
    assert len(problems[problems["severity"] == "error"]) == generated.n_bad_lines == 2
    chats = corpus.chats()
    assert chats["is_group"].sum() == 3 and chats["n_system"].sum() > 0 and chats["n_swipes"].sum() > 0
    assert set(c.character_book_id for c in corpus.conversations if not c.id.startswith("group")) == {
        "lin_wan",
        "mara_vance",
    }
    again = write_chat_corpus(tmp_path / "again", 34, seed=3)
    assert [p.read_bytes() for p in generated.files] == [p.read_bytes() for p in again.files]


def test_empty_corpus_keeps_columns(tmp_path):
    corpus = wb.read_chats(tmp_path)
    for got, schema in ((corpus.chats(), CHAT_COLUMNS), (corpus.problems(), CHAT_PROBLEM_COLUMNS)):
        assert got.empty and list(got.columns) == list(schema)
    full = wb.read_chats(_write(tmp_path / "c.jsonl", [HEADER, _msg("a"), "{"]))
    assert list(full.chats().dtypes) == list(corpus.chats().dtypes)
    assert list(full.problems().dtypes) == list(corpus.problems().dtypes)
