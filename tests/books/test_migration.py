"""kit.books.migration: a book of the older flat layout is read as it is and moved to books/{id}/ on request."""

from __future__ import annotations

import json

import pytest

from kit.books import BookNotFoundError, BookStateError, open_store


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


def _flat_card_book(root):
    (root / "books").mkdir(parents=True)
    flat = {"id": "c1", "title": "旧卡", "orchestratorId": "card-orch", "kind": "character_card_design",
            "lifecycleStage": "design", "messages": [], "sessionIds": [],
            "designTrace": [{"at": "2025-12-01T10:00:00Z", "type": "user_input", "summary": "做一张卡"}],
            "designArtifacts": [
                {"tag": "角色.名字", "value": "周", "status": "accepted", "at": "2025-12-01T10:01:00Z"},
                {"tag": "角色.性格", "value": "暴躁", "status": "rejected", "at": "2025-12-01T10:02:00Z"}],
            "createdAt": "2025-12-01T10:00:00Z", "updatedAt": "2025-12-01T10:05:00Z"}  # fmt: skip
    (root / "books/c1.json").write_text(json.dumps(flat, ensure_ascii=False))


def test_a_card_book_keeps_only_accepted_artifacts_in_the_book_file(tmp_path):
    _flat_card_book(tmp_path / "s")
    store = open_store(tmp_path / "s", create=False)
    assert store.book("c1").current_tags == {"角色.名字": "周"}
    book = store.migrate("c1")
    assert book.current_tags == {"角色.名字": "周"} and store.layout("c1") == "dir"
    stored = json.loads((tmp_path / "s/books/c1/design-artifacts.json").read_text())
    assert [a["tag"] for a in stored["artifacts"]] == ["角色.名字"]
    assert [e.summary for e in store.book("c1").design_trace] == ["做一张卡"]


def test_a_book_already_in_the_dir_layout_or_with_a_trace_file_is_refused(tmp_path):
    store = open_store(tmp_path / "s")
    store.create_card_book("t", book_id="b", at="2026-01-01T00:00:00Z")
    with pytest.raises(BookStateError, match=r"book 'b' already uses the books/b/ layout"):
        store.migrate("b")
    _flat_card_book(tmp_path / "t")
    (tmp_path / "t/books/c1").mkdir()
    (tmp_path / "t/books/c1/traces.jsonl").write_text("")
    other = open_store(tmp_path / "t", create=False)
    with pytest.raises(BookStateError, match=r"books/c1/traces\.jsonl already exists"):
        other.migrate("c1")
    assert (tmp_path / "t/books/c1.json").exists()  # the flat file stays


def test_migrating_an_unknown_book_names_it(tmp_path):
    store = open_store(tmp_path / "s")
    with pytest.raises(BookNotFoundError, match="no book 'ghost'"):
        store.migrate("ghost")
