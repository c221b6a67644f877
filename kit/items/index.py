"""The lookup tables behind the built-in item-source providers, and the providers themselves.

:class:`ItemIndex` holds explicit inputs (recipes, loot tables, resolved tags, a :class:`~kit.items.refs.RefExpander`
and a problem reporter); each table is a :func:`functools.cached_property`, built on first use and independently
of the others, so a query for recipes never scans loot tables. A table whose build raises is not kept, so only
the providers that need it report the error. The built-in providers (``system:recipe``, ``system:loot``,
``system:tag``) are registered here, where the index lives, and reach it through the public
:attr:`PackSet.index <kit.items.PackSet.index>` (the :class:`IndexedPacks` protocol).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from typing import Protocol

from kit.core.collector import building_tables
from kit.items.loot import LootTable, walk_entries
from kit.items.loot_scan import LootPlan
from kit.items.recipes import CustomIngredient, ItemStack, Recipe
from kit.items.refs import RefExpander
from kit.items.sources import (
    MAX_ALTERNATIVES,
    MAX_LOOT_TABLES,
    MAX_TAG_ITEMS_PER_TABLE,
    MAX_TAGS,
    PROVIDERS,
    ItemSource,
    SourceSlot,
)

__all__ = ["ItemIndex", "IndexedPacks", "Reporter", "ProblemRows"]

#: ``report(kind, object_id, field, message, resource)``: adds one row to the packs' problems (``resource`` is
#: ``"loot_table"`` or ``""``, telling where ``object_id`` lives).
Reporter = Callable[[str, str, str, str, str], None]

_SCAN_ERRORS = (TypeError, ValueError, KeyError, AttributeError, ArithmeticError, RecursionError)


class ProblemRows:
    """The :data:`Reporter` of a pack set: appends each new row to its ``errors`` and ``problems`` lists (once per row).

    It holds the pack set's lists and loot tables, never the pack set itself, so a pack set and its index form no
    reference cycle and are freed as soon as the last reference goes (no collector pass over 100,000 recipes).
    """

    __slots__ = ("_tables", "_errors", "_problems")

    def __init__(self, tables: Mapping[str, LootTable], errors: list[tuple], problems: list[tuple]) -> None:
        self._tables, self._errors, self._problems = tables, errors, problems

    def __call__(self, kind: str, object_id: str, field: str, message: str, resource: str) -> None:
        """Add one row: ``resource == "loot_table"`` names the table's pack and path (and an unusable table is an
        error too); ``capped`` rows are warnings, the others errors.
        """
        if resource == "loot_table":
            t = self._tables.get(object_id)
            pack, path = (t.pack, t.path) if t else ("", "")
            if kind == "unusable_loot_table":
                err = ("loot_table", object_id, message, pack, path)
                if err not in self._errors:
                    self._errors.append(err)
        else:
            pack, path = "", ""
        severity = "warning" if kind == "capped" else "error"
        row = (severity, kind, object_id, field, message, path, pack)
        if row not in self._problems:
            self._problems.append(row)


class ItemIndex:
    """Item -> recipes / loot tables / tags / uses, each table built on first use.

    Parameters
    ----------
    recipes, tables : mapping
        Recipe id -> :class:`Recipe`, loot table id -> :class:`LootTable`.
    refs : RefExpander
        Expands ingredient refs over the packs' resolved tags.
    report : Reporter
        Receives a problem row for a table the loot scan skips and for every cap that cuts (results never
        pretend to be complete).
    """

    def __init__(
        self, recipes: Mapping[str, Recipe], tables: Mapping[str, LootTable], refs: RefExpander, report: Reporter
    ) -> None:
        self.recipes = recipes
        self.tables = tables
        self.refs = refs
        self.report = report
        self._recipe_cache: dict[str, ItemSource] = {}

    @cached_property
    def produced(self) -> dict[str, list[str]]:
        """Item id -> ids of the recipes producing it (recipe id order)."""
        produced: dict[str, list[str]] = {}
        with building_tables():
            recipes = self.recipes
            for rid in sorted(recipes):
                r = recipes[rid]
                first = r.result
                if first is not None and not r.results and first.item_id[:1] != "#":  # the common case: one item
                    produced.setdefault(first.item_id, []).append(rid)
                    continue
                refs = r.output_refs
                if len(refs) == 1 and isinstance(refs[0], str) and not refs[0].startswith("#"):
                    produced.setdefault(refs[0], []).append(rid)
                    continue
                for item in dict.fromkeys(self.refs.expand(refs)[0]):
                    produced.setdefault(item, []).append(rid)
        return produced

    @cached_property
    def loot(self) -> dict[str, dict[str, tuple[int, int, list[str]]]]:
        """Item id -> loot table id -> ``(count_min, count_max, notes)`` from the static scan (4,096 tables)."""
        loot: dict[str, dict[str, tuple[int, int, list[str]]]] = {}
        plan = self._loot_plan
        with building_tables():
            for tid in plan.table_ids():
                for item, low, high, notes in plan.drops(tid):
                    _merge_drop(loot.setdefault(item, {}), tid, low, high, notes)
        return loot

    def loot_of(self, item_id: str) -> dict[str, tuple[int, int, list[str]]]:
        """``loot.get(item_id, {})``, computed from the tables naming the item alone while :attr:`loot` is unbuilt
        (the scan's problem rows are reported for every table all the same).
        """
        if "loot" in self.__dict__:
            return self.loot.get(item_id, {})
        plan = self._loot_plan
        by_table: dict[str, tuple[int, int, list[str]]] = {}
        for tid in plan.tables_of.get(item_id, ()):
            for item, low, high, notes in plan.drops(tid):
                if item == item_id:
                    _merge_drop(by_table, tid, low, high, notes)
        return by_table

    @cached_property
    def _loot_plan(self) -> LootPlan:
        """The static scan of the first 4,096 tables (by id) with count ranges and notes left for later (which tables
        name which item is known). Reports the scan's problem rows, in the order the whole scan reports them.
        """
        plan = LootPlan()
        ids = sorted(self.tables)
        if len(ids) > MAX_LOOT_TABLES:
            self.report(
                "capped",
                "loot_tables",
                "",
                f"the loot scan reads the first {MAX_LOOT_TABLES:,} of "
                f"{len(ids):,} loot tables (by id); items dropped only by tables after "
                f"{ids[MAX_LOOT_TABLES - 1]} have no loot sources",
                "",
            )
        tables, tag_items = self.tables, self.refs.tag_items
        with building_tables():
            for tid in ids[:MAX_LOOT_TABLES]:
                try:
                    cut = plan.add(tid, tables[tid], tag_items, MAX_TAG_ITEMS_PER_TABLE)
                except _SCAN_ERRORS as exc:
                    self.report(
                        "unusable_loot_table",
                        tid,
                        "",
                        f"skipped by the loot scan: {type(exc).__name__}: {exc}",
                        "loot_table",
                    )
                    continue
                if cut:
                    self.report(
                        "capped",
                        tid,
                        "entries",
                        f"the loot scan expands at most "
                        f"{MAX_TAG_ITEMS_PER_TABLE} members of a table's tag entries; {cut} left out",
                        "loot_table",
                    )
        return plan

    @cached_property
    def loot_names(self) -> frozenset[str]:
        """Every item id an ``item`` entry of any loot table names (no cap: it tells known items apart)."""
        names: set[str] = set()
        for table in self.tables.values():
            try:
                names.update(e.name for e in walk_entries(table) if e.entry_type == "item")
            except _SCAN_ERRORS:
                continue
        return frozenset(names)

    @cached_property
    def tags_of(self) -> dict[str, list[str]]:
        """Item id -> the tags holding it (tag id order)."""
        tags_of: dict[str, list[str]] = {}
        members = self.refs.tags.members
        for tag_id in sorted(members):
            for m in members[tag_id]:
                tags_of.setdefault(m.item_id, []).append(tag_id)
        return tags_of

    @cached_property
    def used(self) -> dict[str, dict[str, list[str]]]:
        """Item id -> recipe id -> the tag (or custom ingredient type, ``""`` when named) per accepting slot."""
        used: dict[str, dict[str, list[str]]] = {}
        with building_tables():
            for rid in sorted(self.recipes):
                for slot in self.recipes[rid].inputs:
                    for ref in slot:
                        if isinstance(ref, CustomIngredient):
                            items, via = self.refs.ref_items(ref)[0], ref.type
                        elif ref.startswith("#"):
                            items, via = self.refs.tag_items(ref[1:]), ref[1:]
                        else:
                            items, via = (ref,), ""
                        for item in items:
                            used.setdefault(item, {}).setdefault(rid, []).append(via)
        return used

    # ------------------------------------------------------------------------------------------ sources
    def slot(self, refs: tuple, count: int = 1, chance: float = 1.0) -> SourceSlot:
        """The slot of ``refs``: at most 8 example items, ``n_items`` counting all of them, and what is unresolved."""
        items, unresolved = self.refs.expand(refs)
        return SourceSlot(
            tuple(ItemStack(i) for i in items[:MAX_ALTERNATIVES]), count, chance, unresolved, n_items=len(items)
        )

    def recipe_source(self, rid: str) -> ItemSource:
        """The source record of one recipe (cached)."""
        if rid in self._recipe_cache:
            return self._recipe_cache[rid]
        r = self.recipes[rid]
        counts = r.input_counts
        inputs = tuple(self.slot(slot, counts[i] if i < len(counts) else 1) for i, slot in enumerate(r.inputs))
        notes: tuple[str, ...] = ()
        outputs: tuple[SourceSlot, ...] = ()
        if r.item_results:
            outputs = tuple(self._result_slot(r, i, stack) for i, stack in enumerate(r.item_results))
        elif r.kind == "smithing_trim":
            outputs = (self.slot(r.output_refs),)
            notes = ("output: the base item with an armour trim",)
        if r.kind == "special":
            notes = ("special recipe: inputs and outputs are hard-coded in the game",)
        elif r.kind == "unknown":
            notes = ("recipe type unknown to kit: ingredients and outputs read from the usual keys",)
        src = ItemSource(
            "recipe", rid, r.recipe_type, r.station, r.width, inputs, outputs, notes + r.notes, "system:recipe"
        )
        self._recipe_cache[rid] = src
        return src

    def _result_slot(self, r: Recipe, i: int, stack: ItemStack) -> SourceSlot:
        chance = r.chances[i] if i < len(r.chances) else 1.0
        if stack.item_id.startswith("#"):
            return self.slot((stack.item_id,), stack.count, chance)
        return SourceSlot((ItemStack(stack.item_id, 1, stack.components),), stack.count, chance)

    def recipe_sources(self, item_id: str) -> list[ItemSource]:
        """The recipes producing ``item_id``, as sources (recipe id order)."""
        out = []
        for rid in self.produced.get(item_id, ()):
            src = self.recipe_source(rid)
            if self.recipes[rid].kind == "smithing_trim":  # the output is the queried base item, trimmed
                src = dataclasses.replace(src, outputs=(SourceSlot((ItemStack(item_id),)),))
            out.append(src)
        return out

    def loot_sources(self, item_id: str) -> list[ItemSource]:
        """The loot tables dropping ``item_id`` (table id order), with the count range in the output slot."""
        return [
            ItemSource(
                "loot",
                tid,
                "loot_table",
                outputs=(SourceSlot((ItemStack(item_id),), low, count_max=high if high > low else 0),),
                notes=tuple(notes),
                provider_id="system:loot",
            )
            for tid, (low, high, notes) in sorted(self.loot_of(item_id).items())
        ]

    def tag_sources(self, item_id: str) -> list[ItemSource]:
        """The tags holding ``item_id`` (at most 64; the output's ``cuts`` says when more exist)."""
        return [
            ItemSource("tag", "#" + t, outputs=(SourceSlot((ItemStack(item_id),)),), provider_id="system:tag")
            for t in self.tags_of.get(item_id, ())[:MAX_TAGS]
        ]

    def n_tags(self, item_id: str) -> int:
        """How many tags hold ``item_id`` (before the 64-tag cap)."""
        return len(self.tags_of.get(item_id, ()))


def _merge_drop(
    by_table: dict[str, tuple[int, int, list[str]]], tid: str, low: int, high: int, notes: list[str]
) -> None:
    """Merge one entry into the table's row: the count range covers every entry, notes are joined."""
    old = by_table.get(tid)
    if old is None:
        by_table[tid] = (low, high, notes)
    else:
        by_table[tid] = (min(old[0], low), max(old[1], high), list(dict.fromkeys(old[2] + notes)))


class IndexedPacks(Protocol):
    """What the built-in providers need from a pack set: its :class:`ItemIndex`."""

    @property
    def index(self) -> ItemIndex: ...


def recipe_provider(packs: IndexedPacks, item_id: str) -> Iterable[ItemSource]:
    """``system:recipe``: the recipes producing the item."""
    return packs.index.recipe_sources(item_id)


def loot_provider(packs: IndexedPacks, item_id: str) -> Iterable[ItemSource]:
    """``system:loot``: the loot tables dropping the item."""
    return packs.index.loot_sources(item_id)


def tag_provider(packs: IndexedPacks, item_id: str) -> Iterable[ItemSource]:
    """``system:tag``: the item tags holding the item."""
    return packs.index.tag_sources(item_id)


PROVIDERS.register("system:recipe", recipe_provider, kind="recipe", replace=True)
PROVIDERS.register("system:loot", loot_provider, kind="loot", replace=True)
PROVIDERS.register("system:tag", tag_provider, kind="tag", replace=True)
