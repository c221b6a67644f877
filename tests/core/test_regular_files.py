"""kit.core.regular_files: kit's one bounded reader refuses FIFOs, folders, devices and files over the cap."""

from __future__ import annotations

import os
import stat

import pytest

from kit.core.errors import KitError
from kit.core.regular_files import FileRefusedError, file_kind, read_regular_file


def test_a_regular_file_and_a_link_to_one_are_read_whole(tmp_path) -> None:
    data = bytes(range(256)) * 1000  # larger than one read chunk
    target = tmp_path / "data.bin"
    target.write_bytes(data)
    (tmp_path / "link").symlink_to(target)
    assert read_regular_file(target, max_bytes=len(data)) == data
    assert read_regular_file(str(tmp_path / "link"), max_bytes=None) == data
    (tmp_path / "empty").write_bytes(b"")
    assert read_regular_file(tmp_path / "empty", max_bytes=0) == b""


def test_a_file_over_the_cap_is_refused_naming_path_size_and_limit(tmp_path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * 11)
    with pytest.raises(FileRefusedError) as info:
        read_regular_file(path, max_bytes=10)
    assert info.value.path == str(path) and info.value.reason == "11 bytes, more than the limit of 10 bytes"
    assert str(info.value) == f"{path}: 11 bytes, more than the limit of 10 bytes"
    assert isinstance(info.value, KitError) and isinstance(info.value, OSError)


def test_a_fifo_a_folder_and_a_device_are_refused_without_blocking(tmp_path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # opening it for reading would block forever
    (tmp_path / "to_pipe").symlink_to(fifo)
    for path, kind in (
        (fifo, "FIFO"),
        (tmp_path / "to_pipe", "FIFO"),
        (tmp_path, "folder"),
        ("/dev/zero", "character device"),
    ):
        with pytest.raises(FileRefusedError, match=f"not a regular file \\(a {kind}\\); refused"):
            read_regular_file(path, max_bytes=None)


def test_a_path_listed_as_regular_is_still_checked_once_opened(tmp_path, monkeypatch) -> None:
    # listed_regular=True skips the stat before opening (the caller's os.scandir saw a regular file): a FIFO, a folder or
    # a device put there since is refused by the check of the opened file, still without blocking
    import kit.core.regular_files as module

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    stats: list[str] = []
    real_stat = os.stat
    monkeypatch.setattr(module.os, "stat", lambda name, *a, **k: stats.append(name) or real_stat(name, *a, **k))
    for path, kind in ((fifo, "FIFO"), (tmp_path, "folder"), ("/dev/zero", "character device")):
        with pytest.raises(FileRefusedError, match=f"not a regular file \\(a {kind}\\); refused"):
            read_regular_file(path, max_bytes=None, listed_regular=True)
    (tmp_path / "file.json").write_bytes(b"{}")
    assert read_regular_file(tmp_path / "file.json", max_bytes=10, listed_regular=True) == b"{}"
    assert stats == []
    assert read_regular_file(tmp_path / "file.json", max_bytes=10) == b"{}"
    assert stats == [str(tmp_path / "file.json")]


def test_a_missing_file_is_the_os_error() -> None:
    with pytest.raises(FileNotFoundError):
        read_regular_file("/nonexistent/kit/file.json", max_bytes=10)


def test_file_kind_names_the_type_bits() -> None:
    assert file_kind(stat.S_IFREG | 0o644) == "regular file"
    assert file_kind(stat.S_IFDIR) == "folder" and file_kind(stat.S_IFIFO) == "FIFO"
    assert file_kind(stat.S_IFCHR) == "character device" and file_kind(stat.S_IFBLK) == "block device"
    assert file_kind(stat.S_IFSOCK) == "socket" and file_kind(stat.S_IFLNK) == "symbolic link"
    assert file_kind(0) == "special file"


def _counting_reads(monkeypatch, chunk: int | None = None) -> list[int]:
    """Record the size of every ``os.read`` the reader makes; with ``chunk``, each read returns at most that much
    (a file system that hands out short reads)."""
    import kit.core.regular_files as module

    sizes: list[int] = []
    real = os.read

    def read(fd: int, n: int) -> bytes:
        sizes.append(n)
        return real(fd, n if chunk is None else min(n, chunk))

    monkeypatch.setattr(module.os, "read", read)
    return sizes


def test_a_regular_file_is_read_in_one_read_the_short_read_being_its_end(tmp_path, monkeypatch) -> None:
    path = tmp_path / "recipe.json"
    path.write_bytes(b'{"type": "minecraft:crafting_shaped"}')
    sizes = _counting_reads(monkeypatch)
    assert read_regular_file(path, max_bytes=1000) == b'{"type": "minecraft:crafting_shaped"}'
    assert len(sizes) == 1
    (tmp_path / "empty").write_bytes(b"")
    assert read_regular_file(tmp_path / "empty", max_bytes=10) == b"" and len(sizes) == 2


def test_short_reads_before_the_size_is_in_keep_reading(tmp_path, monkeypatch) -> None:
    data = bytes(range(256)) * 40
    path = tmp_path / "data.bin"
    path.write_bytes(data)
    sizes = _counting_reads(monkeypatch, chunk=1000)
    assert read_regular_file(path, max_bytes=len(data)) == data
    assert len(sizes) == 11  # ten short 1000-byte reads go on; the 240-byte rest, short with the size in, ends it


def test_a_file_growing_past_the_cap_while_read_is_still_refused(tmp_path, monkeypatch) -> None:
    import kit.core.regular_files as module

    path = tmp_path / "grows.json"
    path.write_bytes(b"x" * 10)
    real = os.read

    def read_and_grow(fd: int, n: int) -> bytes:
        with open(path, "ab") as fh:  # the writer appends between fstat and read
            fh.write(b"y" * 100)
        return real(fd, n)

    monkeypatch.setattr(module.os, "read", read_and_grow)
    with pytest.raises(FileRefusedError, match="grew past the limit of 50 bytes while being read"):
        read_regular_file(path, max_bytes=50)


def test_read_regular_files_gives_each_file_what_read_regular_file_gives(tmp_path, monkeypatch) -> None:
    # one loop over many files: each item the bytes, or the OSError read_regular_file raises for that file (in order)
    import kit.core.regular_files as module
    from kit.core.regular_files import read_regular_files

    (tmp_path / "a.json").write_bytes(b"{}")
    (tmp_path / "big.json").write_bytes(b"x" * 11)
    (tmp_path / "link.json").symlink_to(tmp_path / "a.json")
    os.mkfifo(tmp_path / "pipe")
    paths = [
        (str(tmp_path / "a.json"), True),
        (str(tmp_path / "big.json"), True),
        (str(tmp_path / "missing.json"), True),
        (str(tmp_path / "pipe"), True),  # listed as regular, then swapped: refused once opened
        (str(tmp_path / "pipe"), False),  # refused before opening
        (str(tmp_path / "link.json"), False),
        (str(tmp_path), True),
    ]
    stats: list[str] = []
    real_stat = os.stat
    monkeypatch.setattr(module.os, "stat", lambda name, *a, **k: stats.append(name) or real_stat(name, *a, **k))
    got = read_regular_files(paths, max_bytes=10)
    assert stats == [str(tmp_path / "pipe"), str(tmp_path / "link.json")]  # the pre-open check only when not listed
    assert len(got) == len(paths)
    for (path, listed), item in zip(paths, got):
        try:
            expected: bytes | OSError = read_regular_file(path, max_bytes=10, listed_regular=listed)
        except OSError as exc:
            expected = exc
        assert type(item) is type(expected) and str(item) == str(expected)
    assert got[0] == got[5] == b"{}" and isinstance(got[2], FileNotFoundError)
    assert read_regular_files([], max_bytes=None) == []
