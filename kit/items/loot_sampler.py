"""A Monte-Carlo sampler of loot tables, following the same rules as the exact calculator.

It rolls tables literally (conditions drawn per evaluation, weighted picks, count functions step by step) so that the
exact figures of :mod:`kit.items.loot_exact` can be checked against it. Context predicates (killed by player, tool,
block state ...) are answered from the same :class:`~kit.items.loot.LootContext`; unknown ones fail.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from typing import Any

from kit.items._common import norm_id
from kit.items.errors import LootSamplingError
from kit.items.loot import COUNT_FUNCTIONS, LootContext, LootFormatError, LootTable, condition_probability, level_value

__all__ = ["LootSampler", "LootSamplingError", "MAX_SAMPLED_LOOP"]

#: Rolls, binomial trials and explosion-decay draws above this many per evaluation are refused by the sampler.
MAX_SAMPLED_LOOP = 100_000
#: Nested loot-table references deeper than this are refused by the sampler.
MAX_SAMPLED_DEPTH = 32


class _Refuse(Exception):
    pass


def _bounded(n: int, what: str) -> int:
    if n > MAX_SAMPLED_LOOP:
        raise _Refuse(f"{what} of {n} is more than the sampler's {MAX_SAMPLED_LOOP} per draw")
    return n


_RANDOM = {
    "minecraft:random_chance",
    "minecraft:random_chance_with_looting",
    "minecraft:random_chance_with_enchanted_bonus",
    "minecraft:table_bonus",
}


class LootSampler:
    """Roll loot tables at random.

    Parameters
    ----------
    tables : mapping of str to LootTable
        The tables by id (nested ``loot_table`` entries are looked up here).
    tag_items : callable
        ``tag_id -> tuple of item ids`` for tag entries.
    ctx : LootContext
        The assumed context.
    seed : int, default=0
        Seed of the private random generator (results are reproducible).
    """

    def __init__(
        self,
        tables: Mapping[str, LootTable],
        tag_items: Callable[[str], tuple[str, ...]],
        ctx: LootContext,
        *,
        seed: int = 0,
    ) -> None:
        self.tables = tables
        self.tag_items = tag_items
        self.ctx = ctx
        self.rng = random.Random(seed)

    # ---------------------------------------------------------------- numbers and conditions

    def _float(self, v: Any) -> float:
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return float(v)
        t = norm_id(v.get("type", "minecraft:uniform" if "min" in v else "minecraft:constant"))
        if t == "minecraft:constant":
            return float(v.get("value", 0.0))
        if t == "minecraft:uniform":
            lo, hi = self._float(v["min"]), self._float(v["max"])
            return lo + self.rng.random() * (hi - lo)
        if t == "minecraft:binomial":
            return float(self._int(v))
        raise LootFormatError("type", f"number provider {t} cannot be sampled without a world")

    def _int(self, v: Any) -> int:
        if isinstance(v, dict):
            t = norm_id(v.get("type", "minecraft:uniform" if "min" in v else "minecraft:constant"))
            if t == "minecraft:uniform":
                lo, hi = self._int(v["min"]), self._int(v["max"])
                return lo if lo >= hi else self.rng.randint(lo, hi)
            if t == "minecraft:binomial":
                n, p = _bounded(self._int(v["n"]), "binomial n"), self._float(v["p"])
                return sum(1 for _ in range(n) if self.rng.random() < p)
        return math.floor(self._float(v) + 0.5)

    def _test(self, cond: Mapping[str, Any]) -> bool:
        c = norm_id(str(cond.get("condition", "")))
        if c == "minecraft:inverted":
            return not self._test(cond["term"])
        if c in ("minecraft:any_of", "minecraft:alternative"):
            return any(self._test(t) for t in cond.get("terms", []))
        if c == "minecraft:all_of":
            return all(self._test(t) for t in cond.get("terms", []))
        if c == "minecraft:random_chance":
            return self.rng.random() < self._float(cond["chance"])
        if c == "minecraft:random_chance_with_enchanted_bonus":
            level = self.ctx.enchantment_level(cond.get("enchantment")) or 0
            chance = (
                level_value(cond["enchanted_chance"], level) if level > 0 else self._float(cond["unenchanted_chance"])
            )
            if chance is None:
                raise LootFormatError("enchanted_chance", f"{cond['enchanted_chance']!r} is not a level-based value")
            return self.rng.random() < chance
        if c == "minecraft:survives_explosion" and self.ctx.explosion > 1:
            return self.rng.random() <= 1.0 / self.ctx.explosion
        p = condition_probability(cond, self.ctx)  # context predicates (0 or 1) and table_bonus
        if p is None:
            return False
        return p >= 1.0 or (p > 0.0 and self.rng.random() < p)

    def _all(self, conditions: Any) -> bool:
        return all(self._test(c) for c in conditions or [])

    # ---------------------------------------------------------------- rolling

    def roll(self, table_id: str, _stack: tuple[str, ...] = ()) -> dict[str, int]:
        """Roll one table once; returns item id -> number of items (items with nothing are absent)."""
        if table_id in _stack or table_id not in self.tables:
            return {}
        if len(_stack) >= MAX_SAMPLED_DEPTH:
            raise _Refuse(f"loot table references nested deeper than {MAX_SAMPLED_DEPTH}")
        return self._roll_data(self.tables[table_id].data, _stack + (table_id,))

    def _roll_data(self, data: Mapping[str, Any], stack: tuple[str, ...]) -> dict[str, int]:
        out: dict[str, int] = {}
        table_functions = list(data.get("functions", []))
        for pool in data.get("pools", []):
            if not self._all(pool.get("conditions")):
                continue
            chain = list(pool.get("functions", [])) + table_functions
            rolls = self._int(pool["rolls"]) + math.floor(self._float(pool.get("bonus_rolls", 0.0)) * self.ctx.luck)
            for _ in range(_bounded(max(rolls, 0), "rolls")):
                cands: list[Mapping[str, Any]] = []
                for e in pool.get("entries", []):
                    self._expand(e, cands)
                weights = [
                    max(math.floor(int(c.get("weight", 1)) + int(c.get("quality", 0)) * self.ctx.luck), 0)
                    for c in cands
                ]
                total = sum(weights)
                if total <= 0:
                    continue
                pick = self.rng.randrange(total)
                for cand, w in zip(cands, weights):
                    if pick < w:
                        self._create(cand, chain, out, stack)
                        break
                    pick -= w
        return out

    def _expand(self, entry: Mapping[str, Any], cands: list) -> bool:
        if not self._all(entry.get("conditions")):
            return False
        t = norm_id(entry["type"])
        if t == "minecraft:alternatives":
            return any(self._expand(c, cands) for c in entry.get("children", []))
        if t == "minecraft:sequence":
            return all(self._expand(c, cands) for c in entry.get("children", []))
        if t == "minecraft:group":
            for c in entry.get("children", []):
                self._expand(c, cands)
            return True
        if t == "minecraft:tag" and entry.get("expand", False):
            for m in self.tag_items(norm_id(entry["name"]).lstrip("#")):
                cands.append({**entry, "type": "minecraft:item", "name": m, "expand": False})
            return True
        cands.append(entry)
        return True

    def _create(self, entry: Mapping[str, Any], chain: list, out: dict[str, int], stack: tuple[str, ...]) -> None:
        t = norm_id(entry["type"])
        functions = list(entry.get("functions", [])) + chain
        stacks: list[tuple[str, int]] = []
        if t == "minecraft:item":
            stacks = [(norm_id(entry["name"]), 1)]
        elif t == "minecraft:tag":
            stacks = [(m, 1) for m in self.tag_items(norm_id(entry["name"]).lstrip("#"))]
        elif t == "minecraft:loot_table":
            value = entry.get("value", entry.get("name"))
            if not isinstance(value, str) and len(stack) >= MAX_SAMPLED_DEPTH:
                raise _Refuse(f"inline loot tables nested deeper than {MAX_SAMPLED_DEPTH}")
            got = self.roll(norm_id(value), stack) if isinstance(value, str) else self._roll_data(value, stack + ("",))
            stacks = sorted(got.items())
        for item, count in stacks:
            for f in functions:
                count = self._function(f, count)
            if count > 0:
                out[item] = out.get(item, 0) + count

    def _function(self, f: Mapping[str, Any], count: int) -> int:
        name = norm_id(str(f.get("function", "")))
        if name not in COUNT_FUNCTIONS or not self._all(f.get("conditions")):
            return count
        ctx = self.ctx
        if name == "minecraft:set_count":
            v = self._int(f["count"])
            return count + v if f.get("add", False) else v
        if name in ("minecraft:enchanted_count_increase", "minecraft:looting_enchant"):
            level = (
                ctx.looting
                if name == "minecraft:looting_enchant"
                else (ctx.enchantment_level(f.get("enchantment")) or 0)
            )
            if level == 0:
                return count
            count += math.floor(level * self._float(f["count"]) + 0.5)
            limit = int(f.get("limit", 0))
            return min(count, limit) if limit > 0 else count
        if name == "minecraft:apply_bonus":
            level = ctx.enchantment_level(f.get("enchantment")) or 0
            formula = norm_id(str(f.get("formula", "")))
            params = f.get("parameters", {})
            if formula == "minecraft:ore_drops":
                if level <= 0:
                    return count
                return count * (max(self.rng.randrange(level + 2) - 1, 0) + 1)
            if formula == "minecraft:uniform_bonus_count":
                return count + self.rng.randrange(max(int(params.get("bonusMultiplier", 1)) * level, 0) + 1)
            if formula == "minecraft:binomial_with_bonus_count":
                p = float(params.get("probability", 0.0))
                trials = _bounded(level + int(params.get("extra", 0)), "binomial_with_bonus_count trials")
                return count + sum(1 for _ in range(trials) if self.rng.random() < p)
            return count
        if name == "minecraft:limit_count":
            limit = f.get("limit", {})
            if isinstance(limit, (int, float)):
                return int(limit)
            if "min" in limit:
                count = max(count, self._int(limit["min"]))
            if "max" in limit:
                count = min(count, self._int(limit["max"]))
            return count
        if name == "minecraft:explosion_decay" and ctx.explosion > 1:
            if count <= 0:
                return count
            n = _bounded(count, "explosion_decay count")
            return sum(1 for _ in range(n) if self.rng.random() <= 1.0 / ctx.explosion)
        return count

    def sample(self, table_id: str, n: int):
        """Roll a table ``n`` times.

        Returns
        -------
        pandas.DataFrame
            Columns ``loot_table_id, item_id, mean_count, std_count, p_at_least_one, n_draws``, one row per item
            that dropped at least once, sorted by item id.

        Raises
        ------
        LootSamplingError
            When the table cannot be rolled: a number provider that needs a world, more than
            :data:`MAX_SAMPLED_LOOP` rolls or trials in one draw, references nested deeper than 32.
        """
        from kit.core.frames import frame

        totals: dict[str, list[int]] = {}
        try:
            for _ in range(n):
                for item, c in self.roll(table_id).items():
                    totals.setdefault(item, []).append(c)
        except _Refuse as exc:
            raise LootSamplingError(f"loot table {table_id}: {exc}") from None
        except (TypeError, ValueError, KeyError, AttributeError, ArithmeticError, RecursionError) as exc:
            raise LootSamplingError(f"loot table {table_id} cannot be sampled: {type(exc).__name__}: {exc}") from None
        rows = []
        for item in sorted(totals):
            xs = totals[item]
            mean = sum(xs) / n
            var = (sum(x * x for x in xs) / n) - mean * mean
            rows.append((table_id, item, mean, math.sqrt(max(var, 0.0)), len(xs) / n, n))
        return frame(SAMPLE_SCHEMA, rows)


SAMPLE_SCHEMA = {
    "loot_table_id": "string",
    "item_id": "string",
    "mean_count": "float64",
    "std_count": "float64",
    "p_at_least_one": "float64",
    "n_draws": "int64",
}
