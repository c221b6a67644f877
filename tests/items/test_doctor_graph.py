"""The doctor's item graph (kit.items.doctor_graph): the obtainability fixed point, steps and example paths."""

from __future__ import annotations

from tests.items.doctor_inputs import CHAIN, chain_pack, lang, rows, run, shapeless


def test_an_item_five_recipes_from_a_raw_source_is_obtainable_in_five_steps(tmp_path) -> None:
    report = run(tmp_path, chain_pack(with_root=True))
    items = report.items().set_index("item_id")
    assert list(items.loc[CHAIN, "steps"]) == [0, 1, 2, 3, 4, 5]
    assert items.loc["t:raw", "how"] == "loot" and items.loc["t:i5", "how"] == "recipe"
    assert items.loc[CHAIN, "obtainable"].all()
    assert items.loc["t:i5", "example_path"] == (
        "t:raw [loot t:chests/cache] > t:i1 [t:r1] > t:i2 [t:r2] > t:i3 [t:r3] > t:i4 [t:r4] > t:i5 [t:r5]"
    )
    assert report.recipes()["craftable"].all() and not report.has_errors


def test_a_chain_broken_at_its_root_makes_every_link_unobtainable(tmp_path) -> None:
    report = run(tmp_path, chain_pack(with_root=False))
    bad = rows(report, "unobtainable_item").set_index("object_id")
    assert sorted(bad.index) == sorted(CHAIN)
    assert "no recipe makes it and no loot table drops it" in bad.loc["t:raw", "message"]
    assert "recipe t:r5 needs t:i4 (unobtainable)" in bad.loc["t:i5", "message"]
    items = report.items().set_index("item_id")
    assert not items.loc[CHAIN, "obtainable"].any() and (items.loc[CHAIN, "how"] == "").all()
    assert items.loc[CHAIN, "steps"].isna().all()
    recipes = report.recipes().set_index("recipe_id")
    assert not recipes["craftable"].any() and recipes.loc["t:r1", "missing"] == "t:raw (unobtainable)"


def test_a_block_made_by_recipes_does_not_supply_itself_through_its_own_drop(tmp_path) -> None:
    files = {
        "assets/t/lang/en_us.json": lang("t:gear", blocks=("t:machine", "t:ore")),
        "data/t/recipe/machine.json": shapeless("t:machine", "t:gear"),
        "data/t/loot_table/blocks/machine.json": {
            "type": "minecraft:block",
            "pools": [{"rolls": 1, "entries": [{"type": "minecraft:item", "name": "t:machine"}]}],
        },
        "data/t/loot_table/blocks/ore.json": {
            "type": "minecraft:block",
            "pools": [{"rolls": 1, "entries": [{"type": "minecraft:item", "name": "t:ore"}]}],
        },
    }
    report = run(tmp_path, files)
    assert sorted(rows(report, "unobtainable_item")["object_id"]) == ["t:gear", "t:machine"]
    assert report.items().set_index("item_id").loc["t:ore", "how"] == "loot"  # no recipe: assumed in the world
