"""kit.items.loot_scan: the static loot scan's items, count ranges, notes and tag budget."""

from __future__ import annotations

import pytest

from kit.items.loot import LootTable
from kit.items.loot_scan import describe_count, scan_table


def _table(entries) -> LootTable:
    return LootTable("t:x", "minecraft:chest", {"pools": [{"rolls": 1, "entries": entries}]})


@pytest.mark.parametrize(
    "count, expected",
    [
        (3, (3, 3)),
        ({"type": "minecraft:uniform", "min": 1, "max": 4}, (1, 4)),
        ({"min": 2, "max": 5}, (2, 5)),
        ({"type": "minecraft:constant", "value": 2}, (2, 2)),
        (0, (1, 1)),
    ],
)
def test_count_ranges(count, expected) -> None:
    drops, cut = scan_table(
        _table([{"type": "item", "name": "t:gem", "functions": [{"function": "set_count", "count": count}]}]),
        lambda _t: (),
        8,
    )
    assert [(d[0], d[1], d[2]) for d in drops] == [("t:gem", *expected)] and cut == 0


def test_counts_kit_cannot_bound_stay_notes_and_tag_entries_are_budgeted() -> None:
    drops, cut = scan_table(
        _table(
            [
                {"type": "item", "name": "t:gem", "functions": [{"function": "set_count", "add": True, "count": 2}]},
                {
                    "type": "item",
                    "name": "t:ore",
                    "functions": [{"function": "set_count", "count": {"type": "minecraft:binomial", "n": 3, "p": 0.5}}],
                },
                {"type": "tag", "name": "t:many", "conditions": [{"condition": "minecraft:killed_by_player"}]},
            ]
        ),
        lambda tag: tuple(f"t:i{k}" for k in range(10)),
        8,
    )
    assert drops[0][1:] == (1, 1, ["weight 1", "count +2"])
    assert drops[1][1:] == (1, 1, ["weight 1", "count binomial(n=3, p=0.5)"])
    assert [d[0] for d in drops[2:]] == [f"t:i{k}" for k in range(8)] and cut == 2  # 8 kept, 2 left out: said
    assert drops[2][3] == ["weight 1", "conditions: killed_by_player", "tag #t:many"]
    assert describe_count({"type": "minecraft:score"}) == "score" and describe_count(None) == "?"


def _scan_through_walk_entries(table, tag_items, budget):
    """The scan written over walk_entries and entry_notes (what scan_table reads straight from the JSON)."""
    from kit.items.loot import walk_entries
    from kit.items.loot_scan import entry_notes

    out, cut = [], 0
    for e in walk_entries(table):
        if e.entry_type == "item":
            items = (e.name,)
        elif e.entry_type == "tag":
            every = tag_items(e.name.lstrip("#"))
            items = every[: max(budget, 0)]
            cut += len(every) - len(items)
            budget -= len(items)
        else:
            continue
        low, high, notes = entry_notes(e)
        out.extend((item, low, high, notes) for item in items)
    return out, cut


ODD_ENTRIES = [
    [{"type": "loot_table", "value": "t:other", "weight": float("inf")}],  # walk_entries converts every weight
    [{"type": "empty", "quality": float("-inf")}, {"type": "item", "name": "t:gem"}],
    [{"type": "item", "name": "t:gem", "weight": float("nan"), "quality": "2"}],
    [{"type": "item", "name": "t:gem", "functions": None}],
    [{"type": "item", "name": "t:gem", "conditions": None}],
    [{"type": "item", "name": "t:gem", "conditions": [{"condition": ["x"]}]}],
    [{"type": "alternatives", "children": [{"type": "tag", "name": "#t:many"}, {"type": "item"}]}],
    [{"type": "item", "name": "t:gem", "functions": [{"function": "set_count", "count": {"value": {"min": 1}}}]}],
    [{"type": "item", "name": "t:gem", "functions": [{"function": "set_count", "count": float("inf"), "add": 1}]}],
    [{"name": "t:gem"}],
    [{"type": 5}],
    ["item"],
]


@pytest.mark.parametrize("entries", ODD_ENTRIES, ids=range(len(ODD_ENTRIES)))
def test_scan_table_reads_what_walk_entries_yields_with_the_same_errors(entries) -> None:
    def outcome(scan):
        try:
            return scan(_table(entries), lambda tag: ("t:a", "t:b"), 1)
        except Exception as exc:  # noqa: BLE001 - the outcome compared is the exception
            return type(exc), str(exc)

    assert outcome(scan_table) == outcome(_scan_through_walk_entries)


MORE_ODD_ENTRIES = [
    [{"type": "item", "name": "t:gem", "functions": [{"function": "set_count", "count": {"type": "binomial"}}]}],
    [{"type": "item", "name": "t:gem", "functions": [{"function": "set_count", "count": {"min": 1, "max": "x"}}]}],
    [{"type": "item", "name": "t:gem", "functions": [{"function": "set_count", "count": {"type": "constant"}}]}],
    [{"type": "item", "name": "t:gem", "functions": [{"function": "set_count", "count": True, "add": True}]}],
    [{"type": "item", "name": "t:gem", "functions": [{"function": 3}]}, {"type": "item", "weight": float("inf")}],
    [{"type": "item", "name": "t:gem", "functions": "x"}],
    [{"type": "tag", "name": "t:many", "conditions": [5]}, {"type": "tag", "name": "t:many"}],
    [
        {"type": "tag", "name": "#t:many", "functions": [{"function": "set_count", "count": {"min": 0, "max": 3}}]},
        {"type": "item", "name": "gem", "functions": [{"function": "minecraft:set_count", "count": 2.6}]},
        {"type": "item", "name": "t:gem", "conditions": [{"condition": "random_chance"}], "quality": 2.0},
    ],
]


@pytest.mark.parametrize("entries", ODD_ENTRIES + MORE_ODD_ENTRIES, ids=range(len(ODD_ENTRIES + MORE_ODD_ENTRIES)))
def test_loot_plan_defers_the_notes_with_the_same_drops_cuts_and_errors(entries) -> None:
    """LootPlan.add: the same items, cut and drops as scan_table (or the same error, raised by add itself)."""
    from kit.items.loot_scan import LootPlan

    def tags(tag):
        return ("t:a", "t:b")

    plan = LootPlan()
    plan.add("t:before", _table([{"type": "item", "name": "t:first"}]), tags, 1)

    def planned(table, tag_items, budget):
        return plan.add("t:x", table, tag_items, budget)

    def outcome(scan):
        try:
            return scan(_table(entries), tags, 1)
        except Exception as exc:  # noqa: BLE001 - the outcome compared is the exception
            return type(exc), str(exc)

    expected, cut = outcome(scan_table), outcome(planned)
    if isinstance(expected[0], type):
        assert cut == expected and plan.table_ids() == ["t:before"]  # the table is left out, the others kept
    else:
        assert cut == expected[1] and plan.table_ids() == ["t:before", "t:x"]
        assert plan.drops("t:x") == expected[0] and plan.drops("t:x") is plan.drops("t:x")
        named = {item: tids for item, tids in plan.tables_of.items() if "t:x" in tids}
        assert sorted(named) == sorted({d[0] for d in expected[0]})
    assert plan.drops("t:before") == [("t:first", 1, 1, ["weight 1"])]
    assert plan.tables_of["t:first"] == ["t:before"]
