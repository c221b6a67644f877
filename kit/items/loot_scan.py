"""The static loot scan: which items a loot table's entries name, with a fixed count or a count range and notes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kit.items._common import type_id
from kit.items.loot import LootTable, walk_entries

__all__ = ["ScannedDrop", "scan_table", "describe_count"]

#: ``(item_id, count_min, count_max, notes)``: one item entry (or tag member) of a table.
ScannedDrop = tuple[str, int, int, list[str]]


def scan_table(
    table: LootTable, tag_items: Callable[[str], tuple[str, ...]], budget: int
) -> tuple[list[ScannedDrop], int]:
    """The item entries of one table and the tag members of its tag entries (at most ``budget`` tag members).

    Returns the drops and the number of tag members left out by the budget (0 when nothing was cut).
    """
    out: list[ScannedDrop] = []
    cut = 0
    for e in walk_entries(table):
        if e.entry_type == "item":
            items: tuple[str, ...] = (e.name,)
        elif e.entry_type == "tag":
            every = tag_items(e.name.lstrip("#"))
            items = every[: max(budget, 0)]
            cut += len(every) - len(items)
            budget -= len(items)
        else:
            continue
        low, high, notes = entry_notes(e)
        for item in items:
            out.append((item, low, high, notes))
    return out, cut


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
    """The count range ``(min, max)`` of an entry's unconditional ``set_count`` and the notes on the rest."""
    notes = [f"weight {e.weight}"]
    if e.quality:
        notes.append(f"quality {e.quality}")
    low = high = 1
    for f in e.data.get("functions", []):
        if type_id(str(f.get("function", ""))) != "minecraft:set_count":
            continue
        value = f.get("count")
        bounds = _count_range(value)
        if bounds is not None and not f.get("add") and not f.get("conditions"):
            low, high = max(bounds[0], 1) if bounds[0] == bounds[1] else bounds[0], max(bounds[1], 1)
        else:
            notes.append(("count +" if f.get("add") else "count ") + describe_count(value))
    conds = [type_id(str(c.get("condition", ""))).split(":", 1)[1] for c in e.data.get("conditions", [])]
    if conds:
        notes.append("conditions: " + ", ".join(conds))
    if e.entry_type == "tag":
        notes.append(f"tag #{e.name.lstrip('#')}")
    return low, high, notes
