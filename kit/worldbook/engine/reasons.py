"""One vocabulary of activation outcomes, shared by kit's activation and the SillyTavern simulator.

Every entry of the books in play gets exactly one outcome per turn: ``activated``, or the code of the rule
that dropped it. The codes form an ordered categorical (:data:`OUTCOME`) in pipeline order, so sorting by
outcome lists what fired first and then how far the others got. :data:`OUTCOME_RULES` says, per code, what
the rule is and in which engine it exists (``kit``, ``sillytavern`` or both).
"""

from __future__ import annotations

from typing import Any

from kit.core.frames import ordered

__all__ = ["OUTCOMES", "OUTCOME", "OUTCOME_RULES", "WHY_SCHEMA", "outcome_rank", "rejection_code"]

#: (code, engines, what drops the entry), in pipeline order.
OUTCOME_RULES: tuple[tuple[str, str, str], ...] = (
    ("activated", "both", "the entry is active this turn"),
    ("disabled", "both", "the entry is switched off"),
    ("generation_type", "sillytavern", "its `triggers` list does not hold this generation type"),
    ("character_filter", "sillytavern", "the character (or tag) filter excludes the current character"),
    ("delay", "sillytavern", "`delay`: the chat is shorter than the delay"),
    ("cooldown", "sillytavern", "`cooldown`: still cooling down after an earlier activation"),
    ("delay_until_recursion", "sillytavern", "activates only in a recursion pass (of its level), none reached it"),
    ("recursion_excluded", "sillytavern", "`excludeRecursion`: cannot be activated in a recursion pass"),
    ("decorator", "sillytavern", "the `@@dont_activate` decorator"),
    ("no_trigger", "both", "nothing can fire it: no keys, not constant (kit: no condition, logic or retrieval)"),
    ("no_key_match", "both", "no primary key occurs in the scanned text (see `near_miss`)"),
    ("secondary_logic", "both", "a primary key matched but the secondary keys fail the selective logic"),
    ("condition_false", "kit", "a table condition does not hold"),
    ("logic_false", "kit", "the logic expression is false"),
    ("rag_miss", "kit", "the retrieval score is below the threshold or outside top_k"),
    ("max_recursion", "sillytavern", "it would match in a recursion pass that `max_recursion_steps` stopped"),
    ("group_lost", "both", "another member of its inclusion group won"),
    ("excluded", "kit", "an active entry excludes it (or it excludes an active entry of higher order)"),
    ("requires_missing", "kit", "an entry it requires is not active"),
    ("probability", "both", "the probability draw failed"),
    ("budget", "sillytavern", "the world-info token budget was full"),
)

#: The outcome codes, in pipeline order (``activated`` first).
OUTCOMES: tuple[str, ...] = tuple(code for code, _, _ in OUTCOME_RULES)
#: The ordered categorical of :data:`OUTCOMES`.
OUTCOME = ordered(OUTCOMES)
_RANK = {code: i for i, code in enumerate(OUTCOMES)}

#: Columns of ``why``: one row per entry and turn.
WHY_SCHEMA: dict[str, Any] = {
    "turn": "int64",
    "book": "string",
    "uid": "string",
    "entry_id": "string",
    "outcome": OUTCOME,
    "detail": "string",
    "near_miss": "string",
}

_REJECTIONS = {
    "probability": "probability",
    "group": "group_lost",
    "excludes": "excluded",
    "requires": "requires_missing",
}


def outcome_rank(code: str) -> int:
    """Position of ``code`` in :data:`OUTCOMES` (how far along the pipeline the entry got)."""
    return _RANK[code]


def rejection_code(reason: str) -> str:
    """The outcome code of one of kit's ``rejected_by`` texts (``"group g: b/x"`` -> ``group_lost``)."""
    return _REJECTIONS[reason.split(" ", 1)[0]]
