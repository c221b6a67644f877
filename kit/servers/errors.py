"""The errors of :mod:`kit.servers` (each a :class:`~kit.core.errors.KitError` and the builtin that fits)."""

from __future__ import annotations

from kit.core.errors import KitError

__all__ = ["ServerNotFoundError"]


class ServerNotFoundError(KitError, FileNotFoundError):
    """A folder is not a Minecraft server (no world, no server jar, no mods, nothing recognisable)."""
