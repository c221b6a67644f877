"""Identifiers the way Minecraft writes and orders them (pure).

Minecraft compares identifiers by path first and namespace second, and a registry lists its entries in the order of
their file identifiers, so "registry order" and "instance id order" are both :func:`id_order`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TypeGuard

__all__ = ["ID_RE", "is_valid_id", "full_id", "id_order", "sort_ids"]

#: A valid ``namespace:path`` identifier (the namespace is required in data written by kit's readers).
ID_RE = re.compile(r"^[a-z0-9_.-]+:[a-z0-9_./-]+\Z")
#: ``ID_RE`` or a bare path (one pattern, so a check is one match).
_ID_OR_BARE_RE = re.compile(r"^(?:[a-z0-9_.-]+:)?[a-z0-9_./-]+\Z")


def is_valid_id(value: object) -> TypeGuard[str]:
    """Whether ``value`` is an identifier string (``"ns:path"`` or a bare path, which means ``minecraft:path``)."""
    return isinstance(value, str) and _ID_OR_BARE_RE.match(value) is not None


def full_id(value: str) -> str:
    """``value`` with the default ``minecraft`` namespace added; a leading ``#`` is kept."""
    if value.startswith("#"):
        return "#" + full_id(value[1:])
    return value if ":" in value else f"minecraft:{value}"


def id_order(identifier: str) -> tuple[str, str]:
    """Sort key of an identifier as Minecraft compares them: path, then namespace (a leading ``#`` ignored)."""
    ns, _, path = identifier.lstrip("#").partition(":")
    return path, ns


def sort_ids(ids: Iterable[str]) -> list[str]:
    """``ids`` sorted in Minecraft's identifier order."""
    return sorted(ids, key=id_order)
