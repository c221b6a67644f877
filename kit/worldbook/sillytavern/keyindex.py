"""One-pass candidate filter for plain keys: an Aho-Corasick automaton over every registered key.

SillyTavern tests each key of each entry against the scan text one by one. :class:`KeyIndex` runs one
Aho-Corasick pass (``pyahocorasick``) over a piece of scan text (one chat message, one extra source, one
recursion segment) and remembers the set of registered keys that occur in it as substrings. A plain key that
is not in that set cannot match (case-sensitive, case-insensitive and whole-word matching all need the key
as a substring of the, possibly lower-cased, text); a key that is in it is confirmed with the exact
:func:`~kit.worldbook.sillytavern.buffer.match_key` and the answer is cached. Pieces of text repeat across
steps (a message stays in the scan window for ``depth`` steps) and recursion levels, so each piece is scanned
once per simulation.
"""

from __future__ import annotations

from collections.abc import Callable

import ahocorasick

__all__ = ["KeyIndex"]

#: Cached pieces of text before the caches are cleared (bounds memory on very long simulations).
_MAX_CACHED = 200_000

Matcher = Callable[[str, str, bool, bool, "str | None"], bool]


class KeyIndex:
    """Which registered keys occur in a piece of text, one automaton pass per piece.

    Parameters
    ----------
    exact : callable
        ``exact(text, needle, case_sensitive, whole_words, lowered) -> bool``: the exact matching rule that
        confirms a candidate (and decides keys that were never registered); ``lowered`` is ``text.lower()``
        when the match is case-insensitive, else ``None``.
    """

    def __init__(self, exact: Matcher) -> None:
        self._exact = exact
        self._needles: dict[bool, set[str]] = {True: set(), False: set()}
        self._automata: dict[bool, ahocorasick.Automaton | None] = {True: None, False: None}
        self._found: dict[tuple[bool, str], frozenset[str]] = {}
        self._confirmed: dict[tuple[str, str, bool, bool], bool] = {}
        self._lowered: dict[str, str] = {}
        self._lowered_text: dict[str, str] = {}

    def add(self, needle: str) -> None:
        """Register a plain key (as written; its lower-cased form is registered for case-insensitive scans)."""
        for cs in (True, False):
            n = needle if cs else needle.lower()
            if n and n not in self._needles[cs]:
                self._needles[cs].add(n)
                self._automata[cs] = None
                self._found = {k: v for k, v in self._found.items() if k[0] != cs}

    def _automaton(self, cs: bool) -> ahocorasick.Automaton | None:
        automaton = self._automata[cs]
        if automaton is None and self._needles[cs]:
            automaton = ahocorasick.Automaton()
            for n in self._needles[cs]:
                automaton.add_word(n, n)
            automaton.make_automaton()
            self._automata[cs] = automaton
        return automaton

    def found(self, text: str, cs: bool) -> frozenset[str]:
        """The registered keys (lower-cased unless ``cs``) occurring in ``text`` (lower-cased unless ``cs``)."""
        key = (cs, text)
        hits = self._found.get(key)
        if hits is None:
            automaton = self._automaton(cs)
            hay = text if cs else self.lower_text(text)
            hits = frozenset(v for _end, v in automaton.iter(hay)) if automaton is not None and hay else frozenset()
            if len(self._found) > _MAX_CACHED:
                self._found.clear()
            self._found[key] = hits
        return hits

    def lower_text(self, text: str) -> str:
        """``text.lower()``, remembered (pieces of text are scanned for many keys and across steps)."""
        lowered = self._lowered_text.get(text)
        if lowered is None:
            if len(self._lowered_text) > _MAX_CACHED:
                self._lowered_text.clear()
            lowered = self._lowered_text[text] = text.lower()
        return lowered

    def ruled_out(self, needle: str, present: set[str] | frozenset[str]) -> bool:
        """Whether a key cannot match a text (in any way: case-sensitive or not, whole words or not) because it is
        registered, cannot reach across a joint (no ``\\x01``, no line break) and is not among ``present``:
        the lower-cased registered keys that :meth:`found` reports for the pieces of that text.
        """
        lowered = needle.lower()
        return (
            lowered not in present and lowered in self._needles[False] and "\x01" not in needle and "\n" not in needle
        )

    def matches(self, text: str, needle: str, cs: bool, whole: bool) -> bool:
        """The exact answer for a plain key on one piece of text, filtered by :meth:`found` when registered."""
        if cs:
            n = needle
        else:
            lowered = self._lowered.get(needle)
            if lowered is None:
                if len(self._lowered) > _MAX_CACHED:
                    self._lowered.clear()
                lowered = self._lowered[needle] = needle.lower()
            n = lowered
        if n in self._needles[cs] and n not in self.found(text, cs):
            return False
        key = (text, needle, cs, whole)
        hit = self._confirmed.get(key)
        if hit is None:
            hit = self._exact(text, needle, cs, whole, None if cs else self.lower_text(text))
            if len(self._confirmed) > _MAX_CACHED:
                self._confirmed.clear()
            self._confirmed[key] = hit
        return hit
