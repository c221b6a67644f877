"""A small modded server (``sample_saves/modded_server``) and a large synthetic one for benchmarks.

Everything is invented and deterministic (sorted zip members, fixed zip timestamps, fixed gzip header): the
"Frostworks" mod and its add-ons on a NeoForge 1.21.1 server. The sample shows what ``kit.open_server`` reads:
a bundler ``server.jar`` nesting the real game jar, the NeoForge universal jar under ``libraries/``, mod jars with
``neoforge.mods.toml`` metadata (one with a jar-in-jar mod, one library without data, one broken download that is
not a zip), a world with ``level.dat`` pack lists, an enabled and a disabled world data pack, KubeJS data and
assets, and an FTB Quests book. Its recipes use the modded formats kit reads: ``results`` lists with chances,
fluid outputs, ``item_input`` / ``fluid_input`` machine keys, ``neoforge:difference`` and ``neoforge:compound``
ingredients, ``neoforge:conditions`` (passing, failing and unknown), an undefined ``#c:ingots/tin`` slot and an
empty ``{}`` file that removes a vanilla recipe.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import struct
import zipfile
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kit.saves.nbt import encode_nbt

__all__ = ["SERVER_NAME", "write_modded_server", "write_server", "write_synthetic_server", "zip_bytes", "png_icon"]

SERVER_NAME = "modded_server"
_DATE = (2024, 1, 1, 0, 0, 0)
Files = Mapping[str, Any]


def zip_bytes(files: Files) -> bytes:
    """A deterministic zip: members sorted, dated 2024-01-01, deflated; dict/list values are written as JSON."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(files):
            value = files[name]
            if isinstance(value, (dict, list)):
                value = json.dumps(value, indent=2, ensure_ascii=False) + "\n"
            if isinstance(value, str):
                value = value.encode("utf-8")
            info = zipfile.ZipInfo(name, _DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, value)
    return buf.getvalue()


def png_icon(rgb: tuple[int, int, int], *, size: int = 16) -> bytes:
    """A deterministic ``size``×``size`` PNG: a coloured diamond on a transparent background."""
    rows = []
    half = size / 2 - 0.5
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            inside = abs(x - half) + abs(y - half) <= half
            row += bytes(rgb + (255,)) if inside else b"\x00\x00\x00\x00"
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def _write(root: Path, files: Files) -> None:
    for rel, value in sorted(files.items()):
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(value, (dict, list)):
            value = json.dumps(value, indent=2, ensure_ascii=False) + "\n"
        if isinstance(value, str):
            value = value.encode("utf-8")
        path.write_bytes(value)


def _mods_toml(mod_id: str, name: str, version: str) -> str:
    return (
        f'modLoader = "javafml"\nloaderVersion = "[4,)"\nlicense = "MIT"\n\n[[mods]]\nmodId = "{mod_id}"\n'
        f'version = "{version}"\ndisplayName = "{name}"\ndescription = "An invented mod of kit\'s sample server."\n'
    )


def _manifest(version: str) -> str:
    return f"Manifest-Version: 1.0\nImplementation-Version: {version}\n"


def _shaped(pattern: list[str], key: dict, result: str, count: int = 1) -> dict:
    return {
        "type": "minecraft:crafting_shaped",
        "category": "misc",
        "pattern": pattern,
        "key": key,
        "result": {"count": count, "id": result},
    }


def _mcmeta(description: str, fmt: int = 48) -> dict:
    return {"pack": {"pack_format": fmt, "description": description}}


# ---------------------------------------------------------------- the sample server's parts


def _vanilla_jar() -> bytes:
    mc = "data/minecraft"
    files: dict[str, Any] = {
        "version.json": {"id": "1.21.1", "name": "1.21.1", "pack_version": {"resource": 34, "data": 48}},
        f"{mc}/recipe/torch.json": _shaped(
            ["C", "S"],
            {"C": [{"item": "minecraft:coal"}, {"item": "minecraft:charcoal"}], "S": {"item": "minecraft:stick"}},
            "minecraft:torch",
            4,
        ),
        f"{mc}/recipe/stick.json": _shaped(["P", "P"], {"P": {"tag": "minecraft:planks"}}, "minecraft:stick", 4),
        f"{mc}/recipe/iron_pickaxe.json": _shaped(
            ["III", " S ", " S "],
            {"I": {"item": "minecraft:iron_ingot"}, "S": {"item": "minecraft:stick"}},
            "minecraft:iron_pickaxe",
        ),
        f"{mc}/recipe/iron_ingot_from_smelting_iron_ore.json": {
            "type": "minecraft:smelting",
            "category": "misc",
            "cookingtime": 200,
            "experience": 0.7,
            "ingredient": {"tag": "minecraft:iron_ores"},
            "result": {"id": "minecraft:iron_ingot"},
        },
        f"{mc}/tags/item/iron_ores.json": {"values": ["minecraft:iron_ore", "minecraft:deepslate_iron_ore"]},
        f"{mc}/tags/item/planks.json": {"values": ["minecraft:oak_planks", "minecraft:spruce_planks"]},
        f"{mc}/loot_table/blocks/iron_ore.json": {
            "type": "minecraft:block",
            "pools": [
                {"rolls": 1, "bonus_rolls": 0, "entries": [{"type": "minecraft:item", "name": "minecraft:raw_iron"}]}
            ],
        },
        f"{mc}/datapacks/bundle/pack.mcmeta": _mcmeta("Bundles (experimental)"),
        f"{mc}/datapacks/bundle/data/minecraft/recipe/bundle.json": _shaped(
            ["-", "#"], {"-": {"item": "minecraft:string"}, "#": {"item": "minecraft:leather"}}, "minecraft:bundle"
        ),
        "assets/minecraft/lang/en_us.json": {
            "item.minecraft.stick": "Stick",
            "block.minecraft.torch": "Torch",
            "item.minecraft.iron_ingot": "Iron Ingot",
            "item.minecraft.iron_pickaxe": "Iron Pickaxe",
            "block.minecraft.iron_ore": "Iron Ore",
            "item.minecraft.raw_iron": "Raw Iron",
            "item.minecraft.snowball": "Snowball",
            "item.minecraft.gold_ingot": "Gold Ingot",
            "block.minecraft.gravel": "Gravel",
            "item.minecraft.bundle": "Bundle",
        },
    }
    return zip_bytes(files)


def _bundler_jar() -> bytes:
    inner = _vanilla_jar()
    digest = hashlib.sha256(inner).hexdigest()
    return zip_bytes(
        {
            "META-INF/MANIFEST.MF": "Manifest-Version: 1.0\nMain-Class: net.minecraft.bundler.Main\n",
            "META-INF/versions.list": f"{digest}\t1.21.1\t1.21.1/server-1.21.1.jar\n",
            "META-INF/versions/1.21.1/server-1.21.1.jar": inner,
        }
    )


def _neoforge_jar() -> bytes:
    c = "data/c/tags/item"
    return zip_bytes(
        {
            "META-INF/neoforge.mods.toml": _mods_toml("neoforge", "NeoForge", "21.1.77"),
            "pack.mcmeta": _mcmeta("NeoForge resources"),
            f"{c}/ingots/iron.json": {"values": ["minecraft:iron_ingot"]},
            f"{c}/ingots/gold.json": {"values": ["minecraft:gold_ingot"]},
            f"{c}/ingots.json": {"values": ["#c:ingots/iron", "#c:ingots/gold"]},
            f"{c}/ores/iron.json": {"values": ["#minecraft:iron_ores"]},
            f"{c}/rods/wooden.json": {"values": ["minecraft:stick"]},
            # NeoForge rewrites vanilla recipes to common tags; on the server these replace the vanilla files.
            "data/minecraft/recipe/iron_pickaxe.json": _shaped(
                ["III", " S ", " S "],
                {"I": {"tag": "c:ingots/iron"}, "S": {"tag": "c:rods/wooden"}},
                "minecraft:iron_pickaxe",
            ),
        }
    )


FROSTWORKS_NAMES = {
    "crushed_iron_ore": ("Crushed Iron Ore", "粉碎铁矿石"),
    "crushed_glacite": ("Crushed Glacite", "粉碎冰川石"),
    "glacite_ore": ("Glacite Ore", "冰川石矿石"),
    "glacite_ingot": ("Glacite Ingot", "冰川石锭"),
    "glacite_block": ("Block of Glacite", "冰川石块"),
    "frost_crystal": ("Frost Crystal", "霜晶体"),
    "frost_pickaxe": ("Frost Pickaxe", "霜冻镐"),
    "tin_gear": ("Tin Gear", "锡齿轮"),
    "cryo_mixture": ("Cryo Mixture", "低温混合物"),
}


def _frostworks_jar() -> bytes:
    d = "data/frostworks/recipe"
    c = "data/c/tags/item"
    files: dict[str, Any] = {
        "META-INF/MANIFEST.MF": _manifest("1.2.0"),
        "META-INF/neoforge.mods.toml": _mods_toml("frostworks", "Frostworks", "${file.jarVersion}"),
        "META-INF/jarjar/frostcore-1.0.0.jar": _frostcore_jar(),
        "META-INF/jarjar/metadata.json": {"jars": [{"path": "META-INF/jarjar/frostcore-1.0.0.jar"}]},
        "pack.mcmeta": _mcmeta("Frostworks resources"),
        # Create-style: a results list, a chance on the second output.
        f"{d}/crushing/iron_ore.json": {
            "type": "frostworks:crushing",
            "ingredients": [{"tag": "c:ores/iron"}],
            "processing_time": 250,
            "results": [{"id": "frostworks:crushed_iron_ore", "count": 2}, {"id": "minecraft:gravel", "chance": 0.25}],
        },
        # a fluid output next to the item output
        f"{d}/crushing/glacite_ore.json": {
            "type": "frostworks:crushing",
            "ingredients": [{"item": "frostworks:glacite_ore"}],
            "results": [{"id": "frostworks:crushed_glacite"}, {"fluid": "frostworks:meltwater", "amount": 250}],
        },
        f"{d}/smelting/crushed_iron_ore.json": {
            "type": "minecraft:smelting",
            "cookingtime": 100,
            "experience": 0.1,
            "ingredient": {"item": "frostworks:crushed_iron_ore"},
            "result": {"count": 1, "id": "minecraft:iron_ingot"},
        },
        f"{d}/smelting/crushed_glacite.json": {
            "type": "minecraft:smelting",
            "cookingtime": 100,
            "experience": 0.1,
            "ingredient": {"item": "frostworks:crushed_glacite"},
            "result": {"id": "frostworks:glacite_ingot"},
        },
        # Mekanism-style machine keys: a sized item input, a fluid input, an "output" stack
        f"{d}/freezing/frost_crystal.json": {
            "type": "frostworks:freezing",
            "item_input": {"count": 2, "item": "minecraft:snowball"},
            "fluid_input": {"amount": 1000, "tag": "minecraft:water"},
            "output": {"count": 1, "id": "frostworks:frost_crystal"},
        },
        f"{d}/freezing/cryo_mixture.json": {
            "type": "frostworks:freezing",
            "item_input": {"count": 1, "item": "frostworks:frost_crystal"},
            "fluid_input": {"amount": 250, "tag": "c:meltwater"},
            "output": {"amount": 500, "id": "frostworks:cryo_gas"},
        },
        # NeoForge custom ingredients
        f"{d}/frost_pickaxe.json": _shaped(
            ["XFX", " S ", " S "],
            {
                "X": {
                    "type": "neoforge:difference",
                    "base": {"tag": "c:ingots"},
                    "subtracted": {"item": "minecraft:gold_ingot"},
                },
                "F": {"item": "frostworks:frost_crystal"},
                "S": {"tag": "c:rods/wooden"},
            },
            "frostworks:frost_pickaxe",
        ),
        f"{d}/glacite_block.json": {
            "type": "minecraft:crafting_shapeless",
            "category": "building",
            "ingredients": [
                {
                    "type": "neoforge:compound",
                    "children": [{"item": "frostworks:glacite_ingot"}, {"tag": "c:ingots/glacite"}],
                }
            ]
            * 4,
            "result": {"count": 1, "id": "frostworks:glacite_block"},
        },
        # a slot naming a tag that no loaded pack defines (its only file is conditioned on an absent mod)
        f"{d}/tin_gear.json": _shaped(
            [" T ", "T#T", " T "],
            {"T": {"tag": "c:ingots/tin"}, "#": {"item": "minecraft:iron_ingot"}},
            "frostworks:tin_gear",
        ),
        # loader conditions: an absent mod, a present mod, and a condition type kit does not know
        f"{d}/compat/create_mixing.json": {
            "neoforge:conditions": [{"type": "neoforge:mod_loaded", "modid": "create"}],
            "type": "create:mixing",
            "ingredients": [{"item": "frostworks:frost_crystal"}],
            "results": [{"id": "frostworks:cryo_mixture"}],
        },
        f"{d}/compat/kitchen_shaved_ice.json": {
            "neoforge:conditions": [{"type": "neoforge:mod_loaded", "modid": "frosty_kitchen"}],
            "type": "minecraft:crafting_shapeless",
            "ingredients": [{"item": "frosty_kitchen:ice_shard"}] * 3,
            "result": {"count": 1, "id": "frostworks:frost_crystal"},
        },
        f"{d}/hard_mode_cryo.json": {
            "neoforge:conditions": [{"type": "frostworks:config_enabled", "key": "hard_mode"}],
            "type": "minecraft:crafting_shapeless",
            "ingredients": [{"item": "frostworks:frost_crystal"}, {"item": "minecraft:snowball"}],
            "result": {"count": 1, "id": "frostworks:cryo_mixture"},
        },
        "data/frostworks/loot_table/blocks/glacite_ore.json": {
            "type": "minecraft:block",
            "pools": [
                {
                    "rolls": 1,
                    "bonus_rolls": 0,
                    "entries": [
                        {
                            "type": "minecraft:item",
                            "name": "frostworks:crushed_glacite",
                            "functions": [{"function": "minecraft:set_count", "count": 2}],
                        }
                    ],
                }
            ],
        },
        f"{c}/ores/glacite.json": {"values": ["frostworks:glacite_ore"]},
        f"{c}/ingots/glacite.json": {"values": ["frostworks:glacite_ingot"]},
        f"{c}/ingots.json": {"values": ["#c:ingots/glacite"]},
        f"{c}/ingots/tin.json": {
            "neoforge:conditions": [{"type": "neoforge:mod_loaded", "modid": "tinworks"}],
            "values": ["tinworks:tin_ingot"],
        },
        "assets/frostworks/lang/en_us.json": {f"item.frostworks.{k}": v[0] for k, v in FROSTWORKS_NAMES.items()},
        "assets/frostworks/lang/zh_cn.json": {f"item.frostworks.{k}": v[1] for k, v in FROSTWORKS_NAMES.items()},
        # an item model pointing at a texture of another name, and a texture found by the item's own name
        "assets/frostworks/models/item/crushed_iron_ore.json": {
            "parent": "minecraft:item/generated",
            "textures": {"layer0": "frostworks:item/crushed_iron"},
        },
        "assets/frostworks/textures/item/crushed_iron.png": png_icon((196, 150, 120)),
        "assets/frostworks/textures/item/glacite_ingot.png": png_icon((120, 200, 230)),
        "assets/frostworks/textures/item/frost_crystal.png": png_icon((210, 240, 255)),
    }
    return zip_bytes(files)


def _frostcore_jar() -> bytes:
    return zip_bytes(
        {
            "META-INF/neoforge.mods.toml": _mods_toml("frostcore", "Frostcore", "1.0.0"),
            "data/frostcore/recipe/frost_plate.json": _shaped(
                ["FF", "FF"], {"F": {"item": "frostworks:frost_crystal"}}, "frostcore:frost_plate"
            ),
            "assets/frostcore/lang/en_us.json": {"item.frostcore.frost_plate": "Frost Plate"},
            "assets/frostcore/lang/zh_cn.json": {"item.frostcore.frost_plate": "霜板"},
        }
    )


def _kitchen_jar() -> bytes:
    return zip_bytes(
        {
            "META-INF/neoforge.mods.toml": _mods_toml("frosty_kitchen", "Frosty Kitchen", "0.3.0"),
            # Farmer's Delight-style cutting: a result list of {"item": {...}} with a chance, and a tool
            "data/frosty_kitchen/recipe/cutting/frost_crystal.json": {
                "type": "frosty_kitchen:cutting",
                "ingredients": [{"item": "frostworks:frost_crystal"}],
                "tool": {"tag": "c:tools/knife"},
                "result": [
                    {"item": {"count": 4, "id": "frosty_kitchen:ice_shard"}},
                    {"item": {"id": "minecraft:snowball"}, "chance": 0.5},
                ],
            },
            "assets/frosty_kitchen/lang/en_us.json": {"item.frosty_kitchen.ice_shard": "Ice Shard"},
            "assets/frosty_kitchen/lang/zh_cn.json": {"item.frosty_kitchen.ice_shard": "冰片"},
        }
    )


def _library_jar() -> bytes:
    return zip_bytes(
        {
            "META-INF/neoforge.mods.toml": _mods_toml("frostlib", "Frostlib", "3.1.4"),
            "com/example/frostlib/Lib.class": b"\xca\xfe\xba\xbe",
        }
    )


def _level_dat() -> bytes:
    return encode_nbt(
        {
            "Data": {
                "LevelName": "world",
                "Version": {"Name": "1.21.1"},
                "DataPacks": {
                    "Enabled": ["vanilla", "bundle", "mod_data", "file/aurora_tweaks"],
                    "Disabled": ["file/old_recipes.zip"],
                },
            }
        }
    )


def _quest_book() -> dict[str, str]:
    q = "config/ftbquests/quests"
    return {
        f"{q}/data.snbt": '{\n\tversion: 13\n\tdefault_quest_shape: ""\n}\n',
        f"{q}/chapters/frostworks.snbt": (
            '{\n\tid: "5F0C1A2B3C4D5E60"\n\tfilename: "frostworks"\n\torder_index: 0\n\tquests: [\n'
            '\t\t{ id: "5F0C1A2B3C4D5E61", x: 0.0d, y: 0.0d, tasks: [{ id: "5F0C1A2B3C4D5E62", type: "item", '
            'item: "frostworks:crushed_iron_ore" }] }\n'
            '\t\t{ id: "5F0C1A2B3C4D5E63", x: 2.0d, y: 0.0d, dependencies: ["5F0C1A2B3C4D5E61"], tasks: '
            '[{ id: "5F0C1A2B3C4D5E64", type: "checkmark" }] }\n\t]\n}\n'
        ),
        f"{q}/lang/en_us.snbt": (
            '{\n\tchapter.5F0C1A2B3C4D5E60.title: "Frostworks"\n'
            '\tquest.5F0C1A2B3C4D5E61.title: "Crush some iron ore"\n'
            '\tquest.5F0C1A2B3C4D5E63.title: "Freezing"\n'
            '\tquest.5F0C1A2B3C4D5E63.quest_desc: ["The freezer turns two snowballs and a bucket of water into a '
            'frost crystal. Frost crystals are the base of every Frostworks tool."]\n}\n'
        ),
        f"{q}/lang/zh_cn.snbt": (
            '{\n\tchapter.5F0C1A2B3C4D5E60.title: "霜冻工坊"\n'
            '\tquest.5F0C1A2B3C4D5E61.title: "粉碎一些铁矿石"\n'
            '\tquest.5F0C1A2B3C4D5E63.title: "冷冻"\n'
            "\tquest.5F0C1A2B3C4D5E63.quest_desc: "
            '["冷冻机把两个雪球和一桶水变成一个霜晶体。霜晶体是所有霜冻工坊工具的基础。"]\n}\n'
        ),
    }


def sample_server_files() -> dict[str, Any]:
    """Every file of the sample server: relative path -> bytes, text, or JSON value."""
    files: dict[str, Any] = {
        "server.properties": "#Minecraft server properties\nlevel-name=world\nmotd=Frostworks sample server\n"
        "max-players=8\n",
        "server.jar": _bundler_jar(),
        "libraries/net/neoforged/neoforge/21.1.77/neoforge-21.1.77-universal.jar": _neoforge_jar(),
        "mods/frostworks-1.2.0.jar": _frostworks_jar(),
        "mods/frosty_kitchen-0.3.0.jar": _kitchen_jar(),
        "mods/frostlib-3.1.4.jar": _library_jar(),
        "mods/broken-download.jar": "<html><body>403 Forbidden</body></html>\n",
        "world/level.dat": _level_dat(),
        "world/datapacks/aurora_tweaks/pack.mcmeta": _mcmeta("Aurora server tweaks"),
        # an empty object: the usual way a pack removes a recipe (the game then has no torch recipe at all)
        "world/datapacks/aurora_tweaks/data/minecraft/recipe/torch.json": {},
        "world/datapacks/aurora_tweaks/data/aurora/recipe/glacite_torch.json": _shaped(
            ["G", "S"], {"G": {"item": "frostworks:glacite_ingot"}, "S": {"tag": "c:rods/wooden"}}, "minecraft:torch", 8
        ),
        "world/datapacks/old_recipes.zip": zip_bytes(
            {
                "pack.mcmeta": _mcmeta("Old recipes (disabled)"),
                "data/frostworks/recipe/crushing/iron_ore.json": {
                    "type": "frostworks:crushing",
                    "ingredients": [{"tag": "c:ores/iron"}],
                    "results": [{"id": "minecraft:raw_iron", "count": 1}],
                },
            }
        ),
        "kubejs/data/kubejs/recipe/frost_crystal_by_hand.json": {
            "type": "minecraft:crafting_shapeless",
            "ingredients": [{"item": "minecraft:snowball"}] * 4,
            "result": {"count": 1, "id": "frostworks:frost_crystal"},
        },
        "kubejs/assets/frostworks/lang/zh_cn.json": {"item.frostworks.frost_crystal": "霜晶"},
    }
    files.update(_quest_book())
    return files


def write_server(root: str | Path, files: Files) -> Path:
    """Write ``files`` (relative path -> bytes / text / JSON value) below ``root`` after removing it."""
    root = Path(root)
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    _write(root, files)
    return root


def write_modded_server(save_dir: Path) -> None:
    """Write the sample server beside the sample save (``sample_saves/modded_server``)."""
    write_server(Path(save_dir).parent / SERVER_NAME, sample_server_files())


# ---------------------------------------------------------------- a large synthetic server (benchmarks)


def _synthetic_mod(i: int, n_recipes: int) -> bytes:
    mod = f"synth{i:03d}"
    files: dict[str, Any] = {
        "META-INF/neoforge.mods.toml": _mods_toml(mod, f"Synthetic {i}", "1.0.0"),
        f"assets/{mod}/lang/en_us.json": {f"item.{mod}.part_{k}": f"Part {i}-{k}" for k in range(50)},
        f"data/c/tags/item/parts/{mod}.json": {"values": [f"{mod}:part_{k}" for k in range(10)]},
    }
    for k in range(n_recipes):
        a, b = f"{mod}:part_{k % 50}", f"{mod}:part_{(k * 7 + 3) % 50}"
        kind = k % 5
        if kind == 0:
            data = _shaped(["AB", "BA"], {"A": {"item": a}, "B": {"tag": f"c:parts/{mod}"}}, b, 2)
        elif kind == 1:
            data = {
                "type": f"{mod}:crushing",
                "ingredients": [{"item": a}],
                "results": [{"id": b, "count": 2}, {"id": "minecraft:gravel", "chance": 0.25}],
            }
        elif kind == 2:
            data = {
                "type": f"{mod}:machine",
                "item_input": {"count": 2, "tag": f"c:parts/{mod}"},
                "fluid_input": {"amount": 100, "tag": "minecraft:water"},
                "output": {"count": 1, "id": b},
            }
        elif kind == 3:
            data = {
                "type": "minecraft:crafting_shapeless",
                "ingredients": [
                    {"type": "neoforge:difference", "base": {"tag": f"c:parts/{mod}"}, "subtracted": {"item": a}}
                ],
                "result": {"count": 1, "id": b},
            }
        else:
            data = {
                "neoforge:conditions": [{"type": "neoforge:mod_loaded", "modid": f"synth{(i + 1) % 400:03d}"}],
                "type": "minecraft:smelting",
                "ingredient": {"item": a},
                "result": {"id": b},
            }
        files[f"data/{mod}/recipe/r{k:05d}.json"] = data
    return zip_bytes(files)


def write_synthetic_server(root: str | Path, *, n_mods: int = 200, n_recipes: int = 100_000) -> Path:
    """A NeoForge-like server with ``n_mods`` mod jars holding ``n_recipes`` recipes in all (for benchmarks)."""
    per_mod = max(1, n_recipes // n_mods)
    files: dict[str, Any] = {
        "server.properties": "level-name=world\n",
        "server.jar": _bundler_jar(),
        "libraries/net/neoforged/neoforge/21.1.77/neoforge-21.1.77-universal.jar": _neoforge_jar(),
        "world/level.dat": _level_dat(),
    }
    for i in range(n_mods):
        files[f"mods/synth{i:03d}-1.0.0.jar"] = _synthetic_mod(i, per_mod)
    return write_server(root, files)
