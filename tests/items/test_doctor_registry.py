"""Which ids name items (kit.items.doctor_registry): missing items, blocks without items, unloaded mods."""

from __future__ import annotations

from tests.items.doctor_inputs import lang, rows, run, shapeless


def test_missing_items_and_blocks_without_items(tmp_path) -> None:
    files = {
        "assets/t/lang/en_us.json": lang("t:gear", blocks=("t:machine", "t:machine_wall")),
        "assets/t/models/item/machine.json": {"parent": "t:block/machine"},
        "assets/t/models/item/gear.json": {"parent": "item/generated"},
        "assets/minecraft/lang/en_us.json": lang("minecraft:stick", blocks=("minecraft:water",)),
        "data/t/recipe/gear.json": shapeless("t:gear", "t:typo_ingot"),
        "data/t/recipe/wet.json": shapeless("t:machine", "minecraft:water", "minecraft:stick"),
        "data/t/recipe/wall.json": shapeless("t:gear", "t:machine_wall"),
        "data/t/tags/item/parts.json": {"values": ["othermod:cog"]},
    }
    report = run(tmp_path, files, mods=["t"])
    missing = rows(report, "missing_item").set_index("object_id")
    assert sorted(missing.index) == ["minecraft:water", "othermod:cog", "t:machine_wall", "t:typo_ingot"]
    assert "no language key or item model in t" in missing.loc["t:typo_ingot", "message"]
    assert "recipe t:gear (inputs[0])" in missing.loc["t:typo_ingot", "message"]
    assert "block without an item (kit's table" in missing.loc["minecraft:water", "message"]
    assert "its mod ships no item model" in missing.loc["t:machine_wall", "message"]
    assert "no mod othermod is loaded" in missing.loc["othermod:cog", "message"]
    assert "item tag #t:parts" in missing.loc["othermod:cog", "message"]
    assert "othermod:cog" not in set(rows(run(tmp_path / "2", files), "missing_item")["object_id"])  # mods unknown
    items = report.items().set_index("item_id")
    assert "t:machine" in items.index and not items.loc["t:typo_ingot", "obtainable"]
    assert items.loc["t:typo_ingot", "reason"].startswith("no loaded pack or mod defines t:typo_ingot")
    assert "t:typo_ingot" not in set(rows(report, "unobtainable_item")["object_id"])  # missing, not also unobtainable
