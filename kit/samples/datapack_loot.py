"""The sample data pack's 42 loot tables: entities, blocks, chests, an ice-fishing set with nested tables, tag
entries, random conditions and counts.
"""

from __future__ import annotations

from typing import Any

from kit.samples.datapack_items import a

__all__ = ["loot_tables"]


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
