"""Shared inputs of the pack-doctor tests: recipe, loot and language builders, and a doctor run on a written pack."""

from __future__ import annotations

import kit.items
from tests.items.items_inputs import write_pack


def shapeless(result: str, *ingredients: str, count: int = 1) -> dict:
    return {
        "type": "minecraft:crafting_shapeless",
        "ingredients": list(ingredients),
        "result": {"id": result, "count": count},
    }


def shaped(pattern: list[str], key: dict[str, str], result: str) -> dict:
    return {"type": "minecraft:crafting_shaped", "pattern": pattern, "key": key, "result": {"id": result}}


def smelting(ingredient: str, result: str, kind: str = "smelting") -> dict:
    return {"type": f"minecraft:{kind}", "ingredient": ingredient, "result": {"id": result}}


def chest(*items: str) -> dict:
    return {
        "type": "minecraft:chest",
        "pools": [{"rolls": 1, "entries": [{"type": "minecraft:item", "name": i} for i in items]}],
    }


def lang(*ids: str, blocks: tuple[str, ...] = ()) -> dict:
    out = {f"item.{i.replace(':', '.')}": i for i in ids}
    out.update({f"block.{b.replace(':', '.')}": b for b in blocks})
    return out


def run(tmp_path, files: dict, mods=None, **kwargs):
    packs = kit.items.load_datapacks(write_pack(tmp_path / "p", files), strict=False, mods=mods)
    return kit.items.doctor(packs, **kwargs)


def rows(report, kind: str):
    p = report.problems()
    return p[p["kind"] == kind]


CHAIN = ["t:raw", "t:i1", "t:i2", "t:i3", "t:i4", "t:i5"]


def chain_pack(with_root: bool) -> dict:
    files = {"assets/t/lang/en_us.json": lang(*CHAIN)}
    for k in range(1, 6):
        files[f"data/t/recipe/r{k}.json"] = shapeless(CHAIN[k], CHAIN[k - 1])
    if with_root:
        files["data/t/loot_table/chests/cache.json"] = chest("t:raw")
    return files
