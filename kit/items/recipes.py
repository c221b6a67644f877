"""Recipe files: parse every known syntax into one :class:`Recipe` record (pure, no file access).

Both ingredient syntaxes are read: 1.21.2+ strings (``"minecraft:stick"``), tag strings (``"#minecraft:planks"``)
and lists of ids, and the older ``{"item": ...}`` / ``{"tag": ...}`` objects (and lists of them). Results may be a
bare id string, ``{"id", "count", "components"}`` (1.20.5+) or ``{"item", "count"}`` (older).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Mapping

from kit.core.errors import KitError
from kit.items._common import norm_id

__all__ = ["ItemStack", "Recipe", "RecipeFormatError", "parse_recipe", "parse_ingredient", "parse_result", "STATIONS"]

#: An ingredient: its alternatives, each an item id or a ``#``-prefixed tag id; ``()`` is an empty grid slot.
Ingredient = tuple[str, ...]

STATIONS: dict[str, tuple[str, ...]] = {
    "crafting": ("minecraft:crafting_table",),
    "minecraft:smelting": ("minecraft:furnace",),
    "minecraft:blasting": ("minecraft:blast_furnace",),
    "minecraft:smoking": ("minecraft:smoker",),
    "minecraft:campfire_cooking": ("minecraft:campfire", "minecraft:soul_campfire"),
    "minecraft:stonecutting": ("minecraft:stonecutter",),
    "smithing": ("minecraft:smithing_table",),
}

_COOKING = {"minecraft:smelting", "minecraft:blasting", "minecraft:smoking", "minecraft:campfire_cooking"}


class RecipeFormatError(KitError, ValueError):
    """A recipe file breaks its format; ``field`` names the key path. Reported by the loader."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"field '{field}': {reason}")
        self.field = field


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
class Recipe:
    """One recipe, normalised.

    ``kind`` is one of ``shaped``, ``shapeless``, ``cooking``, ``stonecutting``, ``smithing_transform``,
    ``smithing_trim``, ``smithing`` (pre-1.20), ``transmute``, ``special`` or ``unknown`` (a type kit does not know:
    its ingredients are read from the usual keys, never guessed). ``inputs`` of a shaped recipe is the full grid,
    row by row, with ``()`` for empty slots; ``width`` is 0 for every other kind. ``result`` is ``None`` when the
    output is not written in the file (special recipes, smithing trim).
    """

    recipe_id: str
    recipe_type: str
    kind: str
    inputs: tuple[Ingredient, ...] = ()
    result: ItemStack | None = None
    width: int = 0
    station: tuple[str, ...] = ()
    category: str = ""
    group: str = ""
    pack: str = ""
    path: str = ""
    folder: str = ""

    @property
    def output_refs(self) -> Ingredient:
        """What the recipe gives, as item/tag refs: the result, or the base item for a smithing trim."""
        if self.result is not None:
            return (self.result.item_id,)
        if self.kind == "smithing_trim" and len(self.inputs) >= 2:
            return self.inputs[1]
        return ()


def parse_ingredient(value: Any, where: str = "ingredient") -> Ingredient:
    """Normalise an ingredient in any syntax into a tuple of item ids / ``#tag`` ids.

    Raises
    ------
    RecipeFormatError
        When the value has none of the known shapes.
    """
    if isinstance(value, str):
        if not value.strip():
            raise RecipeFormatError(where, "empty ingredient string")
        return (norm_id(value),)
    if isinstance(value, list):
        out: list[str] = []
        for i, member in enumerate(value):
            for ref in parse_ingredient(member, f"{where}[{i}]"):
                if ref not in out:
                    out.append(ref)
        if not out:
            raise RecipeFormatError(where, "empty ingredient list")
        return tuple(out)
    if isinstance(value, dict):
        if isinstance(value.get("item"), str):
            return (norm_id(value["item"]),)
        if isinstance(value.get("tag"), str):
            return ("#" + norm_id(value["tag"].lstrip("#")),)
        if isinstance(value.get("id"), str):
            return (norm_id(value["id"]),)
        if "items" in value:
            return parse_ingredient(value["items"], f"{where}.items")
        raise RecipeFormatError(where, f"unreadable ingredient object with keys {sorted(value)}")
    raise RecipeFormatError(where, f"expected a string, list or object, got {type(value).__name__}")


def parse_result(value: Any, where: str = "result") -> ItemStack:
    """Normalise a result (bare id, ``{"id", "count", "components"}`` or ``{"item", "count"}``)."""
    if isinstance(value, str) and value.strip():
        return ItemStack(norm_id(value))
    if isinstance(value, dict):
        item = value.get("id", value.get("item"))
        if not isinstance(item, str) or not item.strip():
            raise RecipeFormatError(f"{where}.id", "missing item id")
        count = value.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise RecipeFormatError(f"{where}.count", f"expected a positive integer, got {count!r}")
        components = value.get("components")
        if components is None and isinstance(value.get("nbt"), (str, dict)):
            components = {"nbt": value["nbt"]}
        return ItemStack(norm_id(item), count, components if components else None)
    raise RecipeFormatError(where, f"expected an item id or a result object, got {json.dumps(value)[:60]}")


def _shaped(data: Mapping[str, Any]) -> tuple[int, tuple[Ingredient, ...]]:
    pattern = data.get("pattern")
    if not isinstance(pattern, list) or not pattern or not all(isinstance(r, str) for r in pattern):
        raise RecipeFormatError("pattern", "expected a non-empty list of strings")
    width = len(pattern[0])
    if any(len(r) != width for r in pattern) or not 1 <= width <= 3 or len(pattern) > 3:
        raise RecipeFormatError("pattern", f"rows must have the same length of 1-3 characters, got {pattern!r}")
    key = data.get("key")
    if not isinstance(key, dict):
        raise RecipeFormatError("key", "expected an object mapping characters to ingredients")
    parsed = {k: parse_ingredient(v, f"key.{k}") for k, v in key.items()}
    grid: list[Ingredient] = []
    for row in pattern:
        for ch in row:
            if ch == " ":
                grid.append(())
            elif ch in parsed:
                grid.append(parsed[ch])
            else:
                raise RecipeFormatError("pattern", f"symbol {ch!r} is not defined in 'key'")
    return width, tuple(grid)


def _readable_inputs(data: Mapping[str, Any]) -> tuple[Ingredient, ...]:
    """Best-effort ingredients of an unknown recipe type from the keys vanilla uses; unreadable keys are skipped."""
    out: list[Ingredient] = []
    if isinstance(data.get("pattern"), list) and isinstance(data.get("key"), dict):
        try:
            return _shaped(data)[1]
        except (RecipeFormatError, TypeError):
            pass
    for key in ("ingredient", "input", "template", "base", "addition", "material"):
        if key in data:
            try:
                out.append(parse_ingredient(data[key], key))
            except RecipeFormatError:
                pass
    ingredients = data.get("ingredients")
    if isinstance(ingredients, list):
        for i, value in enumerate(ingredients):
            try:
                out.append(parse_ingredient(value, f"ingredients[{i}]"))
            except RecipeFormatError:
                pass
    return tuple(out)


def parse_recipe(recipe_id: str, data: Any, *, pack: str = "", path: str = "", folder: str = "") -> Recipe:
    """Parse one recipe file's JSON into a :class:`Recipe`.

    Raises
    ------
    RecipeFormatError
        When a known recipe type misses a required key or holds an unreadable ingredient or result.
    """
    if not isinstance(data, dict):
        raise RecipeFormatError("", f"expected a JSON object, got {type(data).__name__}")
    rtype = data.get("type")
    if not isinstance(rtype, str) or not rtype.strip():
        raise RecipeFormatError("type", "missing recipe type")
    rtype = norm_id(rtype)
    common = dict(
        recipe_id=recipe_id,
        recipe_type=rtype,
        category=str(data.get("category", "")),
        group=str(data.get("group", "")),
        pack=pack,
        path=path,
        folder=folder,
    )
    name = rtype.split(":", 1)[1]
    if rtype == "minecraft:crafting_shaped":
        width, grid = _shaped(data)
        return Recipe(kind="shaped", inputs=grid, width=width, result=parse_result(data.get("result")),
                      station=STATIONS["crafting"], **common)
    if rtype == "minecraft:crafting_shapeless":
        ingredients = data.get("ingredients")
        if not isinstance(ingredients, list) or not ingredients:
            raise RecipeFormatError("ingredients", "expected a non-empty list")
        inputs = tuple(parse_ingredient(v, f"ingredients[{i}]") for i, v in enumerate(ingredients))
        return Recipe(kind="shapeless", inputs=inputs, result=parse_result(data.get("result")),
                      station=STATIONS["crafting"], **common)
    if rtype in _COOKING or rtype == "minecraft:stonecutting":
        if "ingredient" not in data:
            raise RecipeFormatError("ingredient", "missing")
        kind = "cooking" if rtype in _COOKING else "stonecutting"
        return Recipe(kind=kind, inputs=(parse_ingredient(data["ingredient"]),), result=parse_result(data.get("result")),
                      station=STATIONS[rtype], **common)
    if rtype in ("minecraft:smithing_transform", "minecraft:smithing_trim", "minecraft:smithing"):
        keys = ("base", "addition") if rtype == "minecraft:smithing" else ("template", "base", "addition")
        for key in keys:
            if key not in data:
                raise RecipeFormatError(key, "missing")
        inputs = tuple(parse_ingredient(data[k], k) for k in keys)
        result = None if rtype == "minecraft:smithing_trim" else parse_result(data.get("result"))
        kind = name
        return Recipe(kind=kind, inputs=inputs, result=result, station=STATIONS["smithing"], **common)
    if rtype == "minecraft:crafting_transmute":
        for key in ("input", "material"):
            if key not in data:
                raise RecipeFormatError(key, "missing")
        inputs = (parse_ingredient(data["input"], "input"), parse_ingredient(data["material"], "material"))
        return Recipe(kind="transmute", inputs=inputs, result=parse_result(data.get("result")),
                      station=STATIONS["crafting"], **common)
    if name.startswith("crafting_special_") or rtype == "minecraft:crafting_decorated_pot":
        return Recipe(kind="special", station=STATIONS["crafting"], **common)
    result = None
    if "result" in data:
        try:
            result = parse_result(data["result"])
        except RecipeFormatError:
            result = None
    return Recipe(kind="unknown", inputs=_readable_inputs(data), result=result, **common)
