r"""Keyword matching: the whole-word rule, a one-key finder, and a scanner that finds many keys at once.

Whole-word rule (mixed Chinese / English text): an occurrence of a key counts as a whole word when the
character before it and the character after it are not *word characters*. Word characters are Latin letters
(``A-Z a-z`` and U+00C0-U+024F except ``×`` and ``÷``) and ASCII digits ``0-9``. Everything else (Chinese
characters, kana, punctuation, spaces, the start and end of the text) is a boundary. So with whole words on,
``"cat"`` does not match ``"cats"``, ``"Alice"`` matches ``"遇见Alice了"``, and ``"魔法"`` matches
``"魔法师"`` (Chinese words are not delimited, so whole-word matching only restricts Latin and digits).

Python's ``\b`` (``word_boundary="python"``, an option): a boundary is where a word character (Python's Unicode
``\w``: letters of every script, CJK included, digits, ``_``) meets a non-word character. Under it ``"魔法"``
does **not** match inside ``"我会魔法吗"`` (the characters around it are word characters), which is what a
server written as ``re.search(r"\b" + re.escape(key) + r"\b", text)`` does; kit's rule (the default) was made
for Chinese text, which has no spaces between words. Both apply only with whole-word matching on.

Case-insensitive matching compares ``str.lower()`` of key and text.

:class:`KeyScanner` compiles all keys of a case class into one trie-shaped regular expression inside a
look-ahead, so a text is scanned once however many keys there are; every key occurrence (also overlapping
ones and keys that are prefixes of other keys) is found.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Literal

from kit.core.errors import InvalidParameterError

__all__ = [
    "WORD_BOUNDARIES",
    "WORD_CHARS",
    "WordBoundary",
    "is_word_char",
    "find_key",
    "key_occurs",
    "KeyScanner",
    "check_word_boundary",
    "whole_word_regex",
]

#: Whole-word rules: ``"kit"`` (CJK characters are boundaries, the default) and ``"python"`` (``\b``).
WordBoundary = Literal["kit", "python"]
WORD_BOUNDARIES: tuple[WordBoundary, ...] = ("kit", "python")
_PY_WORD = re.compile(r"\w")

#: The regular-expression character class of word characters (see the module docstring).
WORD_CHARS = "0-9A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f"
_WORD_RE = re.compile(f"[{WORD_CHARS}]")


def is_word_char(ch: str) -> bool:
    """Whether ``ch`` is a word character for whole-word matching."""
    return bool(ch) and _WORD_RE.match(ch) is not None


def check_word_boundary(value: object, function: str) -> WordBoundary:
    """Return ``value`` when it is one of :data:`WORD_BOUNDARIES`; raise InvalidParameterError otherwise."""
    for boundary in WORD_BOUNDARIES:
        if value == boundary:
            return boundary
    raise InvalidParameterError(
        f"The 'word_boundary' parameter of {function} must be one of {', '.join(map(repr, WORD_BOUNDARIES))}. "
        f"Got {value!r} instead."
    )


def whole_word_regex(key: str, word_boundary: WordBoundary = "kit") -> str:
    """The regular expression matching ``key`` as a whole word (rules in the module docstring)."""
    if word_boundary == "python":
        return rf"\b{re.escape(key)}\b"
    return f"(?<![{WORD_CHARS}]){re.escape(key)}(?![{WORD_CHARS}])"


def _py_boundary(text: str, i: int) -> bool:
    before = i > 0 and _PY_WORD.match(text[i - 1]) is not None
    after = i < len(text) and _PY_WORD.match(text[i]) is not None
    return before != after


def _bounded(text: str, start: int, end: int, word_boundary: str = "kit") -> bool:
    if word_boundary == "python":
        return _py_boundary(text, start) and _py_boundary(text, end)
    return (start == 0 or not is_word_char(text[start - 1])) and (end >= len(text) or not is_word_char(text[end]))


def find_key(
    key: str,
    text: str,
    *,
    case_sensitive: bool = False,
    match_whole_words: bool = False,
    word_boundary: WordBoundary = "kit",
) -> list[tuple[int, int]]:
    """Return the ``(start, end)`` spans of every occurrence of ``key`` in ``text`` (overlaps included).

    Spans index the original ``text`` (for highlighting). An empty key has no occurrences. ``word_boundary``
    picks the whole-word rule (``"kit"`` or ``"python"``, see the module docstring).
    """
    check_word_boundary(word_boundary, "find_key")
    if not key:
        return []
    flags = 0 if case_sensitive else re.IGNORECASE
    if not case_sensitive and len(text.lower()) == len(text) and len(key.lower()) == len(key):
        hay, needle, flags = text.lower(), key.lower(), 0
    else:
        hay, needle = text, key
    spans = []
    pattern = re.compile(f"(?=({re.escape(needle)}))", flags)
    for m in pattern.finditer(hay):
        start, end = m.start(1), m.end(1)
        if not match_whole_words or _bounded(hay, start, end, word_boundary):
            spans.append((start, end))
    return spans


def key_occurs(
    key: str,
    text: str,
    *,
    case_sensitive: bool = False,
    match_whole_words: bool = False,
    word_boundary: WordBoundary = "kit",
) -> bool:
    """Whether ``key`` occurs in ``text`` under the options (the definition the scanner implements)."""
    check_word_boundary(word_boundary, "key_occurs")
    if not key:
        return False
    if not case_sensitive:
        key, text = key.lower(), text.lower()
    if not match_whole_words:
        return key in text
    return re.search(whole_word_regex(key, word_boundary), text) is not None


def _trie_pattern(words: Iterable[str]) -> str:
    trie: dict = {}
    for w in words:
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = True

    def build(node: dict) -> str:
        end = "" in node
        alts = [re.escape(ch) + build(child) for ch, child in sorted((k, v) for k, v in node.items() if k != "")]
        if not alts:
            return ""
        if len(alts) == 1 and not end:
            return alts[0]
        body = "(?:" + "|".join(alts) + ")"
        return body + "?" if end else body

    return build(trie)


class _CaseClass:
    """All keys scanned with one case option: one compiled look-ahead trie."""

    def __init__(self, keys: Iterable[str]) -> None:
        self.keys = frozenset(keys)
        self.lengths = sorted({len(k) for k in self.keys})
        self.regex: re.Pattern[str] | None = None
        if self.keys:
            try:
                pattern = _trie_pattern(self.keys)
            except RecursionError:  # absurdly long keys: plain alternation, longest first
                pattern = "|".join(re.escape(k) for k in sorted(self.keys, key=lambda k: (-len(k), k)))
            self.regex = re.compile(f"(?=({pattern}))", re.DOTALL)

    def occurrences(self, text: str) -> Iterable[tuple[str, int, int]]:
        """Yield ``(key, start, end)`` for every occurrence of every key in ``text``."""
        if self.regex is None:
            return
        keys, lengths = self.keys, self.lengths
        for m in self.regex.finditer(text):
            longest = m.group(1)
            start = m.start()
            yield longest, start, start + len(longest)
            for n in lengths:
                if n >= len(longest):
                    break
                prefix = longest[:n]
                if prefix in keys:
                    yield prefix, start, start + n


class KeyScanner:
    """Find which of many (key, case_sensitive, match_whole_words) specs occur in a text, in one pass per case class.

    Parameters
    ----------
    specs : sequence of (str, bool, bool)
        ``(key, case_sensitive, match_whole_words)``; the result of :meth:`scan` holds indices into it.
    cache_size : int, default=4096
        How many scanned texts are remembered (replaying a conversation re-scans the same history).
    word_boundary : {"kit", "python"}, default="kit"
        The whole-word rule (see the module docstring).
    """

    def __init__(
        self, specs: Sequence[tuple[str, bool, bool]], *, cache_size: int = 4096, word_boundary: WordBoundary = "kit"
    ) -> None:
        self.word_boundary = check_word_boundary(word_boundary, "KeyScanner")
        self.specs = list(specs)
        # (folded key, case_sensitive) -> (spec ids for plain, spec ids for whole words)
        self._index: dict[tuple[str, bool], tuple[list[int], list[int]]] = {}
        for i, (key, cs, ww) in enumerate(self.specs):
            if not key:
                continue
            slot = self._index.setdefault((key if cs else key.lower(), cs), ([], []))
            slot[1 if ww else 0].append(i)
        self._cs = _CaseClass(k for (k, cs) in self._index if cs)
        self._ci = _CaseClass(k for (k, cs) in self._index if not cs)
        self._cache: dict[str, frozenset[int]] = {}
        self._cache_size = cache_size

    def clear_cache(self) -> None:
        """Forget the scanned texts."""
        self._cache.clear()

    def scan(self, text: str) -> frozenset[int]:
        """Return the ids of the specs that occur in ``text``."""
        hit = self._cache.get(text)
        if hit is not None:
            return hit
        found: set[int] = set()
        for case_class, hay, cs in ((self._cs, text, True), (self._ci, text.lower(), False)):
            for key, start, end in case_class.occurrences(hay):
                plain, whole = self._index[(key, cs)]
                found.update(plain)
                if whole and whole[0] not in found and _bounded(hay, start, end, self.word_boundary):
                    found.update(whole)
        result = frozenset(found)
        if len(self._cache) >= self._cache_size:
            self._cache.clear()
        self._cache[text] = result
        return result
