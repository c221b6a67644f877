"""The book store: a role-play studio folder of books, card assets, world assets and sessions.

Layout (the design's "Book storage model")::

    books/{bookId}/project.json            the book record (without its trace and artifacts)
    books/{bookId}/design-artifacts.json   accepted tags only: the book's current facts
    books/{bookId}/traces.jsonl            design / play trace, append-only JSON lines
    books/{bookId}/contents/{contentId}.json   project texts (outline, chapters)
    books/{bookId}/snapshots/{snapshotId}.json play save points
    assets/cards/{assetId}.json (+ .png)   card library
    assets/worlds/{assetId}.json           world books bound to cards
    sessions/{sessionId}.json              working copies

The older flat layout (``books/{id}.json`` holding the whole record, plus ``session.json``) is read too;
such books are read-only until :meth:`BookStore.migrate` moves them to the layout above.

Every JSON file is written atomically; traces are appended line by line with an fsync each. Nothing that
carries an API key is written (:class:`~kit.books.errors.SecretError`). Every mutation holds the store's
write lock (:class:`kit.books._lock.StoreLock`, an ``flock`` on the studio folder), so writers in several
processes or threads take turns instead of losing each other's updates.
"""

from __future__ import annotations

import copy
import functools
import uuid
import warnings
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from kit.core.atomic_files import check_folder_inside
from kit.books._io import read_file, read_json, write_bytes_atomic, write_json_atomic
from kit.books._lock import StoreLock
from kit.cards import Card, card_from_dict, card_from_tags, read_card, write_card
from kit.books.errors import (
    BookNotFoundError,
    BookRecordError,
    BookStateError,
    CardError,
    StorageError,
    TornTraceWarning,
    TraceError,
)
from kit.core.frames import UTC_TIME, frame, ordered
from kit.core.png import is_png, read_all_text_chunks, write_text_chunks
from kit.core.problems import PROBLEM_COLUMNS, problems_frame
from kit.books.records import (
    DESIGN_TRACE_TYPES,
    PLAY_TRACE_TYPES,
    Book,
    CardAsset,
    CardBook,
    CardRef,
    ChatMessage,
    ContentRecord,
    DesignTraceEntry,
    PlayBook,
    PlayTraceEntry,
    ProjectBook,
    RunSnapshot,
    RunState,
    TaggedArtifact,
    TraceEntry,
    WorldAsset,
    WorldRef,
    book_from_dict,
    check_id,
    check_timestamp,
)
from kit.books.secrets import check_no_secrets
from kit.books.traces import TraceLog, append_trace_line, read_trace_file

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from kit.worldbook import WorldBook

__all__ = ["BookStore", "open_store", "utc_now"]

_ARTIFACT_TRACE_TYPE = {"draft": "agent_tool", "accepted": "user_confirmed", "rejected": "user_rejected"}
_WORLD_PLACEHOLDER = "$worldRef"


def utc_now() -> str:
    """The current UTC time as ``2026-01-02T03:04:05.678Z`` (the store's default clock)."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def open_store(
    path: str | Path, *, create: bool = True, clock: Callable[[], str] | None = None, lock_timeout: float = 10.0
) -> BookStore:
    """Open (and by default create) the book store at ``path``.

    Parameters
    ----------
    path : path
        The studio folder holding ``books/``, ``assets/`` and ``sessions/``.
    create : bool, default=True
        Create the folder when missing; with False a missing folder raises :class:`BookNotFoundError`.
    clock : callable, optional
        Returns the ISO 8601 timestamp used when an operation gets no ``at=``; defaults to :func:`utc_now`.
    lock_timeout : float, default=10.0
        Seconds a write waits for another writer (process or thread) of the same store before raising
        :class:`~kit.books.errors.StoreBusyError`.

    Returns
    -------
    BookStore
    """
    root = Path(path)
    if not root.is_dir():
        if not create:
            raise BookNotFoundError(f"{root}: no book store here (the folder does not exist); pass create=True")
        root.mkdir(parents=True)
    return BookStore(root, clock=clock, lock_timeout=lock_timeout)


# ----------------------------------------------------------------------------------------------- frames

_AT = UTC_TIME
#: Ordered categorical of every trace entry type (design types, then the play-only ones).
TRACE_TYPE = ordered(dict.fromkeys((*DESIGN_TRACE_TYPES, *PLAY_TRACE_TYPES)))
BOOKS_COLUMNS = {
    "book_id": "string", "book_type": "string", "kind": "string", "title": "string", "lifecycle_stage": "string",
    "orchestrator_id": "string", "card_asset_id": "string", "world_asset_id": "string",
    "n_trace_entries": "int64", "n_messages": "int64", "n_artifacts": "int64", "n_snapshots": "int64",
    "n_contents": "int64", "created_at": _AT, "updated_at": _AT, "last_activity_at": _AT,
    "layout": "string", "path": "string",
}  # fmt: skip
ASSETS_COLUMNS = {
    "asset_id": "string", "title": "string", "name": "string", "source": "string", "card_book_id": "string",
    "n_tags": "int64", "card_tags": "string", "has_avatar": "bool", "world_asset_id": "string",
    "n_world_entries": "int64", "n_play_books": "int64", "confirmed_at": _AT, "path": "string",
}  # fmt: skip
TRACES_COLUMNS = {
    "book_id": "string", "seq": "int64", "trace": "string", "at": _AT, "type": TRACE_TYPE, "turn": "Int64",
    "skill_id": "string", "tool": "string", "summary": "string", "output_tags": "string",
    "artifact_tag": "string", "artifact_status": "string", "snapshot_id": "string",
}  # fmt: skip
TIMELINE_COLUMNS = {
    "book_id": "string", "seq": "int64", "at": _AT, "elapsed_min": "float64", "trace": "string",
    "type": TRACE_TYPE, "lane": "int64", "turn": "Int64", "summary": "string", "artifact_tag": "string",
    "artifact_status": "string",
}  # fmt: skip
SNAPSHOTS_COLUMNS = {
    "book_id": "string", "snapshot_id": "string", "label": "string", "at": _AT, "turn": "int64",
    "n_messages": "int64", "n_variables": "int64", "is_listed": "bool", "path": "string",
}  # fmt: skip
MESSAGES_COLUMNS = {"book_id": "string", "seq": "int64", "role": "string", "content": "string", "at": _AT}
ARTIFACTS_COLUMNS = {
    "book_id": "string", "seq": "int64", "tag": "string", "value": "string", "status": "string", "at": _AT,
    "skill_id": "string", "is_current": "bool",
}  # fmt: skip
CONTENTS_COLUMNS = {
    "book_id": "string", "content_id": "string", "kind": "string", "title": "string", "n_chars": "int64",
    "created_at": _AT, "is_current": "bool", "path": "string",
}  # fmt: skip
SESSIONS_COLUMNS = {"session_id": "string", "book_id": "string", "n_messages": "int64", "layout": "string", "path": "string"}
WORLD_ENTRIES_COLUMNS = {
    "asset_id": "string", "entry_id": "string", "comment": "string", "keys": "string", "position": "int64",
    "position_label": "string", "order": "int64", "is_enabled": "bool", "is_constant": "bool", "n_chars": "int64",
}  # fmt: skip
#: The book-store column of :meth:`BookStore.problems`, after the shared problems columns: none.
PROBLEMS_COLUMNS = PROBLEM_COLUMNS



def _mutation(method: Callable[..., Any]) -> Callable[..., Any]:
    """Run a store method while holding the store's write lock (checks and writes happen under one lock)."""

    @functools.wraps(method)
    def locked(self: BookStore, *args: Any, **kwargs: Any) -> Any:
        with self.lock.hold():
            return method(self, *args, **kwargs)

    return locked


def _max_stamp(*stamps: str | None) -> str | None:
    present = [s for s in stamps if s]
    return max(present, key=lambda s: datetime.fromisoformat(s)) if present else None


class BookStore:
    """A studio folder of books and card assets (see the module docstring for the layout).

    Use :func:`open_store` to get one. Reading methods return records or DataFrames; writing methods
    validate everything, refuse secrets, and only then write, so a refused call leaves the store unchanged.

    Parameters
    ----------
    root : Path
        The studio folder.
    clock : callable, optional
        Timestamp source for operations called without ``at=``.
    lock_timeout : float, default=10.0
        Seconds a write waits for the store's write lock.
    """

    def __init__(self, root: str | Path, *, clock: Callable[[], str] | None = None, lock_timeout: float = 10.0) -> None:
        self.root = Path(root)
        self.clock = clock or utc_now
        self.lock = StoreLock(self.root, timeout=lock_timeout)

    def __repr__(self) -> str:
        return f"BookStore({self.root.name!r})"

    # ------------------------------------------------------------------------------------------ files
    # Every write stays inside the store: no folder on the way may be a symbolic link, temporary files are
    # created exclusively and traces are opened without following links (kit.core.atomic_files).
    def _write_json(self, path: Path, value: Any) -> None:
        write_json_atomic(path, value, root=self.root)

    def _write_bytes(self, path: Path, data: bytes) -> None:
        write_bytes_atomic(path, data, root=self.root)

    def _append(self, path: Path, entry: dict[str, Any]) -> TraceEntry:
        return append_trace_line(path, entry, root=self.root)

    # ------------------------------------------------------------------------------------------ paths
    def _rel(self, path: Path) -> str:
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return str(path)

    def book_dir(self, book_id: str) -> Path:
        """The folder of a book in the current layout (``books/{id}``)."""
        return self.root / "books" / check_id(book_id, what="book_id")

    def _project(self, book_id: str) -> Path:
        return self.book_dir(book_id) / "project.json"

    def _artifacts_file(self, book_id: str) -> Path:
        return self.book_dir(book_id) / "design-artifacts.json"

    def _trace_file(self, book_id: str) -> Path:
        return self.book_dir(book_id) / "traces.jsonl"

    def _flat(self, book_id: str) -> Path:
        return self.root / "books" / f"{check_id(book_id, what='book_id')}.json"

    def _asset_file(self, asset_id: str) -> Path:
        return self.root / "assets" / "cards" / f"{check_id(asset_id, what='asset_id')}.json"

    def _world_file(self, world_id: str) -> Path:
        return self.root / "assets" / "worlds" / f"{check_id(world_id, what='world_asset_id')}.json"

    def _stamp(self, at: str | None) -> str:
        return check_timestamp(self.clock() if at is None else at, what="at")

    def _new_id(self, prefix: str) -> str:
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

    # ------------------------------------------------------------------------------------- reading
    def layout(self, book_id: str) -> Literal["dir", "flat"]:
        """``"dir"`` for ``books/{id}/project.json``, ``"flat"`` for the older ``books/{id}.json``."""
        if self._project(book_id).exists():
            return "dir"
        if self._flat(book_id).exists():
            return "flat"
        raise BookNotFoundError(
            f"{self.root}: no book {book_id!r} (neither books/{book_id}/project.json nor books/{book_id}.json "
            "exists); store.books() lists the books there are"
        )

    def _read_trace(self, book_id: str, *, warn: bool = True) -> TraceLog:
        return read_trace_file(self._trace_file(book_id), warn=warn)

    def book(self, book_id: str, *, warn: bool = True) -> Book:
        """Read a book with its trace, artifacts and messages assembled into one record.

        Returns
        -------
        CardBook, PlayBook or ProjectBook
            Chosen by the book's ``kind``.

        Raises
        ------
        BookNotFoundError, BookRecordError, TraceError
            Missing book, malformed file (the message names file and field), or a corrupt trace line.
        """
        if self.layout(book_id) == "flat":
            path = self._flat(book_id)
            book = book_from_dict(read_json(path), str(path))
            if book.id != book_id:
                raise BookRecordError(f"{path}: field 'id' is {book.id!r} but the file name says {book_id!r}", path=str(path), field="id")
            return book
        path = self._project(book_id)
        data = read_json(path)
        book = book_from_dict(data, str(path))
        if book.id != book_id:
            raise BookRecordError(f"{path}: field 'id' is {book.id!r} but the folder says {book_id!r}", path=str(path), field="id")
        entries = self._read_trace(book_id, warn=warn).entries
        if isinstance(book, PlayBook):
            plays = tuple(e for e in entries if isinstance(e, PlayTraceEntry))
            return replace(book, play_trace=book.play_trace + plays)
        designs = tuple(e for e in entries if isinstance(e, DesignTraceEntry))
        book = replace(book, design_trace=book.design_trace + designs)
        if isinstance(book, CardBook):
            book = replace(book, design_artifacts=self._read_artifacts(book_id))
        return book

    def _read_artifacts(self, book_id: str) -> tuple[TaggedArtifact, ...]:
        path = self._artifacts_file(book_id)
        if not path.exists():
            return ()
        data = read_json(path)
        items = data.get("artifacts")
        if not isinstance(items, list):
            raise BookRecordError(f"{path}: field 'artifacts' must be a JSON array", path=str(path), field="artifacts")
        return tuple(TaggedArtifact.from_dict(a, str(path), f"artifacts[{i}]") for i, a in enumerate(items))

    def asset(self, asset_id: str) -> CardAsset:
        """Read a card asset record (``assets/cards/{id}.json``)."""
        path = self._asset_file(asset_id)
        if not path.exists():
            raise BookNotFoundError(f"{self.root}: no card asset {asset_id!r} (assets/cards/{asset_id}.json is missing); store.assets() lists them")
        record = CardAsset.from_dict(read_json(path), str(path))
        if record.id != asset_id:
            raise BookRecordError(f"{path}: field 'id' is {record.id!r} but the file name says {asset_id!r}", path=str(path), field="id")
        return record

    def world_asset(self, world_id: str) -> WorldAsset:
        """Read a world asset record (``assets/worlds/{id}.json``)."""
        path = self._world_file(world_id)
        if not path.exists():
            raise BookNotFoundError(f"{self.root}: no world asset {world_id!r} (assets/worlds/{world_id}.json is missing)")
        return WorldAsset.from_dict(read_json(path), str(path))

    def avatar(self, asset_id: str) -> bytes | None:
        """The PNG avatar bytes of a card asset (without card chunks), or None when it has none."""
        record = self.asset(asset_id)
        if record.avatar is None:
            return None
        path = self._asset_file(asset_id).with_name(record.avatar)
        try:
            return read_file(path, what="avatar")
        except FileNotFoundError:
            raise BookNotFoundError(
                f"{self._asset_file(asset_id)}: field 'avatar' names {record.avatar!r}, which is missing"
            ) from None

    def card(self, asset_id: str) -> Card:
        """Return the full character card of an asset, its bound world book embedded again."""
        record = self.asset(asset_id)
        raw = copy.deepcopy(dict(record.card))
        data = raw.get("data", raw)
        ref = data.get("character_book")
        if isinstance(ref, dict) and _WORLD_PLACEHOLDER in ref:
            if record.world_ref is None:
                raise BookRecordError(
                    f"{self._asset_file(asset_id)}: field 'card.data.character_book' points to a world asset but "
                    "'worldRef' is missing",
                    path=str(self._asset_file(asset_id)),
                    field="worldRef",
                )
            data["character_book"] = copy.deepcopy(dict(self._bound_world(asset_id, record.world_ref).character_book))
        elif record.world_ref is not None and "character_book" not in data:
            data["character_book"] = copy.deepcopy(dict(self._bound_world(asset_id, record.world_ref).character_book))
        card = card_from_dict(raw, where=str(self._asset_file(asset_id)) + " field 'card'", avatar=self.avatar(asset_id))
        return replace(card, source=record.source_file)

    def _bound_world(self, asset_id: str, world_id: str) -> WorldAsset:
        try:
            return self.world_asset(world_id)
        except BookNotFoundError:
            raise BookNotFoundError(
                f"{self._asset_file(asset_id)}: field 'worldRef' names world asset {world_id!r}, but "
                f"assets/worlds/{world_id}.json is missing"
            ) from None

    def world_book(self, asset_id: str) -> WorldBook | None:
        """The world book bound to a card asset (or a world asset, by its id) as a ``kit.worldbook.WorldBook``.

        Returns None for a card asset without a bound world.
        """
        from kit.worldbook.cards import from_character_book

        if self._world_file(asset_id).exists() and not self._asset_file(asset_id).exists():
            world = self.world_asset(asset_id)
        else:
            ref = self.asset(asset_id).world_ref
            if ref is None:
                return None
            world = self._bound_world(asset_id, ref)
        return from_character_book(copy.deepcopy(dict(world.character_book)), book_id=world.id, name=world.name)

    def snapshot(self, book_id: str, snapshot_id: str) -> RunSnapshot:
        """Read one snapshot of a play book."""
        path = self.book_dir(book_id) / "snapshots" / f"{check_id(snapshot_id, what='snapshot_id')}.json"
        if not path.exists():
            raise BookNotFoundError(f"{self.root}: book {book_id!r} has no snapshot {snapshot_id!r} ({self._rel(path)} is missing)")
        return RunSnapshot.from_dict(read_json(path), str(path))

    def content(self, book_id: str, content_id: str) -> ContentRecord:
        """Read one content record (outline or chapter) of a project book."""
        path = self.book_dir(book_id) / "contents" / f"{check_id(content_id, what='content_id')}.json"
        if not path.exists():
            raise BookNotFoundError(f"{self.root}: book {book_id!r} has no content {content_id!r} ({self._rel(path)} is missing)")
        return ContentRecord.from_dict(read_json(path), str(path))

    def latest_snapshot(self, book_id: str) -> RunSnapshot | None:
        """The most recent snapshot listed by a play book (None when it has none)."""
        book = self.book(book_id)
        if not isinstance(book, PlayBook) or not book.snapshot_ids:
            return None
        return self.snapshot(book_id, book.snapshot_ids[-1])

    # ------------------------------------------------------------------------------------- writing
    def _writable(self, book_id: str, *types: type) -> Book:
        if self.layout(book_id) == "flat":
            raise BookStateError(
                f"{self._rel(self._flat(book_id))}: book {book_id!r} uses the older flat layout, which kit reads "
                f"but does not change; call store.migrate({book_id!r}) first"
            )
        path = self._project(book_id)
        book = book_from_dict(read_json(path), str(path))  # the header only: writes never need the trace
        if types and not isinstance(book, types):
            names = " or ".join(t.__name__ for t in types)
            raise BookStateError(f"book {book_id!r} is a {type(book).__name__} (kind {book.kind!r}); this operation needs a {names}")
        if book.lifecycle_stage == "archived":
            raise BookStateError(f"book {book_id!r} is archived; archived books are read-only")
        return book

    def _write_header(self, book: Book) -> None:
        data = book.to_dict()
        for key in ("designTrace", "designArtifacts", "playTrace"):
            data.pop(key, None)
        path = self._project(book.id)
        check_no_secrets(data, where=str(path))
        book_from_dict(data, str(path))
        self._write_json(path, data)

    def _create(self, book: Book) -> Book:
        path = self._project(book.id)
        if path.exists() or self._flat(book.id).exists():
            raise BookStateError(f"{self._rel(path)}: a book with id {book.id!r} already exists; choose another book_id")
        self._write_header(book)
        return book

    @_mutation
    def create_card_book(
        self,
        title: str,
        *,
        book_id: str | None = None,
        orchestrator_id: str = "default",
        run_skill_manifest: Mapping[str, Any] | None = None,
        at: str | None = None,
    ) -> CardBook:
        """Create a character-card design book (``lifecycleStage="design"``) and return it."""
        stamp = self._stamp(at)
        book = CardBook(
            id=check_id(book_id or self._new_id("cardbook"), what="book_id"),
            title=title,
            orchestrator_id=orchestrator_id,
            lifecycle_stage="design",
            created_at=stamp,
            updated_at=stamp,
            run_skill_manifest=None if run_skill_manifest is None else dict(run_skill_manifest),
        )
        return self._create(book)  # type: ignore[return-value]

    @_mutation
    def create_project_book(
        self,
        title: str,
        *,
        kind: Literal["novel", "forum", "weird_rules", "custom"] = "novel",
        book_id: str | None = None,
        orchestrator_id: str = "default",
        at: str | None = None,
    ) -> ProjectBook:
        """Create a project book (a novel by default) in the design stage and return it."""
        stamp = self._stamp(at)
        book = ProjectBook(
            id=check_id(book_id or self._new_id(kind), what="book_id"),
            title=title,
            orchestrator_id=orchestrator_id,
            kind=kind,
            lifecycle_stage="design",
            created_at=stamp,
            updated_at=stamp,
        )
        book_from_dict(book.to_dict(), "<new book>")
        return self._create(book)  # type: ignore[return-value]

    @_mutation
    def create_play_book(
        self,
        title: str,
        *,
        card_asset_id: str,
        world_asset_id: str | None = None,
        book_id: str | None = None,
        kind: Literal["character_card_play", "roleplay"] = "character_card_play",
        orchestrator_id: str = "default",
        context_profile: Mapping[str, Any] | None = None,
        run_skill_manifest: Mapping[str, Any] | None = None,
        variables: Mapping[str, Any] | None = None,
        at: str | None = None,
    ) -> PlayBook:
        """Create a play book that plays a card asset (and a world, by default the card's bound world).

        Raises
        ------
        BookNotFoundError
            The card asset or world asset does not exist; nothing is written.
        """
        stamp = self._stamp(at)
        target = self._rel(self._project(book_id)) if book_id else "the new play book"
        try:
            asset = self.asset(card_asset_id)
        except BookNotFoundError as exc:
            raise BookNotFoundError(f"{target}: field 'cardRef.assetId': {exc}; nothing was written") from None
        world = world_asset_id if world_asset_id is not None else asset.world_ref
        if world is not None:
            try:
                self.world_asset(world)
            except BookNotFoundError as exc:
                raise BookNotFoundError(f"{target}: field 'worldRef.assetId': {exc}; nothing was written") from None
        manifest = run_skill_manifest if run_skill_manifest is not None else (asset.run_skill_manifest or {})
        book = PlayBook(
            id=check_id(book_id or self._new_id("playbook"), what="book_id"),
            title=title,
            orchestrator_id=orchestrator_id,
            lifecycle_stage="play",
            created_at=stamp,
            updated_at=stamp,
            card_ref=CardRef(card_asset_id, asset.card.get("data", {}).get("character_version") or None),
            world_ref=None if world is None else WorldRef(world),
            context_profile=dict(context_profile or {}),
            run_skill_manifest=dict(manifest),
            run_state=RunState(0, dict(variables or {}), ""),
            kind=kind,
        )
        return self._create(book)  # type: ignore[return-value]

    @_mutation
    def append_design_trace(
        self,
        book_id: str,
        type: str,
        summary: str,
        *,
        skill_id: str | None = None,
        tool: str | None = None,
        output_tags: tuple[str, ...] | list[str] = (),
        at: str | None = None,
    ) -> DesignTraceEntry:
        """Append one design-trace entry (``user_input``, ``agent_tool``, ``skill_invoked``, ...) to a card or project book."""
        self._writable(book_id, CardBook, ProjectBook)
        entry = {"trace": "design", "at": self._stamp(at), "type": type, "summary": summary, "skillId": skill_id,
                 "tool": tool, "outputTags": list(output_tags) or None}  # fmt: skip
        return self._append(self._trace_file(book_id), {k: v for k, v in entry.items() if v is not None})  # type: ignore[return-value]

    @_mutation
    def append_play_trace(
        self,
        book_id: str,
        type: str,
        summary: str,
        *,
        turn: int | None = None,
        skill_id: str | None = None,
        at: str | None = None,
    ) -> PlayTraceEntry:
        """Append one play-trace entry (``user_input``, ``skill_invoked``, ``artifact``, ``snapshot``) to a play book.

        ``turn`` defaults to the book's current ``runState.turn``.
        """
        book = self._writable(book_id, PlayBook)
        entry = {"trace": "play", "at": self._stamp(at), "type": type, "summary": summary,
                 "turn": book.run_state.turn if turn is None else turn, "skillId": skill_id}  # fmt: skip
        return self._append(self._trace_file(book_id), {k: v for k, v in entry.items() if v is not None})  # type: ignore[return-value]

    @_mutation
    def record_artifact(
        self,
        book_id: str,
        tag: str,
        value: str,
        *,
        status: Literal["draft", "accepted", "rejected"],
        skill_id: str | None = None,
        summary: str | None = None,
        at: str | None = None,
    ) -> TaggedArtifact:
        """Record a tagged artifact with its status.

        Every artifact goes into the trace (card/project books: a design entry of type ``agent_tool`` for
        drafts, ``user_confirmed`` for acceptances, ``user_rejected`` for rejections; play books: an
        ``artifact`` entry). Only ``accepted`` ones become current facts: ``design-artifacts.json`` for card
        and project books, ``runState.variables[tag]`` for play books.
        """
        book = self._writable(book_id)
        stamp = self._stamp(at)
        artifact = TaggedArtifact.from_dict(
            {k: v for k, v in {"tag": tag, "value": value, "status": status, "at": stamp, "skillId": skill_id}.items() if v is not None},
            f"record_artifact({book_id!r})",
        )
        check_no_secrets(artifact.to_dict(), where=self._rel(self._trace_file(book_id)), path="artifact")
        text = summary or f"{status}: {tag}"
        if isinstance(book, PlayBook):
            entry = {"trace": "play", "at": stamp, "turn": book.run_state.turn, "type": "artifact", "summary": text,
                     "skillId": skill_id, "artifact": artifact.to_dict()}  # fmt: skip
        else:
            entry = {"trace": "design", "at": stamp, "type": _ARTIFACT_TRACE_TYPE[status], "summary": text,
                     "skillId": skill_id, "outputTags": [tag], "artifact": artifact.to_dict()}  # fmt: skip
        self._append(self._trace_file(book_id), {k: v for k, v in entry.items() if v is not None})
        if status == "accepted":
            if isinstance(book, PlayBook):
                variables = {**book.run_state.variables, tag: value}
                self._write_header(replace(book, run_state=replace(book.run_state, variables=variables), updated_at=stamp))
            else:
                current = [a for a in self._read_artifacts(book_id) if a.tag != tag] + [artifact]
                self._write_json(self._artifacts_file(book_id), {"bookId": book_id, "artifacts": [a.to_dict() for a in current]})
                self._write_header(replace(book, updated_at=stamp))
        return artifact

    @_mutation
    def add_message(self, book_id: str, role: str, content: str, *, at: str | None = None) -> ChatMessage:
        """Append a user-visible chat message to a book's ``messages``."""
        book = self._writable(book_id)
        message = ChatMessage(role, content, self._stamp(at))
        ChatMessage.from_dict(message.to_dict(), f"add_message({book_id!r})")
        self._write_header(replace(book, messages=book.messages + (message,), updated_at=message.at))
        return message

    @_mutation
    def update_run_state(
        self,
        book_id: str,
        *,
        turn: int | None = None,
        variables: Mapping[str, Any] | None = None,
        event: str | None = None,
        at: str | None = None,
    ) -> RunState:
        """Update a play book's run state: set ``turn``, merge ``variables``, append ``event`` to the event stream."""
        book = self._writable(book_id, PlayBook)
        state = book.run_state
        stream = state.event_stream + (("\n" if state.event_stream else "") + event if event else "")
        new = RunState.from_dict(
            {"turn": state.turn if turn is None else turn, "variables": {**state.variables, **(variables or {})}, "eventStream": stream},
            f"update_run_state({book_id!r})",
        )
        self._write_header(replace(book, run_state=new, updated_at=self._stamp(at)))
        return new

    @_mutation
    def save_snapshot(
        self, book_id: str, *, snapshot_id: str | None = None, label: str | None = None, at: str | None = None
    ) -> RunSnapshot:
        """Save a play book's run state and messages as a snapshot, list it in ``snapshotIds``, and trace it."""
        book = self._writable(book_id, PlayBook)
        stamp = self._stamp(at)
        sid = check_id(snapshot_id or f"snap-{len(book.snapshot_ids) + 1:03d}", what="snapshot_id")
        path = self.book_dir(book_id) / "snapshots" / f"{sid}.json"
        if path.exists():
            raise BookStateError(f"{self._rel(path)}: snapshot {sid!r} already exists; snapshots are never overwritten")
        snap = RunSnapshot(sid, book_id, stamp, book.run_state, book.messages, label)
        check_no_secrets(snap.to_dict(), where=str(path))
        self._write_json(path, snap.to_dict())
        self._append(self._trace_file(book_id), {"trace": "play", "at": stamp, "turn": book.run_state.turn,
                          "type": "snapshot", "summary": label or f"snapshot {sid}", "snapshotId": sid})  # fmt: skip
        self._write_header(replace(book, snapshot_ids=book.snapshot_ids + (sid,), updated_at=stamp))
        return snap

    @_mutation
    def save_content(
        self,
        book_id: str,
        text: str,
        *,
        kind: Literal["outline", "chapter"] = "chapter",
        title: str = "",
        content_id: str | None = None,
        at: str | None = None,
    ) -> ContentRecord:
        """Save a project book's text as a new content record and make it current (the old one goes to history)."""
        book = self._writable(book_id, ProjectBook)
        stamp = self._stamp(at)
        cid = check_id(content_id or f"content-{len(book.history_content_ids) + (book.current_content_id is not None) + 1:03d}", what="content_id")
        path = self.book_dir(book_id) / "contents" / f"{cid}.json"
        if path.exists():
            raise BookStateError(f"{self._rel(path)}: content {cid!r} already exists; contents are never overwritten")
        record = ContentRecord.from_dict(
            {"id": cid, "bookId": book_id, "kind": kind, "title": title, "text": text, "createdAt": stamp}, str(path)
        )
        check_no_secrets(record.to_dict(), where=str(path))
        self._write_json(path, record.to_dict())
        history = book.history_content_ids + ((book.current_content_id,) if book.current_content_id else ())
        self._write_header(replace(book, current_content_id=cid, history_content_ids=history, updated_at=stamp))
        return record

    @_mutation
    def update_book(
        self,
        book_id: str,
        *,
        title: str | None = None,
        readiness: Mapping[str, Any] | None = None,
        run_skill_manifest: Mapping[str, Any] | None = None,
        lifecycle_stage: str | None = None,
        at: str | None = None,
    ) -> Book:
        """Change a book's header fields (title, readiness, run-skill manifest, lifecycle stage)."""
        book = self._writable(book_id)
        changes: dict[str, Any] = {"updated_at": self._stamp(at)}
        if title is not None:
            changes["title"] = title
        if readiness is not None:
            if not isinstance(book, CardBook):
                raise BookStateError(f"book {book_id!r}: only card books have a readiness")
            changes["readiness"] = dict(readiness)
        if run_skill_manifest is not None:
            if isinstance(book, ProjectBook):
                raise BookStateError(f"book {book_id!r}: project books have no run-skill manifest")
            changes["run_skill_manifest"] = dict(run_skill_manifest)
        if lifecycle_stage is not None:
            if lifecycle_stage not in type(book).STAGES:
                raise BookRecordError(f"book {book_id!r}: lifecycle_stage must be one of {list(type(book).STAGES)}, got {lifecycle_stage!r}")
            changes["lifecycle_stage"] = lifecycle_stage
        new = replace(book, **changes)
        self._write_header(new)
        return self.book(book_id, warn=False)

    @_mutation
    def archive(self, book_id: str, *, at: str | None = None) -> Book:
        """Archive a card or play book (``lifecycleStage="archived"``; project books become ``"done"``).

        Archived books stay readable and exportable but refuse further writes.
        """
        book = self._writable(book_id)
        stage = "done" if isinstance(book, ProjectBook) else "archived"
        self._write_header(replace(book, lifecycle_stage=stage, updated_at=self._stamp(at)))
        return self.book(book_id, warn=False)

    @_mutation
    def migrate(self, book_id: str) -> Book:
        """Move a book from the older flat layout (``books/{id}.json``) to ``books/{id}/``; return it.

        The trace and artifacts embedded in the flat record go to ``traces.jsonl`` and
        ``design-artifacts.json``; the flat file is removed last.
        """
        if self.layout(book_id) != "flat":
            raise BookStateError(f"book {book_id!r} already uses the books/{book_id}/ layout")
        flat = self._flat(book_id)
        book = self.book(book_id)
        check_no_secrets(book.to_dict(), where=str(flat))
        trace = book.play_trace if isinstance(book, PlayBook) else book.design_trace
        trace_file = self._trace_file(book_id)
        if trace_file.exists():
            raise BookStateError(f"{self._rel(trace_file)} already exists; remove it or the flat file by hand")
        if isinstance(book, CardBook) and book.design_artifacts:
            self._write_json(self._artifacts_file(book_id), {"bookId": book_id, "artifacts": [a.to_dict() for a in book.design_artifacts if a.status == "accepted"]})
        for entry in trace:
            self._append(trace_file, entry.to_dict())
        self._write_header(book)
        check_folder_inside(self.root, flat.parent)
        flat.unlink()
        return self.book(book_id)

    # ----------------------------------------------------------------------------------- card assets
    def _check_new_asset(self, asset_id: str) -> None:
        if self._asset_file(asset_id).exists():
            raise BookStateError(f"assets/cards/{asset_id}.json already exists; card assets are never overwritten, choose another asset_id")
        if self._world_file(f"{asset_id}-world").exists():
            raise BookStateError(f"assets/worlds/{asset_id}-world.json already exists; choose another asset_id")

    def _store_asset(self, asset: CardAsset, card: Card, avatar: bytes | None, world_name: str) -> CardAsset:
        """Split ``card``'s book into a world asset and write avatar, world and asset (asset last)."""
        raw = card.to_dict("v2") if card.spec == "v1" else copy.deepcopy(dict(card.raw))
        data = raw["data"]
        book = data.get("character_book")
        world = None
        if book is not None:
            world = WorldAsset(f"{asset.id}-world", book.get("name") or world_name, book, asset.id)
            data["character_book"] = {_WORLD_PLACEHOLDER: world.id}
        asset = replace(asset, card=raw, world_ref=None if world is None else world.id, avatar=f"{asset.id}.png" if avatar else None)
        asset_path = self._asset_file(asset.id)
        record = asset.to_dict()
        check_no_secrets(record, where=str(asset_path))
        CardAsset.from_dict(record, str(asset_path))
        if world is not None:
            check_no_secrets(world.to_dict(), where=str(self._world_file(world.id)))
        if avatar is not None:
            avatar_path = asset_path.with_name(f"{asset.id}.png")
            texts = read_all_text_chunks(avatar, where=str(avatar_path))
            kept = [(f"{kind}:{keyword}", text) for kind, keyword, text in texts if keyword.lower() not in ("chara", "ccv3")]
            for field, text in kept:  # every other text the picture carries is stored: it must hold no key either
                check_no_secrets({field: text}, where=str(avatar_path), path="png")
        if avatar is not None:
            self._write_bytes(avatar_path, write_text_chunks(avatar, {}, drop=("chara", "ccv3")))
        if world is not None:
            self._write_json(self._world_file(world.id), world.to_dict())
        self._write_json(asset_path, record)
        return self.asset(asset.id)

    @_mutation
    def export_asset(
        self,
        book_id: str,
        *,
        asset_id: str | None = None,
        title: str | None = None,
        avatar: bytes | None = None,
        at: str | None = None,
    ) -> CardAsset:
        """Export a card book's accepted tags as a new card asset (the design's "导出 CardAsset").

        The card is built with :func:`kit.cards.card_from_tags`; a ``角色卡.世界书`` tag becomes the bound
        world asset. The card book itself is not changed.

        Raises
        ------
        BookStateError
            The book is not a card book, has no accepted tags, or the asset id is taken.
        """
        book = self.book(book_id, warn=False)
        if not isinstance(book, CardBook):
            raise BookStateError(f"book {book_id!r} is a {type(book).__name__}; only card books export card assets")
        tags = book.current_tags
        if not tags:
            raise BookStateError(f"book {book_id!r} has no accepted artifacts yet; accept some tags (record_artifact(status='accepted')) before exporting")
        aid = check_id(asset_id or self._new_id("card"), what="asset_id")
        self._check_new_asset(aid)
        if avatar is not None and not is_png(avatar):
            raise CardError(f"export_asset({book_id!r}): the avatar must be PNG bytes")
        card = card_from_tags(tags, default_name=book.title, where=f"{self._rel(self._artifacts_file(book_id))}")
        asset = CardAsset(
            id=aid,
            title=title or card.name,
            card_book_id=book_id,
            tags=dict(tags),
            confirmed_at=self._stamp(at),
            card={},
            run_skill_manifest=None if book.run_skill_manifest is None else dict(book.run_skill_manifest),
            source="exported",
        )
        return self._store_asset(asset, card, avatar, f"{card.name}'s Lorebook")

    @_mutation
    def import_card(self, path: str | Path, *, asset_id: str | None = None, title: str | None = None, at: str | None = None) -> CardAsset:
        """Turn a card file (V1/V2/V3, JSON or PNG) into a card asset; its ``character_book`` becomes a world asset.

        The asset id defaults to the file name without suffixes (``st_Seraphina.card_v2.json`` ->
        ``st_Seraphina``). A V1 card is stored as V2; V2/V3 cards are stored exactly as read.

        Raises
        ------
        CardError
            The file is not a valid card (names file and field); nothing is written.
        SecretError
            The card carries a credential.
        """
        source = Path(path)
        card = read_card(source)
        aid = check_id(asset_id or source.name.split(".")[0], what="asset_id")
        self._check_new_asset(aid)
        asset = CardAsset(
            id=aid,
            title=title or card.name,
            card_book_id=None,
            tags={},
            confirmed_at=self._stamp(at),
            card={},
            source="imported",
            source_file=source.name,
        )
        return self._store_asset(asset, card, card.avatar, f"{card.name}'s Lorebook")

    def export_card(self, asset_id: str, path: str | Path, *, spec: Literal["v2", "v3"] = "v2") -> Path:
        """Write a card asset as a card file (``.json`` in ``spec``, or ``.png`` with both chunks); return the path.

        Every field of the stored card is written back, the bound world book embedded as ``character_book``.
        """
        return write_card(self.card(asset_id), path, spec=spec)

    # ------------------------------------------------------------------------------------- sessions
    @_mutation
    def save_session(self, session_id: str, data: Mapping[str, Any]) -> Path:
        """Write a working-copy session (``sessions/{id}.json``); ``data`` should name its ``bookId``."""
        path = self.root / "sessions" / f"{check_id(session_id, what='session_id')}.json"
        record = {"id": session_id, **dict(data)}
        check_no_secrets(record, where=str(path))
        if record.get("bookId") is not None:
            try:
                self.layout(record["bookId"])
            except BookNotFoundError as exc:
                raise BookNotFoundError(f"{self._rel(path)}: field 'bookId': {exc}; nothing was written") from None
        self._write_json(path, record)
        return path

    def _session_files(self) -> Iterator[tuple[str, Path, str]]:
        folder = self.root / "sessions"
        if folder.is_dir():
            for p in sorted(folder.glob("*.json")):
                if not p.name.startswith("."):
                    yield p.stem, p, "dir"
        legacy = self.root / "session.json"
        if legacy.exists():
            yield "session", legacy, "flat"

    # ------------------------------------------------------------------------------------- frames
    def _book_row(self, book_id: str) -> dict[str, Any]:
        layout = self.layout(book_id)
        book = self.book(book_id, warn=False)
        trace = book.play_trace if isinstance(book, PlayBook) else book.design_trace
        last = trace[-1].at if trace else None
        if isinstance(book, CardBook):
            n_art = len(book.design_artifacts)
        elif isinstance(book, ProjectBook) and layout == "dir":
            n_art = len(self._read_artifacts(book_id))
        elif isinstance(book, PlayBook):
            n_art = len(book.run_state.variables)
        else:
            n_art = 0
        return {
            "book_id": book.id,
            "book_type": book.BOOK_TYPE,
            "kind": book.kind,
            "title": book.title,
            "lifecycle_stage": book.lifecycle_stage,
            "orchestrator_id": book.orchestrator_id,
            "card_asset_id": book.card_ref.asset_id if isinstance(book, PlayBook) else None,
            "world_asset_id": book.world_ref.asset_id if isinstance(book, PlayBook) and book.world_ref else None,
            "n_trace_entries": len(trace),
            "n_messages": len(book.messages),
            "n_artifacts": n_art,
            "n_snapshots": len(book.snapshot_ids) if isinstance(book, PlayBook) else 0,
            "n_contents": (len(book.history_content_ids) + (book.current_content_id is not None)) if isinstance(book, ProjectBook) else 0,
            "created_at": book.created_at,
            "updated_at": book.updated_at,
            "last_activity_at": _max_stamp(book.updated_at, last),
            "layout": layout,
            "path": self._rel(self._project(book_id) if layout == "dir" else self._flat(book_id)),
        }

    def books(self, *, strict: bool = True) -> pd.DataFrame:
        """One row per book (both layouts), sorted by ``book_id``.

        Parameters
        ----------
        strict : bool, default=True
            Raise on the first unreadable book. With False, unreadable books are left out; they show up
            in :meth:`problems`.

        Returns
        -------
        DataFrame
            ``book_id, book_type ("card"|"play"|"project"), kind, title, lifecycle_stage, orchestrator_id,
            card_asset_id, world_asset_id, n_trace_entries, n_messages, n_artifacts (accepted tags; play
            books: run-state variables), n_snapshots, n_contents, created_at, updated_at, last_activity_at
            (latest of updated_at and the last trace entry), layout ("dir"|"flat"), path``.
        """
        rows = []
        for book_id in self.book_ids():
            try:
                rows.append(self._book_row(book_id))
            except (BookRecordError, TraceError, BookNotFoundError, CardError, StorageError):
                if strict:
                    raise
        return frame(BOOKS_COLUMNS, rows, sort=["book_id"])

    def assets(self, *, strict: bool = True) -> pd.DataFrame:
        """One row per card asset, sorted by ``asset_id``.

        Returns
        -------
        DataFrame
            ``asset_id, title, name (the character), source ("exported"|"imported"), card_book_id, n_tags
            (design tags it was exported from), card_tags (the card's own tags, comma-separated), has_avatar,
            world_asset_id, n_world_entries, n_play_books, confirmed_at, path``.
        """
        plays: dict[str, int] = {}
        for book_id in self.book_ids():
            try:
                book = self.book(book_id, warn=False)
            except (BookRecordError, TraceError, BookNotFoundError, CardError, StorageError):
                if strict:
                    raise
                continue
            if isinstance(book, PlayBook):
                plays[book.card_ref.asset_id] = plays.get(book.card_ref.asset_id, 0) + 1
        rows = []
        for asset_id in self.asset_ids():
            try:
                record = self.asset(asset_id)
                n_world = len(self.world_asset(record.world_ref).character_book["entries"]) if record.world_ref else 0
            except (BookRecordError, TraceError, BookNotFoundError, CardError, StorageError):
                if strict:
                    raise
                continue
            data = record.card.get("data", record.card)
            rows.append({
                "asset_id": record.id, "title": record.title, "name": data.get("name"), "source": record.source,
                "card_book_id": record.card_book_id, "n_tags": len(record.tags),
                "card_tags": ", ".join(data.get("tags") or []), "has_avatar": record.avatar is not None,
                "world_asset_id": record.world_ref, "n_world_entries": n_world, "n_play_books": plays.get(record.id, 0),
                "confirmed_at": record.confirmed_at, "path": self._rel(self._asset_file(asset_id)),
            })  # fmt: skip
        return frame(ASSETS_COLUMNS, rows, sort=["asset_id"])

    def _trace_rows(self, book_id: str) -> list[dict[str, Any]]:
        book = self.book(book_id)
        trace = book.play_trace if isinstance(book, PlayBook) else book.design_trace
        rows = []
        for seq, e in enumerate(trace, start=1):
            art = e.artifact
            rows.append({
                "book_id": book_id, "seq": seq, "trace": e.TRACE, "at": e.at, "type": e.type,
                "turn": getattr(e, "turn", None), "skill_id": e.skill_id, "tool": getattr(e, "tool", None),
                "summary": e.summary, "output_tags": ", ".join(getattr(e, "output_tags", ())),
                "artifact_tag": art.tag if art else None, "artifact_status": art.status if art else None,
                "snapshot_id": getattr(e, "snapshot_id", None),
            })  # fmt: skip
        return rows

    def traces(self, book_id: str) -> pd.DataFrame:
        """The design or play trace of a book, one row per entry in the order written.

        A torn last line is skipped with a :class:`~kit.books.errors.TornTraceWarning`.

        Returns
        -------
        DataFrame
            ``book_id, seq (1-based), trace ("design"|"play"), at, type, turn, skill_id, tool, summary,
            output_tags (comma-separated), artifact_tag, artifact_status, snapshot_id``.
        """
        return frame(TRACES_COLUMNS, self._trace_rows(book_id), sort=["seq"])

    def timeline(self, book_id: str) -> pd.DataFrame:
        """The process timeline of a book, ready to plot (``x=at`` or ``elapsed_min``, ``y=lane``).

        Returns
        -------
        DataFrame
            ``book_id, seq, at, elapsed_min (minutes since the first entry), trace, type (ordered
            categorical of all trace types, :data:`TRACE_TYPE`: design types, then the play-only ones), lane
            (the type's code in :data:`TRACE_TYPE`, for the y axis: ``type.cat.categories`` labels it), turn,
            summary, artifact_tag, artifact_status``.
        """
        self.book(book_id, warn=False)  # the book must exist (an empty timeline otherwise says nothing)
        rows = self._trace_rows(book_id)
        out = frame(TIMELINE_COLUMNS, [{**r, "lane": TRACE_TYPE.categories.index(r["type"])} for r in rows],
                    sort=["seq"])
        if len(out):
            out["elapsed_min"] = (out["at"] - out["at"].min()).dt.total_seconds() / 60.0
        return out

    def snapshots(self, book_id: str) -> pd.DataFrame:
        """The snapshots of a play book (files under ``snapshots/``), sorted by time then id.

        Returns
        -------
        DataFrame
            ``book_id, snapshot_id, label, at, turn, n_messages, n_variables, is_listed (named in the book's
            snapshotIds), path``.
        """
        book = self.book(book_id, warn=False)
        listed = set(book.snapshot_ids) if isinstance(book, PlayBook) else set()
        folder = self.book_dir(book_id) / "snapshots"
        rows = []
        for p in sorted(folder.glob("*.json")) if folder.is_dir() else []:
            if p.name.startswith("."):
                continue
            snap = RunSnapshot.from_dict(read_json(p), str(p))
            rows.append({
                "book_id": book_id, "snapshot_id": snap.id, "label": snap.label, "at": snap.at,
                "turn": snap.run_state.turn, "n_messages": len(snap.messages),
                "n_variables": len(snap.run_state.variables), "is_listed": snap.id in listed, "path": self._rel(p),
            })  # fmt: skip
        return frame(SNAPSHOTS_COLUMNS, rows, sort=["at", "snapshot_id"])

    def messages(self, book_id: str) -> pd.DataFrame:
        """A book's chat messages: ``book_id, seq, role, content, at``."""
        book = self.book(book_id, warn=False)
        rows = [{"book_id": book_id, "seq": i, "role": m.role, "content": m.content, "at": m.at}
                for i, m in enumerate(book.messages, start=1)]  # fmt: skip
        return frame(MESSAGES_COLUMNS, rows, sort=["seq"])

    def artifacts(self, book_id: str) -> pd.DataFrame:
        """Every artifact recorded in a book's trace, with whether it is the current fact.

        Returns
        -------
        DataFrame
            ``book_id, seq (trace line), tag, value, status ("draft"|"accepted"|"rejected"), at, skill_id,
            is_current (the accepted value the book holds now)``.
        """
        book = self.book(book_id, warn=False)
        trace = book.play_trace if isinstance(book, PlayBook) else book.design_trace
        if isinstance(book, PlayBook):
            current = {(k, v) for k, v in book.run_state.variables.items() if isinstance(v, str)}
        elif self.layout(book_id) == "dir":
            current = {(a.tag, a.value) for a in self._read_artifacts(book_id)}
        else:
            current = {(a.tag, a.value) for a in getattr(book, "design_artifacts", ()) if a.status == "accepted"}
        last_accept = {}
        for seq, e in enumerate(trace, start=1):
            if e.artifact is not None and e.artifact.status == "accepted":
                last_accept[e.artifact.tag] = seq
        rows = []
        for seq, e in enumerate(trace, start=1):
            a = e.artifact
            if a is None:
                continue
            is_current = a.status == "accepted" and last_accept.get(a.tag) == seq and (a.tag, a.value) in current
            rows.append({"book_id": book_id, "seq": seq, "tag": a.tag, "value": a.value, "status": a.status,
                         "at": a.at, "skill_id": a.skill_id, "is_current": is_current})  # fmt: skip
        return frame(ARTIFACTS_COLUMNS, rows, sort=["seq"])

    def contents(self, book_id: str) -> pd.DataFrame:
        """A project book's content records: ``book_id, content_id, kind, title, n_chars, created_at, is_current, path``."""
        book = self.book(book_id, warn=False)
        current = book.current_content_id if isinstance(book, ProjectBook) else None
        folder = self.book_dir(book_id) / "contents"
        rows = []
        for p in sorted(folder.glob("*.json")) if folder.is_dir() else []:
            if p.name.startswith("."):
                continue
            rec = ContentRecord.from_dict(read_json(p), str(p))
            rows.append({"book_id": book_id, "content_id": rec.id, "kind": rec.kind, "title": rec.title,
                         "n_chars": len(rec.text), "created_at": rec.created_at, "is_current": rec.id == current,
                         "path": self._rel(p)})  # fmt: skip
        return frame(CONTENTS_COLUMNS, rows, sort=["created_at", "content_id"])

    def sessions(self) -> pd.DataFrame:
        """Working-copy sessions (``sessions/*.json`` and the older ``session.json``): ``session_id, book_id, n_messages, layout, path``."""
        rows = []
        for sid, path, layout in self._session_files():
            data = read_json(path)
            messages = data.get("messages")
            rows.append({"session_id": data.get("id", sid) if layout == "dir" else sid, "book_id": data.get("bookId"),
                         "n_messages": len(messages) if isinstance(messages, list) else 0, "layout": layout,
                         "path": self._rel(path)})  # fmt: skip
        return frame(SESSIONS_COLUMNS, rows, sort=["session_id"])

    def world_entries(self, asset_id: str) -> pd.DataFrame:
        """The entries of the world book bound to a card asset, in file order, with their position labels.

        Returns
        -------
        DataFrame
            ``asset_id, entry_id, comment, keys (comma-separated), position (kit's 0-7), position_label,
            order, is_enabled, is_constant, n_chars``. Empty when the card has no world.
        """
        book = self.world_book(asset_id)
        rows = []
        for entry in book or ():
            kw = entry.triggers.keyword
            rows.append({
                "asset_id": asset_id, "entry_id": entry.uid, "comment": entry.comment,
                "keys": ", ".join(kw.keys) if kw is not None else "", "position": entry.position,
                "position_label": entry.position_label, "order": entry.order, "is_enabled": not entry.disable,
                "is_constant": bool(entry.triggers.constant), "n_chars": len(entry.content),
            })  # fmt: skip
        return frame(WORLD_ENTRIES_COLUMNS, rows)

    def play_books_for(self, asset_id: str) -> pd.DataFrame:
        """The play books whose ``cardRef`` names ``asset_id`` (the :meth:`books` columns)."""
        frame = self.books(strict=False)
        return frame[frame["card_asset_id"] == asset_id].reset_index(drop=True)

    # ------------------------------------------------------------------------------------- checking
    def problems(self) -> pd.DataFrame:
        """Every problem found in the store, without raising: unreadable files, torn trace lines, broken references.

        A book, asset, world or session that cannot be checked at all (a non-regular file, JSON nested too
        deeply or too costly to read, an unexpected failure) is one ``unreadable`` row naming its file; the
        other items are still checked.

        Returns
        -------
        DataFrame
            The shared problems shape (:mod:`kit.core.problems`): ``severity`` (``warning`` for a torn last
            trace line, else ``error``), ``kind`` (``unreadable``, ``torn_trace``, ``missing_reference``,
            ``missing_file``), ``object_id`` (the book, card asset, world asset or session id), ``field``,
            ``message``, ``path`` (relative to the store); sorted by path and field.
        """
        rows: list[dict[str, Any]] = []

        def add(path: Path | str, field: str, reason: str, severity: str = "error", *, kind: str = "unreadable",
                object_id: str | None = None) -> None:
            rel = self._rel(path) if isinstance(path, Path) else path
            rows.append({"severity": severity, "kind": kind, "object_id": object_id, "field": field,
                         "message": reason.replace(str(self.root) + "/", ""), "path": rel})

        def guarded(path: Path, object_id: str | None, check: Callable[[], None]) -> None:
            try:
                check()
            except Exception as exc:  # problems() reports; it never raises on a bad item
                where = Path(exc.path) if isinstance(getattr(exc, "path", None), str) and exc.path else path
                add(where, getattr(exc, "field", "") or "", str(exc) or type(exc).__name__, object_id=object_id)

        def listing(list_ids: Callable[[], list[str]], where: Path) -> set[str]:
            try:
                return set(list_ids())
            except Exception as exc:  # an unlistable folder is one row, the rest is still checked
                add(where, "", f"cannot list the folder: {exc}")
                return set()

        asset_ids = listing(self.asset_ids, self.root / "assets" / "cards")
        world_ids = listing(self.world_asset_ids, self.root / "assets" / "worlds")
        book_ids = listing(self.book_ids, self.root / "books")

        def check_book(book_id: str) -> None:
            try:
                layout = self.layout(book_id)
                path = self._project(book_id) if layout == "dir" else self._flat(book_id)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", TornTraceWarning)
                    book = self.book(book_id, warn=False)
            except (BookRecordError, TraceError) as exc:
                add(Path(exc.path) if exc.path else self.root / "books" / book_id, exc.field, str(exc), object_id=book_id)
                return
            if layout == "dir":
                log = self._read_trace(book_id, warn=False)
                if log.torn_line is not None:
                    add(self._trace_file(book_id), f"line {log.torn_line}", "torn last line ignored (interrupted write)", "warning",
                        kind="torn_trace", object_id=book_id)
            if isinstance(book, PlayBook):
                if book.card_ref.asset_id not in asset_ids:
                    add(path, "cardRef.assetId", f"card asset {book.card_ref.asset_id!r} does not exist",
                        kind="missing_reference", object_id=book_id)
                if book.world_ref and book.world_ref.asset_id and book.world_ref.asset_id not in world_ids:
                    add(path, "worldRef.assetId", f"world asset {book.world_ref.asset_id!r} does not exist",
                        kind="missing_reference", object_id=book_id)
                for sid in book.snapshot_ids:
                    if not (self.book_dir(book_id) / "snapshots" / f"{sid}.json").exists():
                        add(path, "snapshotIds", f"snapshot {sid!r} is listed but its file is missing",
                            kind="missing_file", object_id=book_id)
            if isinstance(book, ProjectBook) and layout == "dir":
                for cid in (book.current_content_id, *book.history_content_ids):
                    if cid and not (self.book_dir(book_id) / "contents" / f"{cid}.json").exists():
                        add(path, "currentContentId" if cid == book.current_content_id else "historyContentIds", f"content {cid!r} is missing",
                            kind="missing_file", object_id=book_id)
            for sub, parse in (("snapshots", RunSnapshot.from_dict), ("contents", ContentRecord.from_dict)):
                folder = self.book_dir(book_id) / sub
                for p in sorted(folder.glob("*.json")) if folder.is_dir() else []:
                    try:
                        parse(read_json(p), str(p))
                    except Exception as exc:  # reported, and the other files are still checked
                        add(p, getattr(exc, "field", "") or "", str(exc) or type(exc).__name__, object_id=book_id)

        def check_asset(asset_id: str) -> None:
            path = self._asset_file(asset_id)
            try:
                record = self.asset(asset_id)
            except BookRecordError as exc:
                add(path, exc.field, str(exc), object_id=asset_id)
                return
            if record.card_book_id and record.card_book_id not in book_ids:
                add(path, "cardBookId", f"card book {record.card_book_id!r} does not exist",
                    kind="missing_reference", object_id=asset_id)
            if record.world_ref and record.world_ref not in world_ids:
                add(path, "worldRef", f"world asset {record.world_ref!r} does not exist",
                    kind="missing_reference", object_id=asset_id)
            if record.avatar and not path.with_name(record.avatar).exists():
                add(path, "avatar", f"avatar file {record.avatar!r} is missing", kind="missing_file", object_id=asset_id)
            if not (record.world_ref and record.world_ref not in world_ids):
                try:
                    self.card(asset_id)
                except Exception as exc:  # reported like every other problem of the asset
                    add(path, getattr(exc, "field", "") or "card", str(exc) or type(exc).__name__, object_id=asset_id)

        def check_world(world_id: str) -> None:
            try:
                world = self.world_asset(world_id)
            except BookRecordError as exc:
                add(self._world_file(world_id), exc.field, str(exc), object_id=world_id)
                return
            if world.card_asset_id and world.card_asset_id not in asset_ids:
                add(self._world_file(world_id), "cardAssetId", f"card asset {world.card_asset_id!r} does not exist",
                    kind="missing_reference", object_id=world_id)

        def check_session(sid: str, path: Path) -> None:
            try:
                data = read_json(path)
            except BookRecordError as exc:
                add(path, exc.field, str(exc), object_id=sid)
                return
            ref = data.get("bookId")
            if ref is not None and ref not in book_ids:
                add(path, "bookId", f"book {ref!r} does not exist", kind="missing_reference", object_id=sid)

        for book_id in sorted(book_ids):
            guarded(self.root / "books" / book_id, book_id, lambda: check_book(book_id))
        for asset_id in sorted(asset_ids):
            guarded(self._asset_file(asset_id), asset_id, lambda: check_asset(asset_id))
        for world_id in sorted(world_ids):
            guarded(self._world_file(world_id), world_id, lambda: check_world(world_id))
        try:
            sessions = list(self._session_files())
        except Exception as exc:
            add(self.root / "sessions", "", f"cannot list the folder: {exc}")
            sessions = []
        for sid, session_path, _layout in sessions:
            guarded(session_path, sid, lambda: check_session(sid, session_path))
        return problems_frame(rows, sort=["path", "field"])
