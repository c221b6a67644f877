"""kit.core.atomic_files: atomic replacement, no write through links or outside the root, and the process lock."""

from __future__ import annotations

import os

import pytest

from kit.core.atomic_files import (
    ProcessLock,
    atomic_write_bytes,
    atomic_write_text,
    check_folder_inside,
    read_regular_file,
    tmp_path_for,
)
from kit.core.errors import ConcurrentWriterError, StorageError


def test_a_write_replaces_the_file_creates_folders_and_leaves_no_temporary_file(tmp_path) -> None:
    path = tmp_path / "a" / "b" / "data.bin"
    atomic_write_bytes(path, b"one")
    atomic_write_text(path, "二")
    assert path.read_text("utf-8") == "二" and tmp_path_for(path) == path.with_name("data.bin.tmp")
    assert sorted(p.name for p in path.parent.iterdir()) == ["data.bin"]


def test_a_regular_leftover_temporary_file_is_replaced_but_a_link_is_refused(tmp_path) -> None:
    path = tmp_path / "db.nbt"
    tmp_path_for(path).write_bytes(b"half-written by a crashed writer")
    atomic_write_bytes(path, b"new")
    assert path.read_bytes() == b"new" and not tmp_path_for(path).exists()
    victim = tmp_path / "victim"
    victim.write_bytes(b"keep")
    tmp_path_for(path).symlink_to(victim)
    with pytest.raises(StorageError, match="the temporary file is a symbolic link"):
        atomic_write_bytes(path, b"evil")
    assert victim.read_bytes() == b"keep" and path.read_bytes() == b"new"


def test_a_target_that_is_a_link_is_refused_and_left_alone(tmp_path) -> None:
    victim = tmp_path / "victim"
    victim.write_bytes(b"keep")
    (tmp_path / "db.nbt").symlink_to(victim)
    with pytest.raises(StorageError, match="db.nbt"):
        atomic_write_bytes(tmp_path / "db.nbt", b"evil")
    assert victim.read_bytes() == b"keep"


def test_check_folder_inside_refuses_outside_climbing_and_linked_folders(tmp_path) -> None:
    root = tmp_path / "store"
    assert check_folder_inside(root, root / "x" / "y", create=True) == root / "x" / "y" and (root / "x" / "y").is_dir()
    assert check_folder_inside(root, root / "missing") == root / "missing" and not (root / "missing").exists()
    with pytest.raises(StorageError, match="refusing to write outside"):
        check_folder_inside(root, tmp_path / "elsewhere")
    outside = tmp_path / "outside"
    outside.mkdir()
    (root / "link").symlink_to(outside)
    with pytest.raises(StorageError, match="this folder is a symbolic link") as info:
        atomic_write_bytes(root / "link" / "f.json", b"{}", root=root)
    assert str(root / "link") in str(info.value) and list(outside.iterdir()) == []
    (root / "file").write_bytes(b"")
    with pytest.raises(StorageError, match="the path exists and is not a folder"):
        check_folder_inside(root, root / "file" / "sub", create=True)


def test_read_regular_file_words_refusals_as_storage_errors(tmp_path) -> None:
    (tmp_path / "db").write_bytes(b"12345")
    assert read_regular_file(tmp_path / "db", max_bytes=5) == b"12345"
    with pytest.raises(StorageError, match="refusing to read the database: 5 bytes, more than the limit of 4"):
        read_regular_file(tmp_path / "db", max_bytes=4, what="database")
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(StorageError, match=r"refusing to read the file: not a regular file \(a FIFO\)"):
        read_regular_file(tmp_path / "pipe")
    with pytest.raises(FileNotFoundError):
        read_regular_file(tmp_path / "missing")


def test_a_second_lock_on_the_same_file_is_refused_naming_the_holder(tmp_path) -> None:
    target = tmp_path / "player.nbt"
    first, second = ProcessLock(target), ProcessLock(target)
    first.acquire()
    try:
        assert first.held and first.path.read_text() == str(os.getpid())
        with pytest.raises(ConcurrentWriterError, match=f"another process \\(pid {os.getpid()}\\) is writing"):
            second.acquire()
        assert not second.held
    finally:
        first.release()
    second.acquire()
    assert second.held
    second.release()
    assert not second.held and first.path.exists()  # the lock file stays; the kernel lock is gone


def test_a_lock_file_that_is_not_kits_is_never_overwritten(tmp_path) -> None:
    target = tmp_path / "player.nbt"
    lock = ProcessLock(target)
    lock.path.write_text("important notes")
    with pytest.raises(StorageError, match="holds something other than a process id"):
        lock.acquire()
    assert lock.path.read_text() == "important notes"
    lock.path.unlink()
    (tmp_path / "victim").write_text("12")
    lock.path.symlink_to(tmp_path / "victim")
    with pytest.raises(StorageError, match="the lock file is a symbolic link"):
        lock.acquire()
    assert (tmp_path / "victim").read_text() == "12"
