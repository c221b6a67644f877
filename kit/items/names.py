"""Item names in requests: find the item a request names, and the source scope it asks for (pure logic).

:class:`NameIndex` (kit's one matcher, in :mod:`kit.items.matching`) finds the item; ``route_scope`` narrows the
scope only when the request says loot, recipe or tag.
"""

from __future__ import annotations

import re

from kit.items.matching import NameIndex, find_item_id

__all__ = ["NameIndex", "route_scope", "find_item_id", "lang_key_to_id"]

_NAME_RE = re.compile(r"^[a-z0-9_-]+$")

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


def lang_key_to_id(key: str) -> tuple[str, str] | None:
    """``("item" or "block", item id)`` for a language key ``item.<ns>.<path>`` / ``block.<ns>.<path>``, else None."""
    parts = key.split(".")
    if (
        len(parts) != 3
        or parts[0] not in ("item", "block")
        or not _NAME_RE.match(parts[1])
        or not _NAME_RE.match(parts[2])
    ):
        return None
    return parts[0], f"{parts[1]}:{parts[2]}"
