"""The numbers of a database: :class:`TableStats` and :class:`DatabaseStats` records, the frames' schemas, and how
a stored table is counted (shared by :class:`kit.saves.handle.AgentDatabase` and :mod:`kit.fleet`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.saves import nbt
from kit.saves._file import Snapshot
from kit.saves._layout import StoredTable
from kit.saves.tables import DOCUMENTS, KNOWN_TABLES

__all__ = [
    "TableStats",
    "DatabaseStats",
    "TABLE_SCHEMA",
    "SUMMARY_SCHEMA",
    "is_documents",
    "table_counts",
    "table_stats",
]


@dataclass(frozen=True)
class TableStats:
    """One stored table's numbers: a row of :meth:`AgentDatabase.tables`.

    ``codec`` is the stored codec signature (``""`` in the server layouts, which store none: a table kit knows
    is then recognised by its id), ``n_entries`` counts keys (languages for a documents table),
    ``n_documents`` the documents over all languages (0 for value tables), ``size_bytes`` the uncompressed NBT
    size of the entries.
    """

    table_id: str
    codec: str
    is_documents: bool
    n_entries: int
    n_documents: int
    size_bytes: int


@dataclass(frozen=True)
class DatabaseStats:
    """One database file's numbers: a row of :meth:`AgentDatabases.summary`.

    ``scope`` is ``"shared"`` or ``"player"``, ``player_uuid`` ``""`` for shared, ``path`` relative to the save,
    ``layout`` how the file stores its tables (``"kit"``, ``"tables"`` or ``"flat"``, see
    :mod:`kit.saves._layout`; ``"kit"`` for a file not written yet); the counts are sums over the database's
    :class:`TableStats`.
    """

    scope: str
    player_uuid: str
    path: str
    exists: bool
    layout: str
    file_size_bytes: int
    n_tables: int
    n_entries: int
    n_documents: int


def is_documents(table_id: str, table: StoredTable) -> bool:
    """A documents table: stored with the documents codec, or (no codec stored) a documents table kit knows."""
    if table.signature is not None:
        return table.signature == DOCUMENTS.signature
    known = KNOWN_TABLES.get(table_id)
    return known is not None and known.is_documents


def table_counts(table_id: str, table: StoredTable) -> tuple[bool, int, int]:
    """``(is_documents, n_entries, n_documents)`` of a stored table."""
    is_docs = is_documents(table_id, table)
    n_docs = sum(len(v) for v in table.entries.values() if isinstance(v, list)) if is_docs else 0
    return is_docs, len(table.entries), n_docs


def table_stats(state: Snapshot, table_id: str) -> TableStats:
    """A stored table's numbers; the NBT size is computed once per snapshot (snapshots never change)."""
    table = state.tables[table_id]
    is_docs, n_entries, n_documents = table_counts(table_id, table)
    size = state.sizes.get(table_id)
    if size is None:
        size = state.sizes[table_id] = len(nbt.encode_nbt(dict(table.entries), compression="none"))
    return TableStats(table_id, table.signature or "", is_docs, n_entries, n_documents, size)


#: Columns of :meth:`kit.saves.handle.AgentDatabase.tables` (the fields of :class:`TableStats`).
TABLE_SCHEMA: dict[str, Any] = {
    "table_id": "string",
    "codec": "string",
    "is_documents": "bool",
    "n_entries": "int64",
    "n_documents": "int64",
    "size_bytes": "int64",
}
#: Columns of :meth:`kit.saves.AgentDatabases.summary` (the fields of :class:`DatabaseStats`).
SUMMARY_SCHEMA: dict[str, Any] = {
    "scope": "string",
    "player_uuid": "string",
    "path": "string",
    "exists": "bool",
    "layout": "string",
    "file_size_bytes": "int64",
    "n_tables": "int64",
    "n_entries": "int64",
    "n_documents": "int64",
}
