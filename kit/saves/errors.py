"""The errors of :mod:`kit.saves` (all derive from :class:`kit.core.errors.KitError`).

The database errors shared with other packages (``StorageError``, ``CodecError``, ``InvalidHandleError``,
``TableCodecMismatchError``, ...) live in :mod:`kit.core.errors` and are re-exported here, so a reader of saves
finds every error it can meet in one place.
"""

from __future__ import annotations

from kit.core.errors import (
    CodecError,
    ConcurrentWriterError,
    InvalidHandleError,
    InvalidIdentifierError,
    InvalidParameterError,
    KitError,
    StorageError,
    TableCodecMismatchError,
)

__all__ = [
    "NbtError",
    "SaveNotFoundError",
    "InvalidLanguageError",
    "UnknownTableError",
    "CodecError",
    "ConcurrentWriterError",
    "InvalidHandleError",
    "InvalidIdentifierError",
    "InvalidParameterError",
    "StorageError",
    "TableCodecMismatchError",
]


class NbtError(KitError, ValueError):
    """Bytes that are not valid NBT, or a value that cannot be written as NBT."""


class SaveNotFoundError(KitError, FileNotFoundError):
    """The save folder does not exist."""


class InvalidLanguageError(KitError, ValueError):
    """A language code that is not of the game's form (``zh_cn``, ``en_us``)."""


class UnknownTableError(KitError, LookupError):
    """A table id that is neither stored in the database nor a table kit knows (most likely a typo).

    The message lists the stored tables and the nearest names.
    """
