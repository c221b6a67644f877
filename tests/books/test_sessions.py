"""Sessions: settling into the book by the design's rules, resuming play from a snapshot."""

from __future__ import annotations

import json

import pytest

from kit.books import BookNotFoundError, BookStateError, open_store
from kit.books.sessions import DESIGN_PREFIXES, PLAY_PREFIXES, archive_destination


def _clock():
    ticks = iter(range(10_000))
    return lambda: f"2026-01-01T{(t := next(ticks)) // 3600:02d}:{t // 60 % 60:02d}:{t % 60:02d}Z"


@pytest.fixture
def studio(tmp_path):
    store = open_store(tmp_path / "studio", clock=_clock())
    store.create_card_book("周望海", book_id="cb")
    store.record_artifact("cb", "角色.名字", "周望海", event="user_accepted_artifact")
    store.export_asset("cb", asset_id="zhou")
    store.create_play_book("灯塔之夜", card_asset_id="zhou", book_id="pb", variables={"运行.天气": "晴"})
    return store


def _tree(root):
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _report(frame):
    return frame[["source", "key", "status", "destination"]].astype(object).where(frame[
        ["source", "key", "status", "destination"]].notna(), None).values.tolist()  # fmt: skip


def test_closing_a_design_session_settles_by_prefix_and_status(studio):
    session = studio.open_session("cb", session_id="s1")
    assert studio.book("cb").session_ids == ("s1",)  # listed as soon as it opens
    studio.set_blackboard("s1", "设计.口吻", "冷静")
    studio.set_blackboard("s1", "用户.需求", "一个守灯塔的老人")
    studio.set_blackboard("s1", "运行.心情", "play-stage key")
    studio.session_artifact("s1", "角色.设定", "守了四十年灯塔", event="worker_completed")
    studio.session_artifact("s1", "角色.设定", "守了四十年灯塔", event="user_accepted_artifact")
    studio.session_artifact("s1", "角色.性格", "暴躁", event="worker_completed")
    studio.session_artifact("s1", "角色.性格", "暴躁", event="user_rejected_artifact")
    studio.add_session_message("s1", "user", "他很安静")
    assert studio.book("cb").current_tags == {"角色.名字": "周望海"}  # nothing reaches the book before closing
    report = studio.close_session("s1", export=True, asset_id="zhou-2")
    assert _report(report) == [
        ["blackboard", "设计.口吻", None, "design_archive"],
        ["blackboard", "用户.需求", None, "design_archive"],
        ["blackboard", "运行.心情", None, "not_archived"],
        ["trace", "角色.设定", "draft", "trace"],
        ["trace", "角色.设定", "accepted", "design_artifacts"],
        ["trace", "角色.性格", "draft", "trace"],
        ["trace", "角色.性格", "rejected", "trace"],
        ["export", "zhou-2", None, "card_asset"],
    ]
    book = studio.book("cb")
    assert book.current_tags == {"角色.名字": "周望海", "角色.设定": "守了四十年灯塔"}  # drafts, rejected: trace only
    assert [(e.artifact.tag, e.artifact.status, e.transition.event) for e in book.design_trace[-4:]] == [
        ("角色.设定", "draft", "worker_completed"),
        ("角色.设定", "accepted", "user_accepted_artifact"),
        ("角色.性格", "draft", "worker_completed"),
        ("角色.性格", "rejected", "user_rejected_artifact"),
    ]
    archive = json.loads((studio.root / "books/cb/design-artifacts.json").read_text())["blackboard"]
    assert archive == {"设计.口吻": "冷静", "用户.需求": "一个守灯塔的老人"}
    assert [m.content for m in book.messages] == ["他很安静"] and book.session_ids == ("s1",)
    assert studio.asset("zhou-2").tags["角色.设定"] == "守了四十年灯塔"
    assert studio.session("s1").status == "closed" and session.status == "open"
    with pytest.raises(BookStateError, match="session 's1' was closed"):
        studio.set_blackboard("s1", "设计.x", "y")


def test_closing_a_play_session_archives_run_world_and_output_keys_into_the_run_state(studio):
    studio.open_session("pb", session_id="p1")
    for key, value in {
        "运行.心情": "警惕",
        "世界.天气": "暴风雨",
        "输出.旁白": "浪很大",
        "设计.口吻": "design key",
    }.items():
        studio.set_blackboard("p1", key, value)
    studio.session_artifact("p1", "运行.航向", "北", event="programmatic_pass")
    studio.session_artifact("p1", "运行.结局", "沉船", event="worker_completed")
    report = studio.close_session("p1")
    assert report.loc[report["key"] == "设计.口吻", "destination"].tolist() == ["not_archived"]
    state = studio.book("pb").run_state
    assert state.variables == {"运行.天气": "晴", "运行.心情": "警惕", "世界.天气": "暴风雨", "输出.旁白": "浪很大",
                               "运行.航向": "北"}  # fmt: skip
    assert [e.type for e in studio.book("pb").play_trace] == ["artifact", "artifact"]
    assert studio.book("pb").session_ids == ("p1",)


def test_resuming_play_from_a_snapshot_starts_a_new_session_from_its_state(studio):
    studio.update_run_state("pb", turn=3, variables={"运行.心情": "警惕"})
    studio.add_message("pb", "user", "第三轮")
    snap = studio.save_snapshot("pb", label="before the storm")
    studio.update_run_state("pb", turn=9, variables={"运行.心情": "绝望"})
    studio.add_message("pb", "user", "第九轮")
    session = studio.resume_from_snapshot("pb", session_id="r1")  # the latest snapshot by default
    assert (session.from_snapshot, session.run_state, session.n_resumed_messages) == (snap.id, snap.run_state, 1)
    assert [m.content for m in session.messages] == ["第三轮"]
    studio.add_session_message("r1", "user", "重来一次")
    studio.close_session("r1")
    book = studio.book("pb")
    assert book.run_state.turn == 3 and book.run_state.variables["运行.心情"] == "警惕"
    assert [m.content for m in book.messages] == ["第三轮", "第九轮", "重来一次"]  # history kept, resumed ones once
    with pytest.raises(BookNotFoundError, match="has no snapshot 'nope'"):
        studio.resume_from_snapshot("pb", "nope")
    with pytest.raises(BookStateError, match="only play books resume from snapshots"):
        studio.open_session("cb", snapshot_id=snap.id)
    with pytest.raises(BookNotFoundError, match="no snapshot to resume from"):
        studio.create_play_book("x", card_asset_id="zhou", book_id="pb2")
        studio.resume_from_snapshot("pb2")


def test_a_session_accepting_without_a_writing_event_is_refused_at_close(studio):
    studio.open_session("cb", session_id="s1")
    studio.session_artifact("s1", "角色.设定", "x", event="worker_completed")
    path = studio.root / "sessions/s1.json"
    data = json.loads(path.read_text())
    data["trace"][0]["artifact"]["status"] = "accepted"  # a hand-edited session: accepted by worker_completed
    path.write_text(json.dumps(data, ensure_ascii=False))
    before = _tree(studio.root)
    with pytest.raises(
        BookStateError,
        match=r"sessions/s1\.json: field 'trace\[0\]\.transition\.event': artifact "
        r"'角色\.设定' is accepted by 'worker_completed'; only \[",
    ):
        studio.close_session("s1")
    assert _tree(studio.root) == before
    with pytest.raises(BookStateError, match="writes the Book"):
        studio.session_artifact("s1", "角色.设定", "x", status="accepted")


def test_prefix_rules_follow_the_design():
    assert DESIGN_PREFIXES == ("设计.", "用户.需求") and PLAY_PREFIXES == ("运行.", "世界.", "输出.")


def test_archive_destination_by_book_stage(studio):
    card, play = studio.book("cb"), studio.book("pb")
    assert [archive_destination(card, k) for k in ("设计.a", "用户.需求", "用户.需求变更", "运行.a")] == [
        "design_archive",
        "design_archive",
        "not_archived",
        "not_archived",
    ]
    assert [archive_destination(play, k) for k in ("运行.a", "世界.b", "输出.c", "设计.a")] == [
        "run_state",
        "run_state",
        "run_state",
        "not_archived",
    ]
