"""Mod-loader conditions (kit.items.conditions): the three-valued logic, unknown types, Forge's conditional wrapper."""

from __future__ import annotations

import pytest

from kit.items.conditions import (
    CONDITION_KEYS,
    ConditionContext,
    Verdict,
    evaluate,
    file_conditions,
    unwrap_conditional,
)

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


def test_file_conditions_finds_each_loaders_key_in_lookup_order():
    neo = [{"type": "neoforge:true"}]
    assert CONDITION_KEYS == ("neoforge:conditions", "forge:conditions", "fabric:load_conditions")
    assert file_conditions({"neoforge:conditions": neo, "forge:conditions": []}) == ("neoforge:conditions", neo)
    assert file_conditions({"fabric:load_conditions": {"condition": "fabric:true"}}) == (
        "fabric:load_conditions",
        [{"condition": "fabric:true"}],  # a single condition object reads as a list of one
    )
    legacy = [{"type": "forge:mod_loaded", "modid": "create"}]
    assert file_conditions({"type": "minecraft:crafting_shaped", "conditions": legacy}) == ("conditions", legacy)


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "neoforge:conditions",
        {"type": "minecraft:crafting_shaped"},
        {"conditions": []},  # an empty legacy list
        {"conditions": [{"type": "minecraft:block_state_property"}]},  # a loot table's own conditions
        {"conditions": [{"type": "forge:mod_loaded"}, {"condition": "minecraft:random_chance"}]},
        {"conditions": "forge:mod_loaded"},
    ],
)
def test_files_without_loader_conditions(data):
    assert file_conditions(data) is None


def test_no_conditions_pass_and_unreadable_ones_are_undecided_with_a_note():
    assert evaluate([], CTX) == Verdict(True, "")
    assert evaluate(["neoforge:true"], CTX) == Verdict(None, "?", ("unreadable condition 'neoforge:true'",))
    assert evaluate([{"modid": "create"}], CTX) == Verdict(None, "?", ("condition without a type: ['modid']",))
    registry = evaluate([{"type": "neoforge:tag_empty", "tag": "c:full", "registry": "minecraft:block"}], CTX)
    assert registry.met is None and registry.notes == ("tag_empty on registry minecraft:block is not checked by kit",)
    bare = evaluate([{"type": "neoforge:false"}, {"type": "mymod:config"}], ConditionContext())
    assert bare.met is False and bare.summary == "false, mymod:config"  # a known failure decides, even without mods
