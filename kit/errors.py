"""The exceptions kit raises.

Every error derives from :class:`KitError`; each subclass also derives from the builtin that fits,
so ordinary ``except ValueError`` / ``except OSError`` clauses keep working.
"""

from __future__ import annotations

__all__ = [
    "KitError",
    "StorageError",
    "CodecError",
    "TableCodecMismatchError",
    "InvalidIdentifierError",
    "InvalidHandleError",
    "ConcurrentWriterError",
]


class KitError(Exception):
    """Base class of every error kit raises on purpose."""


class StorageError(KitError, OSError):
    """A database or store file could not be read or written.

    The message names the file and the reason; the file on disk is left exactly as it was.
    """


class ConcurrentWriterError(StorageError):
    """Another process holds the write lock of the same database file."""


class CodecError(KitError, ValueError):
    """A value does not match its codec (on encode or on decode).

    ``path`` is the field path inside the value (``"documents[3].title"``), empty for the value itself.
    """

    def __init__(self, message: str, path: str = "") -> None:
        super().__init__(message)
        self.path = path


class TableCodecMismatchError(KitError, ValueError):
    """A table id is used with a codec other than the one it was declared or stored with."""


class InvalidIdentifierError(KitError, ValueError):
    """A namespaced id, player UUID or other identifier is malformed."""


class InvalidHandleError(KitError, RuntimeError):
    """A database handle was used after ``revoke``, ``reset`` or ``close`` invalidated it."""
