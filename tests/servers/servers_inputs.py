"""Shared inputs of the kit.servers tests: small jar and server builders on top of kit.samples.server, the
sample server's path, and the small pack and quest book the doctor tests share."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from kit.samples import sample_save_path
from kit.samples.server import SERVER_NAME, write_server, zip_bytes
from kit.saves.nbt import encode_nbt

#: The committed sample server folder.
SAMPLE = sample_save_path().parent / SERVER_NAME


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


def write(root: Path, files: dict) -> Path:
    for rel, value in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(value if isinstance(value, str) else json.dumps(value), encoding="utf-8")
    return root


PACK = {
    "assets/t/lang/en_us.json": {"item.t.gold": "Gold", "item.t.locked": "Locked", "item.t.part": "Part"},
    "data/t/loot_table/chests/x.json": {
        "type": "minecraft:chest",
        "pools": [{"rolls": 1, "entries": [{"type": "minecraft:item", "name": "t:gold"}]}],
    },
    "data/t/recipe/locked.json": {
        "type": "minecraft:crafting_shapeless",
        "ingredients": ["t:part"],
        "result": {"id": "t:locked"},
    },
}


def quest(qid: str, *, item: str = "", deps: tuple[str, ...] = (), extra: str = "") -> str:
    kind = f'type: "item", item: "{item}"' if item else 'type: "checkmark"'
    task = f'{{ id: "{qid[:-1]}F", {kind} }}'
    dep = f" dependencies: [{', '.join(chr(34) + d + chr(34) for d in deps)}]" if deps else ""
    return f'\t\t{{ id: "{qid}", x: 0.0d, y: 0.0d,{dep}{extra} tasks: [{task}] }}\n'


def chapter(cid: str, name: str, quests: list[str]) -> str:
    return f'{{\n\tid: "{cid}"\n\tfilename: "{name}"\n\torder_index: 0\n\tquests: [\n{"".join(quests)}\t]\n}}\n'


Q = {n: f"00000000000000{n}0" for n in range(1, 9)}
BOOK = {
    "config/ftbquests/quests/data.snbt": "{\n\tversion: 13\n}\n",
    "config/ftbquests/quests/chapters/a.snbt": chapter(
        "000000000000000A",
        "a",
        [
            quest(Q[1], item="t:gold"),
            quest(Q[2], item="t:ghost"),  # a missing item
            quest(Q[3], deps=(Q[2],)),  # waits for an uncompletable quest
            quest(Q[4], deps=(Q[5],)),
            quest(Q[5], deps=(Q[4],)),  # a cycle
            quest(Q[6], deps=("00000000DEADBEEF",)),  # a dependency no quest has
            quest(Q[8], deps=(Q[1], Q[2]), extra=' dependency_requirement: "one_completed"'),
        ],
    ),
    "config/ftbquests/quests/chapters/b.snbt": chapter(
        "000000000000000B",
        "b",
        [
            quest(Q[7], item="t:locked", deps=(Q[1],)),  # needs an unobtainable item, other chapter
        ],
    ),
}
