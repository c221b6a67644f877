from __future__ import annotations

import itertools
import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from kit.books import (
    BookNotFoundError,
    BookRecordError,
    BookStateError,
    CardBook,
    PlayBook,
    ProjectBook,
    TornTraceWarning,
    TraceError,
    open_store,
)
from kit.books.store import (
    ARTIFACTS_COLUMNS,
    ASSETS_COLUMNS,
    BOOKS_COLUMNS,
    CONTENTS_COLUMNS,
    MESSAGES_COLUMNS,
    PROBLEMS_COLUMNS,
    SESSIONS_COLUMNS,
    SNAPSHOTS_COLUMNS,
    TIMELINE_COLUMNS,
    TRACES_COLUMNS,
    WORLD_ENTRIES_COLUMNS,
)
from kit.core.errors import KitError
from kit.core.frames import pandas_dtype

REPO = Path(__file__).resolve().parents[2]


def _clock():
    minutes = itertools.count()
    return lambda: "2026-03-01T{:02d}:{:02d}:00Z".format(*divmod(next(minutes), 60))


def _tree(root):
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.fixture
def studio(tmp_path):
    store = open_store(tmp_path / "studio", clock=_clock())
    store.create_card_book("夜航灯塔守", book_id="cb")
    store.append_design_trace("cb", "user_input", "想要一个守灯塔的老人")
    store.append_design_trace("cb", "skill_invoked", "persona skill", skill_id="persona-basic")
    store.record_artifact("cb", "角色.名字", "老周", status="draft")
    store.record_artifact("cb", "角色.名字", "周望海", event="user_accepted_artifact")
    store.record_artifact("cb", "角色.设定", "守了四十年灯塔", event="user_accepted_artifact")
    store.record_artifact("cb", "角色.性格", "暴躁", status="rejected")
    store.record_artifact("cb", "角色.标签", "灯塔、老人, 海", event="user_accepted_artifact")
    store.add_message("cb", "user", "他叫什么？")
    store.append_design_trace("cb", "declare_ready", "ready")
    store.export_asset("cb", asset_id="zhou")
    store.create_play_book("灯塔之夜", card_asset_id="zhou", book_id="pb", variables={"天气": "雾"})
    store.append_play_trace("pb", "user_input", "敲门")
    store.update_run_state("pb", turn=1, event="访客到来")
    store.add_message("pb", "user", "有人吗？")
    store.record_artifact("pb", "运行.心情", "警惕", event="user_accepted_artifact")
    store.record_artifact("pb", "运行.心情", "开心", status="rejected")
    store.save_snapshot("pb", label="第一夜")
    return store


def test_books_frame(studio):
    books = studio.books()
    assert list(books.columns) == list(BOOKS_COLUMNS)
    assert books["book_id"].tolist() == ["cb", "pb"]
    card, play = books.to_dict("records")
    assert (card["book_type"], card["kind"], card["lifecycle_stage"]) == ("card", "character_card_design", "design")
    assert card["n_trace_entries"] == 8 and card["n_artifacts"] == 3 and card["n_messages"] == 1
    assert (play["card_asset_id"], play["n_snapshots"], play["n_trace_entries"]) == ("zhou", 1, 4)
    assert card["path"] == "books/cb/project.json"


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


def test_export_asset_builds_card(studio):
    card = studio.card("zhou")
    assert card.name == "周望海" and card.get("description") == "守了四十年灯塔"
    assert card.tags == ("灯塔", "老人", "海")
    assets = studio.assets()
    assert list(assets.columns) == list(ASSETS_COLUMNS)
    row = assets.iloc[0]
    assert (row["card_book_id"], row["n_tags"], row["n_play_books"], row["source"]) == ("cb", 3, 1, "exported")


def test_three_things_stored_apart(studio):
    before = _tree(studio.root)
    studio.append_play_trace("pb", "skill_invoked", "narrator", skill_id="narrate")
    studio.save_snapshot("pb", label="第二夜")
    after = _tree(studio.root)
    changed = {k for k in after if before.get(k) != after[k]}
    assert changed == {"books/pb/traces.jsonl", "books/pb/project.json", "books/pb/snapshots/snap-002.json"}
    assert after["books/pb/traces.jsonl"].startswith(before["books/pb/traces.jsonl"])


def test_traces_timeline_snapshots_messages(studio):
    trace = studio.traces("pb")
    assert list(trace.columns) == list(TRACES_COLUMNS)
    assert trace["type"].tolist() == ["user_input", "artifact", "artifact", "snapshot"]
    assert trace["turn"].tolist() == [0, 1, 1, 1]
    timeline = studio.timeline("cb")
    assert list(timeline.columns) == list(TIMELINE_COLUMNS)
    assert timeline["type"].cat.ordered
    assert timeline["lane"].tolist() == timeline["type"].cat.codes.tolist()
    assert timeline["elapsed_min"].iloc[0] == 0.0 and timeline["elapsed_min"].is_monotonic_increasing
    snaps = studio.snapshots("pb")
    assert list(snaps.columns) == list(SNAPSHOTS_COLUMNS)
    assert snaps[["snapshot_id", "label", "turn", "n_messages", "n_variables", "is_listed"]].values.tolist() == [
        ["snap-001", "第一夜", 1, 1, 2, True]
    ]
    snap = studio.latest_snapshot("pb")
    assert snap.run_state.event_stream == "访客到来"
    msgs = studio.messages("pb")
    assert list(msgs.columns) == list(MESSAGES_COLUMNS) and msgs["content"].tolist() == ["有人吗？"]


def test_empty_frames_keep_columns(tmp_path):
    store = open_store(tmp_path / "empty")
    store.create_project_book("空", book_id="p", at="2026-01-01T00:00:00Z")
    store.create_card_book("卡", book_id="c", at="2026-01-01T00:00:00Z")
    store.record_artifact("c", "角色.名字", "无名", event="user_accepted_artifact", at="2026-01-01T00:01:00Z")
    store.export_asset("c", asset_id="a", at="2026-01-01T00:02:00Z")
    frames = {
        "books": (open_store(tmp_path / "nothing").books(), BOOKS_COLUMNS),
        "assets": (open_store(tmp_path / "nothing").assets(), ASSETS_COLUMNS),
        "traces": (store.traces("p"), TRACES_COLUMNS),
        "timeline": (store.timeline("p"), TIMELINE_COLUMNS),
        "snapshots": (store.snapshots("p"), SNAPSHOTS_COLUMNS),
        "messages": (store.messages("p"), MESSAGES_COLUMNS),
        "artifacts": (store.artifacts("p"), ARTIFACTS_COLUMNS),
        "contents": (store.contents("p"), CONTENTS_COLUMNS),
        "sessions": (store.sessions(), SESSIONS_COLUMNS),
        "problems": (store.problems(), PROBLEMS_COLUMNS),
        "world_entries": (store.world_entries("a"), WORLD_ENTRIES_COLUMNS),
    }
    for name, (frame, schema) in frames.items():
        assert list(frame.columns) == list(schema), name
        assert len(frame) == 0, name
        for column, dtype in schema.items():
            assert frame[column].dtype == pandas_dtype(dtype), (name, column)


def test_project_book_contents(tmp_path):
    store = open_store(tmp_path / "s", clock=_clock())
    store.create_project_book("雾港", book_id="novel")
    store.save_content("novel", "大纲……", kind="outline", title="大纲")
    store.save_content("novel", "第一章正文", title="第一章")
    book = store.book("novel")
    assert isinstance(book, ProjectBook)
    assert book.current_content_id == "content-002" and book.history_content_ids == ("content-001",)
    contents = store.contents("novel")
    assert contents["is_current"].tolist() == [False, True]
    assert store.content("novel", "content-002").text == "第一章正文"
    with pytest.raises(BookStateError, match="never overwritten"):
        store.save_content("novel", "x", content_id="content-001")


def test_archive_makes_book_read_only(studio):
    studio.archive("pb")
    assert studio.book("pb").lifecycle_stage == "archived"
    before = _tree(studio.root)
    with pytest.raises(BookStateError, match="'pb' is archived"):
        studio.append_play_trace("pb", "user_input", "again")
    assert _tree(studio.root) == before
    assert studio.traces("pb").shape[0] == 4


def test_play_book_needs_existing_asset(studio):
    before = _tree(studio.root)
    with pytest.raises(
        BookNotFoundError, match=r"books/pb2/project\.json: field 'cardRef\.assetId': .*no card asset 'ghost'"
    ) as info:
        studio.create_play_book("x", card_asset_id="ghost", book_id="pb2")
    assert isinstance(info.value, KitError) and isinstance(info.value, LookupError)
    with pytest.raises(
        BookNotFoundError, match=r"books/pb2/project\.json: field 'worldRef\.assetId': .*no world asset 'nowhere'"
    ):
        studio.create_play_book("x", card_asset_id="zhou", world_asset_id="nowhere", book_id="pb2")
    assert _tree(studio.root) == before


def test_wrong_book_type_and_bad_values(studio):
    with pytest.raises(BookStateError, match="needs a PlayBook"):
        studio.save_snapshot("cb")
    with pytest.raises(BookRecordError, match=r"field 'status' must be one of \['draft', 'accepted', 'rejected'\]"):
        studio.record_artifact("cb", "角色.名字", "x", status="maybe")
    with pytest.raises(BookRecordError, match="book_id must be 1-128 characters"):
        studio.create_card_book("x", book_id="../escape")
    with pytest.raises(BookStateError, match="already exists"):
        studio.create_card_book("x", book_id="cb")
    with pytest.raises(BookStateError, match="already exists"):
        studio.export_asset("cb", asset_id="zhou")


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


def test_problems_reports_broken_references_and_torn_lines(studio):
    (studio.root / "assets/cards/zhou.json").rename(studio.root / "zhou.bak")
    with open(studio.root / "books/cb/traces.jsonl", "ab") as handle:
        handle.write(b'{"trace": "des')
    (studio.root / "sessions").mkdir()
    (studio.root / "sessions/s1.json").write_text(json.dumps({"id": "s1", "bookId": "gone"}))
    problems = studio.problems()
    got = set(zip(problems["path"], problems["field"], problems["severity"]))
    assert got == {
        ("books/cb/traces.jsonl", "line 9", "warning"),
        ("books/pb/project.json", "cardRef.assetId", "error"),
        ("sessions/s1.json", "bookId", "error"),
    }
    with pytest.warns(TornTraceWarning):
        assert studio.traces("cb").shape[0] == 8


def test_corrupt_middle_trace_line_is_an_error(studio):
    path = studio.root / "books/cb/traces.jsonl"
    lines = path.read_text().splitlines()
    lines[2] = lines[2][:10]
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(TraceError, match="line 3 is not valid JSON"):
        studio.traces("cb")
    assert studio.problems()["field"].tolist() == ["line 3"]


def test_no_temporary_files_left(studio):
    assert not [p for p in studio.root.rglob("*") if p.name.endswith(".tmp")]


def test_legacy_flat_layout_read_and_migrate(tmp_path):
    root = tmp_path / "old"
    (root / "books").mkdir(parents=True)
    legacy = {"id": "n1", "title": "旧小说", "orchestratorId": "novel-orch", "kind": "novel", "lifecycleStage": "design",
              "currentContentId": None, "historyContentIds": [], "sessionIds": ["session"],
              "designTrace": [{"at": "2025-12-01T10:00:00Z", "type": "user_input", "summary": "写一部小说"}],
              "createdAt": "2025-12-01T10:00:00Z", "updatedAt": "2025-12-01T10:05:00Z", "futureField": 1}  # fmt: skip
    (root / "books/n1.json").write_text(json.dumps(legacy, ensure_ascii=False))
    (root / "session.json").write_text(json.dumps({"bookId": "n1", "messages": [{"role": "user", "content": "hi"}]}))
    store = open_store(root, create=False)
    books = store.books()
    assert books[["book_id", "layout", "n_trace_entries", "path"]].values.tolist() == [
        ["n1", "flat", 1, "books/n1.json"]
    ]
    assert store.sessions()[["session_id", "book_id", "n_messages", "layout"]].values.tolist() == [
        ["session", "n1", 1, "flat"]
    ]
    with pytest.raises(BookStateError, match=r"older flat layout.*store\.migrate\('n1'\)"):
        store.append_design_trace("n1", "user_input", "x", at="2026-01-01T00:00:00Z")
    book = store.migrate("n1")
    assert not (root / "books/n1.json").exists()
    assert store.layout("n1") == "dir" and book.extra == {"futureField": 1}
    assert [e.summary for e in book.design_trace] == ["写一部小说"]
    assert "designTrace" not in json.loads((root / "books/n1/project.json").read_text())


def test_open_store_without_create(tmp_path):
    with pytest.raises(BookNotFoundError, match="no book store here"):
        open_store(tmp_path / "missing", create=False)


def test_timestamps_are_checked(studio):
    with pytest.raises(BookRecordError, match="ISO 8601"):
        studio.append_design_trace("cb", "user_input", "x", at="last tuesday")


def test_default_clock_is_utc_iso(tmp_path):
    store = open_store(tmp_path / "s")
    book = store.create_card_book("t", book_id="b")
    assert book.created_at.endswith("Z")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert store.books()["created_at"].dt.tz is not None


def test_missing_references_name_file_and_field(studio):
    imported = studio.import_card(REPO.parent / "shared/data/worldbooks/st_Seraphina.card_v3.json", asset_id="sera")
    (studio.root / "assets/worlds" / f"{imported.world_ref}.json").unlink()
    with pytest.raises(
        BookNotFoundError, match=r"assets/cards/sera\.json: field 'worldRef' names world asset 'sera-world'"
    ):
        studio.card("sera")
    with pytest.raises(BookNotFoundError, match=r"sessions/s1\.json: field 'bookId': .*no book 'nobody'"):
        studio.save_session("s1", {"bookId": "nobody"})
    problems = studio.problems()
    assert problems[["path", "field"]].values.tolist() == [["assets/cards/sera.json", "worldRef"]]


def test_world_asset_whose_card_is_gone_is_a_problem_row(studio):
    imported = studio.import_card(REPO.parent / "shared/data/worldbooks/st_Seraphina.card_v2.json", asset_id="sera")
    (studio.root / "assets/cards/sera.json").unlink()
    rows = studio.problems().set_index("path")
    assert rows.loc[f"assets/worlds/{imported.world_ref}.json", "field"] == "cardAssetId"
    assert rows.loc[f"assets/worlds/{imported.world_ref}.json", "message"] == "card asset 'sera' does not exist"
    assert rows.loc[f"assets/worlds/{imported.world_ref}.json", "kind"] == "missing_reference"


def test_import_kit_books_stays_light():
    code = "import sys, kit.books; bad = {'pandas', 'ipywidgets', 'matplotlib', 'PIL'} & set(sys.modules); assert not bad, bad"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)
