"""Near misses of keys that did not match: a word of the text within one edit of a key (a typo).

The other near misses (``case``, ``whole word``, ``scan depth``, a field the entry does not scan) are the
engines' own matchers run with one rule relaxed; they live with each engine. This module holds the typo
finder both use: :func:`typo_of` for one key, :class:`TypoIndex` for many keys over many texts.

Words are runs of Latin letters and digits (the whole-word rule's word characters); a key with spaces is
compared with runs of as many words; a key holding CJK characters is compared with every span of the text
one character shorter, as long or one longer than it (Chinese has no spaces). Comparisons ignore case. Keys
shorter than :data:`MIN_TYPO_LENGTH` (:data:`MIN_CJK_TYPO_LENGTH` for CJK) are not checked: one edit away
from a three-letter key is half the dictionary.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from kit.worldbook.engine.matching import WORD_CHARS

__all__ = ["MIN_TYPO_LENGTH", "MIN_CJK_TYPO_LENGTH", "within_one_edit", "typo_of", "TypoIndex"]

#: Shortest Latin key checked for typos.
MIN_TYPO_LENGTH = 4
#: Shortest CJK key checked for typos.
MIN_CJK_TYPO_LENGTH = 3

_WORD = re.compile(f"[{WORD_CHARS}]+")
_CJK = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]")


def within_one_edit(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by at most one insertion, deletion or substitution."""
    la, lb = len(a), len(b)
    if abs(la - lb) > 1:
        return False
    if la > lb:
        a, b, la, lb = b, a, lb, la
    i = 0
    while i < la and a[i] == b[i]:
        i += 1
    if la == lb:
        return a[i + 1 :] == b[i + 1 :]
    return a[i:] == b[i + 1 :]


def _is_cjk(key: str) -> bool:
    return _CJK.search(key) is not None


def _checkable(key: str) -> bool:
    if _is_cjk(key):
        return len(key) >= MIN_CJK_TYPO_LENGTH
    return len(key) >= MIN_TYPO_LENGTH and not key.startswith("/")


def _spans(text: str, key: str) -> Iterator[str]:
    """The pieces of ``text`` a key is compared with (see the module docstring), lower-cased."""
    low = text.lower()
    n = len(key)
    if _is_cjk(key):
        for size in (n, n + 1, n - 1):  # a substitution first: the likeliest typo
            for i in range(0, len(low) - size + 1):
                piece = low[i : i + size]
                if _CJK.search(piece):
                    yield piece
        return
    words = _WORD.findall(low)
    parts = len(key.split())
    for i in range(0, len(words) - parts + 1):
        yield " ".join(words[i : i + parts])


def typo_of(key: str, text: str) -> str | None:
    """The first piece of ``text`` within one edit of ``key`` but not equal to it (ignoring case), else None."""
    if not _checkable(key):
        return None
    k = key.lower()
    for piece in _spans(text, k):
        if piece != k and within_one_edit(piece, k):
            return piece
    return None


def _deletions(word: str) -> Iterable[str]:
    yield word
    for i in range(len(word)):
        yield word[:i] + word[i + 1 :]


class TypoIndex:
    """Many keys indexed by their one-deletion variants, to find typos of any of them in a text in one pass.

    Parameters
    ----------
    keys : iterable of str
        The keys (case is ignored); :meth:`find` answers with these strings.
    """

    def __init__(self, keys: Iterable[str]) -> None:
        self._variants: dict[str, set[str]] = {}
        self._cjk_sizes: set[int] = set()
        self._word_counts: set[int] = set()
        self._keys: dict[str, list[str]] = {}
        for key in keys:
            if not key or not _checkable(key):
                continue
            k = key.lower()
            self._keys.setdefault(k, []).append(key)
            if _is_cjk(k):
                self._cjk_sizes.update((len(k) - 1, len(k), len(k) + 1))
            else:
                self._word_counts.add(len(k.split()))
            for v in _deletions(k):
                self._variants.setdefault(v, set()).add(k)
        self._cache: dict[str, dict[str, str]] = {}

    def _pieces(self, text: str) -> Iterator[str]:
        low = text.lower()
        if self._word_counts:
            words = _WORD.findall(low)
            for parts in self._word_counts:
                for i in range(0, len(words) - parts + 1):
                    yield " ".join(words[i : i + parts])
        if self._cjk_sizes and _CJK.search(low):
            for size in self._cjk_sizes:
                for i in range(0, len(low) - size + 1):
                    piece = low[i : i + size]
                    if _CJK.search(piece):
                        yield piece

    def find(self, text: str) -> dict[str, str]:
        """``{key: piece}`` for every indexed key with a piece of ``text`` within one edit (not equal); the
        first such piece in text order, one of the key's length (a substitution) preferred.
        """
        found = self._cache.get(text)
        if found is not None:
            return found
        found = {}
        if self._keys:
            for piece in self._pieces(text):
                seen: set[str] = set()
                for v in _deletions(piece):
                    for k in self._variants.get(v, ()):
                        if k in seen or k == piece:
                            continue
                        seen.add(k)
                        if within_one_edit(k, piece):
                            for original in self._keys[k]:
                                have = found.get(original)
                                if have is None or (len(have) != len(k) and len(piece) == len(k)):
                                    found[original] = piece  # a substitution beats an insertion or deletion
        if len(self._cache) > 4096:
            self._cache.clear()
        self._cache[text] = found
        return found
