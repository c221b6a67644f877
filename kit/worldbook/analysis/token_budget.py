"""The world-info token budget across a chat corpus: which entries it cuts, how full it gets, what swipes change.

Every turn is replayed as :func:`kit.worldbook.replay` replays it (same draws). The entries that activate then
go through SillyTavern's budget check: in priority order (``order`` descending, then collection order),
each entry's content plus a newline is added to what is already in; when the tokens of the whole reach the
budget (``>=``), that entry is cut and so is every later one (the budget has overflowed). The budget is
``round(budget_percent * max_context / 100)`` (at least 1), capped by ``budget_cap`` when that is positive,
as in SillyTavern. Tokens are counted with :func:`kit.worldbook.analysis.tokens.token_counter`.

Swipes (a chat message with several ``swipes``) are generations of the same turn: each extra swipe replays
the turn's request again with its own draws (seeded by conversation, turn and swipe), and an entry whose
outcome (activated, cut, or the rule that dropped it) differs from the first generation's changed between
swipes.

:func:`budget_counts` returns plain sums (what :mod:`kit.fleet` adds up across partitions) and
:func:`budget_report` turns them into frames; :func:`budget` does both.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kit.core.errors import InvalidParameterError
from kit.core.frames import frame
from kit.worldbook.analysis.tokens import TokenCounter, token_counter
from kit.worldbook.analysis.trigger_coverage import _as_books, _plan, conversation_rng, replay_seed
from kit.worldbook.book.model import WorldBook
from kit.worldbook.conversations.chats import ChatCorpus, ChatLog
from kit.worldbook.conversations.studio import Conversation
from kit.worldbook.engine.activation import Activator, Hit

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "BUDGET_ENTRY_SCHEMA",
    "BUDGET_BOOK_SCHEMA",
    "BudgetReport",
    "budget",
    "budget_counts",
    "budget_report",
    "budget_tokens",
]

#: Columns of :attr:`BudgetReport.entries`.
BUDGET_ENTRY_SCHEMA: dict[str, Any] = {
    "entry_id": "string",
    "book": "string",
    "uid": "string",
    "is_constant": "bool",
    "tokens": "int64",
    "n_turns": "int64",
    "n_activated": "int64",
    "n_cut": "int64",
    "cut_rate": "float64",
    "mean_tokens": "float64",
    "budget_share": "float64",
    "n_swipe_changes": "int64",
}
#: Columns of :attr:`BudgetReport.books`.
BUDGET_BOOK_SCHEMA: dict[str, Any] = {
    "book": "string",
    "n_entries": "int64",
    "n_constant": "int64",
    "constant_tokens": "int64",
    "budget_tokens": "int64",
    "constant_share": "float64",
    "n_turns": "int64",
    "n_turns_at_cap": "int64",
    "n_swipe_turns": "int64",
    "n_swipe_unstable": "int64",
}


@dataclass(frozen=True)
class BudgetReport:
    """What :func:`budget` found: ``entries`` (:data:`BUDGET_ENTRY_SCHEMA`), ``books`` (:data:`BUDGET_BOOK_SCHEMA`),
    the ``budget_tokens`` applied and the ``tokenizer`` used.
    """

    entries: pd.DataFrame
    books: pd.DataFrame
    budget_tokens: int
    tokenizer: str


def budget_tokens(*, max_context: int = 8192, budget_percent: float = 25, budget_cap: int = 0) -> int:
    """SillyTavern's world-info budget in tokens: ``round(percent * max_context / 100) or 1``, capped by
    ``budget_cap`` when that is > 0.
    """
    for name, value in (("max_context", max_context), ("budget_percent", budget_percent), ("budget_cap", budget_cap)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            raise InvalidParameterError(
                f"The '{name}' parameter of budget must be a number >= 0. Got {value!r} instead."
            )
    tokens = int(budget_percent * max_context / 100 + 0.5) or 1  # Math.round: halves up
    return min(tokens, int(budget_cap)) if budget_cap > 0 else tokens


def _items(chats: Any) -> Iterator[tuple[Conversation, Sequence[Sequence[str]]]]:
    """``(conversation, swipes per turn)`` of a ChatCorpus, ChatLogs or Conversations (these have no swipes)."""
    if isinstance(chats, ChatCorpus):
        chats = chats.logs
    for item in chats:
        if isinstance(item, ChatLog):
            yield item.conversation, [m.swipes for m in item.messages if not m.is_system]
        elif isinstance(item, Conversation):
            yield item, ()
        else:
            raise InvalidParameterError(
                f"The 'chats' parameter of budget must hold ChatLogs or Conversations (or be a ChatCorpus). "
                f"Got {type(item).__name__} instead."
            )


class _Budgeter:
    """One engine's entries with their token measures, and the budget check."""

    def __init__(self, engine: Activator, counter: TokenCounter, limit: int) -> None:
        self.engine = engine
        self.counter = counter
        self.limit = limit
        self.measures = [counter.measure(f"{c.entry.content}\n") for c in engine.entries]
        self.tokens = [counter.count_of(m) for m in self.measures]
        self.priority = {c.index: (-c.entry.order, c.index) for c in engine.entries}

    def outcomes(self, hits: Sequence[Hit]) -> tuple[dict[int, str], bool]:
        """``{index: outcome}`` of the fired entries after the budget, and whether it overflowed."""
        out = {h.index: h.outcome for h in hits}
        used, overflowed = 0, False
        count_of, limit = self.counter.count_of, self.limit
        for h in sorted((h for h in hits if not h.rejected_by), key=lambda h: self.priority[h.index]):
            m = self.measures[h.index]
            if overflowed or count_of(used + m) >= limit:
                overflowed = True
                out[h.index] = "budget"
            else:
                used += m
        return out, overflowed


def budget_counts(
    books: Mapping[str, WorldBook] | Iterable[WorldBook],
    chats: Any,
    *,
    max_context: int = 8192,
    budget_percent: float = 25,
    budget_cap: int = 0,
    tokenizer: str = "guesstimate",
    scan_depth: int | None = None,
    rng: Any = 0,
) -> dict[str, dict[str, list[int]]]:
    """The sums behind :func:`budget`: ``{"entries": {entry_id: [n_turns, n_activated, n_cut, tokens_inserted,
    n_swipe_changes]}, "books": {book_id: [n_turns, n_turns_at_cap, n_swipe_turns]},
    "unstable": {entry_id: [1]}}`` (parameters as for :func:`budget`). Sums of partitions equal the sums of
    the whole corpus.
    """
    book_map = _as_books(books)
    counter = token_counter(tokenizer)
    limit = budget_tokens(max_context=max_context, budget_percent=budget_percent, budget_cap=budget_cap)
    seed = replay_seed(rng)
    entries: dict[str, list[int]] = {}
    per_book: dict[str, list[int]] = {}
    unstable: dict[str, list[int]] = {}
    budgeters: dict[tuple[str, ...], _Budgeter] = {}
    turns_of: dict[tuple[str, ...], int] = {}  # turns replayed per set of books in play (entries' n_turns)
    for conv, swipes in _items(chats):
        globals_, char = _plan(book_map, conv)
        key = tuple(b.id for b in globals_) + ("|", char.id if char is not None else "")
        b = budgeters.get(key)
        if b is None:
            b = budgeters[key] = _Budgeter(Activator(globals_, char), counter, limit)
        in_play = [bk.id for bk, _ in b.engine.books]
        ids = [c.entry_id for c in b.engine.entries]
        turns_of[key] = turns_of.get(key, 0) + len(conv.turns)
        generator = conversation_rng(seed, conv.id)
        messages = conv.messages
        for t, turn in enumerate(conv.turns):
            scan = b.engine.scan(turn.message, messages[:t], turn.table, scan_depth=scan_depth)
            outcome, overflowed = b.outcomes(b.engine.hits_of(scan, generator))
            for book_id in in_play:
                row = per_book.setdefault(book_id, [0, 0, 0])
                row[0] += 1
                row[1] += overflowed
            for i, code in outcome.items():
                row = entries.setdefault(ids[i], [0, 0, 0, 0, 0])
                if code == "activated":
                    row[1] += 1
                    row[3] += b.tokens[i]
                elif code == "budget":
                    row[2] += 1
            n_swipes = len(swipes[t]) if t < len(swipes) else 0
            if n_swipes < 2:
                continue
            changed: set[int] = set()
            for k in range(1, n_swipes):
                again, _ = b.outcomes(b.engine.hits_of(scan, conversation_rng(seed, f"{conv.id}\x00{t}\x00{k}")))
                changed |= {i for i in outcome.keys() | again.keys() if outcome.get(i) != again.get(i)}
            for book_id in in_play:
                per_book[book_id][2] += 1
            for i in changed:
                entries.setdefault(ids[i], [0, 0, 0, 0, 0])[4] += 1
                unstable[ids[i]] = [1]
    for key, n in turns_of.items():
        for c in budgeters[key].engine.entries:
            entries.setdefault(c.entry_id, [0, 0, 0, 0, 0])[0] += n
    return {"entries": entries, "books": per_book, "unstable": unstable}


def budget_report(
    books: Mapping[str, WorldBook] | Iterable[WorldBook],
    counts: Mapping[str, Mapping[str, Sequence[int]]],
    *,
    max_context: int = 8192,
    budget_percent: float = 25,
    budget_cap: int = 0,
    tokenizer: str = "guesstimate",
) -> BudgetReport:
    """The :class:`BudgetReport` of :func:`budget_counts` sums (same budget parameters)."""
    book_map = _as_books(books)
    counter = token_counter(tokenizer)
    limit = budget_tokens(max_context=max_context, budget_percent=budget_percent, budget_cap=budget_cap)
    entry_rows, book_rows = [], []
    for book_id in sorted(book_map):
        book = book_map[book_id]
        n_constant = constant = unstable = 0
        for e in book.entries:
            eid = f"{book.id}/{e.uid}"
            tokens = counter.count_of(counter.measure(f"{e.content}\n"))
            is_constant = e.triggers.constant and not e.disable
            n_constant += is_constant
            constant += tokens if is_constant else 0
            unstable += eid in counts["unstable"]
            n_turns, n_act, n_cut, inserted, n_swipe = counts["entries"].get(eid, (0, 0, 0, 0, 0))
            mean = inserted / n_act if n_act else 0.0
            entry_rows.append(
                {
                    "entry_id": eid,
                    "book": book.id,
                    "uid": e.uid,
                    "is_constant": is_constant,
                    "tokens": tokens,
                    "n_turns": n_turns,
                    "n_activated": n_act,
                    "n_cut": n_cut,
                    "cut_rate": n_cut / (n_act + n_cut) if n_act + n_cut else 0.0,
                    "mean_tokens": mean,
                    "budget_share": mean / limit,
                    "n_swipe_changes": n_swipe,
                }
            )
        n_turns, at_cap, swipe_turns = counts["books"].get(book.id, (0, 0, 0))
        book_rows.append(
            {
                "book": book.id,
                "n_entries": len(book.entries),
                "n_constant": n_constant,
                "constant_tokens": constant,
                "budget_tokens": limit,
                "constant_share": constant / limit,
                "n_turns": n_turns,
                "n_turns_at_cap": at_cap,
                "n_swipe_turns": swipe_turns,
                "n_swipe_unstable": unstable,
            }
        )
    entries = frame(BUDGET_ENTRY_SCHEMA, entry_rows)
    return BudgetReport(entries, frame(BUDGET_BOOK_SCHEMA, book_rows), limit, counter.name)


def budget(
    books: Mapping[str, WorldBook] | Iterable[WorldBook],
    chats: Any,
    *,
    max_context: int = 8192,
    budget_percent: float = 25,
    budget_cap: int = 0,
    tokenizer: str = "guesstimate",
    scan_depth: int | None = None,
    rng: Any = 0,
) -> BudgetReport:
    """The world-info token budget over a chat corpus (rules in :mod:`kit.worldbook.analysis.token_budget`).

    Parameters
    ----------
    books : WorldBookLibrary, mapping or iterable of WorldBook
    chats : ChatCorpus, or iterable of ChatLog / Conversation
        A :func:`~kit.worldbook.read_chats` corpus (its swipes are used) or conversations (no swipes).
    max_context, budget_percent, budget_cap
        SillyTavern's settings (context size minus the response length; ``world_info_budget``;
        ``world_info_budget_cap``, 0 for none).
    tokenizer : {"guesstimate", "mistral"}, default="guesstimate"
        How tokens are counted (:mod:`kit.worldbook.analysis.tokens`).
    scan_depth, rng
        As for :func:`kit.worldbook.replay`.

    Returns
    -------
    BudgetReport
        ``entries``: one row per entry of the given books (book id order, then file order): ``entry_id, book, uid,
        is_constant, tokens`` (its content plus a newline), ``n_turns`` (turns its book was in play),
        ``n_activated`` (turns it was inserted), ``n_cut`` (turns it fired but the budget cut it), ``cut_rate``
        (``n_cut / (n_activated + n_cut)``), ``mean_tokens`` (tokens inserted per activated turn), ``budget_share``
        (``mean_tokens / budget_tokens``), ``n_swipe_changes`` (swiped turns where its outcome changed between
        swipes). ``books``: one row per book: ``book, n_entries, n_constant, constant_tokens`` (of its enabled
        constant entries), ``budget_tokens, constant_share`` (``constant_tokens / budget_tokens``), ``n_turns``
        (in play), ``n_turns_at_cap`` (turns the budget overflowed), ``n_swipe_turns`` (turns with several
        swipes), ``n_swipe_unstable`` (its entries whose outcome changed between swipes at least once).
    """
    settings: dict[str, Any] = {
        "max_context": max_context,
        "budget_percent": budget_percent,
        "budget_cap": budget_cap,
        "tokenizer": tokenizer,
    }
    counts = budget_counts(books, chats, scan_depth=scan_depth, rng=rng, **settings)
    return budget_report(books, counts, **settings)
