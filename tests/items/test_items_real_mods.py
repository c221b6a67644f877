"""Real mod data (../shared/data/mods, see its SOURCES.md) on vanilla 1.21.1: how many recipes load usably.

"Usable" means the recipe has an item output kit can show, or its only outputs are non-item stacks (chemicals,
fluids, energy) listed in its notes. Skipped when the shared data is absent.
"""

from __future__ import annotations

import pytest

import kit.items
from tests.data_folder import shared_file

MEKANISM_MODS = ["neoforge", "mekanism", "mekanismadditions", "mekanismgenerators", "mekanismtools"]


def _load(mod_zip: str, mods: list[str]):
    return kit.items.load_datapacks([shared_file("vanilla", "1.21.1"), shared_file("mods", "neoforge-21.1-data.zip"),
                                     shared_file("mods", mod_zip)], mods=mods)


def _measure(packs, mod_zip):
    r = packs.recipes()
    own = r[r.pack == mod_zip]
    no_items = own[own.n_results == 0]
    with_items = len(own) - len(no_items)
    explained = int(no_items.notes.str.contains("not an item").sum())
    special = int(no_items.notes.str.contains("special recipe").sum())
    print(f"\n{mod_zip}: {len(own)} recipes loaded, {with_items} with item outputs, {explained} with only "
          f"non-item outputs (listed in notes), {special} code-only special recipes, "
          f"{len(own) - with_items - explained - special} unexplained")
    assert with_items + explained + special == len(own)  # no recipe loads without a result or an explanation
    return own, with_items, explained


@pytest.fixture(scope="module")
def farmers():
    return _load("farmersdelight-1.21.zip", ["neoforge", "farmersdelight"])


@pytest.fixture(scope="module")
def mekanism():
    return _load("mekanism-1.21.x.zip", MEKANISM_MODS)


def test_farmers_delight_recipes_have_usable_results(farmers):
    own, with_items, explained = _measure(farmers, "farmersdelight-1.21.zip")
    # 345 files: 29 guarded by mod_loaded(create / immersiveengineering / silentgear) are absent without those mods
    assert len(own) == 345 - 29
    assert with_items == len(own) - 1  # farmersdelight:food_serving is a code-only special recipe
    assert explained == 0
    cut = farmers.recipe("farmersdelight:cutting/cake")
    assert cut.station == ("farmersdelight",) and cut.result is not None
    c = farmers.conditions()
    assert int((c.conditions_met == False).sum()) == 29  # noqa: E712
    assert c.conditions_met.isna().sum() == 3  # farmersdelight:vanilla_crates_enabled is a config condition
    assert (farmers.problems().severity == "error").sum() == 0


def test_create_style_integration_recipes_load_when_create_is_present():
    packs = _load("farmersdelight-1.21.zip", ["neoforge", "farmersdelight", "create", "immersiveengineering",
                                              "silentgear"])
    r = packs.recipes()
    create = r[r.recipe_type.str.startswith("create:") & (r.pack == "farmersdelight-1.21.zip")]
    assert len(create) == 12
    assert (create.n_results > 0).all()  # Create's `results` lists
    ie = r[r.recipe_type.str.startswith("immersiveengineering:")]
    assert len(ie) == 16 and ((ie.n_results > 0) | ie.notes.str.contains("a fluid, not an item")).all()
    assert "undefined_tag" in set(packs.problems().kind)  # forge:crops/tomato is defined by none of these sets


def test_mekanism_recipes_have_usable_results(mekanism):
    own, with_items, explained = _measure(mekanism, "mekanism-1.21.x.zip")
    assert len(own) == 3163 - 300  # 300 files are guarded by mod_loaded(biomesoplenty / ae2 / farmersdelight)
    assert with_items + explained == len(own) - 4  # 4 code-only special recipes (bin_insert, ...) remain
    assert with_items == 2330 and explained == 529  # before: 2,132 of 2,229 machine recipes had no usable result
    assert len(mekanism.errors) == 0
    # typed ingredients resolve to items: a painting recipe's neoforge:difference slot
    uses = mekanism.recipes()
    assert uses.inputs.map(lambda slots: any("neoforge:difference" in s for s in slots)).sum() > 400
    kinds = set(mekanism.problems().kind)
    assert "unreadable_recipe" not in kinds and "removed_by_override" not in kinds


def test_mekanism_sawing_keeps_secondary_chance(mekanism):
    r = mekanism.recipes()
    saw = r[r.recipe_type == "mekanism:sawing"]
    chances = [c for results in saw.results for (_i, _n, c) in results if c < 1.0]
    assert chances and all(0 < c < 1 for c in chances)
