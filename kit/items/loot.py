"""Loot table files: validation and the static walk of their entries (no file access).

The :class:`LootTable` record, :func:`parse_loot_table` (checks every number, provider, condition and function
before a table is kept) and :func:`walk_entries`, which the loot item-source provider, the exact calculator
(:mod:`kit.items.loot_exact`) and the Monte-Carlo sampler (:mod:`kit.items.loot_sampler`) use. The context a table
is rolled in and the probabilities of its conditions live in :mod:`kit.items.loot_context` (re-exported here).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from kit.items._common import frozen_record, norm_id, type_id
from kit.items.errors import LootFormatError
from kit.items.loot_context import LootContext, condition_probability, level_value, loot_context

__all__ = [
    "LootTable",
    "LootContext",
    "StaticEntry",
    "LootFormatError",
    "parse_loot_table",
    "entry_kind",
    "MAX_NESTING",
    "walk_entries",
    "condition_probability",
    "level_value",
    "COUNT_FUNCTIONS",
    "KNOWN_OTHER_FUNCTIONS",
    "loot_context",
]

#: Loot functions that change the number of items (everything else changes components only).
COUNT_FUNCTIONS = frozenset(
    {
        "minecraft:set_count",
        "minecraft:enchanted_count_increase",
        "minecraft:looting_enchant",
        "minecraft:apply_bonus",
        "minecraft:limit_count",
        "minecraft:explosion_decay",
    }
)
#: Vanilla functions known not to change counts (``furnace_smelt`` changes the item; kit assumes no fire).
KNOWN_OTHER_FUNCTIONS = frozenset(
    {
        "minecraft:enchant_randomly",
        "minecraft:enchant_with_levels",
        "minecraft:set_enchantments",
        "minecraft:copy_components",
        "minecraft:copy_nbt",
        "minecraft:copy_state",
        "minecraft:copy_name",
        "minecraft:copy_custom_data",
        "minecraft:set_potion",
        "minecraft:set_damage",
        "minecraft:furnace_smelt",
        "minecraft:set_components",
        "minecraft:exploration_map",
        "minecraft:set_name",
        "minecraft:set_lore",
        "minecraft:set_stew_effect",
        "minecraft:set_ominous_bottle_amplifier",
        "minecraft:set_instrument",
        "minecraft:set_nbt",
        "minecraft:set_custom_data",
        "minecraft:set_contents",
        "minecraft:set_loot_table",
        "minecraft:set_attributes",
        "minecraft:set_banner_pattern",
        "minecraft:fill_player_head",
        "minecraft:set_book_cover",
        "minecraft:set_written_book_pages",
        "minecraft:set_writable_book_pages",
        "minecraft:set_fireworks",
        "minecraft:set_firework_explosion",
        "minecraft:set_custom_model_data",
        "minecraft:toggle_tooltips",
        "minecraft:set_item",
        "minecraft:modify_contents",
        "minecraft:filtered",
        "minecraft:reference",
        "minecraft:sequence",
        "minecraft:set_random_dyes",
        "minecraft:set_random_potion",
    }
)


@dataclass(frozen=True)
class LootTable:
    """One loot table: its id, context type (``minecraft:block`` ...), the raw JSON and where it came from."""

    loot_table_id: str
    table_type: str
    data: Mapping[str, Any]
    pack: str = ""
    path: str = ""
    folder: str = ""


@dataclass(frozen=True)
class StaticEntry:
    """A leaf entry found by the static walk: ``entry_type`` is the short type (``item``, ``tag``, ...)."""

    entry_type: str
    name: str
    weight: int
    quality: int
    expand: bool
    data: Mapping[str, Any]
    pool_index: int


#: Entries, inline tables and condition terms nested deeper than this are refused (vanilla nests 3 deep).
MAX_NESTING = 32
#: Numbers in a loot table must lie in Java's int range (the game rounds counts, rolls and weights to ints).
INT_RANGE = (-(2**31), 2**31 - 1)

#: The keys each number provider kit checks must hold (other providers are left to the game).
_PROVIDER_KEYS = {
    "minecraft:constant": ("value",),
    "minecraft:uniform": ("min", "max"),
    "minecraft:binomial": ("n", "p"),
}
_LEVEL_BASED = {
    "minecraft:constant": ("value",),
    "minecraft:linear": ("base", "per_level_above_first"),
    "minecraft:levels_squared": ("added",),
    "minecraft:clamped": ("min", "max"),
    "minecraft:fraction": (),
    "minecraft:lookup": (),
}


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, (dict, list)) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _check_number(value: Any, where: str) -> None:
    """A literal number: finite and inside Java's int range."""
    if type(value) is int and INT_RANGE[0] <= value <= INT_RANGE[1]:  # the usual case, in one test
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise LootFormatError(where, f"expected a number, got {_show(value)}")
    if not math.isfinite(value):
        raise LootFormatError(where, f"expected a finite number, got {_show(value)}")
    if not INT_RANGE[0] <= value <= INT_RANGE[1]:
        raise LootFormatError(where, f"{_show(value)} is outside the game's int range [-2^31, 2^31)")


def _check_provider(value: Any, where: str, depth: int = 0) -> None:
    """A number provider: a number, or an object (constant, uniform, binomial checked; others left to the game)."""
    if depth > MAX_NESTING:
        raise LootFormatError(where, f"number providers nested deeper than {MAX_NESTING}")
    if not isinstance(value, dict):
        _check_number(value, where)
        return
    kind = value.get("type", "minecraft:uniform" if "min" in value else "minecraft:constant")
    if not isinstance(kind, str):
        raise LootFormatError(f"{where}.type", f"expected a provider type id, got {_show(kind)}")
    for key in _PROVIDER_KEYS.get(type_id(kind), ()):
        if key not in value:
            raise LootFormatError(f"{where}.{key}", "missing")
        _check_provider(value[key], f"{where}.{key}", depth + 1)


def _check_level_based(value: Any, where: str, depth: int = 0) -> None:
    """A level-based value (enchantment formulas): a number or an object of a known shape."""
    if depth > MAX_NESTING:
        raise LootFormatError(where, f"level-based values nested deeper than {MAX_NESTING}")
    if not isinstance(value, dict):
        _check_number(value, where)
        return
    kind = value.get("type", "minecraft:constant")
    if not isinstance(kind, str):
        raise LootFormatError(f"{where}.type", f"expected a type id, got {_show(kind)}")
    kind = norm_id(kind)
    for key in _LEVEL_BASED.get(kind, ()):
        if key in value or kind in ("minecraft:linear", "minecraft:clamped"):
            if key not in value:
                raise LootFormatError(f"{where}.{key}", "missing")
            _check_number(value[key], f"{where}.{key}")
    for key in ("value", "numerator", "denominator", "fallback"):
        if kind in ("minecraft:clamped", "minecraft:fraction", "minecraft:lookup") and key in value:
            _check_level_based(value[key], f"{where}.{key}", depth + 1)
    if kind == "minecraft:lookup":
        values = value.get("values", [])
        if not isinstance(values, list):
            raise LootFormatError(f"{where}.values", "expected a list")
        for i, v in enumerate(values):
            _check_level_based(v, f"{where}.values[{i}]", depth + 1)


def _check_conditions(conditions: Any, where: str, depth: int) -> None:
    if conditions is None:
        return
    if not isinstance(conditions, list):
        raise LootFormatError(where, f"expected a list of conditions, got {_show(conditions)}")
    for i, cond in enumerate(conditions):
        _check_condition(cond, f"{where}[{i}]", depth)


def _check_condition(cond: Any, where: str, depth: int) -> None:
    if depth > MAX_NESTING:
        raise LootFormatError(where, f"conditions nested deeper than {MAX_NESTING}")
    if not isinstance(cond, dict):
        raise LootFormatError(where, f"expected a condition object, got {_show(cond)}")
    name = cond.get("condition")
    if not isinstance(name, str):
        raise LootFormatError(f"{where}.condition", f"expected a condition id, got {_show(name)}")
    name = type_id(name)
    if name == "minecraft:inverted":
        if "term" not in cond:
            raise LootFormatError(f"{where}.term", "missing")
        _check_condition(cond["term"], f"{where}.term", depth + 1)
    elif name in ("minecraft:any_of", "minecraft:all_of", "minecraft:alternative"):
        _check_conditions(cond.get("terms", []), f"{where}.terms", depth + 1)
    elif name == "minecraft:random_chance":
        _check_provider(cond.get("chance", 0.0), f"{where}.chance")
    elif name == "minecraft:random_chance_with_looting":
        for key in ("chance", "looting_multiplier"):
            _check_number(cond.get(key, 0.0), f"{where}.{key}")
    elif name == "minecraft:random_chance_with_enchanted_bonus":
        _check_provider(cond.get("unenchanted_chance", 0.0), f"{where}.unenchanted_chance")
        _check_level_based(cond.get("enchanted_chance", 0.0), f"{where}.enchanted_chance")
    elif name == "minecraft:table_bonus":
        chances = cond.get("chances", [])
        if not isinstance(chances, list):
            raise LootFormatError(f"{where}.chances", f"expected a list of numbers, got {_show(chances)}")
        for i, c in enumerate(chances):
            _check_number(c, f"{where}.chances[{i}]")
    elif name in ("minecraft:match_tool", "minecraft:entity_properties") and "predicate" in cond:
        if not isinstance(cond["predicate"], dict):
            raise LootFormatError(f"{where}.predicate", f"expected an object, got {_show(cond['predicate'])}")


def _check_functions(functions: Any, where: str, depth: int) -> None:
    if functions is None:
        return
    if not isinstance(functions, list):
        raise LootFormatError(where, f"expected a list of functions, got {_show(functions)}")
    for i, f in enumerate(functions):
        w = f"{where}[{i}]"
        if not isinstance(f, dict):
            raise LootFormatError(w, f"expected a function object, got {_show(f)}")
        name = f.get("function")
        if not isinstance(name, str):
            raise LootFormatError(f"{w}.function", f"expected a function id, got {_show(name)}")
        name = type_id(name)
        if f.get("conditions") is not None:  # (the path is only built for a value to check)
            _check_conditions(f["conditions"], f"{w}.conditions", depth)
        if name == "minecraft:set_count":
            if "count" not in f:
                raise LootFormatError(f"{w}.count", "missing")
            _check_provider(f["count"], f"{w}.count")
            if not isinstance(f.get("add", False), bool):
                raise LootFormatError(f"{w}.add", f"expected true or false, got {_show(f['add'])}")
        elif name in ("minecraft:enchanted_count_increase", "minecraft:looting_enchant"):
            _check_provider(f.get("count", 0.0), f"{w}.count")
            _check_number(f.get("limit", 0), f"{w}.limit")
        elif name == "minecraft:apply_bonus":
            params = f.get("parameters", {})
            if not isinstance(params, dict):
                raise LootFormatError(f"{w}.parameters", f"expected an object, got {_show(params)}")
            for key in ("bonusMultiplier", "extra", "probability"):
                if key in params:
                    _check_number(params[key], f"{w}.parameters.{key}")
        elif name == "minecraft:limit_count":
            limit = f.get("limit", {})
            if isinstance(limit, dict):
                for key in ("min", "max"):
                    if key in limit:
                        _check_provider(limit[key], f"{w}.limit.{key}")
            else:
                _check_number(limit, f"{w}.limit")


def parse_loot_table(table_id: str, data: Any, *, pack: str = "", path: str = "", folder: str = "") -> LootTable:
    """Check the structure of a loot table's JSON and wrap it.

    Checked: pools, entries, composites' children and inline tables are lists / objects of the right shape;
    entries have a ``type`` and item/tag entries a ``name``; weights, qualities, rolls, counts, chances and the
    other numbers the statistics use are finite numbers (or number providers) within the game's int range;
    conditions and functions are objects with an id. Nesting deeper than :data:`MAX_NESTING` is refused.

    Raises
    ------
    LootFormatError
        Naming the field path (``pools[0].entries[2].weight``) and the reason.
    """
    if not isinstance(data, dict):
        raise LootFormatError("", f"expected a JSON object, got {type(data).__name__}")
    if not _plain_table(data):  # the full checks word the first error (and pass what the shortcut declined)
        _check_table(data)
    table_type = type_id(data["type"]) if isinstance(data.get("type"), str) else "minecraft:generic"
    values = {"loot_table_id": table_id, "table_type": table_type, "data": data, "pack": pack, "path": path}
    values["folder"] = folder
    return frozen_record(LootTable, values)  # LootTable(...) in one step (see frozen_record)


def _check_table(data: dict) -> None:
    """The full checks of :func:`parse_loot_table`, each error naming its field path."""

    def check(entries: Any, where: str, depth: int) -> None:
        if not isinstance(entries, list):
            raise LootFormatError(where, "expected a list")
        if depth > MAX_NESTING:
            raise LootFormatError(where, f"entries nested deeper than {MAX_NESTING}")
        for i, e in enumerate(entries):
            w = f"{where}[{i}]"
            if not isinstance(e, dict) or not isinstance(e.get("type"), str):
                raise LootFormatError(f"{w}.type", "missing entry type")
            t = type_id(e["type"])
            if t in ("minecraft:item", "minecraft:tag") and not isinstance(e.get("name"), str):
                raise LootFormatError(f"{w}.name", "missing item/tag id")
            for key in ("weight", "quality"):
                if key in e:
                    _check_number(e[key], f"{w}.{key}")
            if "expand" in e and not isinstance(e["expand"], bool):
                raise LootFormatError(f"{w}.expand", f"expected true or false, got {_show(e['expand'])}")
            if e.get("conditions") is not None:  # (the paths are only built for values to check)
                _check_conditions(e["conditions"], f"{w}.conditions", depth)
            if e.get("functions") is not None:
                _check_functions(e["functions"], f"{w}.functions", depth)
            if "children" in e:
                check(e["children"], f"{w}.children", depth + 1)
            if t == "minecraft:loot_table":
                value = e.get("value", e.get("name"))
                if isinstance(value, dict):
                    check_pools(value, f"{w}.value.", depth + 1)
                elif not isinstance(value, str):
                    raise LootFormatError(f"{w}.value", f"expected a loot table id or object, got {_show(value)}")

    def check_pools(table: Any, prefix: str, depth: int) -> None:
        if depth > MAX_NESTING:
            raise LootFormatError(prefix.rstrip("."), f"inline tables nested deeper than {MAX_NESTING}")
        pools = table.get("pools", [])
        if not isinstance(pools, list):
            raise LootFormatError(f"{prefix}pools", "expected a list")
        if table.get("functions") is not None:
            _check_functions(table["functions"], f"{prefix}functions", depth)
        for i, pool in enumerate(pools):
            where = f"{prefix}pools[{i}]"
            if not isinstance(pool, dict):
                raise LootFormatError(where, "expected an object")
            if "rolls" not in pool:
                raise LootFormatError(f"{where}.rolls", "missing")
            _check_provider(pool["rolls"], f"{where}.rolls")
            if "bonus_rolls" in pool:
                _check_provider(pool["bonus_rolls"], f"{where}.bonus_rolls")
            if pool.get("conditions") is not None:
                _check_conditions(pool["conditions"], f"{where}.conditions", depth)
            if pool.get("functions") is not None:
                _check_functions(pool["functions"], f"{where}.functions", depth)
            check(pool.get("entries", []), f"{where}.entries", depth)

    check_pools(data, "", 0)


# ------------------------------------------------------------------ the shortcut for the shapes vanilla writes
# parse_loot_table's checks build a field path for every value they look at, to name it in an error. The functions
# below run first and return True only for a table those checks pass (they check the same things, on the shapes
# vanilla writes, without paths); anything else, or anything they are unsure of, returns False and the full checks
# run (so every error is worded by them). They never raise: a value of an unexpected type is a False.
_LOW, _HIGH = float(INT_RANGE[0]), float(INT_RANGE[1])
#: The shortcut declines anything nested deeper than this (far below MAX_NESTING, so it never meets that limit).
_PLAIN_DEPTH = 8


def _plain_number(value: Any) -> bool:
    t = type(value)  # exact types: True is no number, and NaN fails both comparisons
    return (t is int or t is float) and _LOW <= value <= _HIGH


def _plain_provider(value: Any) -> bool:
    t = type(value)
    if t is float or t is int:
        return _LOW <= value <= _HIGH
    if t is not dict:
        return False
    if value.get("type") == "minecraft:uniform" and _plain_number(value.get("min")) and _plain_number(value.get("max")):
        return True
    try:
        _check_provider(value, "")
    except Exception:  # noqa: BLE001 - declined: the full checks word it
        return False
    return True


def _plain_table(data: Any, depth: int = 0) -> bool:
    """Whether :func:`parse_loot_table`'s checks pass ``data`` (a table or an inline table), decided without paths."""
    try:
        return _plain_pools(data, depth)
    except Exception:  # noqa: BLE001 - declined: the full checks word it
        return False


def _plain_pools(table: dict, depth: int) -> bool:
    pools = table.get("pools", [])
    if depth > _PLAIN_DEPTH or type(pools) is not list:
        return False
    functions = table.get("functions")
    if functions is not None and not _plain_functions(functions, depth):
        return False
    for pool in pools:
        if type(pool) is not dict or "rolls" not in pool or not _plain_provider(pool["rolls"]):
            return False
        if "bonus_rolls" in pool and not _plain_provider(pool["bonus_rolls"]):
            return False
        if not _plain_attached(pool, depth) or not _plain_entries(pool.get("entries", []), depth):
            return False
    return True


def _plain_entries(entries: Any, depth: int) -> bool:
    if type(entries) is not list or depth > _PLAIN_DEPTH:
        return False
    for e in entries:
        if type(e) is not dict or type(e.get("type")) is not str:
            return False
        t = type_id(e["type"])
        if (t == "minecraft:item" or t == "minecraft:tag") and type(e.get("name")) is not str:
            return False
        if ("weight" in e and not _plain_number(e["weight"])) or ("quality" in e and not _plain_number(e["quality"])):
            return False
        if "expand" in e and type(e["expand"]) is not bool:
            return False
        if not _plain_attached(e, depth):
            return False
        if "children" in e and not _plain_entries(e["children"], depth + 1):
            return False
        if t == "minecraft:loot_table":
            value = e.get("value", e.get("name"))
            if not (type(value) is str or (type(value) is dict and _plain_pools(value, depth + 1))):
                return False
    return True


def _plain_attached(part: dict, depth: int) -> bool:
    """Whether a pool's or an entry's own ``conditions`` and ``functions`` (either may be absent) pass the checks."""
    conditions, functions = part.get("conditions"), part.get("functions")
    if conditions is not None and not _plain_conditions(conditions, depth):
        return False
    return functions is None or _plain_functions(functions, depth)


#: Conditions with nothing for the checks to look at beyond their id.
_PLAIN_CONDITIONS = frozenset(
    (
        "minecraft:survives_explosion",
        "minecraft:block_state_property",
        "minecraft:killed_by_player",
        "minecraft:location_check",
        "minecraft:damage_source_properties",
    )
)


def _plain_conditions(conditions: Any, depth: int) -> bool:
    if type(conditions) is not list or depth > _PLAIN_DEPTH:
        return False
    for cond in conditions:
        if type(cond) is not dict or type(cond.get("condition")) is not str:
            return False
        name = type_id(cond["condition"])
        if name in _PLAIN_CONDITIONS:
            continue
        if name in ("minecraft:match_tool", "minecraft:entity_properties"):
            if "predicate" in cond and type(cond["predicate"]) is not dict:
                return False
            continue
        try:  # the others as the full checks do (they raise only for what is wrong)
            _check_condition(cond, "", depth)
        except Exception:  # noqa: BLE001 - declined: the full checks word it
            return False
    return True


def _plain_functions(functions: Any, depth: int) -> bool:
    if type(functions) is not list:
        return False
    for f in functions:
        if type(f) is not dict or type(f.get("function")) is not str:
            return False
        name = type_id(f["function"])
        conditions = f.get("conditions")
        if conditions is not None and not _plain_conditions(conditions, depth):
            return False
        if name == "minecraft:set_count":
            if "count" not in f or not _plain_provider(f["count"]) or type(f.get("add", False)) is not bool:
                return False
        elif name in _CHECKED_FUNCTIONS:
            try:  # as the full checks do
                _check_functions([f], "", depth)
            except Exception:  # noqa: BLE001 - declined: the full checks word it
                return False
    return True


#: The functions whose fields the full checks look at (set_count aside); every other function is only an id.
_CHECKED_FUNCTIONS = frozenset(
    (
        "minecraft:enchanted_count_increase",
        "minecraft:looting_enchant",
        "minecraft:apply_bonus",
        "minecraft:limit_count",
    )
)


@functools.lru_cache(maxsize=4096)  # bounds what hostile packs add
def entry_kind(type_id: str) -> str:
    """An entry's kind: its :func:`~kit.items._common.type_id` without the namespace (``item``, ``tag``, ...)."""
    return type_id.split(":", 1)[1]


def walk_entries(table: LootTable) -> Iterator[StaticEntry]:
    """Yield every leaf entry of every pool (children of composites included), in file order."""
    for i, pool in enumerate(table.data.get("pools", [])):
        yield from _walk(pool.get("entries", []), i)


def _walk(entries: list, pool_index: int) -> Iterator[StaticEntry]:
    for e in entries:
        t = type_id(e["type"])
        if "children" in e:
            yield from _walk(e["children"], pool_index)
            continue
        if t == "minecraft:loot_table":
            value = e.get("value", e.get("name"))
            name = norm_id(value) if isinstance(value, str) else ""
        else:
            name = norm_id(e["name"]) if isinstance(e.get("name"), str) else ""
        weight, quality = e.get("weight", 1), e.get("quality", 0)
        yield frozen_record(  # the same record as StaticEntry(...), made in one step (see frozen_record)
            StaticEntry,
            {
                "entry_type": entry_kind(t),
                "name": name,
                "weight": weight if type(weight) is int else _int(weight),
                "quality": quality if type(quality) is int else _int(quality),
                "expand": bool(e.get("expand", False)),
                "data": e,
                "pool_index": pool_index,
            },
        )


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0
