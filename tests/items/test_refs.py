"""kit.items.refs: ingredient refs -> items, and what stays unresolved."""

from __future__ import annotations

from kit.items.recipes import CustomIngredient, Recipe
from kit.items.refs import RefExpander, leaves, recipe_ref_problems
from kit.items.tags import parse_tag_file, resolve_tags


def _expander() -> RefExpander:
    return RefExpander(
        resolve_tags(
            [
                parse_tag_file("t:metals", {"values": ["t:iron", "t:gold", "t:tin"]}),
                parse_tag_file("t:shiny", {"values": ["t:gold", "t:gem"]}),
                parse_tag_file("t:broken", {"values": ["#t:absent"]}, path="data/t/tags/item/broken.json"),
            ]
        )
    )


def test_tags_ids_and_undefined_tags() -> None:
    refs = _expander()
    assert refs.expand(["#t:metals", "t:stick", "#t:shiny"]) == (["t:iron", "t:gold", "t:tin", "t:stick", "t:gem"], ())
    assert refs.expand(["#t:nowhere", "t:stick"]) == (["t:stick"], ("#t:nowhere",))
    assert refs.is_defined("t:metals") and not refs.is_defined("t:broken")  # a failed tag is undefined
    assert "failed to load" in refs.why_undefined("t:broken") and "#t:absent" in refs.why_undefined("t:broken")
    assert refs.why_undefined("t:nowhere") == "is not defined by the loaded packs"


def test_custom_ingredients() -> None:
    refs = _expander()
    diff = CustomIngredient("neoforge:difference", "difference", ((("#t:metals"),), ("t:gold",)))
    both = CustomIngredient("fabric:all_of", "intersection", (("#t:metals",), ("#t:shiny",)))
    assert refs.ref_items(diff) == (("t:iron", "t:tin"), ())
    assert refs.ref_items(both) == (("t:gold",), ())
    unknown = CustomIngredient("mod:magic", "unknown", detail="?")
    assert refs.ref_items(unknown) == ((), (str(unknown),))
    vague = CustomIngredient("fabric:all_of", "intersection", (("#t:metals",), ("#t:nowhere",)))
    assert refs.ref_items(vague)[1] == (str(vague),)  # the exact set is unknown: the whole ingredient is unresolved
    assert list(leaves(CustomIngredient("x:any", "union", (("t:a", unknown),)))) == ["t:a", unknown]


def test_recipe_ref_problems_name_the_slot_and_why() -> None:
    recipe = Recipe(
        "t:r",
        "minecraft:crafting_shapeless",
        kind="shapeless",
        inputs=(("t:stick",), ("#t:broken",), ("#t:nowhere",), ("#t:broken",)),
        pack="p",
        path="data/t/recipe/r.json",
    )
    rows = recipe_ref_problems("t:r", recipe, _expander())
    assert [(r[1], r[3]) for r in rows] == [("undefined_tag", "inputs[1],inputs[3]"), ("undefined_tag", "inputs[2]")]
    assert "tag #t:broken failed to load" in rows[0][4] and rows[0][5:] == ("data/t/recipe/r.json", "p")
