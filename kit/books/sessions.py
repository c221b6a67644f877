"""Sessions: a book's working copy (``sessions/{id}.json``), resumed from a snapshot, and settled into the book.

The design (book document, sections 6 and 8) keeps the Book (stable facts, the process record, asset
references) apart from a Session (one open run: its blackboard, messages and trace). Closing a session merges
it into the Book by the settling rules, which :func:`close_session` follows:

* the session's trace is appended to the book's trace (every artifact with its state-machine transition);
* the blackboard is archived by key prefix (:data:`DESIGN_PREFIXES`: ``设计.*`` and ``用户.需求`` go to the
  card or project book's design, kept under ``"blackboard"`` in ``design-artifacts.json``;
  :data:`PLAY_PREFIXES`: ``运行.*``, ``世界.*``, ``输出.*`` go to the play book's ``runState.variables``);
  a key outside the book's stage is not archived (it stays in the closed session file, and the settle report
  says so);
* accepted artifacts (accepted through a writing event: ``user_accepted_artifact``, ``no_confirmation``,
  ``programmatic_pass``) become current facts (``design-artifacts.json`` / ``runState``), and on request an
  exported card asset; drafts and rejected artifacts go only into the trace;
* the session id is in the book's ``sessionIds`` (added when the session opens).

Resuming play (the design's step 8) is :func:`resume_from_snapshot`: a new session starting from a snapshot's
run state and messages; closing it makes that state the play book's again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kit.books._io import read_json
from kit.books.artifacts import artifact_transition, last_statuses, settle_accepted, trace_entry_for
from kit.books.card_assets import export_asset
from kit.books.commands import writable, write_header
from kit.books.errors import BookNotFoundError, BookStateError
from kit.books.layout import StoreLayout
from kit.books.reading import latest_snapshot, read_snapshot, read_trace
from kit.books.records import (
    BOOK_WRITING_EVENTS,
    Book,
    CardBook,
    ChatMessage,
    PlayBook,
    RunState,
    Session,
    TaggedArtifact,
    trace_entry_from_dict,
)
from kit.books.secrets import check_no_secrets
from kit.core.frames import frame, ordered

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = [
    "DESIGN_PREFIXES",
    "PLAY_PREFIXES",
    "SETTLE_SCHEMA",
    "add_session_message",
    "archive_destination",
    "close_session",
    "open_session",
    "read_session",
    "resume_from_snapshot",
    "save_session",
    "session_artifact",
    "set_blackboard",
]

#: Blackboard keys archived into a card or project book's design (a prefix ending in "." or an exact key).
DESIGN_PREFIXES = ("设计.", "用户.需求")
#: Blackboard keys archived into a play book's ``runState``.
PLAY_PREFIXES = ("运行.", "世界.", "输出.")
#: Where :func:`close_session` put each item.
DESTINATION = ordered(("design_artifacts", "design_archive", "run_state", "trace", "not_archived", "card_asset"))
SETTLE_SCHEMA = {
    "session_id": "string", "book_id": "string", "source": "string", "key": "string", "value": "string",
    "status": "string", "event": "string", "destination": DESTINATION,
}  # fmt: skip


def _matches(key: str, prefixes: tuple[str, ...]) -> bool:
    return any(key.startswith(p) if p.endswith(".") else key == p for p in prefixes)


def archive_destination(book: Book, key: str) -> str:
    """Where a blackboard ``key`` of a session of ``book`` is archived: ``design_archive``, ``run_state`` or
    ``not_archived`` (a key of the other stage).
    """
    if isinstance(book, PlayBook):
        return "run_state" if _matches(key, PLAY_PREFIXES) else "not_archived"
    return "design_archive" if _matches(key, DESIGN_PREFIXES) else "not_archived"


def save_session(lay: StoreLayout, session_id: str, data: Mapping[str, Any]) -> Path:
    """Write a working-copy session (``sessions/{id}.json``) as given; ``data`` should name its ``bookId``."""
    path = lay.session_file(session_id)
    record = {"id": session_id, **dict(data)}
    check_no_secrets(record, where=str(path))
    if record.get("bookId") is not None:
        try:
            lay.layout(record["bookId"])
        except BookNotFoundError as exc:
            raise BookNotFoundError(f"{lay.rel(path)}: field 'bookId': {exc}; nothing was written") from None
    lay.write_json(path, record)
    return path


def read_session(lay: StoreLayout, session_id: str) -> Session:
    """Read ``sessions/{id}.json`` as a :class:`~kit.books.records.Session`."""
    path = lay.session_file(session_id)
    if not path.exists():
        raise BookNotFoundError(
            f"{lay.root}: no session {session_id!r} ({lay.rel(path)} is missing); store.sessions() lists them"
        )
    return Session.from_dict({"id": session_id, **read_json(path)}, str(path))


def _write_session(lay: StoreLayout, session: Session) -> Session:
    path = lay.session_file(session.id)
    data = session.to_dict()
    check_no_secrets(data, where=str(path))
    Session.from_dict(data, str(path))
    lay.write_json(path, data)
    return session


def _open_session(lay: StoreLayout, session_id: str) -> Session:
    session = read_session(lay, session_id)
    if session.status != "open":
        raise BookStateError(f"session {session_id!r} was closed at {session.closed_at}; open a new session")
    return session


def open_session(
    lay: StoreLayout, book_id: str, *, session_id: str | None = None, snapshot_id: str | None = None,
    at: str | None = None,
) -> Session:  # fmt: skip
    """Open a working-copy session of a book and list it in the book's ``sessionIds``.

    A play book's session starts from the book's run state, or from snapshot ``snapshot_id``'s run state and
    messages (see :func:`resume_from_snapshot`).

    Raises
    ------
    BookStateError
        The book is archived or flat, the session id is taken, or a snapshot is named for a non-play book.
    """
    book = writable(lay, book_id)
    stamp = lay.stamp(at)
    sid = session_id or lay.new_id("session")
    path = lay.session_file(sid)
    if path.exists():
        raise BookStateError(f"{lay.rel(path)}: session {sid!r} already exists; choose another session_id")
    session = Session(id=sid, book_id=book_id, opened_at=stamp)
    if snapshot_id is not None:
        if not isinstance(book, PlayBook):
            raise BookStateError(f"book {book_id!r} is a {type(book).__name__}; only play books resume from snapshots")
        snap = read_snapshot(lay, book_id, snapshot_id)
        session = replace(session, run_state=snap.run_state, messages=snap.messages, from_snapshot=snap.id,
                          n_resumed_messages=len(snap.messages))  # fmt: skip
    elif isinstance(book, PlayBook):
        session = replace(session, run_state=book.run_state)
    _write_session(lay, session)
    if sid not in book.session_ids:
        write_header(lay, replace(book, session_ids=(*book.session_ids, sid), updated_at=stamp))
    return session


def resume_from_snapshot(
    lay: StoreLayout, book_id: str, snapshot_id: str | None = None, *, session_id: str | None = None,
    at: str | None = None,
) -> Session:  # fmt: skip
    """Resume play from a snapshot (the design's step 8): a new session starting from its state.

    ``snapshot_id`` defaults to the book's latest snapshot.

    Raises
    ------
    BookNotFoundError
        The snapshot does not exist (or the book has none).
    """
    if snapshot_id is None:
        snap = latest_snapshot(lay, book_id)
        if snap is None:
            raise BookNotFoundError(f"book {book_id!r} has no snapshot to resume from; store.snapshots() lists them")
        snapshot_id = snap.id
    return open_session(lay, book_id, session_id=session_id, snapshot_id=snapshot_id, at=at)


def set_blackboard(lay: StoreLayout, session_id: str, key: str, value: Any, *, at: str | None = None) -> Session:
    """Set one blackboard key of an open session (archived by its prefix when the session closes)."""
    session = _open_session(lay, session_id)
    if not isinstance(key, str) or not key.strip():
        raise BookStateError(f"session {session_id!r}: a blackboard key must be a non-empty string, got {key!r}")
    lay.stamp(at)
    return _write_session(lay, replace(session, blackboard={**session.blackboard, key: value}))


def add_session_message(
    lay: StoreLayout, session_id: str, role: str, content: str, *, at: str | None = None
) -> ChatMessage:
    """Append a chat message to an open session (it reaches the book's messages when the session closes)."""
    session = _open_session(lay, session_id)
    message = ChatMessage.from_dict({"role": role, "content": content, "at": lay.stamp(at)}, f"session {session_id!r}")
    _write_session(lay, replace(session, messages=(*session.messages, message)))
    return message


def session_artifact(
    lay: StoreLayout, session_id: str, tag: str, value: str, *, event: str | None = None, status: str | None = None,
    skill_id: str | None = None, summary: str | None = None, at: str | None = None,
) -> TaggedArtifact:  # fmt: skip
    """Move an artifact of an open session through the state machine; the step is recorded in the session's
    trace (with its transition) and reaches the book when the session closes.

    Raises
    ------
    BookStateError
        ``status="accepted"`` without a writing event, or an event that does not fit (see
        :func:`kit.books.artifacts.artifact_transition`).
    """
    session = _open_session(lay, session_id)
    book = writable(lay, session.book_id)
    stamp = lay.stamp(at)
    where = f"session_artifact({session_id!r}, {tag!r})"
    seen = last_statuses(read_trace(lay, book.id, warn=False).entries)
    seen.update(last_statuses(trace_entry_from_dict(e, where) for e in session.trace))
    transition = artifact_transition(tag, event=event, status=status, source=seen.get(tag), at=stamp, where=where)
    raw = {"tag": tag, "value": value, "status": transition.target, "at": stamp, "skillId": skill_id}
    artifact = TaggedArtifact.from_dict({k: v for k, v in raw.items() if v is not None}, where)
    turn = session.run_state.turn if session.run_state is not None else None
    entry = trace_entry_for(book, artifact, transition, summary=summary, turn=turn)
    trace_entry_from_dict(entry, where)
    _write_session(lay, replace(session, trace=(*session.trace, entry)))
    return artifact


def _check_settleable(lay: StoreLayout, session: Session, book: Book) -> list[Any]:
    """The session's trace entries, parsed and checked: an accepted artifact without a writing event is refused."""
    where = lay.rel(lay.session_file(session.id))
    entries = [trace_entry_from_dict(e, where, f"trace[{i}]") for i, e in enumerate(session.trace)]
    kind = "play" if isinstance(book, PlayBook) else "design"
    for i, entry in enumerate(entries):
        if entry.TRACE != kind:
            raise BookStateError(
                f"{where}: field 'trace[{i}]' is a {entry.TRACE} entry but book {book.id!r} keeps a {kind} trace"
            )
        art = entry.artifact
        if art is not None and art.status == "accepted":
            event = entry.transition.event if entry.transition is not None else None
            if event not in BOOK_WRITING_EVENTS:
                raise BookStateError(
                    f"{where}: field 'trace[{i}].transition.event': artifact {art.tag!r} is accepted "
                    f"{'without an event' if event is None else f'by {event!r}'}; only {list(BOOK_WRITING_EVENTS)} "
                    "may write the Book; nothing was settled"
                )
    return entries


def _settle_blackboard(
    book: Book, session: Session, rows: list[dict[str, Any]]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Split the blackboard into (design archive, run-state variables) by prefix, adding report rows."""
    design: dict[str, Any] = {}
    play: dict[str, Any] = {}
    for key, value in session.blackboard.items():
        dest = archive_destination(book, key)
        (design if dest == "design_archive" else play if dest == "run_state" else {})[key] = value
        rows.append({"source": "blackboard", "key": key, "value": str(value), "destination": dest})
    return design, play


def close_session(
    lay: StoreLayout, session_id: str, *, export: bool = False, asset_id: str | None = None, at: str | None = None
) -> pd.DataFrame:
    """Close a session and merge it into its book by the design's settling rules (see the module docstring).

    Everything is checked before anything is written: an accepted artifact without a writing event in the
    session's trace is refused (:class:`BookStateError`) and the store is unchanged.

    Parameters
    ----------
    session_id : str
        An open session.
    export : bool, default=False
        For a card book, export the settled accepted tags as a new card asset (``asset_id``).
    at : str, optional
        When the session closes.

    Returns
    -------
    DataFrame
        The settle report, one row per blackboard key and per trace artifact (then the card asset):
        ``session_id, book_id, source ("blackboard"|"trace"|"export"), key, value, status, event,
        destination`` (``design_artifacts``, ``design_archive``, ``run_state``, ``trace``, ``not_archived``,
        ``card_asset``).
    """
    session = _open_session(lay, session_id)
    book = writable(lay, session.book_id)
    stamp = lay.stamp(at)
    entries = _check_settleable(lay, session, book)
    rows: list[dict[str, Any]] = []
    design, play = _settle_blackboard(book, session, rows)
    accepted: list[TaggedArtifact] = []
    for entry in entries:
        art = entry.artifact
        if art is None:
            continue
        is_fact = art.status == "accepted"
        dest = ("run_state" if isinstance(book, PlayBook) else "design_artifacts") if is_fact else "trace"
        rows.append({"source": "trace", "key": art.tag, "value": art.value, "status": art.status,
                     "event": entry.transition.event if entry.transition else None, "destination": dest})  # fmt: skip
        accepted = [a for a in accepted if a.tag != art.tag] + ([art] if is_fact else [])
    for entry in entries:
        lay.append(lay.trace_file(book.id), entry.to_dict())
    book = _merge_header(book, session, design, play, stamp)
    write_header(lay, book)
    if design:
        path = lay.artifacts_file(book.id)
        current: dict[str, Any] = read_json(path) if path.exists() else {"bookId": book.id, "artifacts": []}
        current["blackboard"] = {**(current.get("blackboard") or {}), **design}
        lay.write_json(path, current)
    book = settle_accepted(lay, book, accepted, stamp)
    if export and isinstance(book, CardBook):
        asset = export_asset(lay, book.id, asset_id=asset_id, at=stamp)
        rows.append({"source": "export", "key": asset.id, "value": asset.title, "destination": "card_asset"})
    _write_session(lay, replace(session, status="closed", closed_at=stamp))
    return frame(SETTLE_SCHEMA, [{"session_id": session.id, "book_id": book.id, **r} for r in rows])


def _merge_header(book: Book, session: Session, design: dict[str, Any], play: dict[str, Any], stamp: str) -> Book:
    """The book header after the merge: new messages, the session id, and a play book's run state."""
    new_messages = session.messages[session.n_resumed_messages :]
    changes: dict[str, Any] = {"messages": (*book.messages, *new_messages), "updated_at": stamp}
    if session.id not in book.session_ids:
        changes["session_ids"] = (*book.session_ids, session.id)
    if isinstance(book, PlayBook):
        state = session.run_state or book.run_state
        changes["run_state"] = RunState(state.turn, {**state.variables, **play}, state.event_stream)
    return replace(book, **changes)
