"""The simulator's per-entry outcomes: one code of :data:`kit.worldbook.reasons.OUTCOMES` per entry and step.

An entry is checked once per scan pass. Its outcome for the generation is ``activated`` once it activates;
otherwise the outcome of the pass in which it got furthest along the pipeline (the vocabulary's order), the
later pass on a tie; an entry cut by the budget stays ``budget``. One exception: an entry refused in a recursion
pass for ``excludeRecursion`` is ``recursion_excluded`` when its keys match in that pass (the rule cost the
activation), and keeps its earlier outcome (usually ``no_key_match``) when they do not. When
``world_info_max_recursion_steps`` stops the loop before a pass that was due, the entries that pass would have
made candidates are ``max_recursion``.

Near misses of ``no_key_match`` entries relax one rule at a time on each plain (not regex) key: ``case`` (the
entry is case-sensitive, the key occurs ignoring case), ``whole word``, ``scan depth`` (in a message older
than the entry's depth), a field the entry does not scan (``personaDescription``, ``characterDescription``,
``characterPersonality``, ``characterDepthPrompt``, ``scenario``, ``creatorNotes``), then ``typo`` (a word of
the scanned chat messages within one edit of a key; not the recursion text, which is the entries' own content).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.worldbook.near_miss import TypoIndex
from kit.worldbook.reasons import outcome_rank
from kit.worldbook.sillytavern._js import js_number, js_trim, js_truthy
from kit.worldbook.sillytavern.buffer import (
    EXTRA_SOURCES,
    MAX_SCAN_DEPTH,
    SCAN_INITIAL,
    ScanBuffer,
    match_key,
    substitute_params,
)
from kit.worldbook.sillytavern.jsregex import parse_regex_key

__all__ = ["OutcomeRecorder", "near_miss", "needles_of"]

_ACTIVATED = "activated"


class OutcomeRecorder:
    """Keeps each entry's outcome through the passes of one generation (see the module docstring)."""

    def __init__(self) -> None:
        self.best: dict[str, tuple[int, str, str]] = {}
        self.pending: dict[str, str] = {}

    def note(self, key_id: str, code: str, detail: str) -> None:
        """Record one check's outcome of entry ``key_id`` (``"<book>.<uid>"``)."""
        current = self.best.get(key_id)
        if code == _ACTIVATED:
            self.best[key_id] = (0, code, self.pending.get(key_id, detail))
            return
        rank = outcome_rank(code)
        if current is None or (current[1] != _ACTIVATED and rank >= current[0]):
            self.best[key_id] = (rank, code, detail)

    def force(self, key_id: str, code: str, detail: str) -> None:
        """Record ``code`` whatever the rank (unless the entry activated): the rule that cost the activation."""
        current = self.best.get(key_id)
        if current is None or current[1] != _ACTIVATED:
            self.best[key_id] = (outcome_rank(code), code, detail)

    def candidate(self, key_id: str, reason: str) -> None:
        """Remember why an entry became a candidate (the detail if it then activates)."""
        self.pending[key_id] = reason

    def get(self, key_id: str, default: tuple[str, str] = ("no_key_match", "not scanned")) -> tuple[str, str]:
        """The entry's ``(outcome, detail)``; ``default`` when nothing was recorded for it."""
        best = self.best.get(key_id)
        return (best[1], best[2]) if best is not None else default


def _find_ci(text: str, needle: str) -> str:
    i = text.lower().find(needle.lower())
    return text[i : i + len(needle)] if i >= 0 else needle


def _depth(buffer: ScanBuffer, entry: Mapping[str, Any]) -> int:
    scan_depth = entry.get("scanDepth")
    depth = js_number(scan_depth) if scan_depth is not None else buffer.get_depth()
    if depth != depth or depth <= 0:
        return 0
    return int(min(depth, MAX_SCAN_DEPTH))


def needles_of(entry: Mapping[str, Any], user: str, char: str) -> list[str]:
    """The entry's plain (not regex) primary keys, macro-substituted and trimmed as SillyTavern matches them."""
    keys = entry.get("key")
    if not isinstance(keys, list):
        return []
    needles = [js_trim(substitute_params(k, user, char)) for k in keys]
    return [n for n in needles if n and not (n.startswith("/") and parse_regex_key(n) is not None)]


def near_miss(
    entry: Mapping[str, Any],
    buffer: ScanBuffer,
    needles: list[str],
    typos: TypoIndex,
    texts: dict[Any, Any] | None = None,
) -> str:
    """The near miss of a ``no_key_match`` entry at the end of a generation (``""`` when none); ``needles`` from
    :func:`needles_of`, ``typos`` an index holding them and ``texts`` a cache of scan texts (both shared by the
    generation's entries).
    """
    if not needles:
        return ""
    cs, ww = buffer._settings_for(entry)
    config = (repr(entry.get("scanDepth")), tuple(js_truthy(entry.get(flag)) for flag, _ in EXTRA_SOURCES))
    cached = texts.get(config) if texts is not None else None
    if cached is None:
        text = buffer.get(entry, SCAN_INITIAL)
        cached = (text, text.lower())
        if texts is not None:
            texts[config] = cached
    text, lowered = cached
    if cs:
        for n in needles:
            if match_key(text, n, case_sensitive=False, whole_words=ww, lowered=lowered):
                return f"case: {_find_ci(text, n)}"
    if ww:
        for n in needles:
            if match_key(text, n, case_sensitive=cs, whole_words=False, lowered=lowered):
                return f"whole word: {_find_ci(text, n)}"
    depth = _depth(buffer, entry)
    older = texts.get(("older", depth)) if texts is not None else None
    if older is None:
        joined = "\n\x01".join(buffer.depth_buffer[depth:])  # the buffer's own joint: no key matches across it
        older = (joined, joined.lower())
        if texts is not None:
            texts[("older", depth)] = older
    for n in needles:
        if older[0] and match_key(older[0], n, case_sensitive=cs, whole_words=ww, lowered=older[1]):
            return f"scan depth: {_find_ci(older[0], n)}"
    for flag, source in EXTRA_SOURCES:
        value = buffer.global_scan_data.get(source)
        if js_truthy(entry.get(flag)) or not js_truthy(value):
            continue
        for n in needles:
            if match_key(str(value), n, case_sensitive=cs, whole_words=ww):
                return f"{source}: {_find_ci(str(value), n)}"
    found = typos.find("\n".join(buffer.depth_buffer[:depth]))  # typos in the scanned messages
    for n in needles:
        piece = found.get(n)
        if piece is not None:
            return f"typo: {piece}"
    return ""
