"""The loaded packs: tables as DataFrames, item sources, item uses, names and loot statistics."""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from kit.core.errors import InvalidParameterError
from kit.core.frames import frame
from kit.core.problems import problem_schema
from kit.items._common import gc_paused, norm_id
from kit.items.errors import UnknownLootTableError
from kit.items.loot import LootContext, LootTable, walk_entries
from kit.items.recipes import CustomIngredient, ItemStack, Recipe
from kit.items.sources import (MAX_ALTERNATIVES, MAX_LOOT_TABLES, MAX_TAG_ITEMS_PER_TABLE, MAX_TAGS, PROVIDERS,
                               ItemSource, ItemSourceOutput, ProviderRegistry, SourceSlot)
from kit.items.tags import ResolvedTags

__all__ = ["PackSet"]

RECIPE_SCHEMA = {
    "recipe_id": "string", "recipe_type": "string", "kind": "string", "result_item_id": "string",
    "result_count": "int64", "width": "int64", "n_inputs": "int64", "inputs": "object", "station": "string",
    "category": "string", "group": "string", "n_results": "int64", "results": "object", "conditions_met": "boolean",
    "notes": "string", "folder": "string", "pack": "string", "path": "string",
}
#: Columns of :meth:`PackSet.problems`: the shared problems shape (:mod:`kit.core.problems`), then ``pack``.
PROBLEM_SCHEMA = problem_schema({"pack": "string"})
CONDITION_SCHEMA = {"resource_type": "string", "resource_id": "string", "conditions": "string",
                    "conditions_met": "boolean", "notes": "string", "pack": "string", "path": "string"}
LOOT_TABLE_SCHEMA = {
    "loot_table_id": "string", "table_type": "string", "n_pools": "int64", "n_entries": "int64",
    "n_item_entries": "int64", "n_tag_entries": "int64", "n_nested_tables": "int64", "n_dynamic_entries": "int64",
    "n_empty_entries": "int64", "folder": "string", "pack": "string", "path": "string",
}
TAG_SCHEMA = {"tag_id": "string", "item_id": "string", "via_tag": "string", "pack": "string", "path": "string"}
ITEM_SCHEMA = {
    "item_id": "string", "name_en": "string", "name_zh": "string", "n_recipes": "int64", "n_uses": "int64",
    "n_loot_tables": "int64", "n_tags": "int64",
}
USES_SCHEMA = {
    "recipe_id": "string", "recipe_type": "string", "kind": "string", "result_item_id": "string",
    "result_count": "int64", "n_slots": "int64", "via_tag": "string", "pack": "string", "path": "string",
}
PACK_SCHEMA = {"pack": "string", "kind": "string", "features": "object", "is_applied": "bool", "location": "string"}
EXPECTATION_SCHEMA = {"loot_table_id": "string", "item_id": "string", "expected_count": "float64",
                      "p_at_least_one": "float64", "is_exact": "bool"}


def _leaves(ref: CustomIngredient):
    """The plain refs inside a custom ingredient, and the nested custom ingredients kit cannot compute."""
    if ref.op == "unknown":
        yield ref
        return
    for child in ref.children:
        for r in child:
            if isinstance(r, CustomIngredient):
                yield from _leaves(r)
            else:
                yield r


_NAME_RE = re.compile(r"^[a-z0-9_-]+$")


def _lang_key_to_id(key: str) -> tuple[str, str] | None:
    parts = key.split(".")
    if len(parts) != 3 or parts[0] not in ("item", "block") or not _NAME_RE.match(parts[1]) or not _NAME_RE.match(parts[2]):
        return None
    return parts[0], f"{parts[1]}:{parts[2]}"


@dataclass
class _Index:
    """The lookup tables behind the providers, each built on first use and independently of the others.

    A part whose build raises is not kept, so only the providers that need it report the error; one loot table
    the scan cannot read is skipped (and added to ``packs.problems()``) instead of failing the
    whole loot scan.
    """

    packs: "PackSet"
    _parts: dict[str, Any] = field(default_factory=dict)
    _recipe_cache: dict[str, ItemSource] = field(default_factory=dict)
    _used: dict[str, dict[str, list[str]]] | None = None

    def _part(self, name: str) -> Any:
        if name not in self._parts:
            with gc_paused():
                self._parts[name] = getattr(self, f"_build_{name}")()
        return self._parts[name]

    @property
    def produced(self) -> dict[str, list[str]]:
        return self._part("produced")

    @property
    def loot(self) -> dict[str, dict[str, tuple[int, list[str]]]]:
        return self._part("loot")

    @property
    def tags_of(self) -> dict[str, list[str]]:
        return self._part("tags")

    @property
    def used(self) -> dict[str, dict[str, list[str]]]:
        """item -> recipe -> [via per slot]; built on first use (item_sources does not need it)."""
        if self._used is None:
            p, used = self.packs, {}
            with gc_paused():
                for rid in sorted(p._recipes):
                    for slot in p._recipes[rid].inputs:
                        for ref in slot:
                            if isinstance(ref, CustomIngredient):
                                items, via = p._ref_items(ref)[0], ref.type
                            elif ref.startswith("#"):
                                items, via = p._tag_items(ref[1:]), ref[1:]
                            else:
                                items, via = (ref,), ""
                            for item in items:
                                used.setdefault(item, {}).setdefault(rid, []).append(via)
            self._used = used
        return self._used

    def _build_produced(self) -> dict[str, list[str]]:
        p = self.packs
        produced: dict[str, list[str]] = {}
        for rid in sorted(p._recipes):
            r = p._recipes[rid]
            refs = r.output_refs
            if len(refs) == 1 and isinstance(refs[0], str) and not refs[0].startswith("#"):  # the common case
                produced.setdefault(refs[0], []).append(rid)
                continue
            for item in dict.fromkeys(p._expand_refs(refs)):
                produced.setdefault(item, []).append(rid)
        return produced

    def _build_loot(self) -> dict[str, dict[str, tuple[int, list[str]]]]:
        p = self.packs
        loot: dict[str, dict[str, tuple[int, list[str]]]] = {}
        for tid in sorted(p._tables)[:MAX_LOOT_TABLES]:
            try:
                found = _scan_table(p, tid)
            except (TypeError, ValueError, KeyError, AttributeError, ArithmeticError, RecursionError) as exc:
                p._report_table(tid, f"skipped by the loot scan: {type(exc).__name__}: {exc}")
                continue
            for item, count, notes in found:
                old = loot.setdefault(item, {}).get(tid)
                if old is None:
                    loot[item][tid] = (count, notes)
                elif old[0] == count:
                    loot[item][tid] = (count, list(dict.fromkeys(old[1] + notes)))
                else:  # entries with different fixed counts: the count moves into the notes
                    merged = old[1] + ([f"count {old[0]}"] if old[0] != 1 else []) \
                        + notes + ([f"count {count}"] if count != 1 else [])
                    loot[item][tid] = (1, list(dict.fromkeys(merged)))
        return loot

    def _build_tags(self) -> dict[str, list[str]]:
        p = self.packs
        tags_of: dict[str, list[str]] = {}
        for tag_id in sorted(p._tags.members):
            for m in p._tags.members[tag_id]:
                tags_of.setdefault(m.item_id, []).append(tag_id)
        return tags_of

    def _slot(self, refs: tuple, count: int = 1, chance: float = 1.0) -> SourceSlot:
        items, unresolved = self.packs._expand_refs_unresolved(refs)
        return SourceSlot(tuple(ItemStack(i) for i in items[:MAX_ALTERNATIVES]), count, chance, unresolved)

    def recipe_source(self, rid: str) -> ItemSource:
        if rid in self._recipe_cache:
            return self._recipe_cache[rid]
        r = self.packs._recipes[rid]
        counts = r.input_counts
        inputs = tuple(self._slot(slot, counts[i] if i < len(counts) else 1) for i, slot in enumerate(r.inputs))
        notes: tuple[str, ...] = ()
        results = r.item_results
        if results:
            outputs = []
            for i, stack in enumerate(results):
                chance = r.chances[i] if i < len(r.chances) else 1.0
                if stack.item_id.startswith("#"):
                    outputs.append(self._slot((stack.item_id,), stack.count, chance))
                else:
                    outputs.append(SourceSlot((ItemStack(stack.item_id, 1, stack.components),), stack.count, chance))
            outputs = tuple(outputs)
        elif r.kind == "smithing_trim":
            outputs = (self._slot(r.output_refs),)
            notes = ("output: the base item with an armour trim",)
        else:
            outputs = ()
        if r.kind == "special":
            notes = ("special recipe: inputs and outputs are hard-coded in the game",)
        elif r.kind == "unknown":
            notes = ("recipe type unknown to kit: ingredients and outputs read from the usual keys",)
        notes += r.notes
        src = ItemSource("recipe", rid, r.recipe_type, r.station, r.width, inputs, outputs, notes, "system:recipe")
        self._recipe_cache[rid] = src
        return src

    def recipe_sources(self, item_id: str) -> list[ItemSource]:
        out = []
        for rid in self.produced.get(item_id, ()):
            src = self.recipe_source(rid)
            if self.packs._recipes[rid].kind == "smithing_trim":  # the output is the queried base item, trimmed
                src = dataclasses.replace(src, outputs=(SourceSlot((ItemStack(item_id),)),))
            out.append(src)
        return out

    def loot_sources(self, item_id: str) -> list[ItemSource]:
        out = []
        for tid, (count, notes) in sorted(self.loot.get(item_id, {}).items()):
            out.append(ItemSource("loot", tid, "loot_table", outputs=(SourceSlot((ItemStack(item_id),), count),),
                                  notes=tuple(notes), provider_id="system:loot"))
        return out

    def tag_sources(self, item_id: str) -> list[ItemSource]:
        return [ItemSource("tag", "#" + t, outputs=(SourceSlot((ItemStack(item_id),)),), provider_id="system:tag")
                for t in self.tags_of.get(item_id, ())[:MAX_TAGS]]


def _scan_table(p: "PackSet", tid: str) -> list[tuple[str, int, list[str]]]:
    """The static scan of one table: ``(item, fixed count, notes)`` per item entry and per tag member (capped)."""
    out = []
    budget = MAX_TAG_ITEMS_PER_TABLE
    for e in walk_entries(p._tables[tid]):
        if e.entry_type == "item":
            items: tuple[str, ...] = (e.name,)
        elif e.entry_type == "tag":
            items = p._tags.items(e.name.lstrip("#"))[:budget]
            budget -= len(items)
        else:
            continue
        count, notes = _entry_notes(e)
        out.extend((item, count, notes) for item in items)
    return out


def _describe_count(value: Any) -> str:
    if isinstance(value, (int, float)):
        return f"{value:g}"
    if isinstance(value, dict):
        t = norm_id(str(value.get("type", "minecraft:uniform" if "min" in value else "minecraft:constant")))
        if t == "minecraft:constant":
            return f"{float(value.get('value', 0)):g}"
        if t == "minecraft:uniform":
            return f"{_describe_count(value.get('min'))}..{_describe_count(value.get('max'))}"
        if t == "minecraft:binomial":
            return f"binomial(n={_describe_count(value.get('n'))}, p={_describe_count(value.get('p'))})"
        return t.split(":", 1)[1]
    return "?"


def _entry_notes(e) -> tuple[int, list[str]]:
    notes = [f"weight {e.weight}"]
    if e.quality:
        notes.append(f"quality {e.quality}")
    count = 1
    for f in e.data.get("functions", []):
        if norm_id(str(f.get("function", ""))) != "minecraft:set_count":
            continue
        value = f.get("count")
        if (isinstance(value, (int, float)) or (isinstance(value, dict) and norm_id(str(value.get("type", ""))) == "minecraft:constant")) \
                and not f.get("add") and not f.get("conditions"):
            v = value if isinstance(value, (int, float)) else value.get("value", 1)
            count = max(int(round(float(v))), 1)
        else:
            notes.append(("count +" if f.get("add") else "count ") + _describe_count(value))
    conds = [norm_id(str(c.get("condition", ""))).split(":", 1)[1] for c in e.data.get("conditions", [])]
    if conds:
        notes.append("conditions: " + ", ".join(conds))
    if e.entry_type == "tag":
        notes.append(f"tag #{e.name.lstrip('#')}")
    return count, notes


class PackSet:
    """Recipes, loot tables, item tags and display names of a list of data packs (see ``load_datapacks``).

    ``mods`` is the set of mod ids loader conditions were evaluated against (``None`` when not given).
    """

    def __init__(self, recipes: Mapping[str, Recipe], tables: Mapping[str, LootTable], tags: ResolvedTags,
                 lang: Mapping[str, Mapping[str, str]], errors: Sequence[tuple], packs: Sequence[Any], *,
                 problems: Sequence[tuple] = (), conditions: Sequence[tuple] = (),
                 assets: Mapping[str, Any] | None = None, mods: frozenset[str] | None = None,
                 sources: Sequence[Any] = ()) -> None:
        self._sources = list(sources)  # the packs' file listings, for kit.items.pack_files
        self._problems = list(problems)
        self._conditions = list(conditions)
        self._assets = dict(assets or {})
        self.mods = mods
        self._icons: dict[str, bytes | None] = {}
        self._tag_cache: dict[str, tuple[str, ...]] = {}
        self._recipes = dict(recipes)
        self._tables = dict(tables)
        self._tags = tags
        self._lang = {k: dict(v) for k, v in lang.items()}
        self._errors = list(errors)
        self._packs = list(packs)
        self._idx: _Index | None = None
        self._names: Any = None
        self._calc: dict[LootContext, Any] = {}

    def __repr__(self) -> str:
        return (f"<PackSet {len(self._packs)} packs: {len(self._recipes)} recipes, {len(self._tables)} loot tables, "
                f"{len(self._tags.members)} item tags, {len(self._errors)} errors>")

    # ---------------------------------------------------------------- helpers

    def _ref_items(self, ref: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The items a ref accepts and what could not be resolved (undefined tags, unknown custom ingredients)."""
        if isinstance(ref, CustomIngredient):
            if ref.op == "unknown":
                return (), (str(ref),)
            parts = [self._expand_refs_unresolved(child, limit=None) for child in ref.children]
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
        if ref.startswith("#"):
            tag = ref[1:]
            if tag in self._tags.members:
                return self._tag_items(tag), ()
            return (), (ref,)
        return (ref,), ()

    def _tag_items(self, tag: str) -> tuple[str, ...]:
        items = self._tag_cache.get(tag)
        if items is None:
            items = self._tag_cache[tag] = self._tags.items(tag)
        return items

    def _expand_refs_unresolved(self, refs: Sequence[Any], limit: int | None = None) -> tuple[list[str], tuple[str, ...]]:
        out: dict[str, None] = {}
        unresolved: dict[str, None] = {}
        for ref in refs:
            items, missing = self._ref_items(ref)
            out.update(dict.fromkeys(items))
            unresolved.update(dict.fromkeys(missing))
        return list(out), tuple(unresolved)

    def _expand_refs(self, refs: Sequence[Any]) -> list[str]:
        return self._expand_refs_unresolved(refs)[0]

    def _index(self) -> _Index:
        if self._idx is None:
            self._idx = _Index(self)
        return self._idx

    def _report_table(self, tid: str, reason: str) -> None:
        """Report a loot table found unusable after loading (once per table and reason)."""
        t = self._tables.get(tid)
        pack, path = (t.pack, t.path) if t else ("", "")
        row = ("loot_table", tid, reason, pack, path)
        if row not in self._errors:
            self._errors.append(row)
            self._problems.append(("error", "unusable_loot_table", tid, "", reason, path, pack))

    def tag_items(self, tag_id: str) -> tuple[str, ...]:
        """Item ids of an item tag (``"minecraft:planks"`` or ``"#minecraft:planks"``); ``()`` if unknown."""
        return self._tags.items(norm_id(tag_id.lstrip("#")))

    def recipe(self, recipe_id: str) -> Recipe:
        """The parsed recipe ``recipe_id`` (raises ``KeyError`` if unknown)."""
        return self._recipes[norm_id(recipe_id)]

    def loot_table(self, loot_table_id: str) -> LootTable:
        """The loot table ``loot_table_id``.

        Raises
        ------
        UnknownLootTableError
            When no loaded pack defines it.
        """
        tid = norm_id(loot_table_id)
        if tid not in self._tables:
            raise UnknownLootTableError(f"loot table {tid!r} is not defined by the loaded packs")
        return self._tables[tid]

    @property
    def features(self) -> tuple[str, ...]:
        """Names of the built-in feature packs found inside the loaded packs (applied or not)."""
        return tuple(sorted({f for p in self._packs for f in p.features}))

    # ---------------------------------------------------------------- frames

    @property
    def errors(self):
        """Deprecated alias of :meth:`problems` (kept for one release; warns with DeprecationWarning)."""
        import warnings

        warnings.warn("PackSet.errors is deprecated and will be removed in the next release: use PackSet.problems()",
                      DeprecationWarning, stacklevel=2)
        return self.problems()

    def problems(self):
        """Everything kit could not read or resolve, in the shared problems shape.

        Returns
        -------
        pandas.DataFrame
            Columns ``severity`` (ordered: warning < error), ``kind``, ``object_id``, ``field``, ``message``,
            ``path`` (inside the pack), ``pack``. Kinds: ``unreadable_recipe`` / ``unreadable_loot_table`` /
            ``unreadable_item_tag`` / ``unreadable_lang`` (a file that fails to parse), ``removed_by_override`` (a top-priority file
            that fails to parse, so the id has no recipe or loot table at all), ``failed_tag`` (a cycle or a
            missing required reference), ``undefined_tag`` (a recipe slot naming a tag no pack defines; the slot
            stays visible as the tag), ``unresolved_ingredient`` (a custom ingredient kit cannot compute),
            ``undecided_condition`` (a loader condition kit cannot evaluate; the file is kept),
            ``unusable_loot_table`` (a table the loot scan or the loot figures could not use; other tables are
            unaffected). Sorted by
            severity (errors first), kind, object id.
        """
        rows = list(self._problems)
        for rid in sorted(self._recipes):
            r = self._recipes[rid]
            found: dict[tuple[str, str], list[str]] = {}  # (kind, message) -> slots
            for i, slot in enumerate(r.inputs):
                for ref in slot:
                    if isinstance(ref, CustomIngredient):
                        for leaf in _leaves(ref):
                            if isinstance(leaf, CustomIngredient):
                                message = f"{leaf} cannot be resolved to items; the slot shows it, unresolved"
                                found.setdefault(("unresolved_ingredient", message), []).append(f"inputs[{i}]")
                            elif leaf.startswith("#") and leaf[1:] not in self._tags.members:
                                message = (f"tag {leaf} (inside {ref.type}) is not defined by the loaded packs; "
                                           f"the slot shows it, unresolved")
                                found.setdefault(("undefined_tag", message), []).append(f"inputs[{i}]")
                    elif ref.startswith("#") and ref[1:] not in self._tags.members:
                        message = f"tag {ref} is not defined by the loaded packs; the slot shows the tag, unresolved"
                        found.setdefault(("undefined_tag", message), []).append(f"inputs[{i}]")
            for (kind, message), slots in found.items():
                rows.append(("warning", kind, rid, ",".join(dict.fromkeys(slots)), message, r.path, r.pack))
            for i, stack in enumerate(r.item_results):
                if stack.item_id.startswith("#") and stack.item_id[1:] not in self._tags.members:
                    rows.append(("warning", "undefined_tag", rid, f"results[{i}]",
                                 f"output tag {stack.item_id} is not defined by the loaded packs", r.path, r.pack))
        rows = [dict(zip(PROBLEM_SCHEMA, row)) for row in dict.fromkeys(rows)]
        order = {"error": 0, "warning": 1}
        rows.sort(key=lambda d: (order[d["severity"]], d["kind"], d["object_id"], d["field"], d["path"]))
        return frame(PROBLEM_SCHEMA, rows)

    def conditions(self):
        """Every loaded file that carried loader conditions, and the verdict.

        Returns
        -------
        pandas.DataFrame
            Columns ``resource_type`` (recipe, loot_table, item_tag), ``resource_id``, ``conditions`` (readable,
            e.g. ``mod_loaded(create)``), ``conditions_met`` (True / False / missing when undecided; files with
            False are not loaded), ``notes``, ``pack``, ``path``; sorted by type and id.
        """
        rows = sorted(self._conditions, key=lambda r: (r[0], r[1], r[5], r[6]))
        return frame(CONDITION_SCHEMA, rows)

    def item_icon(self, item_id: str) -> bytes | None:
        """The PNG bytes of an item's icon from the loaded packs' textures, or ``None`` (see :func:`kit.items.item_icon`)."""
        from kit.items.icons import find_icon

        item_id = norm_id(item_id)
        if item_id not in self._icons:
            self._icons[item_id] = find_icon(item_id, self._read_asset)
        return self._icons[item_id]

    def _read_asset(self, rel: str) -> bytes | None:
        reader = self._assets.get(rel)
        if reader is None:
            return None
        try:
            return reader()
        except (OSError, ValueError, KeyError):
            return None

    def packs(self):
        """The loaded packs in priority order (lowest first), with the feature packs each one holds.

        Returns
        -------
        pandas.DataFrame
            Columns ``pack``, ``kind`` (folder, zip, jar, feature), ``features`` (tuple), ``is_applied``, ``location``.
        """
        return frame(PACK_SCHEMA, [(p.pack, p.kind, p.features, p.is_applied, p.location) for p in self._packs])

    def recipes(self):
        """One row per recipe (after overrides).

        Returns
        -------
        pandas.DataFrame
            Columns ``recipe_id``, ``recipe_type``, ``kind``, ``result_item_id`` (the first item output, "" when
            none is written), ``result_count``, ``width`` (0 unless shaped), ``n_inputs``, ``inputs`` (tuple of
            slots, each ``"id|#tag|custom(...)"``; ``""`` for an empty grid slot), ``station`` (for a recipe type
            kit does not know: the type's mod), ``category``, ``group``, ``n_results`` (item outputs),
            ``results`` (tuple of ``(item_id, count, chance)``; a ``#tag`` id for "one item of the tag"),
            ``conditions_met`` (True, or missing when a loader condition is undecided), ``notes`` (non-item
            inputs and outputs, chances, tools, undecided conditions; joined with ``"; "``), ``folder``
            (``recipe`` or ``recipes``), ``pack``, ``path``; sorted by ``recipe_id``.
        """
        rows = []
        for rid in sorted(self._recipes):
            r = self._recipes[rid]
            results = r.item_results
            rows.append((rid, r.recipe_type, r.kind, r.result.item_id if r.result else "",
                         r.result.count if r.result else 0, r.width, len(r.inputs),
                         tuple("|".join(str(ref) for ref in s) for s in r.inputs), ",".join(r.station), r.category,
                         r.group, len(results),
                         tuple((s.item_id, s.count, r.chances[i] if i < len(r.chances) else 1.0)
                               for i, s in enumerate(results)),
                         r.conditions_met, "; ".join(r.notes), r.folder, r.pack, r.path))
        return frame(RECIPE_SCHEMA, rows)

    def loot_tables(self):
        """One row per loot table with entry counts (what the static scan can and cannot see).

        Returns
        -------
        pandas.DataFrame
            Columns ``loot_table_id``, ``table_type`` (``minecraft:block`` ...), ``n_pools``, ``n_entries`` (leaf
            entries), ``n_item_entries``, ``n_tag_entries``, ``n_nested_tables``, ``n_dynamic_entries``,
            ``n_empty_entries``, ``folder``, ``pack``, ``path``; sorted by id.
        """
        rows = []
        for tid in sorted(self._tables):
            t = self._tables[tid]
            kinds = [e.entry_type for e in walk_entries(t)]
            rows.append((tid, t.table_type, len(t.data.get("pools", [])), len(kinds), kinds.count("item"),
                         kinds.count("tag"), kinds.count("loot_table"), kinds.count("dynamic"), kinds.count("empty"),
                         t.folder, t.pack, t.path))
        return frame(LOOT_TABLE_SCHEMA, rows)

    def tags(self):
        """Resolved item tags in long format (nested references expanded; failed tags are in ``errors``).

        Returns
        -------
        pandas.DataFrame
            Columns ``tag_id`` (without ``#``), ``item_id``, ``via_tag`` (the nested tag the item came through,
            ``""`` when listed directly), ``pack``, ``path`` (the file that listed it); sorted by tag then file order.
        """
        rows = [(t, m.item_id, m.via, m.pack, m.path)
                for t in sorted(self._tags.members) for m in self._tags.members[t]]
        return frame(TAG_SCHEMA, rows)

    def display_names(self, language: str = "en_us") -> dict[str, str]:
        """Item id -> display name from the packs' language files (``item.*`` keys win over ``block.*``)."""
        out: dict[str, str] = {}
        table = self._lang.get(language, {})
        for prefer in ("block", "item"):
            for key, value in table.items():
                parsed = _lang_key_to_id(key)
                if parsed and parsed[0] == prefer:
                    out[parsed[1]] = value
        return out

    def items(self):
        """Every item id seen in recipes, loot tables, tags or ``item.*`` language keys, with display names.

        Returns
        -------
        pandas.DataFrame
            Columns ``item_id``, ``name_en``, ``name_zh`` (``""`` when no language file names it), ``n_recipes``
            (recipes producing it), ``n_uses`` (recipes consuming it), ``n_loot_tables`` (the loot tables the loot
            scan gives it from, as ``item_sources(..., "loot")`` lists them: item entries and the members of tag
            entries, within the scan's limits), ``n_tags`` (item tags holding it); sorted by id.
        """
        idx = self._index()
        seen: set[str] = set(idx.produced) | set(idx.used) | set(idx.tags_of) | set(idx.loot)
        for r in self._recipes.values():
            seen.update(ref for slot in r.inputs for ref in slot if isinstance(ref, str) and not ref.startswith("#"))
        for table in self._lang.values():
            for key in table:
                parsed = _lang_key_to_id(key)
                if parsed and parsed[0] == "item":
                    seen.add(parsed[1])
        en, zh = self.display_names("en_us"), self.display_names("zh_cn")
        rows = [(i, en.get(i, ""), zh.get(i, ""), len(idx.produced.get(i, ())), len(idx.used.get(i, {})),
                 len(idx.loot.get(i, {})), len(idx.tags_of.get(i, ()))) for i in sorted(seen)]
        return frame(ITEM_SCHEMA, rows)

    # ---------------------------------------------------------------- questions

    def item_sources(self, item_id: str, scope: str = "all", *, registry: ProviderRegistry | None = None) -> ItemSourceOutput:
        """Where an item comes from, per the design's ``game.item_sources`` tool.

        Parameters
        ----------
        item_id : str
            Namespaced item id (``minecraft:`` is assumed when missing).
        scope : str, default="all"
            ``all``, a provider path (``recipe``, ``loot``, ``tag``) or a full provider id (``system:recipe``).
        registry : ProviderRegistry, optional
            The providers to run (default: the global registry, see ``register_provider``).

        Returns
        -------
        ItemSourceOutput
            Recipes first, then loot, then tags, each sorted by id, cut to 64 (``truncated`` set).

        Raises
        ------
        InvalidScopeError
            When the scope names no registered provider.
        """
        return (registry or PROVIDERS).run(self, norm_id(item_id), scope)

    def item_uses(self, item_id: str):
        """The recipes that consume an item (directly or through a tag).

        Returns
        -------
        pandas.DataFrame
            Columns ``recipe_id``, ``recipe_type``, ``kind``, ``result_item_id``, ``result_count``, ``n_slots``
            (slots that accept the item), ``via_tag`` (comma-joined tags through which it is accepted, ``""`` when
            named directly), ``pack``, ``path``; sorted by recipe id.
        """
        rows = []
        for rid, vias in sorted(self._index().used.get(norm_id(item_id), {}).items()):
            r = self._recipes[rid]
            tags = ",".join(sorted({v for v in vias if v}))
            rows.append((rid, r.recipe_type, r.kind, r.result.item_id if r.result else "",
                         r.result.count if r.result else 0, len(vias), tags, r.pack, r.path))
        return frame(USES_SCHEMA, rows)

    def resolve_item(self, text: str) -> str | None:
        """The item a request is about: an explicit id first, else the longest display name in the text.

        Names come from the packs' ``en_us`` and ``zh_cn`` language files (English matched case-insensitively).
        Returns ``None`` when nothing matches.
        """
        from kit.items.names import NameIndex

        if self._names is None:
            self._names = NameIndex.from_names({"en_us": self.display_names("en_us"),
                                                "zh_cn": self.display_names("zh_cn")})
        return self._names.resolve(text)

    # ---------------------------------------------------------------- loot statistics

    def _context(self, **kw: Any) -> LootContext:
        for name in ("looting", "fortune"):
            v = kw[name]
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise InvalidParameterError(f"The '{name}' parameter of loot_expectations must be an int in the range [0, inf). "
                                 f"Got {v!r} instead.")
        if not isinstance(kw["luck"], float) or not math.isfinite(kw["luck"]):
            raise InvalidParameterError(f"The 'luck' parameter of loot_expectations must be a finite number. "
                                        f"Got {kw['luck']!r} instead.")
        explosion = kw.pop("explosion")
        radius = 4.0 if explosion is True else float(explosion or 0.0)
        if not radius >= 0 or not math.isfinite(radius):
            raise InvalidParameterError(f"The 'explosion' parameter of loot_expectations must be a bool or a finite "
                                        f"radius >= 0. "
                             f"Got {explosion!r} instead.")
        return LootContext(explosion=radius, **kw)

    def loot_expectations(self, *, table: str | None = None, killed_by_player: bool = True, looting: int = 0,
                          fortune: int = 0, silk_touch: bool = False, shears: bool = False, luck: float = 0.0,
                          explosion: bool | float = False, block_state_matches: bool = True,
                          open_water: bool = False):
        """Exact expected drops of every loot table (or of one), computed from the rules, not sampled.

        Parameters
        ----------
        table : str, optional
            One loot table id; default all tables.
        killed_by_player, looting, fortune, silk_touch, shears, luck
            The assumed context (the tool for blocks is shears or not, with silk touch / fortune levels).
        explosion : bool or float, default=False
            Rolled by an explosion: ``True`` means radius 4 (TNT), a number gives the radius.
        block_state_matches : bool, default=True
            Whether ``block_state_property`` conditions pass (a fully grown crop, a door's lower half ...).
        open_water : bool, default=False
            The fishing hook's open-water check (treasure needs it).

        Returns
        -------
        pandas.DataFrame
            Columns ``loot_table_id``, ``item_id``, ``expected_count`` (items per roll of the table),
            ``p_at_least_one``, ``is_exact`` (False when an unknown condition, provider or function, a cycle, or
            a ``dynamic`` entry that can be picked is involved in the item's pool, or when a distribution too large
            to enumerate, such as a binomial with n = 10^9, was summed through its mean); one row per item statically
            reachable from the table (zero rows included), sorted by table and item. A table whose figures cannot
            be computed within kit's bounds (more than 4,096 condition outcomes in one entry, references nested
            deeper than 32) gives NaN for the items it names and a row in ``packs.problems()``; other tables are
            unaffected.

        Raises
        ------
        UnknownLootTableError
            When ``table`` is not defined.
        """
        from kit.items.loot_exact import LootCalculator

        ctx = self._context(killed_by_player=killed_by_player, looting=looting, fortune=fortune,
                            silk_touch=silk_touch, shears=shears, luck=float(luck), explosion=explosion,
                            block_state_matches=block_state_matches, open_water=open_water)
        ids = [self.loot_table(table).loot_table_id] if table is not None else sorted(self._tables)
        calc = self._calc.get(ctx)
        if calc is None:
            calc = self._calc[ctx] = LootCalculator(self._tables, self._tags.items, ctx)
        rows = []
        for tid in ids:
            r = calc.table(tid)
            for item in sorted(r.expected):
                rows.append((tid, item, r.expected[item], 1.0 - r.p_none[item], item not in r.inexact))
        for tid, reason in sorted(calc.problems.items()):
            self._report_table(tid, f"expectations unknown: {reason}")
        return frame(EXPECTATION_SCHEMA, rows)

    def sample_loot(self, table: str, n: int = 10_000, *, seed: int = 0, killed_by_player: bool = True,
                    looting: int = 0, fortune: int = 0, silk_touch: bool = False, shears: bool = False,
                    luck: float = 0.0, explosion: bool | float = False, block_state_matches: bool = True,
                    open_water: bool = False):
        """Roll one table ``n`` times with a seeded Monte-Carlo sampler of the same rules.

        Returns
        -------
        pandas.DataFrame
            Columns ``loot_table_id``, ``item_id``, ``mean_count``, ``std_count``, ``p_at_least_one``,
            ``n_draws``; one row per item that dropped at least once.

        Raises
        ------
        UnknownLootTableError
            When ``table`` is not defined.
        LootSamplingError
            When the table cannot be rolled (a provider that needs a world, more than 100,000 rolls or trials in
            one draw, references nested deeper than 32); names the table.
        """
        from kit.items.loot_sampler import LootSampler

        ctx = self._context(killed_by_player=killed_by_player, looting=looting, fortune=fortune,
                            silk_touch=silk_touch, shears=shears, luck=float(luck), explosion=explosion,
                            block_state_matches=block_state_matches, open_water=open_water)
        tid = self.loot_table(table).loot_table_id
        return LootSampler(self._tables, self._tags.items, ctx, seed=seed).sample(tid, n)
