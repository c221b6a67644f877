"""kit: a Jupyter-friendly research kit for the data that game-assistant and role-play systems keep.

Layers, bottom to top (an import only ever points down; ``tests/test_layers.py`` enforces it):

- :mod:`kit.core` - errors, the frame builder, the problems shape, validation, atomic files, PNG chunks.
- :mod:`kit.retrieval` - paragraph indexes (BM25 / TF-IDF) and their evaluation.
- :mod:`kit.saves` - a save's assistant databases (NBT), ``open_save`` and ``ask``.
- :mod:`kit.cards` - the character-card codec (JSON and PNG, V1/V2/V3).
- subsystems: :mod:`kit.worldbook`, :mod:`kit.items`, :mod:`kit.ftb`, then :mod:`kit.books`, then :mod:`kit.modules`,
  :mod:`kit.servers`, then :mod:`kit.fleet` (many saves and chats on Dask).
- on top: :mod:`kit.widgets`, :mod:`kit.samples` and the command line (:mod:`kit.cli`).

``import kit`` loads none of them: every subsystem and every name below is imported on first use
(``kit.worldbook.activate(...)``, ``kit.open_save(...)``), so start-up stays fast.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.2.0"

#: Subpackages reachable as attributes of ``kit`` (imported on first use).
SUBSYSTEMS = (
    "core",
    "retrieval",
    "saves",
    "cards",
    "worldbook",
    "items",
    "ftb",
    "books",
    "modules",
    "servers",
    "fleet",
    "widgets",
    "samples",
)

#: Public names re-exported at the top level: name -> defining module.
_EXPORTS = {
    "open_save": "kit.saves.save",
    "Save": "kit.saves.save",
    "SaveNotFoundError": "kit.saves.save",
    "UnknownTableError": "kit.saves.errors",
    "ask": "kit.ftb.questions",
    "InvalidLanguageError": "kit.saves.tables",
    "AgentDatabases": "kit.saves.database",
    "AgentDatabase": "kit.saves.database",
    "TableStats": "kit.saves.database",
    "DatabaseStats": "kit.saves.database",
    "canonical_player_uuid": "kit.saves.database",
    "DatabaseTable": "kit.saves.tables",
    "DOCUMENTS": "kit.saves.tables",
    "KNOWLEDGE": "kit.saves.tables",
    "FTB_GUIDES": "kit.saves.tables",
    "QUEST_BACKGROUNDS": "kit.saves.tables",
    "Document": "kit.core.document",
    "KitError": "kit.core.errors",
    "StorageError": "kit.core.errors",
    "ConcurrentWriterError": "kit.core.errors",
    "CodecError": "kit.core.errors",
    "TableCodecMismatchError": "kit.core.errors",
    "InvalidIdentifierError": "kit.core.errors",
    "InvalidHandleError": "kit.core.errors",
    "InvalidParameterError": "kit.core.errors",
    "CardError": "kit.core.errors",
    "FieldError": "kit.core.errors",
    "FileRefusedError": "kit.core.regular_files",
    "JsonRefusedError": "kit.core.json_files",
    "codecs": "kit.saves.codecs",
    "nbt": "kit.saves.nbt",
    "open_server": "kit.servers.server",
    "Server": "kit.servers.server",
    "ServerNotFoundError": "kit.servers.server",
}

__all__ = sorted(_EXPORTS) + list(SUBSYSTEMS)

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from kit import (
        books,
        cards,
        core,
        fleet,
        ftb,
        items,
        modules,
        retrieval,
        samples,
        saves,
        servers,
        widgets,
        worldbook,
    )
    from kit.core.document import Document
    from kit.core.errors import (
        CardError,
        CodecError,
        ConcurrentWriterError,
        FieldError,
        InvalidHandleError,
        InvalidIdentifierError,
        InvalidParameterError,
        KitError,
        StorageError,
        TableCodecMismatchError,
    )
    from kit.core.json_files import JsonRefusedError
    from kit.core.regular_files import FileRefusedError
    from kit.ftb.questions import ask
    from kit.saves import codecs, nbt
    from kit.saves.database import AgentDatabase, AgentDatabases, DatabaseStats, TableStats, canonical_player_uuid
    from kit.saves.errors import UnknownTableError
    from kit.saves.save import Save, SaveNotFoundError, open_save
    from kit.saves.tables import (
        DOCUMENTS,
        FTB_GUIDES,
        KNOWLEDGE,
        QUEST_BACKGROUNDS,
        DatabaseTable,
        InvalidLanguageError,
    )
    from kit.servers.server import Server, ServerNotFoundError, open_server


def __getattr__(name: str) -> Any:
    """Import a subsystem or a re-exported name on first use."""
    if name in SUBSYSTEMS:
        module = importlib.import_module(f"kit.{name}")
        globals()[name] = module
        return module
    source = _EXPORTS.get(name)
    if source is None:
        raise AttributeError(f"module 'kit' has no attribute {name!r}")
    module = importlib.import_module(source)
    value = module if source.rsplit(".", 1)[-1] == name else getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
