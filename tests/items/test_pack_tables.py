"""The PackSet's tables (kit.items.pack_tables): documented columns and dtypes, also when empty."""

from __future__ import annotations

import kit.items
import kit.items.pack_tables as pack_tables
import kit.items.packset as packset
from tests.items.items_inputs import _guarded, _load, write_pack


def test_frames_have_documented_columns_when_empty(tmp_path):
    packs = kit.items.load_datapacks(write_pack(tmp_path / "p", {"assets/t/lang/en_us.json": {}}))
    expected = {
        "recipes": [
            "recipe_id",
            "recipe_type",
            "kind",
            "result_item_id",
            "result_count",
            "width",
            "n_inputs",
            "inputs",
            "station",
            "category",
            "group",
            "n_results",
            "results",
            "conditions_met",
            "notes",
            "folder",
            "pack",
            "path",
        ],
        "loot_tables": [
            "loot_table_id",
            "table_type",
            "n_pools",
            "n_entries",
            "n_item_entries",
            "n_tag_entries",
            "n_nested_tables",
            "n_dynamic_entries",
            "n_empty_entries",
            "folder",
            "pack",
            "path",
        ],
        "tags": ["tag_id", "item_id", "via_tag", "pack", "path"],
        "items": ["item_id", "name_en", "name_zh", "n_recipes", "n_uses", "n_loot_tables", "n_tags"],
    }
    for method, columns in expected.items():
        df = getattr(packs, method)()
        assert list(df.columns) == columns and len(df) == 0, method
    assert list(packs.item_uses("t:x").columns) == [
        "recipe_id",
        "recipe_type",
        "kind",
        "result_item_id",
        "result_count",
        "n_slots",
        "via_tag",
        "pack",
        "path",
    ]
    assert list(kit.items.ItemSourceOutput("t:x").to_frame().columns)[:3] == ["rank", "kind", "source_id"]


def test_problem_and_condition_frames_keep_dtypes_when_empty(tmp_path):
    empty = _load(
        tmp_path / "a",
        {
            "data/m/recipe/r.json": {
                "type": "minecraft:crafting_shapeless",
                "ingredients": ["a:x"],
                "result": {"id": "a:y"},
            }
        },
    )
    low, high = _guarded(tmp_path / "b")
    full = kit.items.load_datapacks(
        [low, high, write_pack(tmp_path / "c", {"data/m/recipe/bad.json": "{"})], strict=False
    )
    for method in ("problems", "conditions"):
        a, b = getattr(empty, method)(), getattr(full, method)()
        assert len(a) == 0 and len(b) > 0, method
        assert list(a.columns) == list(b.columns) and list(a.dtypes) == list(b.dtypes), method
    assert full.problems().severity.tolist()[0] == "error"  # errors first


def test_full_frames_have_exactly_their_schemas_columns_and_dtypes(tmp_path):
    packs = _load(
        tmp_path,
        {
            "assets/t/lang/en_us.json": {"item.t.b": "Bee"},
            "data/t/recipe/r.json": {"type": "minecraft:crafting_shapeless", "ingredients": ["t:a"], "result": "t:b"},
            "data/t/loot_table/chests/c.json": {
                "type": "minecraft:chest",
                "pools": [{"rolls": 1, "entries": [{"type": "minecraft:item", "name": "t:b"}]}],
            },
            "data/t/tags/item/all.json": {"values": ["t:a", "t:b"]},
        },
    )
    frames = {
        "RECIPE_SCHEMA": packs.recipes(),
        "LOOT_TABLE_SCHEMA": packs.loot_tables(),
        "TAG_SCHEMA": packs.tags(),
        "ITEM_SCHEMA": packs.items(),
        "USES_SCHEMA": packs.item_uses("t:a"),
        "PACK_SCHEMA": packs.packs(),
        "EXPECTATION_SCHEMA": packs.loot_expectations(),
    }
    for name, df in frames.items():
        schema = getattr(pack_tables, name)
        assert len(df) > 0, name
        assert list(df.columns) == list(schema), name
        assert [str(t) for t in df.dtypes] == [str(df[c].astype(schema[c]).dtype) for c in schema], name
        assert getattr(packset, name) is schema  # the old import path still works
    assert packs.items().set_index("item_id").loc["t:b", ["name_en", "n_recipes", "n_loot_tables"]].tolist() == [
        "Bee",
        1,
        1,
    ]
