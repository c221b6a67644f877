"""The sample data pack's items: ids in the ``aurora`` namespace, English and Chinese names, tool and armor sets."""

from __future__ import annotations

import re

import kit.items
from kit.samples.datapack_items import (
    ARMOR,
    ARMOR_PATTERNS,
    ITEMS,
    NS,
    TOOL_PATTERNS,
    TOOL_ZH,
    TOOLS,
    VANILLA_ZH,
    a,
)
from tests.samples.samples_inputs import write_pack

CJK = re.compile(r"[\u4e00-\u9fff]")


def test_a_namespaces_a_path():
    assert NS == "aurora" and a("frost_shard") == "aurora:frost_shard"


def test_every_item_has_a_valid_path_and_two_names():
    assert len(ITEMS) >= 40
    for path, (en, zh) in ITEMS.items():
        assert re.fullmatch(r"[a-z0-9_/.-]+", path), path
        assert en and not CJK.search(en) and en == en.strip(), path
        assert CJK.search(zh) and zh == zh.strip(), path
    assert len({zh for _, zh in ITEMS.values()}) == len(ITEMS)  # Chinese names tell items apart


def test_tool_and_armor_sets_are_complete():
    assert set(TOOL_ZH) == set(TOOLS) | set(ARMOR)
    for metal in ("glacite", "aurorium"):
        for part in TOOLS + ARMOR:
            assert f"{metal}_{part}" in ITEMS
    assert ITEMS["glacite_pickaxe"] == ("Glacite Pickaxe", "冰川镐")


def test_crafting_patterns_fit_a_crafting_table():
    assert set(TOOL_PATTERNS) == set(TOOLS) and set(ARMOR_PATTERNS) == set(ARMOR)
    for pattern in [*TOOL_PATTERNS.values(), *ARMOR_PATTERNS.values()]:
        assert 1 <= len(pattern) <= 3 and len({len(row) for row in pattern}) == 1 and len(pattern[0]) <= 3
        assert set("".join(pattern)) <= {"X", "#", " "} and "X" in "".join(pattern)


def test_names_are_read_back_by_kit_from_language_files(tmp_path):
    en = {f"item.{NS}.{path}": names[0] for path, names in ITEMS.items()}
    zh = {f"item.{NS}.{path}": names[1] for path, names in ITEMS.items()}
    zh.update({f"item.minecraft.{path}": name for path, name in VANILLA_ZH.items()})
    pack = write_pack(tmp_path / "p", {f"assets/{NS}/lang/en_us.json": en, f"assets/{NS}/lang/zh_cn.json": zh})
    packs = kit.items.load_datapacks(pack)
    assert len(packs.problems()) == 0
    for path, (en_name, zh_name) in list(ITEMS.items())[:10]:
        assert packs.resolve_item(zh_name) == a(path), zh_name
        assert packs.resolve_item(en_name) == a(path), en_name
