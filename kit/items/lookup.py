"""What item a person means: an id with or without its namespace, or a display name, with the nearest items
suggested when nothing matches (a thin layer over kit's one matcher, :mod:`kit.items.matching`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kit.core.validation import check_int, check_str
from kit.items.packset import PackSet

__all__ = ["ItemLookup", "lookup_item", "suggest_items"]

_ID_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789_.-/:")


@dataclass(frozen=True)
class ItemLookup:
    """The result of :func:`lookup_item`.

    ``item_id`` is the resolved namespaced id (``None`` when nothing matched, the text is ambiguous, or it nearly
    spells a name: then the suggestions start with that name's item); ``how`` says what matched (``"id"``: a known
    namespaced id, ``"path"``: an id without its namespace, ``"name"``: a display name through the same matcher as
    :meth:`PackSet.resolve_item`, ``"near"``: a near spelling of a name, ``"unknown_id"``: a namespaced id no loaded
    pack knows, ``"none"``); ``suggestions`` are the nearest known items (the candidates, when ambiguous).
    """

    text: str
    item_id: str | None
    how: Literal["id", "path", "name", "near", "unknown_id", "none"]
    suggestions: tuple[str, ...] = ()

    @property
    def found(self) -> bool:
        """Whether the text named one known item."""
        return self.item_id is not None


def suggest_items(packs: PackSet, text: str, *, limit: int = 5) -> tuple[str, ...]:
    """Up to ``limit`` known item ids nearest to ``text`` (:meth:`PackSet.nearest_items`): ids, id paths and display
    names containing it first, then near spellings ranked by edit distance and shared characters, ties by id.
    """
    return packs.nearest_items(
        check_str(text, "text", "suggest_items"), limit=check_int(limit, "limit", "suggest_items")
    )


def lookup_item(packs: PackSet, text: str, *, limit: int = 5, language: str | None = None) -> ItemLookup:
    """The item ``text`` names: a known namespaced id; else an id path (``glacite_ingot``) that exactly one known item
    has; else a display name (``冰川锭``, ``Glacite Ingot``) exactly or inside the text, by the matcher of
    :meth:`PackSet.resolve_item` (names of ``language``, default every loaded language); else nothing, with the
    nearest items as suggestions.

    A namespaced id the packs do not know is not taken (``how="unknown_id"``) and comes with suggestions. An id
    path or a name shared by several items is ambiguous: ``item_id`` is ``None`` and the candidates are the
    suggestions. A text that nearly spells a longer name than the one it contains (冰川稿: 冰川镐, not 冰) is a
    suggestion (``how="near"``), never a silent pick.
    """
    if not isinstance(packs, PackSet):
        raise _packs_error("lookup_item", packs)
    cleaned = " ".join(check_str(text, "text", "lookup_item").split())
    folded = cleaned.casefold()
    if ":" in folded and set(folded) <= _ID_CHARS:
        if packs.is_known_item(folded):
            return ItemLookup(text, folded, "id")
        return ItemLookup(text, None, "unknown_id", packs.nearest_items(folded, limit=limit))
    path = folded.replace(" ", "_")
    if path and set(path) <= _ID_CHARS:
        owners = packs.items_with_path(path)
        if len(owners) == 1:
            return ItemLookup(text, owners[0], "path")
        if len(owners) > 1:
            return ItemLookup(text, None, "none", tuple(owners[:limit]))
    exact = packs.items_named(cleaned, language=language)
    if len(exact) == 1:
        return ItemLookup(text, exact[0], "name")
    if exact:
        return ItemLookup(text, None, "none", tuple(exact[:limit]))
    match = packs.match_item(cleaned, language=language) if cleaned else None
    if match is not None and match.how == "near":
        rest = tuple(
            i for i in packs.nearest_items(cleaned, limit=limit + len(match.suggestions)) if i not in match.suggestions
        )
        return ItemLookup(text, None, "near", (match.suggestions + rest)[:limit])
    resolved = match.item_id if match is not None else None
    nearest = tuple(i for i in packs.nearest_items(cleaned, limit=limit + 1) if i != resolved)[:limit]
    if resolved is not None:  # a name inside the text (the request rule): taken, with what else it could mean
        return ItemLookup(text, resolved, "name", nearest)
    return ItemLookup(text, None, "none", nearest)


def _packs_error(owner: str, packs: object):
    from kit.core.errors import InvalidParameterError

    return InvalidParameterError(
        f"The 'packs' parameter of {owner} must be a PackSet. Got {type(packs).__name__} {packs!r} instead: "
        f"load one with kit.items.load_datapacks([path, ...])."
    )
