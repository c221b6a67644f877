"""The simulator's per-entry outcomes: one code of :data:`kit.worldbook.engine.reasons.OUTCOMES` per entry and step.

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kit.worldbook.engine.near_miss import TypoIndex
from kit.worldbook.engine.reasons import outcome_rank
from kit.worldbook.sillytavern._js import js_number, js_trim, js_truthy
from kit.worldbook.sillytavern.buffer import (
    EXTRA_SOURCES,
    MAX_SCAN_DEPTH,
    SCAN_INITIAL,
    ScanBuffer,
    entry_settings,
    match_key,
    substitute_params,
)
from kit.worldbook.sillytavern.jsregex import parse_regex_key

__all__ = ["NearMissIndex", "NearMisses", "OutcomeRecorder", "Probe", "near_miss", "needles_of"]

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


def _find_ci(text: str, needle: str, lowered: str | None = None) -> str:
    i = (text.lower() if lowered is None else lowered).find(needle.lower())
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
    :func:`needles_of`, ``typos`` an index holding them. ``texts`` is accepted for compatibility and unused:
    :class:`NearMisses` keeps the caches a generation's entries share.
    """
    return NearMisses(buffer, typos).find(entry, needles)


@dataclass(frozen=True)
class Probe:
    """What :meth:`NearMisses.find` needs about an entry, read once per simulation (:meth:`NearMisses.probe`)."""

    needles: tuple[str, ...]  # needles_of(entry)
    lowered: tuple[str, ...]  # each lower-cased
    checked: tuple[bool, ...]  # whether the key index can rule each out (registered, no joint characters)
    case_sensitive: bool
    whole_words: bool
    text_key: Any  # entries with equal keys have the same scan text and depth
    extras: tuple[bool, ...]  # which extra sources the entry scans
    only_checked: bool  # whether the key index can rule out every key
    lowered_set: frozenset[str]  # set(lowered)


class NearMisses:
    """The near misses of one generation's ``no_key_match`` entries (see the module docstring), with the scan
    texts, lower-cased texts and typo lookups they share cached.

    Parameters
    ----------
    buffer : ScanBuffer
        The generation's scan buffer, after its last pass.
    typos : TypoIndex
        An index holding every entry's :func:`needles_of`.
    """

    def __init__(self, buffer: ScanBuffer, typos: TypoIndex) -> None:
        self.buffer = buffer
        self.typos = typos
        self._texts: dict[Any, tuple[str, str, Any, int]] = {}
        self._older: dict[int, tuple[str, str, set[str]]] = {}
        self._typos: dict[int, dict[str, str]] = {}
        self._any: dict[Any, tuple[set[str], set[str]]] = {}
        gsd = buffer.global_scan_data
        self._extras = [
            (i, source, str(gsd.get(source)))
            for i, (_flag, source) in enumerate(EXTRA_SOURCES)
            if js_truthy(gsd.get(source))
        ]

    @staticmethod
    def probe(entry: Mapping[str, Any], needles: list[str], settings: Mapping[str, Any], index: Any) -> Probe:
        """The entry's :class:`Probe`: ``needles`` from :func:`needles_of`, ``settings`` the world-info settings,
        ``index`` the buffer's :class:`~kit.worldbook.sillytavern.keyindex.KeyIndex`.
        """
        cs, ww = entry_settings(entry, settings)
        extras = tuple(js_truthy(entry.get(flag)) for flag, _ in EXTRA_SOURCES)
        checked = tuple(index.ruled_out(n, frozenset()) for n in needles)
        lowered = tuple(n.lower() for n in needles)
        return Probe(
            needles=tuple(needles),
            lowered=lowered,
            checked=checked,
            case_sensitive=cs,
            whole_words=ww,
            text_key=(repr(entry.get("scanDepth")), extras),
            extras=extras,
            only_checked=all(checked),
            lowered_set=frozenset(lowered),
        )

    def _anywhere(self, entry: Mapping[str, Any], key: Any) -> tuple[set[str], set[str]]:
        """The lower-cased registered keys occurring in any text a near miss looks at (the scan text, the older
        messages, every extra source) and the keys with a typo in the scanned messages, for entries scanning
        ``key``'s text.
        """
        cached = self._any.get(key)
        if cached is None:
            _text, _lowered, present, depth = self._scan_text(entry, key)
            anywhere = set(present) | self._older_text(depth)[2]
            for _i, _source, value in self._extras:
                anywhere |= self.buffer.index.found(value, False)
            cached = self._any[key] = (anywhere, set(self._typo_found(depth)))
        return cached

    def _typo_found(self, depth: int) -> dict[str, str]:
        found = self._typos.get(depth)
        if found is None:
            found = self._typos[depth] = self.typos.find("\n".join(self.buffer.depth_buffer[:depth]))
        return found

    def _scan_text(self, entry: Mapping[str, Any], key: Any) -> tuple[str, str, Any, int]:
        """The entry's scan text, lower-cased too, the lower-cased registered keys occurring in it and its depth."""
        cached = self._texts.get(key)
        if cached is None:
            text = self.buffer.get(entry, SCAN_INITIAL)
            present = self.buffer.present(entry, False)
            cached = self._texts[key] = (text, text.lower(), present, _depth(self.buffer, entry))
        return cached

    def _older_text(self, depth: int) -> tuple[str, str, set[str]]:
        """The messages older than ``depth``, joined as the buffer joins them, lower-cased, and the lower-cased
        registered keys occurring in them.
        """
        older = self._older.get(depth)
        if older is None:
            messages = self.buffer.depth_buffer[depth:]
            joined = "\n\x01".join(messages)  # the buffer's own joint: no key matches across it
            present: set[str] = set()
            for message in messages:
                present |= self.buffer.index.found(message, False)
            older = self._older[depth] = (joined, joined.lower(), present)
        return older

    def find(self, entry: Mapping[str, Any], needles: list[str], probe: Probe | None = None) -> str:
        """The entry's near miss (``""`` when none); ``needles`` from :func:`needles_of`, ``probe`` from
        :meth:`probe` when known.

        A key that the buffer's key index holds and that does not occur in a text even ignoring case cannot
        match it in any way, so it is not tested there.
        """
        if not needles:
            return ""
        p = probe if probe is not None else self.probe(entry, needles, self.buffer.settings, self.buffer.index)
        if p.only_checked:  # most entries: no key occurs anywhere nor has a typo, ruled out in two set operations
            anywhere, typos = self._anywhere(entry, p.text_key)
            if p.lowered_set.isdisjoint(anywhere) and typos.isdisjoint(p.needles):
                return ""
        cs, ww = p.case_sensitive, p.whole_words
        text, lowered, present, depth = self._scan_text(entry, p.text_key)
        candidates = [n for n, low, c in zip(p.needles, p.lowered, p.checked) if not c or low in present]
        if cs:
            for n in candidates:
                if match_key(text, n, case_sensitive=False, whole_words=ww, lowered=lowered):
                    return f"case: {_find_ci(text, n, lowered)}"
        if ww:
            for n in candidates:
                if match_key(text, n, case_sensitive=cs, whole_words=False, lowered=lowered):
                    return f"whole word: {_find_ci(text, n, lowered)}"
        older, older_lowered, older_present = self._older_text(depth)
        if older:
            for n, low, c in zip(p.needles, p.lowered, p.checked):
                if (not c or low in older_present) and match_key(
                    older, n, case_sensitive=cs, whole_words=ww, lowered=older_lowered
                ):
                    return f"scan depth: {_find_ci(older, n, older_lowered)}"
        for i, source, value in self._extras:
            if p.extras[i]:
                continue
            for n in needles:
                if match_key(value, n, case_sensitive=cs, whole_words=ww):
                    return f"{source}: {_find_ci(value, n)}"
        found = self._typo_found(depth)
        for n in needles:
            piece = found.get(n)
            if piece is not None:
                return f"typo: {piece}"
        return ""


class NearMissIndex:
    """Every entry's keys and :class:`Probe`, and which entries may have a near miss in a generation, for one
    simulation: an entry whose keys the key index can all rule out, none of which occurs in any text a near miss
    looks at nor has a typo in the scanned messages, has none; the others are found by key, not one by one.

    Parameters
    ----------
    entries : sequence of mapping
        The simulation's entries, in order.
    needles : sequence of list of str
        Each entry's :func:`needles_of`.
    settings : mapping
        The world-info settings.
    index : KeyIndex
        The simulation's key index (holding every entry's keys).
    """

    def __init__(self, entries: Sequence[Mapping[str, Any]], needles: Sequence[list[str]], settings: Any, index: Any):
        self.needles = list(needles)
        self.probes = [NearMisses.probe(e, n, settings, index) for e, n in zip(entries, self.needles)]
        self.typos = TypoIndex(n for ns in self.needles for n in ns)
        self._always: set[int] = set()
        # text key -> (an entry scanning that text, lower-cased key -> entries, key -> entries)
        self._groups: dict[Any, tuple[Mapping[str, Any], dict[str, list[int]], dict[str, list[int]]]] = {}
        for i, (e, p) in enumerate(zip(entries, self.probes)):
            if not p.needles:
                continue
            if not p.only_checked:
                self._always.add(i)
                continue
            group = self._groups.setdefault(p.text_key, (e, {}, {}))
            for low in p.lowered_set:
                group[1].setdefault(low, []).append(i)
            for n in set(p.needles):
                group[2].setdefault(n, []).append(i)

    def candidates(self, near: NearMisses) -> set[int]:
        """The positions of the entries that may have a near miss in ``near``'s generation."""
        out = set(self._always)
        for key, (first, by_lowered, by_needle) in self._groups.items():
            anywhere, typos = near._anywhere(first, key)
            for keys, found in ((by_lowered, anywhere), (by_needle, typos)):
                if len(found) < len(keys):
                    for n in found:
                        hit = keys.get(n)
                        if hit is not None:
                            out.update(hit)
                else:
                    for n, hit in keys.items():
                        if n in found:
                            out.update(hit)
        return out
