"""Item names in requests: find the item a request names, and the source scope it asks for (pure logic).

``resolve`` takes an explicit namespaced id first; otherwise the longest display name contained in the text wins
(so "钻石镐" beats its prefix "钻石"), English names matched case-insensitively. ``route_scope`` narrows the scope
only when the request says loot, recipe or tag.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

__all__ = ["NameIndex", "route_scope", "find_item_id"]

_ID_RE = re.compile(r"(?<![\w:/.-])((?=[a-z0-9_.-]*[a-z][a-z0-9_.-]*:)[a-z0-9_.-]+:(?:[a-z0-9_][a-z0-9_./-]*)?[a-z0-9_])(?![\w:/])")

_ROUTES = (
    ("loot", re.compile(r"掉落|战利品|\bdrop(s|ped|ping)?\b|\bloot\b", re.I)),
    ("recipe", re.compile(r"配方|合成|\brecipes?\b|\bcraft(s|ed|ing)?\b", re.I)),
    ("tag", re.compile(r"标签|\btags?\b", re.I)),
)


def find_item_id(text: str) -> str | None:
    """The first explicit namespaced id (``minecraft:diamond``) in ``text``, or ``None``."""
    m = _ID_RE.search(text)
    return m.group(1) if m else None


def route_scope(text: str) -> str:
    """The item-source scope a request asks for.

    Returns ``"loot"`` for 掉落 / 战利品 / drop / loot, ``"recipe"`` for 配方 / 合成 / recipe / craft, ``"tag"`` for
    标签 / tag, and ``"all"`` when none or more than one of these is mentioned.
    """
    hits = [scope for scope, rx in _ROUTES if rx.search(text)]
    return hits[0] if len(hits) == 1 else "all"


@dataclass(frozen=True)
class NameIndex:
    """Display names -> item ids, longest names first (ties: the name found first in the text)."""

    entries: tuple[tuple[str, str], ...]  # (name folded for matching, item id)

    @classmethod
    def from_names(cls, names_by_language: Mapping[str, Mapping[str, str]]) -> "NameIndex":
        """Build from ``language -> {item_id: display name}``."""
        seen: dict[tuple[str, str], None] = {}
        for names in names_by_language.values():
            for item_id, name in names.items():
                folded = name.strip().casefold()
                if folded:
                    seen[(folded, item_id)] = None
        return cls(tuple(sorted(seen, key=lambda e: (-len(e[0]), e[0], e[1]))))

    def resolve(self, text: str) -> str | None:
        """The item a request is about: explicit id first, else the longest contained display name, else ``None``."""
        explicit = find_item_id(text)
        if explicit:
            return explicit
        folded = text.casefold()
        best: tuple[int, str] | None = None
        best_len = 0
        for name, item_id in self.entries:
            if len(name) < best_len:
                break
            if name in folded and (not name.isascii() or _word_bounded(folded, name)):
                pos = folded.find(name)
                if best is None or pos < best[0]:
                    best, best_len = (pos, item_id), len(name)
        return best[1] if best else None


def _word_bounded(text: str, name: str) -> bool:
    """ASCII names must not match inside a longer word ("Stick" must not match "Sticky Piston" text's 'stick')."""
    for m in re.finditer(re.escape(name), text):
        before = text[m.start() - 1] if m.start() else " "
        after = text[m.end()] if m.end() < len(text) else " "
        if not (before.isascii() and before.isalnum()) and not (after.isascii() and after.isalnum()):
            return True
    return False
