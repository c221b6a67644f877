"""What item a person means: an id with or without its namespace, or a display name, with the nearest items
suggested when nothing matches (pure logic over a :class:`~kit.items.PackSet`'s items and name index).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # pragma: no cover
    from kit.items.packset import PackSet

__all__ = ["ItemLookup", "lookup_item", "suggest_items"]

_ID_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789_.-/:")


@dataclass(frozen=True)
class ItemLookup:
    """The result of :func:`lookup_item`.

    ``item_id`` is the resolved namespaced id (``None`` when nothing matched or the text is ambiguous); ``how`` says
    what matched (``"id"``: a known namespaced id, ``"path"``: an id without its namespace, ``"name"``: a display
    name through the same name index as :meth:`PackSet.resolve_item`, ``"none"``); ``suggestions`` are the nearest
    known items (the candidates, when the text is ambiguous).
    """

    text: str
    item_id: str | None
    how: Literal["id", "path", "name", "none"]
    suggestions: tuple[str, ...] = ()

    @property
    def found(self) -> bool:
        """Whether the text named one known item."""
        return self.item_id is not None


def suggest_items(packs: PackSet, text: str, *, limit: int = 5) -> tuple[str, ...]:
    """Up to ``limit`` known item ids nearest to ``text``: ids, id paths and display names containing it or close
    to it in spelling (``difflib`` ratio at least 0.5), best first, ties by id."""
    items = packs.items()
    needle = " ".join(text.split()).casefold()
    if not needle:
        return ()
    key = needle.replace(" ", "_")
    scored: dict[str, float] = {}
    for item_id, en, zh in zip(items["item_id"], items["name_en"], items["name_zh"]):
        path = item_id.split(":", 1)[-1]
        candidates = [item_id, path] + [str(n).casefold() for n in (en, zh) if isinstance(n, str) and n]
        best = 0.0
        for c in candidates:
            if key in c or needle in c or (c and (c in needle)):
                best = max(best, 1.0 + min(len(c), len(needle)) / max(len(c), len(needle)))
            else:
                best = max(best, difflib.SequenceMatcher(None, needle, c).ratio())
        if best >= 0.5:
            scored[item_id] = best
    return tuple(sorted(scored, key=lambda i: (-scored[i], i))[:limit])


def lookup_item(packs: PackSet, text: str, *, limit: int = 5) -> ItemLookup:
    """The item ``text`` names: a known namespaced id; else an id path (``glacite_ingot``) that exactly one known item
    has; else a display name in any language (``冰川锭``, ``Glacite Ingot``) through the packs' name index (as
    :meth:`PackSet.resolve_item`); else nothing, with the nearest items as suggestions.

    A namespaced id the packs do not know is still returned (``how="id"``: built-in items have no data), with
    suggestions. An id path or a name shared by several items is ambiguous: ``item_id`` is ``None`` and the
    candidates are the suggestions. A name found inside a longer text (``冰川`` contains ``冰``) is taken, with the
    nearest other items as suggestions.
    """
    cleaned = " ".join(text.split())
    known = set(packs.items()["item_id"])
    folded = cleaned.casefold()
    if ":" in folded and set(folded) <= _ID_CHARS:
        return ItemLookup(text, folded, "id", () if folded in known else suggest_items(packs, folded.split(":", 1)[1], limit=limit))
    path = folded.replace(" ", "_")
    if path and set(path) <= _ID_CHARS:
        owners = sorted(i for i in known if i.split(":", 1)[-1] == path)
        if len(owners) == 1:
            return ItemLookup(text, owners[0], "path")
        if len(owners) > 1:
            return ItemLookup(text, None, "none", tuple(owners[:limit]))
    by_name: dict[str, set[str]] = {}
    for language in ("en_us", "zh_cn"):
        for item_id, name in packs.display_names(language).items():
            by_name.setdefault(" ".join(name.split()).casefold(), set()).add(item_id)
    exact = sorted(by_name.get(folded, ()))
    if len(exact) == 1:
        return ItemLookup(text, exact[0], "name")
    if exact:
        return ItemLookup(text, None, "none", tuple(exact[:limit]))
    resolved = packs.resolve_item(cleaned) if cleaned else None
    nearest = tuple(i for i in suggest_items(packs, cleaned, limit=limit + 1) if i != resolved)[:limit]
    if resolved is not None:  # a name inside the text (the request rule): taken, with what else it could mean
        return ItemLookup(text, resolved, "name", nearest)
    return ItemLookup(text, None, "none", nearest)
