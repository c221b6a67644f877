"""Crash-safe file writes and advisory process locks.

``atomic_write_bytes`` writes ``<file>.tmp`` in the same folder, flushes and fsyncs it, renames it over
the target with :func:`os.replace` (atomic on POSIX and Windows within one file system), then fsyncs
the folder so the rename itself survives a power cut. Readers therefore see either the old or the new
file, never a mix.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
from pathlib import Path

from kit.core.errors import ConcurrentWriterError, StorageError
from kit.core.regular_files import FileRefusedError
from kit.core.regular_files import read_regular_file as _read_regular_file

# POSIX advisory locks; on other systems the lock is a no-op.
if sys.platform == "win32":  # pragma: no cover - Windows
    _FLOCK = False
else:
    import fcntl

    _FLOCK = True

__all__ = [
    "atomic_write_bytes",
    "atomic_write_text",
    "check_folder_inside",
    "read_regular_file",
    "tmp_path_for",
    "ProcessLock",
    "fsync_folder",
]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def tmp_path_for(path: Path) -> Path:
    """The temporary file used while replacing ``path``: ``<name>.tmp`` in the same folder."""
    return path.with_name(path.name + ".tmp")


def fsync_folder(folder: Path) -> None:
    """Flush a folder's entries (renames, deletions) to disk, where the OS allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - e.g. Windows cannot open folders
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - some file systems refuse fsync on folders
        pass
    finally:
        os.close(fd)


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StorageError(f"{path}: cannot inspect the path: {exc.strerror or exc}") from exc


def _check_replaceable(path: Path) -> None:
    st = _lstat(path)
    if st is None:
        return
    if stat.S_ISLNK(st.st_mode):
        raise StorageError(
            f"{path}: refusing to write: the file is a symbolic link, so a write would land where it points; "
            "replace the link with a regular file"
        )
    if not stat.S_ISREG(st.st_mode):
        raise StorageError(f"{path}: refusing to write: the path exists and is not a regular file")


def check_folder_inside(root: str | os.PathLike[str], folder: str | os.PathLike[str], *, create: bool = False) -> Path:
    """Check that ``folder`` lies inside ``root`` without passing through a symbolic link; return it.

    Every component between ``root`` and ``folder`` must be a real folder (not a symbolic link, not a
    file). With ``create=True`` missing components are created, one by one, after that check.

    Raises
    ------
    StorageError
        ``folder`` is not below ``root``, or a component is a symbolic link or not a folder; the message
        names that component.
    """
    root_s = os.path.normpath(os.fspath(root))
    folder_s = os.path.normpath(os.fspath(folder))
    if folder_s == root_s:
        parts: list[str] = []
    elif folder_s.startswith(root_s.rstrip(os.sep) + os.sep):
        parts = folder_s[len(root_s.rstrip(os.sep)) + 1 :].split(os.sep)
    else:
        raise StorageError(f"{folder}: refusing to write outside {root}")
    if ".." in parts:
        raise StorageError(f"{folder}: refusing to write: the path climbs out of {root} with '..'")
    if create and parts and not os.path.isdir(root_s):
        try:
            os.makedirs(root_s, exist_ok=True)
        except OSError as exc:
            raise StorageError(f"{root}: cannot create the folder: {exc.strerror or exc}") from exc
    current = root_s
    for part in parts:
        current = os.path.join(current, part)
        try:
            st: os.stat_result | None = os.lstat(current)
        except FileNotFoundError:
            st = None
        except OSError as exc:
            raise StorageError(f"{current}: cannot inspect the path: {exc.strerror or exc}") from exc
        if st is None:
            if not create:
                return Path(folder)
            try:
                os.mkdir(current, 0o755)
                continue
            except FileExistsError:
                st = os.lstat(current)
            except OSError as exc:
                raise StorageError(f"{current}: cannot create the folder: {exc.strerror or exc}") from exc
        if stat.S_ISLNK(st.st_mode):
            raise StorageError(
                f"{current}: refusing to write: this folder is a symbolic link (to {os.readlink(current)!r}), "
                f"so the write could land outside {root}; replace it with a real folder"
            )
        if not stat.S_ISDIR(st.st_mode):
            raise StorageError(f"{current}: refusing to write: the path exists and is not a folder")
    return Path(folder)


def _create_exclusive(tmp: Path) -> int:
    """Create ``tmp`` exclusively without following links; a regular leftover file is removed first."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    try:
        return os.open(tmp, flags, 0o644)
    except FileExistsError:
        st = _lstat(tmp)
        if st is not None and not stat.S_ISREG(st.st_mode):
            kind = "a symbolic link" if stat.S_ISLNK(st.st_mode) else "not a regular file"
            raise StorageError(
                f"{tmp}: refusing to write: the temporary file is {kind}; kit creates its temporary files "
                "itself and never writes through one that is already there. Remove it and try again"
            ) from None
        tmp.unlink(missing_ok=True)  # a leftover of a crashed writer (a regular file)
    try:
        return os.open(tmp, flags, 0o644)
    except FileExistsError:
        raise StorageError(f"{tmp}: refusing to write: another writer created the temporary file meanwhile") from None


def atomic_write_bytes(
    path: str | os.PathLike[str], data: bytes, *, root: str | os.PathLike[str] | None = None
) -> None:
    """Replace ``path`` with ``data`` atomically (``<file>.tmp``, flush, fsync, rename, folder fsync).

    The temporary file is created exclusively and never through a symbolic link (``O_CREAT | O_EXCL |
    O_NOFOLLOW``); a target that is a symbolic link or not a regular file is refused. With ``root`` the
    parent folder must lie inside ``root`` without passing through a symbolic link (missing folders are
    created); without it the parent folder is created when missing. On any failure the target is
    unchanged, the temporary file is removed and :class:`~kit.core.errors.StorageError` names the file and the
    reason.
    """
    path = Path(path)
    if root is not None:
        check_folder_inside(root, path.parent, create=True)
    _check_replaceable(path)
    tmp = tmp_path_for(path)
    fd: int | None = None
    try:
        if root is None:
            path.parent.mkdir(parents=True, exist_ok=True)
        fd = _create_exclusive(tmp)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as exc:
        if fd is not None:  # only ever remove a temporary file this call created
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                pass
        if isinstance(exc, StorageError):
            raise
        if exc.errno == errno.EXDEV:
            raise StorageError(f"{path}: refusing to write: atomic rename is not possible here ({exc})") from exc
        if exc.errno == errno.ELOOP:
            raise StorageError(f"{tmp}: refusing to write: the temporary file is a symbolic link") from exc
        raise StorageError(f"{path}: write failed: {exc.strerror or exc}") from exc
    fsync_folder(path.parent)


def atomic_write_text(path: str | os.PathLike[str], text: str, *, root: str | os.PathLike[str] | None = None) -> None:
    """Like :func:`atomic_write_bytes` for UTF-8 text."""
    atomic_write_bytes(path, text.encode("utf-8"), root=root)


def read_regular_file(path: str | os.PathLike[str], *, max_bytes: int | None = None, what: str = "file") -> bytes:
    """Read a whole regular file without ever blocking on a FIFO, socket or device.

    :func:`kit.core.regular_files.read_regular_file` does the reading (anything but a regular file, or a file
    larger than ``max_bytes``, is refused before it is read); this wrapper words the refusal as a
    :class:`~kit.core.errors.StorageError` naming the ``what``.

    Raises
    ------
    FileNotFoundError
        The file does not exist (callers decide what a missing file means).
    StorageError
        The path is not a regular file, is too large, or cannot be read; the message names it.
    """
    try:
        return _read_regular_file(path, max_bytes=max_bytes)
    except FileRefusedError as exc:
        raise StorageError(f"{os.fspath(path)}: refusing to read the {what}: {exc.reason}") from None
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise StorageError(f"{os.fspath(path)}: cannot read the {what}: {exc.strerror or exc}") from exc


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


_PID = re.compile(rb"\s*\d{0,20}\s*")


class ProcessLock:
    """An exclusive advisory lock on ``<file>.lock`` that tells writers in other processes apart.

    ``acquire()`` never blocks: when another process holds the lock it raises
    :class:`~kit.core.errors.ConcurrentWriterError` naming that process. The kernel releases the lock when
    the holder dies, so a crashed writer never leaves a database locked.

    The lock file is opened without following symbolic links (``O_NOFOLLOW``) and must be a regular
    file with one link holding nothing but a process id; anything else (a link to a file elsewhere, a
    file someone else wrote) is refused with :class:`~kit.core.errors.StorageError` and never truncated.
    With ``root`` its folder must lie inside ``root`` without passing through a symbolic link.
    """

    def __init__(self, target: Path, *, root: str | os.PathLike[str] | None = None) -> None:
        self.path = target.with_name(target.name + ".lock")
        self.root = None if root is None else Path(root)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> None:
        if self._fd is not None or not _FLOCK:
            return
        if self.root is not None:
            check_folder_inside(self.root, self.path.parent, create=True)
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        flags = os.O_RDWR | os.O_CREAT | _NOFOLLOW | _NONBLOCK | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(self.path, flags, 0o644)
        except OSError as exc:
            if exc.errno == errno.ELOOP or (self.path.is_symlink()):
                raise StorageError(
                    f"{self.path}: refusing to lock: the lock file is a symbolic link; kit never writes through "
                    "one. Remove it and try again"
                ) from None
            raise StorageError(f"{self.path}: cannot open the lock file: {exc.strerror or exc}") from exc
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise StorageError(f"{self.path}: refusing to lock: the lock file is {_kind(st.st_mode)}")
            if st.st_nlink != 1:
                raise StorageError(
                    f"{self.path}: refusing to lock: the lock file has {st.st_nlink} hard links, so writing the "
                    "process id would change another file; remove it and try again"
                )
            content = os.pread(fd, 64, 0) if st.st_size <= 64 else None
            if content is None or not _PID.fullmatch(content):
                raise StorageError(
                    f"{self.path}: refusing to lock: the file holds something other than a process id, so it is "
                    "not kit's lock file and kit will not overwrite it; move it away and try again"
                )
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except StorageError:
            os.close(fd)
            raise
        except OSError as exc:
            holder = os.pread(fd, 64, 0).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                raise ConcurrentWriterError(
                    f"{self.path.with_suffix('')}: another process (pid {holder}) is writing this database; "
                    "close it there first (kit refuses rather than lose its updates)"
                ) from None
            raise StorageError(f"{self.path}: cannot lock: {exc.strerror or exc}") from exc
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode("ascii"), 0)
        self._fd = fd

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)
