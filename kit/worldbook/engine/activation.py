"""World-book activation: collect, filter, trigger, resolve conflicts, sort (the design's algorithm).

Steps, for one request (message, history, table):

1. **Collect** the global books (in the given order), then the character book; a book id given twice is
   used once (first occurrence). Entries keep their file order ("collection order").
2. **Filter**: disabled entries never activate.
3. **Trigger**: an entry activates when any configured trigger fires, checked in the order constant, keyword,
   condition, logic, rag; the first that fires is reported (see :class:`~kit.worldbook.Triggers`).
   Keywords are scanned in the current message and in the last ``scan_depth`` history messages (all of
   them when ``None``); ``matched`` is the first of the entry's keys (in its order) found in the message,
   else the first found in the history, and ``matched_in`` says where. Secondary keys, when configured, are
   tested over message and history together.
4. **Probability**: entries with ``probability < 1`` draw one number each from ``rng`` in collection order
   and are kept when it is below their probability.
5. **Groups**: of the entries sharing a group, only the one with the highest ``order`` stays (ties: the
   earlier in collection order). Entries are taken in that priority order; an entry in several groups
   needs all of them free and then takes them all.
6. **Excludes**: in the same priority order, an entry is dropped when an entry already kept lists it in
   ``excludes`` or is listed in its own ``excludes`` (so of two entries that exclude each other the one
   with the higher order stays).
7. **Requires**: an entry is dropped when one of its ``requires`` is not active; repeated until nothing
   changes (a chain of requirements falls together). An entry dropped this way gives up what it won: when
   it had beaten entries in step 5 or 6, steps 5-7 run again without it (so the runner-up of its group
   can stay), until no such entry is left.
8. **Sort** by ``(position, order)`` ascending, stable (collection order breaks ties).

Entries dropped in steps 4-7 are reported, with the reason in ``rejected_by``, when ``include_rejected`` is
true.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kit.core.errors import InvalidParameterError
from kit.core.frames import frame
from kit.worldbook._deprecation import renamed_attributes
from kit.worldbook.book._frames import POSITION_LABEL, TRIGGER
from kit.worldbook.book._params import check_activate_args
from kit.worldbook.book.conditions import Condition
from kit.worldbook.book.logic import evaluate_logic
from kit.worldbook.book.model import POSITION_LABELS, WorldBook
from kit.worldbook.engine.compiled import CompiledEntry, Hit, collect_books, compile_entries
from kit.worldbook.engine.conflicts import resolve
from kit.worldbook.engine.matching import KeyScanner, check_word_boundary
from kit.worldbook.engine.payload import to_payload  # noqa: F401 - its home was this module
from kit.worldbook.engine.reasons import OUTCOME, rejection_code
from kit.worldbook.engine.request import request_arguments

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

__all__ = [
    "ACTIVATION_SCHEMA",
    "Activator",
    "activate",
    "activate_request",
    "to_payload",
]

#: The retrieval trigger's query: the current message plus the most recent scanned history messages, this many
#: messages in all ("the recent conversation").
RAG_QUERY_MESSAGES = 3

#: Columns (and dtypes) of :func:`activate`'s result.
ACTIVATION_SCHEMA: dict[str, Any] = {
    "entry_id": "string",
    "book_id": "string",
    "book_name": "string",
    "book_scope": "string",
    "uid": "string",
    "trigger": TRIGGER,
    "matched": "string",
    "matched_in": "string",
    "matched_keys": "object",
    "position": "int64",
    "position_label": POSITION_LABEL,
    "order": "int64",
    "depth": "int64",
    "macro": "string",
    "probability": "float64",
    "is_active": "bool",
    "rejected_by": "string",
    "outcome": OUTCOME,
    "comment": "string",
    "content": "string",
    "trigger_config": "object",
}


@dataclass(frozen=True)
class TurnScan:
    """What one request's text and table gave, before any entry is judged: the key specs found in the
    message and in the scanned history, the scanned history window, the retrieval scores and the
    condition evaluator (cached per condition).
    """

    msg_hits: frozenset[int]
    hist_hits: frozenset[int]
    window: Sequence[str]
    rag_hits: Mapping[int, float]
    holds: Callable[[Condition], bool]


class Activator:
    """Compiled world books, ready to activate many requests fast (the engine behind :func:`activate`).

    All keys are compiled into one scanner (:class:`~kit.worldbook.engine.matching.KeyScanner`) and all conditions
    and logic expressions are parsed once. Instances are reused by :func:`activate` for the same book
    objects.

    Parameters
    ----------
    global_books : sequence of WorldBook
    character_book : WorldBook, optional

    Raises
    ------
    ConditionSyntaxError, LogicSyntaxError
        When an entry holds a malformed condition or expression (naming the entry).
    """

    def __init__(
        self,
        global_books: Sequence[WorldBook] = (),
        character_book: WorldBook | None = None,
        *,
        word_boundary: str = "kit",
    ) -> None:
        self.books = collect_books(global_books, character_book)
        compiled, keys = compile_entries(self.books)
        self.entries: tuple[CompiledEntry, ...] = compiled
        self.scanner = KeyScanner(keys, word_boundary=check_word_boundary(word_boundary, "Activator"))
        postings: dict[int, list[int]] = {}
        for c in compiled:
            if c.entry.disable:
                continue
            for s in c.primary:
                postings.setdefault(s, []).append(c.index)
        self._postings = postings
        live = [c for c in compiled if not c.entry.disable]
        self._constant = [c.index for c in live if c.entry.triggers.constant]
        self._conditional = [c.index for c in live if c.conditions]
        self._logical = [c.index for c in live if c.logic is not None]
        self._rag = [c.index for c in live if c.entry.triggers.rag is not None]
        self._rag_index: Any = None
        self._by_id = {c.entry_id: c for c in compiled}

    # -- triggering -------------------------------------------------------------------------------------
    def _window(self, history: Sequence[str], scan_depth: int | None) -> Sequence[str]:
        if scan_depth is None:
            return history
        if isinstance(scan_depth, bool) or not isinstance(scan_depth, int) or scan_depth < 0:
            raise InvalidParameterError(
                f"The 'scan_depth' parameter of activate must be None or an int >= 0. Got {scan_depth!r} instead."
            )
        return history[len(history) - scan_depth :] if scan_depth else ()

    def hits(
        self,
        message: str = "",
        history: Sequence[str] = (),
        table: Mapping[str, Any] | None = None,
        *,
        scan_depth: int | None = None,
        rng: Any = None,
    ) -> list[Hit]:
        """Run steps 2-7 and return every fired entry as a :class:`Hit` in collection order (dropped ones
        carry ``rejected_by``). :meth:`activate` turns these into the result frame.
        """
        return self.hits_of(self.scan(message, history, table, scan_depth=scan_depth), rng)

    def scan(
        self,
        message: str = "",
        history: Sequence[str] = (),
        table: Mapping[str, Any] | None = None,
        *,
        scan_depth: int | None = None,
    ) -> TurnScan:
        """Scan one request's message, history window and retrieval index (no entry judged yet)."""
        window = self._window(list(history), scan_depth)
        scan = self.scanner.scan
        msg_hits = scan(message or "")
        found: set[int] = set()
        for text in window:
            found |= scan(text)
        hist_hits = frozenset(found)
        rag_hits = self.rag_scores(message, window) if self._rag else {}
        table = table or {}
        cond_cache: dict[Condition, bool] = {}

        def holds(c: Condition) -> bool:
            r = cond_cache.get(c)
            if r is None:
                r = cond_cache[c] = c.evaluate(table).holds
            return r

        return TurnScan(msg_hits, hist_hits, window, rag_hits, holds)

    def candidates(self, scan: TurnScan) -> set[int]:
        """Indices of the enabled entries that may fire on this scan (the others cannot)."""
        candidates: set[int] = set(self._constant)
        postings = self._postings
        for s in scan.msg_hits | scan.hist_hits:
            candidates.update(postings.get(s, ()))
        candidates.update(self._conditional)
        candidates.update(self._logical)
        candidates.update(scan.rag_hits)
        return candidates

    def hits_of(self, scan: TurnScan, rng: Any = None) -> list[Hit]:
        """Steps 3-7 on a :meth:`scan`: every fired entry as a :class:`Hit`, in collection order."""
        fired: list[Hit] = []
        for i in sorted(self.candidates(scan)):
            hit = self._fire(self.entries[i], scan.msg_hits, scan.hist_hits, scan.holds, scan.rag_hits)
            if hit is not None:
                fired.append(hit)
        generator: list[Any] = []

        def draw() -> float:
            if not generator:
                generator.append(_generator(rng))
            return float(generator[0].random())

        reasons = resolve(self.entries, [h.index for h in fired], draw)
        return [_reject(h, reasons[h.index]) if h.index in reasons else h for h in fired]

    def _fire(
        self,
        c: CompiledEntry,
        msg: frozenset[int],
        hist: frozenset[int],
        holds: Callable[[Condition], bool],
        rag: Mapping[int, float],
    ) -> Hit | None:
        t = c.entry.triggers
        if t.constant:
            return Hit(c.index, "constant", "", "always")
        if c.primary:
            matched = next((s for s in c.primary if s in msg), None)
            where = "message"
            if matched is None:
                matched = next((s for s in c.primary if s in hist), None)
                where = "history"
            if matched is not None and self._secondary_ok(c, msg, hist):
                specs = self.scanner.specs
                keys = [specs[s][0] for s in c.primary if s in msg] + [
                    specs[s][0] for s in c.primary if s not in msg and s in hist
                ]
                return Hit(c.index, "keyword", specs[matched][0], where, keys=tuple(dict.fromkeys(keys)))
        if c.conditions and all(holds(cond) for cond in c.conditions):
            return Hit(c.index, "condition", " && ".join(cond.text for cond in c.conditions), "table")
        if c.logic is not None:
            logic_specs = c.logic_specs
            if evaluate_logic(c.logic, lambda k: logic_specs[k] in msg or logic_specs[k] in hist, holds):
                return Hit(c.index, "logic", t.logic_expression or "", "expression")
        if c.index in rag:
            return Hit(c.index, "rag", f"score={rag[c.index]:.3f}", "retrieval")
        return None

    @staticmethod
    def _secondary_ok(c: CompiledEntry, msg: frozenset[int], hist: frozenset[int]) -> bool:
        if not c.secondary:
            return True
        found = [s in msg or s in hist for s in c.secondary]
        logic = c.secondary_logic
        if logic == "and_any":
            return any(found)
        if logic == "not_all":
            return not all(found)
        if logic == "not_any":
            return not any(found)
        return all(found)

    def rag_scores(self, message: str, window: Sequence[str]) -> dict[int, float]:
        recent = list(window)[len(window) - (RAG_QUERY_MESSAGES - 1) :] if RAG_QUERY_MESSAGES > 1 else []
        query = "\n".join([*recent, message or ""]).strip()
        if not query:
            return {}
        if self._rag_index is None:
            from kit.core.document import Document
            from kit.retrieval import ParagraphIndex

            docs = [
                Document(
                    id=self.entries[i].entry_id, title=self.entries[i].entry.comment, text=self.entries[i].entry.content
                )
                for i in self._rag
            ]
            self._rag_index = ParagraphIndex(weighting="tfidf").fit(docs)
        # each entry scored by its best paragraph, best first (plain arrays: no DataFrame per turn)
        doc_ids, scores = self._rag_index.top_documents(query, limit=max(len(self._rag), 1))
        out = {}
        for rank, (doc_id, score) in enumerate(zip(doc_ids, scores.tolist()), start=1):
            c = self._by_id[doc_id]
            rag = c.entry.triggers.rag
            if rag is not None and rank <= rag.top_k and score >= rag.threshold:
                out[c.index] = score
        return out

    # -- results ---------------------------------------------------------------------------------------
    def activate(
        self,
        message: str = "",
        history: Sequence[str] = (),
        table: Mapping[str, Any] | None = None,
        *,
        scan_depth: int | None = None,
        rng: Any = None,
        include_rejected: bool = False,
        logger: logging.Logger | Callable[[str], Any] | None = None,
    ) -> pd.DataFrame:
        """Activate for one request; see :func:`activate` for parameters and columns."""
        hits = self.hits(message, history, table, scan_depth=scan_depth, rng=rng)
        result = self.frame(hits, include_rejected=include_rejected)
        if logger is not None:
            from kit.worldbook.engine.reporting import activation_log

            emit = logger.info if isinstance(logger, logging.Logger) else logger
            for line in activation_log(
                result, [b for b, _ in self.books], scopes=dict((b.id, s) for b, s in self.books)
            ):
                emit(line)
        return result

    def frame(self, hits: Iterable[Hit], *, include_rejected: bool = False) -> pd.DataFrame:
        """Turn hits into the sorted result frame (columns :data:`ACTIVATION_SCHEMA`)."""
        chosen = [h for h in hits if include_rejected or not h.rejected_by]
        entries = self.entries
        chosen.sort(key=lambda h: (entries[h.index].entry.position, entries[h.index].entry.order, h.index))
        cols: dict[str, list[Any]] = {name: [] for name in ACTIVATION_SCHEMA}
        for h in chosen:
            c = entries[h.index]
            e = c.entry
            cols["entry_id"].append(c.entry_id)
            cols["book_id"].append(c.book_id)
            cols["book_name"].append(c.book_name)
            cols["book_scope"].append(c.book_scope)
            cols["uid"].append(e.uid)
            cols["trigger"].append(h.trigger)
            cols["matched"].append(h.matched)
            cols["matched_in"].append(h.matched_in)
            cols["matched_keys"].append(list(h.keys))
            cols["position"].append(e.position)
            cols["position_label"].append(POSITION_LABELS[e.position])
            cols["order"].append(e.order)
            cols["depth"].append(e.depth)
            cols["macro"].append(e.macro_name if e.position == 7 else None)
            cols["probability"].append(e.triggers.probability)
            cols["is_active"].append(not h.rejected_by)
            cols["rejected_by"].append(h.rejected_by)
            cols["outcome"].append(h.outcome)
            cols["comment"].append(e.comment)
            cols["content"].append(e.content)
            cols["trigger_config"].append(c.trigger_config)
        return frame(ACTIVATION_SCHEMA, cols)


def _reject(hit: Hit, reason: str) -> Hit:
    return Hit(hit.index, hit.trigger, hit.matched, hit.matched_in, reason, hit.keys, rejection_code(reason))


def _generator(rng: Any) -> np.random.Generator:
    import numpy as np

    if isinstance(rng, np.random.Generator):
        return rng
    if rng is None or isinstance(rng, (int, np.integer)):
        return np.random.default_rng(rng)
    raise InvalidParameterError(
        f"The 'rng' parameter of activate must be None, an int seed or a numpy Generator. Got {rng!r} instead."
    )


_CACHE: dict[tuple[Any, ...], tuple[tuple[Any, ...], Activator]] = {}


def _activator(
    global_books: Sequence[WorldBook], character_book: WorldBook | None, word_boundary: str = "kit"
) -> Activator:
    global_books = tuple(global_books)
    books = global_books + ((character_book,) if character_book is not None else ())
    key = tuple(id(b) for b in global_books) + (-1, id(character_book), word_boundary)
    cached = _CACHE.get(key)
    if cached is not None and all(a is b for a, b in zip(cached[0], books)):
        return cached[1]
    engine = Activator(global_books, character_book, word_boundary=word_boundary)
    if len(_CACHE) >= 16:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = (books, engine)
    return engine


def activate(
    global_books: Sequence[WorldBook] = (),
    character_book: WorldBook | None = None,
    *,
    message: str = "",
    history: Sequence[str] = (),
    table: Mapping[str, Any] | None = None,
    scan_depth: int | None = None,
    rng: Any = None,
    include_rejected: bool = False,
    logger: logging.Logger | Callable[[str], Any] | None = None,
    word_boundary: str = "kit",
) -> pd.DataFrame:
    """Activate world-book entries for one message (the design's ``_collect_and_activate_worldbooks``).

    Parameters
    ----------
    global_books : sequence of WorldBook
        Books checked in every conversation, in this order.
    character_book : WorldBook, optional
        The book bound to the current character.
    message : str
        The user's current message.
    history : sequence of str
        Earlier chat messages, oldest first.
    table : mapping, optional
        The dynamic table's current values (``{"力量": 15, "态度": "友好"}``) for conditions.
    scan_depth : int or None, default=None
        How many of the most recent history messages keywords are scanned in; ``None`` scans all, 0 none.
    rng : int, numpy Generator or None
        Source of the probability draws; pass a seed or a Generator for reproducible results.
    include_rejected : bool, default=False
        Also return entries that fired but were dropped by probability, groups, excludes or requires
        (``is_active`` false, reason in ``rejected_by``).
    logger : logging.Logger or callable, optional
        Receives the design's activation log and statistics lines (``print`` works).
    word_boundary : {"kit", "python"}, default="kit"
        Whole-word rule for keys with ``matchWholeWords``: kit's (CJK characters are boundaries, so ``魔法``
        matches inside ``我会魔法吗``) or Python's ``\\b`` (it does not); see :mod:`kit.worldbook.engine.matching`.

    Returns
    -------
    DataFrame
        One row per activated entry, sorted by ``(position, order)`` ascending, stable. Columns:
        ``entry_id`` (``"<book_id>/<uid>"``), ``book_id``, ``book_name``, ``book_scope`` (``"global"`` /
        ``"character"``), ``uid``, ``trigger`` (ordered categorical: constant, keyword, condition, logic, rag),
        ``matched`` (the key, the conditions joined by ``" && "``, the expression, or ``"score=…"``),
        ``matched_in`` (``message``, ``history``, ``table``, ``expression``, ``retrieval`` or ``always``),
        ``matched_keys`` (list of every primary key that matched, those in the message first; empty for other
        triggers),
        ``position``, ``position_label`` (ordered categorical), ``order``, ``depth``, ``macro`` (position 7),
        ``probability``, ``is_active``, ``rejected_by``, ``outcome`` (ordered categorical
        :data:`kit.worldbook.engine.reasons.OUTCOMES`: ``activated``, ``probability``, ``group_lost``, ``excluded`` or
        ``requires_missing`` here; :func:`kit.worldbook.why` gives every entry one), ``comment``, ``content``,
        ``trigger_config`` (the entry's native ``trigger_config`` object, for payloads).

    Notes
    -----
    The compiled books are cached for the same book objects, so repeated calls are fast. The steps and the
    conflict rules are described in :mod:`kit.worldbook.engine.activation`.
    """
    check_activate_args(global_books, character_book, message, history, table)
    engine = _activator(global_books, character_book, check_word_boundary(word_boundary, "activate"))
    return engine.activate(
        message, history, table, scan_depth=scan_depth, rng=rng, include_rejected=include_rejected, logger=logger
    )


def activate_request(
    payload: Mapping[str, Any],
    library: Mapping[str, WorldBook],
    *,
    scan_depth: int | None = None,
    rng: Any = None,
    logger: logging.Logger | Callable[[str], Any] | None = None,
) -> pd.DataFrame:
    """Activate for the design's front-end request.

    Parameters
    ----------
    payload : dict
        ``{"worldBookData": {"globalBooks": [{"id", "name"}, ...], "characterBookId": "..."},
        "mes": "...", "chatHistory": ["...", ...], "dynamicTableData": {"currentValues": {...}}}``;
        global books may also be given as plain id strings, history items as ``{"mes": ...}`` objects.
    library : mapping of book id to WorldBook
        Usually a :class:`~kit.worldbook.WorldBookLibrary`.

    Returns
    -------
    DataFrame
        As :func:`activate`.

    Raises
    ------
    WorldBookNotFoundError
        When a requested book id is not in the library.
    WorldBookFormatError
        When the payload has the wrong shape (naming the field).
    """
    global_books, character_book, message, history, table = request_arguments(payload, library)
    return activate(
        global_books,
        character_book,
        message=message,
        history=history,
        table=table,
        scan_depth=scan_depth,
        rng=rng,
        logger=logger,
    )


# The old ``*_COLUMNS`` names keep working for one release and warn.
__getattr__ = renamed_attributes(__name__, {"ACTIVATION_COLUMNS": "ACTIVATION_SCHEMA"}, globals())
