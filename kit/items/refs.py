"""Ingredient references -> item ids: plain ids, ``#tags`` and custom ingredients, with what stays unresolved."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from kit.items.recipes import CustomIngredient, Recipe
from kit.items.tags import ResolvedTags

__all__ = ["RefExpander", "leaves", "recipe_ref_problems"]


def leaves(ref: CustomIngredient) -> Iterator[Any]:
    """The plain refs inside a custom ingredient, and the nested custom ingredients kit cannot compute."""
    if ref.op == "unknown":
        yield ref
        return
    for child in ref.children:
        for r in child:
            if isinstance(r, CustomIngredient):
                yield from leaves(r)
            else:
                yield r


class RefExpander:
    """Expands ingredient refs over resolved tags (tag expansions cached).

    Parameters
    ----------
    tags : ResolvedTags
        The packs' resolved item tags; a ``#tag`` that is not among them is *unresolved*.
    """

    def __init__(self, tags: ResolvedTags) -> None:
        self.tags = tags
        self._cache: dict[str, tuple[str, ...]] = {}

    def is_defined(self, tag: str) -> bool:
        """Whether the tag (without ``#``) is defined (resolved) by the loaded packs."""
        return tag in self.tags.members

    def why_undefined(self, tag: str) -> str:
        """Why a tag (without ``#``) has no items: it failed to load (with the reason) or no pack defines it."""
        reason = self.tags.failed.get(tag)
        if reason:
            return f"failed to load ({reason}), so it is undefined, as in the game"
        return "is not defined by the loaded packs"

    def tag_items(self, tag: str) -> tuple[str, ...]:
        """The item ids of a tag (without ``#``); ``()`` when undefined."""
        items = self._cache.get(tag)
        if items is None:
            items = self._cache[tag] = self.tags.items(tag)
        return items

    def ref_items(self, ref: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The items a ref accepts and what could not be resolved (undefined tags, unknown custom ingredients)."""
        if isinstance(ref, CustomIngredient):
            return self._custom_items(ref)
        if ref.startswith("#"):
            tag = ref[1:]
            if tag in self.tags.members:
                return self.tag_items(tag), ()
            return (), (ref,)
        return (ref,), ()

    def _custom_items(self, ref: CustomIngredient) -> tuple[tuple[str, ...], tuple[str, ...]]:
        if ref.op == "unknown":
            return (), (str(ref),)
        parts = [self.expand(child) for child in ref.children]
        unresolved = tuple(u for p in parts for u in p[1])
        if ref.op in ("union", "filter"):
            items = tuple(dict.fromkeys(i for p in parts for i in p[0]))
        elif ref.op == "difference":
            drop = set(parts[1][0])
            items = tuple(i for i in parts[0][0] if i not in drop)
        else:  # intersection
            keep = set(parts[0][0]).intersection(*(set(p[0]) for p in parts[1:]))
            items = tuple(i for i in parts[0][0] if i in keep)
        if unresolved and ref.op in ("difference", "intersection"):  # the exact set is unknown
            return items, (str(ref),)
        return items, unresolved

    def expand(self, refs: Sequence[Any]) -> tuple[list[str], tuple[str, ...]]:
        """The items any of ``refs`` accepts (first-seen order) and the unresolved refs."""
        out: dict[str, None] = {}
        unresolved: dict[str, None] = {}
        for ref in refs:
            items, missing = self.ref_items(ref)
            out.update(dict.fromkeys(items))
            unresolved.update(dict.fromkeys(missing))
        return list(out), tuple(unresolved)


def recipe_ref_problems(rid: str, r: Recipe, refs: RefExpander) -> list[tuple[str, ...]]:
    """Problem rows ``(severity, kind, object_id, field, message, path, pack)`` for the refs of one recipe kit
    cannot expand: ``undefined_tag`` (a slot or output naming a tag no pack defines; the slot shows the tag) and
    ``unresolved_ingredient`` (a custom ingredient kit cannot compute).
    """
    found: dict[tuple[str, str], list[str]] = {}  # (kind, message) -> slots
    for i, slot in enumerate(r.inputs):
        for ref in slot:
            if isinstance(ref, CustomIngredient):
                for leaf in leaves(ref):
                    if isinstance(leaf, CustomIngredient):
                        message = f"{leaf} cannot be resolved to items; the slot shows it, unresolved"
                        found.setdefault(("unresolved_ingredient", message), []).append(f"inputs[{i}]")
                    elif leaf.startswith("#") and not refs.is_defined(leaf[1:]):
                        message = (
                            f"tag {leaf} (inside {ref.type}) {refs.why_undefined(leaf[1:])}; "
                            f"the slot shows it, unresolved"
                        )
                        found.setdefault(("undefined_tag", message), []).append(f"inputs[{i}]")
            elif ref.startswith("#") and not refs.is_defined(ref[1:]):
                message = f"tag {ref} {refs.why_undefined(ref[1:])}; the slot shows the tag, unresolved"
                found.setdefault(("undefined_tag", message), []).append(f"inputs[{i}]")
    rows: list[tuple[str, ...]] = [
        ("warning", kind, rid, ",".join(dict.fromkeys(slots)), message, r.path, r.pack)
        for (kind, message), slots in found.items()
    ]
    for i, stack in enumerate(r.item_results):
        if stack.item_id.startswith("#") and not refs.is_defined(stack.item_id[1:]):
            rows.append(
                (
                    "warning",
                    "undefined_tag",
                    rid,
                    f"results[{i}]",
                    f"output tag {stack.item_id} {refs.why_undefined(stack.item_id[1:])}",
                    r.path,
                    r.pack,
                )
            )
    return rows
