"""Reports over a book store: one DataFrame per question (books, assets, traces, timeline, snapshots, ...).

Each function takes a :class:`~kit.books.layout.StoreLayout` and returns a frame built with
:func:`kit.core.frames.frame` from its module-level ``*_SCHEMA`` (the older ``*_COLUMNS`` names are aliases).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from kit.books._columns import typed_columns
from kit.books._io import read_json
from kit.books.errors import BookNotFoundError, BookRecordError, CardError, StorageError, TraceError
from kit.books.layout import StoreLayout
from kit.books.reading import read_artifacts, read_asset, read_book, read_world_asset, read_world_book
from kit.books.records import (
    DESIGN_TRACE_TYPES,
    PLAY_TRACE_TYPES,
    CardBook,
    ContentRecord,
    PlayBook,
    ProjectBook,
    RunSnapshot,
)
from kit.core.frames import UTC_TIME, frame, ordered
from kit.core.problems import PROBLEM_COLUMNS

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = [
    "ARTIFACTS_COLUMNS",
    "ARTIFACTS_SCHEMA",
    "ASSETS_COLUMNS",
    "ASSETS_SCHEMA",
    "BOOKS_COLUMNS",
    "BOOKS_SCHEMA",
    "CONTENTS_COLUMNS",
    "CONTENTS_SCHEMA",
    "MESSAGES_COLUMNS",
    "MESSAGES_SCHEMA",
    "PROBLEMS_COLUMNS",
    "PROBLEMS_SCHEMA",
    "SESSIONS_COLUMNS",
    "SESSIONS_SCHEMA",
    "SNAPSHOTS_COLUMNS",
    "SNAPSHOTS_SCHEMA",
    "TIMELINE_COLUMNS",
    "TIMELINE_SCHEMA",
    "TRACES_COLUMNS",
    "TRACES_SCHEMA",
    "TRACE_TYPE",
    "WORLD_ENTRIES_COLUMNS",
    "WORLD_ENTRIES_SCHEMA",
    "artifacts",
    "assets",
    "book_row",
    "books_frame",
    "contents",
    "messages",
    "play_books_for",
    "sessions",
    "snapshots",
    "timeline",
    "trace_columns",
    "trace_rows",
    "traces",
    "world_entries",
]

_AT = UTC_TIME
#: Ordered categorical of every trace entry type (design types, then the play-only ones).
TRACE_TYPE = ordered(dict.fromkeys((*DESIGN_TRACE_TYPES, *PLAY_TRACE_TYPES)))
BOOKS_SCHEMA = {
    "book_id": "string", "book_type": "string", "kind": "string", "title": "string", "lifecycle_stage": "string",
    "orchestrator_id": "string", "card_asset_id": "string", "world_asset_id": "string",
    "n_trace_entries": "int64", "n_messages": "int64", "n_artifacts": "int64", "n_snapshots": "int64",
    "n_contents": "int64", "created_at": _AT, "updated_at": _AT, "last_activity_at": _AT,
    "layout": "string", "path": "string",
}  # fmt: skip
ASSETS_SCHEMA = {
    "asset_id": "string", "title": "string", "name": "string", "source": "string", "card_book_id": "string",
    "n_tags": "int64", "card_tags": "string", "has_avatar": "bool", "world_asset_id": "string",
    "n_world_entries": "int64", "n_play_books": "int64", "confirmed_at": _AT, "path": "string",
}  # fmt: skip
TRACES_SCHEMA = {
    "book_id": "string", "seq": "int64", "trace": "string", "at": _AT, "type": TRACE_TYPE, "turn": "Int64",
    "skill_id": "string", "tool": "string", "summary": "string", "output_tags": "string",
    "artifact_tag": "string", "artifact_status": "string", "snapshot_id": "string",
}  # fmt: skip
TIMELINE_SCHEMA = {
    "book_id": "string", "seq": "int64", "at": _AT, "elapsed_min": "float64", "trace": "string",
    "type": TRACE_TYPE, "lane": "int64", "turn": "Int64", "summary": "string", "artifact_tag": "string",
    "artifact_status": "string",
}  # fmt: skip
SNAPSHOTS_SCHEMA = {
    "book_id": "string", "snapshot_id": "string", "label": "string", "at": _AT, "turn": "int64",
    "n_messages": "int64", "n_variables": "int64", "is_listed": "bool", "path": "string",
}  # fmt: skip
MESSAGES_SCHEMA = {"book_id": "string", "seq": "int64", "role": "string", "content": "string", "at": _AT}
ARTIFACTS_SCHEMA = {
    "book_id": "string", "seq": "int64", "tag": "string", "value": "string", "status": "string", "at": _AT,
    "skill_id": "string", "event": "string", "from_status": "string", "is_current": "bool",
}  # fmt: skip
CONTENTS_SCHEMA = {
    "book_id": "string", "content_id": "string", "kind": "string", "title": "string", "n_chars": "int64",
    "created_at": _AT, "is_current": "bool", "path": "string",
}  # fmt: skip
SESSIONS_SCHEMA = {
    "session_id": "string", "book_id": "string", "n_messages": "int64", "layout": "string", "path": "string",
}  # fmt: skip
WORLD_ENTRIES_SCHEMA = {
    "asset_id": "string", "entry_id": "string", "comment": "string", "keys": "string", "position": "int64",
    "position_label": "string", "order": "int64", "is_enabled": "bool", "is_constant": "bool", "n_chars": "int64",
}  # fmt: skip
#: The book-store column of :meth:`BookStore.problems`, after the shared problems columns: none.
PROBLEMS_SCHEMA = PROBLEM_COLUMNS

# The older names of the schemas (kept as aliases).
BOOKS_COLUMNS = BOOKS_SCHEMA
ASSETS_COLUMNS = ASSETS_SCHEMA
TRACES_COLUMNS = TRACES_SCHEMA
TIMELINE_COLUMNS = TIMELINE_SCHEMA
SNAPSHOTS_COLUMNS = SNAPSHOTS_SCHEMA
MESSAGES_COLUMNS = MESSAGES_SCHEMA
ARTIFACTS_COLUMNS = ARTIFACTS_SCHEMA
CONTENTS_COLUMNS = CONTENTS_SCHEMA
SESSIONS_COLUMNS = SESSIONS_SCHEMA
WORLD_ENTRIES_COLUMNS = WORLD_ENTRIES_SCHEMA
PROBLEMS_COLUMNS = PROBLEMS_SCHEMA


def _max_stamp(*stamps: str | None) -> str | None:
    present = [s for s in stamps if s]
    return max(present, key=lambda s: datetime.fromisoformat(s)) if present else None


def book_row(lay: StoreLayout, book_id: str) -> dict[str, Any]:
    """One row of :func:`books_frame`."""
    layout = lay.layout(book_id)
    book = read_book(lay, book_id, warn=False)
    trace = book.play_trace if isinstance(book, PlayBook) else book.design_trace
    last = trace[-1].at if trace else None
    if isinstance(book, CardBook):
        n_art = len(book.design_artifacts)
    elif isinstance(book, ProjectBook) and layout == "dir":
        n_art = len(read_artifacts(lay, book_id))
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
        "n_contents": (len(book.history_content_ids) + (book.current_content_id is not None))
        if isinstance(book, ProjectBook)
        else 0,
        "created_at": book.created_at,
        "updated_at": book.updated_at,
        "last_activity_at": _max_stamp(book.updated_at, last),
        "layout": layout,
        "path": lay.rel(lay.project_file(book_id) if layout == "dir" else lay.flat_file(book_id)),
    }


def books_frame(lay: StoreLayout, *, strict: bool = True) -> pd.DataFrame:
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
    for book_id in lay.book_ids():
        try:
            rows.append(book_row(lay, book_id))
        except (BookRecordError, TraceError, BookNotFoundError, CardError, StorageError):
            if strict:
                raise
    return frame(BOOKS_SCHEMA, rows, sort=["book_id"])


def assets(lay: StoreLayout, *, strict: bool = True) -> pd.DataFrame:
    """One row per card asset, sorted by ``asset_id``.

    Returns
    -------
    DataFrame
        ``asset_id, title, name (the character), source ("exported"|"imported"), card_book_id, n_tags
        (design tags it was exported from), card_tags (the card's own tags, comma-separated), has_avatar,
        world_asset_id, n_world_entries, n_play_books, confirmed_at, path``.
    """
    plays: dict[str, int] = {}
    for book_id in lay.book_ids():
        try:
            book = read_book(lay, book_id, warn=False)
        except (BookRecordError, TraceError, BookNotFoundError, CardError, StorageError):
            if strict:
                raise
            continue
        if isinstance(book, PlayBook):
            plays[book.card_ref.asset_id] = plays.get(book.card_ref.asset_id, 0) + 1
    rows = []
    for asset_id in lay.asset_ids():
        try:
            record = read_asset(lay, asset_id)
            n_world = len(read_world_asset(lay, record.world_ref).character_book["entries"]) if record.world_ref else 0
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
            "confirmed_at": record.confirmed_at, "path": lay.rel(lay.asset_file(asset_id)),
        })  # fmt: skip
    return frame(ASSETS_SCHEMA, rows, sort=["asset_id"])


def trace_rows(lay: StoreLayout, book_id: str) -> list[dict[str, Any]]:
    """The rows of :func:`traces`, as mappings."""
    columns = trace_columns(lay, book_id)
    return [dict(zip(columns, row)) for row in zip(*columns.values())]


def trace_columns(lay: StoreLayout, book_id: str, *, warn: bool = True) -> dict[str, list[Any]]:
    """The columns of :func:`traces` as lists (shared with :func:`timeline`)."""
    book = read_book(lay, book_id, warn=warn)
    trace: tuple[Any, ...] = book.play_trace if isinstance(book, PlayBook) else book.design_trace
    is_play = isinstance(book, PlayBook)
    arts = [e.artifact for e in trace]
    return {
        "book_id": [book_id] * len(trace),
        "seq": list(range(1, len(trace) + 1)),
        "trace": [e.TRACE for e in trace],
        "at": [e.at for e in trace],
        "type": [e.type for e in trace],
        "turn": [e.turn for e in trace] if is_play else [None] * len(trace),
        "skill_id": [e.skill_id for e in trace],
        "tool": [None] * len(trace) if is_play else [e.tool for e in trace],
        "summary": [e.summary for e in trace],
        "output_tags": [""] * len(trace) if is_play else [", ".join(e.output_tags) for e in trace],
        "artifact_tag": [a.tag if a else None for a in arts],
        "artifact_status": [a.status if a else None for a in arts],
        "snapshot_id": [e.snapshot_id for e in trace] if is_play else [None] * len(trace),
    }


def traces(lay: StoreLayout, book_id: str) -> pd.DataFrame:
    """The design or play trace of a book, one row per entry in the order written.

    A torn last line is skipped with a :class:`~kit.books.errors.TornTraceWarning`.

    Returns
    -------
    DataFrame
        ``book_id, seq (1-based), trace ("design"|"play"), at, type, turn, skill_id, tool, summary,
        output_tags (comma-separated), artifact_tag, artifact_status, snapshot_id``.
    """
    columns = trace_columns(lay, book_id)
    return frame(TRACES_SCHEMA, typed_columns(TRACES_SCHEMA, columns) or columns)


def timeline(lay: StoreLayout, book_id: str) -> pd.DataFrame:
    """The process timeline of a book, ready to plot (``x=at`` or ``elapsed_min``, ``y=lane``).

    Returns
    -------
    DataFrame
        ``book_id, seq, at, elapsed_min (minutes since the first entry), trace, type (ordered
        categorical of all trace types, :data:`TRACE_TYPE`: design types, then the play-only ones), lane
        (the type's code in :data:`TRACE_TYPE`, for the y axis: ``type.cat.categories`` labels it), turn,
        summary, artifact_tag, artifact_status``.
    """
    columns = trace_columns(lay, book_id)
    lanes = {name: i for i, name in enumerate(TRACE_TYPE.categories)}
    columns["lane"] = [lanes[t] for t in columns["type"]]
    columns["elapsed_min"] = [0.0] * len(columns["seq"])
    out = frame(TIMELINE_SCHEMA, typed_columns(TIMELINE_SCHEMA, columns) or columns)
    if len(out):
        out["elapsed_min"] = (out["at"] - out["at"].min()).dt.total_seconds() / 60.0
    return out


def snapshots(lay: StoreLayout, book_id: str) -> pd.DataFrame:
    """The snapshots of a play book (files under ``snapshots/``), sorted by time then id.

    Returns
    -------
    DataFrame
        ``book_id, snapshot_id, label, at, turn, n_messages, n_variables, is_listed (named in the book's
        snapshotIds), path``.
    """
    book = read_book(lay, book_id, warn=False)
    listed = set(book.snapshot_ids) if isinstance(book, PlayBook) else set()
    folder = lay.book_dir(book_id) / "snapshots"
    rows = []
    for p in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        if p.name.startswith("."):
            continue
        snap = RunSnapshot.from_dict(read_json(p), str(p))
        rows.append({
            "book_id": book_id, "snapshot_id": snap.id, "label": snap.label, "at": snap.at,
            "turn": snap.run_state.turn, "n_messages": len(snap.messages),
            "n_variables": len(snap.run_state.variables), "is_listed": snap.id in listed, "path": lay.rel(p),
        })  # fmt: skip
    return frame(SNAPSHOTS_SCHEMA, rows, sort=["at", "snapshot_id"])


def messages(lay: StoreLayout, book_id: str) -> pd.DataFrame:
    """A book's chat messages: ``book_id, seq, role, content, at``."""
    book = read_book(lay, book_id, warn=False)
    rows = [{"book_id": book_id, "seq": i, "role": m.role, "content": m.content, "at": m.at}
            for i, m in enumerate(book.messages, start=1)]  # fmt: skip
    return frame(MESSAGES_SCHEMA, rows, sort=["seq"])


def artifacts(lay: StoreLayout, book_id: str) -> pd.DataFrame:
    """Every artifact recorded in a book's trace, with whether it is the current fact.

    Returns
    -------
    DataFrame
        ``book_id, seq (trace line), tag, value, status ("draft"|"accepted"|"rejected"), at, skill_id,
        event (the state-machine event that gave the status; missing for entries written before kit recorded
        transitions), from_status (the status before), is_current (the accepted value the book holds now)``.
    """
    book = read_book(lay, book_id, warn=False)
    trace = book.play_trace if isinstance(book, PlayBook) else book.design_trace
    if isinstance(book, PlayBook):
        current = {(k, v) for k, v in book.run_state.variables.items() if isinstance(v, str)}
    elif lay.layout(book_id) == "dir":
        current = {(a.tag, a.value) for a in read_artifacts(lay, book_id)}
    else:
        kept = book.design_artifacts if isinstance(book, CardBook) else ()
        current = {(a.tag, a.value) for a in kept if a.status == "accepted"}
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
        step = e.transition
        rows.append({"book_id": book_id, "seq": seq, "tag": a.tag, "value": a.value, "status": a.status,
                     "at": a.at, "skill_id": a.skill_id, "event": step.event if step else None,
                     "from_status": step.source if step else None, "is_current": is_current})  # fmt: skip
    return frame(ARTIFACTS_SCHEMA, rows, sort=["seq"])


def contents(lay: StoreLayout, book_id: str) -> pd.DataFrame:
    """A project book's content records: ``book_id, content_id, kind, title, n_chars, created_at, is_current, path``."""
    book = read_book(lay, book_id, warn=False)
    current = book.current_content_id if isinstance(book, ProjectBook) else None
    folder = lay.book_dir(book_id) / "contents"
    rows = []
    for p in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        if p.name.startswith("."):
            continue
        rec = ContentRecord.from_dict(read_json(p), str(p))
        rows.append({"book_id": book_id, "content_id": rec.id, "kind": rec.kind, "title": rec.title,
                     "n_chars": len(rec.text), "created_at": rec.created_at, "is_current": rec.id == current,
                     "path": lay.rel(p)})  # fmt: skip
    return frame(CONTENTS_SCHEMA, rows, sort=["created_at", "content_id"])


def sessions(lay: StoreLayout) -> pd.DataFrame:
    """Working-copy sessions (``sessions/*.json`` and the older ``session.json``).

    Returns
    -------
    DataFrame
        ``session_id, book_id, n_messages, layout ("dir"|"flat"), path``.
    """
    rows = []
    for sid, path, layout in lay.session_files():
        data = read_json(path)
        messages = data.get("messages")
        rows.append({"session_id": data.get("id", sid) if layout == "dir" else sid, "book_id": data.get("bookId"),
                     "n_messages": len(messages) if isinstance(messages, list) else 0, "layout": layout,
                     "path": lay.rel(path)})  # fmt: skip
    return frame(SESSIONS_SCHEMA, rows, sort=["session_id"])


def world_entries(lay: StoreLayout, asset_id: str) -> pd.DataFrame:
    """The entries of the world book bound to a card asset, in file order, with their position labels.

    Returns
    -------
    DataFrame
        ``asset_id, entry_id, comment, keys (comma-separated), position (kit's 0-7), position_label,
        order, is_enabled, is_constant, n_chars``. Empty when the card has no world.
    """
    book = read_world_book(lay, asset_id)
    rows = []
    for entry in book or ():
        kw = entry.triggers.keyword
        rows.append({
            "asset_id": asset_id, "entry_id": entry.uid, "comment": entry.comment,
            "keys": ", ".join(kw.keys) if kw is not None else "", "position": entry.position,
            "position_label": entry.position_label, "order": entry.order, "is_enabled": not entry.disable,
            "is_constant": bool(entry.triggers.constant), "n_chars": len(entry.content),
        })  # fmt: skip
    return frame(WORLD_ENTRIES_SCHEMA, rows)


def play_books_for(lay: StoreLayout, asset_id: str) -> pd.DataFrame:
    """The play books whose ``cardRef`` names ``asset_id`` (the :meth:`books` columns)."""
    out = books_frame(lay, strict=False)
    return out[out["card_asset_id"] == asset_id].reset_index(drop=True)


# ------------------------------------------------------------------------------------- checking
