"""What kit knows about the design's built-in server module types and client implementations.

The design names ``system:signin``, ``system:items`` and ``system:web_search``, and lists the other built-ins by
role; kit names those the same way (``system:<role>``). Servers with extension mods register more types and client
implementations: pass them to ``read_modules(..., server_types=..., client_ids=...)`` (or extend these sets).
"""

from __future__ import annotations

__all__ = [
    "SERVER_TYPES",
    "CLIENT_IDS",
    "BUILTIN_PLAYER_ORDER",
    "DEFAULT_CATALOG_TAG",
    "OPTIONAL_MODS",
    "CORE_TYPES",
    "RESIDENT_CLIENT_ENTRIES",
    "SETTINGS_CLIENT_IDS",
]

#: Built-in server module types -> the interface the design gives them (core, shared, workflow, tool).
SERVER_TYPES: dict[str, str] = {
    "system:core": "core",
    "system:binding": "core",
    "system:usage": "core",
    "system:player": "shared",
    "system:items": "shared",
    "system:signin": "shared",
    "system:inbox": "shared",
    "system:shop": "shared",
    "system:lottery": "shared",
    "system:ftb_quests": "shared",
    "system:achievements": "workflow",
    "system:web_search": "tool",
}

#: Built-in client implementations (``SystemClientModules``): the ids a ``client`` field may name.
CLIENT_IDS: frozenset[str] = frozenset(
    {
        "system:player",
        "system:usage",
        "system:items",
        "system:signin",
        "system:inbox",
        "system:shop",
        "system:lottery",
        "system:ftb_quests",
        "system:achievements",
        "system:search",
    }
)

#: The built-in player-information entry's order: it comes before every other built-in entry.
BUILTIN_PLAYER_ORDER = 100

#: The tag built-in catalog modules select from (``rewards`` / ``offers`` / ``pools``).
DEFAULT_CATALOG_TAG = "#system:default"

#: Server types whose ``available()`` needs an optional mod: type -> mod id (the FTB module needs FTB Quests).
OPTIONAL_MODS: dict[str, str] = {"system:ftb_quests": "ftbquests"}

#: Server types that implement ``CoreModule``: installed configurations are always enabled for bound players.
CORE_TYPES: frozenset[str] = frozenset(t for t, role in SERVER_TYPES.items() if role == "core")

#: Client entries resident in the client's local catalog, available before any registry sync (the design: "聊天、设置、
#: 语音以及基础界面操作由客户端本地目录常驻"; full mode always shows the chat, so it has no entry of its own).
RESIDENT_CLIENT_ENTRIES: tuple[str, ...] = ("system:settings", "system:voice")

#: SETTINGS-class entries: placed at the top right of the bar ("SETTINGS 类入口统一放到右上角"), the others on the left.
SETTINGS_CLIENT_IDS: frozenset[str] = frozenset({"system:settings"})
