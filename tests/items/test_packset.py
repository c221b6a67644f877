"""The loaded packs (kit.items.packset.PackSet): lookups by id, tag and name, unknown ids, the items frame."""

from __future__ import annotations

import pytest

import kit.items
from kit.core.errors import InvalidParameterError
from tests.items.items_inputs import _load, vanilla


@pytest.fixture(scope="module")
def v1213():
    return kit.items.load_datapacks(vanilla("1.21.3"))


@pytest.fixture
def small(tmp_path):
    return _load(
        tmp_path,
        {
            "assets/t/lang/en_us.json": {"item.t.glacite_ingot": "Glacite Ingot", "block.t.glacite_ore": "Glacite Ore"},
            "assets/t/lang/zh_cn.json": {"item.t.glacite_ingot": "冰川锭"},
            "data/t/recipe/r.json": {
                "type": "minecraft:smelting",
                "ingredient": "t:glacite_ore",
                "result": "t:glacite_ingot",
            },
            "data/t/tags/item/metals.json": {"values": ["t:glacite_ingot"]},
        },
    )


def test_items_frame_names_and_counts(v1213):
    items = v1213.items().set_index("item_id")
    row = items.loc["minecraft:diamond_pickaxe"]
    assert row.name_en == "Diamond Pickaxe" and row.name_zh == "" and row.n_recipes == 1
    assert items.loc["minecraft:stick", "n_uses"] > 20
    assert items.loc["minecraft:stone", "name_en"] == "Stone"
    assert all(":" in i for i in items.index)


def test_lookups_by_id_and_tag(small):
    assert repr(small) == "<PackSet 1 packs: 1 recipes, 0 loot tables, 1 item tags, 0 errors>"
    assert small.recipe("t:r").result.item_id == "t:glacite_ingot"
    assert small.tag_items("#t:metals") == small.tag_items("t:metals") == ("t:glacite_ingot",)
    assert small.tag_items("t:none") == ()
    with pytest.raises(
        kit.items.UnknownRecipeError, match=r"^recipe 't:nope' is not defined by the loaded packs \(1 defined\)$"
    ):
        small.recipe("t:nope")
    with pytest.raises(KeyError, match=r"recipe 't:rr' .* \(1 defined; nearest: t:r\)"):  # still a KeyError
        small.recipe("t:rr")
    with pytest.raises(kit.items.UnknownLootTableError, match="loot table 't:nope' is not defined by the loaded packs"):
        small.loot_table("t:nope")
    assert small.languages == ("en_us", "zh_cn") and small.features == ()


def test_known_items_names_and_the_nearest_ones(small):
    assert small.is_known_item("t:glacite_ore") and not small.is_known_item("t:x")  # a block key names it
    assert small.display_names("zh_cn") == {"t:glacite_ingot": "冰川锭"}
    assert small.items_with_path("glacite_ingot") == ("t:glacite_ingot",)
    assert small.items_named("Glacite Ingot") == ("t:glacite_ingot",)
    assert small.nearest_items("glacit") == ("t:glacite_ore", "t:glacite_ingot")
    assert small.resolve_item("how do I get Glacite Ingot?") == small.resolve_item("冰川锭") == "t:glacite_ingot"
    assert small.resolve_item("nothing here") is None
    with pytest.raises(kit.items.UnknownLanguageError, match="loaded languages: en_us, zh_cn"):
        small.resolve_item("x", language="fr_fr")


def test_unknown_items_are_kit_errors_with_the_nearest_ids(small):
    err = small.unknown_item_error("t:glacite_ingto")
    assert isinstance(err, kit.items.UnknownItemError) and err.suggestions == ("t:glacite_ingot", "t:glacite_ore")
    assert (
        str(err)
        == "no loaded pack knows the item 't:glacite_ingto'; the nearest known items: t:glacite_ingot, t:glacite_ore"
    )
    assert "load the game's data" not in str(err) and "vanilla data pack" in str(
        small.unknown_item_error("minecraft:x")
    )
    with pytest.raises(kit.items.UnknownItemError, match="no known item is close"):
        small.item_sources("t:unknown")
    with pytest.raises(InvalidParameterError, match="'text' parameter of resolve_item must be a str"):
        small.resolve_item(None)  # type: ignore[arg-type]


def test_nearest_hint_counts_the_ids_and_names_the_closest():
    from kit.items.errors import nearest_hint

    known = {"t:oak_planks": 1, "t:glacite": 2, "t:xyz": 3}
    assert nearest_hint("t:oak_plank", known) == " (3 defined; nearest: t:oak_planks)"
    assert nearest_hint("zzz", {}) == " (0 defined)"
