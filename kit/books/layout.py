"""Where a book store keeps what: the paths of books, assets, worlds and sessions, and the ids found there.

:class:`StoreLayout` holds the store's settings (folder, clock, write lock) and answers path and listing
questions; it reads no record. The functions of :mod:`kit.books.reading`, :mod:`kit.books.commands`,
:mod:`kit.books.card_assets`, :mod:`kit.books.sessions`, :mod:`kit.books.reports`, :mod:`kit.books.checks`
and :mod:`kit.books.migration` take it as their first argument; :class:`kit.books.BookStore` is the facade
over all of them.

Layout (the design's "Book storage model")::

    books/{bookId}/project.json            the book record (without its trace and artifacts)
    books/{bookId}/design-artifacts.json   accepted tags only: the book's current facts
    books/{bookId}/traces.jsonl            design / play trace, append-only JSON lines
    books/{bookId}/contents/{contentId}.json   project texts (outline, chapters)
    books/{bookId}/snapshots/{snapshotId}.json play save points
    assets/cards/{assetId}.json (+ .png)   card library
    assets/worlds/{assetId}.json           world books bound to cards
    sessions/{sessionId}.json              working copies

The older flat layout (``books/{id}.json`` holding the whole record, plus ``session.json``) is read too.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from kit.books._io import write_bytes_atomic, write_json_atomic
from kit.books._lock import StoreLock
from kit.books.codec import check_id, check_timestamp
from kit.books.errors import BookNotFoundError
from kit.books.records import TraceEntry
from kit.books.traces import append_trace_line

__all__ = ["StoreLayout", "utc_now"]


def utc_now() -> str:
    """The current UTC time as ``2026-01-02T03:04:05.678Z`` (the store's default clock)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class StoreLayout:
    """The paths and listings of one studio folder, with its clock and write lock.

    Parameters
    ----------
    root : Path
        The studio folder.
    clock : callable, optional
        Timestamp source for operations called without ``at=``; defaults to :func:`utc_now`.
    lock_timeout : float, default=10.0
        Seconds a write waits for the store's write lock.
    """

    def __init__(self, root: str | Path, *, clock: Callable[[], str] | None = None, lock_timeout: float = 10.0) -> None:
        self.root = Path(root)
        self.clock = clock or utc_now
        self.lock = StoreLock(self.root, timeout=lock_timeout)

    # Every write stays inside the store: no folder on the way may be a symbolic link, temporary files are
    # created exclusively and traces are opened without following links (kit.core.atomic_files).
    def write_json(self, path: Path, value: Any) -> None:
        """Write ``value`` as JSON to ``path`` atomically, inside the store."""
        write_json_atomic(path, value, root=self.root)

    def write_bytes(self, path: Path, data: bytes) -> None:
        """Write ``data`` to ``path`` atomically, inside the store."""
        write_bytes_atomic(path, data, root=self.root)

    def append(self, path: Path, entry: dict[str, Any]) -> TraceEntry:
        """Validate and append one trace line (see :func:`kit.books.traces.append_trace_line`)."""
        return append_trace_line(path, entry, root=self.root)

    # ------------------------------------------------------------------------------------------ paths
    def rel(self, path: Path) -> str:
        """``path`` relative to the store folder (as given when it lies outside)."""
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return str(path)

    def book_dir(self, book_id: str) -> Path:
        """The folder of a book in the current layout (``books/{id}``)."""
        return self.root / "books" / check_id(book_id, what="book_id")

    def project_file(self, book_id: str) -> Path:
        """``books/{id}/project.json``."""
        return self.book_dir(book_id) / "project.json"

    def artifacts_file(self, book_id: str) -> Path:
        """``books/{id}/design-artifacts.json``."""
        return self.book_dir(book_id) / "design-artifacts.json"

    def trace_file(self, book_id: str) -> Path:
        """``books/{id}/traces.jsonl``."""
        return self.book_dir(book_id) / "traces.jsonl"

    def flat_file(self, book_id: str) -> Path:
        """``books/{id}.json`` (the older flat layout)."""
        return self.root / "books" / f"{check_id(book_id, what='book_id')}.json"

    def asset_file(self, asset_id: str) -> Path:
        """``assets/cards/{id}.json``."""
        return self.root / "assets" / "cards" / f"{check_id(asset_id, what='asset_id')}.json"

    def world_file(self, world_id: str) -> Path:
        """``assets/worlds/{id}.json``."""
        return self.root / "assets" / "worlds" / f"{check_id(world_id, what='world_asset_id')}.json"

    def snapshot_file(self, book_id: str, snapshot_id: str) -> Path:
        """``books/{id}/snapshots/{snapshotId}.json``."""
        return self.book_dir(book_id) / "snapshots" / f"{check_id(snapshot_id, what='snapshot_id')}.json"

    def content_file(self, book_id: str, content_id: str) -> Path:
        """``books/{id}/contents/{contentId}.json``."""
        return self.book_dir(book_id) / "contents" / f"{check_id(content_id, what='content_id')}.json"

    def session_file(self, session_id: str) -> Path:
        """``sessions/{id}.json``."""
        return self.root / "sessions" / f"{check_id(session_id, what='session_id')}.json"

    def stamp(self, at: str | None) -> str:
        """``at`` checked as an ISO 8601 timestamp, or the clock's time when None."""
        return check_timestamp(self.clock() if at is None else at, what="at")

    def new_id(self, prefix: str) -> str:
        """A fresh random id ``{prefix}-{10 hex digits}``."""
        return f"{prefix}-{uuid.uuid4().hex[:10]}"

    # ----------------------------------------------------------------------------------------- ids
    def book_ids(self) -> list[str]:
        """Ids of every book, both layouts, sorted."""
        base = self.root / "books"
        if not base.is_dir():
            return []
        ids = {p.name for p in base.iterdir() if p.is_dir() and (p / "project.json").exists()}
        ids |= {p.stem for p in base.glob("*.json") if p.is_file() and not p.name.startswith(".")}
        return sorted(ids)

    def asset_ids(self) -> list[str]:
        """Ids of every card asset, sorted."""
        folder = self.root / "assets" / "cards"
        return sorted(p.stem for p in folder.glob("*.json") if not p.name.startswith(".")) if folder.is_dir() else []

    def world_asset_ids(self) -> list[str]:
        """Ids of every world asset, sorted."""
        folder = self.root / "assets" / "worlds"
        return sorted(p.stem for p in folder.glob("*.json") if not p.name.startswith(".")) if folder.is_dir() else []

    def layout(self, book_id: str) -> Literal["dir", "flat"]:
        """``"dir"`` for ``books/{id}/project.json``, ``"flat"`` for the older ``books/{id}.json``."""
        if self.project_file(book_id).exists():
            return "dir"
        if self.flat_file(book_id).exists():
            return "flat"
        raise BookNotFoundError(
            f"{self.root}: no book {book_id!r} (neither books/{book_id}/project.json nor books/{book_id}.json "
            "exists); store.books() lists the books there are"
        )

    def session_files(self) -> Iterator[tuple[str, Path, str]]:
        """``(session_id, path, layout)`` of every session file: ``sessions/*.json`` and the older ``session.json``."""
        folder = self.root / "sessions"
        if folder.is_dir():
            for p in sorted(folder.glob("*.json")):
                if not p.name.startswith("."):
                    yield p.stem, p, "dir"
        legacy = self.root / "session.json"
        if legacy.exists():
            yield "session", legacy, "flat"
