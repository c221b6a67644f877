"""The sample data pack's recipes: every vanilla kind, read by kit's recipe reader without a problem."""

from __future__ import annotations

import json

import pytest

import kit.items
from kit.samples.datapack import tags
from kit.samples.datapack_items import ITEMS, NS
from kit.samples.datapack_recipes import recipes
from tests.samples.samples_inputs import data_path, write_pack


@pytest.fixture(scope="module")
def packs(tmp_path_factory):
    """The recipes in a pack of their own, with the pack's item tags they use."""
    root = tmp_path_factory.mktemp("recipes") / "p"
    files = {data_path(rid, "recipe"): r for rid, r in recipes().items()}
    files.update({data_path(tid, "tags/item"): t for tid, t in tags().items()})
    return kit.items.load_datapacks(write_pack(root, files))


def test_recipes_are_deterministic_fresh_and_plain_json():
    first, second = recipes(), recipes()
    assert first == second and list(first) == list(second)
    first[next(iter(first))]["type"] = "changed"
    assert recipes() == second  # every call builds new objects
    assert json.loads(json.dumps(second)) == second


def test_ids_are_namespaced_and_only_two_override_vanilla():
    ids = list(recipes())
    assert len(ids) >= 60 and len(set(ids)) == len(ids)
    assert all(rid.startswith(f"{NS}:") for rid in ids if rid not in ("minecraft:bread", "minecraft:torch"))


def test_kit_reads_every_recipe_without_a_problem(packs):
    assert len(packs.problems()) == 0
    frame = packs.recipes()
    assert sorted(frame["recipe_id"]) == sorted(recipes())
    assert {"shaped", "shapeless", "cooking", "stonecutting", "smithing_transform", "smithing_trim"} <= set(frame.kind)
    assert {"transmute", "special", "unknown"} <= set(frame.kind)  # aurora:infusing is a modded type kit keeps
    assert set(frame.loc[frame.kind == "unknown", "recipe_type"]) == {"aurora:infusing"}


def test_results_are_items_of_the_pack_or_of_the_game(packs):
    frame = packs.recipes()
    results = {r for r in frame["result_item_id"].dropna() if r}
    assert results
    for item in results:
        namespace, path = item.split(":", 1)
        assert namespace == "minecraft" or (namespace == NS and path in ITEMS), item
    pickaxe = packs.recipe(f"{NS}:glacite_pickaxe")
    assert (pickaxe.kind, pickaxe.width, pickaxe.station) == ("shaped", 3, ("minecraft:crafting_table",))
