"""The static loot scan: which items a loot table's entries name, with a fixed count or a count range and notes."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from kit.items._common import norm_id, type_id
from kit.items.loot import INT_RANGE, LootTable, _int, entry_kind

__all__ = ["ScannedDrop", "LootPlan", "scan_table", "describe_count"]

#: ``(item_id, count_min, count_max, notes)``: one item entry (or tag member) of a table.
ScannedDrop = tuple[str, int, int, list[str]]
_LOW, _HIGH = float(INT_RANGE[0]), float(INT_RANGE[1])


def scan_table(
    table: LootTable, tag_items: Callable[[str], tuple[str, ...]], budget: int
) -> tuple[list[ScannedDrop], int]:
    """The item entries of one table and the tag members of its tag entries (at most ``budget`` tag members).

    Returns the drops and the number of tag members left out by the budget (0 when nothing was cut). The entries are
    those :func:`~kit.items.loot.walk_entries` yields, read from the table's JSON in the same order and with the same
    errors, without a :class:`~kit.items.loot.StaticEntry` record per entry.
    """
    out: list[Any] = []
    left = [budget, 0]  # tag members the budget still allows, tag members cut
    for pool in table.data.get("pools", []):
        _scan_entries(pool.get("entries", []), tag_items, left, out, False)
    return out, left[1]


class _NotesUnsafe(Exception):
    """Raised by the deferred scan at an entry whose notes it cannot prove computable without an error."""


#: One entry of a deferred scan: ``(items, kind, name, weight, quality, entry JSON)``; :func:`_notes` makes its drops.
_Pending = tuple[tuple[str, ...], str, str, int, int, Any]


class LootPlan:
    """The static scan of many tables with each entry's count range and notes left for later (the first query needs
    to know which tables name an item, not the notes of all of them).

    :meth:`add` scans one table as :func:`scan_table` does (the same walk, order, errors and tag budget), keeping its
    item and tag entries as :data:`_Pending` rows in one list for all tables; :meth:`drops` makes a table's drops when
    first asked for. An entry whose notes could fail (a shape :func:`_notes_safe` does not vouch for) sends its whole
    table through :func:`scan_table` at once, so every error surfaces in :meth:`add`.
    """

    __slots__ = ("_pending", "_tables", "tables_of")

    def __init__(self) -> None:
        self._pending: list[_Pending] = []
        # table id -> (start, end) of its rows in _pending, or its drops once made (table order)
        self._tables: dict[str, tuple[int, int] | list[ScannedDrop]] = {}
        #: Item id -> ids of the tables naming it (table order, once each).
        self.tables_of: dict[str, list[str]] = {}

    def add(self, tid: str, table: LootTable, tag_items: Callable[[str], tuple[str, ...]], budget: int) -> int:
        """Scan table ``tid`` (at most ``budget`` tag members); returns the tag members cut.

        Raises what :func:`scan_table` raises for the table (the table is then left out).
        """
        pending, start, left = self._pending, len(self._pending), [budget, 0]
        try:
            for pool in table.data.get("pools", []):
                _scan_entries(pool.get("entries", []), tag_items, left, pending, True)
        except _NotesUnsafe:
            del pending[start:]
            drops, cut = scan_table(table, tag_items, budget)
            self._tables[tid] = drops
            self._name(tid, [d[0] for d in drops])
            return cut
        except BaseException:
            del pending[start:]
            raise
        self._tables[tid] = (start, len(pending))
        self._name(tid, [item for row in pending[start:] for item in row[0]])  # (one call per table)
        return left[1]

    def _name(self, tid: str, items: Iterable[str]) -> None:
        tables_of = self.tables_of
        for item in items:
            found = tables_of.get(item)
            if found is None:
                tables_of[item] = [tid]
            elif found[-1] != tid:
                found.append(tid)

    def table_ids(self) -> list[str]:
        """The ids of the tables added without an error, in the order they were added."""
        return list(self._tables)

    def drops(self, tid: str) -> list[ScannedDrop]:
        """Table ``tid``'s drops, as :func:`scan_table` returns them (made once; no error is possible)."""
        found = self._tables[tid]
        if type(found) is tuple:
            out: list[ScannedDrop] = []
            for items, kind, name, weight, quality, e in self._pending[found[0] : found[1]]:
                low, high, notes = _notes(kind, name, weight, quality, e)
                for item in items:
                    out.append((item, low, high, notes))
            self._tables[tid] = found = out
        return found  # type: ignore[return-value]


def _scan_entries(
    entries: Any, tag_items: Callable[[str], tuple[str, ...]], left: list[int], out: list[Any], defer: bool
) -> None:
    """:func:`scan_table` over one list of entries (composites' children depth first, as ``walk_entries``); with
    ``defer`` each item or tag entry is a :data:`_Pending` instead of its drops (:class:`_NotesUnsafe` when its
    notes could fail).
    """
    for e in entries:
        t = type_id(e["type"])
        if "children" in e:
            _scan_entries(e["children"], tag_items, left, out, defer)
            continue
        weight, quality = e.get("weight", 1), e.get("quality", 0)
        weight = weight if type(weight) is int else _int(weight)  # (an infinite one raises, for every entry)
        quality = quality if type(quality) is int else _int(quality)
        kind = entry_kind(t)
        if kind != "item" and kind != "tag":
            continue  # (nothing else walk_entries reads of another entry can fail once its type is read)
        name = norm_id(e["name"]) if isinstance(e.get("name"), str) else ""
        if kind == "item":
            items: tuple[str, ...] = (name,)
        else:
            every = tag_items(name.lstrip("#"))
            items = every[: max(left[0], 0)]
            left[1] += len(every) - len(items)
            left[0] -= len(items)
        if defer:
            if not _notes_safe(e):
                raise _NotesUnsafe
            out.append((items, kind, name, weight, quality, e))
            continue
        low, high, notes = _notes(kind, name, weight, quality, e)
        for item in items:
            out.append((item, low, high, notes))


def _notes_safe(e: Any) -> bool:
    """Whether :func:`_notes` surely returns for entry ``e`` (a dict whose functions and conditions are lists of
    objects with text ids, every ``set_count`` count a finite number or a ``uniform`` / ``constant`` of them).
    """
    if type(e) is not dict:
        return False
    functions, conditions = e.get("functions", []), e.get("conditions", [])
    if type(functions) is not list or type(conditions) is not list:
        return False
    for f in functions:
        if type(f) is not dict or type(f.get("function", "")) is not str:
            return False
        if type_id(f.get("function", "")) == "minecraft:set_count" and not _safe_count(f.get("count")):
            return False
    for c in conditions:
        if type(c) is not dict or type(c.get("condition", "")) is not str:
            return False
    return True


def _finite(value: Any) -> bool:
    t = type(value)  # exact types: no bool; NaN fails the comparisons
    return (t is int or t is float) and _LOW <= value <= _HIGH


def _safe_count(value: Any) -> bool:
    """A count :func:`_count_range` and :func:`describe_count` read without an error (and without recursion)."""
    if type(value) is not dict:
        return _finite(value)
    t = value.get("type", "minecraft:uniform" if "min" in value else "minecraft:constant")
    if t == "minecraft:uniform" or t == "uniform":
        return _finite(value.get("min")) and _finite(value.get("max"))
    if t == "minecraft:constant" or t == "constant":
        return _finite(value.get("value", 1)) and _finite(value.get("value", 0))
    return False


def describe_count(value: Any) -> str:
    """A number provider as text (``3``, ``1..4``, ``binomial(n=3, p=0.5)``)."""
    if isinstance(value, (int, float)):
        return f"{value:g}"
    if isinstance(value, dict):
        t = type_id(str(value.get("type", "minecraft:uniform" if "min" in value else "minecraft:constant")))
        if t == "minecraft:constant":
            return f"{float(value.get('value', 0)):g}"
        if t == "minecraft:uniform":
            return f"{describe_count(value.get('min'))}..{describe_count(value.get('max'))}"
        if t == "minecraft:binomial":
            return f"binomial(n={describe_count(value.get('n'))}, p={describe_count(value.get('p'))})"
        return t.split(":", 1)[1]
    return "?"


def _count_range(value: Any) -> tuple[int, int] | None:
    """``(min, max)`` of a constant or uniform number provider with numeric bounds, else ``None``."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        n = max(int(round(float(value))), 0)
        return n, n
    if not isinstance(value, dict):
        return None
    t = type_id(str(value.get("type", "minecraft:uniform" if "min" in value else "minecraft:constant")))
    if t == "minecraft:constant":
        return _count_range(value.get("value", 1))
    if t == "minecraft:uniform":
        low, high = _count_range(value.get("min")), _count_range(value.get("max"))
        if low is not None and high is not None:
            return low[0], high[1]
    return None


def entry_notes(e: Any) -> tuple[int, int, list[str]]:
    """The count range ``(min, max)`` of an entry's unconditional ``set_count`` and the notes on the rest (``e`` a
    :class:`~kit.items.loot.StaticEntry`).
    """
    return _notes(e.entry_type, e.name, e.weight, e.quality, e.data)


def _notes(kind: str, name: str, weight: int, quality: int, data: Any) -> tuple[int, int, list[str]]:
    """:func:`entry_notes` of an entry given by its parts (``kind`` is ``item`` or ``tag``, ``data`` its JSON)."""
    notes = [f"weight {weight}"]
    if quality:
        notes.append(f"quality {quality}")
    low = high = 1
    for f in data.get("functions", []):
        if type_id(str(f.get("function", ""))) != "minecraft:set_count":
            continue
        value = f.get("count")
        bounds = _count_range(value)
        if bounds is not None and not f.get("add") and not f.get("conditions"):
            low, high = max(bounds[0], 1) if bounds[0] == bounds[1] else bounds[0], max(bounds[1], 1)
        else:
            notes.append(("count +" if f.get("add") else "count ") + describe_count(value))
    conds = []
    for c in data.get("conditions", []):  # a loop, not a comprehension (its own frame): once per entry
        conds.append(type_id(str(c.get("condition", ""))).split(":", 1)[1])
    if conds:
        notes.append("conditions: " + ", ".join(conds))
    if kind == "tag":
        notes.append(f"tag #{name.lstrip('#')}")
    return low, high, notes
