"""Why an entry did or did not fire: one outcome per entry and turn, for one request or a whole corpus.

The outcomes are the shared vocabulary of :mod:`kit.worldbook.engine.reasons`; the rules that give them are in
:mod:`kit.worldbook.engine.judge`. The SillyTavern simulator's counterpart is :func:`kit.worldbook.sillytavern.why`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kit.core.errors import InvalidParameterError
from kit.core.frames import frame
from kit.worldbook.analysis.trigger_coverage import _as_books, _plan, conversation_rng, replay_seed
from kit.worldbook.book.model import WorldBook
from kit.worldbook.conversations.studio import Conversation
from kit.worldbook.engine.activation import Activator, _activator
from kit.worldbook.engine.judge import OutcomeJudge, TurnOutcomes
from kit.worldbook.engine.reasons import OUTCOME, OUTCOMES, WHY_SCHEMA

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["WHY_SCHEMA", "WHY_CHATS_SCHEMA", "WHY_SUMMARY_SCHEMA", "why", "why_chats", "why_summary"]

#: Columns of :func:`why_chats`: ``conversation_id`` then :data:`~kit.worldbook.engine.reasons.WHY_SCHEMA`.
WHY_CHATS_SCHEMA: dict[str, Any] = {"conversation_id": "string", **WHY_SCHEMA}
#: Columns of :func:`why_summary`.
WHY_SUMMARY_SCHEMA: dict[str, Any] = {
    "entry_id": "string",
    "book": "string",
    "uid": "string",
    "outcome": OUTCOME,
    "n_turns": "int64",
    "share": "float64",
}

_JUDGES: dict[int, tuple[Activator, OutcomeJudge]] = {}


def _judge(engine: Activator) -> OutcomeJudge:
    cached = _JUDGES.get(id(engine))
    if cached is not None and cached[0] is engine:
        return cached[1]
    judge = OutcomeJudge(engine)
    if len(_JUDGES) >= 16:
        _JUDGES.pop(next(iter(_JUDGES)))
    _JUDGES[id(engine)] = (engine, judge)
    return judge


def _split_history(history: Sequence[str], scan_depth: int | None) -> Sequence[str]:
    """The history messages older than the scanned window."""
    if scan_depth is None or isinstance(scan_depth, bool) or not isinstance(scan_depth, int) or scan_depth < 0:
        return ()
    return history[: max(len(history) - scan_depth, 0)]


def _turn(
    judge: OutcomeJudge,
    message: str,
    history: Sequence[str],
    table: Mapping[str, Any] | None,
    scan_depth: int | None,
    rng: Any,
    near_miss: bool,
) -> TurnOutcomes:
    engine = judge.engine
    scan = engine.scan(message, history, table, scan_depth=scan_depth)
    hits = engine.hits_of(scan, rng)
    return judge.judge(
        scan, hits, table=table, older=_split_history(list(history), scan_depth), message=message, near_miss=near_miss
    )


def _rows(
    judge: OutcomeJudge,
    out: TurnOutcomes,
    indices: Sequence[int],
    cols: dict[str, list[Any]],
    prefix: Mapping[str, Any],
) -> None:
    entries = judge.engine.entries
    codes = out.codes.tolist()
    for name, value in prefix.items():
        cols[name].extend([value] * len(indices))
    for i in indices:
        c = entries[i]
        cols["book"].append(c.book_id)
        cols["uid"].append(c.entry.uid)
        cols["entry_id"].append(c.entry_id)
        cols["outcome"].append(OUTCOMES[codes[i]])
        cols["detail"].append(out.details.get(i, judge.base_details[i]))
        cols["near_miss"].append(out.near_misses.get(i, ""))


def why(
    global_books: Sequence[WorldBook] = (),
    character_book: WorldBook | None = None,
    *,
    message: str = "",
    history: Sequence[str] = (),
    table: Mapping[str, Any] | None = None,
    scan_depth: int | None = None,
    rng: Any = None,
    near_miss: bool = True,
) -> pd.DataFrame:
    """Why each entry of the books in play did or did not fire for one message.

    Parameters
    ----------
    global_books, character_book, message, history, table, scan_depth, rng
        As for :func:`kit.worldbook.activate` (same draws for the same ``rng``).
    near_miss : bool, default=True
        Look for near misses of entries whose keys did not match.

    Returns
    -------
    DataFrame
        One row per entry, in collection order. Columns ``turn`` (0), ``book`` (book id), ``uid``, ``entry_id``
        (``"<book>/<uid>"``), ``outcome`` (ordered categorical :data:`kit.worldbook.engine.reasons.OUTCOMES`),
        ``detail`` (what matched, or why not) and ``near_miss`` (for ``no_key_match``: ``case``,
        ``whole word``, ``scan depth``, ``table`` or ``typo``, then ``": "`` and the text that nearly matched;
        ``""`` otherwise).
    """
    judge = _judge(_activator(global_books, character_book))
    out = _turn(judge, message, history, table, scan_depth, rng, near_miss)
    cols: dict[str, list[Any]] = {name: [] for name in WHY_SCHEMA}
    _rows(judge, out, range(len(judge.engine.entries)), cols, {"turn": 0})
    return frame(WHY_SCHEMA, cols)


def _each_turn(
    books: Mapping[str, WorldBook] | Iterable[WorldBook],
    conversations: Iterable[Conversation],
    *,
    scan_depth: int | None,
    rng: Any,
    near_miss: bool,
    visit: Callable[[Conversation, int, OutcomeJudge, TurnOutcomes], None],
) -> None:
    """Replay every turn as :func:`kit.worldbook.replay` does (same draws) and hand its outcomes to ``visit``."""
    book_map = _as_books(books)
    seed = replay_seed(rng)
    judges: dict[tuple[str, ...], OutcomeJudge] = {}
    for conv in conversations:
        if not isinstance(conv, Conversation):
            raise InvalidParameterError(
                f"The 'conversations' parameter must hold Conversation objects. Got {type(conv).__name__} instead."
            )
        globals_, char = _plan(book_map, conv)
        key = tuple(b.id for b in globals_) + ("|", char.id if char is not None else "")
        judge = judges.get(key)
        if judge is None:
            judge = judges[key] = OutcomeJudge(Activator(globals_, char))
        messages = conv.messages
        generator = conversation_rng(seed, conv.id)
        for t, turn in enumerate(conv.turns):
            out = _turn(judge, turn.message, messages[:t], turn.table, scan_depth, generator, near_miss)
            visit(conv, t, judge, out)


def why_chats(
    books: Mapping[str, WorldBook] | Iterable[WorldBook],
    conversations: Iterable[Conversation],
    *,
    scan_depth: int | None = None,
    rng: Any = 0,
    entry_ids: Sequence[str] | None = None,
    near_miss: bool = True,
) -> pd.DataFrame:
    """:func:`why` for every turn of every conversation, replayed as :func:`kit.worldbook.replay` replays them.

    Parameters
    ----------
    books, conversations, scan_depth, rng
        As for :func:`kit.worldbook.replay` (the ``activated`` rows are exactly its rows).
    entry_ids : sequence of str, optional
        Only these entries (``"<book>/<uid>"``); all by default (entries x turns rows).
    near_miss : bool, default=True

    Returns
    -------
    DataFrame
        ``conversation_id`` then the columns of :func:`why` (``turn`` 0-based); in conversation, turn and
        collection order; only entries whose book is in play in the conversation.
    """
    wanted = None if entry_ids is None else set(entry_ids)
    cols: dict[str, list[Any]] = {name: [] for name in WHY_CHATS_SCHEMA}
    chosen: dict[int, Sequence[int]] = {}

    def visit(conv: Conversation, t: int, judge: OutcomeJudge, out: TurnOutcomes) -> None:
        indices = chosen.get(id(judge))
        if indices is None:
            entries = judge.engine.entries
            indices = chosen[id(judge)] = (
                range(len(entries)) if wanted is None else [c.index for c in entries if c.entry_id in wanted]
            )
        _rows(judge, out, indices, cols, {"conversation_id": conv.id, "turn": t})

    _each_turn(books, conversations, scan_depth=scan_depth, rng=rng, near_miss=near_miss, visit=visit)
    return frame(WHY_CHATS_SCHEMA, cols)


def outcome_counts(
    books: Mapping[str, WorldBook] | Iterable[WorldBook],
    conversations: Iterable[Conversation],
    *,
    scan_depth: int | None = None,
    rng: Any = 0,
) -> dict[str, list[int]]:
    """``{entry_id: [turns per outcome code]}`` over a replay (what :func:`why_summary` and the fleet add up)."""
    counts: dict[int, Any] = {}

    def visit(conv: Conversation, t: int, judge: OutcomeJudge, out: TurnOutcomes) -> None:
        import numpy as np

        key = id(judge)
        table = counts.get(key)
        if table is None:
            table = counts[key] = (judge, np.zeros((len(judge.engine.entries), len(OUTCOMES)), dtype=np.int64))
        table[1][np.arange(len(out.codes)), out.codes] += 1

    _each_turn(books, conversations, scan_depth=scan_depth, rng=rng, near_miss=False, visit=visit)
    merged: dict[str, list[int]] = {}
    for judge, table in counts.values():
        for c, row in zip(judge.engine.entries, table.tolist()):
            have = merged.get(c.entry_id)
            merged[c.entry_id] = row if have is None else [a + b for a, b in zip(have, row)]
    return merged


def summary_frame(
    books: Mapping[str, WorldBook] | Iterable[WorldBook], counts: Mapping[str, Sequence[int]]
) -> pd.DataFrame:
    """The :func:`why_summary` frame of :func:`outcome_counts` (entries in book id order, then file order)."""
    book_map = _as_books(books)
    rows = []
    for book_id in sorted(book_map):
        book = book_map[book_id]
        for e in book.entries:
            eid = f"{book.id}/{e.uid}"
            row = counts.get(eid)
            if row is None:
                continue
            total = sum(row)
            for code, n in zip(OUTCOMES, row):
                if n:
                    rows.append(
                        {
                            "entry_id": eid,
                            "book": book.id,
                            "uid": e.uid,
                            "outcome": code,
                            "n_turns": n,
                            "share": n / total,
                        }
                    )
    return frame(WHY_SUMMARY_SCHEMA, rows)


def why_summary(
    books: Mapping[str, WorldBook] | Iterable[WorldBook],
    conversations: Iterable[Conversation],
    *,
    scan_depth: int | None = None,
    rng: Any = 0,
) -> pd.DataFrame:
    """How often each entry got each outcome over a replay of the conversations (no near misses: counts only).

    Returns
    -------
    DataFrame
        One row per entry and outcome it got: ``entry_id, book, uid, outcome`` (ordered categorical),
        ``n_turns`` (turns with that outcome, among the turns its book was in play) and ``share`` (of those
        turns); entries in book id then file order, outcomes in vocabulary order.
    """
    return summary_frame(books, outcome_counts(books, conversations, scan_depth=scan_depth, rng=rng))
