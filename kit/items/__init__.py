"""Item sources over Minecraft data packs: loading, recipe/loot/tag providers, names and exact loot statistics.

>>> import kit.items
>>> packs = kit.items.load_datapacks(["path/to/1.21.3"])          # doctest: +SKIP
>>> packs.item_sources("minecraft:iron_ingot").to_json()          # doctest: +SKIP
"""

from __future__ import annotations

from kit.items.conditions import ConditionContext, Verdict
from kit.items.doctor_report import DoctorReport, doctor
from kit.items.doctor_table import doctor_sources
from kit.items.errors import (
    DatapackError,
    DatapackReadError,
    InvalidScopeError,
    PackFileRefusedError,
    ProviderRegistrationError,
    UnknownFeatureError,
    UnknownItemError,
    UnknownLanguageError,
    UnknownLootTableError,
    UnknownRecipeError,
)
from kit.items.files import PackFiles, pack_files
from kit.items.icons import find_icon, item_icon
from kit.items.lookup import ItemLookup, lookup_item, suggest_items
from kit.items.loot import LootContext, LootFormatError, LootTable
from kit.items.loot_sampler import LootSamplingError
from kit.items.matching import NameMatch
from kit.items.names import NameIndex, route_scope
from kit.items.packs import PackBytes, load_datapacks
from kit.items.packset import PackSet
from kit.items.recipes import CustomIngredient, ItemStack, Recipe, RecipeFormatError
from kit.items.sources import (
    PROVIDERS,
    ItemSource,
    ItemSourceOutput,
    ItemSourceProvider,
    ProviderRegistry,
    SourceSlot,
    register_provider,
)

__all__ = [
    "load_datapacks",
    "doctor",
    "DoctorReport",
    "doctor_sources",
    "PackBytes",
    "PackSet",
    "pack_files",
    "PackFiles",
    "Recipe",
    "ItemStack",
    "CustomIngredient",
    "ConditionContext",
    "Verdict",
    "item_icon",
    "find_icon",
    "LootTable",
    "LootContext",
    "ItemSource",
    "SourceSlot",
    "ItemSourceOutput",
    "ItemSourceProvider",
    "ProviderRegistry",
    "PROVIDERS",
    "register_provider",
    "NameIndex",
    "NameMatch",
    "lookup_item",
    "suggest_items",
    "ItemLookup",
    "route_scope",
    "DatapackError",
    "DatapackReadError",
    "PackFileRefusedError",
    "InvalidScopeError",
    "UnknownFeatureError",
    "UnknownLootTableError",
    "UnknownRecipeError",
    "UnknownItemError",
    "UnknownLanguageError",
    "RecipeFormatError",
    "LootFormatError",
    "ProviderRegistrationError",
    "LootSamplingError",
]
