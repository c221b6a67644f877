"""The pack doctor: what is broken in a pack set's items, recipes and tags, and why.

>>> report = kit.items.doctor(packs)          # doctest: +SKIP
>>> report.summary(); report.problems()       # doctest: +SKIP

Raw sources are every loot table of every kind (blocks, entities, chests, gameplay such as fishing, bartering,
archaeology and gifts) and kit's code table (:func:`kit.items.doctor_sources`); an item is obtainable when a raw
source gives it or a recipe makes it whose every slot accepts an obtainable item, computed as one fixed point over
the whole graph (:mod:`kit.items.doctor_graph`). A block's loot table dropping the block itself is a raw source
only when no recipe makes that block. Quest checks live one layer up (:func:`kit.servers.doctor`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kit.core.collector import building_tables, gc_paused
from kit.core.frames import frame
from kit.core.problems import SEVERITY, problem_schema
from kit.items.doctor_checks import MAX_CONFLICT_ROWS, blocked_slots, conflict_rows, loop_items, mention_text
from kit.items.doctor_conflicts import find_conflicts
from kit.items.doctor_graph import ItemGraph, Solution, build_graph, raw_sources, solve
from kit.items.doctor_registry import ItemRegistry, read_registry
from kit.items.doctor_table import SourceTable, source_table

if TYPE_CHECKING:
    import pandas as pd

    from kit.items.packset import PackSet

__all__ = [
    "doctor",
    "DoctorReport",
    "DOCTOR_KINDS",
    "ITEM_SCHEMA",
    "RECIPE_SCHEMA",
    "PROBLEM_SCHEMA",
    "SUMMARY_SCHEMA",
    "GRAPH_SCHEMA",
]

#: Problem kind -> severity, in the order :meth:`DoctorReport.summary` lists them.
DOCTOR_KINDS: dict[str, str] = {
    "unobtainable_item": "error",
    "loop_only_item": "error",
    "missing_item": "error",
    "undefined_tag": "error",
    "empty_tag": "warning",
    "recipe_conflict": "error",
    "missing_loot_table": "error",
}
#: Columns of :meth:`DoctorReport.items`.
ITEM_SCHEMA = {
    "item_id": "string",
    "name": "string",
    "obtainable": "bool",
    "how": "string",
    "steps": "Int64",
    "example_path": "string",
    "reason": "string",
}
#: Columns of :meth:`DoctorReport.recipes`.
RECIPE_SCHEMA = {"recipe_id": "string", "type": "string", "craftable": "bool", "missing": "string"}
#: Columns of :meth:`DoctorReport.problems`: the shared shape, the other recipe of a conflict, the pack.
PROBLEM_SCHEMA = problem_schema({"related_id": "string", "pack": "string"})
#: Columns of :meth:`DoctorReport.summary`.
SUMMARY_SCHEMA = {"kind": "string", "severity": SEVERITY, "n_problems": "int64"}
#: Columns of :meth:`DoctorReport.recipe_graph`.
GRAPH_SCHEMA = {
    "recipe_id": "string",
    "input_id": "string",
    "output_id": "string",
    "craftable": "bool",
    "input_obtainable": "bool",
    "depth": "int64",
}

#: A reference to an item from outside the packs: ``(item_id, where, object_id, field, path)``.
Reference = tuple


@dataclass
class DoctorReport:
    """What :func:`doctor` found. Every method returns a new DataFrame."""

    graph: ItemGraph = field(repr=False)
    solution: Solution = field(repr=False)
    table: SourceTable = field(repr=False)
    names: dict[str, str] = field(repr=False)
    universe: dict[str, str] = field(repr=False)  # item -> "" | "missing: why" | "creative: note" | "code: note"
    empty_tags: set[str] = field(repr=False)
    rows: list[tuple] = field(repr=False)
    extra_kinds: dict[str, str] = field(default_factory=dict, repr=False)
    _missing_cache: dict[str, str] | None = field(default=None, repr=False)
    #: Each blocked slot's reason (see :func:`kit.items.doctor_checks.blocked_slots`), kept across calls.
    _blocked: dict[tuple[str, frozenset[str]], str] = field(default_factory=dict, repr=False, compare=False)

    def __repr__(self) -> str:
        n_err = sum(r[0] == "error" for r in self.rows)
        return (
            f"<{type(self).__name__} {len(self.universe)} items, {len(self.graph.recipes)} recipes: "
            f"{n_err} errors, "
            f"{len(self.rows) - n_err} warnings>"
        )

    @property
    def has_errors(self) -> bool:
        """Whether any problem is an error."""
        return any(r[0] == "error" for r in self.rows)

    def _missing(self) -> dict[str, str]:
        """Item -> why it is missing (computed once)."""
        if self._missing_cache is None:
            self._missing_cache = {i: n for i, n in self.universe.items() if n.startswith("missing")}
        return self._missing_cache

    def _how(self, item: str) -> str:
        via = self.solution.via.get(item)
        if via is not None:
            return via[0]
        return "creative" if self.universe.get(item, "").startswith("creative") else ""

    def example_path(self, item_id: str) -> str:
        """One way to get an item, from a raw source to it: ``a [loot t] > b [recipe r] > item [recipe s]``."""
        chain = []
        item = item_id
        for _ in range(len(self.solution.steps) + 1):
            via = self.solution.via.get(item)
            if via is None:
                return ""
            if via[0] == "recipe":
                chain.append(f"{item} [{via[1]}]")
                item = via[2]
                if not item:
                    break
                continue
            chain.append(f"{item} [{via[0]}{' ' + via[1] if via[1] else ''}]")
            break
        return " > ".join(reversed(chain))

    def items(self) -> pd.DataFrame:
        """One row per known item.

        Returns
        -------
        pandas.DataFrame
            Columns ``item_id``, ``name`` (English display name, else Chinese, else ``""``), ``obtainable`` (true
            exactly when ``how`` is loot, recipe or code), ``how`` (``loot``, ``recipe``, ``code``, ``creative``, or
            ``""`` when unobtainable), ``steps`` (fewest crafting steps from raw sources; 0 for loot and code,
            missing when unobtainable), ``example_path`` (one chain from a raw source, see :meth:`example_path`),
            ``reason`` (why an item cannot be obtained, or the code/creative note); sorted by id.
        """
        rows = []
        for item in sorted(self.universe):
            how = self._how(item)
            obtainable = how in ("loot", "recipe", "code")
            note = self.universe[item]
            reason = note.split(": ", 1)[1] if note and (not obtainable or how == "code") else ""
            if not obtainable and not note:
                reason = self.unobtainable_reason(item)
            rows.append(
                (
                    item,
                    self.names.get(item, ""),
                    obtainable,
                    how,
                    self.solution.steps.get(item) if obtainable else None,
                    self.example_path(item) if obtainable else "",
                    reason,
                )
            )
        return frame(ITEM_SCHEMA, rows)

    def unobtainable_reason(self, item_id: str) -> str:
        """Why no survival player can get an item (``""`` when one can)."""
        if item_id in self.solution.steps:
            return ""
        producers = self.graph.producers.get(item_id, [])
        if not producers:
            return "no recipe makes it and no loot table drops it"
        missing = self._missing()
        parts = []
        for rid in producers[:3]:
            blocked = blocked_slots(self.graph.recipes[rid], self.solution, missing, self.empty_tags, self._blocked)
            parts.append(f"recipe {rid} needs {'; '.join(blocked)}")
        more = f"; and {len(producers) - 3} more recipes" if len(producers) > 3 else ""
        return "every recipe making it is blocked: " + "; ".join(parts) + more

    @gc_paused()
    def recipes(self) -> pd.DataFrame:
        """One row per recipe.

        Returns
        -------
        pandas.DataFrame
            Columns ``recipe_id``, ``type`` (the recipe type id), ``craftable`` (every input slot accepts an
            obtainable item), ``missing`` (what blocks it: each blocked slot with its reason, joined by ``"; "``);
            sorted by id.
        """
        missing_map, memo = self._missing(), self._blocked
        rows = []
        for rid in sorted(self.graph.recipes):
            node = self.graph.recipes[rid]
            flags = self.solution.satisfied.get(rid, [])
            ok = all(flags)
            rows.append(
                (
                    rid,
                    node.recipe_type,
                    ok,
                    "" if ok else "; ".join(blocked_slots(node, self.solution, missing_map, self.empty_tags, memo)),
                )
            )
        return frame(RECIPE_SCHEMA, rows)

    @gc_paused()
    def problems(self) -> pd.DataFrame:
        """Everything the doctor found, in kit's problems shape.

        Returns
        -------
        pandas.DataFrame
            Columns ``severity`` (ordered; ``error`` for every kind but ``empty_tag``), ``kind`` (see
            :data:`DOCTOR_KINDS`), ``object_id`` (the item, the tag without ``#``, one recipe of a conflict, the
            table, or the quest), ``field``, ``message``, ``path``, ``related_id`` (the other recipe of a
            conflict, ``""`` otherwise), ``pack``; errors first, then by kind, object and related id.
        """
        kinds = list(DOCTOR_KINDS) + list(self.extra_kinds)
        order = {k: i for i, k in enumerate(kinds)}
        rows = sorted(self.rows, key=lambda r: (r[0] != "error", order.get(r[1], len(order)), r[2], r[6]))
        # column by column (a conflict-heavy pack has hundreds of thousands of rows: no per-row transposition)
        return frame(PROBLEM_SCHEMA, {name: [r[k] for r in rows] for k, name in enumerate(PROBLEM_SCHEMA)})

    def summary(self) -> pd.DataFrame:
        """Counts per problem kind (every kind listed, zero included), for a notebook's first cell.

        Returns
        -------
        pandas.DataFrame
            Columns ``kind``, ``severity``, ``n_problems``; in :data:`DOCTOR_KINDS` order (then quest kinds).
        """
        counts: dict[str, int] = {}
        for r in self.rows:
            counts[r[1]] = counts.get(r[1], 0) + 1
        kinds = {**DOCTOR_KINDS, **self.extra_kinds}
        return frame(SUMMARY_SCHEMA, [(k, s, counts.get(k, 0)) for k, s in kinds.items()])

    def recipe_graph(self, item_id: str, *, depth: int = 2, max_alternatives: int = 3) -> pd.DataFrame:
        """The recipe graph around an item, walked backwards from it (what makes it, what those need ...).

        Returns
        -------
        pandas.DataFrame
            Columns ``recipe_id``, ``input_id`` (an item a slot accepts, at most ``max_alternatives`` per slot;
            the unresolved ref, such as an undefined ``#tag``, when a slot accepts nothing), ``output_id``,
            ``craftable``, ``input_obtainable``, ``depth`` (1 = recipes making ``item_id``); sorted by depth,
            recipe and input.
        """
        rows, seen, frontier = [], set(), [item_id]
        for d in range(1, depth + 1):
            nxt = []
            for out in frontier:
                for rid in self.graph.producers.get(out, ()):
                    if (rid, out) in seen:
                        continue
                    seen.add((rid, out))
                    node = self.graph.recipes[rid]
                    ok = all(self.solution.satisfied.get(rid, []))
                    for i, slot in enumerate(node.slots):
                        alts = sorted(slot)[:max_alternatives] or list(node.unresolved[i]) or [node.refs[i]]
                        for a in alts:
                            rows.append((rid, a, out, ok, a in self.solution.steps, d))
                            nxt.append(a)
            frontier = list(dict.fromkeys(nxt))
        rows = list(dict.fromkeys(rows))
        rows.sort(key=lambda r: (r[5], r[0], r[1]))
        return frame(GRAPH_SCHEMA, rows)


def _tag_lookup(packs: PackSet, reg: ItemRegistry) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    """Defined tags with their items (possibly none), and the undefined-or-failed reason of failed tags."""
    tags = packs.tags()
    members: dict[str, list[str]] = {}
    for t, i in zip(tags["tag_id"], tags["item_id"]):
        members.setdefault(t, []).append(i)
    problems = packs.problems()
    failed = {}
    dropped: set[tuple[str, str]] = set()
    for kind, oid, msg, path, pack in zip(
        problems["kind"], problems["object_id"], problems["message"], problems["path"], problems["pack"]
    ):
        if kind == "failed_tag":
            failed[str(oid).lstrip("#")] = str(msg)
        elif kind == "unreadable_item_tag":
            dropped.add((str(pack), str(path)))
    cond = packs.conditions()
    for rtype, met, pack, path in zip(cond["resource_type"], cond["conditions_met"], cond["pack"], cond["path"]):
        if rtype == "item_tag" and met is False:
            dropped.add((str(pack), str(path)))
    defined: dict[str, tuple[str, ...]] = {t: tuple(v) for t, v in members.items()}
    for tag, files in reg.tag_files.items():
        if tag not in failed and tag not in defined and any(f not in dropped for f in files):
            defined[tag] = ()
    return defined, failed


def doctor(
    packs: PackSet, *, sources: Mapping[str, Any] | None = None, references: Iterable[Reference] = ()
) -> DoctorReport:
    """Check a pack set: unobtainable and loop-only items, missing items, undefined and empty tags, conflicts.

    Parameters
    ----------
    packs : kit.items.PackSet
        Loaded packs (``kit.items.load_datapacks``, or ``server.load_datapacks()``).
    sources : mapping, optional
        More entries for kit's code/creative table: ``item_id -> "code" | "creative" | (how, note)`` (an item a
        mod hands out through code, for example).
    references : iterable of tuples, optional
        Items named outside the packs, ``(item_id, where, object_id, field, path)`` (quest tasks): they are listed
        and checked for ``missing_item`` too.

    Returns
    -------
    DoctorReport
    """
    with building_tables():
        return _doctor(packs, sources, references)


def _doctor(packs: PackSet, sources: Mapping[str, Any] | None, references: Iterable[Reference]) -> DoctorReport:
    table = source_table().with_sources(sources or {})
    reg = read_registry(packs)
    defined, failed = _tag_lookup(packs, reg)
    graph = build_graph(packs, defined.get, table.special_recipes)
    for t, items in defined.items():
        for i in items:
            graph.mentions.setdefault(i, []).append(("item_tag", "#" + t, "values", "", ""))
    for item_id, where, oid, fld, path in references:
        graph.mentions.setdefault(item_id, []).append((where, oid, fld, "", path))
    produced = set(graph.producers) | set(graph.drops) | {i for v in defined.values() for i in v}
    universe: dict[str, str] = {}
    pk = packs.packs()
    features = set(pk.loc[(pk["kind"] == "feature") & pk["is_applied"], "pack"].str.extract(r"\[(.+)\]$")[0].dropna())
    for item in reg.item_ids(graph.mentions, table, features):
        universe[item] = ""
    rows: list[tuple] = []
    for item in sorted(graph.mentions):
        ok, why = reg.verdict(item, produced, table, features, packs.mods)
        universe[item] = "" if ok else "missing: " + why
        if not ok:
            where = graph.mentions[item]
            rows.append(
                (
                    "error",
                    "missing_item",
                    item,
                    where[0][2],
                    f"{why}; named by {mention_text(where)}",
                    where[0][4],
                    "",
                    where[0][3],
                )
            )
    namespaces = reg.namespaces_with_keys | reg.namespaces_with_models
    for item in table.entries:  # the table's own ids, for the namespaces the packs define
        if "*" not in item and item.partition(":")[0] in namespaces and not table.is_not_item(item, features):
            universe.setdefault(item, "")
    for item in list(universe):
        found = table.lookup(item)
        if found is not None and not universe[item]:
            universe[item] = f"{found[0]}: {found[1]}"
    code = [i for i, n in universe.items() if n.startswith("code")]
    solution = solve(graph, raw_sources(graph, code))
    report = DoctorReport(
        graph, solution, table, _names(packs), universe, {t for t, v in defined.items() if not v}, rows
    )
    rows.extend(_item_rows(report))
    rows.extend(_tag_rows(graph, defined, failed))
    rows.extend(conflict_rows(*find_conflicts(graph.recipes, cap=MAX_CONFLICT_ROWS), graph.recipes))
    rows.extend(
        (
            "error",
            "missing_loot_table",
            tid,
            fld,
            f"loot table {tid} rolls {ref}, which no loaded pack defines: that entry drops nothing",
            path,
            "",
            pack,
        )
        for tid, fld, ref, pack, path in graph.table_refs
    )
    return report


def _names(packs: PackSet) -> dict[str, str]:
    names = dict(packs.display_names("zh_cn"))
    names.update(packs.display_names("en_us"))
    return names


def _item_rows(report: DoctorReport) -> list[tuple]:
    graph, sol = report.graph, report.solution
    bad = [i for i, n in report.universe.items() if not n and i not in sol.steps]
    loops = loop_items(graph, sol, bad)
    rows = []
    for item in sorted(bad):
        producers = graph.producers.get(item, [])
        first = graph.recipes[producers[0]] if producers else None
        pack, path = (first.pack, first.path) if first else ("", "")
        if not first and graph.mentions.get(item):
            m = graph.mentions[item][0]
            pack, path = m[3], m[4]
        if item in loops:
            others = loops[item]
            message = (
                f"{item} is only made by recipes that need {', '.join(others[:4])}"
                f"{' ...' if len(others) > 4 else ''}, which are only made from it in turn: nothing outside "
                f"the loop gives any of them ({report.unobtainable_reason(item)})"
            )
            rows.append(("error", "loop_only_item", item, "", message, path, "", pack))
        else:
            rows.append(
                (
                    "error",
                    "unobtainable_item",
                    item,
                    "",
                    f"no survival player can obtain {item}: " + report.unobtainable_reason(item),
                    path,
                    "",
                    pack,
                )
            )
    return rows


def _tag_rows(graph: ItemGraph, defined: dict[str, tuple[str, ...]], failed: dict[str, str]) -> list[tuple]:
    rows = []
    for tag in sorted(graph.tag_refs):
        uses = graph.tag_refs[tag]
        first = uses[0]
        if tag not in defined:
            why = f"failed to load ({failed[tag]})" if tag in failed else "is not defined by any loaded pack"
            rows.append(
                (
                    "error",
                    "undefined_tag",
                    tag,
                    first[2],
                    f"tag #{tag} {why}, so these slots accept nothing: {mention_text(uses)}",
                    first[4],
                    "",
                    first[3],
                )
            )
        elif not defined[tag]:
            rows.append(
                (
                    "warning",
                    "empty_tag",
                    tag,
                    first[2],
                    f"tag #{tag} is defined but holds no item, so these slots accept nothing: {mention_text(uses)}",
                    first[4],
                    "",
                    first[3],
                )
            )
    return rows
