"""Shared inputs of the kit.items tests: where the vanilla data lives, the worked examples, a tiny pack writer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kit.items
from tests.data_folder import REPO, SHARED, SHARED_DATA, missing_reason, require  # noqa: F401

VANILLA = SHARED_DATA / "vanilla"


def vanilla(version: str) -> Path:
    """The vanilla data folder of ``version``; skips the test when the shared data is absent."""
    path = VANILLA / version
    if not path.is_dir():
        pytest.skip(missing_reason(path))
    return path


def write_pack(root: Path, files: dict[str, object]) -> Path:
    """Write ``relpath -> JSON value`` (or raw ``str`` text) under ``root`` and return ``root``."""
    for rel, value in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(value if isinstance(value, str) else json.dumps(value), encoding="utf-8")
    return root


# Section 3.4 of ../shared/notes/minecraft-data-formats.md: (table, context, {item: exact expectation}).
WORKED_EXAMPLES = [
    ("entities/wither_skeleton", {}, {"bone": 1.0, "coal": 1 / 3, "wither_skeleton_skull": 0.025}),
    ("entities/wither_skeleton", {"looting": 3}, {"bone": 2.5, "coal": 1.5556, "wither_skeleton_skull": 0.055}),
    ("entities/zombie", {}, {"rotten_flesh": 1.0, "iron_ingot": 0.00833, "carrot": 0.00833, "potato": 0.00833}),
    (
        "entities/zombie",
        {"looting": 3},
        {"rotten_flesh": 2.5, "iron_ingot": 0.01833, "carrot": 0.01833, "potato": 0.01833},
    ),
    ("blocks/wheat", {}, {"wheat_seeds": 2.7143, "wheat": 1.0}),
    ("blocks/wheat", {"fortune": 3}, {"wheat_seeds": 4.4286}),
    ("blocks/oak_leaves", {}, {"oak_sapling": 0.05, "stick": 0.03, "apple": 0.005}),
    ("blocks/diamond_ore", {"fortune": 3}, {"diamond": 2.2}),
    (
        "chests/simple_dungeon",
        {},
        {"bone": 3.375, "gunpowder": 3.375, "rotten_flesh": 3.375, "string": 3.375, "wheat": 1.0, "redstone": 0.75},
    ),
    ("gameplay/fishing", {"open_water": False}, {"cod": 0.5368, "salmon": 0.2237, "pufferfish": 0.1163}),
]

# Tables and contexts on which the Monte-Carlo sampler must agree with the exact figures.
SAMPLED = [
    ("entities/wither_skeleton", {"looting": 3}),
    ("entities/zombie", {"looting": 2}),
    ("blocks/wheat", {"fortune": 2, "explosion": True}),
    ("blocks/oak_leaves", {"fortune": 3}),
    ("blocks/diamond_ore", {"fortune": 3}),
    ("chests/simple_dungeon", {}),
    ("gameplay/fishing", {"luck": 3.0, "open_water": True}),
    ("entities/sheep", {}),
]


# ---------------------------------------------------------------- small packs written by the tests


def _load(tmp_path, files, **kw):
    kw.setdefault("strict", False)
    return kit.items.load_datapacks(write_pack(tmp_path / "p", files), **kw)


def _recipe(tmp_path, data, **kw):
    return _load(tmp_path, {"data/m/recipe/r.json": data}, **kw).recipe("m:r")


# (recipe JSON, expected (item, count, chance) outputs, a note that must be present or None)
RESULTS = [
    (
        {
            "type": "create:crushing",
            "ingredients": [{"item": "a:x"}],
            "results": [{"id": "a:dust", "count": 2}, {"item": "a:bonus", "count": 1, "chance": 0.25}],
        },
        [("a:dust", 2, 1.0), ("a:bonus", 1, 0.25)],
        "a:bonus ×1 with chance 25% (expected 0.25)",
    ),
    (
        {
            "type": "farmersdelight:cutting",
            "ingredients": [{"item": "a:x"}],
            "tool": {"tag": "c:tools/knife"},
            "result": [{"item": {"count": 7, "id": "a:slice"}}, {"item": {"id": "a:bone"}, "chance": 0.5}],
        },
        [("a:slice", 7, 1.0), ("a:bone", 1, 0.5)],
        "tool: #c:tools/knife",
    ),
    ({"type": "silentgear:thing", "result": [{"item": "a:one"}]}, [("a:one", 1, 1.0)], None),
    (
        {"type": "mekanism:crushing", "input": {"count": 1, "tag": "c:x"}, "output": {"count": 3, "id": "a:out"}},
        [("a:out", 3, 1.0)],
        None,
    ),
    (
        {"type": "mekanism:oxidizing", "input": {"count": 1, "item": "a:x"}, "output": {"amount": 100, "id": "m:gas"}},
        [],
        "output: 100 × m:gas (not an item)",
    ),
    (
        {"type": "mekanism:energy_conversion", "input": {"item": "a:x"}, "output": 48000},
        [],
        "output: 48000 (not an item, e.g. energy)",
    ),
    (
        {
            "type": "mekanism:sawing",
            "input": {"item": "a:log"},
            "main_output": {"count": 6, "id": "a:planks"},
            "secondary_output": {"count": 1, "id": "a:dust"},
            "secondary_chance": 0.25,
        },
        [("a:planks", 6, 1.0), ("a:dust", 1, 0.25)],
        "a:dust ×1 with chance 25% (expected 0.25)",
    ),
    (
        {
            "type": "create:filling",
            "ingredients": [{"item": "a:x"}],
            "results": [{"id": "a:y"}, {"fluid": "minecraft:water", "amount": 250}],
        },
        [("a:y", 1, 1.0)],
        "results[1]: 250 × minecraft:water (not an item)",
    ),
    (
        {
            "type": "immersiveengineering:crusher",
            "input": {"item": "a:ore"},
            "result": {"basePredicate": {"tag": "c:dusts/iron"}, "count": 2},
        },
        [("#c:dusts/iron", 2, 1.0)],
        "result: one item of the tag #c:dusts/iron",
    ),
    (
        {"type": "x:machine", "inputs": [{"item": "a:x"}], "outputs": ["a:y", {"Count": 2, "item": "a:z"}]},
        [("a:y", 1, 1.0), ("a:z", 2, 1.0)],
        None,
    ),
]


GUARDED = {
    "data/m/recipe/create_only.json": {
        "neoforge:conditions": [{"type": "neoforge:mod_loaded", "modid": "create"}],
        "type": "minecraft:crafting_shapeless",
        "ingredients": ["a:x"],
        "result": {"id": "a:from_create"},
    },
    "data/m/recipe/legacy.json": {
        "conditions": [{"type": "forge:mod_loaded", "modid": "create"}],
        "type": "minecraft:crafting_shapeless",
        "ingredients": ["a:x"],
        "result": {"id": "a:legacy"},
    },
    "data/m/recipe/wrapped.json": {
        "type": "forge:conditional",
        "recipes": [
            {
                "conditions": [{"type": "forge:mod_loaded", "modid": "create"}],
                "recipe": {
                    "type": "minecraft:crafting_shapeless",
                    "ingredients": ["a:x"],
                    "result": {"id": "a:wrapped"},
                },
            }
        ],
    },
    "data/m/recipe/fabric.json": {
        "fabric:load_conditions": [{"condition": "fabric:all_mods_loaded", "values": ["create"]}],
        "type": "minecraft:crafting_shapeless",
        "ingredients": ["a:x"],
        "result": {"id": "a:fabric"},
    },
    "data/m/loot_table/blocks/x.json": {
        "neoforge:conditions": [{"type": "neoforge:mod_loaded", "modid": "create"}],
        "type": "minecraft:block",
        "pools": [{"rolls": 1, "entries": [{"type": "minecraft:item", "name": "a:x"}]}],
    },
    "data/c/tags/item/gears.json": {"values": ["a:plain_gear"]},
}


def _guarded(tmp_path):
    root = write_pack(tmp_path / "low", GUARDED)
    high = write_pack(
        tmp_path / "high",
        {
            "data/c/tags/item/gears.json": {
                "neoforge:conditions": [{"type": "neoforge:mod_loaded", "modid": "create"}],
                "values": ["create:gear"],
            }
        },
    )
    return root, high
