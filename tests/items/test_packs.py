"""Loading data packs: folders, zips, jars, old and new layouts, overrides, tags, errors."""

from __future__ import annotations

import json
import zipfile

import pytest

import kit.items
from tests.items.items_inputs import vanilla, write_pack


@pytest.fixture(scope="module")
def v1213():
    return kit.items.load_datapacks(vanilla("1.21.3"))


def test_vanilla_1213_counts_and_no_errors(v1213):
    assert len(v1213.recipes()) == 1337
    assert len(v1213.loot_tables()) == 1227
    assert v1213.tags().tag_id.nunique() == 170
    assert len(v1213.problems()) == 0
    kinds = v1213.recipes().kind.value_counts()
    assert kinds["shaped"] == 635 and kinds["special"] == 12 and kinds["transmute"] == 32
    assert "unknown" not in kinds


def test_feature_packs_listed_but_applied_only_when_asked(v1213):
    assert v1213.features == ("minecart_improvements", "redstone_experiments", "trade_rebalance", "winter_drop")
    assert not v1213.packs().set_index("pack").loc["1.21.3[winter_drop]", "is_applied"]
    assert "minecraft:pale_oak_planks" not in set(v1213.recipes().result_item_id)
    with_drop = kit.items.load_datapacks(vanilla("1.21.3"), features=["winter_drop"])
    assert "minecraft:pale_oak_planks" in set(with_drop.recipes().result_item_id)
    assert with_drop.loot_table("minecraft:blocks/pale_oak_log").pack == "1.21.3[winter_drop]"
    assert v1213.loot_table("minecraft:blocks/pale_oak_log").pack == "1.21.3"
    assert with_drop.packs().set_index("pack").loc["1.21.3[winter_drop]", "is_applied"]
    with pytest.raises(kit.items.UnknownFeatureError, match="nonexistent.*available: minecart_improvements"):
        kit.items.load_datapacks(vanilla("1.21.3"), features=["nonexistent"])


def test_old_ingredient_syntax_1211():
    packs = kit.items.load_datapacks(vanilla("1.21.1"))
    assert len(packs.problems()) == 0
    assert len(packs.recipes()) == 1290
    bread = packs.recipe("minecraft:bread")
    assert bread.inputs == (("minecraft:wheat",),) * 3 and bread.width == 3
    assert packs.recipe("minecraft:torch").inputs == (("minecraft:coal", "minecraft:charcoal"), ("minecraft:stick",))
    assert packs.recipe("minecraft:chest").inputs[0] == ("#minecraft:planks",)
    assert len(packs.item_sources("minecraft:chest", "recipe").sources[0].inputs[0].items) == 8


def test_plural_folders_and_old_results_1181():
    packs = kit.items.load_datapacks(vanilla("1.18.1"))
    assert len(packs.problems()) == 0
    recipes = packs.recipes()
    assert len(recipes) == 1058 and set(recipes.folder) == {"recipes"}
    assert len(packs.loot_tables()) == 987 and set(packs.loot_tables().folder) == {"loot_tables"}
    assert packs.tags().tag_id.nunique() == 71
    potato = packs.recipe("minecraft:baked_potato")
    assert potato.result.item_id == "minecraft:baked_potato" and potato.inputs == (("minecraft:potato",),)
    assert "smithing" in set(recipes.kind)
    assert packs.item_sources("minecraft:netherite_sword", "recipe").sources[0].type == "minecraft:smithing"


def test_priority_override_and_tag_merge(tmp_path):
    low = write_pack(
        tmp_path / "low",
        {
            "data/t/recipe/r.json": {"type": "crafting_shapeless", "ingredients": ["t:a"], "result": {"id": "t:low"}},
            "data/t/tags/item/m.json": {"values": ["t:a", "t:b"]},
            "data/t/tags/item/n.json": {"values": ["t:a"]},
        },
    )
    high = write_pack(
        tmp_path / "high",
        {
            "data/t/recipe/r.json": {"type": "crafting_shapeless", "ingredients": ["t:a"], "result": {"id": "t:high"}},
            "data/t/tags/item/m.json": {"values": ["t:c"]},
            "data/t/tags/item/n.json": {"replace": True, "values": ["t:z"]},
        },
    )
    packs = kit.items.load_datapacks([low, high])
    assert packs.recipe("t:r").result.item_id == "t:high"
    assert packs.recipe("t:r").pack == "high"
    assert packs.tag_items("t:m") == ("t:a", "t:b", "t:c")
    assert packs.tag_items("#t:n") == ("t:z",)
    assert kit.items.load_datapacks([high, low]).recipe("t:r").result.item_id == "t:low"


def test_nested_tags_cycles_and_missing_references(tmp_path):
    root = write_pack(
        tmp_path / "p",
        {
            "data/t/tags/item/outer.json": {"values": ["#t:inner", "t:x", {"id": "#t:absent", "required": False}]},
            "data/t/tags/item/inner.json": {"values": ["t:y", "#t:deeper"]},
            "data/t/tags/item/deeper.json": {"values": ["t:w"]},
            "data/t/tags/item/a.json": {"values": ["#t:b"]},
            "data/t/tags/item/b.json": {"values": ["#t:a", "t:q"]},
            "data/t/tags/item/broken.json": {"values": ["#t:absent"]},
        },
    )
    packs = kit.items.load_datapacks(root, strict=False)
    assert packs.tag_items("t:outer") == ("t:y", "t:w", "t:x")
    errors = packs.problems().set_index("object_id")
    assert "cycle" in errors.loc["#t:a", "message"] and "cycle" in errors.loc["#t:b", "message"]
    assert "missing tag #t:absent" in errors.loc["#t:broken", "message"]
    assert packs.tag_items("t:a") == ()
    with pytest.raises(kit.items.DatapackReadError, match="cycle"):
        kit.items.load_datapacks(root, strict=True)
    tags = packs.tags()
    assert tags[tags.tag_id == "t:outer"].set_index("item_id").loc["t:w", "via_tag"] == "t:inner"


def test_unreadable_files_become_error_rows_or_raise_when_strict(tmp_path):
    root = write_pack(
        tmp_path / "p",
        {
            "data/t/recipe/bad_json.json": "{not json",
            "data/t/recipe/no_type.json": {"ingredients": []},
            "data/t/recipe/bad_key.json": {
                "type": "crafting_shaped",
                "pattern": ["#X"],
                "key": {"#": "t:a"},
                "result": {"id": "t:b"},
            },
            "data/t/recipe/good.json": {
                "type": "crafting_shaped",
                "pattern": ["# ", " #"],
                "key": {"#": "t:a"},
                "result": {"id": "t:b", "count": 2},
            },
            "data/t/loot_table/bad.json": {"pools": [{"rolls": 1, "entries": [{"name": "t:a"}]}]},
            "assets/t/lang/en_us.json": "[1, 2]",
        },
    )
    packs = kit.items.load_datapacks(root, strict=False)
    errors = packs.problems()
    assert list(errors.columns) == ["severity", "kind", "object_id", "field", "message", "path", "pack"]
    by_id = errors.set_index("object_id")
    assert "invalid JSON" in by_id.loc["t:bad_json", "message"]
    assert "field 'type'" in by_id.loc["t:no_type", "message"]
    assert "symbol 'X'" in by_id.loc["t:bad_key", "message"]
    assert "pools[0].entries[0].type" in by_id.loc["t:bad", "message"]
    assert by_id.loc["t:bad", "path"] == "data/t/loot_table/bad.json" and by_id.loc["t:bad", "pack"] == "p"
    assert set(errors.kind) == {"unreadable_recipe", "unreadable_loot_table", "unreadable_lang"}
    assert set(errors.severity) == {"error"}
    assert list(packs.recipes().recipe_id) == ["t:good"]
    good = packs.recipe("t:good")
    assert good.width == 2 and good.inputs == (("t:a",), (), (), ("t:a",))
    with pytest.raises(
        kit.items.DatapackReadError, match=r"p: assets/t/lang/en_us.json \(t:en_us\): invalid language file"
    ):
        kit.items.load_datapacks(root, strict=True)


def test_zip_and_jar_packs(tmp_path):
    zpath = tmp_path / "pack.zip"
    with zipfile.ZipFile(zpath, "w") as zf:
        zf.writestr("pack.mcmeta", json.dumps({"pack": {"pack_format": 57, "description": "z"}}))
        zf.writestr(
            "data/z/recipe/r.json",
            json.dumps({"type": "minecraft:stonecutting", "ingredient": "z:a", "result": {"id": "z:b", "count": 4}}),
        )
    jpath = tmp_path / "server.jar"
    with zipfile.ZipFile(jpath, "w") as zf:
        zf.writestr("net/minecraft/Main.class", b"\xca\xfe")
        zf.writestr("data/minecraft/loot_table/blocks/x.json", json.dumps({"pools": []}))
        zf.writestr(
            "data/minecraft/datapacks/extra/data/minecraft/recipe/e.json",
            json.dumps({"type": "minecraft:smelting", "ingredient": "z:b", "result": {"id": "z:c"}}),
        )
        zf.writestr("assets/minecraft/lang/en_us.json", json.dumps({"item.z.b": "Bee"}))
    nested = tmp_path / "nested.zip"
    with zipfile.ZipFile(nested, "w") as zf:
        zf.writestr("MyPack/data/n/tags/item/t.json", json.dumps({"values": ["z:b"]}))
    packs = kit.items.load_datapacks([jpath, zpath, nested], features=["extra"])
    info = packs.packs()
    assert list(info.kind) == ["jar", "feature", "zip", "zip"]
    assert set(packs.recipes().recipe_id) == {"z:r", "minecraft:e"}
    assert packs.tag_items("n:t") == ("z:b",)
    assert packs.items().set_index("item_id").loc["z:b", "name_en"] == "Bee"


def test_bad_paths(tmp_path):
    with pytest.raises(kit.items.DatapackError, match="not found"):
        kit.items.load_datapacks(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(kit.items.DatapackError, match="no data/ or assets/"):
        kit.items.load_datapacks(tmp_path / "empty")
    (tmp_path / "file.txt").write_text("x")
    with pytest.raises(OSError, match="neither a folder nor a zip"):
        kit.items.load_datapacks(tmp_path / "file.txt")


def test_unknown_recipe_types_keep_type_and_readable_ingredients(tmp_path):
    packs = kit.items.load_datapacks(
        write_pack(
            tmp_path / "p",
            {
                "data/m/recipe/crush.json": {
                    "type": "create:crushing",
                    "ingredients": [{"item": "minecraft:cobblestone"}],
                    "processingTime": 250,
                    "result": {"id": "minecraft:gravel"},
                },
                "data/m/recipe/odd.json": {"type": "mod:odd", "input": {"weird": 1}},
            },
        )
    )
    crush = packs.recipe("m:crush")
    assert crush.kind == "unknown" and crush.recipe_type == "create:crushing"
    assert crush.inputs == (("minecraft:cobblestone",),)
    src = packs.item_sources("minecraft:gravel").sources[0]
    assert src.type == "create:crushing" and src.station == ("create",)  # the recipe type's mod
    assert packs.recipe("m:odd").inputs == ()
    assert "input: unreadable input" in packs.recipe("m:odd").notes[0]
    assert len(packs.problems()) == 0


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


def test_items_frame_names_and_counts(v1213):
    items = v1213.items().set_index("item_id")
    row = items.loc["minecraft:diamond_pickaxe"]
    assert row.name_en == "Diamond Pickaxe" and row.name_zh == "" and row.n_recipes == 1
    assert items.loc["minecraft:stick", "n_uses"] > 20
    assert items.loc["minecraft:stone", "name_en"] == "Stone"
    assert all(":" in i for i in items.index)


def test_remembered_type_ids_and_key_layouts_stay_bounded_and_give_the_plain_answers() -> None:
    from kit.items import _common, recipes
    from kit.items._common import norm_id, type_id

    for i in range(_common._MAX_TYPE_IDS + 10):
        assert type_id(f"t{i}") == norm_id(f"t{i}") == f"minecraft:t{i}"
    assert len(_common._TYPE_IDS) <= _common._MAX_TYPE_IDS
    assert type_id(" #x ") == norm_id(" #x ") == "#minecraft:x"
    first = recipes.parse_recipe(
        "m:a", {"type": "m:mill", "item_input": "m:ore", "main_output": "m:dust", "main_chance": 0.5}
    )
    for i in range(recipes._MAX_LAYOUTS + 10):  # other layouts push the first one out; the answer stays the same
        recipes.parse_recipe("m:b", {"type": "m:mill", f"k{i}_input": "m:ore"})
    assert len(recipes._LAYOUTS) <= recipes._MAX_LAYOUTS
    again = recipes.parse_recipe(
        "m:a", {"type": "m:mill", "item_input": "m:ore", "main_output": "m:dust", "main_chance": 0.5}
    )
    assert again == first and again.chances == (0.5,) and again.inputs == (("m:ore",),)
