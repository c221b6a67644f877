"""The situation a loot table is rolled in (:class:`LootContext`) and what it decides: level-based values and the
probability that a condition passes (pure logic, used by :mod:`kit.items.loot_exact` and
:mod:`kit.items.loot_sampler`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kit.items._common import norm_id

__all__ = ["LootContext", "condition_probability", "level_value", "loot_context"]


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
    is_hook = isinstance(ts, dict) and norm_id(str(ts.get("type", ""))) == "minecraft:fishing_hook"
    if is_hook and isinstance(ts, dict) and set(pred) == {"type_specific"}:
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
        p = (
            level_value(cond.get("enchanted_chance"), level)
            if level > 0
            else _float_mean(cond.get("unenchanted_chance"))
        )
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
        known = [p for p in ps if p is not None]
        if len(known) < len(ps):
            return None
        return 1.0 - math.prod(1.0 - p for p in known)
    if c == "minecraft:all_of":
        ps = [condition_probability(t, ctx) for t in cond.get("terms", [])]
        if any(p == 0.0 for p in ps):
            return 0.0
        known = [p for p in ps if p is not None]
        if len(known) < len(ps):
            return None
        return math.prod(known)
    return None


def loot_context(**kw: Any) -> LootContext:
    """The :class:`LootContext` of ``loot_expectations`` / ``sample_loot``'s keyword arguments, checked.

    Raises
    ------
    InvalidParameterError
        When ``looting`` / ``fortune`` is not an int >= 0, ``luck`` not a finite number, or ``explosion`` neither a
        bool nor a finite radius >= 0.
    """
    from kit.core.errors import InvalidParameterError

    for name in ("looting", "fortune"):
        v = kw[name]
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise InvalidParameterError(
                f"The '{name}' parameter of loot_expectations must be an int in the range [0, inf). Got {v!r} instead."
            )
    if not isinstance(kw["luck"], float) or not math.isfinite(kw["luck"]):
        raise InvalidParameterError(
            f"The 'luck' parameter of loot_expectations must be a finite number. Got {kw['luck']!r} instead."
        )
    explosion = kw.pop("explosion")
    radius = 4.0 if explosion is True else float(explosion or 0.0)
    if not radius >= 0 or not math.isfinite(radius):
        raise InvalidParameterError(
            f"The 'explosion' parameter of loot_expectations must be a bool or a finite "
            f"radius >= 0. Got {explosion!r} instead."
        )
    return LootContext(explosion=radius, **kw)
