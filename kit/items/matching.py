"""kit's one item matcher: names inside free text, near misses, and suggestions ranked by spelling (pure logic).

Used by :meth:`PackSet.resolve_item <kit.items.PackSet.resolve_item>`, :func:`kit.items.lookup_item`,
:func:`kit.items.suggest_items` and the item query card. The rules:

* an explicit namespaced id in the text wins;
* else the longest display name contained in the text (English names case-insensitive and whole words), so
  "how do I get a diamond pickaxe?" and "福鲁伊克斯水晶怎么合成" resolve;
* but a *longer* name within one edit of a span of the text beats a shorter name contained in it (冰川稿, a typo of
  冰川镐, contains 冰 but nearly spells 冰川镐): the answer is then a suggestion, never a silent pick of 冰. "Longer"
  counts the characters the near name shares with the text, so 福鲁伊克斯水晶块 (one substitution away from
  福鲁伊克斯水晶怎) does not beat the exact 福鲁伊克斯水晶.

Suggestions are ranked by :func:`similarity`: edit distance and shared characters (CJK characters one by one,
English by letter pairs within words, and word by word for multi-word names such as ``glacit ingto``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

__all__ = [
    "NameIndex",
    "NameMatch",
    "fold",
    "edit_distance",
    "similarity",
    "rank_candidates",
    "find_item_id",
    "search_tier",
    "SUGGEST_THRESHOLD",
]

SUGGEST_THRESHOLD = 0.5  #: the least :func:`similarity` a suggestion has
_MIN_NEAR_CJK, _MIN_NEAR_ASCII = 3, 4  #: shortest names matched within one edit

_ID_RE = re.compile(
    r"(?<![\w:/.-])((?=[a-z0-9_.-]*[a-z][a-z0-9_.-]*:)[a-z0-9_.-]+:(?:[a-z0-9_][a-z0-9_./-]*)?"
    r"[a-z0-9_])(?![\w:/])"
)


def find_item_id(text: str) -> str | None:
    """The first explicit namespaced id (``minecraft:diamond``) in ``text``, or ``None``."""
    m = _ID_RE.search(text)
    return m.group(1) if m else None


def fold(text: str) -> str:
    """Whitespace collapsed and case folded: the form names are compared in."""
    return " ".join(str(text).split()).casefold()


def edit_distance(a: Sequence[str], b: Sequence[str]) -> int:
    """Levenshtein distance (insertions, deletions, substitutions; one per character, CJK included; also over
    lists of syllables).
    """
    if len(a) < len(b):
        a, b = b, a
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def _units(text: str) -> Counter:
    """Characters for CJK text, letter pairs within words for the rest (what two spellings "share")."""
    units: Counter = Counter()
    for word in text.split():
        if not word.isascii():
            units.update(word)
        elif len(word) == 1:
            units[word] += 1
        else:
            units.update(word[i : i + 2] for i in range(len(word) - 1))
    return units


def _shared(a: str, b: str) -> float:
    ua, ub = _units(a), _units(b)
    total = sum(ua.values()) + sum(ub.values())
    return 2 * sum((ua & ub).values()) / total if total else 0.0


@lru_cache(maxsize=65536)
def _sound(char: str) -> str:
    """The toneless pinyin of one CJK character (the character itself for anything else)."""
    if char.isascii():
        return char
    from pypinyin import lazy_pinyin  # imported on first use: kit's import stays light

    return lazy_pinyin(char)[0]


def _sound_alike(a: str, b: str) -> float:
    """:func:`_spelling` over the syllables of two CJK texts: homophones typed through a pinyin IME (稿 for 镐,
    both gao) count as the same, so the intended name ranks first among equally near spellings.
    """
    sa, sb = [_sound(c) for c in a], [_sound(c) for c in b]
    longest = max(len(sa), len(sb))
    return 1.0 - edit_distance(sa, sb) / longest if longest else 1.0


def _spelling(a: str, b: str) -> float:
    longest = max(len(a), len(b))
    return 1.0 - edit_distance(a, b) / longest if longest else 1.0


def similarity(query: str, name: str) -> float:
    """How alike two folded spellings are, in [0, 1]: edit distance and shared characters, averaged.

    For CJK texts the toneless pinyin of the two is compared as well (one third of the score), since typos made
    with a pinyin input method are homophones (冰川稿 is closer to 冰川镐 than to 冰川剑). Multi-word texts are also
    compared word by word (each query word with its best word of ``name``), so
    ``glacit ingto`` is close to ``glacite ingot``. 1.0 only for equal texts.
    """
    if query == name:
        return 1.0
    if not query or not name:
        return 0.0
    score = (_spelling(query, name) + _shared(query, name)) / 2
    if not query.isascii() and not name.isascii():  # CJK: sounds count too (pinyin input typos are homophones)
        score = (2 * score + _sound_alike(query, name)) / 3
    qw, nw = query.split(), name.split()
    if len(qw) > 1 and len(nw) > 1:
        per_word = sum(max((_spelling(w, v) + _shared(w, v)) / 2 for v in nw) for w in qw) / len(qw)
        score = max(score, per_word * min(len(qw), len(nw)) / max(len(qw), len(nw)))
    return min(score, 0.999)


def search_tier(query: str, item_id: str, names: Sequence[str]) -> int | None:
    """The search tier of an item for a folded query: 0 exact, 1 prefix, 2 substring (of the id, its path or a
    folded name; spaces in the query read as ``_`` for ids), ``None`` when the query is not in it.
    """
    path = item_id.split(":", 1)[-1]
    q_id = query.replace(" ", "_")
    if q_id in (item_id, path) or query in names:
        return 0
    if item_id.startswith(q_id) or path.startswith(q_id) or any(n.startswith(query) for n in names):
        return 1
    if q_id in item_id or any(query in n for n in names):
        return 2
    return None


def rank_candidates(
    query: str, candidates: Mapping[str, Sequence[str]], *, limit: int = 5, threshold: float = SUGGEST_THRESHOLD
) -> tuple[str, ...]:
    """Up to ``limit`` keys of ``candidates`` (item id -> its spellings: id, path, names) nearest ``query``.

    A spelling containing the query ranks above every near spelling, closer lengths first; a spelling contained
    in the query (``diamond`` in ``diamond_blok``) scores by how much of the query it covers, so a near spelling
    of the whole query (``diamond_block``) can beat it; the others rank by :func:`similarity` (at least
    ``threshold``); ties by key.
    """
    needle = fold(query)
    if not needle:
        return ()
    as_id = needle.replace(" ", "_")
    scored: dict[str, float] = {}
    for key, spellings in candidates.items():
        best = 0.0
        for raw in spellings:
            c = fold(raw)
            if not c:
                continue
            if as_id in c or needle in c:  # the query is part of the spelling: typed so far
                best = max(best, 1.0 + len(needle) / len(c))
                continue
            if c in needle:  # a shorter spelling inside the query ranks by how much of the query it covers
                best = max(best, 0.5 + 0.5 * len(c) / len(needle))
            if _may_be_close(needle, c):
                best = max(best, similarity(needle, c))
        if best >= threshold:
            scored[key] = best
    return tuple(sorted(scored, key=lambda k: (-scored[k], k))[:limit])


def _may_be_close(a: str, b: str) -> bool:
    """A cheap filter before :func:`similarity`: the lengths are alike and some characters are shared."""
    return 2 * min(len(a), len(b)) >= max(len(a), len(b)) and bool(set(a) & set(b) - {" ", "_"})


@dataclass(frozen=True)
class NameMatch:
    """What a text names: ``item_id`` (``None`` unless one item is meant), ``how`` it matched (``"id"`` an
    explicit id, ``"name"`` a contained display name, ``"near"`` a longer name within one edit of the text: a
    suggestion, not a pick, ``"none"``), the ``name`` that matched and the ``suggestions`` (item ids).
    """

    item_id: str | None
    how: Literal["id", "name", "near", "none"]
    name: str = ""
    suggestions: tuple[str, ...] = ()


@dataclass(frozen=True)
class NameIndex:
    """Display names -> item ids, longest names first (ties: the name found first in the text)."""

    entries: tuple[tuple[str, str], ...]  # (name folded for matching, item id)

    @classmethod
    def from_names(cls, names_by_language: Mapping[str, Mapping[str, str]]) -> NameIndex:
        """Build from ``language -> {item_id: display name}``."""
        seen: dict[tuple[str, str], None] = {}
        for names in names_by_language.values():
            for item_id, name in names.items():
                folded = fold(name)
                if folded:
                    seen[(folded, item_id)] = None
        return cls(tuple(sorted(seen, key=lambda e: (-len(e[0]), e[0], e[1]))))

    def resolve(self, text: str) -> str | None:
        """The item a request is about (``match(text).item_id``): an explicit id, else the longest contained
        display name, unless a longer name nearly spells the text (then ``None``: see :meth:`match`).
        """
        return self.match(text).item_id

    def match(self, text: str) -> NameMatch:
        """What ``text`` names, by the module's rules (an explicit id, a contained name, a near longer name)."""
        explicit = find_item_id(text)
        if explicit:
            return NameMatch(explicit, "id", explicit)
        folded = fold(text)
        found = self._contained(folded)
        near = self._near(folded, len(found[0]) if found else 0)
        if near:
            return NameMatch(None, "near", near[0][0], tuple(dict.fromkeys(i for _n, i in near)))
        if found:
            return NameMatch(found[1], "name", found[0])
        return NameMatch(None, "none")

    def _contained(self, folded: str) -> tuple[str, str] | None:
        best: tuple[int, str, str] | None = None
        best_len = 0
        for name, item_id in self.entries:
            if len(name) < best_len:
                break
            if name in folded and (not name.isascii() or _word_bounded(folded, name)):
                pos = folded.find(name)
                if best is None or pos < best[0]:
                    best, best_len = (pos, name, item_id), len(name)
        return (best[1], best[2]) if best else None

    def _near(self, folded: str, shorter_than: int) -> list[tuple[str, str]]:
        """Names within one edit of a span of ``folded`` sharing more than ``shorter_than`` characters with it
        (best first: most shared characters, then similarity to the text, then name); containment is not "near".
        """
        chars = set(folded)
        words = [w.strip("?!.,;:'\"") for w in folded.split()]
        found: list[tuple[int, float, str, str]] = []
        for name, item_id in self.entries:
            if len(name) - 1 <= shorter_than:
                break
            if name.isascii():
                if len(name) < _MIN_NEAR_ASCII or sum(c not in chars for c in name) > 1:
                    continue
                shared = _near_words(words, name)
            else:
                if len(name) < _MIN_NEAR_CJK or sum(c not in chars for c in set(name)) > 1:
                    continue
                shared = _near_span(folded, name)
            if shared is not None and shared > shorter_than:
                found.append((shared, -similarity(folded, name), name, item_id))
        found.sort()
        found.sort(key=lambda f: -f[0])
        return [(n, i) for _s, _sim, n, i in found]


def _near_span(text: str, name: str) -> int | None:
    """The characters ``name`` shares with its best span of ``text`` within one edit (``None``: none is, or the
    name occurs exactly, which is containment, not a near miss).
    """
    if name in text:
        return None
    best = None
    n = len(name)
    for size in (n - 1, n, n + 1):
        for start in range(0, max(len(text) - size, 0) + 1):
            span = text[start : start + size]
            if len(span) == size and edit_distance(span, name) == 1:
                best = max(best or 0, n if size == n + 1 else n - 1)
    return best


def _near_words(words: Sequence[str], name: str) -> int | None:
    """As :func:`_near_span` for an English name, over runs of whole words of the text."""
    parts = name.split()
    k = len(parts)
    present = set(words)
    if k > 1 and sum(p not in present for p in parts) > 1:  # one edit changes at most one word
        return None
    if k == 1 and not any(abs(len(w) - len(name)) <= 1 for w in words):
        return None
    best = None
    for size in {max(k - 1, 1), k, k + 1}:
        for start in range(0, len(words) - size + 1):
            span = " ".join(words[start : start + size])
            if span != name and edit_distance(span, name) == 1:
                best = max(best or 0, len(name) - 1 if len(span) <= len(name) else len(name))
    return best


def _word_bounded(text: str, name: str) -> bool:
    """ASCII names must not match inside a longer word ("Stick" must not match "Sticky Piston" text's 'stick')."""
    for m in re.finditer(re.escape(name), text):
        before = text[m.start() - 1] if m.start() else " "
        after = text[m.end()] if m.end() < len(text) else " "
        if not (before.isascii() and before.isalnum()) and not (after.isascii() and after.isalnum()):
            return True
    return False
