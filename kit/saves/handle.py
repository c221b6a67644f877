"""Handles to one database: :class:`AgentDatabase` (typed reads and writes, documents, search, frames).

Obtain handles from :class:`kit.saves.AgentDatabases`; every handle to one file shares its state
(:mod:`kit.saves._file`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from kit.core.document import Document
from kit.core.errors import InvalidParameterError, KitError
from kit.core.frames import frame
from kit.core.problems import problems_frame
from kit.core.validation import nearest_names as nearest
from kit.saves import codecs
from kit.saves._arguments import check_allowed_ids, check_key, check_source, check_str, encode_value
from kit.saves._file import DatabaseFile, Snapshot
from kit.saves._layout import StoredTable
from kit.saves.errors import UnknownTableError
from kit.saves.stats import (
    SUMMARY_SCHEMA,
    TABLE_SCHEMA,
    DatabaseStats,
    TableStats,
    is_documents,
    table_counts,
    table_stats,
)
from kit.saves.tables import KNOWN_TABLES, DatabaseTable, check_language, documents_table, validate_identifier

if TYPE_CHECKING:
    import pandas as pd

T = TypeVar("T")

#: Index builds tried in a row while writers keep changing the data, before giving up.
_MAX_INDEX_BUILDS = 8
#: The weightings of the question flow: the design's server searches with TF-IDF.
Weighting = Literal["tfidf", "bm25"]
DEFAULT_WEIGHTING: Weighting = "tfidf"

__all__ = [
    "AgentDatabase",
    "TableStats",
    "DatabaseStats",
    "TABLE_SCHEMA",
    "SUMMARY_SCHEMA",
    "DOCUMENT_SCHEMA",
    "RAW_SCHEMA",
    "PROBLEM_EXTRA_SCHEMA",
    "DEFAULT_WEIGHTING",
    "Weighting",
]


def _build_index(documents: list[Document], settings: dict[str, Any]) -> Any:
    """Fit a :class:`kit.retrieval.ParagraphIndex` (imported here: retrieval is only needed once an index is)."""
    from kit.retrieval import ParagraphIndex

    return ParagraphIndex(**settings).fit(documents)


# the public handles


class AgentDatabase:
    """A handle to one database (the shared one or one player's). Obtain it from :class:`AgentDatabases`.

    Every method raises :class:`~kit.core.errors.InvalidHandleError` once the database was closed, revoked
    or reset, and :class:`~kit.core.errors.StorageError` when the file cannot be read or written.
    """

    def __init__(self, core: DatabaseFile, scope: str, player_uuid: str | None) -> None:
        self._core = core
        self.scope = scope
        self.player_uuid = player_uuid

    def __repr__(self) -> str:
        state = "valid" if self._core.valid else "invalid"
        return f"<AgentDatabase {self._core.label} ({state})>"

    @property
    def path(self) -> Path:
        """The database file (which may not exist yet)."""
        return self._core.path

    @property
    def is_valid(self) -> bool:
        """False once the handle was invalidated by close / revoke / reset."""
        return self._core.valid

    # -- typed access -----------------------------------------------------------------------

    def get(self, table: DatabaseTable[T], key: str) -> T | None:
        """Return the value stored under ``key``, or ``None`` when there is none."""
        core = self._core
        return core.decoded(core.current(), table).get(key)

    def entries(self, table: DatabaseTable[T]) -> dict[str, T]:
        """Return a snapshot ``{key: value}`` of the table (a new dict; empty for an unknown table)."""
        core = self._core
        return dict(core.decoded(core.current(), table))

    def put(self, table: DatabaseTable[T], key: str, value: T) -> None:
        """Store ``value`` under ``key`` (the file is rewritten before the value becomes visible)."""
        check_key(key, table, self._core.path)
        tag = encode_value(table, key, value, self._core.path)

        def mutate(entries: dict[str, Any], decoded: dict[str, Any]) -> None:
            entries[key] = tag
            decoded[key] = value

        self._change(table, mutate)

    def remove(self, table: DatabaseTable[T], key: str) -> bool:
        """Remove ``key``; return True when it existed. Nothing is written when it did not."""
        check_key(key)
        existed: list[bool] = []

        def mutate(entries: dict[str, Any], decoded: dict[str, Any]) -> bool:
            existed.append(key in entries)
            entries.pop(key, None)
            decoded.pop(key, None)
            return existed[0]

        self._change(table, mutate)
        return existed[0]

    def replace(self, table: DatabaseTable[T], values: Mapping[str, T]) -> None:
        """Replace the whole table with ``values``; other tables of the database are not touched."""
        encoded: dict[str, Any] = {}
        for key, value in values.items():
            check_key(key, table, self._core.path)
            encoded[key] = encode_value(table, key, value, self._core.path)
        snapshot = dict(values)

        def change(entries: dict[str, Any], decoded: dict[str, Any]) -> None:
            entries.clear()
            entries.update(encoded)
            decoded.clear()
            decoded.update(snapshot)

        self._change(table, change)

    def _change(self, table: DatabaseTable[Any], mutate: Any) -> None:
        """Apply ``mutate(entries, decoded)`` to copies of the table and persist; ``False`` means no change."""
        core = self._core

        def change(base: Snapshot) -> tuple[dict[str, StoredTable], dict[str, dict[str, Any]]] | None:
            old_decoded = core.decoded(base, table)  # validates the codec and the stored values first
            stored = base.tables.get(table.id)
            entries = dict(stored.entries) if stored is not None else {}
            decoded = dict(old_decoded)
            if mutate(entries, decoded) is False:
                return None
            tables = dict(base.tables)
            # the server layouts store no codec: a table written there stays without one
            signature = table.codec.signature if base.layout == "kit" else None
            tables[table.id] = StoredTable(signature, entries)
            caches = {k: v for k, v in base.decoded.items() if k != table.id}
            caches[table.id] = decoded
            raw = base.undecoded.get(table.id)
            if raw:  # values kept raw stay listed until they are replaced or removed
                base.undecoded[table.id] = {k: r for k, r in raw.items() if k in entries and k not in decoded}
            return tables, caches

        core.write(change)

    def batch(self) -> contextlib.AbstractContextManager[None]:
        """Group writes so the file is rewritten once, when the block ends without an exception.

        Inside the block this thread sees its own pending changes; other threads see the last
        committed state. An exception discards every change of the block.
        """
        return self._core.batch()

    # -- documents tables -------------------------------------------------------------------

    def _documents_table(self, source: object, owner: str) -> DatabaseTable[list[Document]]:
        """The documents table ``source`` names; a table id that is neither stored nor known raises."""
        table = documents_table(check_source(source, owner))
        if isinstance(source, str):
            self._check_table_id(source)
        return table

    def _check_table_id(self, table_id: str) -> None:
        """Raise UnknownTableError for an id neither stored here nor known to kit (a typo, most likely)."""
        validate_identifier(table_id)
        stored = self._core.current().tables
        if table_id in stored or table_id in KNOWN_TABLES or self._core.registry.knows(table_id):
            return
        names = nearest(table_id, [*stored, *KNOWN_TABLES])
        listed = ", ".join(repr(t) for t in sorted(stored)) or "none"
        hint = f"; did you mean {' or '.join(repr(n) for n in names)}?" if names else ""
        raise UnknownTableError(
            f"{self.path}: no table {table_id!r} in the {self._core.label} database and kit knows no table of "
            f"that id (stored tables: {listed}; tables kit knows: {', '.join(map(repr, sorted(KNOWN_TABLES)))}){hint}"
        )

    def documents(self, source: str | DatabaseTable[list[Document]]) -> dict[str, list[Document]]:
        """Return the documents table ``source`` as ``{language: [Document, ...]}`` (new lists).

        A table id neither stored in this database nor known to kit raises
        :class:`~kit.saves.errors.UnknownTableError` (with the nearest names); a known table that is absent
        gives ``{}``.
        """
        table = self._documents_table(source, "documents")
        return {language: list(docs) for language, docs in sorted(self.entries(table).items())}

    # -- retrieval --------------------------------------------------------------------------

    def prepare_index(
        self,
        source: str | DatabaseTable[list[Document]],
        language: str,
        *,
        weighting: Weighting = DEFAULT_WEIGHTING,
        background: bool = False,
        **settings: Any,
    ) -> Any:
        """Build, or reuse, the paragraph index of ``source`` in ``language``.

        Indexes are derived in memory, one per source (documents table), language and settings, each tied to
        the exact database state it was built from: any write publishes a new state, so an index of an older
        state is never returned. Building reads a published snapshot and never holds the write lock.

        Parameters
        ----------
        source : str or DatabaseTable
            A documents table (``"system:knowledge"``). An id neither stored nor known to kit raises
            :class:`~kit.saves.errors.UnknownTableError`.
        language : str
            The key of the documents table (``"zh_cn"``). A language without documents gives an empty index.
        weighting : {"tfidf", "bm25"}, default="tfidf"
            The design's server searches with TF-IDF, so the question flow does too by default;
            :class:`kit.retrieval.ParagraphIndex` alone keeps its BM25 default for research use.
        background : bool, default=False
            Build on the database's worker thread and return a :class:`concurrent.futures.Future`.
        **settings
            Other :class:`kit.retrieval.ParagraphIndex` settings; each combination is cached separately.

        Returns
        -------
        ParagraphIndex or Future
            A fitted index, reused until the database changes.
        """
        table = self._documents_table(source, "prepare_index")
        check_language(check_str(language, "language", "prepare_index", "a game language code such as 'zh_cn'"))
        if weighting not in ("tfidf", "bm25"):
            raise InvalidParameterError(
                f"The 'weighting' parameter of prepare_index must be a str among {{'tfidf', 'bm25'}}. "
                f"Got {weighting!r} instead."
            )
        settings = {**settings, "weighting": weighting}
        core = self._core
        if background:
            return core.executor().submit(self.prepare_index, table, language, **settings)
        key = (table.id, language, tuple(sorted((k, repr(v)) for k, v in settings.items())))
        for _ in range(_MAX_INDEX_BUILDS):
            state = core.current()
            with core.index_lock:
                cached = core.index_cache.get(key)
            if cached is not None and cached[0] is state:
                return cached[1]
            documents = core.decoded(state, table).get(language, [])
            index = _build_index(list(documents), settings)
            with core.index_lock:
                if core.current() is state:  # nobody wrote meanwhile: this index is current
                    core.index_cache[key] = (state, index)
                    return index
        raise KitError(f"{self.path}: the data changed during {_MAX_INDEX_BUILDS} index builds in a row; try again")

    def search(
        self,
        source: str | DatabaseTable[list[Document]],
        language: str,
        query: str,
        *,
        allowed_ids: Iterable[str] | None = None,
        limit: int = 5,
        weighting: Weighting = DEFAULT_WEIGHTING,
    ) -> pd.DataFrame:
        """Search ``source`` in ``language``; returns the frame of :meth:`kit.retrieval.ParagraphIndex.search`.

        The design's ``search(source, language, allowedIds, query, limit)``, with kit's argument order (the
        allowed ids keyword-only). A known table that is absent, or has no documents in ``language``, gives an
        empty frame (a new player's database is empty by design); a table id neither stored nor known raises
        :class:`~kit.saves.errors.UnknownTableError` listing the stored tables and the nearest names.
        ``weighting`` is that of :meth:`prepare_index` (TF-IDF, as the design's server, by default).
        """
        check_source(source, "search")
        check_str(language, "language", "search", "a game language code such as 'zh_cn'")
        check_str(query, "query", "search", "the question text")
        allowed = check_allowed_ids(allowed_ids, "search")
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise InvalidParameterError(
                f"The 'limit' parameter of search must be an int in the range [1, inf). Got {limit!r} instead."
            )
        index = self.prepare_index(source, language, weighting=weighting)
        return index.search(query, allowed_ids=allowed, limit=limit)

    # -- frames -----------------------------------------------------------------------------

    def table_ids(self) -> list[str]:
        """The ids of the tables stored in this database, sorted."""
        return sorted(self._core.current().tables)

    def table_stats(self) -> list[TableStats]:
        """One :class:`TableStats` record per stored table, sorted by ``table_id`` (the rows of :meth:`tables`)."""
        state = self._core.current()
        return [table_stats(state, table_id) for table_id in sorted(state.tables)]

    def stats(self) -> DatabaseStats:
        """The numbers of this database: one :class:`DatabaseStats` record (its row of :meth:`AgentDatabases.summary`).

        Raises :class:`~kit.core.errors.StorageError` when the file cannot be read.
        """
        state = self._core.current()
        counts = [table_counts(table_id, table) for table_id, table in state.tables.items()]
        path = self._core.path
        try:
            size = path.stat().st_size
            exists = True
        except FileNotFoundError:
            size, exists = 0, False
        return DatabaseStats(
            scope=self.scope,
            player_uuid=self.player_uuid or "",
            path=path.relative_to(self._core.root).as_posix(),
            exists=exists,
            layout=state.layout,
            file_size_bytes=size,
            n_tables=len(counts),
            n_entries=sum(c[1] for c in counts),
            n_documents=sum(c[2] for c in counts),
        )

    def tables(self) -> pd.DataFrame:
        """One row per stored table (the records of :meth:`table_stats` as a frame).

        Returns
        -------
        DataFrame
            Columns ``table_id`` (str), ``codec`` (signature; ``""`` when the file stores none), ``is_documents``
            (bool), ``n_entries``
            (keys; languages for a documents table), ``n_documents`` (documents over all languages, 0 for
            value tables), ``size_bytes`` (uncompressed NBT size of the entries). Sorted by ``table_id``.
        """
        return frame(TABLE_SCHEMA, self.table_stats())

    def frame(self, table: str | DatabaseTable[Any]) -> pd.DataFrame:
        """Return a table as a DataFrame.

        Parameters
        ----------
        table : DatabaseTable or str
            A typed table, or a stored table's id (its values are then shown as plain builtins, or as
            documents when it is a documents table). An id neither stored nor known to kit raises
            :class:`~kit.saves.errors.UnknownTableError`. Values the codec cannot decode (a server layout
            stores no codec) are left out here and shown by :meth:`raw_frame` and :meth:`problems`.

        Returns
        -------
        DataFrame
            For a documents table: ``language, position, doc_id, title, text, tags, n_chars`` in stored
            order. For a table of records: ``key`` then one column per record field. Otherwise
            ``key, value``. Value tables are sorted by ``key``.
        """
        import pandas as pd

        if isinstance(table, str):
            self._check_table_id(table)
            stored = self._core.current().tables.get(table)
            if stored is not None and is_documents(table, stored):
                table = documents_table(table)
            else:
                entries = {} if stored is None else {k: codecs.to_builtin(v) for k, v in stored.entries.items()}
                return pd.DataFrame(
                    {"key": list(entries), "value": list(entries.values())}, columns=["key", "value"]
                ).sort_values("key", ignore_index=True)
        if table.is_documents:
            rows = [
                {
                    "language": language,
                    "position": i,
                    "doc_id": d.id,
                    "title": d.title,
                    "text": d.text,
                    "tags": list(d.tags),
                    "n_chars": len(d.text),
                }
                for language, docs in sorted(self.entries(table).items())
                for i, d in enumerate(docs)
            ]
            return frame(DOCUMENT_SCHEMA, rows)
        entries = self.entries(table)
        codec = table.codec
        if isinstance(codec, codecs._RecordCodec):
            names = [name for name, _, _ in codec.fields]
            rows = [{"key": key, **{n: getattr(v, n) for n in names}} for key, v in sorted(entries.items())]
            return pd.DataFrame(rows, columns=["key", *names])
        keys = sorted(entries)
        return pd.DataFrame({"key": keys, "value": [entries[k] for k in keys]}, columns=["key", "value"])

    def raw_frame(self, table_id: str) -> pd.DataFrame:
        """A stored table's values as stored, decoded by no codec (``key, value`` as plain builtins, by key).

        Shows every value, those no codec can decode included; an id neither stored nor known raises
        :class:`~kit.saves.errors.UnknownTableError`.
        """
        self._check_table_id(check_str(table_id, "table_id", "raw_frame", "a table id such as 'system:knowledge'"))
        stored = self._core.current().tables.get(table_id)
        entries = {} if stored is None else stored.entries
        rows = [{"key": k, "value": codecs.to_builtin(entries[k])} for k in sorted(entries)]
        return frame(RAW_SCHEMA, rows)

    def problems(self) -> pd.DataFrame:
        """What is wrong in this database, in kit's problems shape; an empty frame when nothing is.

        Reads the file (an unreadable one is one ``unreadable_database`` error row instead of an exception) and
        decodes the tables kit knows that the file stores without a codec (the server layouts): a value their
        codec cannot decode is a ``undecodable_value`` warning row (``object_id`` the table, ``field`` the key);
        the value stays in the file, and :meth:`raw_frame` shows it.

        Returns
        -------
        DataFrame
            Columns ``severity, kind, object_id, field, message, path`` (:mod:`kit.core.problems`), then
            ``scope`` and ``player_uuid``.
        """
        extra = {"scope": self.scope, "player_uuid": self.player_uuid or ""}
        try:
            state = self._core.current()
            for table_id, stored in state.tables.items():
                known = KNOWN_TABLES.get(table_id) or self._core.registry.table(table_id)
                if stored.signature is None and known is not None:
                    self._core.decoded(state, known)
        except KitError as exc:
            row = {"kind": "unreadable_database", "message": str(exc), "path": str(self.path), **extra}
            return problems_frame([row], PROBLEM_EXTRA_SCHEMA)
        rows = [
            {
                "severity": "warning",
                "kind": "undecodable_value",
                "object_id": table_id,
                "field": key,
                "message": f"table {table_id!r}, key {key!r}: the value does not match the table's codec ({reason}); "
                "it is kept in the file as it is (raw_frame shows it)",
                "path": str(self.path),
                **extra,
            }
            for table_id, keys in sorted(state.undecoded.items())
            for key, reason in sorted(keys.items())
        ]
        return problems_frame(rows, PROBLEM_EXTRA_SCHEMA)


#: Columns of :meth:`AgentDatabase.frame` for a documents table.
DOCUMENT_SCHEMA: dict[str, Any] = {
    "language": "string",
    "position": "int64",
    "doc_id": "string",
    "title": "string",
    "text": "string",
    "tags": "object",
    "n_chars": "int64",
}
#: Columns of :meth:`AgentDatabase.raw_frame`.
RAW_SCHEMA: dict[str, Any] = {"key": "string", "value": "object"}
#: The columns database problem rows add after the shared ones.
PROBLEM_EXTRA_SCHEMA: dict[str, Any] = {"scope": "string", "player_uuid": "string"}
# the former private names
_TABLE_SCHEMA, _SUMMARY_SCHEMA, _DOC_SCHEMA = TABLE_SCHEMA, SUMMARY_SCHEMA, DOCUMENT_SCHEMA
