"""A save's assistant databases: NBT files of typed tables, the indexes inside them, and ``ask``.

- :mod:`kit.saves.nbt` - the NBT codec (gzip/zlib/raw, both byte orders, bounded); its tag types, reader and
  writer live in ``_nbt_tags``, ``_nbt_read`` and ``_nbt_write``.
- :mod:`kit.saves.codecs` - value codecs (``STRING``, ``list_of``, ``record`` ...).
- :mod:`kit.saves.tables` - :class:`DatabaseTable` ids and the well-known tables.
- :mod:`kit.saves.database` - :class:`AgentDatabases` (shared and per-player scopes); the file layouts are in
  ``_layout``, one file's state and locks in ``_file``.
- :mod:`kit.saves.handle` - :class:`AgentDatabase`, the handle to one database (reads, writes, search, frames);
  its argument checks live in ``_arguments``, its numbers (:class:`TableStats`, :class:`DatabaseStats`) in
  :mod:`kit.saves.stats`.
- :mod:`kit.saves.save` - :func:`open_save` and :class:`Save`; :mod:`kit.saves.save_checks` the folder checks.
- :mod:`kit.saves.errors` - the package's errors.
- :mod:`kit.saves.knowledge` - per-database retrieval indexes and :func:`ask`.
"""

from __future__ import annotations

from kit.saves.database import AgentDatabase, AgentDatabases, DatabaseStats, TableStats, canonical_player_uuid
from kit.saves.errors import NbtError, UnknownTableError
from kit.saves.knowledge import ask, prepare_index
from kit.saves.save import Save, SaveNotFoundError, open_save
from kit.saves.tables import DOCUMENTS, FTB_GUIDES, KNOWLEDGE, QUEST_BACKGROUNDS, DatabaseTable, InvalidLanguageError

__all__ = [
    "AgentDatabase",
    "AgentDatabases",
    "DatabaseStats",
    "TableStats",
    "canonical_player_uuid",
    "InvalidLanguageError",
    "NbtError",
    "UnknownTableError",
    "ask",
    "prepare_index",
    "Save",
    "SaveNotFoundError",
    "open_save",
    "DOCUMENTS",
    "FTB_GUIDES",
    "KNOWLEDGE",
    "QUEST_BACKGROUNDS",
    "DatabaseTable",
]
