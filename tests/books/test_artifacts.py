"""The design's artifact state machine: worker_completed -> draft; only three events write the Book."""

from __future__ import annotations

import json

import pytest

from kit.books import BookRecordError, BookStateError, open_store
from kit.books.artifacts import EVENT_TARGETS, artifact_transition
from kit.books.records import BOOK_WRITING_EVENTS


def _clock():
    ticks = iter(range(10_000))
    return lambda: f"2026-01-01T00:{(t := next(ticks)) // 60:02d}:{t % 60:02d}Z"


@pytest.fixture
def studio(tmp_path):
    store = open_store(tmp_path / "studio", clock=_clock())
    store.create_card_book("周望海", book_id="cb")
    return store


def _tree(root):
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _lines(store, book_id):
    return [json.loads(line) for line in (store.root / "books" / book_id / "traces.jsonl").read_text().splitlines()]


def test_worker_completed_makes_a_draft_that_does_not_write_the_book(studio):
    art = studio.record_artifact("cb", "设计.口吻", "冷静", event="worker_completed")
    assert art.status == "draft"
    assert not (studio.root / "books/cb/design-artifacts.json").exists()
    (line,) = _lines(studio, "cb")
    assert line["type"] == "agent_tool"
    assert line["transition"] == {"to": "draft", "event": "worker_completed", "at": art.at}  # no "from": a new tag


@pytest.mark.parametrize("event", BOOK_WRITING_EVENTS)
def test_each_writing_event_writes_the_book_and_records_the_transition(studio, event):
    studio.record_artifact("cb", "设计.口吻", "冷静", event="worker_completed")
    art = studio.record_artifact("cb", "设计.口吻", "冷静", event=event)
    assert art.status == "accepted"
    assert studio.book("cb").current_tags == {"设计.口吻": "冷静"}
    last = _lines(studio, "cb")[-1]
    assert last["transition"] == {"from": "draft", "to": "accepted", "event": event, "at": art.at}
    frame = studio.artifacts("cb")
    got = frame[["status", "event", "from_status", "is_current"]].fillna("-").values.tolist()
    assert got == [["draft", "worker_completed", "-", False], ["accepted", event, "draft", True]]


def test_accepting_without_a_writing_event_is_refused_and_nothing_is_written(studio):
    before = _tree(studio.root)
    with pytest.raises(
        BookStateError,
        match=r"accepting artifact '设计\.口吻' writes the Book, which only the events "
        r"'user_accepted_artifact', 'no_confirmation', 'programmatic_pass' may do",
    ):
        studio.record_artifact("cb", "设计.口吻", "冷静", status="accepted")
    with pytest.raises(BookStateError, match=r"event 'worker_completed' leads to 'draft', not to status 'accepted'"):
        studio.record_artifact("cb", "设计.口吻", "冷静", status="accepted", event="worker_completed")
    with pytest.raises(BookRecordError, match=r"field 'event' must be one of"):
        studio.record_artifact("cb", "设计.口吻", "冷静", event="user_said_so")
    assert _tree(studio.root) == before


def test_rejection_and_bare_statuses_follow_their_events(studio):
    studio.record_artifact("cb", "设计.基调", "黑色幽默", status="draft")
    rejected = studio.record_artifact("cb", "设计.基调", "黑色幽默", status="rejected")
    assert rejected.status == "rejected"
    assert _lines(studio, "cb")[-1]["transition"]["event"] == "user_rejected_artifact"
    assert _lines(studio, "cb")[-1]["transition"]["from"] == "draft"
    assert studio.book("cb").current_tags == {}


def test_play_books_settle_accepted_tags_into_the_run_state(studio):
    studio.record_artifact("cb", "角色.名字", "周望海", event="user_accepted_artifact")
    studio.export_asset("cb", asset_id="zhou")
    studio.create_play_book("灯塔", card_asset_id="zhou", book_id="pb")
    studio.record_artifact("pb", "运行.心情", "警惕", event="programmatic_pass")
    studio.record_artifact("pb", "运行.心情", "开心", event="worker_completed")
    assert studio.book("pb").run_state.variables == {"运行.心情": "警惕"}
    assert [e.transition.source for e in studio.book("pb").play_trace] == [None, "accepted"]


def test_the_table_of_events():
    assert EVENT_TARGETS == {"worker_completed": "draft", "user_accepted_artifact": "accepted",
                             "no_confirmation": "accepted", "programmatic_pass": "accepted",
                             "user_rejected_artifact": "rejected"}  # fmt: skip
    t = artifact_transition("x", event="no_confirmation", status=None, source="draft", at="2026-01-01T00:00:00Z",
                            where="w")  # fmt: skip
    assert (t.source, t.target, t.event) == ("draft", "accepted", "no_confirmation")
