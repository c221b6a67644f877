"""Small helpers shared by the modules of :mod:`kit.items` (the collector pause lives in :mod:`kit.core.collector`)."""

from __future__ import annotations

from kit.core.collector import gc_paused  # re-exported: its earlier home

__all__ = ["norm_id", "gc_paused"]


def norm_id(value: str) -> str:
    """Return ``value`` with the default ``minecraft`` namespace added (``"stick"`` -> ``"minecraft:stick"``).

    A leading ``#`` (tag reference) is kept in front.
    """
    value = value.strip()
    if value.startswith("#"):
        return "#" + norm_id(value[1:])
    return value if ":" in value else f"minecraft:{value}"
