"""The design's module lifecycle data: module configurations, systems, module tags and catalogs of data packs.

A server configures its assistant through data packs (``system:system_module``, ``system:system`` and the catalog
registries), read only when a world loads; kit reads them beforehand, explains the client entry bar and the
catalogs each player gets, and reports every mistake with its file and field.

>>> import kit.modules
>>> inv = kit.modules.read_modules("path/to/world")                                   # doctest: +SKIP
>>> inv.client_entries()                                                              # doctest: +SKIP
>>> alex = kit.modules.Player(systems=("aurora:survival",), permissions=frozenset({"aurora.vip"}))
>>> kit.modules.player_catalog(inv, kit.modules.enabled_modules(inv, alex)["module_id"])  # doctest: +SKIP
"""

from __future__ import annotations

from kit.modules.builtin import BUILTIN_PLAYER_ORDER, CLIENT_IDS, DEFAULT_CATALOG_TAG, SERVER_TYPES
from kit.modules.catalogs import player_catalog
from kit.modules.definitions import CATALOGS, CatalogEntry, ModuleConfig, ModuleRef, SystemDefinition
from kit.modules.enabled import Player, UnknownConditionError, enabled_modules, evaluate_condition, has_module
from kit.modules.entries import ClientEntry, order_client_entries
from kit.modules.errors import (
    DatapackError,
    ModuleDefinitionError,
    UnknownCatalogError,
    UnknownModuleError,
    UnknownSystemError,
)
from kit.modules.inventory import ModuleInventory
from kit.modules.problems import PROBLEM_KINDS, Problem
from kit.modules.reader import read_modules
from kit.modules.selection import candidates

__all__ = [
    "read_modules",
    "player_catalog",
    "enabled_modules",
    "has_module",
    "evaluate_condition",
    "Player",
    "UnknownConditionError",
    "candidates",
    "order_client_entries",
    "ModuleInventory",
    "ModuleConfig",
    "ModuleRef",
    "SystemDefinition",
    "CatalogEntry",
    "ClientEntry",
    "Problem",
    "PROBLEM_KINDS",
    "CATALOGS",
    "SERVER_TYPES",
    "CLIENT_IDS",
    "BUILTIN_PLAYER_ORDER",
    "DEFAULT_CATALOG_TAG",
    "DatapackError",
    "ModuleDefinitionError",
    "UnknownModuleError",
    "UnknownSystemError",
    "UnknownCatalogError",
]
