"""kit.books.reading: books with their trace and artifacts, assets and files read back as records; bad files
named by file and field."""

from __future__ import annotations

import json

import pytest

from kit.books import BookNotFoundError, BookRecordError, CardBook, PlayBook, TraceError, open_store
from kit.books.reading import (
    latest_snapshot,
    read_asset,
    read_avatar,
    read_card_of,
    read_content,
    read_snapshot,
    read_world_book,
)


def test_only_accepted_artifacts_are_current(studio):
    book = studio.book("cb")
    assert isinstance(book, CardBook)
    assert book.current_tags == {"角色.名字": "周望海", "角色.设定": "守了四十年灯塔", "角色.标签": "灯塔、老人, 海"}
    stored = json.loads((studio.root / "books/cb/design-artifacts.json").read_text())
    assert {a["status"] for a in stored["artifacts"]} == {"accepted"}
    arts = studio.artifacts("cb")
    assert arts["status"].tolist() == ["draft", "accepted", "accepted", "rejected", "accepted"]
    assert arts["is_current"].tolist() == [False, True, True, False, True]
    trace = studio.traces("cb")
    assert trace.loc[trace["artifact_status"] == "draft", "type"].tolist() == ["agent_tool"]
    assert trace.loc[trace["artifact_status"] == "rejected", "type"].tolist() == ["user_rejected"]
    play = studio.book("pb")
    assert isinstance(play, PlayBook)
    assert dict(play.run_state.variables) == {"天气": "雾", "运行.心情": "警惕"}


def test_malformed_project_file(studio):
    (studio.root / "books/bad").mkdir()
    (studio.root / "books/bad/project.json").write_text('{"id": "bad", "title": ')
    with pytest.raises(BookRecordError, match=r"books/bad/project\.json: malformed JSON at line 1"):
        studio.books(strict=True)
    assert studio.books()["book_id"].tolist() == ["cb", "pb"]  # lenient by default: the rest is read
    problems = studio.problems()
    assert problems["path"].tolist() == ["books/bad/project.json"]
    assert "malformed JSON" in problems["message"].iloc[0] and problems["object_id"].tolist() == ["bad"]


def test_missing_required_field_is_named(tmp_path):
    store = open_store(tmp_path / "s")
    (store.root / "books/x").mkdir(parents=True)
    (store.root / "books/x/project.json").write_text(json.dumps({"id": "x", "kind": "character_card_play", "title": "t", "orchestratorId": "o",
        "lifecycleStage": "play", "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z"}))  # fmt: skip
    with pytest.raises(BookRecordError, match=r"project\.json: field 'cardRef' is missing"):
        store.book("x")


def test_corrupt_middle_trace_line_is_an_error(studio):
    path = studio.root / "books/cb/traces.jsonl"
    lines = path.read_text().splitlines()
    lines[2] = lines[2][:10]
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(TraceError, match="line 3 is not valid JSON"):
        studio.traces("cb")
    assert studio.problems()["field"].tolist() == ["line 3"]


def test_missing_records_are_lookup_errors_naming_the_file(studio):
    with pytest.raises(BookNotFoundError, match=r"book 'pb' has no snapshot 'snap-009' \(books/pb/snapshots/snap-009"):
        read_snapshot(studio, "pb", "snap-009")
    with pytest.raises(BookNotFoundError, match=r"book 'pb' has no content 'content-001'"):
        read_content(studio, "pb", "content-001")
    with pytest.raises(
        BookNotFoundError, match=r"no card asset 'ghost' \(assets/cards/ghost\.json is missing\)"
    ) as info:
        read_asset(studio, "ghost")
    assert isinstance(info.value, LookupError)


def test_optional_parts_read_as_none(studio):
    assert latest_snapshot(studio, "pb").id == "snap-001" and latest_snapshot(studio, "cb") is None
    assert read_avatar(studio, "zhou") is None  # an exported card has no picture
    assert read_world_book(studio, "zhou") is None  # and no character book
    assert read_card_of(studio, "zhou").name == "周望海"
