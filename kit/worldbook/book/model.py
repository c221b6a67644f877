"""kit's world-book model: books, entries and their trigger configuration, as frozen records.

A :class:`WorldBook` holds :class:`Entry` records; an entry's :class:`Triggers` say when it activates.
Every record is immutable; use :func:`dataclasses.replace` to derive edited copies.

Positions follow the design (``worldbook-activation.md``), numbered 0-7; :data:`POSITION_LABELS` gives
their Chinese labels with the English meaning alongside.

Field ``extra`` on books, entries and triggers keeps the fields kit does not model, verbatim, so that a
file read and written back (native JSON or a character card's ``character_book``) loses nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = [
    "POSITION_LABELS",
    "POSITION_LABELS_ZH",
    "POSITION_LABELS_EN",
    "POSITION_WEIGHTS",
    "TRIGGER_TYPES",
    "SECONDARY_LOGICS",
    "Issue",
    "KeywordTrigger",
    "RagTrigger",
    "Triggers",
    "Entry",
    "WorldBook",
    "position_label",
]

#: The design's position labels (Chinese), by position number.
POSITION_LABELS_ZH: dict[int, str] = {
    0: "角色定义之后",
    1: "角色定义之前",
    2: "示例对话之前",
    3: "示例对话之后",
    4: "系统提示/作者注释",
    5: "作为系统消息",
    6: "深度插入",
    7: "宏替换",
}

#: The English meaning of each position.
POSITION_LABELS_EN: dict[int, str] = {
    0: "after character definition",
    1: "before character definition",
    2: "before example dialogue",
    3: "after example dialogue",
    4: "system prompt / author's note",
    5: "as system message",
    6: "depth insertion",
    7: "macro replacement",
}

#: The design's 权重 (weight) of each position, as its table gives it (``"-"`` for the reserved positions 6-7).
POSITION_WEIGHTS: dict[int, str] = {0: "高", 1: "中", 2: "低", 3: "低", 4: "极高", 5: "最高", 6: "-", 7: "-"}

#: Display labels, Chinese with English alongside: ``"角色定义之后 (after character definition)"``.
POSITION_LABELS: dict[int, str] = {p: f"{POSITION_LABELS_ZH[p]} ({POSITION_LABELS_EN[p]})" for p in range(8)}

#: Trigger types in the order kit checks them (the first that fires is reported, see :class:`Triggers`).
TRIGGER_TYPES: tuple[str, ...] = ("constant", "keyword", "condition", "logic", "rag")

#: A logic between primary and secondary keys.
SecondaryLogic = Literal["and_any", "not_all", "not_any", "and_all"]

#: Logics between primary and secondary keys (SillyTavern's ``selectiveLogic`` 0-3, by name).
SECONDARY_LOGICS: tuple[SecondaryLogic, ...] = ("and_any", "not_all", "not_any", "and_all")


def position_label(position: int) -> str:
    """Return the display label of a position (``"宏替换 (macro replacement)"`` for 7).

    Raises ``KeyError`` for a position outside 0-7.
    """
    return POSITION_LABELS[position]


@dataclass(frozen=True)
class Issue:
    """A problem found while reading: where (``file``, ``book_id``, ``uid``, ``field``), the raw ``value`` and
    the ``reason``. Either a value that could not be normalised (its entry was skipped in lenient reading) or
    one read differently from SillyTavern or the design (a key with surrounding white space, a ``disable``
    string; the entry is kept): the reason says which, and ``severity`` is ``"warning"`` for a kept entry.
    """

    book_id: str
    uid: str | None
    field: str
    value: Any
    reason: str
    file: str | None = None
    severity: Literal["warning", "error"] = "error"


@dataclass(frozen=True)
class KeywordTrigger:
    """Keyword trigger: fires when one of ``keys`` occurs in the scanned text.

    Parameters
    ----------
    keys : tuple of str
        Primary keys, matched as plain text (never as regular expressions). Empty keys are ignored.
    case_sensitive : bool, default=False
        When false, keys and text are compared lower-cased (``str.lower``).
    match_whole_words : bool, default=False
        When true, an occurrence counts only if the characters around it are not *word characters*.
        Word characters are Latin letters (ASCII and Latin-1/Latin Extended-A/B, U+00C0-U+024F except
        U+00D7 and U+00F7) and ASCII digits. Chinese, Japanese and Korean characters, punctuation and spaces
        are boundaries, so ``"Alice"`` matches in ``"我遇见了Alice。"`` but not in ``"Alicexyz"``, and a
        Chinese key such as ``"魔法"`` matches inside ``"魔法师"`` (Chinese has no spaces between words).
    secondary_keys : tuple of str, default=()
        Optional filter keys, used only when non-empty, combined with ``secondary_logic``.
    secondary_logic : {"and_any", "not_all", "not_any", "and_all"}, default="and_any"
        ``and_any``: some secondary key also occurs; ``not_all``: not every secondary key occurs;
        ``not_any``: no secondary key occurs; ``and_all``: every secondary key occurs.
    """

    keys: tuple[str, ...] = ()
    case_sensitive: bool = False
    match_whole_words: bool = False
    secondary_keys: tuple[str, ...] = ()
    secondary_logic: SecondaryLogic = "and_any"

    @property
    def active_keys(self) -> tuple[str, ...]:
        """The primary keys that take part in matching (non-empty ones)."""
        return tuple(k for k in self.keys if k)

    @property
    def active_secondary_keys(self) -> tuple[str, ...]:
        """The secondary keys that take part in matching (non-empty ones)."""
        return tuple(k for k in self.secondary_keys if k)


@dataclass(frozen=True)
class RagTrigger:
    """Retrieval trigger: fires when the entry's content is similar enough to the recent conversation.

    The query is the current message plus the two most recent scanned history messages
    (``kit.worldbook.engine.activation.RAG_QUERY_MESSAGES``); entries' contents are indexed with
    :class:`kit.retrieval.ParagraphIndex`. The entry fires when its best paragraph scores at least
    ``threshold`` and ranks within the first ``top_k`` retrieval-triggered entries.

    Parameters
    ----------
    threshold : float, default=0.1
        Minimum cosine score in [0, 1] (TF-IDF weighting, sublinear tf, cosine).
    top_k : int, default=3
        The entry must rank among this many best retrieval-triggered entries (>= 1).
    """

    threshold: float = 0.1
    top_k: int = 3


@dataclass(frozen=True)
class Triggers:
    """When an entry activates.

    The triggers are alternatives: an entry activates when **any** configured trigger fires. They are checked
    in the order of :data:`TRIGGER_TYPES` (constant, keyword, condition, logic, rag) and the first that fires
    is the one reported in the ``trigger`` column. ``conditions`` fire only when **all** of them hold (the
    design's AND); a logic expression can combine keys and conditions in any other way. An entry with no
    trigger configured never activates. ``probability`` then gates an entry that fired (including constant
    ones).

    Parameters
    ----------
    constant : bool, default=False
        Always fires (JSON: ``"constant": [true]``).
    keyword : KeywordTrigger or None
        Keys scanned in the message and the history.
    conditions : tuple of str, default=()
        Table conditions such as ``"tb.力量 > 10"`` (see :func:`kit.worldbook.parse_condition`).
    logic_expression : str or None
        An AND / OR / NOT expression over keys and conditions (see :func:`kit.worldbook.parse_logic`).
    rag : RagTrigger or None
        Retrieval trigger.
    probability : float, default=1.0
        Chance in [0, 1] that an entry whose trigger fired is kept (drawn from the ``rng`` of activation).
    extra : mapping
        Unknown keys of ``trigger_config.triggers``, kept verbatim.
    """

    constant: bool = False
    keyword: KeywordTrigger | None = None
    conditions: tuple[str, ...] = ()
    logic_expression: str | None = None
    rag: RagTrigger | None = None
    probability: float = 1.0
    extra: Mapping[str, Any] = field(default_factory=dict, compare=True)

    @property
    def configured(self) -> tuple[str, ...]:
        """The trigger types configured on this entry, in checking order."""
        out = []
        if self.constant:
            out.append("constant")
        if self.keyword is not None and self.keyword.active_keys:
            out.append("keyword")
        if self.conditions:
            out.append("condition")
        if self.logic_expression:
            out.append("logic")
        if self.rag is not None:
            out.append("rag")
        return tuple(out)


@dataclass(frozen=True)
class Entry:
    """One world-book entry.

    Parameters
    ----------
    uid : str
        Id of the entry, unique within its book.
    content : str
        The text injected when the entry activates.
    position : int, default=0
        Insertion position 0-7 (see :data:`POSITION_LABELS`).
    order : int, default=0
        Sort key within a position (ascending); also the priority in group and exclusion conflicts
        (higher wins).
    disable : bool, default=False
        Disabled entries never activate.
    group : tuple of str or None, default=None
        Conflict groups: of the active entries sharing a group, only one is kept (see
        :func:`kit.worldbook.activate`).
    comment : str, default=""
        Title or memo, not injected.
    depth : int, default=4
        For position 6: how many messages from the end of the chat the content is inserted at
        (0 = after the last message).
    macro : str or None, default=None
        For position 7: the content replaces ``{{wb:<macro>}}`` in the prompt (the uid when None).
    requires : tuple of str, default=()
        Uids (same book, or ``"<book_id>/<uid>"``) that must all be active for this entry to stay active.
    excludes : tuple of str, default=()
        Uids whose activity rules this entry out (the entry with the higher order wins, see activation).
    triggers : Triggers
        When the entry activates.
    extra : mapping
        Unknown entry fields, kept verbatim for writing back.
    """

    uid: str
    content: str = ""
    position: int = 0
    order: int = 0
    disable: bool = False
    group: tuple[str, ...] | None = None
    comment: str = ""
    depth: int = 4
    macro: str | None = None
    requires: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()
    triggers: Triggers = field(default_factory=Triggers)
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def position_label(self) -> str:
        """The display label of this entry's position."""
        return POSITION_LABELS[self.position]

    @property
    def macro_name(self) -> str:
        """The name used in ``{{wb:<name>}}`` for a position-7 entry."""
        return self.macro if self.macro else self.uid


@dataclass(frozen=True)
class WorldBook:
    """A world book: an id, a name and its entries in file order.

    Parameters
    ----------
    id : str
        Book id (the key of a :class:`~kit.worldbook.WorldBookLibrary` and of ``characterBookId``).
    name : str
        Display name.
    entries : tuple of Entry
        Entries in file order (ties in sorting keep this order).
    description : str, default=""
        Free text.
    extra : mapping
        Unknown book fields, kept verbatim.
    source : str or None
        The file the book was read from, when it was read from one.
    issues : tuple of Issue
        Values that could not be normalised when the book was read leniently (their entries were skipped);
        see :func:`kit.worldbook.issues_frame`.
    """

    id: str
    name: str
    entries: tuple[Entry, ...] = ()
    description: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    source: str | None = field(default=None, compare=False)
    issues: tuple[Issue, ...] = field(default=(), compare=False, repr=False)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def entry(self, uid: str) -> Entry:
        """Return the entry with this uid.

        Raises
        ------
        EntryNotFoundError
            A ``LookupError`` naming the book, how many entries it has and the nearest uids (or the first ones).
        """
        for e in self.entries:
            if e.uid == uid:
                return e
        from kit.core.validation import nearest_names
        from kit.worldbook.errors import EntryNotFoundError

        uids = [e.uid for e in self.entries]
        near = nearest_names(uid, uids)
        known = (
            f"nearest: {', '.join(near)}"
            if near
            else f"its uids: {', '.join(uids[:5])}" + (", ..." if len(uids) > 5 else "")
        )
        raise EntryNotFoundError(
            f"World book {self.id!r} has no entry with uid {uid!r} ({len(uids)} entries"
            + (f"; {known})." if uids else ").")
        )

    def entry_id(self, uid: str) -> str:
        """Return the library-wide id of one of this book's entries, ``"<book_id>/<uid>"``."""
        return f"{self.id}/{uid}"

    def replace_entry(self, entry: Entry) -> WorldBook:
        """Return a copy of the book with the entry of the same uid replaced by ``entry``."""
        from dataclasses import replace

        self.entry(entry.uid)
        return replace(self, entries=tuple(entry if e.uid == entry.uid else e for e in self.entries))
