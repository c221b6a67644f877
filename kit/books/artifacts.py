"""The design's state machine for artifacts, and recording an artifact in a book.

The design (book document, "与状态机")::

    worker_completed -> draft
    user_accepted_artifact / no_confirmation / programmatic_pass -> may write the Book

An artifact's status changes only through an event (:data:`EVENT_TARGETS`); the status before, the status
after, the event and the time are recorded with the trace entry (:class:`~kit.books.records.Transition`).
Only the three writing events (:data:`~kit.books.records.BOOK_WRITING_EVENTS`) make an artifact a current fact
of the Book (``design-artifacts.json``, or a play book's ``runState.variables``); an attempt to accept one
without such an event is refused with :class:`~kit.books.errors.BookStateError` and nothing is written.
``user_rejected_artifact`` (kit's name for the user's rejection) leads to ``rejected``: drafts and rejected
artifacts are kept in the trace only.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

from kit.books._io import read_json
from kit.books.commands import writable, write_header
from kit.books.errors import BookRecordError, BookStateError
from kit.books.layout import StoreLayout
from kit.books.reading import read_artifacts, read_trace
from kit.books.records import ARTIFACT_EVENTS, BOOK_WRITING_EVENTS, Book, PlayBook, TaggedArtifact, Transition
from kit.books.secrets import check_no_secrets

__all__ = [
    "EVENT_TARGETS",
    "artifact_transition",
    "last_statuses",
    "record_artifact",
    "settle_accepted",
    "trace_entry_for",
]

#: The status each event leads to.
EVENT_TARGETS: dict[str, str] = {
    "worker_completed": "draft",
    "user_accepted_artifact": "accepted",
    "no_confirmation": "accepted",
    "programmatic_pass": "accepted",
    "user_rejected_artifact": "rejected",
}
#: The event a bare ``status=`` stands for (``accepted`` has none: it needs one of the writing events).
_STATUS_EVENTS = {"draft": "worker_completed", "rejected": "user_rejected_artifact"}
_DESIGN_TRACE_TYPE = {"draft": "agent_tool", "accepted": "user_confirmed", "rejected": "user_rejected"}


def artifact_transition(
    tag: str, *, event: str | None, status: str | None, source: str | None, at: str, where: str
) -> Transition:
    """The transition an artifact write makes: checked against the state machine, or refused.

    Parameters
    ----------
    tag : str
        The artifact's tag (named in errors).
    event : str or None
        One of :data:`~kit.books.records.ARTIFACT_EVENTS`.
    status : str or None
        The status asked for; without ``event``, ``"draft"`` means ``worker_completed`` and ``"rejected"``
        ``user_rejected_artifact``, while ``"accepted"`` is refused (the Book is written only by an event).
    source : str or None
        The artifact's status before (None for a tag never seen).
    at : str
        When it happens.
    where : str
        The call or file, for error messages.

    Raises
    ------
    BookStateError
        No event for an acceptance, an unknown event, or an event that contradicts ``status``.
    """
    if event is None:
        if status == "accepted":
            raise BookStateError(
                f"{where}: accepting artifact {tag!r} writes the Book, which only the events "
                f"{', '.join(repr(e) for e in BOOK_WRITING_EVENTS)} may do (the design's artifact state machine); "
                f"pass event=...; nothing was written"
            )
        if status not in _STATUS_EVENTS:
            raise BookRecordError(
                f"{where}: field 'status' must be one of ['draft', 'accepted', 'rejected'], got {status!r}",
                path=where,
                field="status",
            )
        event = _STATUS_EVENTS[status]
    if event not in EVENT_TARGETS:
        raise BookRecordError(
            f"{where}: field 'event' must be one of {list(ARTIFACT_EVENTS)}, got {event!r}", path=where, field="event"
        )
    target = EVENT_TARGETS[event]
    if status is not None and status != target:
        raise BookStateError(
            f"{where}: event {event!r} leads to {target!r}, not to status {status!r}; nothing was written"
        )
    return Transition(target=target, event=event, at=at, source=source)  # type: ignore[arg-type]


def last_statuses(entries: Any) -> dict[str, str]:
    """``{tag: status}`` of the last artifact recorded for each tag in trace ``entries``."""
    out: dict[str, str] = {}
    for entry in entries:
        if entry.artifact is not None:
            out[entry.artifact.tag] = entry.artifact.status
    return out


def trace_entry_for(
    book: Book, artifact: TaggedArtifact, transition: Transition, *, summary: str | None, turn: int | None = None
) -> dict[str, Any]:
    """The trace line recording ``artifact`` and its ``transition`` in ``book``'s trace."""
    text = summary or f"{artifact.status}: {artifact.tag}"
    if isinstance(book, PlayBook):
        entry = {"trace": "play", "at": artifact.at, "turn": book.run_state.turn if turn is None else turn,
                 "type": "artifact", "summary": text, "skillId": artifact.skill_id}  # fmt: skip
    else:
        entry = {"trace": "design", "at": artifact.at, "type": _DESIGN_TRACE_TYPE[artifact.status], "summary": text,
                 "skillId": artifact.skill_id, "outputTags": [artifact.tag]}  # fmt: skip
    entry.update(artifact=artifact.to_dict(), transition=transition.to_dict())
    return {k: v for k, v in entry.items() if v is not None}


def settle_accepted(lay: StoreLayout, book: Book, artifacts: list[TaggedArtifact], stamp: str) -> Book:
    """Make accepted ``artifacts`` current facts of ``book`` (design-artifacts.json or runState.variables).

    The caller has checked that each was accepted through a writing event.
    """
    if not artifacts:
        return book
    if isinstance(book, PlayBook):
        variables = {**book.run_state.variables, **{a.tag: a.value for a in artifacts}}
        book = replace(book, run_state=replace(book.run_state, variables=variables), updated_at=stamp)
    else:
        tags = {a.tag for a in artifacts}
        current = [a for a in read_artifacts(lay, book.id) if a.tag not in tags] + list(artifacts)
        path = lay.artifacts_file(book.id)
        kept = read_json(path) if path.exists() else {}  # the archived blackboard and unknown keys stay
        lay.write_json(path, {**kept, "bookId": book.id, "artifacts": [a.to_dict() for a in current]})
        book = replace(book, updated_at=stamp)
    write_header(lay, book)
    return book


def record_artifact(
    lay: StoreLayout,
    book_id: str,
    tag: str,
    value: str,
    *,
    event: str | None = None,
    status: Literal["draft", "accepted", "rejected"] | None = None,
    skill_id: str | None = None,
    summary: str | None = None,
    at: str | None = None,
) -> TaggedArtifact:
    """Record a tagged artifact through the state machine (see the module docstring).

    Every artifact goes into the trace with its transition (card/project books: a design entry of type
    ``agent_tool`` for drafts, ``user_confirmed`` for acceptances, ``user_rejected`` for rejections; play books:
    an ``artifact`` entry). Only accepted ones become current facts: ``design-artifacts.json`` for card and
    project books, ``runState.variables[tag]`` for play books.

    Raises
    ------
    BookStateError
        ``status="accepted"`` without one of the writing events, or an event that does not fit.
    """
    book = writable(lay, book_id)
    stamp = lay.stamp(at)
    where = f"record_artifact({book_id!r}, {tag!r})"
    source = last_statuses(read_trace(lay, book_id, warn=False).entries).get(tag)
    transition = artifact_transition(tag, event=event, status=status, source=source, at=stamp, where=where)
    raw = {"tag": tag, "value": value, "status": transition.target, "at": stamp, "skillId": skill_id}
    artifact = TaggedArtifact.from_dict({k: v for k, v in raw.items() if v is not None}, where)
    check_no_secrets(artifact.to_dict(), where=lay.rel(lay.trace_file(book_id)), path="artifact")
    lay.append(lay.trace_file(book_id), trace_entry_for(book, artifact, transition, summary=summary))
    if transition.target == "accepted":
        settle_accepted(lay, book, [artifact], stamp)
    return artifact
