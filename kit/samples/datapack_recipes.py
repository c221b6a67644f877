"""The sample data pack's recipes: more than 60 of every vanilla kind (plus special, transmute and one modded
type) and a few overrides of ``minecraft`` ids, in 1.21.3 syntax.
"""

from __future__ import annotations

from typing import Any

from kit.samples.datapack_items import ARMOR, ARMOR_PATTERNS, TOOL_PATTERNS, TOOLS, a

__all__ = ["recipes"]


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
        for tool, pattern in TOOL_PATTERNS.items():
            r[a(f"{metal}_{tool}")] = _shaped(
                pattern, {"X": mat, "#": "minecraft:stick"}, a(f"{metal}_{tool}"), category="equipment"
            )
        for piece, pattern in ARMOR_PATTERNS.items():
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
