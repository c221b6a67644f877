"""Ingredients and result stacks of recipes: parse every known syntax (pure, no file access).

Both ingredient syntaxes are read: 1.21.2+ strings (``"minecraft:stick"``), tag strings (``"#minecraft:planks"``)
and lists of ids, and the older ``{"item": ...}`` / ``{"tag": ...}`` objects (and lists of them), plus the loaders'
custom ingredients (:class:`CustomIngredient`). Results may be a bare id string, ``{"id", "count", "components"}``
(1.20.5+) or ``{"item", "count"}`` (older). :mod:`kit.items.recipes` builds its records from these.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kit.items._common import norm_id
from kit.items.errors import RecipeFormatError

__all__ = ["Ingredient", "ItemStack", "CustomIngredient", "parse_ingredient", "parse_result"]

#: An ingredient: its alternatives, each an item id, a ``#``-prefixed tag id or a :class:`CustomIngredient`;
#: ``()`` is an empty grid slot.
Ingredient = tuple  # tuple[str | CustomIngredient, ...]

#: Loader ingredient types -> how kit computes the items they accept.
_CUSTOM_OPS = {
    "compound": "union",
    "any_of": "union",
    "difference": "difference",
    "intersection": "intersection",
    "all_of": "intersection",
    "components": "filter",
    "nbt": "filter",
    "partial_nbt": "filter",
    "custom_data": "filter",
}
_LOADERS = ("neoforge", "forge", "fabric")


@dataclass(frozen=True)
class ItemStack:
    """An item with a count and optional data components (``ItemStackTemplate`` in the design)."""

    item_id: str
    count: int = 1
    components: Mapping[str, Any] | None = field(default=None, hash=False, compare=False)

    def to_json(self) -> str | dict[str, Any]:
        """The id shorthand, or ``{"id", "components"}`` when the stack carries components."""
        if self.components:
            return {"id": self.item_id, "components": dict(self.components)}
        return self.item_id


@dataclass(frozen=True)
class CustomIngredient:
    """A loader's custom ingredient (``neoforge:difference``, ``forge:nbt``, ``fabric:all_of`` ...).

    ``op`` says how the accepted items are computed from ``children`` (each an :data:`Ingredient`): ``union``
    (any child), ``difference`` (first child minus the second), ``intersection`` (every child), ``filter`` (the
    listed items, further restricted by data components or NBT that kit does not check) or ``unknown`` (a type
    kit does not know: the slot stays unresolved and is explained by ``str(ingredient)``).
    """

    type: str
    op: str
    children: tuple = ()
    detail: str = ""

    def __str__(self) -> str:
        def show(ing) -> str:
            parts = [str(r) for r in ing]
            return parts[0] if len(parts) == 1 else "(" + " | ".join(parts) + ")"

        if self.op == "difference" and len(self.children) == 2:
            body = f"{show(self.children[0])} - {show(self.children[1])}"
        elif self.op == "intersection":
            body = " & ".join(show(c) for c in self.children)
        elif self.op in ("union", "filter"):
            body = " | ".join(show(c) for c in self.children)
        else:
            body = ""
        if self.detail:
            body = f"{body} {self.detail}".strip()
        return f"{self.type}({body})"


def _loader_type(value: Mapping[str, Any]) -> str | None:
    t = value.get("type", value.get("fabric:type"))
    if isinstance(t, str) and ":" in t and t.split(":", 1)[0] in _LOADERS:
        return t
    return None


def _custom(t: str, value: Mapping[str, Any], where: str) -> CustomIngredient:
    name = t.split(":", 1)[1]
    op = _CUSTOM_OPS.get(name, "unknown")
    if op == "union" or op == "intersection":
        raw = value.get("children", value.get("ingredients", value.get("values")))
        if not isinstance(raw, list) or not raw:
            raise RecipeFormatError(f"{where}.children", f"{t} needs a non-empty list of ingredients")
        return CustomIngredient(t, op, tuple(parse_ingredient(c, f"{where}.children[{i}]") for i, c in enumerate(raw)))
    if op == "difference":
        for key in ("base", "subtracted"):
            if key not in value:
                raise RecipeFormatError(f"{where}.{key}", f"{t} needs '{key}'")
        return CustomIngredient(
            t,
            op,
            (
                parse_ingredient(value["base"], f"{where}.base"),
                parse_ingredient(value["subtracted"], f"{where}.subtracted"),
            ),
        )
    if op == "filter":
        base = value.get("items", value.get("item", value.get("base")))
        if base is None:
            raise RecipeFormatError(f"{where}.items", f"{t} needs 'items' or 'item'")
        data = value.get("components", value.get("nbt", value.get("data")))
        detail = "with " + ("components " if "components" in value else "data ") + json.dumps(data, sort_keys=True)[:80]
        return CustomIngredient(t, op, (parse_ingredient(base, f"{where}.items"),), detail)
    body = {k: v for k, v in value.items() if k not in ("type", "fabric:type")}
    return CustomIngredient(t, "unknown", (), json.dumps(body, sort_keys=True)[:80])


def parse_ingredient(value: Any, where: str = "ingredient") -> Ingredient:
    """Normalise an ingredient in any syntax into a tuple of item ids / ``#tag`` ids / custom ingredients.

    Raises
    ------
    RecipeFormatError
        When the value has none of the known shapes.
    """
    if type(value) is dict and "type" not in value and "fabric:type" not in value:  # the common case, fast
        item = value.get("item")
        if type(item) is str and ":" in item and item == item.strip():
            return (item,)
        tag = value.get("tag")
        if type(tag) is str and ":" in tag and tag == tag.strip() and not tag.startswith("#"):
            return ("#" + tag,)
    if isinstance(value, str):
        if value[:1] != "#" and ":" in value and type(value) is str and value == value.strip():
            return (value,)  # an id norm_id returns unchanged (1.21's ingredients are written so)
        if not value.strip():
            raise RecipeFormatError(where, "empty ingredient string")
        return (norm_id(value),)
    if isinstance(value, list):
        out: list = []
        for i, member in enumerate(value):
            for ref in parse_ingredient(member, f"{where}[{i}]"):
                if ref not in out:
                    out.append(ref)
        if not out:
            raise RecipeFormatError(where, "empty ingredient list")
        return tuple(out)
    if isinstance(value, dict):
        loader = _loader_type(value)
        if loader is not None:
            return (_custom(loader, value, where),)
        if isinstance(value.get("item"), str):
            return (norm_id(value["item"]),)
        if isinstance(value.get("tag"), str):
            return ("#" + norm_id(value["tag"].lstrip("#")),)
        if isinstance(value.get("id"), str):
            return (norm_id(value["id"]),)
        if "items" in value:
            return parse_ingredient(value["items"], f"{where}.items")
        if "ingredient" in value:  # a sized ingredient written as {"ingredient": ..., "count": n}
            return parse_ingredient(value["ingredient"], f"{where}.ingredient")
        if isinstance(value.get("type"), str):  # another mod's ingredient type
            body = {k: v for k, v in value.items() if k != "type"}
            return (CustomIngredient(norm_id(value["type"]), "unknown", (), json.dumps(body, sort_keys=True)[:80]),)
        raise RecipeFormatError(where, f"unreadable ingredient object with keys {sorted(value)}")
    raise RecipeFormatError(where, f"expected a string, list or object, got {type(value).__name__}")


@functools.lru_cache(maxsize=1 << 16)
def _stack(item_id: str, count: int) -> ItemStack:
    """One shared :class:`ItemStack` per ``(item_id, count)`` without components (records are frozen, so a modpack's
    100,000 results share a few thousand stacks instead of holding one each).
    """
    return ItemStack(item_id, count)


def parse_result(value: Any, where: str = "result") -> ItemStack:
    """Normalise a result (bare id, ``{"id", "count", "components"}`` or ``{"item", "count"}``)."""
    if type(value) is dict and len(value) <= 2:  # {"id", "count"}: the common case, fast
        item, count = value.get("id"), value.get("count", 1)
        if (
            type(item) is str
            and ":" in item
            and item == item.strip()
            and type(count) is int
            and count >= 1
            and (len(value) == 1 or "count" in value)
        ):
            return _stack(item, count)
    if isinstance(value, str) and value.strip():
        return _stack(norm_id(value), 1)
    if isinstance(value, dict):
        item = value.get("id", value.get("item"))
        if not isinstance(item, str) or not item.strip():
            raise RecipeFormatError(f"{where}.id", "missing item id")
        count = value.get("count", value.get("Count", 1))
        if isinstance(count, float) and count.is_integer():
            count = int(count)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise RecipeFormatError(f"{where}.count", f"expected a positive integer, got {count!r}")
        components = value.get("components")
        if components is None and isinstance(value.get("nbt"), (str, dict)):
            components = {"nbt": value["nbt"]}
        if not components:
            return _stack(norm_id(item), count)
        return ItemStack(norm_id(item), count, components)
    raise RecipeFormatError(where, f"expected an item id or a result object, got {json.dumps(value)[:60]}")
