"""The pack doctor's data table: items the game hands out through code, creative-only items, blocks without items,
and what hard-coded (special) recipes take and give. The table is ``kit/items/data/doctor_sources.json``.
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources
from typing import Any

import pandas as pd

from kit.core.errors import InvalidParameterError
from kit.core.frames import frame

__all__ = ["SourceTable", "source_table", "doctor_sources", "SOURCE_SCHEMA", "HOWS"]

#: The ways an entry of the table gives an item.
HOWS = ("code", "creative")
#: Columns of :func:`doctor_sources`.
SOURCE_SCHEMA = {"item_id": "string", "how": "string", "note": "string"}


@dataclass(frozen=True)
class SourceTable:
    """The parsed table: ``entries`` maps an item id or fnmatch pattern (``*:*_spawn_egg``) to ``(how, note)``."""

    entries: Mapping[str, tuple[str, str]]
    blocks_without_items: tuple[str, ...]
    special_recipes: Mapping[str, Mapping[str, Any]]
    not_items: tuple[str, ...] = ()
    features: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def lookup(self, item_id: str) -> tuple[str, str] | None:
        """``(how, note)`` for an item, or ``None`` when the table does not list it."""
        found = self.entries.get(item_id)
        if found is not None:
            return found
        for pattern, value in self.entries.items():
            if "*" in pattern and fnmatch.fnmatchcase(item_id, pattern):
                return value
        return None

    def is_not_item(self, item_id: str, applied_features: Iterable[str] = ()) -> str:
        """Why an id with an ``item.*`` language key is no item (``""`` when it is one): a legacy or tooltip key,
        or an item of an experimental feature pack that is not applied.
        """
        if any(fnmatch.fnmatchcase(item_id, p) for p in self.not_items):
            return "a language key that names no item (kit's table of keys that are not items)"
        for feature, patterns in self.features.items():
            if feature not in applied_features and any(fnmatch.fnmatchcase(item_id, p) for p in patterns):
                return f"an item of the experimental feature pack {feature}, which is not applied"
        return ""

    def is_block_without_item(self, item_id: str) -> bool:
        """Whether the table lists the id as a block that has no item (water, fire, wall torches, potted plants)."""
        return any(fnmatch.fnmatchcase(item_id, p) for p in self.blocks_without_items)

    def with_sources(self, sources: Mapping[str, Any]) -> SourceTable:
        """A copy with more entries: ``item_id -> "code" | "creative" | (how, note)``.

        Raises
        ------
        kit.InvalidParameterError
            When a value is not one of the ways (``code``, ``creative``).
        """
        entries = dict(self.entries)
        for item_id, value in sources.items():
            how, note = (value, "added by the caller") if isinstance(value, str) else tuple(value)
            if how not in HOWS:
                raise InvalidParameterError(
                    f"The 'sources' parameter of doctor maps item ids to one of "
                    f"{', '.join(HOWS)}. Got {how!r} for {item_id!r} instead."
                )
            entries[item_id] = (how, str(note))
        return replace(self, entries=entries)

    def items(self, known: Iterable[str]) -> dict[str, tuple[str, str]]:
        """The table's verdict for each known id it lists (patterns matched against ``known``)."""
        out = {}
        for item in known:
            found = self.lookup(item)
            if found is not None:
                out[item] = found
        for item, value in self.entries.items():
            if "*" not in item:
                out.setdefault(item, value)
        return out


@lru_cache(maxsize=1)
def source_table() -> SourceTable:
    """The table shipped with kit (read once)."""
    text = resources.files("kit.items").joinpath("data/doctor_sources.json").read_text(encoding="utf-8")
    data = json.loads(text)
    entries = {k: ("code", v) for k, v in data["code"].items()}
    entries.update({k: ("creative", v) for k, v in data["creative"].items()})
    return SourceTable(
        entries,
        tuple(data["blocks_without_items"]),
        data["special_recipes"],
        tuple(data["not_items"]),
        {k: tuple(v) for k, v in data["features"].items()},
    )


def doctor_sources() -> pd.DataFrame:
    """Kit's table of items that come from game code or only from the creative inventory.

    Returns
    -------
    pandas.DataFrame
        Columns ``item_id`` (an id, or an fnmatch pattern such as ``*:*_spawn_egg``), ``how`` (``code`` or
        ``creative``), ``note`` (where survival players get it, or why they cannot); sorted by how, then id.
    """
    rows = sorted(((k, how, note) for k, (how, note) in source_table().entries.items()), key=lambda r: (r[1], r[0]))
    return frame(SOURCE_SCHEMA, rows)
