"""Modded data: result and ingredient formats, loader conditions, the override rule, unresolved slots, icons, names."""

from __future__ import annotations

import json
import zipfile

import pandas as pd
import pytest

import kit.items
from kit.items.conditions import ConditionContext, evaluate, unwrap_conditional
from kit.items.icons import find_icon
from kit.samples.server import png_icon
from tests.items.items_inputs import write_pack


def _load(tmp_path, files, **kw):
    kw.setdefault("strict", False)
    return kit.items.load_datapacks(write_pack(tmp_path / "p", files), **kw)


def _recipe(tmp_path, data, **kw):
    return _load(tmp_path, {"data/m/recipe/r.json": data}, **kw).recipe("m:r")


# ---------------------------------------------------------------- results

# (recipe JSON, expected (item, count, chance) outputs, a note that must be present or None)
RESULTS = [
    (
        {
            "type": "create:crushing",
            "ingredients": [{"item": "a:x"}],
            "results": [{"id": "a:dust", "count": 2}, {"item": "a:bonus", "count": 1, "chance": 0.25}],
        },
        [("a:dust", 2, 1.0), ("a:bonus", 1, 0.25)],
        "a:bonus ×1 with chance 25% (expected 0.25)",
    ),
    (
        {
            "type": "farmersdelight:cutting",
            "ingredients": [{"item": "a:x"}],
            "tool": {"tag": "c:tools/knife"},
            "result": [{"item": {"count": 7, "id": "a:slice"}}, {"item": {"id": "a:bone"}, "chance": 0.5}],
        },
        [("a:slice", 7, 1.0), ("a:bone", 1, 0.5)],
        "tool: #c:tools/knife",
    ),
    ({"type": "silentgear:thing", "result": [{"item": "a:one"}]}, [("a:one", 1, 1.0)], None),
    (
        {"type": "mekanism:crushing", "input": {"count": 1, "tag": "c:x"}, "output": {"count": 3, "id": "a:out"}},
        [("a:out", 3, 1.0)],
        None,
    ),
    (
        {"type": "mekanism:oxidizing", "input": {"count": 1, "item": "a:x"}, "output": {"amount": 100, "id": "m:gas"}},
        [],
        "output: 100 × m:gas (not an item)",
    ),
    (
        {"type": "mekanism:energy_conversion", "input": {"item": "a:x"}, "output": 48000},
        [],
        "output: 48000 (not an item, e.g. energy)",
    ),
    (
        {
            "type": "mekanism:sawing",
            "input": {"item": "a:log"},
            "main_output": {"count": 6, "id": "a:planks"},
            "secondary_output": {"count": 1, "id": "a:dust"},
            "secondary_chance": 0.25,
        },
        [("a:planks", 6, 1.0), ("a:dust", 1, 0.25)],
        "a:dust ×1 with chance 25% (expected 0.25)",
    ),
    (
        {
            "type": "create:filling",
            "ingredients": [{"item": "a:x"}],
            "results": [{"id": "a:y"}, {"fluid": "minecraft:water", "amount": 250}],
        },
        [("a:y", 1, 1.0)],
        "results[1]: 250 × minecraft:water (not an item)",
    ),
    (
        {
            "type": "immersiveengineering:crusher",
            "input": {"item": "a:ore"},
            "result": {"basePredicate": {"tag": "c:dusts/iron"}, "count": 2},
        },
        [("#c:dusts/iron", 2, 1.0)],
        "result: one item of the tag #c:dusts/iron",
    ),
    (
        {"type": "x:machine", "inputs": [{"item": "a:x"}], "outputs": ["a:y", {"Count": 2, "item": "a:z"}]},
        [("a:y", 1, 1.0), ("a:z", 2, 1.0)],
        None,
    ),
]


@pytest.mark.parametrize("data, outputs, note", RESULTS)
def test_modded_result_formats(tmp_path, data, outputs, note):
    r = _recipe(tmp_path, data)
    got = [(s.item_id, s.count, r.chances[i] if r.chances else 1.0) for i, s in enumerate(r.item_results)]
    assert got == outputs
    if note:
        assert note in r.notes
    assert r.station == (data["type"].split(":")[0],)


def test_chance_and_count_reach_the_item_sources_json(tmp_path):
    packs = _load(tmp_path, {"data/m/recipe/r.json": RESULTS[0][0]})
    src = packs.item_sources("a:bonus").sources[0]
    assert src.outputs[1].to_json() == {"items": ["a:bonus"], "chance": 0.25}
    assert src.outputs[0].to_json() == {"items": ["a:dust"], "count": 2}
    assert packs.item_sources("a:dust").sources[0].source_id == "m:r"
    row = packs.recipes().iloc[0]
    assert row.n_results == 2 and row.results == (("a:dust", 2, 1.0), ("a:bonus", 1, 0.25))


def test_non_item_inputs_are_noted_and_sized_inputs_keep_their_count(tmp_path):
    r = _recipe(
        tmp_path,
        {
            "type": "mek:infusing",
            "item_input": {"count": 3, "item": "a:x"},
            "chemical_input": {"amount": 10, "chemical": "mek:redstone"},
            "fluid_input": {"amount": 50, "tag": "c:water"},
            "output": {"id": "a:y"},
        },
    )
    assert r.inputs == (("a:x",),) and r.input_counts == (3,)
    assert "chemical_input: 10 × mek:redstone (not an item)" in r.notes
    assert "fluid_input: 50 × #c:water (not an item)" in r.notes
    packs = kit.items.load_datapacks(tmp_path / "p")
    assert packs.item_sources("a:y").sources[0].inputs[0].count == 3
    assert len(packs.problems()) == 0  # a fluid tag is not an undefined item tag


def test_special_recipe_without_inputs_or_outputs_is_explained(tmp_path):
    r = _recipe(tmp_path, {"type": "mekanism:bin_insert", "category": "misc"})
    assert r.result is None and "special recipe implemented in the mod's code" in r.notes[0]


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


def test_malformed_custom_ingredient_is_a_format_error(tmp_path):
    packs = _load(
        tmp_path,
        {
            "data/m/recipe/r.json": {
                "type": "minecraft:crafting_shapeless",
                "result": {"id": "a:out"},
                "ingredients": [{"type": "neoforge:difference", "base": {"item": "a:x"}}],
            }
        },
    )
    assert "field 'ingredients[0].subtracted'" in packs.problems().message[0]


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

CTX = ConditionContext(
    frozenset({"minecraft", "create"}),
    lambda t: {"c:full": ("a:x",), "c:empty": ()}.get(t),
    lambda i: i.startswith(("minecraft:", "create:")),
)

CONDITIONS = [
    ([{"type": "neoforge:mod_loaded", "modid": "create"}], True),
    ([{"type": "neoforge:mod_loaded", "modid": "mekanism"}], False),
    ([{"type": "forge:not", "value": {"type": "forge:mod_loaded", "modid": "mekanism"}}], True),
    ([{"type": "neoforge:and", "values": [{"type": "neoforge:true"}, {"type": "neoforge:false"}]}], False),
    ([{"type": "neoforge:or", "values": [{"type": "neoforge:false"}, {"type": "neoforge:true"}]}], True),
    ([{"type": "neoforge:item_exists", "item": "create:cog"}], True),
    ([{"type": "forge:item_exists", "item": "mekanism:ingot"}], False),
    ([{"type": "neoforge:tag_empty", "tag": "c:empty"}], True),
    ([{"type": "neoforge:tag_empty", "tag": "c:full"}], False),
    ([{"type": "neoforge:tag_empty", "tag": "c:undefined"}], None),
    ([{"condition": "fabric:all_mods_loaded", "values": ["create", "minecraft"]}], True),
    ([{"condition": "fabric:any_mods_loaded", "values": ["mekanism"]}], False),
    ([{"condition": "fabric:tags_populated", "values": ["c:full"]}], True),
    ([{"condition": "fabric:not", "value": {"condition": "fabric:true"}}], False),
    ([{"type": "mymod:config", "key": "x"}], None),
    ([{"type": "mymod:config"}, {"type": "neoforge:false"}], False),  # a known failure decides the and
    ([{"type": "neoforge:or", "values": [{"type": "mymod:config"}, {"type": "neoforge:true"}]}], True),
]


@pytest.mark.parametrize("conds, met", CONDITIONS)
def test_condition_evaluation(conds, met):
    assert evaluate(conds, CTX).met is met


def test_unknown_condition_and_missing_mods_are_explained():
    assert "mymod:config is unknown to kit" in evaluate([{"type": "mymod:config"}], CTX).notes[0]
    v = evaluate([{"type": "neoforge:mod_loaded", "modid": "create"}], ConditionContext())
    assert v.met is None and "mods were not given" in v.notes[0]


def test_forge_conditional_wrapper_picks_the_first_passing_branch():
    data = {
        "type": "forge:conditional",
        "recipes": [
            {"conditions": [{"type": "forge:mod_loaded", "modid": "mekanism"}], "recipe": {"type": "a"}},
            {"conditions": [{"type": "forge:mod_loaded", "modid": "create"}], "recipe": {"type": "b"}},
        ],
    }
    inner, verdict = unwrap_conditional(data, CTX)
    assert inner == {"type": "b"} and verdict.met is True
    assert unwrap_conditional({"type": "forge:conditional", "recipes": data["recipes"][:1]}, CTX)[0] is None
    assert unwrap_conditional({"type": "minecraft:crafting_shaped"}, CTX) is None


GUARDED = {
    "data/m/recipe/create_only.json": {
        "neoforge:conditions": [{"type": "neoforge:mod_loaded", "modid": "create"}],
        "type": "minecraft:crafting_shapeless",
        "ingredients": ["a:x"],
        "result": {"id": "a:from_create"},
    },
    "data/m/recipe/legacy.json": {
        "conditions": [{"type": "forge:mod_loaded", "modid": "create"}],
        "type": "minecraft:crafting_shapeless",
        "ingredients": ["a:x"],
        "result": {"id": "a:legacy"},
    },
    "data/m/recipe/wrapped.json": {
        "type": "forge:conditional",
        "recipes": [
            {
                "conditions": [{"type": "forge:mod_loaded", "modid": "create"}],
                "recipe": {
                    "type": "minecraft:crafting_shapeless",
                    "ingredients": ["a:x"],
                    "result": {"id": "a:wrapped"},
                },
            }
        ],
    },
    "data/m/recipe/fabric.json": {
        "fabric:load_conditions": [{"condition": "fabric:all_mods_loaded", "values": ["create"]}],
        "type": "minecraft:crafting_shapeless",
        "ingredients": ["a:x"],
        "result": {"id": "a:fabric"},
    },
    "data/m/loot_table/blocks/x.json": {
        "neoforge:conditions": [{"type": "neoforge:mod_loaded", "modid": "create"}],
        "type": "minecraft:block",
        "pools": [{"rolls": 1, "entries": [{"type": "minecraft:item", "name": "a:x"}]}],
    },
    "data/c/tags/item/gears.json": {"values": ["a:plain_gear"]},
}


def _guarded(tmp_path):
    root = write_pack(tmp_path / "low", GUARDED)
    high = write_pack(
        tmp_path / "high",
        {
            "data/c/tags/item/gears.json": {
                "neoforge:conditions": [{"type": "neoforge:mod_loaded", "modid": "create"}],
                "values": ["create:gear"],
            }
        },
    )
    return root, high


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


def test_tag_remove_lists(tmp_path):
    packs = _load(
        tmp_path,
        {
            "data/c/tags/item/a.json": {"values": ["a:1", "a:2", "#c:b"], "remove": ["a:2", "#c:c"]},
            "data/c/tags/item/b.json": {"values": ["a:3", "a:4"]},
            "data/c/tags/item/c.json": {"values": ["a:4"]},
        },
    )
    assert packs.tag_items("c:a") == ("a:1", "a:3")


# ---------------------------------------------------------------- names and icons


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


def test_item_icons_from_models_and_textures(tmp_path):
    red, blue, green = png_icon((255, 0, 0)), png_icon((0, 0, 255)), png_icon((0, 255, 0))
    files = {
        "assets/m/models/item/dust.json": {"parent": "item/generated", "textures": {"layer0": "m:item/dust_base"}},
        "assets/m/models/item/block_thing.json": {"parent": "m:block/block_thing"},
        "assets/m/models/block/block_thing.json": {"parent": "block/cube_all", "textures": {"all": "m:block/thing"}},
        "assets/m/items/new_style.json": {"model": {"type": "minecraft:model", "model": "m:item/dust"}},
        "assets/m/textures/item/not_png.png": "plain text",
    }
    root = write_pack(tmp_path / "p", files)
    (root / "assets/m/textures/item").mkdir(parents=True, exist_ok=True)
    (root / "assets/m/textures/block").mkdir(parents=True, exist_ok=True)
    (root / "assets/m/textures/item/dust_base.png").write_bytes(red)
    (root / "assets/m/textures/item/plain.png").write_bytes(blue)
    (root / "assets/m/textures/block/thing.png").write_bytes(green)
    packs = kit.items.load_datapacks(root)
    assert packs.item_icon("m:dust") == red  # the model's layer0
    assert packs.item_icon("m:new_style") == red  # a 1.21.4 item definition pointing at the model
    assert packs.item_icon("m:plain") == blue  # textures/item/<name>.png
    assert packs.item_icon("m:block_thing") == green  # a block item through its block model
    assert packs.item_icon("m:not_png") is None and packs.item_icon("m:missing") is None
    assert kit.items.item_icon(packs, "m:dust") == red


def test_find_icon_follows_texture_variables_and_stops_on_parent_cycles():
    red = png_icon((255, 0, 0))
    store = {
        "assets/m/models/item/a.json": json.dumps({"parent": "m:item/b", "textures": {"layer0": "#base"}}).encode(),
        "assets/m/models/item/b.json": json.dumps({"parent": "m:item/a", "textures": {"base": "m:item/red"}}).encode(),
        "assets/m/textures/item/red.png": red,
    }
    assert find_icon("m:a", store.get) == red
    store["assets/m/models/item/b.json"] = json.dumps({"parent": "m:item/a"}).encode()
    assert find_icon("m:a", store.get) is None


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


def test_in_memory_packs_load_and_bound_their_members(monkeypatch):
    import kit.items.pack_sources as packs_module
    from kit.samples.server import zip_bytes

    data = zip_bytes(
        {
            "data/m/recipe/r.json": {
                "type": "minecraft:crafting_shapeless",
                "ingredients": ["a:x"],
                "result": {"id": "a:y"},
            },
            "data/m/recipe/big.json": {
                "type": "minecraft:crafting_shapeless",
                "ingredients": ["a:x"] * 40,
                "result": {"id": "a:z"},
            },
        }
    )
    monkeypatch.setattr(packs_module, "MAX_MEMBER_BYTES", 400)
    packs = kit.items.load_datapacks(kit.items.PackBytes("inner.jar", data, "outer.jar!inner.jar"), strict=False)
    assert set(packs.recipes().recipe_id) == {"m:r"}
    assert "more than the 400 allowed" in packs.problems().set_index("object_id").loc["m:big", "message"]
    with pytest.raises(kit.items.DatapackError, match="outer.jar!bad.jar: not a data pack"):
        kit.items.load_datapacks(kit.items.PackBytes("bad.jar", b"not a zip", "outer.jar!bad.jar"))
