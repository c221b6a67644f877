"""Item names in requests: find the item a request names, and the source scope it asks for (pure logic).

:class:`NameIndex` (kit's one matcher, in :mod:`kit.items.matching`) finds the item; ``route_scope`` narrows the
scope only when the request says loot, recipe or tag.
"""

from __future__ import annotations

import re

from kit.items.matching import NameIndex, find_item_id

__all__ = ["NameIndex", "route_scope", "find_item_id"]

_ROUTES = (
    ("loot", re.compile(r"掉落|战利品|\bdrop(s|ped|ping)?\b|\bloot\b", re.I)),
    ("recipe", re.compile(r"配方|合成|\brecipes?\b|\bcraft(s|ed|ing)?\b", re.I)),
    ("tag", re.compile(r"标签|\btags?\b", re.I)),
)


def route_scope(text: str) -> str:
    """The item-source scope a request asks for.

    Returns ``"loot"`` for 掉落 / 战利品 / drop / loot, ``"recipe"`` for 配方 / 合成 / recipe / craft, ``"tag"`` for
    标签 / tag, and ``"all"`` when none or more than one of these is mentioned.
    """
    hits = [scope for scope, rx in _ROUTES if rx.search(text)]
    return hits[0] if len(hits) == 1 else "all"
