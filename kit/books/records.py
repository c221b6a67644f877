"""Records of the Book storage model: card design books, card assets, play books, project books.

Every record is a small frozen dataclass with ``from_dict(data, where=...)`` (validating, camelCase keys as
on disk) and ``to_dict()`` (the JSON written to disk). Keys a record does not know are kept in ``extra`` and
written back unchanged, so files written by newer tools survive a round trip.

The three things the design keeps apart live in different files and are never written together:
the creation process (``books/{id}/traces.jsonl`` + ``messages``), the card (``assets/cards/{id}.json``)
and the play process (a play book's own folder).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, ClassVar, Literal, Union

from kit.books.errors import BookRecordError

__all__ = [
    "ARTIFACT_STATUSES",
    "BOOK_KINDS",
    "DESIGN_TRACE_TYPES",
    "PLAY_TRACE_TYPES",
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
    "TaggedArtifact",
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
CARD_BOOK_KINDS = ("character_card_design",)
PLAY_BOOK_KINDS = ("character_card_play", "roleplay")
PROJECT_BOOK_KINDS = ("novel", "forum", "weird_rules", "custom")
BOOK_KINDS = CARD_BOOK_KINDS + PLAY_BOOK_KINDS + PROJECT_BOOK_KINDS

_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,127}")


def check_id(value: Any, *, what: str, where: str = "") -> str:
    """Return ``value`` if it is a safe record id (letters, digits, ``_ . -``; no slashes); raise otherwise."""
    if not isinstance(value, str) or not _ID_RE.fullmatch(value) or value.endswith(".tmp"):
        prefix = f"{where}: " if where else ""
        raise BookRecordError(
            f"{prefix}{what} must be 1-128 characters of letters, digits, '_', '.' or '-' starting with a "
            f"letter or digit (it becomes a file name). Got {value!r} instead.",
            path=where,
            field=what,
        )
    return value


def check_timestamp(value: Any, *, what: str, where: str = "") -> str:
    """Return ``value`` if it is an ISO 8601 timestamp string (``2026-01-02T03:04:05Z``); raise otherwise."""
    ok = isinstance(value, str)
    if ok:
        try:
            datetime.fromisoformat(value)
        except ValueError:
            ok = False
    if not ok:
        prefix = f"{where}: " if where else ""
        raise BookRecordError(
            f"{prefix}field {what!r} must be an ISO 8601 timestamp such as '2026-01-02T03:04:05Z'. Got {value!r}.",
            path=where,
            field=what,
        )
    return value


class _Fields:
    """Reads fields out of one JSON object, raising errors that name the file and the key path."""

    def __init__(self, data: Any, where: str, prefix: str, known: tuple[str, ...]) -> None:
        if not isinstance(data, Mapping):
            self._fail(where, prefix or "<record>", f"must be a JSON object, got {type(data).__name__}")
        self.data, self.where, self.prefix = data, where, prefix
        self.extra = {k: v for k, v in data.items() if k not in known}

    @staticmethod
    def _fail(where: str, name: str, reason: str) -> None:
        raise BookRecordError(f"{where}: field {name!r} {reason}", path=where, field=name)

    def path(self, key: str) -> str:
        return f"{self.prefix}.{key}" if self.prefix else key

    def get(self, key: str, kind: type | tuple[type, ...], *, required: bool = False, default: Any = None) -> Any:
        if key not in self.data or self.data[key] is None:
            if required:
                self._fail(self.where, self.path(key), "is missing (it is required)")
            return default
        value = self.data[key]
        if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
            self._fail(self.where, self.path(key), f"must be {_type_name(kind)}, got a boolean")
        if not isinstance(value, kind):
            self._fail(self.where, self.path(key), f"must be {_type_name(kind)}, got {type(value).__name__}")
        return value

    def text(self, key: str, *, required: bool = False, default: str | None = None) -> Any:
        return self.get(key, str, required=required, default=default)

    def choice(self, key: str, options: tuple[str, ...], *, required: bool = True, default: str | None = None) -> Any:
        value = self.text(key, required=required, default=default)
        if value is not None and value not in options:
            self._fail(self.where, self.path(key), f"must be one of {list(options)}, got {value!r}")
        return value

    def stamp(self, key: str, *, required: bool = True) -> Any:
        value = self.text(key, required=required)
        return None if value is None else check_timestamp(value, what=self.path(key), where=self.where)

    def ident(self, key: str, *, required: bool = True) -> Any:
        value = self.text(key, required=required)
        return None if value is None else check_id(value, what=self.path(key), where=self.where)

    def strings(self, key: str) -> tuple[str, ...]:
        values = self.get(key, list, default=[])
        for i, item in enumerate(values):
            if not isinstance(item, str):
                self._fail(self.where, f"{self.path(key)}[{i}]", f"must be a string, got {type(item).__name__}")
        return tuple(values)

    def objects(self, key: str, parse: Any) -> tuple[Any, ...]:
        values = self.get(key, list, default=[])
        return tuple(parse(item, self.where, f"{self.path(key)}[{i}]") for i, item in enumerate(values))

    def mapping(self, key: str, *, required: bool = False) -> dict[str, Any] | None:
        value = self.get(key, dict, required=required)
        return None if value is None else dict(value)


def _type_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", dict: "a JSON object", list: "a JSON array", bool: "a boolean"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _drop_none(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v is not None}


@dataclass(frozen=True)
class ChatMessage:
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
    at: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    KEYS: ClassVar[tuple[str, ...]] = ("role", "content", "at")

    @classmethod
    def from_dict(cls, data: Any, where: str = "<message>", prefix: str = "") -> ChatMessage:
        f = _Fields(data, where, prefix, cls.KEYS)
        return cls(f.text("role", required=True), f.text("content", required=True), f.stamp("at", required=False), f.extra)

    def to_dict(self) -> dict[str, Any]:
        return {**_drop_none({"role": self.role, "content": self.content, "at": self.at}), **self.extra}


@dataclass(frozen=True)
class TaggedArtifact:
    """A blackboard tag produced while designing or playing (``设计.*``, ``运行.*``) with its status.

    Only ``accepted`` artifacts become current facts (``design-artifacts.json`` or a play book's run state);
    ``draft`` and ``rejected`` ones are kept in the trace only.
    """

    tag: str
    value: str
    status: Literal["draft", "accepted", "rejected"]
    at: str
    skill_id: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    KEYS: ClassVar[tuple[str, ...]] = ("tag", "value", "status", "at", "skillId")

    @classmethod
    def from_dict(cls, data: Any, where: str = "<artifact>", prefix: str = "") -> TaggedArtifact:
        f = _Fields(data, where, prefix, cls.KEYS)
        tag = f.text("tag", required=True)
        if not tag.strip():
            f._fail(where, f.path("tag"), "must not be empty")
        return cls(
            tag,
            f.text("value", required=True),
            f.choice("status", ARTIFACT_STATUSES),
            f.stamp("at"),
            f.text("skillId"),
            f.extra,
        )

    def to_dict(self) -> dict[str, Any]:
        base = {"tag": self.tag, "value": self.value, "status": self.status, "at": self.at, "skillId": self.skill_id}
        return {**_drop_none(base), **self.extra}


@dataclass(frozen=True)
class DesignTraceEntry:
    """One step of a design process (``DesignTraceEntry``); ``artifact`` is set when the step produced a tag."""

    at: str
    type: Literal["user_input", "agent_tool", "skill_invoked", "user_confirmed", "user_rejected", "declare_ready"]
    summary: str
    skill_id: str | None = None
    tool: str | None = None
    output_tags: tuple[str, ...] = ()
    artifact: TaggedArtifact | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    TRACE: ClassVar[str] = "design"
    KEYS: ClassVar[tuple[str, ...]] = ("trace", "at", "type", "summary", "skillId", "tool", "outputTags", "artifact")

    @classmethod
    def from_dict(cls, data: Any, where: str = "<trace entry>", prefix: str = "") -> DesignTraceEntry:
        f = _Fields(data, where, prefix, cls.KEYS)
        art = f.mapping("artifact")
        return cls(
            f.stamp("at"),
            f.choice("type", DESIGN_TRACE_TYPES),
            f.text("summary", required=True),
            f.text("skillId"),
            f.text("tool"),
            f.strings("outputTags"),
            None if art is None else TaggedArtifact.from_dict(art, where, f.path("artifact")),
            f.extra,
        )

    def to_dict(self) -> dict[str, Any]:
        base = {
            "trace": self.TRACE,
            "at": self.at,
            "type": self.type,
            "summary": self.summary,
            "skillId": self.skill_id,
            "tool": self.tool,
            "outputTags": list(self.output_tags) or None,
            "artifact": None if self.artifact is None else self.artifact.to_dict(),
        }
        return {**_drop_none(base), **self.extra}


@dataclass(frozen=True)
class PlayTraceEntry:
    """One step of a play process (``PlayTraceEntry``): input, skill call, artifact or snapshot."""

    at: str
    type: Literal["user_input", "skill_invoked", "artifact", "snapshot"]
    summary: str
    turn: int | None = None
    skill_id: str | None = None
    artifact: TaggedArtifact | None = None
    snapshot_id: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    TRACE: ClassVar[str] = "play"
    KEYS: ClassVar[tuple[str, ...]] = ("trace", "at", "type", "summary", "turn", "skillId", "artifact", "snapshotId")

    @classmethod
    def from_dict(cls, data: Any, where: str = "<trace entry>", prefix: str = "") -> PlayTraceEntry:
        f = _Fields(data, where, prefix, cls.KEYS)
        art = f.mapping("artifact")
        return cls(
            f.stamp("at"),
            f.choice("type", PLAY_TRACE_TYPES),
            f.text("summary", required=True),
            f.get("turn", int),
            f.text("skillId"),
            None if art is None else TaggedArtifact.from_dict(art, where, f.path("artifact")),
            f.text("snapshotId"),
            f.extra,
        )

    def to_dict(self) -> dict[str, Any]:
        base = {
            "trace": self.TRACE,
            "at": self.at,
            "turn": self.turn,
            "type": self.type,
            "summary": self.summary,
            "skillId": self.skill_id,
            "artifact": None if self.artifact is None else self.artifact.to_dict(),
            "snapshotId": self.snapshot_id,
        }
        return {**_drop_none(base), **self.extra}


TraceEntry = Union[DesignTraceEntry, PlayTraceEntry]


def trace_entry_from_dict(data: Any, where: str = "<trace entry>", prefix: str = "") -> TraceEntry:
    """Parse one trace line: ``"trace": "play"`` gives a :class:`PlayTraceEntry`, anything else a design entry."""
    if isinstance(data, Mapping) and data.get("trace") == "play":
        return PlayTraceEntry.from_dict(data, where, prefix)
    if isinstance(data, Mapping) and data.get("trace", "design") != "design":
        raise BookRecordError(
            f"{where}: field {(prefix + '.trace') if prefix else 'trace'!r} must be 'design' or 'play', "
            f"got {data.get('trace')!r}",
            path=where,
            field="trace",
        )
    return DesignTraceEntry.from_dict(data, where, prefix)


@dataclass(frozen=True)
class RunState:
    """A play book's running state: the turn counter, game variables and the event stream text."""

    turn: int = 0
    variables: Mapping[str, Any] = field(default_factory=dict)
    event_stream: str = ""

    @classmethod
    def from_dict(cls, data: Any, where: str = "<runState>", prefix: str = "runState") -> RunState:
        f = _Fields(data, where, prefix, ("turn", "variables", "eventStream"))
        turn = f.get("turn", int, default=0)
        if turn < 0:
            f._fail(where, f.path("turn"), f"must be >= 0, got {turn}")
        return cls(turn, f.mapping("variables") or {}, f.text("eventStream", default=""))

    def to_dict(self) -> dict[str, Any]:
        return {"turn": self.turn, "variables": dict(self.variables), "eventStream": self.event_stream}


@dataclass(frozen=True)
class CardRef:
    """A play book's reference to the card asset it plays (``cardRef``)."""

    asset_id: str
    version: str | None = None

    @classmethod
    def from_dict(cls, data: Any, where: str = "<cardRef>", prefix: str = "cardRef") -> CardRef:
        f = _Fields(data, where, prefix, ("assetId", "version"))
        return cls(f.ident("assetId"), f.text("version"))

    def to_dict(self) -> dict[str, Any]:
        return _drop_none({"assetId": self.asset_id, "version": self.version})


@dataclass(frozen=True)
class WorldRef:
    """A reference to a world asset (``worldRef``); ``asset_id`` may be None (no world chosen)."""

    asset_id: str | None = None

    @classmethod
    def from_dict(cls, data: Any, where: str = "<worldRef>", prefix: str = "worldRef") -> WorldRef:
        f = _Fields(data, where, prefix, ("assetId",))
        return cls(f.ident("assetId", required=False))

    def to_dict(self) -> dict[str, Any]:
        return _drop_none({"assetId": self.asset_id})


def _common(f: _Fields) -> dict[str, Any]:
    return {
        "id": f.ident("id"),
        "title": f.text("title", required=True),
        "orchestrator_id": f.text("orchestratorId", default="default"),
        "created_at": f.stamp("createdAt"),
        "updated_at": f.stamp("updatedAt"),
    }


@dataclass(frozen=True)
class CardBook:
    """A character-card design book (``kind="character_card_design"``).

    ``design_trace`` is read from ``traces.jsonl`` and ``design_artifacts`` (accepted tags only) from
    ``design-artifacts.json``; ``project.json`` holds the rest.
    """

    id: str
    title: str
    orchestrator_id: str
    lifecycle_stage: Literal["design", "archived"]
    created_at: str
    updated_at: str
    design_trace: tuple[DesignTraceEntry, ...] = ()
    design_artifacts: tuple[TaggedArtifact, ...] = ()
    messages: tuple[ChatMessage, ...] = ()
    run_skill_manifest: Mapping[str, Any] | None = None
    readiness: Mapping[str, Any] | None = None
    kind: str = "character_card_design"
    extra: Mapping[str, Any] = field(default_factory=dict)

    BOOK_TYPE: ClassVar[str] = "card"
    STAGES: ClassVar[tuple[str, ...]] = ("design", "archived")
    KEYS: ClassVar[tuple[str, ...]] = (
        "id", "title", "orchestratorId", "kind", "lifecycleStage", "designTrace", "designArtifacts",
        "messages", "runSkillManifest", "readiness", "createdAt", "updatedAt",
    )  # fmt: skip

    @classmethod
    def from_dict(cls, data: Any, where: str = "<book>", prefix: str = "") -> CardBook:
        f = _Fields(data, where, prefix, cls.KEYS)
        return cls(
            **_common(f),
            lifecycle_stage=f.choice("lifecycleStage", cls.STAGES),
            design_trace=f.objects("designTrace", DesignTraceEntry.from_dict),
            design_artifacts=f.objects("designArtifacts", TaggedArtifact.from_dict),
            messages=f.objects("messages", ChatMessage.from_dict),
            run_skill_manifest=f.mapping("runSkillManifest"),
            readiness=f.mapping("readiness"),
            kind=f.choice("kind", CARD_BOOK_KINDS),
            extra=f.extra,
        )

    def to_dict(self) -> dict[str, Any]:
        base = {
            "id": self.id,
            "title": self.title,
            "orchestratorId": self.orchestrator_id,
            "kind": self.kind,
            "lifecycleStage": self.lifecycle_stage,
            "designTrace": [e.to_dict() for e in self.design_trace],
            "designArtifacts": [a.to_dict() for a in self.design_artifacts],
            "messages": [m.to_dict() for m in self.messages],
            "runSkillManifest": None if self.run_skill_manifest is None else dict(self.run_skill_manifest),
            "readiness": None if self.readiness is None else dict(self.readiness),
            "createdAt": self.created_at,
            "updatedAt": self.updated_at,
        }
        return {**_drop_none(base), **self.extra}

    @property
    def current_tags(self) -> dict[str, str]:
        """The accepted tags as ``{tag: value}`` (the later acceptance of a tag wins)."""
        return {a.tag: a.value for a in self.design_artifacts if a.status == "accepted"}


@dataclass(frozen=True)
class PlayBook:
    """A play book (``kind="character_card_play"`` or ``"roleplay"``) that plays one card asset."""

    id: str
    title: str
    orchestrator_id: str
    lifecycle_stage: Literal["play", "archived"]
    created_at: str
    updated_at: str
    card_ref: CardRef
    world_ref: WorldRef | None = None
    context_profile: Mapping[str, Any] = field(default_factory=dict)
    run_skill_manifest: Mapping[str, Any] = field(default_factory=dict)
    play_trace: tuple[PlayTraceEntry, ...] = ()
    run_state: RunState = field(default_factory=RunState)
    messages: tuple[ChatMessage, ...] = ()
    snapshot_ids: tuple[str, ...] = ()
    kind: str = "character_card_play"
    extra: Mapping[str, Any] = field(default_factory=dict)

    BOOK_TYPE: ClassVar[str] = "play"
    STAGES: ClassVar[tuple[str, ...]] = ("play", "archived")
    KEYS: ClassVar[tuple[str, ...]] = (
        "id", "title", "orchestratorId", "kind", "lifecycleStage", "cardRef", "worldRef", "contextProfile",
        "runSkillManifest", "playTrace", "runState", "messages", "snapshotIds", "createdAt", "updatedAt",
    )  # fmt: skip

    @classmethod
    def from_dict(cls, data: Any, where: str = "<book>", prefix: str = "") -> PlayBook:
        f = _Fields(data, where, prefix, cls.KEYS)
        world = f.mapping("worldRef")
        return cls(
            **_common(f),
            lifecycle_stage=f.choice("lifecycleStage", cls.STAGES),
            card_ref=CardRef.from_dict(f.mapping("cardRef", required=True), where, f.path("cardRef")),
            world_ref=None if world is None else WorldRef.from_dict(world, where, f.path("worldRef")),
            context_profile=f.mapping("contextProfile") or {},
            run_skill_manifest=f.mapping("runSkillManifest") or {},
            play_trace=f.objects("playTrace", PlayTraceEntry.from_dict),
            run_state=RunState.from_dict(f.mapping("runState") or {}, where, f.path("runState")),
            messages=f.objects("messages", ChatMessage.from_dict),
            snapshot_ids=tuple(check_id(s, what=f.path("snapshotIds"), where=where) for s in f.strings("snapshotIds")),
            kind=f.choice("kind", PLAY_BOOK_KINDS),
            extra=f.extra,
        )

    def to_dict(self) -> dict[str, Any]:
        base = {
            "id": self.id,
            "title": self.title,
            "orchestratorId": self.orchestrator_id,
            "kind": self.kind,
            "lifecycleStage": self.lifecycle_stage,
            "cardRef": self.card_ref.to_dict(),
            "worldRef": None if self.world_ref is None else self.world_ref.to_dict(),
            "contextProfile": dict(self.context_profile),
            "runSkillManifest": dict(self.run_skill_manifest),
            "playTrace": [e.to_dict() for e in self.play_trace],
            "runState": self.run_state.to_dict(),
            "messages": [m.to_dict() for m in self.messages],
            "snapshotIds": list(self.snapshot_ids),
            "createdAt": self.created_at,
            "updatedAt": self.updated_at,
        }
        return {**_drop_none(base), **self.extra}


@dataclass(frozen=True)
class ProjectBook:
    """A project book such as a novel (``BookProject``); its texts are :class:`ContentRecord` files."""

    id: str
    title: str
    orchestrator_id: str
    kind: Literal["novel", "forum", "weird_rules", "custom"]
    lifecycle_stage: Literal["design", "play", "done"]
    created_at: str
    updated_at: str
    current_content_id: str | None = None
    history_content_ids: tuple[str, ...] = ()
    design_trace: tuple[DesignTraceEntry, ...] = ()
    session_ids: tuple[str, ...] = ()
    messages: tuple[ChatMessage, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    BOOK_TYPE: ClassVar[str] = "project"
    STAGES: ClassVar[tuple[str, ...]] = ("design", "play", "done")
    KEYS: ClassVar[tuple[str, ...]] = (
        "id", "title", "orchestratorId", "kind", "lifecycleStage", "currentContentId", "historyContentIds",
        "designTrace", "sessionIds", "messages", "createdAt", "updatedAt",
    )  # fmt: skip

    @classmethod
    def from_dict(cls, data: Any, where: str = "<book>", prefix: str = "") -> ProjectBook:
        f = _Fields(data, where, prefix, cls.KEYS)
        return cls(
            **_common(f),
            kind=f.choice("kind", PROJECT_BOOK_KINDS),
            lifecycle_stage=f.choice("lifecycleStage", cls.STAGES),
            current_content_id=f.ident("currentContentId", required=False),
            history_content_ids=f.strings("historyContentIds"),
            design_trace=f.objects("designTrace", DesignTraceEntry.from_dict),
            session_ids=f.strings("sessionIds"),
            messages=f.objects("messages", ChatMessage.from_dict),
            extra=f.extra,
        )

    def to_dict(self) -> dict[str, Any]:
        base = {
            "id": self.id,
            "title": self.title,
            "orchestratorId": self.orchestrator_id,
            "kind": self.kind,
            "lifecycleStage": self.lifecycle_stage,
            "currentContentId": self.current_content_id,
            "historyContentIds": list(self.history_content_ids),
            "designTrace": [e.to_dict() for e in self.design_trace],
            "sessionIds": list(self.session_ids),
            "messages": [m.to_dict() for m in self.messages] or None,
            "createdAt": self.created_at,
            "updatedAt": self.updated_at,
        }
        return {**_drop_none(base), **self.extra}


Book = Union[CardBook, PlayBook, ProjectBook]


def book_from_dict(data: Any, where: str = "<book>") -> Book:
    """Parse a book record, choosing the class from its ``kind`` (``character_card_design`` -> CardBook, ...)."""
    if not isinstance(data, Mapping):
        raise BookRecordError(f"{where}: a book must be a JSON object, got {type(data).__name__}", path=where)
    kind = data.get("kind")
    if kind in CARD_BOOK_KINDS:
        return CardBook.from_dict(data, where)
    if kind in PLAY_BOOK_KINDS:
        return PlayBook.from_dict(data, where)
    if kind in PROJECT_BOOK_KINDS:
        return ProjectBook.from_dict(data, where)
    reason = "is missing (it is required)" if kind is None else f"must be one of {list(BOOK_KINDS)}, got {kind!r}"
    raise BookRecordError(f"{where}: field 'kind' {reason}", path=where, field="kind")


@dataclass(frozen=True)
class CardAsset:
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

    id: str
    title: str
    card_book_id: str | None
    tags: Mapping[str, str]
    confirmed_at: str
    card: Mapping[str, Any]
    run_skill_manifest: Mapping[str, Any] | None = None
    avatar: str | None = None
    world_ref: str | None = None
    source: Literal["exported", "imported"] = "exported"
    source_file: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    KEYS: ClassVar[tuple[str, ...]] = (
        "id", "title", "cardBookId", "tags", "confirmedAt", "card", "runSkillManifest", "avatar", "worldRef",
        "source", "sourceFile",
    )  # fmt: skip

    @classmethod
    def from_dict(cls, data: Any, where: str = "<asset>", prefix: str = "") -> CardAsset:
        f = _Fields(data, where, prefix, cls.KEYS)
        tags = f.mapping("tags") or {}
        for key, value in tags.items():
            if not isinstance(value, str):
                f._fail(where, f"{f.path('tags')}.{key}", f"must be a string, got {type(value).__name__}")
        avatar = f.text("avatar")
        if avatar is not None and (not avatar.endswith(".png") or "/" in avatar or "\\" in avatar):
            f._fail(where, f.path("avatar"), f"must be a PNG file name next to the asset, got {avatar!r}")
        return cls(
            id=f.ident("id"),
            title=f.text("title", required=True),
            card_book_id=f.ident("cardBookId", required=False),
            tags=tags,
            confirmed_at=f.stamp("confirmedAt"),
            card=f.mapping("card", required=True),
            run_skill_manifest=f.mapping("runSkillManifest"),
            avatar=avatar,
            world_ref=f.ident("worldRef", required=False),
            source=f.choice("source", ("exported", "imported"), required=False, default="exported"),
            source_file=f.text("sourceFile"),
            extra=f.extra,
        )

    def to_dict(self) -> dict[str, Any]:
        base = {
            "id": self.id,
            "title": self.title,
            "cardBookId": self.card_book_id,
            "tags": dict(self.tags),
            "runSkillManifest": None if self.run_skill_manifest is None else dict(self.run_skill_manifest),
            "confirmedAt": self.confirmed_at,
            "source": self.source,
            "sourceFile": self.source_file,
            "avatar": self.avatar,
            "worldRef": self.world_ref,
            "card": dict(self.card),
        }
        return {**_drop_none(base), **self.extra}


@dataclass(frozen=True)
class WorldAsset:
    """A world book kept in the library (``assets/worlds/{id}.json``), usually bound to a card asset.

    ``character_book`` is the book exactly as the card embedded it (V2/V3 ``character_book`` shape);
    :meth:`kit.books.BookStore.world_book` turns it into a :class:`kit.worldbook.WorldBook`.
    """

    id: str
    name: str
    character_book: Mapping[str, Any]
    card_asset_id: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    KEYS: ClassVar[tuple[str, ...]] = ("id", "name", "cardAssetId", "characterBook")

    @classmethod
    def from_dict(cls, data: Any, where: str = "<world asset>", prefix: str = "") -> WorldAsset:
        f = _Fields(data, where, prefix, cls.KEYS)
        book = f.mapping("characterBook", required=True)
        if not isinstance(book.get("entries"), list):
            f._fail(where, f.path("characterBook.entries"), "must be a JSON array of entries")
        return cls(f.ident("id"), f.text("name", required=True), book, f.ident("cardAssetId", required=False), f.extra)

    def to_dict(self) -> dict[str, Any]:
        base = {"id": self.id, "name": self.name, "cardAssetId": self.card_asset_id}
        return {**_drop_none(base), "characterBook": dict(self.character_book), **self.extra}


@dataclass(frozen=True)
class ContentRecord:
    """A project book's text (``BookContentRecord``): an outline or a chapter."""

    id: str
    book_id: str
    kind: Literal["outline", "chapter"]
    title: str
    text: str
    created_at: str
    extra: Mapping[str, Any] = field(default_factory=dict)

    KEYS: ClassVar[tuple[str, ...]] = ("id", "bookId", "kind", "title", "text", "createdAt")

    @classmethod
    def from_dict(cls, data: Any, where: str = "<content>", prefix: str = "") -> ContentRecord:
        f = _Fields(data, where, prefix, cls.KEYS)
        return cls(
            f.ident("id"),
            f.ident("bookId"),
            f.choice("kind", ("outline", "chapter")),
            f.text("title", default=""),
            f.text("text", required=True),
            f.stamp("createdAt"),
            f.extra,
        )

    def to_dict(self) -> dict[str, Any]:
        base = {
            "id": self.id,
            "bookId": self.book_id,
            "kind": self.kind,
            "title": self.title,
            "text": self.text,
            "createdAt": self.created_at,
        }
        return {**base, **self.extra}


@dataclass(frozen=True)
class RunSnapshot:
    """A save point of a play book (``RunSnapshot``, ``kind="run"``): its run state and messages at that time."""

    id: str
    book_id: str
    at: str
    run_state: RunState
    messages: tuple[ChatMessage, ...] = ()
    label: str | None = None
    kind: str = "run"
    extra: Mapping[str, Any] = field(default_factory=dict)

    KEYS: ClassVar[tuple[str, ...]] = ("id", "bookId", "kind", "at", "label", "runState", "messages")

    @classmethod
    def from_dict(cls, data: Any, where: str = "<snapshot>", prefix: str = "") -> RunSnapshot:
        f = _Fields(data, where, prefix, cls.KEYS)
        return cls(
            f.ident("id"),
            f.ident("bookId"),
            f.stamp("at"),
            RunState.from_dict(f.mapping("runState", required=True), where, f.path("runState")),
            f.objects("messages", ChatMessage.from_dict),
            f.text("label"),
            f.choice("kind", ("run",), required=False, default="run"),
            f.extra,
        )

    def to_dict(self) -> dict[str, Any]:
        base = {
            "id": self.id,
            "bookId": self.book_id,
            "kind": self.kind,
            "at": self.at,
            "label": self.label,
            "runState": self.run_state.to_dict(),
            "messages": [m.to_dict() for m in self.messages],
        }
        return {**_drop_none(base), **self.extra}
