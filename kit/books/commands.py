"""Changing a book store: creating books, appending traces, messages, run state, snapshots, contents, headers.

Functions over a :class:`~kit.books.layout.StoreLayout` (the facade :class:`kit.books.BookStore` runs each one
under the store's write lock). Each validates everything and refuses secrets before writing, so a refused call
leaves the store unchanged. Artifacts go through the state machine of :mod:`kit.books.artifacts`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Literal, TypeVar, cast, overload

from kit.books._io import read_json
from kit.books.codec import check_id
from kit.books.errors import BookNotFoundError, BookRecordError, BookStateError
from kit.books.layout import StoreLayout
from kit.books.reading import read_asset, read_book, read_world_asset
from kit.books.records import (
    Book,
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
    WorldRef,
    book_from_dict,
)
from kit.books.secrets import check_no_secrets

__all__ = [
    "add_message",
    "append_design_trace",
    "append_play_trace",
    "archive",
    "create",
    "create_card_book",
    "create_play_book",
    "create_project_book",
    "save_content",
    "save_snapshot",
    "update_book",
    "update_run_state",
    "writable",
    "write_header",
]


_B = TypeVar("_B", CardBook, PlayBook, ProjectBook)
_C = TypeVar("_C", CardBook, PlayBook, ProjectBook)


@overload
def writable(lay: StoreLayout, book_id: str) -> Book: ...
@overload
def writable(lay: StoreLayout, book_id: str, kind: type[_B], /) -> _B: ...
@overload
def writable(lay: StoreLayout, book_id: str, kind: type[_B], other: type[_C], /) -> _B | _C: ...


def writable(lay: StoreLayout, book_id: str, *types: type) -> Book:
    """The book's header, checked writable: the current layout, one of ``types``, not archived."""
    if lay.layout(book_id) == "flat":
        raise BookStateError(
            f"{lay.rel(lay.flat_file(book_id))}: book {book_id!r} uses the older flat layout, which kit reads "
            f"but does not change; call store.migrate({book_id!r}) first"
        )
    path = lay.project_file(book_id)
    book = book_from_dict(read_json(path), str(path))  # the header only: writes never need the trace
    if types and not isinstance(book, types):
        names = " or ".join(t.__name__ for t in types)
        raise BookStateError(
            f"book {book_id!r} is a {type(book).__name__} (kind {book.kind!r}); this operation needs a {names}"
        )
    if book.lifecycle_stage == "archived":
        raise BookStateError(f"book {book_id!r} is archived; archived books are read-only")
    return book


def write_header(lay: StoreLayout, book: Book) -> None:
    """Validate and write ``project.json`` (the book without its trace and artifacts, which live apart)."""
    data = book.to_dict()
    for key in ("designTrace", "designArtifacts", "playTrace"):
        data.pop(key, None)
    path = lay.project_file(book.id)
    check_no_secrets(data, where=str(path))
    book_from_dict(data, str(path))
    lay.write_json(path, data)


def create(lay: StoreLayout, book: _B) -> _B:
    """Write a new book's header; an id already taken (either layout) is refused."""
    path = lay.project_file(book.id)
    if path.exists() or lay.flat_file(book.id).exists():
        raise BookStateError(f"{lay.rel(path)}: a book with id {book.id!r} already exists; choose another book_id")
    write_header(lay, book)
    return book


def create_card_book(
    lay: StoreLayout,
    title: str,
    *,
    book_id: str | None = None,
    orchestrator_id: str = "default",
    run_skill_manifest: Mapping[str, Any] | None = None,
    at: str | None = None,
) -> CardBook:
    """Create a character-card design book (``lifecycleStage="design"``) and return it."""
    stamp = lay.stamp(at)
    book = CardBook(
        id=check_id(book_id or lay.new_id("cardbook"), what="book_id"),
        title=title,
        orchestrator_id=orchestrator_id,
        lifecycle_stage="design",
        created_at=stamp,
        updated_at=stamp,
        run_skill_manifest=None if run_skill_manifest is None else dict(run_skill_manifest),
    )
    return create(lay, book)


def create_project_book(
    lay: StoreLayout,
    title: str,
    *,
    kind: Literal["novel", "forum", "weird_rules", "custom"] = "novel",
    book_id: str | None = None,
    orchestrator_id: str = "default",
    at: str | None = None,
) -> ProjectBook:
    """Create a project book (a novel by default) in the design stage and return it."""
    stamp = lay.stamp(at)
    book = ProjectBook(
        id=check_id(book_id or lay.new_id(kind), what="book_id"),
        title=title,
        orchestrator_id=orchestrator_id,
        kind=kind,
        lifecycle_stage="design",
        created_at=stamp,
        updated_at=stamp,
    )
    book_from_dict(book.to_dict(), "<new book>")
    return create(lay, book)


def create_play_book(
    lay: StoreLayout,
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
    stamp = lay.stamp(at)
    target = lay.rel(lay.project_file(book_id)) if book_id else "the new play book"
    try:
        asset = read_asset(lay, card_asset_id)
    except BookNotFoundError as exc:
        raise BookNotFoundError(f"{target}: field 'cardRef.assetId': {exc}; nothing was written") from None
    world = world_asset_id if world_asset_id is not None else asset.world_ref
    if world is not None:
        try:
            read_world_asset(lay, world)
        except BookNotFoundError as exc:
            raise BookNotFoundError(f"{target}: field 'worldRef.assetId': {exc}; nothing was written") from None
    manifest = run_skill_manifest if run_skill_manifest is not None else (asset.run_skill_manifest or {})
    book = PlayBook(
        id=check_id(book_id or lay.new_id("playbook"), what="book_id"),
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
    return create(lay, book)


def append_design_trace(
    lay: StoreLayout,
    book_id: str,
    type: str,
    summary: str,
    *,
    skill_id: str | None = None,
    tool: str | None = None,
    output_tags: tuple[str, ...] | list[str] = (),
    at: str | None = None,
) -> DesignTraceEntry:
    """Append one design-trace entry (``user_input``, ``agent_tool``, ``skill_invoked``, ...) to a card or project
    book.
    """
    writable(lay, book_id, CardBook, ProjectBook)
    entry = {"trace": "design", "at": lay.stamp(at), "type": type, "summary": summary, "skillId": skill_id,
             "tool": tool, "outputTags": list(output_tags) or None}  # fmt: skip
    kept = {k: v for k, v in entry.items() if v is not None}
    # append_trace_line builds the entry class its "trace" key names: here a design entry.
    return cast(DesignTraceEntry, lay.append(lay.trace_file(book_id), kept))


def append_play_trace(
    lay: StoreLayout,
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
    book = writable(lay, book_id, PlayBook)
    entry = {"trace": "play", "at": lay.stamp(at), "type": type, "summary": summary,
             "turn": book.run_state.turn if turn is None else turn, "skillId": skill_id}  # fmt: skip
    kept = {k: v for k, v in entry.items() if v is not None}
    # append_trace_line builds the entry class its "trace" key names: here a play entry.
    return cast(PlayTraceEntry, lay.append(lay.trace_file(book_id), kept))


def add_message(lay: StoreLayout, book_id: str, role: str, content: str, *, at: str | None = None) -> ChatMessage:
    """Append a user-visible chat message to a book's ``messages``."""
    book = writable(lay, book_id)
    stamp = lay.stamp(at)
    message = ChatMessage(role, content, stamp)
    ChatMessage.from_dict(message.to_dict(), f"add_message({book_id!r})")
    write_header(lay, replace(book, messages=book.messages + (message,), updated_at=stamp))
    return message


def update_run_state(
    lay: StoreLayout,
    book_id: str,
    *,
    turn: int | None = None,
    variables: Mapping[str, Any] | None = None,
    event: str | None = None,
    at: str | None = None,
) -> RunState:
    """Update a play book's run state: set ``turn``, merge ``variables``, append ``event`` to the event stream."""
    book = writable(lay, book_id, PlayBook)
    state = book.run_state
    stream = state.event_stream + (("\n" if state.event_stream else "") + event if event else "")
    new = RunState.from_dict(
        {
            "turn": state.turn if turn is None else turn,
            "variables": {**state.variables, **(variables or {})},
            "eventStream": stream,
        },
        f"update_run_state({book_id!r})",
    )
    write_header(lay, replace(book, run_state=new, updated_at=lay.stamp(at)))
    return new


def save_snapshot(
    lay: StoreLayout, book_id: str, *, snapshot_id: str | None = None, label: str | None = None, at: str | None = None
) -> RunSnapshot:
    """Save a play book's run state and messages as a snapshot, list it in ``snapshotIds``, and trace it."""
    book = writable(lay, book_id, PlayBook)
    stamp = lay.stamp(at)
    sid = check_id(snapshot_id or f"snap-{len(book.snapshot_ids) + 1:03d}", what="snapshot_id")
    path = lay.snapshot_file(book_id, sid)
    if path.exists():
        raise BookStateError(f"{lay.rel(path)}: snapshot {sid!r} already exists; snapshots are never overwritten")
    snap = RunSnapshot(sid, book_id, stamp, book.run_state, book.messages, label)
    check_no_secrets(snap.to_dict(), where=str(path))
    lay.write_json(path, snap.to_dict())
    lay.append(lay.trace_file(book_id), {"trace": "play", "at": stamp, "turn": book.run_state.turn,
                      "type": "snapshot", "summary": label or f"snapshot {sid}", "snapshotId": sid})  # fmt: skip
    write_header(lay, replace(book, snapshot_ids=book.snapshot_ids + (sid,), updated_at=stamp))
    return snap


def save_content(
    lay: StoreLayout,
    book_id: str,
    text: str,
    *,
    kind: Literal["outline", "chapter"] = "chapter",
    title: str = "",
    content_id: str | None = None,
    at: str | None = None,
) -> ContentRecord:
    """Save a project book's text as a new content record and make it current (the old one goes to history)."""
    book = writable(lay, book_id, ProjectBook)
    stamp = lay.stamp(at)
    cid = check_id(
        content_id or f"content-{len(book.history_content_ids) + (book.current_content_id is not None) + 1:03d}",
        what="content_id",
    )
    path = lay.content_file(book_id, cid)
    if path.exists():
        raise BookStateError(f"{lay.rel(path)}: content {cid!r} already exists; contents are never overwritten")
    record = ContentRecord.from_dict(
        {"id": cid, "bookId": book_id, "kind": kind, "title": title, "text": text, "createdAt": stamp}, str(path)
    )
    check_no_secrets(record.to_dict(), where=str(path))
    lay.write_json(path, record.to_dict())
    history = book.history_content_ids + ((book.current_content_id,) if book.current_content_id else ())
    write_header(lay, replace(book, current_content_id=cid, history_content_ids=history, updated_at=stamp))
    return record


def update_book(
    lay: StoreLayout,
    book_id: str,
    *,
    title: str | None = None,
    readiness: Mapping[str, Any] | None = None,
    run_skill_manifest: Mapping[str, Any] | None = None,
    lifecycle_stage: str | None = None,
    at: str | None = None,
) -> Book:
    """Change a book's header fields (title, readiness, run-skill manifest, lifecycle stage)."""
    book = writable(lay, book_id)
    changes: dict[str, Any] = {"updated_at": lay.stamp(at)}
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
            raise BookRecordError(
                f"book {book_id!r}: lifecycle_stage must be one of {list(type(book).STAGES)}, got {lifecycle_stage!r}"
            )
        changes["lifecycle_stage"] = lifecycle_stage
    new = replace(book, **changes)
    write_header(lay, new)
    return read_book(lay, book_id, warn=False)


def archive(lay: StoreLayout, book_id: str, *, at: str | None = None) -> Book:
    """Archive a card or play book (``lifecycleStage="archived"``; project books become ``"done"``).

    Archived books stay readable and exportable but refuse further writes.
    """
    book = writable(lay, book_id)
    stamp = lay.stamp(at)
    if isinstance(book, ProjectBook):
        write_header(lay, replace(book, lifecycle_stage="done", updated_at=stamp))
    else:
        write_header(lay, replace(book, lifecycle_stage="archived", updated_at=stamp))
    return read_book(lay, book_id, warn=False)
