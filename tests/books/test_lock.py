"""The store's write lock: concurrent writers take turns and lose nothing."""

from __future__ import annotations

import multiprocessing
import threading
import warnings

import pytest

from kit.books import SecretError, open_store
from kit.books.errors import StoreBusyError
from kit.core.errors import ConcurrentWriterError

N_OPS = 12


def _write_many(root: str, who: str) -> int:
    store = open_store(root)
    for i in range(N_OPS):
        store.add_message("cb", "user", f"{who}-{i}")
        store.append_design_trace("cb", "user_input", f"{who}-{i}")
        store.record_artifact("cb", f"设计.{who}{i}", f"value {who}{i}", event="user_accepted_artifact")
    return N_OPS


def _check_nothing_lost(store, writers: list[str]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a torn or interleaved trace line would warn or raise
        book = store.book("cb")
    expected = {f"{w}-{i}" for w in writers for i in range(N_OPS)}
    assert {m.content for m in book.messages} == expected
    assert {e.summary for e in book.design_trace if e.type == "user_input"} == expected
    assert {a.tag for a in book.design_artifacts} == {f"设计.{w}{i}" for w in writers for i in range(N_OPS)}
    assert store.problems().empty
    assert not [p for p in store.root.rglob("*") if p.name.endswith((".tmp", ".lock"))]


def test_writers_in_several_processes_lose_nothing(tmp_path):
    store = open_store(tmp_path / "studio")
    store.create_card_book("t", book_id="cb")
    writers = ["a", "b", "c"]
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(len(writers)) as pool:
        assert pool.starmap(_write_many, [(str(store.root), w) for w in writers]) == [N_OPS] * len(writers)
    _check_nothing_lost(store, writers)


def test_writers_in_several_threads_lose_nothing(tmp_path):
    store = open_store(tmp_path / "studio")
    store.create_card_book("t", book_id="cb")
    writers = ["a", "b", "c", "d"]
    # two threads share one store object, two others open their own: both paths must serialise
    threads = [threading.Thread(target=_write_many, args=(str(store.root), w)) for w in writers[:2]]
    shared = [threading.Thread(target=lambda w=w: _shared_writer(store, w)) for w in writers[2:]]
    for t in threads + shared:
        t.start()
    for t in threads + shared:
        t.join()
    _check_nothing_lost(store, writers)


def _shared_writer(store, who: str) -> None:
    for i in range(N_OPS):
        store.add_message("cb", "user", f"{who}-{i}")
        store.append_design_trace("cb", "user_input", f"{who}-{i}")
        store.record_artifact("cb", f"设计.{who}{i}", f"value {who}{i}", event="user_accepted_artifact")


def test_a_busy_store_refuses_after_the_timeout_and_writes_nothing(tmp_path):
    store = open_store(tmp_path / "studio")
    store.create_card_book("t", book_id="cb")
    other = open_store(store.root, lock_timeout=0.05)
    before = {p: p.read_bytes() for p in store.root.rglob("*") if p.is_file()}
    with store.lock.hold():
        busy = r"studio: another writer has held the book store for more than 0\.05 s; nothing was written"
        with pytest.raises(StoreBusyError, match=busy):
            other.add_message("cb", "user", "hello")
        assert isinstance(StoreBusyError("x"), ConcurrentWriterError) and isinstance(StoreBusyError("x"), OSError)
    assert {p: p.read_bytes() for p in store.root.rglob("*") if p.is_file()} == before
    other.add_message("cb", "user", "hello")  # released: the other writer gets its turn
    assert [m.content for m in store.book("cb").messages] == ["hello"]


def test_the_lock_is_reentrant_and_released_after_a_refused_write(tmp_path):
    store = open_store(tmp_path / "studio", lock_timeout=0.05)
    store.create_card_book("t", book_id="cb")
    with store.lock.hold():
        store.append_design_trace("cb", "user_input", "inside a held lock")  # no self-deadlock
        assert store.lock.held
    assert not store.lock.held
    with pytest.raises(SecretError):
        store.add_message("cb", "user", "my key is sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789")
    assert not store.lock.held
    open_store(store.root, lock_timeout=0.05).append_design_trace("cb", "user_input", "another store writes")
    assert len(store.book("cb").design_trace) == 2
