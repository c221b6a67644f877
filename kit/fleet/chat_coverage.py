"""World-book coverage, why and budget over a large corpus of conversations, replayed in parallel with Dask.

Each partition replays its conversations with :func:`kit.worldbook.coverage` (the single-corpus code), and
the per-partition coverage frames are added up: turns, activations and conversations are sums, the first
turn is the minimum. Probability draws are seeded per conversation (base seed + conversation id, see
:func:`kit.worldbook.analysis.trigger_coverage.replay_seed`), and conversations sharing an id always land in the
same partition, so the result equals ``kit.worldbook.coverage`` on the whole corpus however it is split. :func:`why` and
:func:`budget` split the same way: outcome rows are put back in corpus order, counts and budget sums are added.
"""

from __future__ import annotations

import heapq
import math
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kit.core.frames import frame
from kit.fleet._dask import check_progress, compute_with_calls, partition_size, resolve_client
from kit.fleet.errors import FleetParameterError
from kit.worldbook import ChatCorpus, ChatFile, ChatLog, Conversation, WorldBook, read_chat, scan_chat_files
from kit.worldbook import entry_coverage as single_coverage
from kit.worldbook.analysis.outcomes import WHY_CHATS_SCHEMA, outcome_counts, summary_frame, why_chats
from kit.worldbook.analysis.token_budget import BudgetReport, budget_counts, budget_report
from kit.worldbook.analysis.trigger_coverage import COVERAGE_COLUMNS, replay_seed

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["MAX_CHATS_PER_PARTITION", "coverage", "why", "why_summary", "budget"]

_OPTIONS = {"scan_depth", "rng"}
#: Default grouping: about :data:`~kit.fleet._dask.TASKS_PER_THREAD` partitions per worker thread, never more
#: conversations than this in one (a partition's conversations are held in memory while it is replayed). Every call of
#: the single-corpus code has a fixed cost (engines built, frames assembled: ~30 ms), so larger partitions waste less.
MAX_CHATS_PER_PARTITION = 500


def _work(item: Any) -> int:
    """A conversation's replay work, in bytes of chat: a file's size, or a conversation's text (with a little for each
    turn). Only used to balance partitions, so a file that cannot be read counts as empty.
    """
    if isinstance(item, ChatFile):
        try:
            return os.stat(item.path).st_size
        except OSError:
            return 0
    conversation = item.conversation if isinstance(item, ChatLog) else item
    return sum(len(turn.message) + 64 for turn in conversation.turns)


def _split(items: list[Any], ids: list[str], per_partition: int) -> list[list[Any]]:
    """About ``len(items) / per_partition`` partitions of about equal work, conversations sharing an id together.

    Largest first, each conversation (with those sharing its id) goes to the partition with the least work that still
    has room for it (at most ``per_partition`` conversations, unless none has): chats differ in length by a factor of
    ten and more, so partitions of equal counts differ in replay time, and the worker given the heaviest finishes last
    while the others wait. Each partition keeps the corpus order.
    """
    n = max(1, math.ceil(len(items) / per_partition))
    positions: dict[str, list[int]] = {}
    for position, cid in enumerate(ids):
        positions.setdefault(cid, []).append(position)
    groups = [(sum(_work(items[p]) for p in group), group) for group in positions.values()]
    groups.sort(key=lambda g: -g[0])  # stable: equal work keeps the corpus order, so the split is deterministic
    members: list[list[int]] = [[] for _ in range(n)]
    lightest = [(0, b) for b in range(n)]  # a heap of (work, partition)
    for weight, group in groups:
        full = []
        while len(lightest) > 1 and len(members[lightest[0][1]]) + len(group) > per_partition:
            full.append(heapq.heappop(lightest))  # no room there: the next lightest
        work, b = heapq.heappop(lightest)
        members[b].extend(group)
        heapq.heappush(lightest, (work + weight, b))
        for entry in full:
            heapq.heappush(lightest, entry)
    return [[items[p] for p in sorted(group)] for group in members if group]


def _replay_part(
    items: list[Any], books: dict[str, WorldBook], options: Mapping[str, Any], chat_options: Mapping[str, Any]
) -> pd.DataFrame:
    conversations = [read_chat(i, **chat_options).conversation if isinstance(i, ChatFile) else i for i in items]
    return single_coverage(books, conversations, progress=False, **options)


def _merge(parts: list[pd.DataFrame]) -> pd.DataFrame:
    import pandas as pd

    first = parts[0]
    out: dict[str, Any] = {name: first[name] for name in COVERAGE_COLUMNS}
    for col in ("n_turns", "n_activated", "n_conversations", "n_conversations_in_play"):
        out[col] = sum((p[col].to_numpy() for p in parts[1:]), first[col].to_numpy()).astype("int64")
    firsts = pd.concat([p["first_turn"] for p in parts], axis=1)
    out["first_turn"] = firsts.min(axis=1, skipna=True).astype("Int64")
    turns, active = out["n_turns"], out["n_activated"]
    out["activation_rate"] = [a / t if t else 0.0 for a, t in zip(active.tolist(), turns.tolist())]
    return frame(COVERAGE_COLUMNS, out)


def _books(library: Any) -> dict[str, WorldBook]:
    """Book id -> book, from one WorldBook, a mapping (a WorldBookLibrary) or an iterable of books."""
    if isinstance(library, WorldBook):
        return {library.id: library}
    return dict(library) if isinstance(library, Mapping) else {b.id: b for b in library}


def _as_items(chats: Any) -> list[Any]:
    if isinstance(chats, ChatCorpus):
        return list(chats.conversations)
    if isinstance(chats, (str, os.PathLike)):
        return list(scan_chat_files(chats))
    if isinstance(chats, Iterable):
        items: list[Any] = []
        for c in chats:
            if isinstance(c, (Conversation, ChatFile)):
                items.append(c)
            elif isinstance(c, (str, os.PathLike)):
                items.extend(scan_chat_files(c))
            else:
                raise FleetParameterError(
                    "The 'chats' parameter of coverage must hold Conversations, ChatFiles or paths. "
                    f"Got {type(c).__name__} instead."
                )
        return items
    raise FleetParameterError(
        "The 'chats' parameter of coverage must be a chat folder, a ChatCorpus or a sequence of conversations. "
        f"Got {type(chats).__name__} instead."
    )


def coverage(
    library: Mapping[str, WorldBook] | Iterable[WorldBook],
    chats: Any,
    *,
    client: Any = None,
    chats_per_partition: int | None = None,
    chat_options: Mapping[str, Any] | None = None,
    progress: bool | None = None,
    **coverage_options: Any,
) -> pd.DataFrame:
    """Replay world books over every chat in parallel; exactly what :func:`kit.worldbook.coverage` returns. Computes.

    Parameters
    ----------
    library : WorldBookLibrary, mapping or iterable of WorldBook
    chats : path, ChatCorpus, or sequence of Conversation / ChatFile / path
        A SillyTavern chat folder or file (its files are listed here and read inside the tasks, so the corpus
        never has to fit in this process), a :class:`~kit.worldbook.ChatCorpus`, or conversations.
    client : distributed.Client, str or None, default=None
        ``None``: worker processes on this machine (Dask's local process pool).
    chats_per_partition : int, optional
        About this many conversations per task; conversations sharing an id always share a task. Default: about
        4 tasks per worker thread of the client (per CPU without one), at most :data:`MAX_CHATS_PER_PARTITION`
        (500) conversations each.
    chat_options : mapping, optional
        Keyword arguments of :func:`kit.worldbook.read_chat` for chat files (``character_books``,
        ``global_book_ids``, ``max_line_bytes``).
    progress : bool or None, default=None
        Dask's progress bar on the local scheduler, the dashboard link on a cluster; ``None``: once it has run 2 s.
    **coverage_options
        ``scan_depth`` and ``rng`` of :func:`kit.worldbook.coverage` (``rng`` defaults to 0; a Generator or
        ``None`` is turned into one base seed here, before the work is split).

    Returns
    -------
    pandas.DataFrame
        The columns of :func:`kit.worldbook.coverage`. Bad chat lines are skipped as ``read_chats`` skips
        them; list them with ``kit.worldbook.read_chats(...).problems()``.
    """
    unknown = set(coverage_options) - _OPTIONS
    if unknown:
        raise FleetParameterError(f"coverage got unexpected options {sorted(unknown)}; it accepts {sorted(_OPTIONS)}.")
    _check_per_partition(chats_per_partition, "coverage")
    check_progress(progress, "coverage")
    books = _books(library)
    options = {"scan_depth": coverage_options.get("scan_depth"), "rng": replay_seed(coverage_options.get("rng", 0))}
    items = _as_items(chats)
    if not items:
        return single_coverage(books, [], progress=False, **options)
    ids = [i.conversation_id if isinstance(i, ChatFile) else i.id for i in items]
    client = resolve_client(client)
    groups = _split(items, ids, chats_per_partition or partition_size(len(items), client, MAX_CHATS_PER_PARTITION))
    return _merge(_run(_replay_part, groups, books, options, chat_options, client, progress, "fleet-coverage"))


# -- why and budget on the fleet ------------------------------------------------------------------------------


def _check_per_partition(value: Any, function: str) -> None:
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
        return
    raise FleetParameterError(
        f"The 'chats_per_partition' parameter of {function} must be an int in the range [1, inf) or None. "
        f"Got {value!r} instead."
    )


def _prepare(
    library: Any, chats: Any, chats_per_partition: int | None, client: Any, progress: Any, function: str
) -> tuple[dict[str, WorldBook], list[Any], list[list[Any]]]:
    _check_per_partition(chats_per_partition, function)
    check_progress(progress, function)
    books = _books(library)
    items = list(chats.logs) if isinstance(chats, ChatCorpus) else _as_items(chats)
    ids = [_item_id(i) for i in items]
    per_partition = chats_per_partition or partition_size(len(items), client, MAX_CHATS_PER_PARTITION)
    return books, items, _split(items, ids, per_partition) if items else []


def _item_id(item: Any) -> str:
    if isinstance(item, ChatFile):
        return item.conversation_id
    if isinstance(item, ChatLog):
        return item.conversation.id
    return item.id


def _logs(items: list[Any], chat_options: Mapping[str, Any]) -> list[Any]:
    return [read_chat(i, **chat_options) if isinstance(i, ChatFile) else i for i in items]


def _why_part(
    items: list[Any], books: dict[str, WorldBook], options: Mapping[str, Any], chat_options: Mapping[str, Any]
) -> pd.DataFrame:
    logs = _logs(items, chat_options)
    return why_chats(books, [x.conversation if isinstance(x, ChatLog) else x for x in logs], **options)


def _why_counts_part(
    items: list[Any], books: dict[str, WorldBook], options: Mapping[str, Any], chat_options: Mapping[str, Any]
) -> dict[str, list[int]]:
    logs = _logs(items, chat_options)
    return outcome_counts(books, [x.conversation if isinstance(x, ChatLog) else x for x in logs], **options)


def _budget_part(
    items: list[Any], books: dict[str, WorldBook], options: Mapping[str, Any], chat_options: Mapping[str, Any]
) -> dict[str, dict[str, list[int]]]:
    return budget_counts(books, _logs(items, chat_options), **options)


@dataclass(frozen=True)
class _PartTask:
    """One partition's work as a task runs it: ``part(items, books, options, chat_options)``. A module-level class, so
    a task pickles by reference (the books and options travel with it, once per task).
    """

    part: Callable[..., Any]
    books: dict[str, WorldBook]
    options: Mapping[str, Any]
    chat_options: Mapping[str, Any]

    def __call__(self, items: list[Any]) -> Any:
        return self.part(items, self.books, self.options, self.chat_options)


def _run(
    part: Callable[..., Any],
    groups: list[list[Any]],
    books: dict[str, WorldBook],
    options: Mapping[str, Any],
    chat_options: Mapping[str, Any] | None,
    client: Any,
    progress: Any,
    label: str,
) -> list[Any]:
    """``part`` over every group, one task each (``client.map`` on a cluster, worker processes on this machine without
    one; tasks named ``label-...`` on the dashboard); the results in the groups' order.

    Plain calls, not a Dask bag: a bag tokenizes every conversation or chat file of the corpus and builds its graph
    on the client before the first task starts (about 0.15 s for 2,000 chat files, while the workers wait).
    """
    task = _PartTask(part, books, dict(options), dict(chat_options or {}))
    _, (parts,) = compute_with_calls(
        [], [(task, groups, label)], client=client, progress=progress, local_scheduler="processes"
    )
    return list(parts)


def _add(total: dict[str, list[int]], part: Mapping[str, Sequence[int]]) -> None:
    for key, row in part.items():
        have = total.get(key)
        total[key] = list(row) if have is None else [a + b for a, b in zip(have, row)]


def why(
    library: Mapping[str, WorldBook] | Iterable[WorldBook],
    chats: Any,
    *,
    client: Any = None,
    chats_per_partition: int | None = None,
    chat_options: Mapping[str, Any] | None = None,
    progress: bool | None = None,
    scan_depth: int | None = None,
    rng: Any = 0,
    entry_ids: Sequence[str] | None = None,
    near_miss: bool = True,
) -> pd.DataFrame:
    """Why each entry did or did not fire at every turn of a corpus, in parallel. Computes.

    Parameters
    ----------
    library, chats, client, chats_per_partition, chat_options, progress
        As for :func:`coverage` (``chats`` may also be a :class:`~kit.worldbook.ChatCorpus`).
    scan_depth, rng, entry_ids, near_miss
        As for :func:`kit.worldbook.why_chats`.

    Returns
    -------
    pandas.DataFrame
        Exactly what :func:`kit.worldbook.why_chats` returns for the corpus's conversations in the order given.
    """
    client = resolve_client(client)
    books, items, groups = _prepare(library, chats, chats_per_partition, client, progress, "why")
    seed = replay_seed(rng)
    options: dict[str, Any] = {"scan_depth": scan_depth, "rng": seed, "entry_ids": entry_ids, "near_miss": near_miss}
    if not groups:
        return why_chats(books, [], **options)
    import pandas as pd

    parts = _run(_why_part, groups, books, options, chat_options, client, progress, "fleet-why")
    position = {cid: i for i, cid in reversed(list(enumerate(_item_id(x) for x in items)))}
    rows = pd.concat(parts, ignore_index=True)
    order = rows["conversation_id"].map(position).to_numpy()
    rows = rows.iloc[order.argsort(kind="stable")].reset_index(drop=True)
    return frame(WHY_CHATS_SCHEMA, {name: rows[name] for name in WHY_CHATS_SCHEMA})


def why_summary(
    library: Mapping[str, WorldBook] | Iterable[WorldBook],
    chats: Any,
    *,
    client: Any = None,
    chats_per_partition: int | None = None,
    chat_options: Mapping[str, Any] | None = None,
    progress: bool | None = None,
    scan_depth: int | None = None,
    rng: Any = 0,
) -> pd.DataFrame:
    """How often each entry got each outcome over a corpus, in parallel (partition counts added up). Computes.

    Parameters
    ----------
    library, chats, client, chats_per_partition, chat_options, progress
        As for :func:`why`.
    scan_depth, rng
        As for :func:`kit.worldbook.why_summary`.

    Returns
    -------
    pandas.DataFrame
        Exactly what :func:`kit.worldbook.why_summary` returns for the corpus.
    """
    client = resolve_client(client)
    books, _items_, groups = _prepare(library, chats, chats_per_partition, client, progress, "why_summary")
    total: dict[str, list[int]] = {}
    options = {"scan_depth": scan_depth, "rng": replay_seed(rng)}
    if groups:
        for part in _run(_why_counts_part, groups, books, options, chat_options, client, progress, "fleet-why-summary"):
            _add(total, part)
    return summary_frame(books, total)


def budget(
    library: Mapping[str, WorldBook] | Iterable[WorldBook],
    chats: Any,
    *,
    client: Any = None,
    chats_per_partition: int | None = None,
    chat_options: Mapping[str, Any] | None = None,
    progress: bool | None = None,
    max_context: int = 8192,
    budget_percent: float = 25,
    budget_cap: int = 0,
    tokenizer: str = "guesstimate",
    scan_depth: int | None = None,
    rng: Any = 0,
) -> BudgetReport:
    """:func:`kit.worldbook.budget` over a corpus in parallel, with the same result. Computes.

    Parameters
    ----------
    library, chats, client, chats_per_partition, chat_options, progress
        As for :func:`why` (chat files are read inside the tasks, swipes included).
    max_context, budget_percent, budget_cap, tokenizer, scan_depth, rng
        As for :func:`kit.worldbook.budget`.

    Returns
    -------
    BudgetReport
        As :func:`kit.worldbook.budget`.
    """
    client = resolve_client(client)
    books, _items_, groups = _prepare(library, chats, chats_per_partition, client, progress, "budget")
    settings: dict[str, Any] = {
        "max_context": max_context,
        "budget_percent": budget_percent,
        "budget_cap": budget_cap,
        "tokenizer": tokenizer,
    }
    options = {**settings, "scan_depth": scan_depth, "rng": replay_seed(rng)}
    total: dict[str, dict[str, list[int]]] = {"entries": {}, "books": {}, "unstable": {}}
    parts = _run(_budget_part, groups, books, options, chat_options, client, progress, "fleet-budget") if groups else []
    for part in parts:
        for key in total:
            _add(total[key], part[key])
    return budget_report(books, total, **settings)
