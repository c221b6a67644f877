"""The sample data pack writer."""

from __future__ import annotations

import json

import pytest

import kit.items
from kit.samples.datapack import PACK_NAME, write_datapack


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    root = tmp_path_factory.mktemp("save")
    write_datapack(root)
    return root / "datapacks" / PACK_NAME


def test_deterministic(written, tmp_path):
    write_datapack(tmp_path)
    again = tmp_path / "datapacks" / PACK_NAME
    files = sorted(p.relative_to(written) for p in written.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    for rel in files:
        assert (written / rel).read_bytes() == (again / rel).read_bytes(), rel
    (again / "data" / "stale.json").write_text("{}")
    write_datapack(tmp_path)
    assert not (again / "data" / "stale.json").exists()


def test_contents_meet_the_brief(written):
    packs = kit.items.load_datapacks(written)
    assert len(packs.problems()) == 0
    recipes = packs.recipes()
    assert len(recipes) >= 60
    assert {
        "shaped",
        "shapeless",
        "cooking",
        "stonecutting",
        "smithing_transform",
        "smithing_trim",
        "transmute",
        "special",
        "unknown",
    } <= set(recipes.kind)
    assert {"minecraft:smelting", "minecraft:blasting", "minecraft:smoking", "minecraft:campfire_cooking"} <= set(
        recipes.recipe_type
    )
    tables = packs.loot_tables()
    assert len(tables) >= 40
    assert {"minecraft:entity", "minecraft:block", "minecraft:chest", "minecraft:fishing"} <= set(tables.table_type)
    assert tables.n_nested_tables.sum() >= 5 and tables.n_tag_entries.sum() >= 3
    raw = json.dumps([packs.loot_table(t).data for t in tables.loot_table_id])
    assert raw.count('"minecraft:random_chance"') >= 3 and raw.count('"minecraft:set_count"') >= 10
    assert '"minecraft:uniform"' in raw  # random counts
    assert packs.tags().tag_id.nunique() >= 20
    ids = set(recipes.recipe_id) | set(tables.loot_table_id)
    assert "minecraft:bread" in ids and "minecraft:entities/zombie" in ids
    assert set(recipes.recipe_id) - {"minecraft:bread", "minecraft:torch"} <= {
        r for r in ids if r.startswith("aurora:")
    }
    items = packs.items().set_index("item_id")
    assert items.loc["aurora:glacite_pickaxe", "name_zh"] == "冰川镐"
    assert packs.resolve_item("如何获取钻石镐") == "minecraft:diamond_pickaxe"
    exp = packs.loot_expectations()
    assert exp.is_exact.mean() > 0.9 and (~exp.is_exact).any()


def test_overrides_vanilla_and_merges_tags(written):
    from tests.items.items_inputs import vanilla

    packs = kit.items.load_datapacks([vanilla("1.21.3"), written])
    assert packs.recipe("minecraft:bread").pack == PACK_NAME
    assert "aurora:pine_planks" in packs.tag_items("minecraft:planks")
    assert "minecraft:oak_planks" in packs.tag_items("minecraft:planks")
    zombie = packs.loot_expectations(table="minecraft:entities/zombie").set_index("item_id")
    assert zombie.loc["aurora:frost_shard", "expected_count"] == pytest.approx(0.025 * 2 / 3)


def test_committed_sample_save_matches_the_writer():
    import json

    from kit.samples import sample_save_path
    from kit.samples.datapack import datapack_files

    root = sample_save_path() / "datapacks" / PACK_NAME
    if not root.is_dir():
        pytest.skip("sample save not generated (run python -m kit.samples)")
    on_disk = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    files = datapack_files()
    assert on_disk == sorted(files)
    for rel, value in files.items():
        assert json.loads((root / rel).read_text(encoding="utf-8")) == value, rel
