"""kit: a Jupyter-friendly research kit for the data that game-assistant and role-play systems keep.

The public API is re-exported here; subsystems with heavier dependencies are imported explicitly
(``import kit.retrieval``, ``kit.worldbook``, ``kit.items``, ``kit.books``, ``kit.widgets``).
"""

from __future__ import annotations

from kit import codecs
from kit.database import AgentDatabase, AgentDatabases, canonical_player_uuid
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
from kit.knowledge import InvalidLanguageError, ask
from kit.save import Save, SaveNotFoundError, open_save
from kit.tables import DOCUMENTS, FTB_GUIDES, KNOWLEDGE, QUEST_BACKGROUNDS, DatabaseTable

__version__ = "0.1.0"

__all__ = [
    "codecs",
    "open_save",
    "ask",
    "Save",
    "AgentDatabases",
    "AgentDatabase",
    "DatabaseTable",
    "Document",
    "DOCUMENTS",
    "KNOWLEDGE",
    "FTB_GUIDES",
    "QUEST_BACKGROUNDS",
    "canonical_player_uuid",
    "KitError",
    "StorageError",
    "ConcurrentWriterError",
    "CodecError",
    "TableCodecMismatchError",
    "InvalidIdentifierError",
    "InvalidHandleError",
    "SaveNotFoundError",
    "InvalidLanguageError",
    "open_server",
    "Server",
    "ServerNotFoundError",
]

# Imported on first use (kit.servers pulls in kit.items).
_LAZY = {"open_server": "kit.servers", "Server": "kit.servers", "ServerNotFoundError": "kit.servers"}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'kit' has no attribute {name!r}")
