"""Which ids name items, read from what the packs ship: language keys, item models, tags and kit's table (pure but
for reading language files through :func:`kit.items.pack_files`).

How kit tells items from blocks without items
---------------------------------------------
An ``item.<ns>.<name>`` language key names an item. A ``block.<ns>.<name>`` key names a block, which has an item
only sometimes (water, fire, portals, wall-mounted variants, crop stems and potted plants have none). kit decides:

1. the mod ships an item model for the id (``assets/<ns>/items/<name>.json`` or
   ``assets/<ns>/models/item/<name>.json``): an item; when a namespace ships item models at all, a block key
   without one is a block without an item;
2. for a namespace without item models (vanilla's data as kit reads it, data-only packs): the block is an item when a
   recipe, loot table, item tag or quest names it, unless kit's table lists it as a block without an item;
3. a block key with neither is a block without an item: it is not listed by ``report.items()`` and never reported
   unobtainable.

A namespace with no language keys and no item models (a mod whose assets kit cannot see) is checked only against
what its packs produce: an id some recipe or loot table gives, or an item tag lists, exists; when the loaded mods
are known (a server's), an id of a namespace that is no loaded mod is missing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kit.items.doctor_table import SourceTable
from kit.items.files import pack_files

if TYPE_CHECKING:
    from kit.items.packset import PackSet

__all__ = ["ItemRegistry", "read_registry", "TAG_FILE_RE"]

_LANG_RE = re.compile(r"^assets/([a-z0-9_.-]+)/lang/(en_us|zh_cn)\.json$")
_MODEL_RE = re.compile(r"^assets/([a-z0-9_.-]+)/(?:items|models/item)/([a-z0-9_./-]+)\.json$")
#: A tag file's path inside a pack: namespace and tag path.
TAG_FILE_RE = re.compile(r"^data/([^/]+)/tags/items?/(.+)\.json$")
_KEY_RE = re.compile(r"^(item|block)\.([a-z0-9_-]+)\.([a-z0-9_/-]+)$")


@dataclass
class ItemRegistry:
    """What the packs say exists: item keys, block keys, item models, and the tag files each pack lists."""

    item_keys: set[str] = field(default_factory=set)
    block_keys: set[str] = field(default_factory=set)
    models: set[str] = field(default_factory=set)
    namespaces_with_keys: set[str] = field(default_factory=set)
    namespaces_with_models: set[str] = field(default_factory=set)
    tag_files: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # tag -> [(pack, path)]

    def verdict(
        self,
        item_id: str,
        produced: set[str],
        table: SourceTable,
        features: Iterable[str] = (),
        mods: frozenset[str] | None = None,
    ) -> tuple[bool, str]:
        """``(is an item, reason when not)`` for an id that something names."""
        ns = item_id.partition(":")[0]
        not_item = table.is_not_item(item_id, features)
        if not_item:
            return False, f"{item_id} is {not_item}"
        if item_id in self.item_keys or item_id in self.models or table.lookup(item_id) is not None:
            return True, ""
        if item_id in self.block_keys:
            if table.is_block_without_item(item_id):
                return False, f"{item_id} is a block without an item (kit's table of blocks without items)"
            if ns in self.namespaces_with_models:
                return False, f"{item_id} is a block without an item (its mod ships no item model for it)"
            return True, ""
        if ns in self.namespaces_with_keys or ns in self.namespaces_with_models:
            return False, f"no loaded pack or mod defines {item_id} (no language key or item model in {ns})"
        if mods is not None and ns not in mods:
            return False, f"no loaded pack or mod defines {item_id} (no mod {ns} is loaded)"
        if item_id in produced:
            return True, ""
        return False, f"no loaded pack or mod defines {item_id} (nothing in namespace {ns} is known to kit)"

    def item_ids(self, named: Iterable[str], table: SourceTable, features: Iterable[str] = ()) -> set[str]:
        """The ids the keys and models name as items: item keys (not in the table's ``not_items`` or of an unapplied
        feature), and block keys with a model, or named as items and not in the no-item table.
        """
        named = set(named)
        features = tuple(features)
        out = {i for i in self.item_keys | self.models if not table.is_not_item(i, features)}
        for b in self.block_keys:
            ns = b.partition(":")[0]
            if table.is_not_item(b, features):
                continue
            if b in self.models:
                out.add(b)
            elif ns not in self.namespaces_with_models and b in named and not table.is_block_without_item(b):
                out.add(b)
        return out


def read_registry(packs: PackSet) -> ItemRegistry:
    """Read the language keys, item models and tag file listing of every loaded pack (applied features included).

    Language files that cannot be read are skipped here: ``packs.problems()`` already reports them.
    """
    reg = ItemRegistry()
    for pf in pack_files(packs):
        for rel in pf.files:
            if rel.startswith("data/"):
                m = TAG_FILE_RE.match(rel)
                if m:
                    reg.tag_files.setdefault(f"{m.group(1)}:{m.group(2)}", []).append((pf.pack, rel))
                continue
            m = _MODEL_RE.match(rel)
            if m:
                reg.models.add(f"{m.group(1)}:{m.group(2)}")
                reg.namespaces_with_models.add(m.group(1))
                continue
            if _LANG_RE.match(rel):
                try:
                    data = pf.read_json(rel, max_bytes=4 * 2**20)
                except (OSError, ValueError):
                    continue
                if isinstance(data, dict):
                    _add_keys(reg, data)
    return reg


def _add_keys(reg: ItemRegistry, data: dict) -> None:
    for key in data:
        m = _KEY_RE.match(key) if isinstance(key, str) else None
        if not m:
            continue
        item_id = f"{m.group(2)}:{m.group(3)}"
        (reg.item_keys if m.group(1) == "item" else reg.block_keys).add(item_id)
        reg.namespaces_with_keys.add(m.group(2))
