"""Reading files that other people made: regular files only, and never more bytes than a cap.

A FIFO, a device (``/dev/zero``, a terminal), a socket or a folder where a file is expected would block a reader
forever or feed it without end; a link to one passes an ``is_file`` check made on the link. :func:`read_regular_file`
checks the target before opening it, opens it without blocking, checks the opened file again (so a swap between
the two steps is caught), refuses a file larger than the cap from its size, and reads in bounded chunks, so a file
that grows while it is read is refused too. A read shorter than asked for, once the size ``fstat`` gave is in,
is the end of a regular file: the usual file takes one read, not a second one that only sees the end. Imports
nothing else from kit but the error base.

This is kit's one bounded reader: :func:`kit.core.atomic_files.read_regular_file` (the save databases, the book
store, cards), the world-book readers, the FTB readers and the data-pack readers all read through it and only word
its refusal in their own error class.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable
from typing import Union

from kit.core.errors import KitError

__all__ = ["FileRefusedError", "read_regular_file", "read_regular_files", "file_kind", "list_files"]

PathLike = Union[str, "os.PathLike[str]"]

# Read past the size ``fstat`` gave by this much (to see the end, or growth). Kept under glibc's 128 KiB mmap
# threshold: a larger spare buffer is a fresh mmap + munmap per file where the allocator trims eagerly (as Dask
# workers are set up to), which tripled the cost of reading thousands of small databases.
_CHUNK = 64 << 10


class FileRefusedError(KitError, OSError):
    """A file kit will not read: not a regular file, or larger than the reader's cap.

    Attributes ``path`` and ``reason`` repeat the parts of the message.
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason

    def __str__(self) -> str:  # OSError's own __str__ would show the args tuple
        return f"{self.path}: {self.reason}"


def file_kind(mode: int) -> str:
    """A readable name for the type bits of ``st_mode`` (``"FIFO"``, ``"character device"``, ...)."""
    for test, name in (
        (stat.S_ISREG, "regular file"),
        (stat.S_ISDIR, "folder"),
        (stat.S_ISFIFO, "FIFO"),
        (stat.S_ISCHR, "character device"),
        (stat.S_ISBLK, "block device"),
        (stat.S_ISSOCK, "socket"),
        (stat.S_ISLNK, "symbolic link"),
    ):
        if test(mode):
            return name
    return "special file"


#: Flags every open uses: read only, never block (a FIFO), never become the controlling terminal, closed on exec.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)


def list_files(top: str, prefix: str = "") -> dict[str, bool]:
    """Every file below the folder ``top``: ``prefix + relpath`` (``/`` separated) -> whether it is a regular file and
    no link, in :func:`os.walk`'s order and with its rules, from one :func:`os.scandir` per folder.

    A folder's files (anything but a folder: links to files and broken links included, as ``False``) come before its
    subfolders; links to folders are not entered; a folder that cannot be listed is skipped (wholly, when its listing
    fails part way). The entries of a listing know their kind without a ``stat`` on common file systems, so this
    costs about one system call per folder (``os.walk`` or ``Path.rglob`` and a ``stat`` per file cost several times
    more on a data pack or a corpus of thousands of chats).
    """
    out: dict[str, bool] = {}
    stack = [(top, prefix)]
    while stack:
        folder, pre = stack.pop()
        files: list[tuple[str, bool]] = []
        subdirs: list[tuple[str, str]] = []
        try:
            with os.scandir(folder) as it:
                for entry in it:
                    try:
                        is_dir = entry.is_dir()
                    except OSError:
                        is_dir = False
                    if not is_dir:  # is_file(follow_symlinks=False): from the listing, no system call
                        files.append((pre + entry.name, entry.is_file(follow_symlinks=False)))
                    elif not _is_link(entry):
                        subdirs.append((entry.path, pre + entry.name + "/"))
        except OSError:
            continue
        out.update(files)
        stack.extend(reversed(subdirs))  # depth first, in listing order, as os.walk goes
    return out


def _is_link(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_symlink()
    except OSError:  # as os.path.islink, which os.walk asks
        return False


def read_regular_file(path: PathLike, *, max_bytes: int | None, listed_regular: bool = False) -> bytes:
    """Return the bytes of a regular file (links are followed to their target) of at most ``max_bytes`` bytes.

    ``max_bytes=None`` reads the file whatever its size (still refusing anything but a regular file).
    ``listed_regular=True`` says the caller has just seen ``path`` as a regular file that is no link (from
    :func:`os.scandir`'s ``DirEntry.is_file(follow_symlinks=False)``, which costs no system call): the check before
    opening is skipped; the check of the opened file still refuses anything else (a swap in between).

    Raises
    ------
    FileRefusedError
        When the target is not a regular file (FIFO, device, socket, folder) or holds more than ``max_bytes``
        bytes (by its size, or by what could be read).
    OSError
        When the file cannot be opened or read (missing, no permission).
    """
    return _read_one(os.fspath(path), listed_regular, sys.maxsize - 1 if max_bytes is None else max_bytes)


def read_regular_files(paths: Iterable[tuple[str, bool]], *, max_bytes: int | None) -> list[bytes | OSError]:
    """:func:`read_regular_file` of many files in one loop, for callers that read thousands of small files (a data
    pack's recipes): ``paths`` holds ``(path, listed_regular)`` pairs, and each item of the result is the file's bytes
    or the :class:`OSError` (a :class:`FileRefusedError` included) that :func:`read_regular_file` raises for it, in
    the order of ``paths``. The same checks and reads, without a call through every layer per file.
    """
    limit = sys.maxsize - 1 if max_bytes is None else max_bytes
    out: list[bytes | OSError] = []
    for name, listed_regular in paths:
        try:
            out.append(_read_one(name, listed_regular, limit))
        except OSError as exc:
            out.append(exc)
    return out


def _read_one(name: str, listed_regular: bool, limit: int) -> bytes:
    """What :func:`read_regular_file` returns or raises for ``name`` with a limit of ``limit`` bytes."""
    if not listed_regular:
        _check_target(name)
    fd = os.open(name, _OPEN_FLAGS)
    try:
        return _read_open(fd, name, limit)
    finally:
        os.close(fd)


def _check_target(name: str) -> None:
    """Refuse ``name`` before opening it unless its target is a regular file."""
    st = os.stat(name)
    if not stat.S_ISREG(st.st_mode):
        raise FileRefusedError(name, f"not a regular file (a {file_kind(st.st_mode)}); refused")


def _read_open(fd: int, name: str, limit: int) -> bytes:
    """The bytes of the file open as ``fd`` (``name`` for messages): refused unless it is a regular file of at most
    ``limit`` bytes, by its size and by what could be read.
    """
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        raise FileRefusedError(name, f"not a regular file (a {file_kind(st.st_mode)}); refused")
    if st.st_size > limit:
        raise FileRefusedError(name, f"{st.st_size} bytes, more than the limit of {limit} bytes")
    want = min(st.st_size + _CHUNK, limit + 1)
    block = os.read(fd, want)
    if len(block) < want and len(block) >= st.st_size:
        return block  # the usual file: all of it, and its end, in one read
    parts, total = [block], len(block)
    if total > limit:
        raise FileRefusedError(name, f"grew past the limit of {limit} bytes while being read")
    while block:
        want = min(max(st.st_size - total, 0) + _CHUNK, limit + 1 - total)
        block = os.read(fd, want)
        total += len(block)
        if total > limit:
            raise FileRefusedError(name, f"grew past the limit of {limit} bytes while being read")
        parts.append(block)
        if len(block) < want and total >= st.st_size:
            break  # a short read of a regular file once its size is in: the end (no second read to see it)
    return b"".join(parts)
