"""Recipe files: parse every known syntax into one :class:`Recipe` record (pure, no file access).

Ingredients and results are read by :mod:`kit.items.ingredients` (re-exported here, their earlier home); this
module reads the recipe families around them, and modded machine recipes from the keys mods use.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from kit.items._common import frozen_record, norm_id
from kit.items.errors import RecipeFormatError
from kit.items.ingredients import CustomIngredient, Ingredient, ItemStack, parse_ingredient, parse_result

__all__ = [
    "ItemStack",
    "Recipe",
    "RecipeFormatError",
    "CustomIngredient",
    "parse_recipe",
    "PARSERS",
    "parse_ingredient",
    "parse_result",
    "STATIONS",
]

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


@dataclass(frozen=True)
class Recipe:
    """One recipe, normalised.

    ``kind`` is one of ``shaped``, ``shapeless``, ``cooking``, ``stonecutting``, ``smithing_transform``,
    ``smithing_trim``, ``smithing`` (pre-1.20), ``transmute``, ``special`` or ``unknown`` (a type kit does not know:
    its ingredients and outputs are read from the usual keys, never guessed). ``inputs`` of a shaped recipe is the
    full grid, row by row, with ``()`` for empty slots; ``width`` is 0 for every other kind. ``result`` is the first
    item output (``None`` when no item output is written: special recipes, smithing trim, machines giving only
    fluids); ``results`` lists every item output and ``chances`` their probabilities (1.0 when certain).
    ``input_counts`` gives the count of each input slot when the format writes one (sized ingredients).
    ``notes`` explain what is not an item: fluid, chemical or energy inputs and outputs, chances, component
    filters. ``conditions_met`` is ``True`` (no loader conditions, or they pass) or ``None`` (a condition kit
    cannot evaluate); files whose conditions fail are not loaded at all.
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
    results: tuple[ItemStack, ...] = ()
    chances: tuple[float, ...] = ()
    input_counts: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()
    conditions_met: bool | None = True

    @property
    def item_results(self) -> tuple[ItemStack, ...]:
        """Every item output (``results``, or ``(result,)`` for records built without ``results``)."""
        if self.results:
            return self.results
        return (self.result,) if self.result is not None else ()

    @property
    def output_refs(self) -> Ingredient:
        """What the recipe gives, as item/tag refs: the results, or the base item for a smithing trim."""
        if self.result is not None or self.results:
            return tuple(dict.fromkeys(s.item_id for s in self.item_results))
        if self.kind == "smithing_trim" and len(self.inputs) >= 2:
            return self.inputs[1]
        return ()


def _shaped(data: Mapping[str, Any]) -> tuple[int, tuple[Ingredient, ...]]:
    # plain loops rather than all()/any() over generators and a dict comprehension: once per shaped recipe
    pattern = data.get("pattern")
    if not isinstance(pattern, list) or not pattern:
        raise RecipeFormatError("pattern", "expected a non-empty list of strings")
    for row in pattern:
        if not isinstance(row, str):
            raise RecipeFormatError("pattern", "expected a non-empty list of strings")
    width = len(pattern[0])
    if not 1 <= width <= 3 or len(pattern) > 3 or list(map(len, pattern)).count(width) != len(pattern):
        raise RecipeFormatError("pattern", f"rows must have the same length of 1-3 characters, got {pattern!r}")
    key = data.get("key")
    if not isinstance(key, dict):
        raise RecipeFormatError("key", "expected an object mapping characters to ingredients")
    parsed: dict[str, Ingredient] = {}
    for k, v in key.items():
        parsed[k] = parse_ingredient(v, "key." + k)
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


_INPUT_KEYS = ("ingredient", "input", "template", "base", "addition", "material", "ingredients", "inputs")
_OUTPUT_KEYS = ("result", "results", "output", "outputs")
_INPUT_SUFFIXES = ("_input", "_inputs", "_ingredient", "_ingredients")
_OUTPUT_SUFFIXES = ("_output", "_outputs", "_result", "_results")


def _keys(data: Mapping[str, Any], names: tuple[str, ...], suffixes: tuple[str, ...]) -> list[str]:
    """The keys of ``data`` among ``names`` (in that order), then the others ending in one of ``suffixes``."""
    return [k for k in names if k in data] + [k for k in data if k not in names and k.endswith(suffixes)]


#: Key layout (a recipe's keys in file order) -> ``(input keys, (output key, its sibling chance key or None)...)``.
#: A mod's recipes of one type share a handful of layouts, so the keys are sorted into roles once per layout
#: instead of once per recipe; cleared when it holds :data:`_MAX_LAYOUTS` layouts (bounds hostile input).
_LAYOUTS: dict[tuple[str, ...], tuple[tuple[str, ...], tuple[tuple[str, str | None], ...]]] = {}
_MAX_LAYOUTS = 4096


def _key_roles(data: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[tuple[str, str | None], ...]]:
    """The input keys and the output keys (each with the ``<name>_chance`` key beside it) of a modded recipe."""
    layout = tuple(data)
    roles = _LAYOUTS.get(layout)
    if roles is None:
        outputs = _keys(data, _OUTPUT_KEYS, _OUTPUT_SUFFIXES)
        chance_keys = [key.rsplit("_", 1)[0] + "_chance" if "_" in key else None for key in outputs]
        roles = (tuple(_keys(data, _INPUT_KEYS, _INPUT_SUFFIXES)), tuple(zip(outputs, chance_keys)))
        if len(_LAYOUTS) >= _MAX_LAYOUTS:
            _LAYOUTS.clear()
        _LAYOUTS[layout] = roles
    return roles


def _non_item(value: Any) -> bool:
    """A fluid, chemical or similar stack: an ``amount`` (or a ``fluid`` key) instead of an item count."""
    return isinstance(value, dict) and (
        "fluid" in value
        or "fluidTag" in value
        or "FluidName" in value
        or ("amount" in value and "count" not in value and "item" not in value)
    )


#: Keys naming what a non-item stack holds, in the order they are looked up.
_NON_ITEM_NAMES = ("id", "fluid", "chemical", "gas", "tag", "fluidTag", "FluidName")


def _describe_non_item(value: Mapping[str, Any]) -> str:
    what = None
    for k in _NON_ITEM_NAMES:
        if isinstance(value.get(k), str):
            what = value[k]
            break
    if what is None:
        what = json.dumps({k: v for k, v in value.items() if k not in ("amount", "Amount")}, sort_keys=True)[:60]
    elif "id" not in value and (isinstance(value.get("tag"), str) or isinstance(value.get("fluidTag"), str)):
        what = "#" + what.lstrip("#")
    amount = value.get("amount", value.get("Amount"))
    return f"{amount:g} × {what}" if isinstance(amount, (int, float)) else str(what)


def _readable_inputs(data: Mapping[str, Any]) -> tuple[tuple[Ingredient, ...], tuple[int, ...], list[str]]:
    """Ingredients of an unknown recipe type from the keys mods use (``ingredient(s)``, ``input(s)``, ``*_input``).

    Returns the item slots, their counts (sized ingredients) and notes on non-item inputs; unreadable values are
    noted, never guessed.
    """
    slots: list[Ingredient] = []
    counts: list[int] = []
    notes: list[str] = []
    if isinstance(data.get("pattern"), list) and isinstance(data.get("key"), dict):
        try:
            grid = _shaped(data)[1]
            return grid, (), notes
        except (RecipeFormatError, TypeError):
            pass
    for key in _key_roles(data)[0]:
        value = data[key]
        if isinstance(value, list) and (key in ("ingredients", "inputs") or key.endswith(("_inputs", "_ingredients"))):
            for i, member in enumerate(value):
                _add_input(member, f"{key}[{i}]", slots, counts, notes)
        else:
            _add_input(value, key, slots, counts, notes)
    # count() rather than any() over a generator: a generator left unfinished costs a GeneratorExit per recipe
    return tuple(slots), (tuple(counts) if counts.count(1) != len(counts) else ()), notes


def _add_input(value: Any, where: str, slots: list[Ingredient], counts: list[int], notes: list[str]) -> None:
    """One input of :func:`_readable_inputs`: an item slot and its count, or a note (a fluid, an unreadable value)."""
    if _non_item(value):
        notes.append(f"{where}: {_describe_non_item(value)} (not an item)")
        return
    try:
        slots.append(parse_ingredient(value, where))
    except RecipeFormatError as exc:
        notes.append(f"{where}: unreadable input ({exc})")
        return
    count = value.get("count", value.get("amount", 1)) if isinstance(value, dict) else 1
    counts.append(count if isinstance(count, int) and not isinstance(count, bool) and count > 0 else 1)


_PLAIN_STACK = frozenset(("id", "count"))


def _output_stack(value: Any, where: str) -> tuple[ItemStack | None, float, str | None]:
    """One output: ``(stack, chance, note)``; a non-item output gives ``(None, 1.0, note)``."""
    chance = 1.0
    if isinstance(value, dict) and not ("id" in value and value.keys() <= _PLAIN_STACK):  # else a plain stack
        raw = value.get("chance", 1.0)
        if isinstance(raw, (int, float)) and not isinstance(raw, bool) and 0 <= raw <= 1:
            chance = float(raw)
        if isinstance(value.get("item"), dict):  # {"item": {"id", "count"}, "chance"} (Farmer's Delight)
            stack, _c, note = _output_stack(value["item"], f"{where}.item")
            return stack, chance, note
        if _non_item(value):
            return None, chance, f"{where}: {_describe_non_item(value)} (not an item)"
        if isinstance(value.get("basePredicate"), dict):  # Immersive Engineering: an ingredient with a count
            value = {**value["basePredicate"], "count": value.get("count", 1)}
        if isinstance(value.get("tag"), str) and "id" not in value and "item" not in value:
            count = value.get("count", 1)
            count = count if isinstance(count, int) and not isinstance(count, bool) and count > 0 else 1
            return (
                ItemStack("#" + norm_id(value["tag"].lstrip("#")), count),
                chance,
                f"{where}: one item of the tag #{norm_id(value['tag'].lstrip('#'))}",
            )
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        return None, 1.0, f"{where}: {value:g} (not an item, e.g. energy)"
    try:
        return parse_result(value, where), chance, None
    except RecipeFormatError as exc:
        return None, 1.0, f"{where}: unreadable output ({exc})"


def _readable_outputs(data: Mapping[str, Any]) -> tuple[tuple[ItemStack, ...], tuple[float, ...], list[str]]:
    """Outputs of a recipe from ``result`` / ``results`` / ``output`` / ``outputs`` / ``*_output`` keys.

    A chance (``"chance"`` on the output, or a sibling ``<name>_chance`` key) is kept and explained in a note with
    the expected count; fluids, chemicals and energy are listed in the notes.
    """
    stacks: list[ItemStack] = []
    chances: list[float] = []
    notes: list[str] = []
    for key, chance_key in _key_roles(data)[1]:
        value = data[key]
        members = list(enumerate(value)) if isinstance(value, list) else [(None, value)]
        sibling = data.get(chance_key) if chance_key is not None else None
        for i, member in members:
            where = key if i is None else f"{key}[{i}]"
            stack, chance, note = _output_stack(member, where)
            if isinstance(sibling, (int, float)) and not isinstance(sibling, bool) and 0 <= sibling <= 1:
                chance = float(sibling)
            if note:
                notes.append(note)
            if stack is None:
                continue
            stacks.append(stack)
            chances.append(chance)
            if chance < 1.0:
                notes.append(
                    f"{stack.item_id} ×{stack.count} with chance {chance:.0%} (expected {stack.count * chance:g})"
                )
    return tuple(stacks), tuple(chances), notes


#: Every field of :class:`Recipe` with its default, for :func:`_record`.
_RECIPE_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Recipe) if f.default is not dataclasses.MISSING}


def _record(common: Mapping[str, Any], **fields: Any) -> Recipe:
    """A :class:`Recipe` from checked parts: the same frozen record as ``Recipe(**common, **fields)``, built in one
    dict update instead of one frozen ``__setattr__`` per field (the loader builds 100,000 of them for a large
    modpack; every value here was checked by the parser that produced it).
    """
    return frozen_record(Recipe, {**_RECIPE_DEFAULTS, **common, **fields})


def _parse_shaped(data: Mapping[str, Any], rtype: str, common: Mapping[str, Any]) -> Recipe:
    width, grid = _shaped(data)
    result = parse_result(data.get("result"))
    return _record(common, kind="shaped", inputs=grid, width=width, result=result, station=STATIONS["crafting"])


def _parse_shapeless(data: Mapping[str, Any], rtype: str, common: Mapping[str, Any]) -> Recipe:
    ingredients = data.get("ingredients")
    if not isinstance(ingredients, list) or not ingredients:
        raise RecipeFormatError("ingredients", "expected a non-empty list")
    inputs = []
    for i, v in enumerate(ingredients):  # a loop, not a generator: once per shapeless recipe
        inputs.append(parse_ingredient(v, f"ingredients[{i}]"))
    result = parse_result(data.get("result"))
    return _record(common, kind="shapeless", inputs=tuple(inputs), result=result, station=STATIONS["crafting"])


def _parse_single_input(data: Mapping[str, Any], rtype: str, common: Mapping[str, Any]) -> Recipe:
    """Cooking (furnace, blast furnace, smoker, campfire) and stonecutting: one ingredient, one result."""
    if "ingredient" not in data:
        raise RecipeFormatError("ingredient", "missing")
    kind = "cooking" if rtype in _COOKING else "stonecutting"
    inputs = (parse_ingredient(data["ingredient"]),)
    result = parse_result(data.get("result"))
    return _record(common, kind=kind, inputs=inputs, result=result, station=STATIONS[rtype])


def _parse_smithing(data: Mapping[str, Any], rtype: str, common: Mapping[str, Any]) -> Recipe:
    """Smithing transform and trim (template, base, addition) and pre-1.20 smithing (base, addition)."""
    keys = ("base", "addition") if rtype == "minecraft:smithing" else ("template", "base", "addition")
    for key in keys:
        if key not in data:
            raise RecipeFormatError(key, "missing")
    inputs = tuple(parse_ingredient(data[k], k) for k in keys)
    result = None if rtype == "minecraft:smithing_trim" else parse_result(data.get("result"))
    return _record(common, kind=rtype.split(":", 1)[1], inputs=inputs, result=result, station=STATIONS["smithing"])


def _parse_transmute(data: Mapping[str, Any], rtype: str, common: Mapping[str, Any]) -> Recipe:
    for key in ("input", "material"):
        if key not in data:
            raise RecipeFormatError(key, "missing")
    inputs = (parse_ingredient(data["input"], "input"), parse_ingredient(data["material"], "material"))
    result = parse_result(data.get("result"))
    return _record(common, kind="transmute", inputs=inputs, result=result, station=STATIONS["crafting"])


def _parse_special(data: Mapping[str, Any], rtype: str, common: Mapping[str, Any]) -> Recipe:
    """A recipe hard-coded in the game (``crafting_special_*``, the decorated pot): nothing to read."""
    return _record(common, kind="special", station=STATIONS["crafting"])


def _parse_other(data: Mapping[str, Any], rtype: str, common: Mapping[str, Any]) -> Recipe:
    """A recipe type kit does not know (a mod's machine): inputs and outputs read from the keys mods use, the rest
    (tools, fluids, energy) explained in notes, nothing guessed.
    """
    inputs, counts, in_notes = _readable_inputs(data)
    results, chances, out_notes = _readable_outputs(data)
    if "tool" in data:  # a tool used, not consumed (Farmer's Delight cutting board)
        try:
            in_notes.append("tool: " + " | ".join(str(r) for r in parse_ingredient(data["tool"], "tool")))
        except RecipeFormatError:
            in_notes.append("tool: " + json.dumps(data["tool"], sort_keys=True)[:80])
    for key in ("fluid", "energy"):  # Immersive Engineering style: a bare fluid stack (in or out) and energy
        value = data.get(key)
        if isinstance(value, dict):
            out_notes.append(f"{key}: {_describe_non_item(value)} (a fluid, not an item)")
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            out_notes.append(f"{key}: {value:g}")
    station = (rtype.split(":", 1)[0],) if not rtype.startswith("minecraft:") else ()
    if not inputs and not results and not in_notes and not out_notes:
        out_notes.append("no inputs or outputs written: probably a special recipe implemented in the mod's code")
    return _record(
        common,
        kind="unknown",
        inputs=inputs,
        result=results[0] if results else None,
        results=results,
        chances=chances if chances.count(1.0) != len(chances) else (),
        input_counts=counts,
        notes=tuple(in_notes + out_notes),
        station=station,
    )


#: ``parser(data, recipe_type, common_fields) -> Recipe`` for each recipe type kit knows; every other type is read
#: by :func:`_parse_other` (or :func:`_parse_special` for ``minecraft:crafting_special_*``).
RecipeParser = Callable[[Mapping[str, Any], str, Mapping[str, Any]], Recipe]
PARSERS: dict[str, RecipeParser] = {
    "minecraft:crafting_shaped": _parse_shaped,
    "minecraft:crafting_shapeless": _parse_shapeless,
    **{t: _parse_single_input for t in (*sorted(_COOKING), "minecraft:stonecutting")},
    "minecraft:smithing_transform": _parse_smithing,
    "minecraft:smithing_trim": _parse_smithing,
    "minecraft:smithing": _parse_smithing,
    "minecraft:crafting_transmute": _parse_transmute,
    "minecraft:crafting_decorated_pot": _parse_special,
}


def parse_recipe(recipe_id: str, data: Any, *, pack: str = "", path: str = "", folder: str = "") -> Recipe:
    """Parse one recipe file's JSON into a :class:`Recipe` (the parser of its type family, see :data:`PARSERS`).

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
    if ":" not in rtype or rtype[0] == "#" or rtype != rtype.strip():  # else norm_id would return it unchanged
        rtype = norm_id(rtype)
    common = {
        "recipe_id": recipe_id,
        "recipe_type": rtype,
        "category": str(data.get("category", "")),
        "group": str(data.get("group", "")),
        "pack": pack,
        "path": path,
        "folder": folder,
    }
    parser = PARSERS.get(rtype)
    if parser is None:
        special = rtype.split(":", 1)[1].startswith("crafting_special_")
        parser = _parse_special if special else _parse_other
    return parser(data, rtype, common)
