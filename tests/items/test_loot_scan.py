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
