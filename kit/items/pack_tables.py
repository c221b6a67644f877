"""The tables of a :class:`~kit.items.PackSet`: their schemas and the pure functions that build their rows from the
loaded records (the PackSet's methods document the columns and build each frame with ``frame(SCHEMA, rows)``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from kit.core.problems import problem_schema
from kit.items.index import ItemIndex
from kit.items.loot import LootTable, walk_entries
from kit.items.names import lang_key_to_id
from kit.items.recipes import Recipe
from kit.items.tags import ResolvedTags

__all__ = [
    "RECIPE_SCHEMA",
    "PROBLEM_SCHEMA",
    "CONDITION_SCHEMA",
    "LOOT_TABLE_SCHEMA",
    "TAG_SCHEMA",
    "ITEM_SCHEMA",
    "USES_SCHEMA",
    "PACK_SCHEMA",
    "EXPECTATION_SCHEMA",
    "problem_rows",
    "condition_rows",
    "pack_rows",
    "recipe_rows",
    "loot_table_rows",
    "tag_rows",
    "item_rows",
    "uses_rows",
    "expectation_rows",
]

RECIPE_SCHEMA = {
    "recipe_id": "string",
    "recipe_type": "string",
    "kind": "string",
    "result_item_id": "string",
    "result_count": "int64",
    "width": "int64",
    "n_inputs": "int64",
    "inputs": "object",
    "station": "string",
    "category": "string",
    "group": "string",
    "n_results": "int64",
    "results": "object",
    "conditions_met": "boolean",
    "notes": "string",
    "folder": "string",
    "pack": "string",
    "path": "string",
}
#: Columns of :meth:`PackSet.problems`: the shared problems shape (:mod:`kit.core.problems`), then ``pack``.
PROBLEM_SCHEMA = problem_schema({"pack": "string"})
CONDITION_SCHEMA = {
    "resource_type": "string",
    "resource_id": "string",
    "conditions": "string",
    "conditions_met": "boolean",
    "notes": "string",
    "pack": "string",
    "path": "string",
}
LOOT_TABLE_SCHEMA = {
    "loot_table_id": "string",
    "table_type": "string",
    "n_pools": "int64",
    "n_entries": "int64",
    "n_item_entries": "int64",
    "n_tag_entries": "int64",
    "n_nested_tables": "int64",
    "n_dynamic_entries": "int64",
    "n_empty_entries": "int64",
    "folder": "string",
    "pack": "string",
    "path": "string",
}
TAG_SCHEMA = {"tag_id": "string", "item_id": "string", "via_tag": "string", "pack": "string", "path": "string"}
ITEM_SCHEMA = {
    "item_id": "string",
    "name_en": "string",
    "name_zh": "string",
    "n_recipes": "int64",
    "n_uses": "int64",
    "n_loot_tables": "int64",
    "n_tags": "int64",
}
USES_SCHEMA = {
    "recipe_id": "string",
    "recipe_type": "string",
    "kind": "string",
    "result_item_id": "string",
    "result_count": "int64",
    "n_slots": "int64",
    "via_tag": "string",
    "pack": "string",
    "path": "string",
}
PACK_SCHEMA = {"pack": "string", "kind": "string", "features": "object", "is_applied": "bool", "location": "string"}
EXPECTATION_SCHEMA = {
    "loot_table_id": "string",
    "item_id": "string",
    "expected_count": "float64",
    "p_at_least_one": "float64",
    "is_exact": "bool",
}


def problem_rows(found: Iterable[tuple]) -> list:
    """Problem rows as dicts of PROBLEM_SCHEMA (duplicates dropped): errors first, then kind, object, field, path."""
    rows = [dict(zip(PROBLEM_SCHEMA, row)) for row in dict.fromkeys(found)]
    order = {"error": 0, "warning": 1}
    rows.sort(key=lambda d: (order[d["severity"]], d["kind"], d["object_id"], d["field"], d["path"]))
    return rows


def condition_rows(conditions: Iterable[tuple]) -> list:
    """The loader-condition rows (:data:`CONDITION_SCHEMA`), sorted by type, id, pack and path."""
    return sorted(conditions, key=lambda r: (r[0], r[1], r[5], r[6]))


def pack_rows(packs: Sequence[Any]) -> list:
    """One row per loaded pack (:data:`PACK_SCHEMA`) in priority order."""
    return [(p.pack, p.kind, p.features, p.is_applied, p.location) for p in packs]


def recipe_rows(recipes: Mapping[str, Recipe]) -> list:
    """One row per recipe (:data:`RECIPE_SCHEMA`), sorted by id."""
    rows = []
    for rid in sorted(recipes):
        r = recipes[rid]
        results = r.item_results
        rows.append(
            (
                rid,
                r.recipe_type,
                r.kind,
                r.result.item_id if r.result else "",
                r.result.count if r.result else 0,
                r.width,
                len(r.inputs),
                tuple("|".join(str(ref) for ref in s) for s in r.inputs),
                ",".join(r.station),
                r.category,
                r.group,
                len(results),
                tuple((s.item_id, s.count, r.chances[i] if i < len(r.chances) else 1.0) for i, s in enumerate(results)),
                r.conditions_met,
                "; ".join(r.notes),
                r.folder,
                r.pack,
                r.path,
            )
        )
    return rows


def loot_table_rows(tables: Mapping[str, LootTable]) -> list:
    """One row per loot table with entry counts (:data:`LOOT_TABLE_SCHEMA`), sorted by id."""
    rows = []
    for tid in sorted(tables):
        t = tables[tid]
        kinds = [e.entry_type for e in walk_entries(t)]
        rows.append(
            (
                tid,
                t.table_type,
                len(t.data.get("pools", [])),
                len(kinds),
                kinds.count("item"),
                kinds.count("tag"),
                kinds.count("loot_table"),
                kinds.count("dynamic"),
                kinds.count("empty"),
                t.folder,
                t.pack,
                t.path,
            )
        )
    return rows


def tag_rows(tags: ResolvedTags) -> list:
    """Resolved item tags in long format (:data:`TAG_SCHEMA`), by tag then file order."""
    rows = [(t, m.item_id, m.via, m.pack, m.path) for t in sorted(tags.members) for m in tags.members[t]]
    return rows


def item_rows(
    index: ItemIndex,
    recipes: Mapping[str, Recipe],
    lang: Mapping[str, Mapping[str, str]],
    en: Mapping[str, str],
    zh: Mapping[str, str],
) -> list:
    """Every item id the packs name, with display names ``en`` / ``zh`` and counts (:data:`ITEM_SCHEMA`)."""
    idx = index
    seen: set[str] = set(idx.produced) | set(idx.used) | set(idx.tags_of) | set(idx.loot)
    for r in recipes.values():
        seen.update(ref for slot in r.inputs for ref in slot if isinstance(ref, str) and not ref.startswith("#"))
    for table in lang.values():
        for key in table:
            parsed = lang_key_to_id(key)
            if parsed and parsed[0] == "item":
                seen.add(parsed[1])
    rows = [
        (
            i,
            en.get(i, ""),
            zh.get(i, ""),
            len(idx.produced.get(i, ())),
            len(idx.used.get(i, {})),
            len(idx.loot.get(i, {})),
            len(idx.tags_of.get(i, ())),
        )
        for i in sorted(seen)
    ]
    return rows


def uses_rows(recipes: Mapping[str, Recipe], used: Mapping[str, list[str]]) -> list:
    """The recipes of ``used`` (recipe id -> the tag per accepting slot) as :data:`USES_SCHEMA` rows, by recipe id."""
    rows = []
    for rid, vias in sorted(used.items()):
        r = recipes[rid]
        tags = ",".join(sorted({v for v in vias if v}))
        rows.append(
            (
                rid,
                r.recipe_type,
                r.kind,
                r.result.item_id if r.result else "",
                r.result.count if r.result else 0,
                len(vias),
                tags,
                r.pack,
                r.path,
            )
        )
    return rows


def expectation_rows(calc: Any, ids: Iterable[str]) -> list:
    """The exact expectation rows (:data:`EXPECTATION_SCHEMA`) of the tables ``ids`` from a ``LootCalculator``."""
    rows = []
    for tid in ids:
        r = calc.table(tid)
        for item in sorted(r.expected):
            rows.append((tid, item, r.expected[item], 1.0 - r.p_none[item], item not in r.inexact))
    return rows
