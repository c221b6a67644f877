"""Pure helpers behind the trigger tuner: the turns that activate one entry, the turns gained and lost by an edit,
history matches grouped, and a readable diff of an entry's edit.

Each is a plain function of a book and conversations (or of two results), so the widget
(:class:`kit.widgets.TriggerTuner`) only draws what these return.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kit.core.frames import frame, ordered
from kit.worldbook._deprecation import renamed_attributes
from kit.worldbook.analysis.outcomes import why_chats
from kit.worldbook.analysis.trigger_coverage import replay
from kit.worldbook.book.model import Entry, WorldBook
from kit.worldbook.book.normalize import entry_to_dict
from kit.worldbook.conversations.studio import Conversation
from kit.worldbook.engine.matching import find_key
from kit.worldbook.engine.reasons import OUTCOME

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = [
    "ENTRY_TURN_SCHEMA",
    "ENTRY_OUTCOME_SCHEMA",
    "TURN_CHANGE_SCHEMA",
    "HISTORY_GROUP_SCHEMA",
    "entry_turns",
    "entry_outcomes",
    "compare_turns",
    "group_history_matches",
    "entry_diff",
    "key_spans",
]

ENTRY_TURN_SCHEMA: dict[str, Any] = {
    "conversation_id": "string",
    "turn": "int64",
    "trigger": "string",
    "matched": "string",
    "matched_in": "string",
    "message": "string",
    "source_text": "string",
}
ENTRY_OUTCOME_SCHEMA: dict[str, Any] = {
    "conversation_id": "string",
    "turn": "int64",
    "outcome": OUTCOME,
    "detail": "string",
    "near_miss": "string",
    "message": "string",
}
TURN_CHANGE_SCHEMA: dict[str, Any] = {
    "conversation_id": "string",
    "turn": "int64",
    "change": ordered(["gained", "lost"]),
    "trigger_before": "string",
    "trigger_after": "string",
    "message": "string",
}
HISTORY_GROUP_SCHEMA: dict[str, Any] = {
    "conversation_id": "string",
    "source_text": "string",
    "first_turn": "int64",
    "last_turn": "int64",
    "n_turns": "int64",
}


def key_spans(entry: Entry, text: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` spans of ``text`` where the entry's active keys match (its own case / whole-word rules)."""
    kw = entry.triggers.keyword
    if kw is None:
        return []
    spans: list[tuple[int, int]] = []
    for key in kw.active_keys:
        spans += find_key(key, text, case_sensitive=kw.case_sensitive, match_whole_words=kw.match_whole_words)
    return spans


def entry_turns(
    book: WorldBook, conversations: Sequence[Conversation], uid: str, *, scan_depth: int | None = None, rng: Any = 0
) -> pd.DataFrame:
    """The turns at which entry ``uid`` of ``book`` is active, replaying ``conversations`` with ``book`` in play.

    Returns
    -------
    DataFrame
        ``conversation_id, turn`` (0-based), ``trigger, matched, matched_in, message`` (the turn's message) and
        ``source_text`` (the text the key matched: the message, or for a history match the latest earlier message
        holding a key); in conversation and turn order. Seeded (``rng``), so the same input gives the same rows.
    """
    entry = book.entry(uid)
    eid = book.entry_id(uid)
    act = replay([book], conversations, scan_depth=scan_depth, rng=rng, progress=False)
    mine = act[act["entry_id"] == eid]
    by_id = {c.id: c for c in conversations}
    rows = []
    for r in mine.itertuples(index=False):
        conv = by_id[r.conversation_id]
        message = conv.turns[r.turn].message
        source = message
        if r.trigger == "keyword" and r.matched_in == "history":
            source = next((m for m in reversed(conv.messages[: r.turn]) if key_spans(entry, m)), "")
        rows.append(
            {
                "conversation_id": r.conversation_id,
                "turn": int(r.turn),
                "trigger": str(r.trigger),
                "matched": "" if r.matched is None else str(r.matched),
                "matched_in": str(r.matched_in or ""),
                "message": message,
                "source_text": source,
            }
        )
    return frame(ENTRY_TURN_SCHEMA, rows)


def entry_outcomes(
    book: WorldBook, conversations: Sequence[Conversation], uid: str, *, scan_depth: int | None = None, rng: Any = 0
) -> pd.DataFrame:
    """Why entry ``uid`` of ``book`` did or did not fire at every turn, replaying ``conversations`` with ``book`` in
    play (the same replay as :func:`entry_turns`: its turns are the ``activated`` rows here).

    Returns
    -------
    DataFrame
        ``conversation_id, turn`` (0-based), ``outcome`` (ordered categorical :data:`kit.worldbook.OUTCOMES`),
        ``detail``, ``near_miss`` (as :func:`kit.worldbook.why`) and ``message`` (the turn's message); in
        conversation and turn order.
    """
    book.entry(uid)  # an unknown uid raises EntryNotFoundError
    rows = why_chats([book], conversations, scan_depth=scan_depth, rng=rng, entry_ids=[book.entry_id(uid)])
    by_id = {c.id: c for c in conversations}
    messages = [by_id[c].turns[t].message for c, t in zip(rows["conversation_id"], rows["turn"])]
    return frame(
        ENTRY_OUTCOME_SCHEMA,
        {
            "conversation_id": rows["conversation_id"],
            "turn": rows["turn"],
            "outcome": rows["outcome"],
            "detail": rows["detail"],
            "near_miss": rows["near_miss"],
            "message": messages,
        },
    )


def compare_turns(
    before: pd.DataFrame, after: pd.DataFrame, conversations: Sequence[Conversation] = ()
) -> pd.DataFrame:
    """The turns an edit gained and lost: rows of :func:`entry_turns` after the edit but not before (``gained``)
    and before but not after (``lost``).

    Returns
    -------
    DataFrame
        ``conversation_id, turn, change`` (ordered categorical ``gained`` < ``lost``), ``trigger_before``,
        ``trigger_after`` (``""`` where inactive), ``message``; sorted by change, then conversation order (as in
        ``conversations``, else by id) and turn.
    """
    order = {c.id: i for i, c in enumerate(conversations)}
    b = {(r.conversation_id, int(r.turn)): r for r in before.itertuples(index=False)}
    a = {(r.conversation_id, int(r.turn)): r for r in after.itertuples(index=False)}
    rows = []
    for change, keys, source in (("gained", a.keys() - b.keys(), a), ("lost", b.keys() - a.keys(), b)):
        for key in keys:
            r = source[key]
            rows.append(
                {
                    "conversation_id": key[0],
                    "turn": key[1],
                    "change": change,
                    "trigger_before": "" if change == "gained" else str(r.trigger),
                    "trigger_after": str(r.trigger) if change == "gained" else "",
                    "message": r.message,
                }
            )
    rows.sort(key=lambda r: (r["change"], order.get(r["conversation_id"], len(order)), r["conversation_id"], r["turn"]))
    return frame(TURN_CHANGE_SCHEMA, rows)


def group_history_matches(turns: pd.DataFrame) -> pd.DataFrame:
    """History keyword matches of :func:`entry_turns` grouped: one row per run of consecutive turns of a
    conversation whose key was found in the same earlier message.

    Returns
    -------
    DataFrame
        ``conversation_id, source_text, first_turn, last_turn, n_turns``; in the order the runs start.
    """
    rows: list[dict[str, Any]] = []
    hist = turns[(turns["trigger"] == "keyword") & (turns["matched_in"] == "history")]
    for r in hist.itertuples(index=False):
        last = rows[-1] if rows else None
        if (
            last is not None
            and last["conversation_id"] == r.conversation_id
            and last["source_text"] == r.source_text
            and last["last_turn"] == r.turn - 1
        ):
            last["last_turn"] = int(r.turn)
            last["n_turns"] += 1
        else:
            rows.append(
                {
                    "conversation_id": r.conversation_id,
                    "source_text": r.source_text,
                    "first_turn": int(r.turn),
                    "last_turn": int(r.turn),
                    "n_turns": 1,
                }
            )
    return frame(HISTORY_GROUP_SCHEMA, rows)


def entry_diff(before: Entry, after: Entry, *, name: str = "entry") -> str:
    """A unified diff of the two entries as kit's JSON (``""`` when they are equal): what a save would change."""
    a = json.dumps(entry_to_dict(before), ensure_ascii=False, indent=2).splitlines()
    b = json.dumps(entry_to_dict(after), ensure_ascii=False, indent=2).splitlines()
    if a == b:
        return ""
    return "\n".join(difflib.unified_diff(a, b, f"{name} (saved)", f"{name} (edited)", lineterm="", n=1))


# The old ``*_COLUMNS`` names keep working for one release and warn.
__getattr__ = renamed_attributes(
    __name__,
    {
        "ENTRY_TURN_COLUMNS": "ENTRY_TURN_SCHEMA",
        "TURN_CHANGE_COLUMNS": "TURN_CHANGE_SCHEMA",
        "HISTORY_GROUP_COLUMNS": "HISTORY_GROUP_SCHEMA",
    },
    globals(),
)
