"""The pack doctor's report (kit.items.doctor_report): tags, loot tables, the frames' columns, and vanilla clean.

The obtainability fixed point is tested in test_doctor_graph.py, loops and capped conflict rows in
test_doctor_checks.py, the conflict rules in test_doctor_conflicts.py, missing items in test_doctor_registry.py, and
the code/creative table in test_doctor_table.py (each on small packs written by the tests)."""

from __future__ import annotations

import kit.items
from kit.items.doctor_report import DOCTOR_KINDS, ITEM_SCHEMA, PROBLEM_SCHEMA, RECIPE_SCHEMA, SUMMARY_SCHEMA
from tests.items.doctor_inputs import lang, rows, run, shapeless
from tests.items.items_inputs import vanilla


def test_undefined_failed_and_empty_tags(tmp_path) -> None:
    files = {
        "assets/t/lang/en_us.json": lang("t:a", "t:b", "t:c", "t:d"),
        "data/t/recipe/a.json": shapeless("t:a", "#t:nothing"),
        "data/t/recipe/b.json": shapeless("t:b", "#t:broken"),
        "data/t/recipe/c.json": shapeless("t:c", "#t:empty"),
        "data/t/tags/item/broken.json": {"values": ["t:d", "#forge:storage_blocks/netherite"]},
        "data/t/tags/item/empty.json": {"values": []},
    }
    report = run(tmp_path, files)
    undefined = rows(report, "undefined_tag").set_index("object_id")
    assert sorted(undefined.index) == ["t:broken", "t:nothing"]
    assert (
        "failed to load (references missing tag #forge:storage_blocks/netherite)"
        in undefined.loc["t:broken", "message"]
    )
    assert (undefined["severity"] == "error").all() and (undefined["field"] == "inputs[0]").all()
    empty = rows(report, "empty_tag")
    assert list(empty["object_id"]) == ["t:empty"] and list(empty["severity"]) == ["warning"]
    recipes = report.recipes().set_index("recipe_id")
    assert "undefined tag" in recipes.loc["t:a", "missing"] and recipes.loc["t:c", "missing"] == "#t:empty (empty tag)"


def test_a_loot_table_rolling_a_missing_table(tmp_path) -> None:
    files = {
        "data/t/loot_table/chests/x.json": {
            "type": "minecraft:chest",
            "pools": [{"rolls": 1, "entries": [{"type": "minecraft:loot_table", "value": "t:chests/gone"}]}],
        }
    }
    found = rows(run(tmp_path, files), "missing_loot_table")
    assert list(found["object_id"]) == ["t:chests/x"] and "t:chests/gone" in found.iloc[0]["message"]


def test_frames_have_their_documented_columns_also_when_empty(tmp_path) -> None:
    report = run(tmp_path, {"data/t/tags/item/x.json": {"values": []}})
    assert dict(report.items().dtypes.astype(str)) == {
        k: str(v) for k, v in kit.core.frames.frame(ITEM_SCHEMA).dtypes.items()
    }
    assert list(report.recipes().columns) == list(RECIPE_SCHEMA) == ["recipe_id", "type", "craftable", "missing"]
    assert list(report.problems().columns) == list(PROBLEM_SCHEMA)
    summary = report.summary()
    assert list(summary.columns) == list(SUMMARY_SCHEMA) and list(summary["kind"]) == list(DOCTOR_KINDS)
    assert summary["n_problems"].sum() == 0


def test_vanilla_alone_comes_out_clean() -> None:
    report = kit.items.doctor(kit.items.load_datapacks(vanilla("1.21.3"), strict=False))
    assert len(report.problems()) == 0, report.problems().head(10).to_string()
    items = report.items().set_index("item_id")
    common = [
        "minecraft:stick",
        "minecraft:iron_ingot",
        "minecraft:diamond_pickaxe",
        "minecraft:beacon",
        "minecraft:netherite_sword",
        "minecraft:ender_eye",
        "minecraft:firework_rocket",
        "minecraft:elytra",
        "minecraft:potion",
        "minecraft:oak_log",
        "minecraft:cake",
        "minecraft:enchanting_table",
    ]
    assert items.loc[common, "obtainable"].all()
    assert items.loc["minecraft:bedrock", "how"] == "creative"
    assert (items["how"] != "").all()  # every known vanilla item is obtainable or creative-only
    assert "minecraft:water" not in items.index and "minecraft:potted_cactus" not in items.index
