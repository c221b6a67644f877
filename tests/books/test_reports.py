"""kit.books.reports: one DataFrame per question over a store, with its documented columns also when empty."""

from __future__ import annotations

from kit.books import open_store
from kit.books.reports import (
    ARTIFACTS_SCHEMA,
    ASSETS_SCHEMA,
    BOOKS_SCHEMA,
    CONTENTS_SCHEMA,
    MESSAGES_SCHEMA,
    PROBLEMS_SCHEMA,
    SESSIONS_SCHEMA,
    SNAPSHOTS_SCHEMA,
    TIMELINE_SCHEMA,
    TRACES_SCHEMA,
    WORLD_ENTRIES_SCHEMA,
)
from kit.core.frames import pandas_dtype


def test_books_frame(studio):
    books = studio.books()
    assert list(books.columns) == list(BOOKS_SCHEMA)
    assert books["book_id"].tolist() == ["cb", "pb"]
    card, play = books.to_dict("records")
    assert (card["book_type"], card["kind"], card["lifecycle_stage"]) == ("card", "character_card_design", "design")
    assert card["n_trace_entries"] == 8 and card["n_artifacts"] == 3 and card["n_messages"] == 1
    assert (play["card_asset_id"], play["n_snapshots"], play["n_trace_entries"]) == ("zhou", 1, 4)
    assert card["path"] == "books/cb/project.json"


def test_traces_timeline_snapshots_messages(studio):
    trace = studio.traces("pb")
    assert list(trace.columns) == list(TRACES_SCHEMA)
    assert trace["type"].tolist() == ["user_input", "artifact", "artifact", "snapshot"]
    assert trace["turn"].tolist() == [0, 1, 1, 1]
    timeline = studio.timeline("cb")
    assert list(timeline.columns) == list(TIMELINE_SCHEMA)
    assert timeline["type"].cat.ordered
    assert timeline["lane"].tolist() == timeline["type"].cat.codes.tolist()
    assert timeline["elapsed_min"].iloc[0] == 0.0 and timeline["elapsed_min"].is_monotonic_increasing
    snaps = studio.snapshots("pb")
    assert list(snaps.columns) == list(SNAPSHOTS_SCHEMA)
    assert snaps[["snapshot_id", "label", "turn", "n_messages", "n_variables", "is_listed"]].values.tolist() == [
        ["snap-001", "第一夜", 1, 1, 2, True]
    ]
    snap = studio.latest_snapshot("pb")
    assert snap.run_state.event_stream == "访客到来"
    msgs = studio.messages("pb")
    assert list(msgs.columns) == list(MESSAGES_SCHEMA) and msgs["content"].tolist() == ["有人吗？"]


def test_empty_frames_keep_columns(tmp_path):
    store = open_store(tmp_path / "empty")
    store.create_project_book("空", book_id="p", at="2026-01-01T00:00:00Z")
    store.create_card_book("卡", book_id="c", at="2026-01-01T00:00:00Z")
    store.record_artifact("c", "角色.名字", "无名", event="user_accepted_artifact", at="2026-01-01T00:01:00Z")
    store.export_asset("c", asset_id="a", at="2026-01-01T00:02:00Z")
    frames = {
        "books": (open_store(tmp_path / "nothing").books(), BOOKS_SCHEMA),
        "assets": (open_store(tmp_path / "nothing").assets(), ASSETS_SCHEMA),
        "traces": (store.traces("p"), TRACES_SCHEMA),
        "timeline": (store.timeline("p"), TIMELINE_SCHEMA),
        "snapshots": (store.snapshots("p"), SNAPSHOTS_SCHEMA),
        "messages": (store.messages("p"), MESSAGES_SCHEMA),
        "artifacts": (store.artifacts("p"), ARTIFACTS_SCHEMA),
        "contents": (store.contents("p"), CONTENTS_SCHEMA),
        "sessions": (store.sessions(), SESSIONS_SCHEMA),
        "problems": (store.problems(), PROBLEMS_SCHEMA),
        "world_entries": (store.world_entries("a"), WORLD_ENTRIES_SCHEMA),
    }
    for name, (frame, schema) in frames.items():
        assert list(frame.columns) == list(schema), name
        assert len(frame) == 0, name
        for column, dtype in schema.items():
            assert frame[column].dtype == pandas_dtype(dtype), (name, column)
