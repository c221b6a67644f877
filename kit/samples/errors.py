"""Errors of the sample generators (each also derives from the builtin that fits)."""

from __future__ import annotations

from kit.core.errors import KitError

__all__ = ["UnknownSampleLanguageError", "UnknownSamplePlayerError"]


class UnknownSampleLanguageError(KitError, ValueError):
    """A generator was asked for a language the sample save does not have."""


class UnknownSamplePlayerError(KitError, LookupError):
    """A generator was asked for a player the sample save does not have."""
