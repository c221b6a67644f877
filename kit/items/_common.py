"""Small helpers shared by the modules of :mod:`kit.items`: ids."""

from __future__ import annotations

__all__ = ["norm_id"]


def norm_id(value: str) -> str:
    """Return ``value`` with the default ``minecraft`` namespace added (``"stick"`` -> ``"minecraft:stick"``).

    A leading ``#`` (tag reference) is kept in front.
    """
    value = value.strip()
    if value.startswith("#"):
        return "#" + norm_id(value[1:])
    return value if ":" in value else f"minecraft:{value}"

