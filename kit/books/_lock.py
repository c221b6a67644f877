"""The book store's write lock: one writer at a time per studio folder, across processes and threads.

Every store mutation reads a file, changes it and writes it back (``project.json``,
``design-artifacts.json``) or appends to ``traces.jsonl``; the atomic writer also uses one fixed
``<file>.tmp`` name. Two writers at once would therefore lose updates or publish a mix of two temporary
files. :class:`StoreLock` serialises them.

It takes an exclusive ``flock`` on the studio folder itself rather than on a ``.lock`` file as
:class:`kit.core.atomic_files.ProcessLock` does: the lock then leaves nothing in the store (sample studios stay
byte-for-byte deterministic) and, as with ``ProcessLock``, the kernel releases it when the holder dies, so a
crashed writer never leaves the store locked. Unlike ``ProcessLock`` it waits (polling) up to ``timeout``
seconds, because store writes are short; it is re-entrant within one :class:`StoreLock` so a mutation may
call another. Readers take no lock: every file is replaced atomically and a half-appended trace line reads
as a torn last line.
"""

from __future__ import annotations

import errno
import os
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from kit.books.errors import StorageError, StoreBusyError

# POSIX advisory locks; on other systems the lock only serialises threads.
if sys.platform == "win32":  # pragma: no cover - Windows
    _FLOCK = False
else:
    import fcntl

    _FLOCK = True

__all__ = ["StoreLock"]


class StoreLock:
    """An exclusive, re-entrant, waiting lock on a studio folder.

    Parameters
    ----------
    root : Path
        The studio folder (it must exist).
    timeout : float, default=10.0
        Seconds to wait for another writer before raising :class:`StoreBusyError`.
    """

    def __init__(self, root: Path, *, timeout: float = 10.0) -> None:
        self.root = Path(root)
        self.timeout = float(timeout)
        self._thread_lock = threading.RLock()
        self._depth = 0
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """True while this lock holds the folder."""
        return self._depth > 0

    def _acquire_folder(self) -> None:
        if not _FLOCK:  # pragma: no cover - Windows
            return
        try:
            fd = os.open(self.root, os.O_RDONLY)
        except OSError as exc:
            raise StorageError(f"{self.root}: cannot open the store folder to lock it: {exc.strerror or exc}") from exc
        deadline = time.monotonic() + self.timeout
        delay = 0.002
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    os.close(fd)
                    raise StorageError(f"{self.root}: cannot lock the store: {exc.strerror or exc}") from exc
                if time.monotonic() >= deadline:
                    os.close(fd)
                    raise StoreBusyError(
                        f"{self.root}: another writer has held the book store for more than {self.timeout:g} s; "
                        "nothing was written. Retry when it is done, or open the store with a longer lock_timeout="
                    ) from None
                time.sleep(delay)
                delay = min(delay * 2, 0.05)
            else:
                self._fd = fd
                return

    def _release_folder(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Hold the lock for the body of a ``with`` block (re-entrant; waits for other writers)."""
        if not self._thread_lock.acquire(timeout=self.timeout):
            raise StoreBusyError(
                f"{self.root}: another thread has held the book store for more than {self.timeout:g} s; "
                "nothing was written"
            )
        try:
            if self._depth == 0:
                self._acquire_folder()
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if self._depth == 0:
                    self._release_folder()
        finally:
            self._thread_lock.release()
