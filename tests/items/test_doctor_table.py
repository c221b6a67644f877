"""The doctor's data table (kit.items.doctor_table): code and creative items, patterns, blocks without items."""

from __future__ import annotations

import pytest

import kit.items
from kit.items.doctor_table import HOWS, SOURCE_SCHEMA, source_table
from tests.items.doctor_inputs import lang, run


def test_code_and_creative_items_and_extending_the_table(tmp_path) -> None:
    files = {
        "assets/minecraft/lang/en_us.json": lang("minecraft:elytra", "minecraft:debug_stick"),
        "assets/t/lang/en_us.json": lang("t:spirit", "t:relic"),
    }
    report = run(tmp_path, files, sources={"t:spirit": ("code", "a ritual in the mod's code"), "t:relic": "creative"})
    items = report.items().set_index("item_id")
    assert (items.loc["minecraft:elytra", "how"], items.loc["minecraft:elytra", "obtainable"]) == ("code", True)
    assert (items.loc["minecraft:debug_stick", "how"], items.loc["minecraft:debug_stick", "obtainable"]) == (
        "creative",
        False,
    )
    assert items.loc["t:spirit", "reason"] == "a ritual in the mod's code" and items.loc["t:spirit", "steps"] == 0
    assert items.loc["t:relic", "how"] == "creative"
    assert len(report.problems()) == 0  # creative items get no problem row
    with pytest.raises(kit.InvalidParameterError, match="code, creative"):
        run(tmp_path / "2", files, sources={"t:relic": "magic"})
    table = kit.items.doctor_sources()
    assert {"code", "creative"} == set(table["how"]) and "minecraft:elytra" in set(table["item_id"])


def test_the_shipped_table_reads_and_matches_patterns():
    table = source_table()
    assert HOWS == ("code", "creative")
    assert table.lookup("minecraft:elytra")[0] == "code" and table.lookup("t:not_listed") is None
    patterns = [k for k in table.entries if "*" in k]
    assert patterns, "the table lists fnmatch patterns such as *:*_spawn_egg"
    how, _note = table.entries[patterns[0]]
    example = patterns[0].replace("*", "x")
    assert table.lookup(example) == table.entries[patterns[0]] and how in HOWS
    assert table.is_block_without_item("minecraft:water") and not table.is_block_without_item("minecraft:stone")
    assert table.is_not_item("minecraft:stone") == ""


def test_doctor_sources_frame_is_sorted_by_how_then_id():
    df = kit.items.doctor_sources()
    assert list(df.columns) == list(SOURCE_SCHEMA) and len(df) == len(source_table().entries)
    assert list(zip(df["how"], df["item_id"])) == sorted(zip(df["how"], df["item_id"]))
    assert (df["note"].str.len() > 0).all()
