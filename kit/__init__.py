"""kit: a Jupyter-friendly research kit for the data that game-assistant and role-play systems keep."""

from __future__ import annotations

from kit.document import Document
from kit.errors import (
    CodecError,
    ConcurrentWriterError,
    InvalidHandleError,
    InvalidIdentifierError,
    KitError,
    StorageError,
    TableCodecMismatchError,
)

__version__ = "0.1.0"

__all__ = [
    "Document",
    "KitError",
    "StorageError",
    "ConcurrentWriterError",
    "CodecError",
    "TableCodecMismatchError",
    "InvalidIdentifierError",
    "InvalidHandleError",
]
