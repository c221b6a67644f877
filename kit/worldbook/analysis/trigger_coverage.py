"""Trigger coverage: replay conversations turn by turn and count what fires.

Every turn of every conversation is activated with the turn's message, all earlier messages of the
conversation as history, and the turn's table state. Which books are in play follows the conversation
(:class:`~kit.worldbook.conversations.studio.Conversation`); books it names but that were not given are left out, so a
replay over one book measures that book alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kit.core.errors import InvalidParameterError
from kit.core.frames import frame
from kit.worldbook._deprecation import renamed_attributes
from kit.worldbook.book._frames import POSITION_LABEL, TRIGGER
from kit.worldbook.book.conditions import _as_number, parse_condition
from kit.worldbook.book.model import POSITION_LABELS, WorldBook
from kit.worldbook.conversations.studio import Conversation
from kit.worldbook.engine.activation import Activator

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "REPLAY_SCHEMA",
    "COVERAGE_SCHEMA",
    "COVERAGE_COLUMNS",
    "CO_ACTIVATION_SCHEMA",
    "PER_TURN_SCHEMA",
    "CONDITION_HIT_SCHEMA",
    "replay",
    "coverage",
    "never_fired",
    "always_fired",
    "co_activation",
    "activations_per_turn",
    "activation_matrix",
    "condition_hit_rates",
    "replay_seed",
    "conversation_rng",
]

#: Columns of :func:`replay`.
REPLAY_SCHEMA: dict[str, Any] = {
    "conversation_id": "string",
    "turn": "int64",
    "role": "string",
    "entry_id": "string",
    "book_id": "string",
    "uid": "string",
    "trigger": TRIGGER,
    "matched": "string",
    "matched_in": "string",
    "position": "int64",
}

#: Columns of :func:`coverage`.
COVERAGE_SCHEMA: dict[str, Any] = {
    "entry_id": "string",
    "book_id": "string",
    "uid": "string",
    "comment": "string",
    "position": "int64",
    "position_label": POSITION_LABEL,
    "triggers": "string",
    "is_disabled": "bool",
    "n_turns": "int64",
    "n_activated": "int64",
    "activation_rate": "float64",
    "first_turn": "Int64",
    "n_conversations": "int64",
    "n_conversations_in_play": "int64",
}

#: Columns of :func:`co_activation`.
CO_ACTIVATION_SCHEMA: dict[str, Any] = {
    "entry_id_a": "string",
    "entry_id_b": "string",
    "n_both": "int64",
    "n_a": "int64",
    "n_b": "int64",
    "jaccard": "float64",
}

#: Columns of :func:`activations_per_turn`.
PER_TURN_SCHEMA: dict[str, Any] = {"conversation_id": "string", "turn": "int64", "n_active": "int64"}

#: Columns of :func:`condition_hit_rates`.
CONDITION_HIT_SCHEMA: dict[str, Any] = {
    "entry_id": "string",
    "condition": "string",
    "field": "string",
    "n_turns": "int64",
    "n_true": "int64",
    "hit_rate": "float64",
    "n_missing": "int64",
    "n_not_numeric": "int64",
}


def _as_books(books: Mapping[str, WorldBook] | Iterable[WorldBook]) -> dict[str, WorldBook]:
    if isinstance(books, WorldBook):
        return {books.id: books}
    if isinstance(books, Mapping):
        return dict(books)
    return {b.id: b for b in books}


def _plan(books: dict[str, WorldBook], conv: Conversation) -> tuple[list[WorldBook], WorldBook | None]:
    char = books.get(conv.character_book_id) if conv.character_book_id else None
    if conv.global_book_ids is None:
        globals_ = [b for i, b in books.items() if i != conv.character_book_id]
    else:
        globals_ = [books[i] for i in conv.global_book_ids if i in books]
    return globals_, char


def replay_seed(rng: Any) -> int:
    """The base seed of a replay: ``rng`` itself when it is an int, one number drawn from it when it is a
    numpy Generator, fresh entropy when it is ``None``.

    Every conversation then draws from its own generator, :func:`conversation_rng` ``(seed, conversation_id)``,
    so a conversation's probability draws do not depend on which other conversations are replayed with it
    (or on how a corpus is split into partitions).
    """
    import numpy as np

    if isinstance(rng, np.random.Generator):
        return int(rng.integers(2**63))
    if rng is None:
        return int(np.random.default_rng().integers(2**63))
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool) and rng >= 0:
        return int(rng)
    raise InvalidParameterError(
        "The 'rng' parameter of replay must be None, a non-negative int seed or a numpy Generator. "
        f"Got {rng!r} instead."
    )


def conversation_rng(seed: int, conversation_id: str) -> Any:
    """The numpy Generator of one conversation in a replay seeded with ``seed`` (see :func:`replay_seed`)."""
    import hashlib

    import numpy as np

    digest = hashlib.blake2b(conversation_id.encode("utf-8"), digest_size=16).digest()
    words = [int.from_bytes(digest[i : i + 4], "little") for i in range(0, 16, 4)]
    return np.random.default_rng([seed, *words])


def replay(
    books: Mapping[str, WorldBook] | Iterable[WorldBook],
    conversations: Sequence[Conversation],
    *,
    scan_depth: int | None = None,
    rng: Any = 0,
    progress: bool | None = None,
) -> pd.DataFrame:
    """Activate every turn of every conversation; one row per activated entry per turn.

    Parameters
    ----------
    books : WorldBookLibrary, mapping or iterable of WorldBook
    conversations : sequence of Conversation
    scan_depth : int or None, default=None
        As for :func:`kit.worldbook.activate`.
    rng : int, Generator or None, default=0
        Seed (or generator) of the probability draws: each conversation draws from its own generator seeded
        with this seed and its id (:func:`conversation_rng`), so a replay is reproducible and a conversation's
        draws do not depend on the other conversations replayed with it.
    progress : bool or None, default=None
        Show a ``tqdm.auto`` progress bar over turns; ``None`` shows it for replays of 500 turns or more.

    Returns
    -------
    DataFrame
        Columns ``conversation_id, turn`` (0-based), ``role, entry_id, book_id, uid, trigger, matched, matched_in,
        position``; in conversation order (as given), turn order, then the activation sort order.
    """
    book_map = _as_books(books)
    seed = replay_seed(rng)
    n_turns = sum(len(c.turns) for c in conversations)
    bar = None
    if progress or (progress is None and n_turns >= 500):
        from tqdm.auto import tqdm

        bar = tqdm(total=n_turns, desc="replaying turns", unit="turn")
    engines: dict[tuple[str, ...], Activator] = {}
    cols: dict[str, list[Any]] = {c: [] for c in REPLAY_SCHEMA}
    for conv in conversations:
        globals_, char = _plan(book_map, conv)
        key = tuple(b.id for b in globals_) + ("|", char.id if char is not None else "")
        engine = engines.get(key)
        if engine is None:
            engine = engines[key] = Activator(globals_, char)
        messages = conv.messages
        generator = conversation_rng(seed, conv.id)
        for t, turn in enumerate(conv.turns):
            hits = engine.hits(turn.message, messages[:t], turn.table, scan_depth=scan_depth, rng=generator)
            active = [h for h in hits if not h.rejected_by]
            active.sort(
                key=lambda h: (engine.entries[h.index].entry.position, engine.entries[h.index].entry.order, h.index)
            )
            for h in active:
                c = engine.entries[h.index]
                cols["conversation_id"].append(conv.id)
                cols["turn"].append(t)
                cols["role"].append(turn.role)
                cols["entry_id"].append(c.entry_id)
                cols["book_id"].append(c.book_id)
                cols["uid"].append(c.entry.uid)
                cols["trigger"].append(h.trigger)
                cols["matched"].append(h.matched)
                cols["matched_in"].append(h.matched_in)
                cols["position"].append(c.entry.position)
            if bar is not None:
                bar.update(1)
    if bar is not None:
        bar.close()
    return frame(REPLAY_SCHEMA, cols)


def coverage(
    books: Mapping[str, WorldBook] | Iterable[WorldBook],
    conversations: Sequence[Conversation],
    *,
    scan_depth: int | None = None,
    rng: Any = 0,
    progress: bool | None = None,
    activations: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Per-entry coverage over a replay of the conversations.

    Parameters
    ----------
    books, conversations, scan_depth, rng, progress
        As for :func:`replay`.
    activations : DataFrame, optional
        A :func:`replay` result of the same books and conversations, to avoid replaying twice.

    Returns
    -------
    DataFrame
        One row per entry of the given books (book id order, then file order). Columns ``entry_id, book_id,
        uid, comment, position, position_label, triggers`` (configured trigger types joined by ``+``),
        ``is_disabled``, ``n_turns`` (turns where the entry's book was in play), ``n_activated``,
        ``activation_rate`` (``n_activated / n_turns``, 0.0 when never in play), ``first_turn`` (the
        earliest 0-based turn it fired at in any conversation; missing when never), ``n_conversations``
        (conversations where it fired at least once), ``n_conversations_in_play``.
    """
    book_map = _as_books(books)
    if activations is None:
        activations = replay(book_map, conversations, scan_depth=scan_depth, rng=rng, progress=progress)
    turns_in_play: dict[str, int] = {b: 0 for b in book_map}
    convs_in_play: dict[str, int] = {b: 0 for b in book_map}
    for conv in conversations:
        globals_, char = _plan(book_map, conv)
        for book_id in {b.id for b in globals_} | ({char.id} if char is not None else set()):
            turns_in_play[book_id] += len(conv.turns)
            convs_in_play[book_id] += 1
    counts = (
        activations.groupby("entry_id", sort=False).agg(
            n_activated=("turn", "size"), first_turn=("turn", "min"), n_conversations=("conversation_id", "nunique")
        )
        if len(activations)
        else None
    )
    rows = []
    for book_id in sorted(book_map):
        book = book_map[book_id]
        for e in book.entries:
            eid = f"{book.id}/{e.uid}"
            row = counts.loc[eid] if counts is not None and eid in counts.index else None
            n_act = int(row["n_activated"]) if row is not None else 0
            n_turns = turns_in_play[book.id]
            rows.append(
                {
                    "entry_id": eid,
                    "book_id": book.id,
                    "uid": e.uid,
                    "comment": e.comment,
                    "position": e.position,
                    "position_label": POSITION_LABELS[e.position],
                    "triggers": "+".join(e.triggers.configured),
                    "is_disabled": e.disable,
                    "n_turns": n_turns,
                    "n_activated": n_act,
                    "activation_rate": n_act / n_turns if n_turns else 0.0,
                    "first_turn": int(row["first_turn"]) if row is not None else None,
                    "n_conversations": int(row["n_conversations"]) if row is not None else 0,
                    "n_conversations_in_play": convs_in_play[book.id],
                }
            )
    return frame(COVERAGE_SCHEMA, rows)


def never_fired(cov: pd.DataFrame, *, include_disabled: bool = False) -> pd.DataFrame:
    """Rows of a :func:`coverage` frame for entries that were in play but never activated (disabled ones
    only when ``include_disabled``); same columns.
    """
    mask = (cov["n_activated"] == 0) & (cov["n_turns"] > 0)
    if not include_disabled:
        mask &= ~cov["is_disabled"]
    return cov[mask].reset_index(drop=True)


def always_fired(cov: pd.DataFrame) -> pd.DataFrame:
    """Rows of a :func:`coverage` frame for entries active on every turn they were in play; same columns."""
    return cov[(cov["n_turns"] > 0) & (cov["n_activated"] == cov["n_turns"])].reset_index(drop=True)


def co_activation(activations: pd.DataFrame, *, min_count: int = 1) -> pd.DataFrame:
    """How often pairs of entries are active on the same turn.

    Parameters
    ----------
    activations : DataFrame
        A :func:`replay` result.
    min_count : int, default=1
        Keep pairs active together on at least this many turns.

    Returns
    -------
    DataFrame
        Columns ``entry_id_a, entry_id_b`` (``a < b``), ``n_both, n_a, n_b`` (turns) and ``jaccard``
        (``n_both / (n_a + n_b - n_both)``); sorted by ``n_both`` descending, then ids.
    """
    from itertools import combinations

    schema = CO_ACTIVATION_SCHEMA
    per_turn = activations.groupby(["conversation_id", "turn"], sort=True)["entry_id"].apply(lambda s: sorted(set(s)))
    single: dict[str, int] = {}
    pairs: dict[tuple[str, str], int] = {}
    for ids in per_turn:
        for i in ids:
            single[i] = single.get(i, 0) + 1
        for a, b in combinations(ids, 2):
            pairs[(a, b)] = pairs.get((a, b), 0) + 1
    rows: list[dict[str, Any]] = [
        {
            "entry_id_a": a,
            "entry_id_b": b,
            "n_both": n,
            "n_a": single[a],
            "n_b": single[b],
            "jaccard": n / (single[a] + single[b] - n),
        }
        for (a, b), n in pairs.items()
        if n >= min_count
    ]
    rows.sort(key=lambda r: (-r["n_both"], r["entry_id_a"], r["entry_id_b"]))
    return frame(schema, rows)


def activations_per_turn(
    activations: pd.DataFrame, conversations: Sequence[Conversation] | None = None
) -> pd.DataFrame:
    """Number of active entries per turn.

    Returns
    -------
    DataFrame
        Columns ``conversation_id, turn, n_active``; with ``conversations`` every turn is listed (zeros
        included) in conversation and turn order, otherwise only turns with activations, sorted.
    """
    schema = PER_TURN_SCHEMA
    counts = activations.groupby(["conversation_id", "turn"]).size().to_dict()
    if conversations is None:
        rows = [{"conversation_id": c, "turn": t, "n_active": n} for (c, t), n in sorted(counts.items())]
    else:
        rows = [
            {"conversation_id": conv.id, "turn": t, "n_active": counts.get((conv.id, t), 0)}
            for conv in conversations
            for t in range(len(conv.turns))
        ]
    return frame(schema, rows)


def activation_matrix(
    activations: pd.DataFrame, conversation: Conversation, entry_ids: Sequence[str] | None = None
) -> pd.DataFrame:
    """Entries x turns 0/1 matrix of one conversation (for heat maps).

    Returns
    -------
    DataFrame
        Index ``entry_id`` (``entry_ids`` in order, else the entries that fired, sorted), columns the turns
        ``0 .. n-1``, values 1 where the entry was active.
    """
    import pandas as pd

    sub = activations[activations["conversation_id"] == conversation.id]
    ids = list(entry_ids) if entry_ids is not None else sorted(set(sub["entry_id"]))
    turns = list(range(len(conversation.turns)))
    matrix = pd.DataFrame(0, index=pd.Index(ids, name="entry_id"), columns=pd.Index(turns, name="turn"), dtype="int64")
    for eid, t in zip(sub["entry_id"], sub["turn"]):
        if eid in matrix.index:
            matrix.at[eid, t] = 1
    return matrix


def condition_hit_rates(
    books: Mapping[str, WorldBook] | Iterable[WorldBook], conversations: Sequence[Conversation]
) -> pd.DataFrame:
    """How often each table condition holds across the turns' table states.

    Returns
    -------
    DataFrame
        One row per (entry, condition): ``entry_id, condition, field, n_turns, n_true, hit_rate, n_missing``
        (turns whose table lacks the field), ``n_not_numeric`` (turns where a numeric condition met a non-number).
        Only turns where the entry's book was in play count. Sorted by entry id, then condition order.
    """
    schema = CONDITION_HIT_SCHEMA
    book_map = _as_books(books)
    stats: dict[tuple[str, int], dict[str, Any]] = {}
    order: list[tuple[str, int]] = []
    owner: dict[tuple[str, int], str] = {}
    for book_id in sorted(book_map):
        for e in book_map[book_id].entries:
            for k, text in enumerate(e.triggers.conditions):
                key = (f"{book_id}/{e.uid}", k)
                cond = parse_condition(text)
                stats[key] = {"cond": cond, "text": text, "n_turns": 0, "n_true": 0, "n_missing": 0, "n_not_numeric": 0}
                order.append(key)
                owner[key] = book_id
    for conv in conversations:
        globals_, char = _plan(book_map, conv)
        in_play = {b.id for b in globals_} | ({char.id} if char is not None else set())
        for key in order:
            if owner[key] not in in_play:
                continue
            s = stats[key]
            for turn in conv.turns:
                cond = s["cond"]
                r = cond.evaluate(turn.table)
                s["n_turns"] += 1
                s["n_true"] += r.holds
                missing = cond.field not in (turn.table or {})
                s["n_missing"] += missing
                s["n_not_numeric"] += (
                    not missing
                    and cond.is_numeric
                    and cond.op != "contains"
                    and _as_number(turn.table[cond.field]) is None
                )
    rows = [
        {
            "entry_id": key[0],
            "condition": stats[key]["text"],
            "field": stats[key]["cond"].field,
            "n_turns": stats[key]["n_turns"],
            "n_true": stats[key]["n_true"],
            "hit_rate": stats[key]["n_true"] / stats[key]["n_turns"] if stats[key]["n_turns"] else 0.0,
            "n_missing": stats[key]["n_missing"],
            "n_not_numeric": stats[key]["n_not_numeric"],
        }
        for key in order
    ]
    return frame(schema, rows)


#: The old name of :data:`COVERAGE_SCHEMA`; not warned yet because kit.fleet still imports it (it goes
#: through the warned path once kit.fleet imports COVERAGE_SCHEMA).
COVERAGE_COLUMNS = COVERAGE_SCHEMA

# The old ``*_COLUMNS`` names keep working for one release and warn.
__getattr__ = renamed_attributes(
    __name__,
    {
        "REPLAY_COLUMNS": "REPLAY_SCHEMA",
        "CO_ACTIVATION_COLUMNS": "CO_ACTIVATION_SCHEMA",
        "PER_TURN_COLUMNS": "PER_TURN_SCHEMA",
        "CONDITION_HIT_COLUMNS": "CONDITION_HIT_SCHEMA",
    },
    globals(),
)
