"""The exceptions of :mod:`kit.modules`.

A data pack path that cannot be opened raises :class:`kit.items.DatapackError` (re-exported here): it is the same
failure whichever registry is read from the pack.
"""

from __future__ import annotations

from kit.core.errors import InvalidParameterError, KitError
from kit.items.errors import DatapackError

__all__ = ["DatapackError", "ModuleDefinitionError", "UnknownModuleError", "UnknownSystemError", "UnknownCatalogError"]


class ModuleDefinitionError(KitError, ValueError):
    """A module, system, tag or catalog file breaks a rule (raised by ``read_modules(..., strict=True)``).

    Attributes ``pack``, ``path``, ``object_id``, ``field`` and ``reason`` repeat the parts of the message.
    """

    def __init__(self, pack: str, path: str, object_id: str, field: str, reason: str) -> None:
        where = f"{pack}: {path}" if pack else path
        super().__init__(f"{where} ({object_id or 'no id'}), field {field or '(file)'!r}: {reason}")
        self.pack = pack
        self.path = path
        self.object_id = object_id
        self.field = field
        self.reason = reason


class UnknownModuleError(KitError, LookupError):
    """A module configuration id is not defined by the read packs."""


class UnknownSystemError(KitError, LookupError):
    """A system id is not defined by the read packs."""


class UnknownCatalogError(InvalidParameterError):
    """A catalog name is not one of the design's three catalogs (a parameter error: ``ValueError``)."""
