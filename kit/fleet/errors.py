"""The errors of :mod:`kit.fleet`."""

from __future__ import annotations

from kit.core.errors import InvalidParameterError, KitError

__all__ = ["FleetParameterError", "FleetSourceError"]


class FleetParameterError(InvalidParameterError):
    """An argument of a fleet function has the wrong type or value (the message says what was expected)."""


class FleetSourceError(KitError, FileNotFoundError):
    """``open_fleet`` found no saves where it was pointed (the message names the pattern or folder)."""
