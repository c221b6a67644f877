"""The pack doctor's sample: a draft add-on for the sample modded server with one realistic mistake of each kind.

``write_doctor_staging(save_dir)`` writes ``sample_saves/modded_server_staging/`` beside the sample server, so
``open_server`` never loads it and the server itself stays as it is:

* ``frostworks_expansion/`` -- a data pack a modpack maker has not installed yet ("Frostworks Expansion");
* ``quests/config/ftbquests/quests/`` -- the server's quest book with a new chapter for it.

Notebook 09 loads the pack on top of the server (``server.doctor(extra_packs=[...], quest_book=...)``).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

__all__ = [
    "STAGING_NAME",
    "DRAFT_PACK",
    "DRAFT_QUESTS",
    "DOCTOR_MISTAKES",
    "draft_pack_files",
    "draft_quest_files",
    "write_doctor_staging",
]

STAGING_NAME = "modded_server_staging"
DRAFT_PACK = "frostworks_expansion"
DRAFT_QUESTS = "quests"

#: The mistake kit's doctor should find for each problem kind (what notebook 09 and the tests check).
DOCTOR_MISTAKES = {
    "unobtainable_item": "frostworks:frost_reactor needs a cryo core, made from permafrost shards nothing drops",
    "loop_only_item": "frostworks:ice_capacitor and frostworks:charged_ice are only made from each other",
    "missing_item": "frostworks:glacite_nugget (never registered) and frostwork:frost_crystal (a typo'd namespace)",
    "undefined_tag": "#c:gems/quartz, which no loaded pack defines (as in the AE2 report)",
    "empty_tag": "#frostworks:coolants, a placeholder tag for compat that was never filled",
    "recipe_conflict": "four snowballs make snow bricks here and a frost crystal in KubeJS",
    "missing_loot_table": "the ice tower chest rolls frostworks:chests/ice_tower_rare, which is not there",
    "uncompletable_quest": "'Build the frost reactor' asks for an item no player can get",
    "quest_dependency_cycle": "'Calibrate' and 'Stabilise' wait for each other",
    "missing_dependency": "'Expansion finale' waits for a quest id that was deleted",
}


def _shapeless(result: str, *ingredients: str, count: int = 1) -> dict:
    return {
        "type": "minecraft:crafting_shapeless",
        "ingredients": [{"item": i} if not i.startswith("#") else {"tag": i[1:]} for i in ingredients],
        "result": {"id": result, "count": count},
    }


NAMES = {
    "frost_reactor": ("Frost Reactor", "霜冻反应堆"),
    "cryo_core": ("Cryo Core", "低温核心"),
    "permafrost_shard": ("Permafrost Shard", "永冻碎片"),
    "ice_capacitor": ("Ice Capacitor", "冰电容"),
    "charged_ice": ("Charged Ice", "充能冰"),
    "snow_brick": ("Snow Brick", "雪砖"),
    "quartz_lens": ("Quartz Lens", "石英透镜"),
    "coolant_cell": ("Coolant Cell", "冷却单元"),
}


def draft_pack_files() -> dict[str, Any]:
    """Every file of the draft pack: relative path -> JSON value."""
    r = "data/frostworks/recipe/expansion"
    return {
        "pack.mcmeta": {"pack": {"pack_format": 48, "description": "Frostworks Expansion (draft, not installed)"}},
        "assets/frostworks/lang/en_us.json": {f"item.frostworks.{k}": v[0] for k, v in NAMES.items()},
        "assets/frostworks/lang/zh_cn.json": {f"item.frostworks.{k}": v[1] for k, v in NAMES.items()},
        # a chain broken at its root: nothing drops permafrost shards
        f"{r}/frost_reactor.json": _shapeless(
            "frostworks:frost_reactor", "frostworks:cryo_core", "frostworks:glacite_block", "frostworks:frost_crystal"
        ),
        f"{r}/cryo_core.json": _shapeless(
            "frostworks:cryo_core",
            "frostworks:permafrost_shard",
            "frostworks:permafrost_shard",
            "frostworks:frost_crystal",
        ),
        # a loop with no way in
        f"{r}/ice_capacitor.json": _shapeless(
            "frostworks:ice_capacitor", "frostworks:charged_ice", "frostworks:glacite_ingot"
        ),
        f"{r}/charged_ice.json": _shapeless("frostworks:charged_ice", "frostworks:ice_capacitor"),
        # an item nobody registered
        f"{r}/glacite_nuggets_to_ingot.json": _shapeless(
            "frostworks:glacite_ingot", *["frostworks:glacite_nugget"] * 9
        ),
        # a tag no pack defines
        f"{r}/quartz_lens.json": _shapeless("frostworks:quartz_lens", "#c:gems/quartz", "frostworks:frost_crystal"),
        # a tag that ends up empty
        f"{r}/coolant_cell.json": _shapeless(
            "frostworks:coolant_cell", "#frostworks:coolants", "frostworks:glacite_ingot"
        ),
        "data/frostworks/tags/item/coolants.json": {"values": []},  # a placeholder for compat, never filled
        # the same four snowballs as KubeJS' frost_crystal_by_hand, another result
        f"{r}/snow_brick.json": _shapeless("frostworks:snow_brick", *["minecraft:snowball"] * 4, count=2),
        # a chest that names a typo'd item and a table that does not exist
        "data/frostworks/loot_table/chests/ice_tower.json": {
            "type": "minecraft:chest",
            "pools": [
                {
                    "rolls": 2,
                    "entries": [
                        {"type": "minecraft:item", "name": "frostworks:glacite_ingot", "weight": 5},
                        {"type": "minecraft:item", "name": "frostwork:frost_crystal", "weight": 3},
                        {"type": "minecraft:loot_table", "value": "frostworks:chests/ice_tower_rare"},
                    ],
                }
            ],
        },
    }


_CHAPTER = "7A0C1A2B3C4D5E70"
_Q = {
    "reactor": "7A0C1A2B3C4D5E71",
    "calibrate": "7A0C1A2B3C4D5E72",
    "stabilise": "7A0C1A2B3C4D5E73",
    "finale": "7A0C1A2B3C4D5E74",
    "crystal": "7A0C1A2B3C4D5E75",
}


def _quest(qid: str, x: float, task: str, deps: tuple[str, ...] = ()) -> str:
    dep = f" dependencies: [{', '.join(f'{chr(34)}{d}{chr(34)}' for d in deps)}]" if deps else ""
    return f'\t\t{{ id: "{qid}", x: {x}d, y: 0.0d,{dep} tasks: [{{ id: "{qid[:-2]}9{qid[-1]}", {task} }}] }}\n'


def draft_quest_files() -> dict[str, str]:
    """The server's quest book plus the draft chapter: relative path (under the staging folder) -> text."""
    from kit.samples.server import sample_server_files

    q = "config/ftbquests/quests"
    files = {k: v for k, v in sample_server_files().items() if k.startswith(q)}
    quests = (
        _quest(_Q["crystal"], 0.0, 'type: "item", item: "frostworks:frost_crystal"', ("5F0C1A2B3C4D5E63",))
        + _quest(_Q["reactor"], 2.0, 'type: "item", item: "frostworks:frost_reactor"', (_Q["crystal"],))
        + _quest(_Q["calibrate"], 4.0, 'type: "checkmark"', (_Q["reactor"], _Q["stabilise"]))
        + _quest(_Q["stabilise"], 6.0, 'type: "checkmark"', (_Q["calibrate"],))
        + _quest(_Q["finale"], 8.0, 'type: "checkmark"', ("7A0C1A2B3C4D5E7F",))
    )
    files[f"{q}/chapters/frost_expansion.snbt"] = (
        f'{{\n\tid: "{_CHAPTER}"\n\tfilename: "frost_expansion"\n\torder_index: 1\n\tquests: [\n{quests}\t]\n}}\n'
    )
    files[f"{q}/lang/en_us.snbt"] = files[f"{q}/lang/en_us.snbt"].rstrip().rstrip("}") + (
        f'\tchapter.{_CHAPTER}.title: "Frost expansion"\n\tquest.{_Q["crystal"]}.title: "More crystals"\n'
        f'\tquest.{_Q["reactor"]}.title: "Build the frost reactor"\n\tquest.{_Q["calibrate"]}.title: "Calibrate"\n'
        f'\tquest.{_Q["stabilise"]}.title: "Stabilise"\n\tquest.{_Q["finale"]}.title: "Expansion finale"\n}}\n'
    )
    return files


def _write(root: Path, files: dict[str, Any]) -> None:
    for rel, value in sorted(files.items()):
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        text = (
            value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
        )
        path.write_text(text, encoding="utf-8")


def write_doctor_staging(save_dir: Path) -> None:
    """Write ``sample_saves/modded_server_staging/`` beside the sample save (replacing an older copy)."""
    root = Path(save_dir).parent / STAGING_NAME
    if root.exists():
        shutil.rmtree(root)
    _write(root / DRAFT_PACK, draft_pack_files())
    _write(root / DRAFT_QUESTS, draft_quest_files())
