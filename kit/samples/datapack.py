"""The sample data pack of the sample save: ``<save>/datapacks/kit_sample/`` (invented content, namespace ``aurora``).

``write_datapack(save_dir)`` writes it deterministically: more than 60 recipes of every vanilla kind (plus special,
transmute and one modded type), 42 loot tables (entities, blocks, chests, an ice-fishing set with nested tables,
tag entries, random conditions and counts), 24 item tags, a few overrides of ``minecraft`` ids, and
``en_us`` / ``zh_cn`` language files.

The items are in :mod:`kit.samples.datapack_items`, the recipes in :mod:`kit.samples.datapack_recipes`, the loot
tables in :mod:`kit.samples.datapack_loot`; this module adds the tags and language files and writes the pack.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from kit.samples.datapack_items import ARMOR, ITEMS, NS, TOOLS, VANILLA_ZH, a
from kit.samples.datapack_loot import loot_tables
from kit.samples.datapack_recipes import recipes

__all__ = ["PACK_NAME", "write_datapack", "datapack_files", "recipes", "loot_tables", "tags", "lang"]

PACK_NAME = "kit_sample"


# ---------------------------------------------------------------- tags


def tags() -> dict[str, dict]:
    """Item tag id -> tag JSON."""
    glacite_tools = [a(f"glacite_{p}") for p in TOOLS]
    aurorium_tools = [a(f"aurorium_{p}") for p in TOOLS]
    return {
        a("glacite_tools"): {"values": glacite_tools},
        a("aurorium_tools"): {"values": aurorium_tools},
        a("glacite_armor"): {"values": [a(f"glacite_{p}") for p in ARMOR]},
        a("aurorium_armor"): {"values": [a(f"aurorium_{p}") for p in ARMOR]},
        a("tools"): {"values": ["#aurora:glacite_tools", "#aurora:aurorium_tools"]},
        a("armor"): {"values": ["#aurora:glacite_armor", "#aurora:aurorium_armor"]},
        a("equipment"): {"values": ["#aurora:tools", "#aurora:armor", a("ice_skates"), a("snow_goggles")]},
        a("pine_logs"): {"values": [a("pine_log")]},
        a("foods"): {
            "values": [
                a("frost_berry"),
                a("baked_frost_berry"),
                a("snow_bread"),
                a("glow_stew"),
                a("cooked_yeti_meat"),
                a("cooked_ice_cod"),
            ]
        },
        a("raw_fish"): {"values": [a("ice_cod"), a("aurora_trout")]},
        a("gems"): {
            "values": [
                a("starlight_gem"),
                a("moonstone"),
                a("aurora_crystal"),
                {"id": "#aurora:modded_gems", "required": False},
            ]
        },
        a("ores"): {"values": [a("glacite_ore"), a("moonstone_ore")]},
        a("frost_stones"): {
            "values": [a("frost_stone"), a("frost_bricks"), a("chiseled_frost_bricks"), a("frost_tiles")]
        },
        a("satchels"): {"values": [a("satchel"), a("blue_satchel"), a("red_satchel"), a("green_satchel")]},
        a("aurorium_materials"): {"values": [a("aurorium_ingot")]},
        a("crystal_harvesters"): {
            "values": [
                a("glacite_pickaxe"),
                a("aurorium_pickaxe"),
                "minecraft:diamond_pickaxe",
                "minecraft:netherite_pickaxe",
            ]
        },
        a("lights"): {"values": [a("starlight_lantern"), a("ember_torch")]},
        a("gifts"): {"values": ["#aurora:foods", a("rune_scroll"), a("starlight_dust")]},
        a("dusts"): {"values": [a("starlight_dust"), a("ember_dust")]},
        a("cold_items"): {"values": ["#aurora:frost_stones", a("frost_shard"), "#aurora:raw_fish", a("frost_berry")]},
        "minecraft:planks": {"values": [a("pine_planks")]},
        "minecraft:logs": {"values": ["#aurora:pine_logs"]},
        "minecraft:trim_materials": {"values": [a("starlight_gem"), a("moonstone")]},
        "minecraft:trimmable_armor": {"values": ["#aurora:armor"]},
    }


def lang() -> dict[str, dict[str, str]]:
    """``en_us`` / ``zh_cn`` translation keys of the pack's items (plus Chinese names for a few vanilla items)."""
    en: dict[str, str] = {}
    zh: dict[str, str] = {}
    for path, (en_name, zh_name) in sorted(ITEMS.items()):
        en[f"item.{NS}.{path}"] = en_name
        zh[f"item.{NS}.{path}"] = zh_name
    for path, zh_name in sorted(VANILLA_ZH.items()):
        zh[f"item.minecraft.{path}"] = zh_name
    return {"en_us": en, "zh_cn": zh}


def _rel(kind: str, rid: str) -> str:
    ns, path = rid.split(":", 1)
    folder = {"recipe": "recipe", "loot": "loot_table", "tag": "tags/item"}[kind]
    return f"data/{ns}/{folder}/{path}.json"


def datapack_files() -> dict[str, Any]:
    """Every file of the pack: relative path -> JSON value."""
    files: dict[str, Any] = {
        "pack.mcmeta": {"pack": {"pack_format": 57, "description": "kit sample pack: the Aurora server's frozen north"}}
    }
    for rid, value in recipes().items():
        files[_rel("recipe", rid)] = value
    for rid, value in loot_tables().items():
        files[_rel("loot", rid)] = value
    for rid, value in tags().items():
        files[_rel("tag", rid)] = value
    for language, table in lang().items():
        files[f"assets/{NS}/lang/{language}.json"] = table
    return dict(sorted(files.items()))


def write_datapack(save_dir: Path) -> None:
    """Write ``<save_dir>/datapacks/kit_sample/`` (replacing an older copy of that folder only); deterministic."""
    root = Path(save_dir) / "datapacks" / PACK_NAME
    if root.exists():
        shutil.rmtree(root)
    for rel, value in datapack_files().items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
