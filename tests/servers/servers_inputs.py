"""Shared inputs of the kit.servers tests: small jar and server builders on top of kit.samples.server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from kit.samples.server import write_server, zip_bytes
from kit.saves.nbt import encode_nbt


def mods_toml(mod_id: str, version: str = "1.0.0", *more: str) -> str:
    """A ``neoforge.mods.toml`` / ``mods.toml`` declaring ``mod_id`` (and further mod ids)."""
    out = 'modLoader = "javafml"\nloaderVersion = "[4,)"\n'
    for m in (mod_id,) + more:
        out += f'\n[[mods]]\nmodId = "{m}"\nversion = "{version}"\ndisplayName = "{m.title()}"\n'
    return out


def recipe(result: str) -> dict[str, Any]:
    """A shapeless recipe giving ``result`` from a stick."""
    return {"type": "minecraft:crafting_shapeless", "ingredients": ["minecraft:stick"], "result": {"id": result}}


def game_jar(version: str = "1.21.1", extra: dict[str, Any] | None = None) -> bytes:
    """A plain (not bundled) game jar with ``version.json`` and one vanilla recipe."""
    files = {
        "version.json": {"id": version, "pack_version": {"resource": 34, "data": 48}},
        "data/minecraft/recipe/torch.json": recipe("minecraft:torch"),
        "data/minecraft/datapacks/trade_rebalance/data/minecraft/recipe/extra.json": recipe("minecraft:extra"),
    }
    files.update(extra or {})
    return zip_bytes(files)


def level_dat(enabled: list[str] | None, disabled: list[str] = ()) -> bytes:
    """A ``level.dat`` with ``Data.DataPacks`` lists (no ``Enabled`` list when ``enabled`` is None)."""
    packs: dict[str, Any] = {"Disabled": list(disabled)}
    if enabled is not None:
        packs["Enabled"] = list(enabled)
    return encode_nbt({"Data": {"LevelName": "world", "DataPacks": packs}})


def server(root: Path, files: dict[str, Any]) -> Path:
    """Write a server folder from ``relpath -> bytes / text / JSON``."""
    return write_server(root, files)


def pack_mcmeta(description: Any, fmt: int = 48) -> str:
    return json.dumps({"pack": {"pack_format": fmt, "description": description}})
