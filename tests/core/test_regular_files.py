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


def test_a_missing_file_is_the_os_error() -> None:
    with pytest.raises(FileNotFoundError):
        read_regular_file("/nonexistent/kit/file.json", max_bytes=10)


def test_file_kind_names_the_type_bits() -> None:
    assert file_kind(stat.S_IFREG | 0o644) == "regular file"
    assert file_kind(stat.S_IFDIR) == "folder" and file_kind(stat.S_IFIFO) == "FIFO"
    assert file_kind(stat.S_IFCHR) == "character device" and file_kind(stat.S_IFBLK) == "block device"
    assert file_kind(stat.S_IFSOCK) == "socket" and file_kind(stat.S_IFLNK) == "symbolic link"
    assert file_kind(0) == "special file"
