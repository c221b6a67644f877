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
    return kit.items.load_datapacks(
        [shared_file("vanilla", "1.21.1"), shared_file("mods", "neoforge-21.1-data.zip"), shared_file("mods", mod_zip)],
        mods=mods,
    )


def _measure(packs, mod_zip):
    r = packs.recipes()
    own = r[r.pack == mod_zip]
    no_items = own[own.n_results == 0]
    with_items = len(own) - len(no_items)
    explained = int(no_items.notes.str.contains("not an item").sum())
    special = int(no_items.notes.str.contains("special recipe").sum())
    print(
        f"\n{mod_zip}: {len(own)} recipes loaded, {with_items} with item outputs, {explained} with only "
        f"non-item outputs (listed in notes), {special} code-only special recipes, "
        f"{len(own) - with_items - explained - special} unexplained"
    )
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
    packs = _load(
        "farmersdelight-1.21.zip", ["neoforge", "farmersdelight", "create", "immersiveengineering", "silentgear"]
    )
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


@pytest.mark.parametrize(
    "mod_zip, tag, missing",
    [
        ("farmersdelight-1.21.zip", "farmersdelight:cabbage_roll_ingredients", "#c:eggs"),
        ("mekanism-1.21.x.zip", "mekanism:stone_crafting_materials", "#c:cobblestones/normal"),
    ],
)
def test_a_mod_on_vanilla_without_loader_tags_loads_leniently_with_failed_tag_rows(mod_zip, tag, missing):
    """Loaded with vanilla and no loader tags (no NeoForge), a mod's tag referencing a missing ``#c:`` tag fails
    as a whole, as the game logs it, and everything else loads; ``strict=True`` raises on it."""
    paths = [shared_file("vanilla", "1.21.1"), shared_file("mods", mod_zip)]
    packs = kit.items.load_datapacks(paths)  # lenient by default
    problems = packs.problems()
    failed = problems[(problems.kind == "failed_tag") & (problems.object_id == "#" + tag)]
    assert len(failed) == 1 and failed.field.iloc[0] == "values" and missing in failed.message.iloc[0]
    assert failed.path.iloc[0] == f"data/{tag.split(':')[0]}/tags/item/{tag.split(':')[1]}.json"
    assert packs.tag_items(tag) == () and len(packs.recipes()) > 1000
    users = problems[(problems.kind == "undefined_tag") & problems.message.str.contains(f"#{tag} failed to load")]
    assert len(users) >= 1  # every recipe using it names the tag, and why it is undefined
    recipe_id = users.object_id.iloc[0]
    result = packs.recipe(recipe_id).result.item_id
    out = packs.item_sources(result, "recipe")
    source = next(s for s in out.sources if s.source_id == recipe_id)
    assert any(slot.unresolved == ("#" + tag,) for slot in source.inputs)
    assert {"unresolved": ["#" + tag]} in [
        slot for s in out.to_dict()["sources"] if s["id"] == recipe_id for slot in s["inputs"]
    ]
    row = out.to_frame().set_index("source_id").loc[recipe_id]
    assert "#" + tag in row.unresolved  # the frame row keeps the tag, marked unresolved
    assert "#" + tag in set(out.problems().message.str.extract(r"^(#\S+)")[0])
    with pytest.raises(kit.items.DatapackReadError, match="references missing tag #c:"):
        kit.items.load_datapacks(paths, strict=True)


@pytest.mark.parametrize(
    "mod_zip, missing", [("tinkers-construct.zip", "#forge:storage_blocks/netherite"), ("ae2.zip", "#c:gems/quartz")]
)
def test_tinkers_and_ae2_tags_with_missing_references_load(mod_zip, missing):
    """The packs of the report (Tinkers' Construct, AE2), when the data folder holds them."""
    packs = kit.items.load_datapacks([shared_file("vanilla", "1.21.1"), shared_file("mods", mod_zip)])
    failed = packs.problems().query("kind == 'failed_tag'")
    assert failed.message.str.contains(missing, regex=False).any()
