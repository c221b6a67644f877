"""kit.items.index: the lookup tables behind the built-in providers, built on first use, and their providers."""

from __future__ import annotations

import kit.items
from kit.items.index import ItemIndex
from kit.items.sources import PROVIDERS
from tests.items.items_inputs import write_pack


def test_tables_are_built_on_first_use_and_independently(tmp_path) -> None:
    packs = kit.items.load_datapacks(
        write_pack(
            tmp_path / "p",
            {
                "data/t/recipe/gem.json": {
                    "type": "minecraft:crafting_shapeless",
                    "ingredients": ["#t:rocks"],
                    "result": {"id": "t:gem", "count": 2},
                },
                "data/t/tags/item/rocks.json": {"values": ["t:stone", "t:granite"]},
                "data/t/loot_table/blocks/gem.json": {
                    "pools": [{"rolls": 1, "entries": [{"type": "item", "name": "t:gem"}]}]
                },
            },
        )
    )
    index = packs.index
    assert isinstance(index, ItemIndex) and index is packs.index
    assert "produced" not in vars(index) and "loot" not in vars(index)  # nothing built yet
    packs.item_sources("t:gem", "recipe")
    assert "produced" in vars(index) and "loot" not in vars(index)  # a recipe query never scans loot tables
    assert index.produced == {"t:gem": ["t:gem"]}
    assert index.used == {"t:stone": {"t:gem": ["t:rocks"]}, "t:granite": {"t:gem": ["t:rocks"]}}
    assert index.loot == {"t:gem": {"t:blocks/gem": (1, 1, ["weight 1"])}} and index.n_tags("t:stone") == 1
    source = index.recipe_source("t:gem")
    assert source.inputs[0].item_ids == ("t:stone", "t:granite") and source.outputs[0].count == 2
    assert index.recipe_source("t:gem") is source  # cached


def test_the_built_in_providers_are_registered_where_the_index_lives() -> None:
    import kit.items.index as index_module

    providers = {p.provider_id: p for p in PROVIDERS.providers()}
    assert providers["system:recipe"].find is index_module.recipe_provider
    assert providers["system:loot"].find is index_module.loot_provider
    assert providers["system:tag"].find is index_module.tag_provider
