"""The save databases: API, files, isolation, invalidation, corruption, atomicity and concurrency.

Table ids are tested in test_tables.py, opening a save folder in test_save.py.
"""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import kit
from kit.saves import codecs, nbt
from kit.saves.database import FORMAT_VERSION
from tests.saves.saves_inputs import COUNTS, NOTES, OTHER, PLAYER


@pytest.fixture
def dbs(tmp_path: Path):
    with kit.AgentDatabases(tmp_path) as databases:
        yield databases


def test_put_get_entries_remove_replace(dbs: kit.AgentDatabases) -> None:
    db = dbs.player(PLAYER)
    assert db.get(NOTES, "home") is None
    db.put(NOTES, "home", "A private note")
    assert db.get(NOTES, "home") == "A private note"
    db.put(NOTES, "mine", "Iron at Y=16")
    assert db.entries(NOTES) == {"home": "A private note", "mine": "Iron at Y=16"}
    assert db.remove(NOTES, "home") is True
    assert db.remove(NOTES, "home") is False
    db.put(COUNTS, "a", 1)
    db.replace(NOTES, {"x": "1", "y": "2"})
    assert db.entries(NOTES) == {"x": "1", "y": "2"}
    assert db.entries(COUNTS) == {"a": 1}  # replace does not touch other tables


def test_entries_is_a_snapshot(dbs: kit.AgentDatabases) -> None:
    db = dbs.shared()
    db.put(NOTES, "a", "1")
    snap = db.entries(NOTES)
    snap["b"] = "2"
    assert db.entries(NOTES) == {"a": "1"}


def test_missing_file_is_empty_and_created_on_first_write_only(dbs: kit.AgentDatabases) -> None:
    db = dbs.shared()
    assert db.entries(NOTES) == {} and db.tables().empty
    assert db.remove(NOTES, "nothing") is False
    assert not db.path.exists()
    db.put(NOTES, "k", "v")
    assert db.path.exists() and db.path.read_bytes()[:2] == b"\x1f\x8b"
    assert db.path == dbs.save_dir / "system" / "database" / "shared.dat"


def test_file_layout(dbs: kit.AgentDatabases) -> None:
    db = dbs.player(PLAYER)
    db.put(NOTES, "home", "A private note")
    f = nbt.decode_nbt(db.path.read_bytes())
    assert f.name == "" and f.compression == "gzip"
    assert f.root == {
        "format_version": FORMAT_VERSION,
        "tables": {"example:notes": {"codec": "string", "entries": {"home": "A private note"}}},
    }
    assert db.path == dbs.save_dir / "system" / "database" / "players" / f"{PLAYER}.dat"


def test_values_persist_across_instances(tmp_path: Path) -> None:
    with kit.AgentDatabases(tmp_path) as dbs:
        dbs.shared().put(kit.KNOWLEDGE, "en_us", [kit.Document("a", "A", "text", ("t",))])
        dbs.player(PLAYER).put(NOTES, "n", "v")
    with kit.AgentDatabases(tmp_path) as dbs:
        assert dbs.shared().documents("system:knowledge") == {"en_us": [kit.Document("a", "A", "text", ("t",))]}
        assert dbs.player(PLAYER).get(NOTES, "n") == "v"
        assert dbs.player_uuids() == [PLAYER]


def test_reads_uncompressed_and_old_header_files_and_rewrites_standard(tmp_path: Path) -> None:
    path = tmp_path / "system" / "database" / "shared.dat"
    path.parent.mkdir(parents=True)
    legacy = {"tables": {"example:notes": {"codec": "string", "entries": {"old": "value"}}}}
    path.write_bytes(nbt.encode_nbt(legacy, "AgentDatabase", compression="none"))
    with kit.AgentDatabases(tmp_path) as dbs:
        db = dbs.shared()
        assert db.get(NOTES, "old") == "value"
        db.put(NOTES, "new", "v2")
    f = nbt.decode_nbt(path.read_bytes())
    assert (f.name, f.compression) == ("", "gzip")
    assert f.root["tables"]["example:notes"]["entries"] == {"old": "value", "new": "v2"}


def test_players_are_isolated(dbs: kit.AgentDatabases) -> None:
    dbs.player(PLAYER).put(NOTES, "secret", "alex only")
    assert dbs.player(OTHER).get(NOTES, "secret") is None
    assert dbs.shared().get(NOTES, "secret") is None
    dbs.shared().put(NOTES, "public", "everyone")
    assert dbs.player(PLAYER).get(NOTES, "public") is None  # no fallback to the shared data


def test_no_state_shared_across_saves(tmp_path: Path) -> None:
    with kit.AgentDatabases(tmp_path / "a") as a, kit.AgentDatabases(tmp_path / "b") as b:
        a.shared().put(NOTES, "k", "in a")
        assert b.shared().get(NOTES, "k") is None
        # a codec declared in one save does not constrain another
        a.shared().put(kit.DatabaseTable("example:x", codecs.INT), "k", 1)
        b.shared().put(kit.DatabaseTable("example:x", codecs.STRING), "k", "s")


@pytest.mark.parametrize(
    "bad",
    [
        "../x",
        "/etc/passwd",
        "6F1C2A4E-5B7D-4E21-9A3C-0D8E7F6A5B41",
        "6f1c2a4e5b7d4e219a3c0d8e7f6a5b41",
        f"{PLAYER}/../../shared",
        "",
        "..",
        f"{PLAYER}.dat",
        f" {PLAYER}",
    ],
)
def test_traversal_and_non_canonical_uuids_rejected_before_disk(dbs: kit.AgentDatabases, bad: str) -> None:
    with pytest.raises(kit.InvalidIdentifierError, match="invalid player UUID"):
        dbs.player(bad)
    with pytest.raises(kit.InvalidIdentifierError):
        dbs.revoke(bad)
    assert not (dbs.save_dir / "system").exists()


def test_uuid_objects_are_accepted(dbs: kit.AgentDatabases) -> None:
    import uuid

    dbs.player(uuid.UUID(PLAYER)).put(NOTES, "k", "v")
    assert dbs.player(PLAYER).get(NOTES, "k") == "v"


def test_reusing_a_table_id_with_another_codec_is_an_error(dbs: kit.AgentDatabases) -> None:
    dbs.shared().put(NOTES, "k", "v")
    with pytest.raises(kit.TableCodecMismatchError, match="already declared with codec 'string'"):
        dbs.player(PLAYER).get(kit.DatabaseTable("example:notes", codecs.INT), "k")


def test_stored_codec_mismatch_is_an_error(tmp_path: Path) -> None:
    with kit.AgentDatabases(tmp_path) as dbs:
        dbs.shared().put(NOTES, "k", "v")
    with kit.AgentDatabases(tmp_path) as dbs:
        with pytest.raises(kit.TableCodecMismatchError, match="stored with codec 'string'"):
            dbs.shared().get(kit.DatabaseTable("example:notes", codecs.INT), "k")


def test_put_rejects_values_that_do_not_match_the_codec(dbs: kit.AgentDatabases) -> None:
    db = dbs.shared()
    with pytest.raises(kit.CodecError, match="table 'example:counts', key 'k'.*expected int, got str"):
        db.put(COUNTS, "k", "five")  # type: ignore[arg-type]
    with pytest.raises(kit.CodecError, match=r"key 'd': at \[0\].title: expected str"):
        db.put(kit.KNOWLEDGE, "d", [kit.Document("a", 5, "t")])  # type: ignore[arg-type]
    assert not db.path.exists()


# -- corruption -------------------------------------------------------------------------------


def _corruptions(tmp: Path) -> dict[str, bytes]:
    good = nbt.encode_nbt(
        {"format_version": nbt.Int(1), "tables": {"example:counts": {"codec": "int", "entries": {"a": nbt.Int(1)}}}}
    )
    wrong_values = nbt.encode_nbt(
        {"format_version": nbt.Int(1), "tables": {"example:counts": {"codec": "int", "entries": {"a": "not an int"}}}}
    )
    return {
        "truncated gzip": good[: len(good) // 2],
        "garbage": b"this is not nbt at all \x00\x01\x02" * 10,
        "wrong root type": nbt.encode_nbt(nbt.List(["a"], nbt.TAG_STRING)),
        "values that do not match the codec": wrong_values,
        "future format": nbt.encode_nbt({"format_version": nbt.Int(99), "tables": {}}),
        "tables not a compound": nbt.encode_nbt({"tables": "x"}),
        "bomb": gzip.compress(b"\x0a\x00\x00" + b"\x00" * 3_000_000),
    }


_REASONS = {
    "truncated gzip": "truncated gzip|corrupt gzip",
    "garbage": "cannot decode database",
    "wrong root type": "root tag is List, not Compound",
    "values that do not match the codec": "table 'example:counts', key 'a'.*expected int, got String",
    "future format": "unsupported format_version",
    "tables not a compound": "'tables' is not a Compound",
    "bomb": "size quota",
}


@pytest.mark.parametrize("kind", list(_REASONS))
def test_corrupt_file_raises_storage_error_and_is_never_overwritten(tmp_path: Path, kind: str) -> None:
    data = _corruptions(tmp_path)[kind]
    path = tmp_path / "system" / "database" / "shared.dat"
    path.parent.mkdir(parents=True)
    path.write_bytes(data)
    with kit.AgentDatabases(tmp_path, max_size=1_000_000) as dbs:
        db = dbs.shared()
        with pytest.raises(kit.StorageError, match=_REASONS[kind]) as info:
            db.get(COUNTS, "a")
        assert str(path) in str(info.value)
        with pytest.raises(kit.StorageError):
            db.put(COUNTS, "b", 2)
        with pytest.raises(kit.StorageError):
            db.replace(COUNTS, {})
        with pytest.raises(kit.StorageError):
            with db.batch():
                db.put(COUNTS, "c", 3)
    assert path.read_bytes() == data
    assert isinstance(info.value, OSError)


def test_corrupt_player_file_can_still_be_reset(tmp_path: Path) -> None:
    with kit.AgentDatabases(tmp_path) as dbs:
        path = dbs.player_path(PLAYER)
        path.parent.mkdir(parents=True)
        path.write_bytes(b"garbage")
        db = dbs.player(PLAYER)
        with pytest.raises(kit.StorageError):
            db.entries(NOTES)
        assert dbs.reset(PLAYER) is True
        assert not path.exists()
        assert dbs.player(PLAYER).entries(NOTES) == {}


# -- invalidation -----------------------------------------------------------------------------


@pytest.mark.parametrize("action", ["revoke", "reset"])
def test_revoke_and_reset_delete_and_invalidate(dbs: kit.AgentDatabases, action: str) -> None:
    first = dbs.player(PLAYER)
    second = dbs.player(PLAYER)
    first.put(NOTES, "k", "v")
    dbs.shared().put(NOTES, "k", "shared")
    assert getattr(dbs, action)(PLAYER) is True
    assert not first.path.exists()
    for handle in (first, second):
        assert not handle.is_valid
        with pytest.raises(kit.InvalidHandleError, match="no longer valid"):
            handle.get(NOTES, "k")
        with pytest.raises(kit.InvalidHandleError):
            handle.put(NOTES, "k", "v")
    fresh = dbs.player(PLAYER)
    assert fresh.get(NOTES, "k") is None
    assert dbs.shared().get(NOTES, "k") == "shared"  # the shared database is never deleted
    assert getattr(dbs, action)(PLAYER) is False


def test_close_invalidates_every_handle(tmp_path: Path) -> None:
    dbs = kit.AgentDatabases(tmp_path)
    shared, player = dbs.shared(), dbs.player(PLAYER)
    shared.put(NOTES, "k", "v")
    dbs.close()
    for handle in (shared, player):
        with pytest.raises(kit.InvalidHandleError):
            handle.entries(NOTES)
    with pytest.raises(kit.InvalidHandleError, match="closed"):
        dbs.shared()
    dbs.close()


# -- batches and atomic writes -----------------------------------------------------------------


def test_batch_rewrites_once_and_sees_its_own_changes(dbs: kit.AgentDatabases, monkeypatch) -> None:
    import kit.saves._file as database

    writes = []
    real = database.atomic_write_bytes
    monkeypatch.setattr(database, "atomic_write_bytes", lambda p, d, **kw: (writes.append(p), real(p, d, **kw)))
    db = dbs.shared()
    with db.batch():
        for i in range(50):
            db.put(COUNTS, str(i), i)
        assert db.get(COUNTS, "49") == 49
        with db.batch():  # nested batches join the outer one
            db.remove(COUNTS, "0")
        assert not db.path.exists()
    assert len(writes) == 1
    assert len(db.entries(COUNTS)) == 49


def test_batch_exception_discards_everything(dbs: kit.AgentDatabases) -> None:
    db = dbs.shared()
    db.put(COUNTS, "keep", 1)
    before = db.path.read_bytes()
    with pytest.raises(RuntimeError):
        with db.batch():
            db.put(COUNTS, "lost", 2)
            raise RuntimeError("boom")
    assert db.entries(COUNTS) == {"keep": 1}
    assert db.path.read_bytes() == before


def test_failed_write_leaves_memory_and_disk_unchanged(dbs: kit.AgentDatabases, monkeypatch) -> None:
    import kit.core.atomic_files as atomic_files

    db = dbs.shared()
    db.put(COUNTS, "a", 1)
    before = db.path.read_bytes()

    def failing_replace(src, dst):
        raise OSError(5, "simulated I/O error")

    monkeypatch.setattr(atomic_files.os, "replace", failing_replace)
    with pytest.raises(kit.StorageError, match="simulated I/O error"):
        db.put(COUNTS, "b", 2)
    monkeypatch.undo()
    assert db.entries(COUNTS) == {"a": 1}
    assert db.path.read_bytes() == before
    assert not (db.path.parent / "shared.dat.tmp").exists()


def test_refuses_to_write_through_a_symlink(tmp_path: Path) -> None:
    folder = tmp_path / "system" / "database"
    folder.mkdir(parents=True)
    target = tmp_path / "elsewhere.dat"
    (folder / "shared.dat").symlink_to(target)
    with kit.AgentDatabases(tmp_path) as dbs:
        with pytest.raises(kit.StorageError, match="symbolic link"):
            dbs.shared().put(NOTES, "k", "v")
    assert not target.exists()


def test_tmp_leftover_is_ignored_and_cleaned(dbs: kit.AgentDatabases) -> None:
    db = dbs.shared()
    db.put(NOTES, "k", "committed")
    tmp = db.path.with_name("shared.dat.tmp")
    tmp.write_bytes(b"half-written garbage")
    with kit.AgentDatabases(dbs.save_dir) as again:
        other = again.shared()
        assert other.get(NOTES, "k") == "committed"
    dbs.close()
    with kit.AgentDatabases(dbs.save_dir) as again:
        again.shared().put(NOTES, "k2", "v")
        assert not tmp.exists()


# -- concurrency ------------------------------------------------------------------------------


def test_eight_threads_lose_nothing(dbs: kit.AgentDatabases) -> None:
    """Eight writers interleave on one database (each put rewrites the file, so 50 each keep it quick)."""
    db = dbs.shared()
    errors = []

    def worker(t: int) -> None:
        try:
            for i in range(50):
                db.put(COUNTS, f"{t}-{i}", i)
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(db.entries(COUNTS)) == 400
    with kit.AgentDatabases(dbs.save_dir) as again:
        assert again.shared().entries(COUNTS) == {f"{t}-{i}": i for t in range(8) for i in range(50)}


def test_different_databases_are_independent(dbs: kit.AgentDatabases) -> None:
    a, b = dbs.player(PLAYER), dbs.player(OTHER)
    with a.batch():
        a.put(NOTES, "k", "a")
        done = threading.Event()
        threading.Thread(target=lambda: (b.put(NOTES, "k", "b"), done.set())).start()
        assert done.wait(10), "a write to another player's database waited for this batch"
    assert (a.get(NOTES, "k"), b.get(NOTES, "k")) == ("a", "b")


_HOLDER = """
import sys, time, kit
dbs = kit.AgentDatabases(sys.argv[1])
dbs.shared().put(kit.DatabaseTable("example:notes", kit.saves.codecs.STRING), "holder", "yes")
print("ready", flush=True)
sys.stdin.readline()
"""


def test_second_process_writing_is_refused(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert holder.stdout.readline().strip() == "ready"
        with kit.AgentDatabases(tmp_path) as dbs:
            db = dbs.shared()
            assert db.get(NOTES, "holder") == "yes"  # reading is fine
            with pytest.raises(kit.ConcurrentWriterError, match=r"another process \(pid \d+\) is writing"):
                db.put(NOTES, "mine", "lost?")
            assert db.entries(NOTES) == {"holder": "yes"}
    finally:
        holder.communicate("\n", timeout=30)
    with kit.AgentDatabases(tmp_path) as dbs:  # once the other process is gone, writing works again
        dbs.shared().put(NOTES, "mine", "ok")
        assert dbs.shared().entries(NOTES) == {"holder": "yes", "mine": "ok"}


def test_taking_the_write_lock_rereads_a_file_changed_by_another_process(tmp_path: Path) -> None:
    with kit.AgentDatabases(tmp_path) as first:
        db = first.shared()
        assert db.entries(NOTES) == {}  # loaded (empty) before the other process writes
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
        script = "import sys, kit; kit.AgentDatabases(sys.argv[1]).shared().put(kit.DatabaseTable('example:notes', kit.saves.codecs.STRING), 'other', 'x')"
        subprocess.run([sys.executable, "-c", script, str(tmp_path)], check=True, env=env)
        db.put(NOTES, "mine", "y")
        assert db.entries(NOTES) == {"other": "x", "mine": "y"}  # no lost update


# -- frames -----------------------------------------------------------------------------------


def test_tables_and_frames(dbs: kit.AgentDatabases) -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Point:
        x: int
        y: int

    POINTS = kit.DatabaseTable("example:points", codecs.record(Point))
    db = dbs.shared()
    db.put(POINTS, "b", Point(3, 4))
    db.put(POINTS, "a", Point(1, 2))
    db.put(kit.KNOWLEDGE, "en_us", [kit.Document("d1", "T", "hello"), kit.Document("d2", "U", "world!")])
    tables = db.tables()
    assert list(tables.columns) == ["table_id", "codec", "is_documents", "n_entries", "n_documents", "size_bytes"]
    assert tables["table_id"].tolist() == ["example:points", "system:knowledge"]
    assert tables["n_documents"].tolist() == [0, 2]
    assert (tables["size_bytes"] > 0).all()
    points = db.frame(POINTS)
    assert points.to_dict("records") == [{"key": "a", "x": 1, "y": 2}, {"key": "b", "x": 3, "y": 4}]
    docs = db.frame("system:knowledge")
    assert list(docs.columns) == ["language", "position", "doc_id", "title", "text", "tags", "n_chars"]
    assert docs["n_chars"].tolist() == [5, 6]
    raw = db.frame("example:points")
    assert raw.to_dict("records") == [{"key": "a", "value": {"x": 1, "y": 2}}, {"key": "b", "value": {"x": 3, "y": 4}}]
    empty = db.frame(NOTES)
    assert list(empty.columns) == ["key", "value"] and empty.empty


def test_stats_records_are_the_rows_of_tables_and_summary(tmp_path: Path) -> None:
    with kit.open_save(tmp_path) as save:
        dbs = save.databases
        dbs.shared().put(kit.KNOWLEDGE, "en_us", [kit.Document("d1", "T", "hello"), kit.Document("d2", "U", "world")])
        dbs.shared().put(NOTES, "k", "v")
        dbs.player(PLAYER).put(COUNTS, "a", 1)
        stats = dbs.shared().table_stats()
        assert all(isinstance(s, kit.TableStats) for s in stats)
        assert [vars(s) for s in stats] == dbs.shared().tables().to_dict("records")
        assert [s.table_id for s in stats] == ["example:notes", "system:knowledge"]
        records = [h.stats() for h in dbs.handles()]
        assert [vars(r) for r in records] == save.summary().to_dict("records")
        assert records[0] == kit.DatabaseStats(
            scope="shared",
            player_uuid="",
            path="system/database/shared.dat",
            exists=True,
            layout="kit",
            file_size_bytes=dbs.shared_path.stat().st_size,
            n_tables=2,
            n_entries=2,
            n_documents=2,
        )


def test_table_sizes_follow_writes(dbs: kit.AgentDatabases) -> None:
    db = dbs.shared()
    db.put(NOTES, "a", "x")
    before = {s.table_id: s.size_bytes for s in db.table_stats()}
    db.put(NOTES, "b", "a much longer value than the first one")
    after = {s.table_id: s.size_bytes for s in db.table_stats()}
    assert after["example:notes"] > before["example:notes"]
    assert after["example:notes"] == len(
        nbt.encode_nbt({"a": "x", "b": "a much longer value than the first one"}, compression="none")
    )
    with db.batch():
        db.put(NOTES, "c", "y" * 50)
        staged = {s.table_id: s.size_bytes for s in db.table_stats()}
    assert staged["example:notes"] > after["example:notes"]
    assert {s.table_id: s.size_bytes for s in db.table_stats()} == staged


def test_stats_of_an_unreadable_database_raise_storage_error(tmp_path: Path) -> None:
    with kit.open_save(tmp_path) as save:
        save.databases.shared().put(NOTES, "k", "v")
        path = save.databases.shared_path
    path.write_bytes(b"\x1f\x8b garbage")
    with kit.open_save(tmp_path) as save:
        with pytest.raises(kit.StorageError, match="shared.dat"):
            save.databases.shared().stats()
    assert path.read_bytes() == b"\x1f\x8b garbage"
