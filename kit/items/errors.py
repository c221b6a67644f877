"""The exceptions of :mod:`kit.items`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.core.errors import KitError
from kit.core.validation import nearest_names

__all__ = [
    "DatapackError",
    "DatapackReadError",
    "PackFileRefusedError",
    "InvalidScopeError",
    "UnknownFeatureError",
    "UnknownLootTableError",
    "UnknownRecipeError",
    "ProviderRegistrationError",
    "UnknownItemError",
    "UnknownLanguageError",
    "LootFormatError",
    "LootSamplingError",
    "RecipeFormatError",
]


class DatapackError(KitError, OSError):
    """A data pack path cannot be opened (missing, not a folder with ``data/``, not a zip file)."""


class PackFileRefusedError(KitError, OSError):
    """One file of a pack that kit will not read: not a regular file, larger than the reader's cap, or a corrupt,
    encrypted or unsupported zip member. ``str()`` is the reason (it names the member where there is one).
    """

    def __str__(self) -> str:  # OSError's own __str__ would show the args tuple
        return str(self.args[0]) if self.args else ""


class DatapackReadError(KitError, ValueError):
    """One file of a data pack cannot be read (raised by ``load_datapacks(..., strict=True)``).

    Attributes ``pack``, ``path``, ``resource_id`` and ``reason`` repeat the parts of the message.
    """

    def __init__(self, pack: str, path: str, resource_id: str, reason: str) -> None:
        super().__init__(f"{pack}: {path} ({resource_id or 'no id'}): {reason}")
        self.pack = pack
        self.path = path
        self.resource_id = resource_id
        self.reason = reason


class InvalidScopeError(KitError, ValueError):
    """An item-source scope names no registered provider; the message lists the valid scopes."""

    def __init__(self, scope: str, valid: tuple[str, ...]) -> None:
        super().__init__(
            f"The 'scope' parameter of item_sources must be one of {', '.join(valid)}. Got {scope!r} instead."
        )
        self.scope = scope
        self.valid = valid


class UnknownFeatureError(KitError, LookupError):
    """A built-in feature pack was requested but no loaded pack contains it."""


class UnknownLootTableError(KitError, LookupError):
    """A loot table id is not defined by the loaded packs (the message names the nearest ids)."""


class UnknownRecipeError(KitError, KeyError):
    """A recipe id is not defined by the loaded packs (the message names the nearest ids).

    A ``KeyError``, as :meth:`PackSet.recipe` raised before it had its own error.
    """

    def __str__(self) -> str:  # KeyError's own str() would quote the message
        return str(self.args[0]) if self.args else ""


class ProviderRegistrationError(KitError, ValueError):
    """An item-source provider id is malformed or already registered."""


class UnknownItemError(KitError, LookupError):
    """An item id no loaded pack knows, or a name that only nearly spells an item's name.

    The message lists the nearest known items; ``suggestions`` holds their ids.
    """

    def __init__(self, message: str, suggestions: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.suggestions = suggestions

    def __str__(self) -> str:  # LookupError's KeyError-like quoting is not used
        return str(self.args[0]) if self.args else ""


class UnknownLanguageError(KitError, LookupError):
    """A language no loaded pack has a language file for; the message lists the loaded languages."""


class LootFormatError(KitError, ValueError):
    """A loot table breaks its format; ``field`` names the key path. Reported by the loader."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"field '{field}': {reason}")
        self.field = field


class LootSamplingError(KitError, ValueError):
    """A loot table the Monte-Carlo sampler cannot roll (a provider that needs a world, absurd loop counts, data
    of the wrong type); the message names the table and the reason.
    """


class RecipeFormatError(KitError, ValueError):
    """A recipe file breaks its format; ``field`` names the key path. Reported by the loader."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"field '{field}': {reason}")
        self.field = field


def nearest_hint(wanted: str, known: Mapping[str, Any]) -> str:
    """``" (N defined; nearest: a, b)"``: how many ids exist and the closest ones to an unknown id (the tail of an
    unknown-id message).
    """
    near = nearest_names(wanted, known, cutoff=0.6)
    return f" ({len(known)} defined" + (f"; nearest: {', '.join(near)})" if near else ")")
