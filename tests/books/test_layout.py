"""kit.books.layout: where a store keeps what (paths, ids, the dir and flat layouts) and its clock."""

from __future__ import annotations

import re
import warnings

import pytest

from kit.books import BookNotFoundError, BookRecordError, open_store
from kit.books.layout import StoreLayout, utc_now
from tests.books.books_inputs import clock, tree


def test_three_things_stored_apart(studio):
    before = tree(studio.root)
    studio.append_play_trace("pb", "skill_invoked", "narrator", skill_id="narrate")
    studio.save_snapshot("pb", label="第二夜")
    after = tree(studio.root)
    changed = {k for k in after if before.get(k) != after[k]}
    assert changed == {"books/pb/traces.jsonl", "books/pb/project.json", "books/pb/snapshots/snap-002.json"}
    assert after["books/pb/traces.jsonl"].startswith(before["books/pb/traces.jsonl"])


def test_no_temporary_files_left(studio):
    assert not [p for p in studio.root.rglob("*") if p.name.endswith(".tmp")]


def test_default_clock_is_utc_iso(tmp_path):
    store = open_store(tmp_path / "s")
    book = store.create_card_book("t", book_id="b")
    assert book.created_at.endswith("Z")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert store.books()["created_at"].dt.tz is not None


def test_paths_of_the_current_layout(tmp_path):
    lay = StoreLayout(tmp_path)
    assert lay.rel(lay.project_file("b")) == "books/b/project.json"
    assert lay.rel(lay.artifacts_file("b")) == "books/b/design-artifacts.json"
    assert lay.rel(lay.trace_file("b")) == "books/b/traces.jsonl"
    assert lay.rel(lay.flat_file("b")) == "books/b.json"
    assert lay.rel(lay.asset_file("a")) == "assets/cards/a.json"
    assert lay.rel(lay.world_file("w")) == "assets/worlds/w.json"
    assert lay.rel(lay.snapshot_file("b", "snap-001")) == "books/b/snapshots/snap-001.json"
    assert lay.rel(lay.content_file("b", "content-001")) == "books/b/contents/content-001.json"
    assert lay.rel(lay.session_file("s1")) == "sessions/s1.json"
    assert lay.rel(tmp_path.parent / "elsewhere") == str(tmp_path.parent / "elsewhere")  # outside: as given


@pytest.mark.parametrize("bad", ["../escape", "a/b", "", ".hidden", "x" * 129])
def test_ids_that_could_leave_their_folder_are_refused(tmp_path, bad):
    lay = StoreLayout(tmp_path)
    for path_of in (lay.book_dir, lay.asset_file, lay.session_file, lambda i: lay.snapshot_file("b", i)):
        with pytest.raises(BookRecordError, match="must be 1-128 characters"):
            path_of(bad)


def test_listings_of_both_layouts(tmp_path):
    lay = StoreLayout(tmp_path)
    assert lay.book_ids() == [] and lay.asset_ids() == [] and list(lay.session_files()) == []
    (tmp_path / "books/new").mkdir(parents=True)
    (tmp_path / "books/new/project.json").write_text("{}")
    (tmp_path / "books/half").mkdir()  # a folder without project.json is no book
    (tmp_path / "books/old.json").write_text("{}")
    (tmp_path / "books/.tmp-x.json").write_text("{}")  # a temporary file is no book
    (tmp_path / "assets/cards").mkdir(parents=True)
    (tmp_path / "assets/cards/b.json").write_text("{}")
    (tmp_path / "assets/cards/a.json").write_text("{}")
    (tmp_path / "sessions").mkdir()
    (tmp_path / "sessions/s2.json").write_text("{}")
    (tmp_path / "session.json").write_text("{}")
    assert lay.book_ids() == ["new", "old"] and lay.asset_ids() == ["a", "b"] and lay.world_asset_ids() == []
    assert (lay.layout("new"), lay.layout("old")) == ("dir", "flat")
    assert [(i, layout) for i, _, layout in lay.session_files()] == [("s2", "dir"), ("session", "flat")]
    with pytest.raises(BookNotFoundError, match=r"no book 'half' \(neither books/half/project\.json nor"):
        lay.layout("half")


def test_stamps_and_new_ids(tmp_path):
    lay = StoreLayout(tmp_path, clock=clock())
    assert lay.stamp(None) == "2026-03-01T00:00:00Z" and lay.stamp(None) == "2026-03-01T00:01:00Z"
    assert lay.stamp("2025-12-01T10:00:00Z") == "2025-12-01T10:00:00Z"
    with pytest.raises(BookRecordError, match="ISO 8601"):
        lay.stamp("yesterday")
    first, second = lay.new_id("snap"), lay.new_id("snap")
    assert re.fullmatch(r"snap-[0-9a-f]{10}", first) and first != second
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", utc_now())
