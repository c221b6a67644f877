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
    "InvalidParameterError",
    "FieldError",
    "CardError",
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

    ``reason`` says what was wrong; ``path`` is the field path inside the value (``"[3].title"``),
    empty for the value itself. Containers add their segment as the error travels up, so the happy
    path never formats a path.
    """

    def __init__(self, reason: str, path: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self._segments: list[str | int] = []
        self._prefix = path

    def nest(self, segment: str | int) -> CodecError:
        """Record that the error happened inside ``segment`` (a field name or a list index)."""
        self._segments.append(segment)
        return self

    @property
    def path(self) -> str:
        out = self._prefix
        for segment in reversed(self._segments):
            if isinstance(segment, int):
                out += f"[{segment}]"
            elif segment.isidentifier():
                out += f".{segment}" if out else segment
            else:
                out += f"[{segment!r}]"
        return out

    def __str__(self) -> str:
        path = self.path
        return f"at {path}: {self.reason}" if path else self.reason


class TableCodecMismatchError(KitError, ValueError):
    """A table id is used with a codec other than the one it was declared or stored with."""


class InvalidIdentifierError(KitError, ValueError):
    """A namespaced id, player UUID or other identifier is malformed."""


class InvalidHandleError(KitError, RuntimeError):
    """A database handle was used after ``revoke``, ``reset`` or ``close`` invalidated it."""


class InvalidParameterError(KitError, ValueError, TypeError):
    """A constructor setting or a call argument has the wrong type or value.

    The message names the parameter, what was expected and what was got, in scikit-learn's words:
    ``"The 'limit' parameter of search must be an int in the range [1, inf). Got 0 instead."``
    """


class FieldError(KitError, ValueError):
    """A value error that remembers the file (``path``) and the field (key path) it is about."""

    def __init__(self, message: str, *, path: str = "", field: str = "") -> None:
        super().__init__(message)
        self.path = path
        self.field = field


class CardError(FieldError):
    """A character card file cannot be read, or a card cannot be written in the asked format."""
