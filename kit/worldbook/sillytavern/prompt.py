"""Use a simulated step's slots the way SillyTavern does when it builds the prompt.

:func:`expand_outlets` replaces ``{{outlet::Name}}`` macros (``/{{outlet::(.+?)}}/gi``, name trimmed, lookup
case-sensitive) with the outlet's entries joined by ``\\n``; :func:`author_note_with_world_info` rebuilds the
Author's Note as ``top\\nAN\\nbottom`` with one leading and one trailing newline stripped, as ST does when the
note is active.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = ["expand_outlets", "author_note_with_world_info"]

_OUTLET = re.compile(r"\{\{outlet::(.+?)\}\}", re.IGNORECASE)


def expand_outlets(text: str, step: Mapping[str, Any]) -> str:
    """Return ``text`` with every ``{{outlet::Name}}`` replaced by that outlet's text from a step result
    (``step["outletEntries"]``); unknown outlets become ``""``. Outlets are not expanded inside the
    replacement (ST does not nest them).
    """
    outlets = step.get("outletEntries") or {}

    def repl(m: re.Match[str]) -> str:
        entries = outlets.get(m.group(1).strip())
        return "\n".join(entries) if entries else ""

    return _OUTLET.sub(repl, text)


def author_note_with_world_info(note: str, step: Mapping[str, Any]) -> str:
    """Return the Author's Note with the step's AN-top and AN-bottom entries around it:
    ``f"{top}\\n{note}\\n{bottom}"`` without a leading or trailing newline (``.replace(/(^\\n)|(\\n$)/g, '')``).
    """
    top = "\n".join(step.get("ANBeforeEntries") or [])
    bottom = "\n".join(step.get("ANAfterEntries") or [])
    text = f"{top}\n{note}\n{bottom}"
    if text.startswith("\n"):
        text = text[1:]
    if text.endswith("\n"):
        text = text[:-1]
    return text
