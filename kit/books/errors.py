"""The exceptions raised by :mod:`kit.books`.

Each derives from :class:`kit.core.errors.KitError` and from the builtin that fits, and its message names the
file, the field (as a key path such as ``data.character_book.entries[2].keys``) and the reason.
"""

from __future__ import annotations

from kit.core.errors import CardError, ConcurrentWriterError, FieldError, KitError, StorageError

__all__ = [
    "BookRecordError",
    "BookNotFoundError",
    "BookStateError",
    "CardError",
    "SecretError",
    "StorageError",
    "StoreBusyError",
    "TraceError",
    "TornTraceWarning",
]


class SecretError(FieldError):
    """A record, trace entry or card carries an API key (or a field named like one); nothing was written.

    ``field`` is the key path of the offending value. The value itself never appears in the message.
    """


class BookRecordError(FieldError):
    """A book, asset, snapshot or content file (or a value about to be written) breaks the record rules."""


class TraceError(FieldError):
    """A ``traces.jsonl`` line other than the last one is not valid JSON or not a valid trace entry."""


class BookNotFoundError(KitError, LookupError):
    """A book, card asset, world asset, snapshot or content id does not exist in the store."""


class BookStateError(KitError, ValueError):
    """The operation does not fit the book: wrong book type, archived book, or the older read-only layout."""


class StoreBusyError(ConcurrentWriterError):
    """Another process (or thread) kept the book store's write lock longer than ``lock_timeout``; nothing was
    written.
    """


class TornTraceWarning(UserWarning):
    """The last line of a ``traces.jsonl`` was cut off by a crash; it is ignored (and dropped on next append)."""
