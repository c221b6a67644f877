"""Records of the Book storage model: card design books, card assets, play books, project books.

Every record is a small frozen dataclass whose fields are its whole description: :mod:`kit.books.codec`
derives from them ``from_dict(data, where=...)`` (validating, camelCase keys as on disk) and ``to_dict()``
(the JSON written to disk). Keys a record does not know are kept in ``extra`` and written back unchanged, so
files written by newer tools survive a round trip. ``WRITE_ORDER`` (where present) only fixes the order of
the keys on disk, so files written before the codec stay byte-identical.

The three things the design keeps apart live in different files and are never written together:
the creation process (``books/{id}/traces.jsonl`` + ``messages``), the card (``assets/cards/{id}.json``)
and the play process (a play book's own folder).

The design's required fields are required on read (:data:`REQUIRED_BOOK_FIELDS`): a book missing one is a
:class:`~kit.books.errors.BookRecordError` naming the field (a problem row in ``BookStore.problems()``),
never a silent default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from kit.books.codec import REQUIRED, Id, Stamp, check_id, check_timestamp, json_codec, rule
from kit.books.errors import BookRecordError

__all__ = [
    "ARTIFACT_EVENTS",
    "ARTIFACT_STATUSES",
    "BOOK_KINDS",
    "BOOK_WRITING_EVENTS",
    "DESIGN_TRACE_TYPES",
    "PLAY_TRACE_TYPES",
    "REQUIRED_BOOK_FIELDS",
    "Book",
    "CardAsset",
    "CardBook",
    "CardRef",
    "ChatMessage",
    "ContentRecord",
    "DesignTraceEntry",
    "PlayBook",
    "PlayTraceEntry",
    "ProjectBook",
    "RunSnapshot",
    "RunState",
    "Session",
    "TaggedArtifact",
    "Transition",
    "WorldAsset",
    "WorldRef",
    "book_from_dict",
    "check_id",
    "check_timestamp",
    "trace_entry_from_dict",
]

DESIGN_TRACE_TYPES = (
    "user_input",
    "agent_tool",
    "skill_invoked",
    "user_confirmed",
    "user_rejected",
    "declare_ready",
)
PLAY_TRACE_TYPES = ("user_input", "skill_invoked", "artifact", "snapshot")
ARTIFACT_STATUSES = ("draft", "accepted", "rejected")
#: The events of the design's artifact state machine (``worker_completed -> draft``; the three writers).
ARTIFACT_EVENTS = (
    "worker_completed",
    "user_accepted_artifact",
    "no_confirmation",
    "programmatic_pass",
    "user_rejected_artifact",
)
#: An artifact's status, as a type (the values of ``ARTIFACT_STATUSES``).
ArtifactStatus = Literal["draft", "accepted", "rejected"]
#: An event of the artifact state machine, as a type (the values of ``ARTIFACT_EVENTS``).
ArtifactEvent = Literal[
    "worker_completed", "user_accepted_artifact", "no_confirmation", "programmatic_pass", "user_rejected_artifact"
]
#: The only events that may write an artifact into the Book (the design: "可写 Book").
BOOK_WRITING_EVENTS = ("user_accepted_artifact", "no_confirmation", "programmatic_pass")
CARD_BOOK_KINDS = ("character_card_design",)
PLAY_BOOK_KINDS = ("character_card_play", "roleplay")
PROJECT_BOOK_KINDS = ("novel", "forum", "weird_rules", "custom")
BOOK_KINDS = CARD_BOOK_KINDS + PLAY_BOOK_KINDS + PROJECT_BOOK_KINDS


class _JsonRecord:
    """``from_dict`` / ``to_dict`` of every record, both derived from the dataclass fields (:mod:`kit.books.codec`)."""

    @classmethod
    def from_dict(cls, data: Any, where: str = "", prefix: str = "") -> Any:
        """Parse (and validate) the record's JSON object; errors name ``where`` and the key path."""
        return json_codec(cls).read(data, where or f"<{cls.__name__}>", prefix)

    def to_dict(self) -> dict[str, Any]:
        """The record's JSON object, as written to disk."""
        return json_codec(type(self)).write(self)


def _not_blank(value: str) -> str | None:
    return None if value.strip() else "must not be empty"


def _png_name(value: str) -> str | None:
    if not value.endswith(".png") or "/" in value or "\\" in value:
        return f"must be a PNG file name next to the asset, got {value!r}"
    return None


def _has_entries(value: Mapping[str, Any]) -> str | None:
    return None if isinstance(value.get("entries"), list) else "must hold 'entries', a JSON array of entries"


@dataclass(frozen=True)
class ChatMessage(_JsonRecord):
    """One user-visible chat message of a book (``PersistedChatMessage``).

    Parameters
    ----------
    role : str
        ``"user"``, ``"assistant"``, ``"system"`` or another speaker role.
    content : str
        The message text.
    at : str, optional
        ISO 8601 timestamp.
    extra : mapping, default={}
        Fields kit does not interpret, written back unchanged.
    """

    role: str
    content: str
    at: Stamp | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TaggedArtifact(_JsonRecord):
    """A blackboard tag produced while designing or playing (``设计.*``, ``运行.*``) with its status.

    Only ``accepted`` artifacts become current facts (``design-artifacts.json`` or a play book's run state);
    ``draft`` and ``rejected`` ones are kept in the trace only.
    """

    tag: str = field(metadata=rule(check=_not_blank))
    value: str
    status: ArtifactStatus
    at: Stamp
    skill_id: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Transition(_JsonRecord):
    """One step of the design's artifact state machine, as recorded in the trace: ``from``, ``to``, ``event``, ``at``.

    ``source`` (``"from"`` on disk) is None for a tag the book had never seen.
    """

    target: ArtifactStatus = field(metadata=rule(key="to"))
    event: ArtifactEvent
    at: Stamp
    source: ArtifactStatus | None = field(default=None, metadata=rule(key="from"))
    extra: Mapping[str, Any] = field(default_factory=dict)

    WRITE_ORDER: ClassVar[tuple[str, ...]] = ("source", "target", "event", "at")


@dataclass(frozen=True)
class DesignTraceEntry(_JsonRecord):
    """One step of a design process (``DesignTraceEntry``); ``artifact`` is set when the step produced a tag,
    ``transition`` when it moved an artifact through the state machine.
    """

    at: Stamp
    type: Literal["user_input", "agent_tool", "skill_invoked", "user_confirmed", "user_rejected", "declare_ready"]
    summary: str
    skill_id: str | None = None
    tool: str | None = None
    output_tags: tuple[str, ...] = field(default=(), metadata=rule(omit_empty=True))
    artifact: TaggedArtifact | None = None
    transition: Transition | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    TRACE: ClassVar[str] = "design"
    JSON_TAG: ClassVar[tuple[str, str]] = ("trace", "design")


@dataclass(frozen=True)
class PlayTraceEntry(_JsonRecord):
    """One step of a play process (``PlayTraceEntry``): input, skill call, artifact or snapshot."""

    at: Stamp
    type: Literal["user_input", "skill_invoked", "artifact", "snapshot"]
    summary: str
    turn: int | None = None
    skill_id: str | None = None
    artifact: TaggedArtifact | None = None
    snapshot_id: str | None = None
    transition: Transition | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    TRACE: ClassVar[str] = "play"
    JSON_TAG: ClassVar[tuple[str, str]] = ("trace", "play")
    WRITE_ORDER: ClassVar[tuple[str, ...]] = (
        "at", "turn", "type", "summary", "skill_id", "artifact", "snapshot_id", "transition",
    )  # fmt: skip


TraceEntry = DesignTraceEntry | PlayTraceEntry


def trace_entry_from_dict(data: Any, where: str = "<trace entry>", prefix: str = "") -> TraceEntry:
    """Parse one trace line: ``"trace": "play"`` gives a :class:`PlayTraceEntry`, anything else a design entry."""
    if type(data) is dict or isinstance(data, Mapping):
        trace = data.get("trace", "design")
        if trace == "play":
            return json_codec(PlayTraceEntry).read(data, where, prefix)
        if trace != "design":
            raise BookRecordError(
                f"{where}: field {(prefix + '.trace') if prefix else 'trace'!r} must be 'design' or 'play', "
                f"got {data.get('trace')!r}",
                path=where,
                field="trace",
            )
    return json_codec(DesignTraceEntry).read(data, where, prefix)


@dataclass(frozen=True)
class RunState(_JsonRecord):
    """A play book's running state: the turn counter, game variables and the event stream text."""

    turn: int = field(default=0, metadata=rule(minimum=0))
    variables: Mapping[str, Any] = field(default_factory=dict)
    event_stream: str = ""


@dataclass(frozen=True)
class CardRef(_JsonRecord):
    """A play book's reference to the card asset it plays (``cardRef``)."""

    asset_id: Id
    version: str | None = None


@dataclass(frozen=True)
class WorldRef(_JsonRecord):
    """A reference to a world asset (``worldRef``); ``asset_id`` may be None (no world chosen)."""

    asset_id: Id | None = None


@dataclass(frozen=True)
class CardBook(_JsonRecord):
    """A character-card design book (``kind="character_card_design"``).

    ``design_trace`` is read from ``traces.jsonl`` and ``design_artifacts`` (accepted tags only) from
    ``design-artifacts.json``; ``project.json`` holds the rest. ``session_ids`` lists the sessions merged into
    the book (:meth:`kit.books.BookStore.close_session`).
    """

    id: Id
    title: str
    orchestrator_id: str
    lifecycle_stage: Literal["design", "archived"]
    created_at: Stamp
    updated_at: Stamp
    design_trace: tuple[DesignTraceEntry, ...] = ()
    design_artifacts: tuple[TaggedArtifact, ...] = ()
    messages: tuple[ChatMessage, ...] = ()
    run_skill_manifest: Mapping[str, Any] | None = None
    readiness: Mapping[str, Any] | None = None
    kind: Literal["character_card_design"] = "character_card_design"
    session_ids: tuple[str, ...] = field(default=(), metadata=rule(omit_empty=True))
    extra: Mapping[str, Any] = field(default_factory=dict)

    BOOK_TYPE: ClassVar[str] = "card"
    STAGES: ClassVar[tuple[str, ...]] = ("design", "archived")
    WRITE_ORDER: ClassVar[tuple[str, ...]] = (
        "id", "title", "orchestrator_id", "kind", "lifecycle_stage", "design_trace", "design_artifacts",
        "messages", "run_skill_manifest", "readiness", "session_ids", "created_at", "updated_at",
    )  # fmt: skip

    @property
    def current_tags(self) -> dict[str, str]:
        """The accepted tags as ``{tag: value}`` (the later acceptance of a tag wins)."""
        return {a.tag: a.value for a in self.design_artifacts if a.status == "accepted"}


@dataclass(frozen=True)
class PlayBook(_JsonRecord):
    """A play book (``kind="character_card_play"`` or ``"roleplay"``) that plays one card asset.

    ``context_profile``, ``run_skill_manifest`` and ``run_state`` are required on read (the design names them).
    """

    id: Id
    title: str
    orchestrator_id: str
    lifecycle_stage: Literal["play", "archived"]
    created_at: Stamp
    updated_at: Stamp
    card_ref: CardRef
    world_ref: WorldRef | None = None
    context_profile: Mapping[str, Any] = field(default_factory=dict, metadata=REQUIRED)
    run_skill_manifest: Mapping[str, Any] = field(default_factory=dict, metadata=REQUIRED)
    play_trace: tuple[PlayTraceEntry, ...] = ()
    run_state: RunState = field(default_factory=RunState, metadata=REQUIRED)
    messages: tuple[ChatMessage, ...] = ()
    snapshot_ids: tuple[Id, ...] = ()
    kind: Literal["character_card_play", "roleplay"] = "character_card_play"
    session_ids: tuple[str, ...] = field(default=(), metadata=rule(omit_empty=True))
    extra: Mapping[str, Any] = field(default_factory=dict)

    BOOK_TYPE: ClassVar[str] = "play"
    STAGES: ClassVar[tuple[str, ...]] = ("play", "archived")
    WRITE_ORDER: ClassVar[tuple[str, ...]] = (
        "id", "title", "orchestrator_id", "kind", "lifecycle_stage", "card_ref", "world_ref", "context_profile",
        "run_skill_manifest", "play_trace", "run_state", "messages", "snapshot_ids", "session_ids", "created_at",
        "updated_at",
    )  # fmt: skip


@dataclass(frozen=True)
class ProjectBook(_JsonRecord):
    """A project book such as a novel (``BookProject``); its texts are :class:`ContentRecord` files."""

    id: Id
    title: str
    orchestrator_id: str
    kind: Literal["novel", "forum", "weird_rules", "custom"]
    lifecycle_stage: Literal["design", "play", "done"]
    created_at: Stamp
    updated_at: Stamp
    current_content_id: Id | None = None
    history_content_ids: tuple[str, ...] = ()
    design_trace: tuple[DesignTraceEntry, ...] = ()
    session_ids: tuple[str, ...] = ()
    messages: tuple[ChatMessage, ...] = field(default=(), metadata=rule(omit_empty=True))
    extra: Mapping[str, Any] = field(default_factory=dict)

    BOOK_TYPE: ClassVar[str] = "project"
    STAGES: ClassVar[tuple[str, ...]] = ("design", "play", "done")
    WRITE_ORDER: ClassVar[tuple[str, ...]] = (
        "id", "title", "orchestrator_id", "kind", "lifecycle_stage", "current_content_id", "history_content_ids",
        "design_trace", "session_ids", "messages", "created_at", "updated_at",
    )  # fmt: skip


Book = CardBook | PlayBook | ProjectBook

#: The fields the design names as required, per book class (JSON keys); a book missing one is refused.
REQUIRED_BOOK_FIELDS: dict[str, tuple[str, ...]] = {
    "CardBook": ("id", "title", "orchestratorId", "lifecycleStage", "createdAt", "updatedAt"),
    "PlayBook": (
        "id", "title", "orchestratorId", "lifecycleStage", "cardRef", "contextProfile", "runSkillManifest",
        "runState", "createdAt", "updatedAt",
    ),
    "ProjectBook": ("id", "title", "orchestratorId", "kind", "lifecycleStage", "createdAt", "updatedAt"),
}  # fmt: skip
_BOOK_CLASSES = {
    **dict.fromkeys(CARD_BOOK_KINDS, CardBook),
    **dict.fromkeys(PLAY_BOOK_KINDS, PlayBook),
    **dict.fromkeys(PROJECT_BOOK_KINDS, ProjectBook),
}


def book_from_dict(data: Any, where: str = "<book>") -> Book:
    """Parse a book record, choosing the class from its ``kind`` (``character_card_design`` -> CardBook, ...)."""
    if not isinstance(data, Mapping):
        raise BookRecordError(f"{where}: a book must be a JSON object, got {type(data).__name__}", path=where)
    kind = data.get("kind")
    cls = _BOOK_CLASSES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        reason = "is missing (it is required)" if kind is None else f"must be one of {list(BOOK_KINDS)}, got {kind!r}"
        raise BookRecordError(f"{where}: field 'kind' {reason}", path=where, field="kind")
    book: Book = json_codec(cls).read(data, where)
    return book


@dataclass(frozen=True)
class CardAsset(_JsonRecord):
    """A reusable character card in the card library (``assets/cards/{id}.json``).

    Parameters
    ----------
    id, title : str
        Asset id and display title.
    card_book_id : str or None
        The card book it was exported from; None for imported cards.
    tags : mapping of str to str
        The accepted design tags it was exported from (``角色.设定``, ``角色.口吻``, ...).
    confirmed_at : str
        When the card was confirmed (exported or imported).
    card : mapping
        The full character card JSON (V2 or V3 shape, every field kept) without its ``character_book``,
        which lives in the world asset named by ``world_ref``.
    avatar : str or None
        File name of the avatar PNG next to the JSON (``{id}.png``), if any.
    world_ref : str or None
        Id of the bound world asset (``assets/worlds/{id}.json``) holding the card's ``character_book``.
    source : {"exported", "imported"}
        Whether the asset came from a card book or from a card file.
    source_file : str or None
        For imported cards, the file name it was read from.
    """

    id: Id
    title: str
    card_book_id: Id | None
    tags: Mapping[str, str] = field(metadata=rule(missing=dict))
    confirmed_at: Stamp
    card: Mapping[str, Any]
    run_skill_manifest: Mapping[str, Any] | None = None
    avatar: str | None = field(default=None, metadata=rule(check=_png_name))
    world_ref: Id | None = None
    source: Literal["exported", "imported"] = "exported"
    source_file: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    WRITE_ORDER: ClassVar[tuple[str, ...]] = (
        "id", "title", "card_book_id", "tags", "run_skill_manifest", "confirmed_at", "source", "source_file",
        "avatar", "world_ref", "card",
    )  # fmt: skip


@dataclass(frozen=True)
class WorldAsset(_JsonRecord):
    """A world book kept in the library (``assets/worlds/{id}.json``), usually bound to a card asset.

    ``character_book`` is the book exactly as the card embedded it (V2/V3 ``character_book`` shape);
    :meth:`kit.books.BookStore.world_book` turns it into a :class:`kit.worldbook.WorldBook`.
    """

    id: Id
    name: str
    character_book: Mapping[str, Any] = field(metadata=rule(check=_has_entries))
    card_asset_id: Id | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    WRITE_ORDER: ClassVar[tuple[str, ...]] = ("id", "name", "card_asset_id", "character_book")


@dataclass(frozen=True)
class ContentRecord(_JsonRecord):
    """A project book's text (``BookContentRecord``): an outline or a chapter."""

    id: Id
    book_id: Id
    kind: Literal["outline", "chapter"]
    title: str = field(metadata=rule(missing=""))
    text: str
    created_at: Stamp
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RunSnapshot(_JsonRecord):
    """A save point of a play book (``RunSnapshot``, ``kind="run"``): its run state and messages at that time."""

    id: Id
    book_id: Id
    at: Stamp
    run_state: RunState
    messages: tuple[ChatMessage, ...] = ()
    label: str | None = None
    kind: Literal["run"] = "run"
    extra: Mapping[str, Any] = field(default_factory=dict)

    WRITE_ORDER: ClassVar[tuple[str, ...]] = ("id", "book_id", "kind", "at", "label", "run_state", "messages")


@dataclass(frozen=True)
class Session(_JsonRecord):
    """A working copy of a book (``sessions/{id}.json``): the runtime blackboard, the session's own trace and
    messages, and for play books the run state it plays from (a snapshot's, when resumed from one).

    Closing it (:func:`kit.books.sessions.close_session`) merges it into the book by the design's settling
    rules. Sessions written by older tools (only ``bookId`` and ``messages``) read as open sessions.
    """

    id: Id
    book_id: Id
    opened_at: Stamp | None = None
    status: Literal["open", "closed"] = "open"
    blackboard: Mapping[str, Any] = field(default_factory=dict)
    trace: tuple[Mapping[str, Any], ...] = ()
    messages: tuple[ChatMessage, ...] = ()
    run_state: RunState | None = None
    from_snapshot: Id | None = None
    n_resumed_messages: int = field(default=0, metadata=rule(minimum=0))
    closed_at: Stamp | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
