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


def test_a_loot_query_before_the_loot_table_is_built_finds_and_reports_the_same(tmp_path) -> None:
    """item_sources reads the drops of the tables naming the item alone (loot stays unbuilt), with the scan's
    problem rows for every table all the same; building loot afterwards gives the same drops and no new rows."""

    def entry(name: str, **more) -> dict:
        return {"type": "item", "name": name, **more}

    root = write_pack(
        tmp_path / "p",
        {
            "data/t/tags/item/many.json": {"values": [f"t:m{i}" for i in range(10)]},
            "data/t/loot_table/a.json": {
                "pools": [
                    {
                        "rolls": 1,
                        "entries": [
                            entry("t:gem", functions=[{"function": "set_count", "count": {"min": 1, "max": 3}}]),
                            {"type": "tag", "name": "t:many", "expand": True},
                            entry("t:gem", weight=3, conditions=[{"condition": "killed_by_player"}]),
                        ],
                    }
                ]
            },
            "data/t/loot_table/b.json": {"pools": [{"rolls": 1, "entries": [entry("t:gem", functions=None)]}]},
            "data/t/loot_table/c.json": {"pools": [{"rolls": 1, "entries": [entry("gem")]}]},
        },
    )
    eager, lazy = kit.items.load_datapacks(root), kit.items.load_datapacks(root)
    eager_loot = eager.index.loot
    rows = eager.problems()
    out = lazy.item_sources("t:gem", "loot")
    assert "loot" not in vars(lazy.index)
    assert lazy.problems().equals(rows) and lazy._errors == eager._errors  # the same rows, before loot is built
    assert [s.source_id for s in out.sources] == ["t:a"]  # b is unusable (functions: null), c drops minecraft:gem
    assert out.sources == eager.item_sources("t:gem", "loot").sources
    assert lazy.index.loot_of("t:m0") == eager_loot["t:m0"] and lazy.index.loot_of("t:m9") == {}
    assert lazy.index.loot == eager_loot and lazy.problems().equals(rows)
