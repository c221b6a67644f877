"""The sample data pack of the sample save: ``<save>/datapacks/kit_sample/`` (invented content, namespace ``aurora``).

``write_datapack(save_dir)`` writes it deterministically: more than 60 recipes of every vanilla kind (plus special,
transmute and one modded type), 42 loot tables (entities, blocks, chests, an ice-fishing set with nested tables,
tag entries, random conditions and counts), 24 item tags, a few overrides of ``minecraft`` ids, and
``en_us`` / ``zh_cn`` language files.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

__all__ = ["PACK_NAME", "write_datapack", "datapack_files"]

PACK_NAME = "kit_sample"
NS = "aurora"

# item path -> (English name, Chinese name)
ITEMS: dict[str, tuple[str, str]] = {
    "frost_shard": ("Frost Shard", "霜晶碎片"),
    "raw_glacite": ("Raw Glacite", "粗冰川矿"),
    "glacite_ingot": ("Glacite Ingot", "冰川锭"),
    "glacite_nugget": ("Glacite Nugget", "冰川粒"),
    "glacite_block": ("Block of Glacite", "冰川块"),
    "glacite_ore": ("Glacite Ore", "冰川矿石"),
    "aurorium_ingot": ("Aurorium Ingot", "极光锭"),
    "aurorium_upgrade_template": ("Aurorium Upgrade", "极光升级锻造模板"),
    "aurora_trim_template": ("Aurora Armor Trim", "极光盔甲纹饰锻造模板"),
    "starlight_gem": ("Starlight Gem", "星光宝石"),
    "starlight_dust": ("Starlight Dust", "星光粉"),
    "moonstone": ("Moonstone", "月长石"),
    "moonstone_ore": ("Moonstone Ore", "月长石矿石"),
    "ember_dust": ("Ember Dust", "余烬粉"),
    "rune_fragment": ("Rune Fragment", "符文残片"),
    "rune_scroll": ("Rune Scroll", "符文卷轴"),
    "pine_log": ("Aurora Pine Log", "极光松原木"),
    "pine_planks": ("Aurora Pine Planks", "极光松木板"),
    "pine_slab": ("Aurora Pine Slab", "极光松木台阶"),
    "pine_stairs": ("Aurora Pine Stairs", "极光松木楼梯"),
    "pine_door": ("Aurora Pine Door", "极光松木门"),
    "pine_fence": ("Aurora Pine Fence", "极光松木栅栏"),
    "pine_leaves": ("Aurora Pine Leaves", "极光松树叶"),
    "pine_sapling": ("Aurora Pine Sapling", "极光松树苗"),
    "frost_stone": ("Frost Stone", "霜岩"),
    "frost_bricks": ("Frost Bricks", "霜岩砖"),
    "frost_brick_slab": ("Frost Brick Slab", "霜岩砖台阶"),
    "frost_brick_stairs": ("Frost Brick Stairs", "霜岩砖楼梯"),
    "frost_brick_wall": ("Frost Brick Wall", "霜岩砖墙"),
    "chiseled_frost_bricks": ("Chiseled Frost Bricks", "雕纹霜岩砖"),
    "frost_tiles": ("Frost Tiles", "霜岩瓦"),
    "frost_berry": ("Frost Berry", "霜莓"),
    "baked_frost_berry": ("Baked Frost Berry", "烤霜莓"),
    "frost_berry_bush": ("Frost Berry Bush", "霜莓丛"),
    "snow_bread": ("Snow Bread", "雪面包"),
    "glow_stew": ("Glow Stew", "荧光炖菜"),
    "yeti_meat": ("Raw Yeti Meat", "生雪人肉"),
    "cooked_yeti_meat": ("Cooked Yeti Meat", "熟雪人肉"),
    "ice_cod": ("Ice Cod", "冰鳕鱼"),
    "cooked_ice_cod": ("Cooked Ice Cod", "熟冰鳕鱼"),
    "aurora_trout": ("Aurora Trout", "极光鳟鱼"),
    "frozen_boot": ("Frozen Boot", "冻住的靴子"),
    "fox_fur": ("Snow Fox Fur", "雪狐毛皮"),
    "stag_antler": ("Stag Antler", "鹿角"),
    "wraith_essence": ("Wraith Essence", "怨灵精华"),
    "aurora_crystal": ("Aurora Crystal", "极光水晶"),
    "aurora_crystal_cluster": ("Aurora Crystal Cluster", "极光水晶簇"),
    "starlight_lantern": ("Starlight Lantern", "星光灯笼"),
    "ember_torch": ("Ember Torch", "余烬火把"),
    "ember_grass": ("Ember Grass", "余烬草"),
    "ember_seeds": ("Ember Seeds", "余烬种子"),
    "satchel": ("Satchel", "挎包"),
    "blue_satchel": ("Blue Satchel", "蓝色挎包"),
    "red_satchel": ("Red Satchel", "红色挎包"),
    "green_satchel": ("Green Satchel", "绿色挎包"),
    "frost_compass": ("Frost Compass", "霜之罗盘"),
    "glacier_map": ("Glacier Map", "冰川地图"),
    "sled": ("Sled", "雪橇"),
    "ice_skates": ("Ice Skates", "冰鞋"),
    "snow_goggles": ("Snow Goggles", "雪地护目镜"),
}
TOOLS = ("pickaxe", "axe", "shovel", "hoe", "sword")
ARMOR = ("helmet", "chestplate", "leggings", "boots")
_TOOL_ZH = {
    "pickaxe": "镐",
    "axe": "斧",
    "shovel": "锹",
    "hoe": "锄",
    "sword": "剑",
    "helmet": "头盔",
    "chestplate": "胸甲",
    "leggings": "护腿",
    "boots": "靴子",
}
for _metal, _en, _zh in (("glacite", "Glacite", "冰川"), ("aurorium", "Aurorium", "极光")):
    for _part in TOOLS + ARMOR:
        ITEMS[f"{_metal}_{_part}"] = (f"{_en} {_part.capitalize()}", f"{_zh}{_TOOL_ZH[_part]}")

# Chinese names for a few vanilla items the sample refers to (the vanilla zh_cn file is not in the data).
VANILLA_ZH = {
    "diamond": "钻石",
    "diamond_pickaxe": "钻石镐",
    "iron_ingot": "铁锭",
    "stick": "木棍",
    "bone": "骨头",
    "rotten_flesh": "腐肉",
    "string": "线",
    "bread": "面包",
    "emerald": "绿宝石",
    "torch": "火把",
    "coal": "煤炭",
    "snowball": "雪球",
    "ice": "冰",
    "packed_ice": "浮冰",
    "blue_ice": "蓝冰",
    "gunpowder": "火药",
    "paper": "纸",
    "leather": "皮革",
    "book": "书",
    "gold_ingot": "金锭",
}

_TOOL_PATTERNS = {
    "pickaxe": ["XXX", " # ", " # "],
    "axe": ["XX", "X#", " #"],
    "shovel": ["X", "#", "#"],
    "hoe": ["XX", " #", " #"],
    "sword": ["X", "X", "#"],
}
_ARMOR_PATTERNS = {
    "helmet": ["XXX", "X X"],
    "chestplate": ["X X", "XXX", "XXX"],
    "leggings": ["XXX", "X X", "X X"],
    "boots": ["X X", "X X"],
}


def a(path: str) -> str:
    """``aurora:<path>``."""
    return f"{NS}:{path}"


def _shaped(
    pattern: list[str], key: dict[str, Any], result: str, count: int = 1, category: str = "misc", **extra: Any
) -> dict:
    out = {
        "type": "minecraft:crafting_shaped",
        "category": category,
        "pattern": pattern,
        "key": key,
        "result": {"id": result, "count": count},
    }
    out.update(extra)
    return out


def _shapeless(ingredients: list, result: str, count: int = 1, category: str = "misc") -> dict:
    return {
        "type": "minecraft:crafting_shapeless",
        "category": category,
        "ingredients": ingredients,
        "result": {"id": result, "count": count},
    }


def _cook(kind: str, ingredient: Any, result: str, xp: float, time: int, category: str = "misc") -> dict:
    return {
        "type": f"minecraft:{kind}",
        "category": category,
        "ingredient": ingredient,
        "result": {"id": result},
        "experience": xp,
        "cookingtime": time,
    }


def _cut(ingredient: str, result: str, count: int = 1) -> dict:
    return {"type": "minecraft:stonecutting", "ingredient": ingredient, "result": {"id": result, "count": count}}


def recipes() -> dict[str, dict]:
    """Recipe id -> recipe JSON (1.21.3 syntax)."""
    r: dict[str, dict] = {}
    for metal, mat in (("glacite", a("glacite_ingot")),):
        for tool, pattern in _TOOL_PATTERNS.items():
            r[a(f"{metal}_{tool}")] = _shaped(
                pattern, {"X": mat, "#": "minecraft:stick"}, a(f"{metal}_{tool}"), category="equipment"
            )
        for piece, pattern in _ARMOR_PATTERNS.items():
            r[a(f"{metal}_{piece}")] = _shaped(pattern, {"X": mat}, a(f"{metal}_{piece}"), category="equipment")
    for part in TOOLS + ARMOR:
        r[a(f"aurorium_{part}_smithing")] = {
            "type": "minecraft:smithing_transform",
            "template": a("aurorium_upgrade_template"),
            "base": a(f"glacite_{part}"),
            "addition": "#aurora:aurorium_materials",
            "result": {"id": a(f"aurorium_{part}"), "count": 1},
        }
    r[a("aurora_trim_smithing_trim")] = {
        "type": "minecraft:smithing_trim",
        "template": a("aurora_trim_template"),
        "base": "#minecraft:trimmable_armor",
        "addition": "#minecraft:trim_materials",
    }
    r[a("aurora_trim_template")] = _shaped(
        ["D#D", "DFD", "DDD"],
        {"D": "minecraft:diamond", "#": a("aurora_trim_template"), "F": a("frost_stone")},
        a("aurora_trim_template"),
        2,
    )
    r[a("aurorium_upgrade_template")] = _shaped(
        ["S#S", "SGS", "SSS"],
        {"S": a("starlight_gem"), "#": a("aurorium_upgrade_template"), "G": a("glacite_block")},
        a("aurorium_upgrade_template"),
        2,
    )
    r[a("aurorium_ingot")] = _shapeless([a("glacite_ingot")] * 4 + [a("starlight_dust")] * 4, a("aurorium_ingot"))
    r[a("glacite_block")] = _shaped(
        ["###", "###", "###"], {"#": a("glacite_ingot")}, a("glacite_block"), category="building"
    )
    r[a("glacite_ingot_from_block")] = _shapeless([a("glacite_block")], a("glacite_ingot"), 9)
    r[a("glacite_ingot_from_nuggets")] = _shaped(["###", "###", "###"], {"#": a("glacite_nugget")}, a("glacite_ingot"))
    r[a("glacite_nugget")] = _shapeless([a("glacite_ingot")], a("glacite_nugget"), 9)
    for src in ("raw_glacite", "glacite_ore"):
        r[a(f"glacite_ingot_from_smelting_{src}")] = _cook("smelting", a(src), a("glacite_ingot"), 0.7, 200)
        r[a(f"glacite_ingot_from_blasting_{src}")] = _cook("blasting", a(src), a("glacite_ingot"), 0.7, 100)
    r[a("moonstone_from_smelting")] = _cook("smelting", a("moonstone_ore"), a("moonstone"), 1.0, 200)
    r[a("moonstone_from_blasting")] = _cook("blasting", a("moonstone_ore"), a("moonstone"), 1.0, 100)
    r[a("glacite_nugget_from_blasting")] = _cook("blasting", "#aurora:glacite_tools", a("glacite_nugget"), 0.1, 100)
    for raw, cooked, xp in (
        ("frost_berry", "baked_frost_berry", 0.1),
        ("yeti_meat", "cooked_yeti_meat", 0.35),
        ("ice_cod", "cooked_ice_cod", 0.35),
    ):
        r[a(cooked)] = _cook("smelting", a(raw), a(cooked), xp, 200, "food")
        r[a(f"{cooked}_from_smoking")] = _cook("smoking", a(raw), a(cooked), xp, 100, "food")
        r[a(f"{cooked}_from_campfire_cooking")] = _cook("campfire_cooking", a(raw), a(cooked), xp, 600, "food")
    r[a("pine_planks")] = _shapeless(["#aurora:pine_logs"], a("pine_planks"), 4, "building")
    r[a("pine_slab")] = _shaped(["###"], {"#": a("pine_planks")}, a("pine_slab"), 6, "building")
    r[a("pine_stairs")] = _shaped(["#  ", "## ", "###"], {"#": a("pine_planks")}, a("pine_stairs"), 4, "building")
    r[a("pine_door")] = _shaped(["##", "##", "##"], {"#": a("pine_planks")}, a("pine_door"), 3, "redstone")
    r[a("pine_fence")] = _shaped(["W#W", "W#W"], {"W": a("pine_planks"), "#": "minecraft:stick"}, a("pine_fence"), 3)
    stones = [
        ("frost_bricks", 1),
        ("frost_brick_slab", 2),
        ("frost_brick_stairs", 1),
        ("frost_brick_wall", 1),
        ("chiseled_frost_bricks", 1),
        ("frost_tiles", 1),
    ]
    for out, count in stones:
        r[a(f"{out}_from_frost_stone_stonecutting")] = _cut(a("frost_stone"), a(out), count)
    r[a("frost_bricks")] = _shaped(["##", "##"], {"#": a("frost_stone")}, a("frost_bricks"), 4, "building")
    r[a("frost_brick_slab")] = _shaped(["###"], {"#": a("frost_bricks")}, a("frost_brick_slab"), 6, "building")
    r[a("frost_brick_wall")] = _shaped(["###", "###"], {"#": a("frost_bricks")}, a("frost_brick_wall"), 6)
    r[a("snow_bread")] = _shaped(["BWB"], {"B": a("frost_berry"), "W": "minecraft:wheat"}, a("snow_bread"), 1)
    r[a("glow_stew")] = _shapeless(
        ["minecraft:bowl", a("frost_berry"), a("ember_dust"), "minecraft:glow_berries"], a("glow_stew")
    )
    r[a("ember_torch")] = _shaped(
        ["E", "#"], {"E": [a("ember_dust"), "minecraft:blaze_powder"], "#": "minecraft:stick"}, a("ember_torch"), 4
    )
    r[a("starlight_lantern")] = _shaped(
        ["NNN", "NSN", "NNN"], {"N": a("glacite_nugget"), "S": a("starlight_dust")}, a("starlight_lantern")
    )
    r[a("starlight_dust")] = _shapeless([a("starlight_gem")], a("starlight_dust"), 4)
    r[a("rune_scroll")] = _shapeless(
        ["minecraft:paper", a("rune_fragment"), a("rune_fragment"), "#aurora:gems"], a("rune_scroll")
    )
    r[a("frost_compass")] = _shaped(
        [" F ", "FCF", " F "], {"F": a("frost_shard"), "C": "minecraft:compass"}, a("frost_compass")
    )
    r[a("glacier_map")] = _shapeless(["minecraft:map", a("frost_compass")], a("glacier_map"))
    r[a("sled")] = _shaped(["P P", "PPP"], {"P": "#minecraft:planks"}, a("sled"), category="misc")
    r[a("ice_skates")] = _shaped(["L L", "I I"], {"L": "minecraft:leather", "I": a("glacite_ingot")}, a("ice_skates"))
    r[a("snow_goggles")] = _shaped(
        ["L L", "GLG"], {"L": "minecraft:leather", "G": "minecraft:glass_pane"}, a("snow_goggles"), category="equipment"
    )
    r[a("satchel")] = _shaped(["-L-", "L L", "LLL"], {"-": "minecraft:string", "L": a("fox_fur")}, a("satchel"))
    for color in ("blue", "red", "green"):
        r[a(f"{color}_satchel")] = {
            "type": "minecraft:crafting_transmute",
            "category": "equipment",
            "group": "satchel_dye",
            "input": "#aurora:satchels",
            "material": f"minecraft:{color}_dye",
            "result": a(f"{color}_satchel"),
        }
    r[a("aurora_crystal")] = _shapeless([a("aurora_crystal_cluster")], a("aurora_crystal"), 2)
    r[a("satchel_dye")] = {"type": "minecraft:crafting_special_armordye", "category": "misc"}
    r[a("rune_copy")] = {"type": "minecraft:crafting_special_bookcloning", "category": "misc"}
    r[a("crystal_infusing")] = {
        "type": "aurora:infusing",
        "ingredients": [a("aurora_crystal"), a("starlight_dust")],
        "catalyst": {"item": a("ember_dust")},
        "result": {"id": a("starlight_gem"), "count": 1},
        "infusing_time": 160,
    }
    # overrides of vanilla ids
    r["minecraft:bread"] = _shaped(["###"], {"#": ["minecraft:wheat", a("frost_berry")]}, "minecraft:bread", 1, "misc")
    r["minecraft:torch"] = _shaped(
        ["X", "#"],
        {"X": ["minecraft:coal", "minecraft:charcoal", a("ember_dust")], "#": "minecraft:stick"},
        "minecraft:torch",
        4,
    )
    return r


# ---------------------------------------------------------------- loot tables


def _item(name: str, *functions: dict, weight: int = 1, quality: int = 0, conditions: list | None = None) -> dict:
    e: dict[str, Any] = {"type": "minecraft:item", "name": name}
    if weight != 1:
        e["weight"] = weight
    if quality:
        e["quality"] = quality
    if functions:
        e["functions"] = list(functions)
    if conditions:
        e["conditions"] = conditions
    return e


def _count(lo: float, hi: float | None = None, add: bool = False) -> dict:
    value: Any = lo if hi is None else {"type": "minecraft:uniform", "min": lo, "max": hi}
    return {"function": "minecraft:set_count", "count": value, "add": add}


def _looting(lo: float = 0.0, hi: float = 1.0, limit: int | None = None) -> dict[str, Any]:
    f: dict[str, Any] = {
        "function": "minecraft:enchanted_count_increase",
        "enchantment": "minecraft:looting",
        "count": {"type": "minecraft:uniform", "min": lo, "max": hi},
    }
    if limit:
        f["limit"] = limit
    return f


def _pool(
    entries: list, rolls: Any = 1.0, bonus: float = 0.0, conditions: list | None = None, functions: list | None = None
) -> dict:
    p: dict[str, Any] = {"rolls": rolls, "bonus_rolls": bonus, "entries": entries}
    if conditions:
        p["conditions"] = conditions
    if functions:
        p["functions"] = functions
    return p


def _table(kind: str, *pools: dict, functions: list | None = None) -> dict:
    t: dict[str, Any] = {"type": f"minecraft:{kind}", "pools": list(pools)}
    if functions:
        t["functions"] = functions
    return t


KILLED = {"condition": "minecraft:killed_by_player"}
SILK = {
    "condition": "minecraft:match_tool",
    "predicate": {
        "predicates": {"minecraft:enchantments": [{"enchantments": "minecraft:silk_touch", "levels": {"min": 1}}]}
    },
}
SHEARS = {"condition": "minecraft:match_tool", "predicate": {"items": "minecraft:shears"}}
SURVIVES = {"condition": "minecraft:survives_explosion"}
DECAY = {"function": "minecraft:explosion_decay"}


def _chance(p: float) -> dict:
    return {"condition": "minecraft:random_chance", "chance": p}


def _looting_chance(base: float, per_level: float) -> dict:
    return {
        "condition": "minecraft:random_chance_with_enchanted_bonus",
        "enchantment": "minecraft:looting",
        "unenchanted_chance": base,
        "enchanted_chance": {"type": "minecraft:linear", "base": base + per_level, "per_level_above_first": per_level},
    }


def _bonus(formula: str, **params: Any) -> dict:
    f: dict[str, Any] = {
        "function": "minecraft:apply_bonus",
        "enchantment": "minecraft:fortune",
        "formula": f"minecraft:{formula}",
    }
    if params:
        f["parameters"] = params
    return f


def _self_drop(block: str) -> dict:
    return _table("block", _pool([_item(block)], conditions=[SURVIVES]))


def loot_tables() -> dict[str, dict]:
    """Loot table id -> loot table JSON."""
    t: dict[str, dict] = {}
    # entities
    t[a("entities/frost_wraith")] = _table(
        "entity",
        _pool([_item("minecraft:bone", _count(0, 2), _looting())]),
        _pool([_item(a("frost_shard"), _count(-1, 2), _looting(0, 1, limit=4))]),
        _pool([_item(a("wraith_essence"))], conditions=[KILLED, _looting_chance(0.05, 0.02)]),
    )
    t[a("entities/ice_golem")] = _table(
        "entity", _pool([_item(a("glacite_ingot"), _count(3, 5))]), _pool([_item("minecraft:snowball", _count(0, 15))])
    )
    t[a("entities/snow_fox")] = _table(
        "entity",
        _pool([_item(a("fox_fur"), _count(0, 1), _looting())]),
        _pool([_item(a("frost_berry"))], conditions=[_chance(0.2)]),
    )
    t[a("entities/ember_imp")] = _table(
        "entity",
        _pool(
            [
                _item(
                    a("ember_dust"),
                    {"function": "minecraft:set_count", "count": {"type": "minecraft:binomial", "n": 4, "p": 0.5}},
                    _looting(),
                )
            ]
        ),
    )
    t[a("entities/starlight_moth")] = _table(
        "entity",
        _pool(
            [
                _item(a("starlight_dust"), weight=3),
                _item(a("starlight_gem"), conditions=[KILLED]),
                {"type": "minecraft:empty", "weight": 6},
            ]
        ),
    )
    t[a("entities/yeti")] = _table(
        "entity",
        _pool(
            [
                _item(
                    a("yeti_meat"),
                    _count(1, 3),
                    _looting(),
                    {
                        "function": "minecraft:furnace_smelt",
                        "conditions": [
                            {
                                "condition": "minecraft:entity_properties",
                                "entity": "this",
                                "predicate": {"flags": {"is_on_fire": True}},
                            }
                        ],
                    },
                )
            ]
        ),
        _pool([{"type": "minecraft:loot_table", "value": a("gameplay/yeti_bonus")}], rolls=2.0),
        _pool([_item(a("fox_fur"), _count(2))], conditions=[KILLED]),
    )
    t[a("entities/penguin")] = _table(
        "entity",
        _pool([_item(a("ice_cod"), weight=4), _item(a("aurora_trout")), {"type": "minecraft:empty", "weight": 5}]),
    )
    t[a("entities/crystal_spider")] = _table(
        "entity",
        _pool([_item("minecraft:string", _count(0, 2), _looting())]),
        _pool([_item(a("aurora_crystal"), _count(-1, 1), _looting())], conditions=[KILLED]),
    )
    t[a("entities/aurora_stag")] = _table(
        "entity",
        _pool([_item(a("stag_antler"), weight=1), _item("minecraft:leather", _count(1, 2), weight=3)]),
        _pool([_item(a("yeti_meat"), _count(1, 2), _looting())]),
    )
    t[a("entities/frost_archer")] = _table(
        "entity",
        _pool([_item("minecraft:arrow", _count(0, 2), _looting())]),
        _pool([_item("minecraft:bow")], conditions=[KILLED, _looting_chance(0.085, 0.01)]),
        _pool([_item(a("frost_shard"), _count(1))], conditions=[_chance(0.5)]),
    )
    t[a("entities/wisp")] = _table(
        "entity",
        _pool(
            [
                {
                    "type": "minecraft:group",
                    "children": [_item(a("starlight_dust")), _item(a("ember_dust"), conditions=[_chance(0.25)])],
                }
            ]
        ),
    )
    t[a("entities/glacier_slime")] = _table(
        "entity",
        _pool(
            [_item(a("frost_shard"), _count(0, 2), _looting())],
            conditions=[
                {
                    "condition": "minecraft:entity_properties",
                    "entity": "this",
                    "predicate": {"type_specific": {"type": "minecraft:slime", "size": 1}},
                }
            ],
        ),
    )
    # blocks
    t[a("blocks/glacite_ore")] = _table(
        "block",
        _pool(
            [
                {
                    "type": "minecraft:alternatives",
                    "children": [
                        _item(a("glacite_ore"), conditions=[SILK]),
                        _item(a("raw_glacite"), _bonus("ore_drops"), DECAY),
                    ],
                }
            ]
        ),
    )
    t[a("blocks/moonstone_ore")] = _table(
        "block",
        _pool(
            [
                {
                    "type": "minecraft:alternatives",
                    "children": [
                        _item(a("moonstone_ore"), conditions=[SILK]),
                        _item(a("moonstone"), _count(1, 2), _bonus("uniform_bonus_count", bonusMultiplier=1), DECAY),
                    ],
                }
            ]
        ),
    )
    ripe = {"condition": "minecraft:block_state_property", "block": a("frost_berry_bush"), "properties": {"age": "3"}}
    t[a("blocks/frost_berry_bush")] = _table(
        "block",
        _pool([_item(a("frost_berry"))]),
        _pool(
            [_item(a("frost_berry"), _bonus("binomial_with_bonus_count", extra=2, probability=0.5))], conditions=[ripe]
        ),
        functions=[DECAY],
    )
    t[a("blocks/pine_leaves")] = _table(
        "block",
        _pool(
            [
                {
                    "type": "minecraft:alternatives",
                    "children": [
                        _item(
                            a("pine_leaves"), conditions=[{"condition": "minecraft:any_of", "terms": [SHEARS, SILK]}]
                        ),
                        _item(
                            a("pine_sapling"),
                            conditions=[
                                SURVIVES,
                                {
                                    "condition": "minecraft:table_bonus",
                                    "enchantment": "minecraft:fortune",
                                    "chances": [0.05, 0.0625, 0.083333336, 0.1],
                                },
                            ],
                        ),
                    ],
                }
            ]
        ),
        _pool(
            [
                _item(
                    "minecraft:stick",
                    _count(1, 2),
                    DECAY,
                    conditions=[
                        {
                            "condition": "minecraft:table_bonus",
                            "enchantment": "minecraft:fortune",
                            "chances": [0.02, 0.022222223, 0.025, 0.033333335, 0.1],
                        }
                    ],
                )
            ],
            conditions=[
                {"condition": "minecraft:inverted", "term": {"condition": "minecraft:any_of", "terms": [SHEARS, SILK]}}
            ],
        ),
    )
    for block in (
        "pine_log",
        "pine_planks",
        "pine_fence",
        "pine_stairs",
        "frost_bricks",
        "frost_tiles",
        "glacite_block",
        "starlight_lantern",
        "chiseled_frost_bricks",
    ):
        t[a(f"blocks/{block}")] = _self_drop(a(block))
    double = {"condition": "minecraft:block_state_property", "block": a("pine_slab"), "properties": {"type": "double"}}
    t[a("blocks/pine_slab")] = _table(
        "block", _pool([_item(a("pine_slab"), {**_count(2), "conditions": [double]}, DECAY)])
    )
    t[a("blocks/frost_stone")] = _table(
        "block",
        _pool(
            [
                {
                    "type": "minecraft:alternatives",
                    "children": [
                        _item(a("frost_stone"), conditions=[SILK]),
                        _item(a("frost_shard"), _count(1, 3), DECAY),
                    ],
                }
            ]
        ),
    )
    t[a("blocks/aurora_crystal_cluster")] = _table(
        "block",
        _pool(
            [
                {
                    "type": "minecraft:alternatives",
                    "children": [
                        _item(a("aurora_crystal_cluster"), conditions=[SILK]),
                        _item(
                            a("aurora_crystal"),
                            _count(4),
                            _bonus("ore_drops"),
                            conditions=[
                                {
                                    "condition": "minecraft:match_tool",
                                    "predicate": {"items": "#aurora:crystal_harvesters"},
                                }
                            ],
                        ),
                        _item(a("aurora_crystal"), _count(2), DECAY),
                    ],
                }
            ]
        ),
    )
    t[a("blocks/ember_grass")] = _table(
        "block",
        _pool(
            [
                {
                    "type": "minecraft:alternatives",
                    "children": [
                        _item(a("ember_grass"), conditions=[SHEARS]),
                        _item(
                            a("ember_seeds"),
                            _bonus("uniform_bonus_count", bonusMultiplier=2),
                            DECAY,
                            conditions=[_chance(0.125)],
                        ),
                    ],
                }
            ]
        ),
    )
    lower = {"condition": "minecraft:block_state_property", "block": a("pine_door"), "properties": {"half": "lower"}}
    t[a("blocks/pine_door")] = _table(
        "block", _pool([_item(a("pine_door"), conditions=[lower])], conditions=[SURVIVES])
    )
    # chests
    t[a("chests/common_supplies")] = _table(
        "chest",
        _pool(
            [
                {
                    "type": "minecraft:tag",
                    "name": "aurora:foods",
                    "expand": True,
                    "weight": 2,
                    "functions": [_count(1, 4)],
                },
                _item("minecraft:torch", _count(2, 8)),
            ],
            rolls={"type": "minecraft:uniform", "min": 2, "max": 4},
        ),
    )
    t[a("chests/frozen_ruins")] = _table(
        "chest",
        _pool(
            [
                _item(a("glacite_ingot"), _count(1, 4), weight=10),
                _item(a("frost_shard"), _count(2, 6), weight=15),
                _item(a("rune_fragment"), weight=5),
                _item(a("starlight_gem"), weight=2),
                _item(a("aurorium_upgrade_template"), weight=1),
                {"type": "minecraft:empty", "weight": 7},
            ],
            rolls={"type": "minecraft:uniform", "min": 2, "max": 5},
        ),
        _pool(
            [
                {"type": "minecraft:loot_table", "value": a("chests/common_supplies"), "weight": 3},
                {"type": "minecraft:empty", "weight": 1},
            ],
            rolls=1.0,
        ),
    )
    t[a("chests/glacier_vault")] = _table(
        "chest",
        _pool(
            [
                _item(a("aurorium_ingot"), _count(1, 2), weight=4, quality=2),
                _item(a("aurora_trim_template"), weight=2, quality=3),
                _item("minecraft:diamond", _count(1, 3), weight=6),
                _item(a("glacite_ingot"), _count(2, 5), weight=20, quality=-2),
            ],
            rolls={"type": "minecraft:uniform", "min": 3, "max": 6},
            bonus=1.0,
        ),
        _pool([_item(a("glacier_map"))], conditions=[_chance(0.35)]),
    )
    t[a("chests/ember_forge")] = _table(
        "chest",
        _pool(
            [
                {"type": "minecraft:tag", "name": "aurora:ores", "expand": False, "weight": 1},
                _item(a("ember_dust"), _count(3, 9), weight=3),
                _item("minecraft:coal", _count(4, 12), weight=4),
            ],
            rolls=3.0,
        ),
    )
    t[a("chests/starlight_observatory")] = _table(
        "chest",
        _pool(
            [
                _item(a("starlight_dust"), _count(2, 7), weight=8),
                _item(a("starlight_gem"), weight=2),
                _item(a("frost_compass"), weight=1),
                _item("minecraft:book", _count(1, 3), weight=5),
            ],
            rolls={"type": "minecraft:uniform", "min": 2, "max": 4},
        ),
        _pool([_item(a("rune_scroll"))], conditions=[_chance(0.1)]),
    )
    t[a("chests/ice_cave")] = _table(
        "chest",
        _pool(
            [
                _item("minecraft:ice", _count(4, 16), weight=10),
                _item("minecraft:packed_ice", _count(2, 8), weight=6),
                _item("minecraft:blue_ice", _count(1, 4), weight=2),
                _item(a("frost_shard"), _count(1, 5), weight=8),
            ],
            rolls={"type": "minecraft:binomial", "n": 8, "p": 0.5},
        ),
    )
    t[a("chests/wanderer_camp")] = _table(
        "chest",
        _pool(
            [
                {
                    "type": "minecraft:sequence",
                    "children": [
                        _item(a("snow_bread"), _count(1, 3)),
                        _item(a("glow_stew"), conditions=[_chance(0.5)]),
                        _item(a("sled")),
                    ],
                }
            ],
            rolls=2.0,
        ),
        _pool([{"type": "minecraft:tag", "name": "aurora:satchels", "expand": True}], rolls=1.0),
    )
    t[a("chests/sunken_sled")] = _table(
        "chest",
        _pool(
            [
                _item(a("sled"), weight=1),
                _item(a("ice_skates"), weight=2),
                _item(a("snow_goggles"), weight=2),
                {"type": "minecraft:loot_table", "value": a("gameplay/ice_fishing/junk"), "weight": 5},
            ],
            rolls={"type": "minecraft:uniform", "min": 1, "max": 3},
        ),
    )
    # ice fishing (fishing-like, nested with luck)
    open_water = {
        "condition": "minecraft:entity_properties",
        "entity": "this",
        "predicate": {"type_specific": {"type": "minecraft:fishing_hook", "in_open_water": True}},
    }
    t[a("gameplay/ice_fishing")] = _table(
        "fishing",
        _pool(
            [
                {"type": "minecraft:loot_table", "value": a("gameplay/ice_fishing/junk"), "weight": 12, "quality": -2},
                {
                    "type": "minecraft:loot_table",
                    "value": a("gameplay/ice_fishing/treasure"),
                    "weight": 4,
                    "quality": 2,
                    "conditions": [open_water],
                },
                {"type": "minecraft:loot_table", "value": a("gameplay/ice_fishing/fish"), "weight": 84, "quality": -1},
            ]
        ),
    )
    t[a("gameplay/ice_fishing/fish")] = _table(
        "fishing",
        _pool(
            [_item(a("ice_cod"), weight=70), _item(a("aurora_trout"), weight=25), _item("minecraft:salmon", weight=5)]
        ),
    )
    t[a("gameplay/ice_fishing/junk")] = _table(
        "fishing",
        _pool(
            [
                _item(a("frozen_boot"), weight=10),
                _item("minecraft:stick", weight=5),
                _item("minecraft:string", weight=5),
                _item(a("frost_shard"), _count(1, 2), weight=10),
                _item("minecraft:bone", weight=10),
            ]
        ),
    )
    t[a("gameplay/ice_fishing/treasure")] = _table(
        "fishing",
        _pool(
            [
                _item(a("starlight_gem")),
                _item(a("rune_scroll")),
                _item(a("aurora_trim_template")),
                _item(a("frost_compass")),
            ]
        ),
    )
    t[a("gameplay/yeti_bonus")] = _table(
        "entity",
        _pool(
            [
                _item(a("frost_shard"), _count(1, 2), weight=6),
                _item(a("frost_berry"), _count(1, 3), weight=3),
                _item(a("rune_fragment"), weight=1),
            ]
        ),
    )
    t[a("gameplay/solstice_gift")] = _table(
        "gift", _pool([{"type": "minecraft:tag", "name": "aurora:gifts", "expand": True}], rolls=1.0)
    )
    # overrides of vanilla ids
    t["minecraft:entities/zombie"] = _table(
        "entity",
        _pool([_item("minecraft:rotten_flesh", _count(0, 2), _looting())]),
        _pool(
            [_item("minecraft:iron_ingot"), _item(a("frost_shard"), weight=2)],
            conditions=[KILLED, _looting_chance(0.025, 0.01)],
        ),
    )
    t["minecraft:chests/simple_dungeon"] = _table(
        "chest",
        _pool(
            [
                _item("minecraft:bone", _count(1, 8), weight=10),
                _item("minecraft:gunpowder", _count(1, 8), weight=10),
                _item(a("frost_shard"), _count(1, 4), weight=10),
                _item(a("rune_fragment"), weight=3),
            ],
            rolls=3.0,
        ),
        _pool([{"type": "minecraft:loot_table", "value": a("chests/common_supplies")}], rolls=1.0),
    )
    return t


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
