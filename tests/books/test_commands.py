"""kit.books.commands: creating books and changing them; a refused call leaves the store unchanged."""

from __future__ import annotations

import pytest

from kit.books import BookNotFoundError, BookRecordError, BookStateError, ProjectBook, open_store
from kit.core.errors import KitError
from tests.books.books_inputs import clock, tree


def test_project_book_contents(tmp_path):
    store = open_store(tmp_path / "s", clock=clock())
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
    before = tree(studio.root)
    with pytest.raises(BookStateError, match="'pb' is archived"):
        studio.append_play_trace("pb", "user_input", "again")
    assert tree(studio.root) == before
    assert studio.traces("pb").shape[0] == 4


def test_play_book_needs_existing_asset(studio):
    before = tree(studio.root)
    with pytest.raises(
        BookNotFoundError, match=r"books/pb2/project\.json: field 'cardRef\.assetId': .*no card asset 'ghost'"
    ) as info:
        studio.create_play_book("x", card_asset_id="ghost", book_id="pb2")
    assert isinstance(info.value, KitError) and isinstance(info.value, LookupError)
    with pytest.raises(
        BookNotFoundError, match=r"books/pb2/project\.json: field 'worldRef\.assetId': .*no world asset 'nowhere'"
    ):
        studio.create_play_book("x", card_asset_id="zhou", world_asset_id="nowhere", book_id="pb2")
    assert tree(studio.root) == before


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


def test_timestamps_are_checked(studio):
    with pytest.raises(BookRecordError, match="ISO 8601"):
        studio.append_design_trace("cb", "user_input", "x", at="last tuesday")
