"""Assemble a prompt from an activation result: every entry in its place, macros replaced.

Layout, top to bottom (the design's positions):

====  =====================  =================================================================
pos   slot                   place
====  =====================  =================================================================
–     ``system_prompt``      the system prompt
5     ``system_message``     each entry as its own system message (作为系统消息)
1     ``before_character``   just before the character definition (角色定义之前)
–     ``character``          the character definition
0     ``after_character``    just after it (角色定义之后)
2     ``before_examples``    before the example dialogue (示例对话之前)
–     ``examples``           the example dialogue
3     ``after_examples``     after it (示例对话之后)
–     ``history`` / ``message``  the chat, oldest first, then the current message
6     ``depth``              inside the chat, ``depth`` messages from its end: 0 after the current
                             message, 1 just before it, and so on (deeper than the chat: at its top)
4     ``author_note``        after the chat, the last thing before the reply (系统提示/作者注释)
====  =====================  =================================================================

Position 7 entries have no slot of their own: the macro ``{{wb:<name>}}`` anywhere in the prompt (system
prompt, character, examples, messages, other entries) is replaced by the content of the active position-7
entries named ``<name>`` (``Entry.macro``, else the uid), joined by newlines in result order. A macro with no
active entry is replaced by the empty string. Within a slot, entries keep the result's ``(position, order)``
order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kit.core.frames import frame
from kit.worldbook._deprecation import renamed_attributes

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["ASSEMBLE_SCHEMA", "MACRO_PATTERN", "assemble", "expand_macros"]

#: Columns of :func:`assemble`.
ASSEMBLE_SCHEMA: dict[str, Any] = {
    "segment": "int64",
    "slot": "string",
    "role": "string",
    "entry_id": "string",
    "position": "Int64",
    "text": "string",
}

#: The macro syntax: ``{{wb:<name>}}`` (spaces around the name allowed).
MACRO_PATTERN = re.compile(r"\{\{\s*wb:\s*([^{}]+?)\s*\}\}")

_SLOTS = {
    5: "system_message",
    1: "before_character",
    0: "after_character",
    2: "before_examples",
    3: "after_examples",
    4: "author_note",
}


def expand_macros(text: str, macros: dict[str, str]) -> str:
    """Replace every ``{{wb:<name>}}`` in ``text`` by ``macros[name]`` (empty when absent)."""
    return MACRO_PATTERN.sub(lambda m: macros.get(m.group(1), ""), text)


def assemble(
    result: pd.DataFrame,
    *,
    system_prompt: str = "",
    character: str = "",
    examples: str = "",
    history: Sequence[str] = (),
    message: str = "",
) -> pd.DataFrame:
    """Return the ordered prompt segments for an activation result.

    Parameters
    ----------
    result : DataFrame
        From :func:`kit.worldbook.activate` (only active rows are used).
    system_prompt, character, examples : str
        The fixed parts of the prompt; empty parts are left out.
    history : sequence of str
        The chat, oldest first.
    message : str
        The current user message (left out when empty).

    Returns
    -------
    DataFrame
        Columns ``segment`` (1, 2, … in prompt order), ``slot`` (see the module docstring), ``role``
        (``system``, ``user`` for the current message, ``history`` for earlier messages), ``entry_id`` (empty
        for non-entry segments), ``position`` (the entry's position, missing for non-entry segments) and
        ``text`` (macros expanded).
    """
    active = result[result["is_active"]] if "is_active" in result else result
    macros: dict[str, list[str]] = {}
    by_slot: dict[int, list[tuple[str, str, int]]] = {p: [] for p in range(8)}
    depth_entries: list[tuple[int, str, str]] = []
    for row in active.itertuples(index=False):
        pos = int(row.position)
        if pos == 7:
            macros.setdefault(str(row.macro), []).append(row.content)
        elif pos == 6:
            depth_entries.append((int(row.depth), row.entry_id, row.content))
        else:
            by_slot[pos].append((row.entry_id, row.content, pos))
    joined = {k: "\n".join(v) for k, v in macros.items()}
    rows: list[dict[str, Any]] = []

    def add(slot: str, role: str, text: str, entry_id: str = "", position: int | None = None) -> None:
        rows.append(
            {
                "segment": len(rows) + 1,
                "slot": slot,
                "role": role,
                "entry_id": entry_id,
                "position": position,
                "text": expand_macros(text, joined),
            }
        )

    def entries(pos: int) -> None:
        for entry_id, content, p in by_slot[pos]:
            add(_SLOTS[pos], "system", content, entry_id, p)

    if system_prompt:
        add("system_prompt", "system", system_prompt)
    entries(5)
    entries(1)
    if character:
        add("character", "system", character)
    entries(0)
    entries(2)
    if examples:
        add("examples", "system", examples)
    entries(3)
    chat: list[tuple[str, str, str]] = [("history", "history", h) for h in history]
    if message:
        chat.append(("message", "user", message))
    n = len(chat)
    inserts: dict[int, list[tuple[str, str]]] = {}
    for depth, entry_id, content in depth_entries:
        inserts.setdefault(max(n - depth, 0), []).append((entry_id, content))
    for i in range(n + 1):
        for entry_id, content in inserts.get(i, ()):
            add("depth", "system", content, entry_id, 6)
        if i < n:
            slot, role, text = chat[i]
            add(slot, role, text)
    entries(4)
    return frame(ASSEMBLE_SCHEMA, rows)


__getattr__ = renamed_attributes(__name__, {"ASSEMBLE_COLUMNS": "ASSEMBLE_SCHEMA"}, globals())
