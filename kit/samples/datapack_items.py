"""The sample data pack's items: the ``aurora`` namespace, item names in English and Chinese, the tool and armor
sets and their crafting patterns (used by the recipe, loot-table, tag and language builders of the pack).
"""

from __future__ import annotations

__all__ = ["ARMOR", "ARMOR_PATTERNS", "ITEMS", "NS", "TOOLS", "TOOL_PATTERNS", "TOOL_ZH", "VANILLA_ZH", "a"]

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
TOOL_ZH = {
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
        ITEMS[f"{_metal}_{_part}"] = (f"{_en} {_part.capitalize()}", f"{_zh}{TOOL_ZH[_part]}")

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

TOOL_PATTERNS = {
    "pickaxe": ["XXX", " # ", " # "],
    "axe": ["XX", "X#", " #"],
    "shovel": ["X", "#", "#"],
    "hoe": ["XX", " #", " #"],
    "sword": ["X", "X", "#"],
}
ARMOR_PATTERNS = {
    "helmet": ["XXX", "X X"],
    "chestplate": ["X X", "XXX", "XXX"],
    "leggings": ["XXX", "X X", "X X"],
    "boots": ["X X", "X X"],
}


def a(path: str) -> str:
    """``aurora:<path>``."""
    return f"{NS}:{path}"
