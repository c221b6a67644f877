"""Loot table files: validation, the static scan of their entries, and the shared evaluation context.

This module holds what both the exact calculator (:mod:`kit.items.loot_exact`) and the Monte-Carlo sampler
(:mod:`kit.items.loot_sampler`) need: the :class:`LootContext` switches, condition probabilities for context
conditions, and the static entry walk that the loot item-source provider uses. No file access here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterator, Mapping

from kit.core.errors import KitError
from kit.items._common import norm_id

__all__ = [
    "LootTable",
    "LootContext",
    "StaticEntry",
    "LootFormatError",
    "parse_loot_table",
    "walk_entries",
    "condition_probability",
    "level_value",
    "COUNT_FUNCTIONS",
    "KNOWN_OTHER_FUNCTIONS",
]

#: Loot functions that change the number of items (everything else changes components only).
COUNT_FUNCTIONS = frozenset({
    "minecraft:set_count", "minecraft:enchanted_count_increase", "minecraft:looting_enchant",
    "minecraft:apply_bonus", "minecraft:limit_count", "minecraft:explosion_decay",
})
#: Vanilla functions known not to change counts (``furnace_smelt`` changes the item; kit assumes no fire).
KNOWN_OTHER_FUNCTIONS = frozenset({
    "minecraft:enchant_randomly", "minecraft:enchant_with_levels", "minecraft:set_enchantments",
    "minecraft:copy_components", "minecraft:copy_nbt", "minecraft:copy_state", "minecraft:copy_name",
    "minecraft:copy_custom_data", "minecraft:set_potion", "minecraft:set_damage", "minecraft:furnace_smelt",
    "minecraft:set_components", "minecraft:exploration_map", "minecraft:set_name", "minecraft:set_lore",
    "minecraft:set_stew_effect", "minecraft:set_ominous_bottle_amplifier", "minecraft:set_instrument",
    "minecraft:set_nbt", "minecraft:set_custom_data", "minecraft:set_contents", "minecraft:set_loot_table",
    "minecraft:set_attributes", "minecraft:set_banner_pattern", "minecraft:fill_player_head",
    "minecraft:set_book_cover", "minecraft:set_written_book_pages", "minecraft:set_writable_book_pages",
    "minecraft:set_fireworks", "minecraft:set_firework_explosion", "minecraft:set_custom_model_data",
    "minecraft:toggle_tooltips", "minecraft:set_item", "minecraft:modify_contents", "minecraft:filtered",
    "minecraft:reference", "minecraft:sequence", "minecraft:set_random_dyes", "minecraft:set_random_potion",
})


class LootFormatError(KitError, ValueError):
    """A loot table breaks its format; ``field`` names the key path. Reported by the loader."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"field '{field}': {reason}")
        self.field = field


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
class LootContext:
    """The assumed situation in which a table is rolled (see ``PackSet.loot_expectations``).

    ``explosion`` is the explosion radius (0 = no explosion). ``block_state_matches`` says whether
    ``block_state_property`` conditions pass (a fully grown crop, the lower half of a door ...); ``open_water`` is
    the fishing hook's open-water check. Mobs are assumed not on fire.
    """

    killed_by_player: bool = True
    looting: int = 0
    fortune: int = 0
    silk_touch: bool = False
    shears: bool = False
    luck: float = 0.0
    explosion: float = 0.0
    block_state_matches: bool = True
    open_water: bool = False

    def enchantment_level(self, enchantment: Any) -> int | None:
        """The level of ``enchantment`` on the tool/weapon, ``None`` for enchantments the context does not model."""
        if not isinstance(enchantment, str):
            return None
        return {
            "minecraft:looting": self.looting,
            "minecraft:fortune": self.fortune,
            "minecraft:silk_touch": 1 if self.silk_touch else 0,
        }.get(norm_id(enchantment))


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


def parse_loot_table(table_id: str, data: Any, *, pack: str = "", path: str = "", folder: str = "") -> LootTable:
    """Check the structure of a loot table's JSON and wrap it.

    Raises
    ------
    LootFormatError
        When ``pools`` / ``entries`` are not lists, an entry has no ``type``, or an item/tag entry has no ``name``.
    """
    if not isinstance(data, dict):
        raise LootFormatError("", f"expected a JSON object, got {type(data).__name__}")
    def check(entries: Any, where: str) -> None:
        if not isinstance(entries, list):
            raise LootFormatError(where, "expected a list")
        for i, e in enumerate(entries):
            w = f"{where}[{i}]"
            if not isinstance(e, dict) or not isinstance(e.get("type"), str):
                raise LootFormatError(f"{w}.type", "missing entry type")
            t = norm_id(e["type"])
            if t in ("minecraft:item", "minecraft:tag") and not isinstance(e.get("name"), str):
                raise LootFormatError(f"{w}.name", "missing item/tag id")
            for key in ("weight", "quality"):
                if key in e and (not isinstance(e[key], (int, float)) or isinstance(e[key], bool)):
                    raise LootFormatError(f"{w}.{key}", f"expected a number, got {e[key]!r}")
            if "children" in e:
                check(e["children"], f"{w}.children")
            if t == "minecraft:loot_table" and isinstance(e.get("value"), dict):
                check_pools(e["value"], f"{w}.value.")

    def check_pools(table: Any, prefix: str) -> None:
        pools = table.get("pools", [])
        if not isinstance(pools, list):
            raise LootFormatError(f"{prefix}pools", "expected a list")
        for i, pool in enumerate(pools):
            if not isinstance(pool, dict):
                raise LootFormatError(f"{prefix}pools[{i}]", "expected an object")
            if "rolls" not in pool:
                raise LootFormatError(f"{prefix}pools[{i}].rolls", "missing")
            check(pool.get("entries", []), f"{prefix}pools[{i}].entries")

    check_pools(data, "")
    table_type = norm_id(data["type"]) if isinstance(data.get("type"), str) else "minecraft:generic"
    return LootTable(table_id, table_type, data, pack, path, folder)


def walk_entries(table: LootTable) -> Iterator[StaticEntry]:
    """Yield every leaf entry of every pool (children of composites included), in file order."""

    def walk(entries: list, pool_index: int) -> Iterator[StaticEntry]:
        for e in entries:
            t = norm_id(e["type"])
            if "children" in e:
                yield from walk(e["children"], pool_index)
                continue
            short = t.split(":", 1)[1]
            if t == "minecraft:loot_table":
                value = e.get("value", e.get("name"))
                name = norm_id(value) if isinstance(value, str) else ""
            else:
                name = norm_id(e["name"]) if isinstance(e.get("name"), str) else ""
            yield StaticEntry(short, name, _int(e.get("weight", 1)), _int(e.get("quality", 0)),
                              bool(e.get("expand", False)), e, pool_index)

    for i, pool in enumerate(table.data.get("pools", [])):
        yield from walk(pool.get("entries", []), i)


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


# ---------------------------------------------------------------- level-based values and conditions


def level_value(value: Any, level: int) -> float | None:
    """Evaluate a level-based value (constant, linear, clamped, fraction, levels_squared, lookup)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if not isinstance(value, dict):
        return None
    t = norm_id(value.get("type", "minecraft:constant"))
    if t == "minecraft:constant":
        return float(value.get("value", 0.0))
    if t == "minecraft:linear":
        return float(value["base"]) + float(value["per_level_above_first"]) * (level - 1)
    if t == "minecraft:levels_squared":
        return float(level * level) + float(value.get("added", 0.0))
    if t == "minecraft:clamped":
        inner = level_value(value.get("value"), level)
        return None if inner is None else min(max(inner, float(value["min"])), float(value["max"]))
    if t == "minecraft:fraction":
        n, d = level_value(value.get("numerator"), level), level_value(value.get("denominator"), level)
        return None if n is None or d in (None, 0.0) else n / d
    if t == "minecraft:lookup":
        values = value.get("values", [])
        if 1 <= level <= len(values):
            return level_value(values[level - 1], level)
        return level_value(value.get("fallback"), level)
    return None


def _float_mean(value: Any) -> float | None:
    """Mean of a number provider's float value for constants and uniforms; ``None`` when not static."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if not isinstance(value, dict):
        return None
    t = norm_id(value.get("type", "minecraft:uniform" if "min" in value else "minecraft:constant"))
    if t == "minecraft:constant":
        return float(value.get("value", 0.0))
    if t == "minecraft:uniform":
        lo, hi = _float_mean(value.get("min")), _float_mean(value.get("max"))
        return None if lo is None or hi is None else (lo + hi) / 2
    if t == "minecraft:binomial":
        n, p = _float_mean(value.get("n")), _float_mean(value.get("p"))
        return None if n is None or p is None else n * p
    return None


def _in_range(level: int, spec: Any) -> bool:
    if spec is None:
        return level >= 1
    if isinstance(spec, (int, float)):
        return level == spec
    if isinstance(spec, dict):
        return spec.get("min", -math.inf) <= level <= spec.get("max", math.inf)
    return False


def _tool_probability(pred: Any, ctx: LootContext) -> float | None:
    """Whether the tool described by ``ctx`` (shears or not, silk touch, fortune) matches a tool predicate."""
    if not isinstance(pred, dict):
        return None
    result = 1.0
    for key, value in pred.items():
        if key in ("items", "item"):
            ids = value if isinstance(value, list) else [value]
            ids = [norm_id(v) for v in ids if isinstance(v, str)]
            if ids == ["minecraft:shears"]:
                result *= 1.0 if ctx.shears else 0.0
            elif ctx.shears and "minecraft:shears" in ids:
                continue
            else:
                return None
        elif key in ("predicates", "enchantments"):
            specs = value.get("minecraft:enchantments") if key == "predicates" and isinstance(value, dict) else value
            if key == "predicates" and isinstance(value, dict) and set(value) - {"minecraft:enchantments"}:
                return None
            for spec in specs if isinstance(specs, list) else [specs]:
                if not isinstance(spec, dict):
                    return None
                ench = spec.get("enchantments", spec.get("enchantment"))
                if not isinstance(ench, str) or ench.startswith("#"):
                    return None  # a list or tag of enchantments: not modelled
                level = ctx.enchantment_level(ench)
                if level is None:
                    level = 0  # the modelled tool carries no other enchantment
                if not _in_range(level, spec.get("levels")):
                    result = 0.0
        else:
            return None
    return result


def _entity_probability(cond: Mapping[str, Any], ctx: LootContext) -> float | None:
    pred = cond.get("predicate", {})
    if pred == {}:
        return 1.0
    if pred == {"flags": {"is_on_fire": True}}:
        return 0.0
    if not isinstance(pred, dict):
        return None
    hook = pred.get("fishing_hook")  # before 1.20.5: {"fishing_hook": {"in_open_water": ...}}
    if set(pred) == {"fishing_hook"} and isinstance(hook, dict) and set(hook) == {"in_open_water"}:
        return 1.0 if bool(hook["in_open_water"]) == ctx.open_water else 0.0
    ts = pred.get("type_specific")
    if isinstance(ts, dict) and norm_id(str(ts.get("type", ""))) == "minecraft:fishing_hook" and set(pred) == {"type_specific"}:
        if set(ts) == {"type", "in_open_water"}:
            return 1.0 if bool(ts["in_open_water"]) == ctx.open_water else 0.0
    return None


def condition_probability(cond: Any, ctx: LootContext) -> float | None:
    """Probability that one predicate passes in context ``ctx``; ``None`` when it cannot be known statically.

    Context predicates give 0 or 1 (from ``ctx``); ``random_chance``, ``random_chance_with_enchanted_bonus``,
    ``table_bonus`` give their chance; ``inverted`` / ``any_of`` / ``all_of`` combine independent terms.
    """
    if not isinstance(cond, dict) or not isinstance(cond.get("condition"), str):
        return None
    c = norm_id(cond["condition"])
    if c == "minecraft:killed_by_player":
        return 1.0 if ctx.killed_by_player else 0.0
    if c == "minecraft:survives_explosion":
        return 1.0 / ctx.explosion if ctx.explosion > 1 else 1.0
    if c == "minecraft:block_state_property":
        return 1.0 if ctx.block_state_matches else 0.0
    if c == "minecraft:random_chance":
        p = _float_mean(cond.get("chance"))
        return None if p is None else min(max(p, 0.0), 1.0)
    if c == "minecraft:random_chance_with_looting":
        p = float(cond.get("chance", 0.0)) + ctx.looting * float(cond.get("looting_multiplier", 0.0))
        return min(max(p, 0.0), 1.0)
    if c == "minecraft:random_chance_with_enchanted_bonus":
        level = ctx.enchantment_level(cond.get("enchantment"))
        if level is None:
            return None
        p = level_value(cond.get("enchanted_chance"), level) if level > 0 else _float_mean(cond.get("unenchanted_chance"))
        return None if p is None else min(max(p, 0.0), 1.0)
    if c == "minecraft:table_bonus":
        level = ctx.enchantment_level(cond.get("enchantment"))
        chances = cond.get("chances")
        if level is None or not isinstance(chances, list) or not chances:
            return None
        return min(max(float(chances[min(level, len(chances) - 1)]), 0.0), 1.0)
    if c == "minecraft:match_tool":
        return _tool_probability(cond.get("predicate", {}), ctx)
    if c == "minecraft:entity_properties":
        return _entity_probability(cond, ctx)
    if c == "minecraft:inverted":
        p = condition_probability(cond.get("term"), ctx)
        return None if p is None else 1.0 - p
    if c in ("minecraft:any_of", "minecraft:alternative"):
        ps = [condition_probability(t, ctx) for t in cond.get("terms", [])]
        if any(p == 1.0 for p in ps):
            return 1.0
        if any(p is None for p in ps):
            return None
        return 1.0 - math.prod(1.0 - p for p in ps)
    if c == "minecraft:all_of":
        ps = [condition_probability(t, ctx) for t in cond.get("terms", [])]
        if any(p == 0.0 for p in ps):
            return 0.0
        if any(p is None for p in ps):
            return None
        return math.prod(ps)
    return None
