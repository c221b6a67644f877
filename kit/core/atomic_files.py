"""Crash-safe file writes and advisory process locks.

``atomic_write_bytes`` writes ``<file>.tmp`` in the same folder, flushes and fsyncs it, renames it over
the target with :func:`os.replace` (atomic on POSIX and Windows within one file system), then fsyncs
the folder so the rename itself survives a power cut. Readers therefore see either the old or the new
file, never a mix.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from kit.core.errors import ConcurrentWriterError, StorageError

try:  # POSIX advisory locks; on other systems the lock is a no-op.
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["atomic_write_bytes", "atomic_write_text", "tmp_path_for", "ProcessLock", "fsync_folder"]


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


def _check_replaceable(path: Path) -> None:
    if path.is_symlink():
        raise StorageError(f"{path}: refusing to write: the file is a symbolic link, so an atomic rename would replace the link")
    if path.exists() and not path.is_file():
        raise StorageError(f"{path}: refusing to write: the path exists and is not a regular file")


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (``<file>.tmp``, flush, fsync, rename, folder fsync).

    The parent folder is created when missing. On any failure the target is unchanged, the temporary
    file is removed and :class:`~kit.core.errors.StorageError` names the file and the reason.
    """
    path = Path(path)
    _check_replaceable(path)
    tmp = tmp_path_for(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
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
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        if exc.errno == errno.EXDEV:
            raise StorageError(f"{path}: refusing to write: atomic rename is not possible here ({exc})") from exc
        raise StorageError(f"{path}: write failed: {exc.strerror or exc}") from exc
    fsync_folder(path.parent)


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Like :func:`atomic_write_bytes` for UTF-8 text."""
    atomic_write_bytes(path, text.encode("utf-8"))


class ProcessLock:
    """An exclusive advisory lock on ``<file>.lock`` that tells writers in other processes apart.

    ``acquire()`` never blocks: when another process holds the lock it raises
    :class:`~kit.core.errors.ConcurrentWriterError` naming that process. The kernel releases the lock when
    the holder dies, so a crashed writer never leaves a database locked.
    """

    def __init__(self, target: Path) -> None:
        self.path = target.with_name(target.name + ".lock")
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> None:
        if self._fd is not None or fcntl is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
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
