"""Modded data through load_datapacks: ingredient formats, loader conditions on packs, the override rule, unresolved
slots, names. Result formats are tested in test_recipes.py, condition logic in test_conditions.py, icons in
test_icons.py."""

from __future__ import annotations

import json
import zipfile

import pandas as pd
import pytest

import kit.items
from tests.items.items_inputs import RESULTS, _guarded, _load, write_pack

# ---------------------------------------------------------------- results


def test_chance_and_count_reach_the_item_sources_json(tmp_path):
    packs = _load(tmp_path, {"data/m/recipe/r.json": RESULTS[0][0]})
    src = packs.item_sources("a:bonus").sources[0]
    assert src.outputs[1].to_json() == {"items": ["a:bonus"], "chance": 0.25}
    assert src.outputs[0].to_json() == {"items": ["a:dust"], "count": 2}
    assert packs.item_sources("a:dust").sources[0].source_id == "m:r"
    row = packs.recipes().iloc[0]
    assert row.n_results == 2 and row.results == (("a:dust", 2, 1.0), ("a:bonus", 1, 0.25))


# ---------------------------------------------------------------- ingredients

TAGS = {
    "data/c/tags/item/ingots.json": {"values": ["a:iron", "a:gold", "a:tin"]},
    "data/c/tags/item/shiny.json": {"values": ["a:gold", "a:gem"]},
}

# (ingredient JSON, items accepted (in order), unresolved refs)
INGREDIENTS = [
    (
        {"type": "neoforge:compound", "children": [{"item": "a:gem"}, {"tag": "c:ingots"}]},
        ["a:gem", "a:iron", "a:gold", "a:tin"],
        [],
    ),
    (
        {"type": "neoforge:difference", "base": {"tag": "c:ingots"}, "subtracted": {"item": "a:gold"}},
        ["a:iron", "a:tin"],
        [],
    ),
    ({"type": "neoforge:intersection", "children": [{"tag": "c:ingots"}, {"tag": "c:shiny"}]}, ["a:gold"], []),
    ({"type": "neoforge:components", "items": "a:gem", "components": {"minecraft:damage": 0}}, ["a:gem"], []),
    ({"type": "forge:nbt", "item": "a:gem", "count": 1, "nbt": "{Damage:0}"}, ["a:gem"], []),
    ({"type": "forge:partial_nbt", "items": ["a:gem", "a:iron"], "nbt": {"x": 1}}, ["a:gem", "a:iron"], []),
    ({"type": "forge:difference", "base": {"tag": "c:shiny"}, "subtracted": {"tag": "c:ingots"}}, ["a:gem"], []),
    ({"fabric:type": "fabric:all_of", "ingredients": [{"tag": "c:shiny"}, {"item": "a:gem"}]}, ["a:gem"], []),
    ({"fabric:type": "fabric:any_of", "ingredients": [{"item": "a:gem"}, {"item": "a:iron"}]}, ["a:gem", "a:iron"], []),
    ({"fabric:type": "fabric:custom_data", "base": {"item": "a:gem"}, "nbt": "{a:1}"}, ["a:gem"], []),
    ({"type": "neoforge:block_tag", "tag": "minecraft:logs"}, [], ['neoforge:block_tag({"tag": "minecraft:logs"})']),
    (
        {"type": "neoforge:difference", "base": {"tag": "c:ingots"}, "subtracted": {"tag": "c:absent"}},
        ["a:iron", "a:gold", "a:tin"],
        ["neoforge:difference(#c:ingots - #c:absent)"],
    ),
]


@pytest.mark.parametrize("ingredient, items, unresolved", INGREDIENTS)
def test_loader_custom_ingredients(tmp_path, ingredient, items, unresolved):
    packs = _load(
        tmp_path,
        {
            **TAGS,
            "data/m/recipe/r.json": {
                "type": "minecraft:crafting_shapeless",
                "ingredients": [ingredient, {"item": "a:stick"}],
                "result": {"id": "a:out"},
            },
        },
    )
    src = packs.item_sources("a:out").sources[0]  # the recipe is never dropped for an exotic slot
    assert list(src.inputs[0].item_ids) == items
    assert list(src.inputs[0].unresolved) == unresolved
    for item in items:
        assert "m:r" in set(packs.item_uses(item).recipe_id)
    kinds = set(packs.problems().kind)
    assert kinds == (
        set() if not unresolved else {"undefined_tag"} if "#c:absent" in unresolved[0] else {"unresolved_ingredient"}
    )


def test_filter_ingredient_is_explained_in_the_frame(tmp_path):
    packs = _load(
        tmp_path,
        {
            "data/m/recipe/r.json": {
                "type": "minecraft:crafting_shapeless",
                "result": {"id": "a:out"},
                "ingredients": [
                    {"type": "neoforge:components", "items": "a:gem", "components": {"minecraft:damage": 0}}
                ],
            }
        },
    )
    assert packs.recipes().inputs[0] == ('neoforge:components(a:gem with components {"minecraft:damage": 0})',)


# ---------------------------------------------------------------- undefined tags


def test_undefined_tag_slot_stays_visible_everywhere(tmp_path):
    packs = _load(
        tmp_path,
        {
            "data/m/recipe/gear.json": {
                "type": "minecraft:crafting_shaped",
                "pattern": ["T#"],
                "key": {"T": {"tag": "c:ingots/tin"}, "#": "a:rod"},
                "result": {"id": "a:gear"},
            }
        },
    )
    src = packs.item_sources("a:gear").sources[0]
    assert src.inputs[0].to_json() == {"unresolved": ["#c:ingots/tin"]}  # not an empty slot ({})
    assert json.loads(packs.item_sources("a:gear").to_json())["sources"][0]["inputs"][0] == {
        "unresolved": ["#c:ingots/tin"]
    }
    assert packs.recipes().inputs[0] == ("#c:ingots/tin", "a:rod")
    p = packs.problems()
    assert list(p.columns)[:6] == ["severity", "kind", "object_id", "field", "message", "path"]
    assert p.severity.dtype == pd.CategoricalDtype(["warning", "error"], ordered=True)
    assert p[["kind", "object_id", "field"]].values.tolist() == [["undefined_tag", "m:gear", "inputs[0]"]]
    assert "#c:ingots/tin" in p.message[0]


# ---------------------------------------------------------------- conditions


@pytest.mark.parametrize("mods, present", [(["create"], True), ([], False)])
def test_conditions_decide_recipes_loot_tables_and_tags(tmp_path, mods, present):
    low, high = _guarded(tmp_path)
    packs = kit.items.load_datapacks([low, high], mods=pd.DataFrame({"mod_id": mods}, dtype="string"))
    ids = set(packs.recipes().recipe_id)
    assert ({"m:create_only", "m:legacy", "m:wrapped", "m:fabric"} <= ids) is present
    assert (not ids) is (not present)
    assert ("m:blocks/x" in set(packs.loot_tables().loot_table_id)) is present
    assert packs.tag_items("c:gears") == (("a:plain_gear", "create:gear") if present else ("a:plain_gear",))
    c = packs.conditions()
    assert set(c.resource_type) == {"recipe", "loot_table", "item_tag"}
    assert c.conditions_met.tolist() == [present] * len(c)


def test_without_mods_mod_conditions_are_undecided_and_kept(tmp_path):
    low, high = _guarded(tmp_path)
    packs = kit.items.load_datapacks([low, high])
    r = packs.recipe("m:create_only")
    assert r.conditions_met is None and "loader conditions undecided: mod_loaded(create)" in r.notes
    assert packs.recipes().conditions_met.isna().all()
    assert "undecided_condition" in set(packs.problems().kind)


# ---------------------------------------------------------------- the override rule


def test_broken_top_priority_file_removes_the_recipe(tmp_path):
    low = write_pack(
        tmp_path / "low",
        {
            "data/minecraft/recipe/torch.json": {
                "type": "minecraft:crafting_shapeless",
                "ingredients": ["a:x"],
                "result": {"id": "minecraft:torch"},
            },
            "data/minecraft/loot_table/blocks/torch.json": {"pools": []},
            "data/minecraft/recipe/lonely.json": "{not json",
        },
    )
    high = write_pack(
        tmp_path / "high",
        {"data/minecraft/recipe/torch.json": {}, "data/minecraft/loot_table/blocks/torch.json": "[oops"},
    )
    packs = kit.items.load_datapacks([low, high], strict=False)
    assert "minecraft:torch" not in set(packs.recipes().recipe_id)
    with pytest.raises(kit.items.UnknownItemError, match="no loaded pack knows the item 'minecraft:torch'"):
        packs.item_sources("minecraft:torch", "recipe")
    with pytest.raises(kit.items.UnknownLootTableError):
        packs.loot_table("minecraft:blocks/torch")
    p = packs.problems().set_index("object_id")
    assert p.loc["minecraft:torch", "kind"] == "removed_by_override"
    assert p.loc["minecraft:torch", "pack"] == "high" and "low" in p.loc["minecraft:torch", "message"]
    assert p.loc["minecraft:blocks/torch", "kind"] == "removed_by_override"
    assert p.loc["minecraft:lonely", "kind"] == "unreadable_recipe" and p.loc["minecraft:lonely", "severity"] == "error"
    # the lower file alone still loads
    assert kit.items.load_datapacks([low], strict=False).recipe("minecraft:torch").result.item_id == "minecraft:torch"


def test_failing_conditions_on_top_file_leave_no_recipe(tmp_path):
    low = write_pack(
        tmp_path / "low",
        {
            "data/m/recipe/r.json": {
                "type": "minecraft:crafting_shapeless",
                "ingredients": ["a:x"],
                "result": {"id": "a:y"},
            }
        },
    )
    high = write_pack(
        tmp_path / "high",
        {
            "data/m/recipe/r.json": {
                "neoforge:conditions": [{"type": "neoforge:false"}],
                "type": "minecraft:crafting_shapeless",
                "ingredients": ["a:x"],
                "result": {"id": "a:z"},
            }
        },
    )
    packs = kit.items.load_datapacks([low, high], mods=[])
    assert len(packs.recipes()) == 0 and len(packs.problems()) == 0


# ---------------------------------------------------------------- names


def test_names_from_every_pack_resolve_modded_chinese_names(tmp_path):
    jar = tmp_path / "mod.jar"
    with zipfile.ZipFile(jar, "w") as zf:
        zf.writestr("assets/mek/lang/zh_cn.json", json.dumps({"item.mek.dirty_dust_iron": "污浊铁粉"}))
        zf.writestr("assets/mek/lang/en_us.json", json.dumps({"item.mek.dirty_dust_iron": "Dirty Iron Dust"}))
    rp = write_pack(tmp_path / "rp", {"assets/mek/lang/zh_cn.json": {"item.mek.crushed_iron_ore": "粉碎铁矿石"}})
    packs = kit.items.load_datapacks([jar, rp])
    assert packs.resolve_item("粉碎铁矿石怎么来") == "mek:crushed_iron_ore"
    assert packs.resolve_item("污浊铁粉") == "mek:dirty_dust_iron"
    assert packs.resolve_item("dirty iron dust?") == "mek:dirty_dust_iron"


def test_item_exists_uses_language_files_tags_and_mods(tmp_path):
    files = {
        "assets/m/lang/en_us.json": {"item.m.named": "Named"},
        "data/c/tags/item/t.json": {"values": ["m:tagged"]},
    }
    for i, item in enumerate(["m:named", "m:tagged", "m:unknown", "other:thing"]):
        files[f"data/m/recipe/r{i}.json"] = {
            "neoforge:conditions": [{"type": "neoforge:item_exists", "item": item}],
            "type": "minecraft:crafting_shapeless",
            "ingredients": ["m:named"],
            "result": {"id": f"m:out{i}"},
        }
    packs = _load(tmp_path, files, mods=["m"])
    met = packs.conditions().set_index("resource_id").conditions_met
    assert [None if pd.isna(v) else bool(v) for v in met[["m:r0", "m:r1", "m:r2", "m:r3"]]] == [True, True, None, False]
    assert set(packs.recipes().recipe_id) == {"m:r0", "m:r1", "m:r2"}
