"""Recipe files (kit.items.recipes): ingredient and result syntaxes, recipe kinds, modded outputs, format errors."""

from __future__ import annotations

import pytest

import kit.items
from kit.items.recipes import ItemStack, RecipeFormatError, parse_recipe
from tests.items.items_inputs import RESULTS, _load, _recipe, write_pack


@pytest.mark.parametrize("data, outputs, note", RESULTS)
def test_modded_result_formats(tmp_path, data, outputs, note):
    r = _recipe(tmp_path, data)
    got = [(s.item_id, s.count, r.chances[i] if r.chances else 1.0) for i, s in enumerate(r.item_results)]
    assert got == outputs
    if note:
        assert note in r.notes
    assert r.station == (data["type"].split(":")[0],)


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


def test_parse_recipe_kinds_and_provenance():
    shaped = parse_recipe(
        "t:r",
        {"type": "crafting_shaped", "pattern": ["a ", " a"], "key": {"a": "t:x"}, "result": "t:y", "group": "g"},
        pack="p",
        path="data/t/recipe/r.json",
        folder="recipe",
    )
    assert (shaped.kind, shaped.recipe_type, shaped.width) == ("shaped", "minecraft:crafting_shaped", 2)
    assert shaped.inputs == (("t:x",), (), (), ("t:x",)) and shaped.result == ItemStack("t:y")
    assert (shaped.group, shaped.pack, shaped.path, shaped.folder) == ("g", "p", "data/t/recipe/r.json", "recipe")
    smelt = parse_recipe("t:s", {"type": "minecraft:smelting", "ingredient": "t:ore", "result": {"id": "t:ingot"}})
    assert smelt.kind == "cooking" and smelt.inputs == (("t:ore",),) and smelt.width == 0
    special = parse_recipe("t:d", {"type": "minecraft:crafting_special_bookcloning"})
    assert special.kind == "special" and special.result is None and special.output_refs == ()


@pytest.mark.parametrize(
    ("data", "match"),
    [
        ([], "expected a JSON object, got list"),
        ({}, "field 'type': missing recipe type"),
        ({"type": "  "}, "field 'type': missing recipe type"),
        ({"type": "minecraft:smelting", "result": "t:x"}, "ingredient"),
    ],
)
def test_parse_recipe_format_errors(data, match):
    with pytest.raises(RecipeFormatError, match=match):
        parse_recipe("t:r", data)
    assert issubclass(RecipeFormatError, ValueError)


def test_remembered_type_ids_and_key_layouts_stay_bounded_and_give_the_plain_answers() -> None:
    from kit.items import recipes
    from kit.items._common import norm_id, type_id

    bound = type_id.cache_info().maxsize
    for i in range(bound + 10):
        assert type_id(f"t{i}") == norm_id(f"t{i}") == f"minecraft:t{i}"
    assert type_id.cache_info().currsize <= bound
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
