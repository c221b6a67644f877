"""The sample data pack's loot tables: every table type kit knows, read without a problem, expectations defined."""

from __future__ import annotations

import json

import pytest

import kit.items
from kit.samples.datapack_items import ITEMS, NS
from kit.samples.datapack_loot import loot_tables
from tests.samples.samples_inputs import data_path, write_pack


@pytest.fixture(scope="module")
def packs(tmp_path_factory):
    root = tmp_path_factory.mktemp("loot") / "p"
    return kit.items.load_datapacks(
        write_pack(root, {data_path(tid, "loot_table"): t for tid, t in loot_tables().items()})
    )


def test_tables_are_deterministic_fresh_and_plain_json():
    first, second = loot_tables(), loot_tables()
    assert first == second and list(first) == list(second)
    first[next(iter(first))]["pools"].clear()
    assert loot_tables() == second
    assert json.loads(json.dumps(second)) == second


def test_kit_reads_every_table_without_a_problem(packs):
    assert len(packs.problems()) == 0
    tables = packs.loot_tables()
    assert sorted(tables["loot_table_id"]) == sorted(loot_tables()) and len(tables) >= 40
    assert {"minecraft:entity", "minecraft:block", "minecraft:chest", "minecraft:fishing"} <= set(tables.table_type)
    assert tables.n_nested_tables.sum() >= 5 and tables.n_tag_entries.sum() >= 3


def test_every_item_entry_names_an_item_of_the_pack_or_of_the_game():
    def entries(node):
        if isinstance(node, dict):
            if node.get("type") == "minecraft:item":
                yield node["name"]
            for value in node.values():
                yield from entries(value)
        elif isinstance(node, list):
            for value in node:
                yield from entries(value)

    names = {name for table in loot_tables().values() for name in entries(table)}
    assert len(names) >= 20
    for name in names:
        namespace, path = name.split(":", 1)
        assert namespace == "minecraft" or (namespace == NS and path in ITEMS), name


def test_expected_counts_follow_the_counts_and_chances(packs):
    exp = packs.loot_expectations(table=f"{NS}:entities/ice_golem").set_index("item_id")
    assert exp.loc[f"{NS}:glacite_ingot", "expected_count"] == pytest.approx(4.0)  # uniform 3..5
    assert exp.loc["minecraft:snowball", "expected_count"] == pytest.approx(7.5)  # uniform 0..15
    assert exp["is_exact"].all()
