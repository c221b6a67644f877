"""The sample server's assistant configuration: module, system, tag and catalog data packs.

``write_modules(save_dir)`` writes two packs deterministically:

* ``<save>/datapacks/kit_modules/`` -- what the Aurora server runs: built-in-like configurations in the ``system``
  namespace (player info, sign-in, shop, lottery, items, inbox, FTB quests, achievements, core, binding, usage,
  the ``#system:default`` tag and default catalogs) and the server's own ``aurora`` configurations, systems and
  catalog entries. It is clean: reading it reports no problem.
* ``<save>/staging/kit_modules_draft/`` -- a draft the admin has not installed yet, with one deliberate mistake of
  each kind kit reports. It lives outside ``datapacks/`` so nothing reads it by default; read it on top of the
  installed pack to lint it before a restart.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

__all__ = [
    "PACK_NAME",
    "DRAFT_PACK_NAME",
    "STAGING_FOLDER",
    "module_pack_files",
    "draft_pack_files",
    "write_modules",
    "PLAYER_PERMISSIONS",
    "DRAFT_MISTAKES",
    "SERVER_ONLY_KINDS",
]

PACK_NAME = "kit_modules"
DRAFT_PACK_NAME = "kit_modules_draft"
STAGING_FOLDER = "staging"

#: The permissions each sample player holds (what the systems' conditions ask about); used by the notebook.
PLAYER_PERMISSIONS: dict[str, tuple[str, ...]] = {
    "alex": ("aurora.vip",),
    "mei": (),
    "sam": ("aurora.staff", "aurora.vip"),
}

_VIP = {"type": "system:permission", "permission": "aurora.vip"}
_FESTIVAL = {"type": "system:date_between", "from": "02-01", "to": "02-15"}


def _module(order: int | None = None, server: dict | None = None, client: str | None = None) -> dict:
    out: dict[str, Any] = {}
    if order is not None:
        out["order"] = order
    if server is not None:
        out["server"] = server
    if client is not None:
        out["client"] = client
    return out


def modules() -> dict[str, dict]:
    """Module configurations of the installed pack: id -> JSON."""
    return {
        # built-in-like definitions (the assistant mod ships these in its own jar)
        "system:core": _module(server={"type": "system:core"}),
        "system:binding": _module(server={"type": "system:binding"}),
        "system:usage": _module(10, {"type": "system:usage"}, "system:usage"),
        "system:player": _module(100, {"type": "system:player"}, "system:player"),
        "system:signin": _module(80, {"type": "system:signin", "rewards": "#system:default"}, "system:signin"),
        "system:shop": _module(70, {"type": "system:shop", "offers": "#system:default"}, "system:shop"),
        "system:items": _module(60, {"type": "system:items"}, "system:items"),
        "system:inbox": _module(50, {"type": "system:inbox"}, "system:inbox"),
        "system:lottery": _module(40, {"type": "system:lottery", "pools": "#system:default"}, "system:lottery"),
        "system:ftb_quests": _module(30, {"type": "system:ftb_quests"}, "system:ftb_quests"),
        "system:achievements": _module(server={"type": "system:achievements"}),
        # the server's own configurations
        "aurora:daily": _module(
            85, {"type": "system:signin", "rewards": ["aurora:frost_week", "#aurora:weekend"]}, "system:signin"
        ),
        "aurora:vip_shop": _module(
            70, {"type": "system:shop", "offers": ["#system:default", "#aurora:vip"]}, "system:shop"
        ),
        "aurora:festival_lottery": _module(
            45, {"type": "system:lottery", "pools": ["aurora:lantern_festival"]}, "system:lottery"
        ),
        "aurora:quest_board": _module(35, client="system:ftb_quests"),
        "aurora:web_search": _module(20, {"type": "system:web_search"}, "system:search"),
        "aurora:trade_desk": _module(65, {"type": "system:shop", "offers": []}, "system:shop"),
    }


def systems() -> dict[str, dict]:
    """System definitions of the installed pack: id -> JSON."""
    return {
        "system:default": {
            "name": "Assistant",
            "description": "The assistant's built-in modules.",
            "modules": ["#system:default"],
        },
        "aurora:survival": {
            "name": {"text": "Aurora survival"},
            "description": "Everyone on the main world: the defaults, the VIP shop for VIPs, the lantern festival.",
            "modules": [
                "#system:default",
                {"id": "aurora:vip_shop", "condition": _VIP},
                {"id": "aurora:festival_lottery", "condition": _FESTIVAL},
            ],
        },
        "aurora:newcomers": {
            "name": "Newcomers",
            "description": "The first week: the Aurora sign-in calendar instead of the default one, no lottery.",
            "modules": [
                "system:core",
                "system:binding",
                "system:player",
                "aurora:daily",
                "system:items",
                "system:inbox",
                "aurora:trade_desk",
            ],
        },
        "aurora:staff": {
            "name": "Staff",
            "description": "Moderators: the defaults plus web search and the quest board.",
            "condition": {"type": "system:permission", "permission": "aurora.staff"},
            "modules": ["#system:default", "#aurora:staff_tools"],
        },
    }


def module_tags() -> dict[str, dict]:
    """Module tags: id -> JSON."""
    return {
        "system:default": {
            "values": [
                "system:core",
                "system:binding",
                "system:usage",
                "system:player",
                "system:items",
                "system:signin",
                "system:inbox",
                "system:shop",
                "system:lottery",
                "system:achievements",
                {"id": "system:ftb_quests", "required": False},
            ]
        },
        "aurora:staff_tools": {"values": ["aurora:web_search", "aurora:quest_board"]},
    }


def catalog_entries() -> dict[str, dict[str, dict]]:
    """Catalog registries: catalog -> entry id -> JSON (invented reward, offer and pool contents)."""
    signin = {
        f"system:day_{d}": {"day": d, "items": [{"id": item, "count": n}]}
        for d, item, n in [
            (1, "minecraft:bread", 8),
            (2, "minecraft:torch", 16),
            (3, "minecraft:iron_ingot", 4),
            (4, "minecraft:cooked_beef", 8),
            (5, "minecraft:gold_ingot", 3),
            (6, "minecraft:emerald", 2),
            (7, "minecraft:diamond", 1),
        ]
    }
    signin["aurora:frost_week"] = {"day": 7, "items": [{"id": "aurora:frost_shard", "count": 6}]}
    signin["aurora:weekend_bonus"] = {"weekdays": [6, 7], "items": [{"id": "aurora:starlight_dust", "count": 3}]}
    shop = {
        "system:bread": {"item": "minecraft:bread", "count": 4, "price": 10},
        "system:torches": {"item": "minecraft:torch", "count": 16, "price": 12},
        "system:iron_pickaxe": {"item": "minecraft:iron_pickaxe", "count": 1, "price": 60},
        "aurora:glacite_ingot": {"item": "aurora:glacite_ingot", "count": 2, "price": 45},
        "aurora:starlight_lantern": {"item": "aurora:starlight_lantern", "count": 1, "price": 120},
        "aurora:sled": {"item": "aurora:sled", "count": 1, "price": 200},
    }
    lottery = {
        "system:common_pool": {
            "cost": 50,
            "prizes": [{"item": "minecraft:emerald", "weight": 8}, {"item": "minecraft:diamond", "weight": 1}],
        },
        "aurora:lantern_festival": {
            "cost": 30,
            "prizes": [
                {"item": "aurora:starlight_lantern", "weight": 3},
                {"item": "aurora:aurora_crystal", "weight": 1},
            ],
        },
    }
    return {"signin_rewards": signin, "shop_offers": shop, "lottery_pools": lottery}


def catalog_tags() -> dict[str, dict[str, dict]]:
    """Catalog tags: catalog -> tag id -> JSON."""
    return {
        "signin_rewards": {
            "system:default": {"values": [f"system:day_{d}" for d in range(1, 8)]},
            "aurora:weekend": {"values": ["aurora:weekend_bonus"]},
        },
        "shop_offers": {
            "system:default": {
                "values": ["system:bread", "system:torches", "system:iron_pickaxe", "aurora:glacite_ingot"]
            },
            "aurora:vip": {"values": ["aurora:starlight_lantern", "aurora:sled"]},
        },
        "lottery_pools": {"system:default": {"values": ["system:common_pool"]}},
    }


def _entry(registry: str, rid: str) -> str:
    ns, path = rid.split(":", 1)
    return f"data/{ns}/system/{registry}/{path}.json"


def _tag(registry: str, rid: str) -> str:
    ns, path = rid.split(":", 1)
    return f"data/{ns}/tags/system/{registry}/{path}.json"


def module_pack_files() -> dict[str, Any]:
    """Every file of the installed pack: relative path -> JSON value."""
    files: dict[str, Any] = {
        "pack.mcmeta": {"pack": {"pack_format": 57, "description": "kit sample: the Aurora server's assistant modules"}}
    }
    files.update({_entry("system_module", k): v for k, v in modules().items()})
    files.update({_entry("system", k): v for k, v in systems().items()})
    files.update({_tag("system_module", k): v for k, v in module_tags().items()})
    for catalog, entries in catalog_entries().items():
        files.update({_entry(catalog, k): v for k, v in entries.items()})
    for catalog, tags in catalog_tags().items():
        files.update({_tag(catalog, k): v for k, v in tags.items()})
    return dict(sorted(files.items()))


#: The draft's deliberate mistakes: problem kind -> what the draft does wrong (for the notebook and the tests).
DRAFT_MISTAKES: dict[str, str] = {
    "invalid_json": "aurora:broken has a trailing comma",
    "invalid_definition": "aurora:bad_client's client is a number",
    "unknown_server_type": "aurora:teleport uses server type system:teleport, which no mod registers",
    "bad_catalog_field": "aurora:cheap_shop's offers is an object",
    "unknown_catalog_entry": "aurora:spring_lottery selects pool aurora:spring_festival, which does not exist",
    "unknown_module": "system aurora:events names aurora:event_board (a typo)",
    "unknown_tag_member": "tag #aurora:events lists aurora:festival_lotery (a typo)",
    "tag_cycle": "tag #aurora:loop lists itself",
    "bad_order": 'aurora:mail\'s order is the string "high"',
    "missing_order": "aurora:map_board has a client entry but no order",
    "unknown_client": "aurora:weather names client aurora:weather_panel, which no client registers",
    "empty_module": "aurora:placeholder is an empty object",
    "dangling_tag": "system aurora:events names #aurora:festivals, which no pack defines",
    "overlapping_candidates": "system aurora:events enables system:signin and aurora:daily without conditions",
    "builtin_without_default": "the draft's system:lottery selects system:common_pool instead of #system:default",
    "unexpected_parameters": "aurora:map_board gives system:items a page_size, which it does not take",
    "unknown_registry_folder": "a file in the legacy folder data/aurora/system/modules/",
}
#: Kinds the draft cannot show: they need the server's mod list (``read_modules(server)``).
SERVER_ONLY_KINDS = ("unavailable_module",)


def draft_pack_files() -> dict[str, Any]:
    """Every file of the draft pack: relative path -> JSON value (``str`` values are written as they are)."""
    files: dict[str, Any] = {
        "pack.mcmeta": {"pack": {"pack_format": 57, "description": "kit sample: a draft with one mistake of each kind"}}
    }
    files[_entry("system_module", "aurora:broken")] = '{\n  "order": 12,\n  "client": "system:items",\n}\n'
    draft = {
        "aurora:bad_client": {"order": 15, "client": 42},
        "aurora:teleport": _module(server={"type": "system:teleport", "cooldown_seconds": 30}),
        "aurora:cheap_shop": _module(55, {"type": "system:shop", "offers": {"id": "system:bread"}}, "system:shop"),
        "aurora:spring_lottery": _module(server={"type": "system:lottery", "pools": ["aurora:spring_festival"]}),
        "aurora:mail": _module(server={"type": "system:inbox"}, client="system:inbox") | {"order": "high"},
        "aurora:map_board": _module(server={"type": "system:items", "page_size": 20}, client="system:items"),
        "system:lottery": _module(40, {"type": "system:lottery", "pools": ["system:common_pool"]}, "system:lottery"),
        "aurora:weather": _module(5, client="aurora:weather_panel"),
        "aurora:placeholder": {},
    }
    files.update({_entry("system_module", k): v for k, v in draft.items()})
    files[_entry("system", "aurora:events")] = {
        "name": "Events",
        "description": "Seasonal events (draft).",
        "modules": [
            "system:core",
            "system:player",
            "system:signin",
            "aurora:daily",
            "aurora:event_board",
            "#aurora:festivals",
        ],
    }
    files[_tag("system_module", "aurora:events")] = {"values": ["aurora:festival_lottery", "aurora:festival_lotery"]}
    files[_tag("system_module", "aurora:loop")] = {"values": ["system:player", "#aurora:loop"]}
    files["data/aurora/system/modules/old_daily.json"] = {"order": 85, "server": {"type": "system:signin"}}
    return dict(sorted(files.items()))


def _write(root: Path, files: dict[str, Any]) -> None:
    if root.exists():
        shutil.rmtree(root)
    for rel, value in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        text = (
            value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
        )
        path.write_text(text, encoding="utf-8")


def write_modules(save_dir: Path) -> None:
    """Write ``datapacks/kit_modules/`` and ``staging/kit_modules_draft/`` (replacing older copies only)."""
    save_dir = Path(save_dir)
    _write(save_dir / "datapacks" / PACK_NAME, module_pack_files())
    _write(save_dir / STAGING_FOLDER / DRAFT_PACK_NAME, draft_pack_files())
