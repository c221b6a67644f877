"""Exact drop expectations of loot tables (no sampling).

The rules follow section 3 of the formats note: candidate sets are enumerated over the pass/fail patterns of random
conditions (per top-level entry, combined by convolving the weight totals), counts are pushed through the count
functions as integer distributions, rolls and pools are independent, nested tables recurse. Anything unknowable
statically (unknown conditions, dynamic providers, cycles) makes the affected rows ``is_exact=False``; unknown
conditions then count as failing, unknown count providers as leaving the count.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kit.items._common import norm_id
from kit.items.loot import COUNT_FUNCTIONS, KNOWN_OTHER_FUNCTIONS, LootContext, LootTable, condition_probability
from kit.items.loot_dists import (
    MAX_SUPPORT,
    MAX_WORK,
    Approx,
    Dist,
    approx,
    binomial,
    convolve,
    int_distribution,
    is_approx,
    java_round,
    map_counts,
    mean,
    mix,
    scaled_float_distribution,
    uniform_int,
)

__all__ = [
    "TableExpectation",
    "LootCalculator",
    "int_distribution",
    "scaled_float_distribution",
    "MAX_SUPPORT",
    "MAX_OUTCOMES",
    "MAX_TABLE_DEPTH",
]

_REEXPORTED = (java_round,)  # its earlier home: kit.items.loot_exact.java_round


class _TooComplex(Exception):
    """Internal: a table's figures cannot be computed within kit's bounds; the message says where and why."""


#: An entry whose conditions combine into more outcomes than this makes its table's figures unknown.
MAX_OUTCOMES = 4096
#: Nested loot-table references deeper than this make the table's figures unknown (no RecursionError).
MAX_TABLE_DEPTH = 32


@dataclass
class TableExpectation:
    """Per-item results for one table: expected count, probability of none, exactness."""

    expected: dict[str, float] = field(default_factory=dict)
    p_none: dict[str, float] = field(default_factory=dict)
    inexact: set[str] = field(default_factory=set)


@dataclass(eq=False)
class _Cand:
    weight: int
    quality: int
    stacks: tuple[tuple[str, Dist, bool], ...] = ()  # item, count distribution, exact
    table: Any = None  # nested table id or inline dict
    chain_active: bool = False
    unknown: bool = False  # a dynamic (or unknown) entry: gives items the data does not name


class LootCalculator:
    """Exact expectations for the tables of one set of packs, in one context (results are memoised)."""

    def __init__(self, tables: Mapping[str, LootTable], tag_items: Callable[[str], tuple[str, ...]], ctx: LootContext):
        self.tables = tables
        self.tag_items = tag_items
        self.ctx = ctx
        self._memo: dict[str, TableExpectation] = {}
        self._stack: list[str] = []
        self._flags: list[bool] = [True]
        self._seen: list[list[_Cand]] = [[]]
        self._cuts = 0
        self._cand_cache: dict[tuple[int, int], tuple] = {}
        self._yield_cache: dict[int, tuple] = {}
        #: ``table id -> reason`` for tables whose figures could not be computed (their rows are NaN, inexact).
        self.problems: dict[str, str] = {}

    # ---------------------------------------------------------------- public

    def table(self, table_id: str) -> TableExpectation:
        """Expectations of one table (memoised); a table on the current recursion stack gives an empty result.

        A table whose figures cannot be computed within kit's bounds (outcomes, nesting) or whose data the game
        would refuse gives ``NaN`` for every item its entries name, all inexact, and its reason in ``problems``;
        it never stops the figures of other tables.
        """
        if self._stack:
            return self._table(table_id)
        try:
            return self._table(table_id)
        except (_TooComplex, ArithmeticError, TypeError, ValueError, KeyError, AttributeError, RecursionError) as exc:
            self._stack.clear()
            self._flags[:] = [True]
            self._seen[:] = [[]]
            reason = str(exc) if isinstance(exc, _TooComplex) else f"{type(exc).__name__}: {exc}"
            self.problems[table_id] = reason
            result = self._unknown(table_id)
            self._memo[table_id] = result
            return result

    def _unknown(self, table_id: str) -> TableExpectation:
        from kit.items.loot import walk_entries

        items: set[str] = set()
        try:
            for e in walk_entries(self.tables[table_id]):
                if e.entry_type == "item" and e.name:
                    items.add(e.name)
                elif e.entry_type == "tag" and e.name:
                    items.update(self.tag_items(e.name.lstrip("#")))
        except (TypeError, ValueError, KeyError, AttributeError, RecursionError):
            pass
        nan = float("nan")
        return TableExpectation({i: nan for i in items}, {i: nan for i in items}, set(items))

    def _table(self, table_id: str) -> TableExpectation:
        if table_id in self._memo:
            return self._memo[table_id]
        if table_id in self._stack or table_id not in self.tables:
            return TableExpectation()
        if len(self._stack) >= MAX_TABLE_DEPTH:
            raise _TooComplex(f"loot table references nested deeper than {MAX_TABLE_DEPTH} (at {table_id})")
        cuts = self._cuts
        self._stack.append(table_id)
        try:
            result = self._table_data(self.tables[table_id].data)
        finally:
            self._stack.pop()
        if self._cuts == cuts or not self._stack:  # results cut short by a cycle are not reused deeper down
            self._memo[table_id] = result
        return result

    # ---------------------------------------------------------------- tables and pools

    def _table_data(self, data: Mapping[str, Any]) -> TableExpectation:
        out = TableExpectation()
        table_functions = list(data.get("functions", []))
        for i, pool in enumerate(data.get("pools", [])):
            try:
                exp, p_none, inexact = self._pool(pool, table_functions)
            except _TooComplex as exc:
                raise _TooComplex(
                    f"pools[{i}]: {exc}" if not str(exc).startswith(("pools[", "loot table")) else str(exc)
                ) from None
            for item, e in exp.items():
                out.expected[item] = out.expected.get(item, 0.0) + e
                out.p_none[item] = out.p_none.get(item, 1.0) * p_none[item]
            out.inexact |= inexact
        return out

    def _cond_list(self, conditions: Any) -> tuple[float, bool]:
        p, exact = 1.0, True
        for cond in conditions or []:
            q = condition_probability(cond, self.ctx)
            if q is None:
                q, exact = 0.0, False
            p *= q
        return p, exact

    def _rolls(self, pool: Mapping[str, Any]) -> Dist | None:
        rolls = int_distribution(pool.get("rolls"))
        bonus = pool.get("bonus_rolls", 0.0)
        extra = scaled_float_distribution(bonus, self.ctx.luck, rounding="floor")
        if rolls is None or extra is None:
            return None
        return map_counts(convolve(rolls, extra), lambda r: max(r, 0))

    def _pool(
        self, pool: Mapping[str, Any], table_functions: list
    ) -> tuple[dict[str, float], dict[str, float], set[str]]:
        pool_exact = True
        p_pass, ok = self._cond_list(pool.get("conditions"))
        pool_exact &= ok
        rolls = self._rolls(pool)
        if rolls is None:
            pool_exact, rolls = False, {1: 1.0}
        if isinstance(rolls, Approx):
            pool_exact = False
        chain = list(pool.get("functions", [])) + table_functions
        self._flags.append(True)
        self._seen.append([])
        units = [self._expand(e, chain) for e in pool.get("entries", [])]
        pool_exact &= self._flags.pop()
        seen = self._seen.pop()
        chosen, pick_exact = self._choice_probabilities(units)
        pool_exact &= pick_exact

        # per candidate: item -> (E, P(>0)), inexact items
        e_roll: dict[str, float] = {}
        q_roll: dict[str, float] = {}
        inexact: set[str] = set()
        cuts = self._cuts
        for cand in seen:
            self._yield(cand)
        if self._cuts != cuts:  # a nested table reference loops back: the figures are cut short
            pool_exact = False
        if any(cand.unknown and p > 0 for cand, p in chosen):  # the pool can give items nobody can name
            pool_exact = False
        for cand, p in chosen:
            for item, e, q, exact in self._yield(cand):
                e_roll[item] = e_roll.get(item, 0.0) + p * e
                q_roll[item] = q_roll.get(item, 0.0) + p * q
                if not exact:
                    inexact.add(item)
        for cand in seen:
            for item, *_ in self._yield(cand):
                e_roll.setdefault(item, 0.0)
                q_roll.setdefault(item, 0.0)
        mean_rolls = sum(r * p for r, p in rolls.items())
        exp = {item: p_pass * mean_rolls * e for item, e in e_roll.items()}
        p_none = {
            item: (1 - p_pass) + p_pass * sum(p * (1 - min(q, 1.0)) ** r for r, p in rolls.items())
            for item, q in q_roll.items()
        }
        if not pool_exact:
            inexact |= set(exp)
        return exp, p_none, inexact

    # ---------------------------------------------------------------- entries

    def _expand(self, entry: Mapping[str, Any], chain: list) -> list[tuple[float, tuple[_Cand, ...]]]:
        """Outcome distribution of one top-level entry: ``[(probability, candidates)]``."""
        merged: dict[tuple[int, ...], tuple[float, tuple[_Cand, ...]]] = {}
        for p, _, cands in self._expand_rec(entry, chain):
            key = tuple(id(c) for c in cands)
            old = merged.get(key, (0.0, cands))
            merged[key] = (old[0] + p, cands)
        return [v for v in merged.values() if v[0] > 0]

    def _expand_rec(self, entry: Mapping[str, Any], chain: list) -> list[tuple[float, bool, tuple[_Cand, ...]]]:
        p_self, ok = self._cond_list(entry.get("conditions"))
        if not ok:
            self._flags[-1] = False
        fail: list[tuple[float, bool, tuple[_Cand, ...]]] = [(1.0 - p_self, False, ())] if p_self < 1.0 else []
        t = norm_id(entry["type"])
        if p_self == 0.0:
            if "children" in entry:
                for child in entry["children"]:
                    self._expand_rec(child, chain)
            else:
                self._candidates(entry, chain)
            return fail
        if "children" in entry and t in ("minecraft:alternatives", "minecraft:group", "minecraft:sequence"):
            children = [self._expand_rec(c, chain) for c in entry["children"]]
            going: list[tuple[float, tuple[_Cand, ...]]] = [(1.0, ())]
            done: list[tuple[float, bool, tuple[_Cand, ...]]] = []
            for outs in children:
                nxt: list[tuple[float, tuple[_Cand, ...]]] = []
                for pg, cg in going:
                    for pc, passed, cc in outs:
                        if t == "minecraft:group":
                            nxt.append((pg * pc, cg + cc))
                        elif passed == (t == "minecraft:alternatives"):
                            done.append((pg * pc, t == "minecraft:alternatives", cg + cc))
                        else:
                            nxt.append((pg * pc, cg + cc))
                going = nxt
                if len(going) + len(done) > MAX_OUTCOMES:
                    raise _TooComplex(
                        f"the conditions of a {t.split(':', 1)[1]} entry combine into more than {MAX_OUTCOMES} outcomes"
                    )
            final = t != "minecraft:alternatives"
            outcomes = done + [(p, final, c) for p, c in going]
            return [(p_self * p, passed, c) for p, passed, c in outcomes] + fail
        return [(p_self, True, self._candidates(entry, chain))] + fail

    def _candidates(self, entry: Mapping[str, Any], chain: list) -> tuple[_Cand, ...]:
        key = (id(entry), id(chain))
        cache = self._cand_cache
        if key in cache:
            self._seen[-1].extend(cache[key][0])
            return cache[key][0]
        t = norm_id(entry["type"])
        weight, quality = int(entry.get("weight", 1)), int(entry.get("quality", 0))
        functions = list(entry.get("functions", [])) + chain
        cands: tuple[_Cand, ...]
        if t == "minecraft:item":
            cands = (_Cand(weight, quality, (self._stack_of(norm_id(entry["name"]), functions),)),)
        elif t == "minecraft:tag":
            members = self.tag_items(norm_id(entry["name"]).lstrip("#"))
            if entry.get("expand", False):
                cands = tuple(_Cand(weight, quality, (self._stack_of(m, functions),)) for m in members)
            else:
                cands = (_Cand(weight, quality, tuple(self._stack_of(m, functions) for m in members)),)
        elif t == "minecraft:loot_table":
            value = entry.get("value", entry.get("name"))
            ref = norm_id(value) if isinstance(value, str) else value
            cands = (_Cand(weight, quality, table=ref, chain_active=self._chain_active(functions)),)
        else:  # empty, dynamic and unknown singletons take part in the pick but yield nothing known
            cands = (_Cand(weight, quality, unknown=t != "minecraft:empty"),)
        cache[key] = (cands, entry, chain)  # keep referents alive so ids stay unique
        self._seen[-1].extend(cands)
        return cands

    def _chain_active(self, functions: list) -> bool:
        for f in functions:
            name = norm_id(str(f.get("function", "")))
            if name == "minecraft:explosion_decay" and self.ctx.explosion <= 1:
                continue
            if name in ("minecraft:enchanted_count_increase", "minecraft:looting_enchant") and not self.ctx.looting:
                continue
            if name in COUNT_FUNCTIONS or name not in KNOWN_OTHER_FUNCTIONS:
                return True
        return False

    # ---------------------------------------------------------------- counts

    def _stack_of(self, item: str, functions: list) -> tuple[str, Dist, bool]:
        dist: Dist = {1: 1.0}
        exact = True
        for f in functions:
            name = norm_id(str(f.get("function", "")))
            if name not in COUNT_FUNCTIONS:
                if name not in KNOWN_OTHER_FUNCTIONS:
                    exact = False
                continue
            p, ok = self._cond_list(f.get("conditions"))
            exact &= ok
            if p == 0.0:
                continue
            new = self._apply(name, f, dist)
            if new is None:
                exact = False
                continue
            dist = new if p == 1.0 else mix([(p, new), (1.0 - p, dist)])
        return item, dist, exact and not isinstance(dist, Approx)

    def _apply(self, name: str, f: Mapping[str, Any], dist: Dist) -> Dist | None:
        ctx = self.ctx
        if name == "minecraft:set_count":
            draw = int_distribution(f.get("count"))
            if draw is None:
                return None
            return convolve(dist, draw) if f.get("add", False) else draw
        if name in ("minecraft:enchanted_count_increase", "minecraft:looting_enchant"):
            level = ctx.looting if name == "minecraft:looting_enchant" else ctx.enchantment_level(f.get("enchantment"))
            if level is None:
                return None
            if level == 0:
                return dist
            add = scaled_float_distribution(f.get("count"), level, rounding="round")
            if add is None:
                return None
            out = convolve(dist, add)
            limit = int(f.get("limit", 0))
            return map_counts(out, lambda v: min(v, limit)) if limit > 0 else out
        if name == "minecraft:apply_bonus":
            level = ctx.enchantment_level(f.get("enchantment"))
            if level is None:
                return None
            formula = norm_id(str(f.get("formula", "")))
            params = f.get("parameters", {})
            if formula == "minecraft:ore_drops":
                if level <= 0:
                    return dist
                mult = {i + 1: (2.0 if i == 0 else 1.0) / (level + 2) for i in range(0, min(level, MAX_SUPPORT) + 1)}
                if level > MAX_SUPPORT or len(dist) * len(mult) > MAX_WORK:
                    mean_mult = (2 + (level + 1) * (level + 2) / 2 - 1) / (level + 2)
                    return approx(mean(dist) * mean_mult)
                return mix([(pm, map_counts(dist, m.__mul__)) for m, pm in mult.items()])
            if formula == "minecraft:uniform_bonus_count":
                top = int(params.get("bonusMultiplier", 1)) * level
                return convolve(dist, uniform_int(0, top) if top >= 0 else {0: 1.0})
            if formula == "minecraft:binomial_with_bonus_count":
                trials = level + int(params.get("extra", 0))
                return convolve(dist, binomial(trials, float(params.get("probability", 0.0))))
            return None
        if name == "minecraft:limit_count":
            limit = f.get("limit", {})
            if isinstance(limit, (int, float)):
                lo = hi = int(limit)
            else:
                lo_d = int_distribution(limit["min"]) if "min" in limit else {-(10**9): 1.0}
                hi_d = int_distribution(limit["max"]) if "max" in limit else {10**9: 1.0}
                if lo_d is None or hi_d is None or len(lo_d) > 1 or len(hi_d) > 1:
                    return None
                lo, hi = next(iter(lo_d)), next(iter(hi_d))
            return map_counts(dist, lambda v: min(max(v, lo), hi))
        if name == "minecraft:explosion_decay":
            if ctx.explosion <= 1:
                return dist
            keep = 1.0 / ctx.explosion
            if sum(max(v, 0) for v in dist) > MAX_WORK:
                return approx(
                    mean(map_counts(dist, lambda v: max(v, 0))) * keep + mean(map_counts(dist, lambda v: min(v, 0)))
                )
            out = mix([(p, binomial(v, keep) if v > 0 else {v: 1.0}) for v, p in dist.items()])
            return Approx(out) if isinstance(dist, Approx) else out
        return None

    def _yield(self, cand: _Cand):
        """``(item, E[count], P(count > 0), exact)`` for what one chosen candidate gives."""
        cache = self._yield_cache
        if id(cand) in cache:
            return cache[id(cand)][0]
        rows = []
        for item, dist, exact in cand.stacks:
            e = sum(max(v, 0) * p for v, p in dist.items())
            q = sum(p for v, p in dist.items() if v > 0)
            rows.append((item, e, q, exact))
        if cand.table is not None:
            if isinstance(cand.table, str):
                known = cand.table in self.tables and cand.table not in self._stack
                if cand.table in self._stack:
                    self._cuts += 1
                nested = self._table(cand.table)
            else:
                known = True
                if len(self._stack) >= MAX_TABLE_DEPTH:
                    raise _TooComplex(f"inline loot tables nested deeper than {MAX_TABLE_DEPTH}")
                self._stack.append("")  # an inline table counts as one level of nesting
                try:
                    nested = self._table_data(cand.table)
                finally:
                    self._stack.pop()
            for item in sorted(nested.expected):
                exact = known and not cand.chain_active and item not in nested.inexact
                rows.append((item, nested.expected[item], 1.0 - nested.p_none[item], exact))
        cache[id(cand)] = (rows, cand)
        return rows

    # ---------------------------------------------------------------- the weighted pick

    def _weight(self, cand: _Cand) -> int:
        return max(math.floor(cand.weight + cand.quality * self.ctx.luck), 0)

    def _choice_probabilities(
        self, units: list[list[tuple[float, tuple[_Cand, ...]]]]
    ) -> tuple[list[tuple[_Cand, float]], bool]:
        """Probability that each candidate is picked in one roll, and whether that is exact."""
        totals: list[Dist] = []
        for outs in units:
            d: Dist = {}
            for p, cands in outs:
                w = sum(self._weight(c) for c in cands)
                d[w] = d.get(w, 0.0) + p
            missing = 1.0 - sum(d.values())
            if missing > 1e-15:
                d[0] = d.get(0, 0.0) + missing
            totals.append(d)
        n = len(units)
        prefix: list[Dist] = [{0: 1.0}]
        for d in totals:
            prefix.append(convolve(prefix[-1], d))
        suffix: list[Dist] = [{0: 1.0}] * (n + 1)
        for i in range(n - 1, -1, -1):
            suffix[i] = convolve(suffix[i + 1], totals[i])
        acc: dict[int, tuple[_Cand, float]] = {}
        for i, outs in enumerate(units):
            others = convolve(prefix[i], suffix[i + 1])
            for p, cands in outs:
                w_o = sum(self._weight(c) for c in cands)
                for c in cands:
                    w = self._weight(c)
                    if w <= 0:
                        continue
                    share = sum(q * w / (rest + w_o) for rest, q in others.items())
                    old = acc.get(id(c), (c, 0.0))
                    acc[id(c)] = (c, old[1] + p * share)
        exact = not is_approx(*prefix, *suffix)
        return list(acc.values()), exact
