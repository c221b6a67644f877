"""Shared inputs of the kit.items tests: where the vanilla data lives, the worked examples, a tiny pack writer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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
