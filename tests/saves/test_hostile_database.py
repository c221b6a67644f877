"""Hostile saves: links, non-regular files and foreign values around the assistant databases.

No write may follow a symbolic link or land outside the save, no read may block, and every refusal is a
kit error naming the path.
"""

from __future__ import annotations

import gzip
import os
import struct
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kit
from kit.core.errors import KitError, StorageError
from kit.saves import codecs, nbt
from tests.examples import examples
from tests.hostile import MEMORY_BOUND_BYTES, folder_bytes, peak_memory, run_unblocked

NOTES = kit.DatabaseTable("example:notes", codecs.STRING)
UUID = "6f1c2a4e-5b7d-4e21-9a3c-0d8e7f6a5b41"

pytestmark = pytest.mark.skipif(
    not hasattr(os, "symlink") or not hasattr(os, "mkfifo"), reason="needs POSIX links and FIFOs"
)


@pytest.fixture
def save(tmp_path: Path) -> Path:
    folder = tmp_path / "save"
    (folder / "system" / "database" / "players").mkdir(parents=True)
    return folder


def _put(save: Path, player: str | None = None) -> None:
    with kit.AgentDatabases(save) as dbs:
        db = dbs.player(player) if player else dbs.shared()
        db.put(NOTES, "k", "v")


# --------------------------------------------------------------------------------------------- links


def test_symlinked_lock_file_is_refused_and_its_target_untouched(save: Path, outside: Path) -> None:
    before = folder_bytes(outside)
    lock = save / "system" / "database" / "shared.dat.lock"
    lock.symlink_to(outside / "victim.txt")
    with pytest.raises(StorageError, match=r"shared\.dat\.lock.*symbolic link"):
        _put(save)
    assert folder_bytes(outside) == before
    assert not (save / "system" / "database" / "shared.dat").exists()


def test_dangling_lock_link_creates_nothing_outside(save: Path, outside: Path) -> None:
    (save / "system" / "database" / "shared.dat.lock").symlink_to(outside / "new.lock")
    with pytest.raises(StorageError, match=r"shared\.dat\.lock"):
        _put(save)
    assert not (outside / "new.lock").exists()


def test_hard_linked_lock_file_is_never_truncated(save: Path, outside: Path) -> None:
    before = folder_bytes(outside)
    os.link(outside / "victim.txt", save / "system" / "database" / "shared.dat.lock")
    with pytest.raises(StorageError, match=r"shared\.dat\.lock.*hard links"):
        _put(save)
    assert folder_bytes(outside) == before


def test_lock_file_holding_foreign_content_is_not_overwritten(save: Path) -> None:
    lock = save / "system" / "database" / "shared.dat.lock"
    lock.write_bytes(b"somebody else's notes, not a process id\n")
    with pytest.raises(StorageError, match=r"shared\.dat\.lock.*not kit's lock file"):
        _put(save)
    assert lock.read_bytes() == b"somebody else's notes, not a process id\n"


def test_a_kit_lock_file_left_behind_is_reused(save: Path) -> None:
    (save / "system" / "database" / "shared.dat.lock").write_bytes(b"12345")
    _put(save)
    with kit.AgentDatabases(save) as dbs:
        assert dbs.shared().get(NOTES, "k") == "v"


@pytest.mark.parametrize("dangling", [True, False])
def test_symlinked_temp_file_is_refused(save: Path, outside: Path, dangling: bool) -> None:
    before = folder_bytes(outside)
    target = outside / ("missing.dat" if dangling else "victim.txt")
    tmp = save / "system" / "database" / "shared.dat.tmp"
    tmp.symlink_to(target)
    with pytest.raises(StorageError, match=r"shared\.dat\.tmp.*symbolic link"):
        _put(save)
    assert folder_bytes(outside) == before
    shared = save / "system" / "database" / "shared.dat"
    assert not shared.is_symlink() and not shared.exists()
    assert tmp.is_symlink()  # left for the owner to look at, never written through


def test_regular_temp_leftover_is_replaced(save: Path) -> None:
    tmp = save / "system" / "database" / "shared.dat.tmp"
    tmp.write_bytes(b"half-written leftover of a crashed writer")
    _put(save)
    assert not tmp.exists()
    with kit.AgentDatabases(save) as dbs:
        assert dbs.shared().get(NOTES, "k") == "v"


def test_symlinked_database_file_is_refused(save: Path, outside: Path) -> None:
    before = folder_bytes(outside)
    (save / "system" / "database" / "shared.dat").symlink_to(outside / "victim.txt")
    with kit.AgentDatabases(save) as dbs, pytest.raises(StorageError):
        dbs.shared().put(NOTES, "k", "v")
    assert folder_bytes(outside) == before


def test_symlinked_players_folder_is_refused_for_writes_and_revoke(save: Path, outside: Path) -> None:
    players = save / "system" / "database" / "players"
    players.rmdir()
    (outside / f"{UUID}.dat").write_bytes(b"someone else's file named like a player database")
    players.symlink_to(outside, target_is_directory=True)
    before = folder_bytes(outside)
    with pytest.raises(StorageError, match=r"players.*symbolic link"):
        _put(save, UUID)
    with kit.AgentDatabases(save) as dbs:
        with pytest.raises(StorageError, match=r"players.*symbolic link"):
            dbs.revoke(UUID)
        with pytest.raises(StorageError, match=r"players.*symbolic link"):
            dbs.reset(UUID)
    assert folder_bytes(outside) == before


def test_symlinked_system_folder_is_refused(save: Path, outside: Path) -> None:
    system = save / "system"
    (outside / "database").mkdir()
    os.rename(system, outside / "moved-system")
    system.symlink_to(outside, target_is_directory=True)
    before = folder_bytes(outside)
    with pytest.raises(StorageError, match=r"system.*symbolic link"):
        _put(save)
    assert folder_bytes(outside) == before


def test_revoke_of_a_linked_player_file_removes_only_the_link(save: Path, outside: Path) -> None:
    before = folder_bytes(outside)
    link = save / "system" / "database" / "players" / f"{UUID}.dat"
    link.symlink_to(outside / "victim.txt")
    with kit.AgentDatabases(save) as dbs:
        assert dbs.revoke(UUID) is True
    assert not link.is_symlink()
    assert folder_bytes(outside) == before


# --------------------------------------------------------------------------------------- non-regular


@pytest.mark.parametrize("player", [None, UUID])
def test_fifo_database_is_refused_without_blocking(save: Path, player: str | None) -> None:
    folder = save / "system" / "database"
    path = folder / ("shared.dat" if player is None else f"players/{player}.dat")
    os.mkfifo(path)

    def read() -> object:
        with kit.AgentDatabases(save) as dbs:
            db = dbs.player(player) if player else dbs.shared()
            return db.entries(NOTES)

    result = run_unblocked(read, path)
    assert isinstance(result, StorageError), result
    assert str(path) in str(result) and "FIFO" in str(result)


def test_folder_where_the_database_should_be_is_refused(save: Path) -> None:
    (save / "system" / "database" / "shared.dat").mkdir()
    with kit.AgentDatabases(save) as dbs, pytest.raises(StorageError, match=r"shared\.dat.*folder"):
        dbs.shared().entries(NOTES)


def test_device_where_the_database_should_be_is_refused(save: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    (save / "system" / "database" / "shared.dat").symlink_to("/dev/zero")
    with kit.AgentDatabases(save) as dbs, pytest.raises(StorageError, match=r"shared\.dat.*device"):
        dbs.shared().entries(NOTES)


def test_database_larger_than_max_size_on_disk_is_refused_before_reading(save: Path) -> None:
    path = save / "system" / "database" / "shared.dat"
    path.write_bytes(b"\x0a\x00\x00" + b"\x00" * 2_000_000)
    with kit.AgentDatabases(save, max_size=1_000_000) as dbs:
        with pytest.raises(StorageError, match=r"shared\.dat.*2000003 bytes, more than the limit of 1000000"):
            dbs.shared().entries(NOTES)


# ------------------------------------------------------------------------------------ foreign values


def _raw_string(raw: bytes) -> bytes:
    return struct.pack(">H", len(raw)) + raw


def _foreign_database(path: Path, value_bytes: bytes) -> None:
    """A database written by another tool: one String entry stored as ``value_bytes`` (any UTF-8 form)."""
    entries = b"\x08" + _raw_string(b"foreign") + _raw_string(value_bytes) + b"\x00"
    table = (
        b"\x08" + _raw_string(b"codec") + _raw_string(b"string") + b"\x0a" + _raw_string(b"entries") + entries + b"\x00"
    )
    root = (
        b"\x0a" + _raw_string(b"")
        + b"\x03" + _raw_string(b"format_version") + struct.pack(">i", 1)
        + b"\x0a" + _raw_string(b"tables") + b"\x0a" + _raw_string(b"example:notes") + table + b"\x00"
        + b"\x00"
    )  # fmt: skip
    path.write_bytes(gzip.compress(root, mtime=0))


@pytest.mark.parametrize(
    "text",
    [
        "😀" * 16383 + "abc",  # 65535 bytes in standard UTF-8, 98301 in modified UTF-8
        "a\x00" * 32767 + "b",  # raw NULs: 65535 bytes in standard UTF-8, 98302 in modified UTF-8
    ],
)
def test_foreign_64k_string_reads_and_keeps_the_database_writable(save: Path, text: str) -> None:
    raw = text.encode("utf-8")
    assert len(raw) == 65535 and nbt.modified_utf8_length(text) > 65535
    path = save / "system" / "database" / "shared.dat"
    _foreign_database(path, raw)
    with kit.AgentDatabases(save) as dbs:
        db = dbs.shared()
        assert db.get(NOTES, "foreign") == text
        db.put(NOTES, "mine", "a later put")  # must not fail because of the foreign value
        db.put(NOTES, "mine", "and another")
    with kit.AgentDatabases(save) as dbs:
        assert dbs.shared().entries(NOTES) == {"foreign": text, "mine": "and another"}
    assert raw in gzip.decompress(path.read_bytes())  # written back exactly as the other tool stored it


def test_over_long_string_on_put_names_file_table_and_key(save: Path) -> None:
    with kit.AgentDatabases(save) as dbs:
        db = dbs.shared()
        with pytest.raises(kit.CodecError, match=r"shared\.dat: table 'example:notes', key 'long'.*65535"):
            db.put(NOTES, "long", "中" * 30000)
        with pytest.raises(kit.CodecError, match=r"shared\.dat: table 'example:notes', key 'emoji'.*modified UTF-8"):
            db.put(NOTES, "emoji", "😀" * 16383)  # fits standard UTF-8, not what the game reads
        with pytest.raises(kit.CodecError, match=r"shared\.dat: table 'example:notes': key 'xxxx"):
            db.put(NOTES, "x" * 70000, "v")
        with pytest.raises(kit.CodecError, match=r"shared\.dat: table 'example:notes', key 'b'"):
            db.replace(NOTES, {"a": "ok", "b": "中" * 30000})
        db.put(NOTES, "fits", "中" * 21845)  # exactly 65535 bytes
    assert not (save / "system" / "database" / "shared.dat.tmp").exists()


def test_deep_nbt_in_a_database_is_a_storage_error(save: Path) -> None:
    deep = b"\x09" + _raw_string(b"x") + b"\x09\x00\x00\x00\x01" * 5000 + b"\x00" * 5
    (save / "system" / "database" / "shared.dat").write_bytes(b"\x0a\x00\x00" + deep + b"\x00")
    with kit.AgentDatabases(save) as dbs, pytest.raises(StorageError, match=r"shared\.dat.*nesting deeper than 512"):
        dbs.shared().entries(NOTES)


@pytest.mark.slow  # memory-bound or whole-collection: make test runs it, make test-fast does not
def test_object_bomb_database_is_refused_within_the_memory_bound(save: Path) -> None:
    n = 2_000_000  # 2 MB of NBT: two million empty Compounds, about 160 MB as Python dicts
    raw = b"\x0a\x00\x00\x09" + _raw_string(b"x") + b"\x0a" + struct.pack(">i", n) + b"\x00" * n + b"\x00"
    path = save / "system" / "database" / "shared.dat"
    path.write_bytes(gzip.compress(raw, mtime=0))
    assert path.stat().st_size < 5000

    def read() -> object:
        with kit.AgentDatabases(save) as dbs:
            return dbs.shared().entries(NOTES)

    peak, result = peak_memory(read)
    assert isinstance(result, StorageError) and "quota" in str(result), result
    assert str(path) in str(result)
    assert peak < MEMORY_BOUND_BYTES, f"refusing the file cost {peak / 2**20:.1f} MiB"


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300), cut=st.integers(0, 400))
def test_any_bytes_as_a_database_give_a_kit_error_or_a_database(tmp_path: Path, data: bytes, cut: int) -> None:
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    (folder / "system" / "database").mkdir(parents=True)
    valid = nbt.encode_nbt(
        {"format_version": nbt.Int(1), "tables": {"example:notes": {"codec": "string", "entries": {"a": "b"}}}},
        compression="none",
    )
    (folder / "system" / "database" / "shared.dat").write_bytes(valid[:cut] + data)
    try:
        with kit.AgentDatabases(folder) as dbs:
            db = dbs.shared()
            db.entries(NOTES)
            db.put(NOTES, "k", "v")
    except KitError:
        pass


def test_foreign_table_nested_511_deep_reads_shows_and_stays_writable(save: Path) -> None:
    # 511 nested Lists inside the entries: 512 levels with the root... plus tables/table/entries = deeper
    # than the game allows, so build the deepest value the reader accepts: 512 - 4 enclosing Compounds.
    levels = 512 - 4
    value = b"\x09\x00\x00\x00\x01" * (levels - 1) + b"\x00\x00\x00\x00\x00"
    entries = b"\x09" + _raw_string(b"deep") + value + b"\x00"
    table = (
        b"\x08" + _raw_string(b"codec") + _raw_string(b"list") + b"\x0a" + _raw_string(b"entries") + entries + b"\x00"
    )
    root = (
        b"\x0a" + _raw_string(b"")
        + b"\x0a" + _raw_string(b"tables") + b"\x0a" + _raw_string(b"other:deep") + table + b"\x00"
        + b"\x00"
    )  # fmt: skip
    (save / "system" / "database" / "shared.dat").write_bytes(root)
    with kit.AgentDatabases(save) as dbs:
        db = dbs.shared()
        shown = db.frame("other:deep")
        depth, item = 0, shown["value"][0]
        while item:
            item, depth = item[0], depth + 1
        assert depth == levels - 1
        db.put(NOTES, "k", "v")  # the deep foreign table is written back, not in the way
        assert db.tables()["table_id"].tolist() == ["example:notes", "other:deep"]
    with kit.AgentDatabases(save) as dbs:
        assert dbs.shared().get(NOTES, "k") == "v"


@pytest.mark.parametrize("name", ["shared.dat.lock", "shared.dat.tmp"])
def test_fifo_lock_or_temp_file_is_refused_without_blocking(save: Path, name: str) -> None:
    fifo = save / "system" / "database" / name
    os.mkfifo(fifo)
    result = run_unblocked(lambda: _put(save), fifo)
    assert isinstance(result, StorageError) and name in str(result), result
    assert not (save / "system" / "database" / "shared.dat").exists()
