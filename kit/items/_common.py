"""Small helpers shared by the modules of :mod:`kit.items` (the collector pause lives in :mod:`kit.core.collector`)."""

from __future__ import annotations

import functools
from typing import Any, TypeVar

from kit.core.collector import gc_paused  # re-exported: its earlier home

__all__ = ["norm_id", "type_id", "frozen_record", "gc_paused"]

T = TypeVar("T")


def norm_id(value: str) -> str:
    """Return ``value`` with the default ``minecraft`` namespace added (``"stick"`` -> ``"minecraft:stick"``).

    A leading ``#`` (tag reference) is kept in front.
    """
    value = value.strip()
    if value.startswith("#"):
        return "#" + norm_id(value[1:])
    return value if ":" in value else f"minecraft:{value}"


@functools.lru_cache(maxsize=4096)  # bounds what hostile packs add
def type_id(value: str) -> str:
    """:func:`norm_id` of a type id (``"item"`` -> ``"minecraft:item"``), remembered: entry, function, condition and
    provider types are a vocabulary of a few hundred ids looked up tens of thousands of times per load.
    """
    return norm_id(value)


def frozen_record(cls: type[T], values: dict[str, Any]) -> T:
    """An instance of the frozen dataclass ``cls`` holding ``values`` (every field by name), built in one step.

    The same record as ``cls(**values)``: equality, hashing and ``repr`` read the fields from the instance
    ``__dict__``. A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``; the loaders,
    which build tens of thousands of records from values they checked themselves, use this instead.
    """
    record = object.__new__(cls)
    object.__setattr__(record, "__dict__", values)
    return record
