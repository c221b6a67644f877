"""A save's assistant databases: the shared database and one database per player.

Layout on disk (see the README for the NBT layout inside each file)::

    <save>/system/database/shared.dat
    <save>/system/database/players/<uuid>.dat

``AgentDatabases(save_dir)`` owns the databases of one save; ``shared()`` and ``player(uuid)`` return
:class:`AgentDatabase` handles with one API. Nothing is shared across saves or players: each file has
its own state, lock and indexes, and no call merges or falls back across scopes.

Writes are crash safe: every successful write first replaces the file (``<file>.tmp``, fsync, atomic
rename, folder fsync) and only then publishes the new state in memory; a failed write changes
nothing. Writes to one database are serialised by a lock; a second *process* writing the same file is
refused through an advisory lock (``<file>.lock``).
"""

from __future__ import annotations

import contextlib
import os
import re
import threading
import uuid as uuid_module
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Mapping, TypeVar

from kit.saves import codecs, nbt
from kit.core.atomic_files import (
    ProcessLock,
    atomic_write_bytes,
    check_folder_inside,
    fsync_folder,
    read_regular_file,
    tmp_path_for,
)
from kit.core.document import Document
from kit.core.errors import (
    CodecError,
    InvalidHandleError,
    InvalidIdentifierError,
    InvalidParameterError,
    KitError,
    StorageError,
    TableCodecMismatchError,
)
from kit.core.frames import frame
from kit.saves.tables import DOCUMENTS, DatabaseTable, check_language, documents_table, validate_identifier

if TYPE_CHECKING:
    import pandas as pd

#: Index builds tried in a row while writers keep changing the data, before giving up.
_MAX_INDEX_BUILDS = 8

__all__ = [
    "AgentDatabases",
    "AgentDatabase",
    "TableStats",
    "DatabaseStats",
    "FORMAT_VERSION",
    "DATABASE_FOLDER",
    "canonical_player_uuid",
]

T = TypeVar("T")

#: The version written into every database file's root (``format_version``).
FORMAT_VERSION = 1
#: Where a save keeps its databases, relative to the save folder.
DATABASE_FOLDER = Path("system") / "database"

_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def _build_index(documents: list[Document], settings: dict[str, Any]) -> Any:
    """Fit a :class:`kit.retrieval.ParagraphIndex` (imported here: retrieval is only needed once an index is)."""
    from kit.retrieval import ParagraphIndex

    return ParagraphIndex(**settings).fit(documents)


def canonical_player_uuid(value: str | uuid_module.UUID) -> str:
    """Return the canonical form of a player UUID, or raise InvalidIdentifierError.

    Only the canonical lower-case hyphenated form (or a :class:`uuid.UUID`) is accepted: anything else,
    including path fragments such as ``../x``, is refused before any file is touched.
    """
    if isinstance(value, uuid_module.UUID):
        return str(value)
    if isinstance(value, str) and _UUID.fullmatch(value):
        return value
    raise InvalidIdentifierError(
        f"invalid player UUID {value!r}: expected the canonical lower-case form "
        "'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx' (use str(uuid.UUID(text)) to normalise)"
    )


# ---------------------------------------------------------------------------------------------
# in-memory state


@dataclass(frozen=True)
class _Table:
    """One table as stored: its codec signature and its raw NBT entries."""

    signature: str
    entries: Mapping[str, Any]


@dataclass(frozen=True)
class _Snapshot:
    """An immutable state of one database file. ``decoded`` caches typed views per table."""

    tables: Mapping[str, _Table]
    stat: tuple[int, int, int] | None  # (inode, size, mtime_ns) of the file this state was read from / written to
    decoded: dict[str, dict[str, Any]] = field(default_factory=dict, compare=False)
    sizes: dict[str, int] = field(default_factory=dict, compare=False)  # uncompressed NBT size per table


_EMPTY = _Snapshot(tables={}, stat=None)


def _file_stat(path: Path) -> tuple[int, int, int] | None:
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def _parse_file(path: Path, data: bytes, max_size: int, quota: int = nbt.DEFAULT_QUOTA) -> dict[str, _Table]:
    """Decode a database file's bytes into tables, or raise StorageError naming the file and reason."""
    try:
        root = nbt.decode_nbt(data, max_size=max_size, quota=quota).root
    except nbt.NbtError as exc:
        raise StorageError(f"{path}: cannot decode database: {exc}") from None
    if not isinstance(root, dict):
        raise StorageError(f"{path}: cannot decode database: the root tag is {nbt.TAG_NAMES[nbt.tag_id_of(root)]}, not Compound")
    version = root.get("format_version", nbt.Int(FORMAT_VERSION))
    if not isinstance(version, (nbt.Byte, nbt.Short, nbt.Int)) or not 1 <= version <= FORMAT_VERSION:
        raise StorageError(f"{path}: cannot decode database: unsupported format_version {version!r}")
    raw_tables = root.get("tables", {})
    if not isinstance(raw_tables, dict):
        raise StorageError(f"{path}: cannot decode database: 'tables' is not a Compound")
    tables: dict[str, _Table] = {}
    for table_id, raw in raw_tables.items():
        where = f"{path}: table {table_id!r}"
        if not isinstance(raw, dict):
            raise StorageError(f"{where}: expected a Compound")
        signature = raw.get("codec")
        entries = raw.get("entries", {})
        if not isinstance(signature, str) or not isinstance(entries, dict):
            raise StorageError(f"{where}: expected a 'codec' String and an 'entries' Compound")
        tables[table_id] = _Table(signature, entries)
    return tables


def _encode_file(tables: Mapping[str, _Table]) -> bytes:
    root = {
        "format_version": nbt.Int(FORMAT_VERSION),
        "tables": {
            table_id: {"codec": table.signature, "entries": dict(table.entries)}
            for table_id, table in sorted(tables.items())
        },
    }
    return nbt.encode_nbt(root, "")


# ---------------------------------------------------------------------------------------------
# one database file


class _DatabaseFile:
    """The state behind every handle to one database file. Invalidated by close / revoke / reset."""

    def __init__(
        self, path: Path, label: str, registry: _CodecRegistry, max_size: int, root: Path, quota: int
    ) -> None:
        self.path = path
        self.root = root
        self.quota = quota
        self.label = label
        self.registry = registry
        self.max_size = max_size
        self.write_lock = threading.RLock()
        self.load_lock = threading.Lock()
        self.process_lock = ProcessLock(path, root=root)
        self.state: _Snapshot | None = None
        self.valid = True
        self.index_cache: dict[tuple[Any, ...], Any] = {}
        self.index_lock = threading.Lock()
        self._executor: ThreadPoolExecutor | None = None
        self._batch_owner: int | None = None
        self._batch_state: _Snapshot | None = None
        self._batch_depth = 0

    # -- validity ---------------------------------------------------------------------------

    def check(self) -> None:
        if not self.valid:
            raise InvalidHandleError(
                f"the {self.label} database handle is no longer valid (closed, revoked or reset); "
                "ask AgentDatabases for a new one"
            )

    def invalidate(self) -> None:
        with self.write_lock:
            self.valid = False
            self.process_lock.release()
            self.state = None
            with self.index_lock:
                self.index_cache.clear()
                executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def executor(self) -> ThreadPoolExecutor:
        """The worker thread for background index builds of this database (created on first use)."""
        with self.index_lock:
            self.check()
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"kit-index-{self.label}")
            return self._executor

    # -- reading ----------------------------------------------------------------------------

    def _load(self) -> _Snapshot:
        stat = _file_stat(self.path)
        if stat is None:
            return _EMPTY
        try:
            data = read_regular_file(self.path, max_bytes=self.max_size, what="database")
        except FileNotFoundError:
            return _EMPTY
        return _Snapshot(tables=_parse_file(self.path, data, self.max_size, self.quota), stat=stat)

    def current(self) -> _Snapshot:
        """The state this thread sees (its own batch's pending state inside a batch)."""
        self.check()
        if self._batch_owner == threading.get_ident() and self._batch_state is not None:
            return self._batch_state
        state = self.state
        if state is None:
            with self.load_lock:
                self.check()
                if self.state is None:
                    self.state = self._load()
                state = self.state
        return state

    def decoded(self, state: _Snapshot, table: DatabaseTable[T]) -> dict[str, T]:
        """Decode (once per state) all entries of ``table``; raise StorageError when they do not match the codec."""
        self.registry.declare(table)
        cached = state.decoded.get(table.id)
        if cached is not None:
            return cached
        stored = state.tables.get(table.id)
        if stored is None:
            return {}
        if stored.signature != table.codec.signature:
            raise TableCodecMismatchError(
                f"{self.path}: table {table.id!r} is stored with codec {stored.signature!r}, "
                f"but was opened with {table.codec.signature!r}"
            )
        out: dict[str, T] = {}
        decode = table.codec.decode
        for key, tag in stored.entries.items():
            try:
                out[key] = decode(tag)
            except CodecError as exc:
                raise StorageError(
                    f"{self.path}: table {table.id!r}, key {key!r}: the stored value does not match the codec: {exc}"
                ) from None
        state.decoded[table.id] = out
        return out

    # -- writing ----------------------------------------------------------------------------

    def _prepare_writer(self) -> None:
        """Take the process lock on the first write, reloading if another process wrote meanwhile."""
        if self.process_lock.held:
            return
        self.process_lock.acquire()
        tmp = tmp_path_for(self.path)
        if tmp.is_file() and not tmp.is_symlink():  # a crashed writer's leftover: never read, removed under the lock
            tmp.unlink(missing_ok=True)
        state = self.state
        if state is not None and state.stat != _file_stat(self.path):
            self.state = None  # the file changed on disk since we read it: read it again

    def write(self, change: Any) -> None:
        """Apply ``change(state) -> (tables, decoded caches) | None`` and persist it (or stage it in a batch)."""
        with self.write_lock:
            self.check()
            self._prepare_writer()
            base = self.current()
            changed = change(base)
            if changed is None:
                return
            tables, decoded = changed
            new = _Snapshot(tables=tables, stat=None, decoded=decoded)
            if self._batch_owner == threading.get_ident():
                self._batch_state = new
                return
            self._commit(new)

    def _commit(self, new: _Snapshot) -> None:
        try:
            data = _encode_file(new.tables)
        except nbt.NbtError as exc:
            raise StorageError(f"{self.path}: cannot encode the database, nothing was written: {exc}") from None
        atomic_write_bytes(self.path, data, root=self.root)
        published = _Snapshot(tables=new.tables, stat=_file_stat(self.path), decoded=new.decoded, sizes=new.sizes)
        self.state = published
        with self.index_lock:
            self.index_cache.clear()

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        with self.write_lock:
            self.check()
            outer = self._batch_owner == threading.get_ident()
            if not outer:
                self._prepare_writer()
                self._batch_owner = threading.get_ident()
                self._batch_state = self.current()
            self._batch_depth += 1
            try:
                yield
            except BaseException:
                if not outer:
                    self._batch_owner, self._batch_state = None, None
                raise
            finally:
                self._batch_depth -= 1
            if outer:
                return
            pending = self._batch_state
            self._batch_owner, self._batch_state = None, None
            if pending is not None and pending is not self.state:
                self._commit(pending)


class _CodecRegistry:
    """Table id -> codec signature, per AgentDatabases: one id keeps one structure."""

    def __init__(self) -> None:
        self._signatures: dict[str, str] = {}
        self._lock = threading.Lock()

    def declare(self, table: DatabaseTable[Any]) -> None:
        with self._lock:
            known = self._signatures.setdefault(table.id, table.codec.signature)
        if known != table.codec.signature:
            raise TableCodecMismatchError(
                f"table {table.id!r} is already declared with codec {known!r}; "
                f"it cannot also be used with {table.codec.signature!r}"
            )


@dataclass(frozen=True)
class TableStats:
    """One stored table's numbers: a row of :meth:`AgentDatabase.tables`.

    ``n_entries`` counts keys (languages for a documents table), ``n_documents`` the documents over all
    languages (0 for value tables), ``size_bytes`` the uncompressed NBT size of the entries.
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

    ``scope`` is ``"shared"`` or ``"player"``, ``player_uuid`` ``""`` for shared, ``path`` relative to the save;
    the counts are sums over the database's :class:`TableStats`.
    """

    scope: str
    player_uuid: str
    path: str
    exists: bool
    file_size_bytes: int
    n_tables: int
    n_entries: int
    n_documents: int


def _counts(table: _Table) -> tuple[bool, int, int]:
    """``(is_documents, n_entries, n_documents)`` of a stored table."""
    is_docs = table.signature == DOCUMENTS.signature
    return is_docs, len(table.entries), sum(len(v) for v in table.entries.values()) if is_docs else 0


def _table_stats(state: _Snapshot, table_id: str) -> TableStats:
    """A stored table's numbers; the NBT size is computed once per snapshot (snapshots never change)."""
    table = state.tables[table_id]
    is_docs, n_entries, n_documents = _counts(table)
    size = state.sizes.get(table_id)
    if size is None:
        size = state.sizes[table_id] = len(nbt.encode_nbt(dict(table.entries), compression="none"))
    return TableStats(table_id, table.signature, is_docs, n_entries, n_documents, size)


# ---------------------------------------------------------------------------------------------
# the public handles


class AgentDatabase:
    """A handle to one database (the shared one or one player's). Obtain it from :class:`AgentDatabases`.

    Every method raises :class:`~kit.core.errors.InvalidHandleError` once the database was closed, revoked
    or reset, and :class:`~kit.core.errors.StorageError` when the file cannot be read or written.
    """

    def __init__(self, core: _DatabaseFile, scope: str, player_uuid: str | None) -> None:
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
        _check_key(key, table, self._core.path)
        tag = _encode_value(table, key, value, self._core.path)

        def mutate(entries: dict[str, Any], decoded: dict[str, Any]) -> None:
            entries[key] = tag
            decoded[key] = value

        self._change(table, mutate)

    def remove(self, table: DatabaseTable[T], key: str) -> bool:
        """Remove ``key``; return True when it existed. Nothing is written when it did not."""
        _check_key(key)
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
            _check_key(key, table, self._core.path)
            encoded[key] = _encode_value(table, key, value, self._core.path)
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

        def change(base: _Snapshot) -> tuple[dict[str, _Table], dict[str, dict[str, Any]]] | None:
            old_decoded = core.decoded(base, table)  # validates the codec and the stored values first
            stored = base.tables.get(table.id)
            entries = dict(stored.entries) if stored is not None else {}
            decoded = dict(old_decoded)
            if mutate(entries, decoded) is False:
                return None
            tables = dict(base.tables)
            tables[table.id] = _Table(table.codec.signature, entries)
            caches = {k: v for k, v in base.decoded.items() if k != table.id}
            caches[table.id] = decoded
            return tables, caches

        core.write(change)

    def batch(self) -> contextlib.AbstractContextManager[None]:
        """Group writes so the file is rewritten once, when the block ends without an exception.

        Inside the block this thread sees its own pending changes; other threads see the last
        committed state. An exception discards every change of the block.
        """
        return self._core.batch()

    # -- documents tables -------------------------------------------------------------------

    def documents(self, source: str | DatabaseTable[list[Document]]) -> dict[str, list[Document]]:
        """Return the documents table ``source`` as ``{language: [Document, ...]}`` (new lists)."""
        table = documents_table(source)
        return {language: list(docs) for language, docs in sorted(self.entries(table).items())}

    # -- retrieval --------------------------------------------------------------------------

    def prepare_index(
        self, source: str | DatabaseTable[list[Document]], language: str, *, background: bool = False, **settings: Any
    ) -> Any:
        """Build, or reuse, the paragraph index of ``source`` in ``language``.

        Indexes are derived in memory, one per source (documents table), language and settings, each tied to
        the exact database state it was built from: any write publishes a new state, so an index of an older
        state is never returned. Building reads a published snapshot and never holds the write lock.

        Parameters
        ----------
        source : str or DatabaseTable
            A documents table (``"system:knowledge"``).
        language : str
            The key of the documents table (``"zh_cn"``). A language without documents gives an empty index.
        background : bool, default=False
            Build on the database's worker thread and return a :class:`concurrent.futures.Future`.
        **settings
            :class:`kit.retrieval.ParagraphIndex` settings; each combination is cached separately.

        Returns
        -------
        ParagraphIndex or Future
            A fitted index, reused until the database changes.
        """
        table = documents_table(source)
        check_language(language)
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
        allowed_ids: Any = None,
        limit: int = 5,
    ) -> pd.DataFrame:
        """Search ``source`` in ``language``; returns the frame of :meth:`kit.retrieval.ParagraphIndex.search`."""
        index = self.prepare_index(source, language)
        return index.search(query, allowed_ids=allowed_ids, limit=limit)

    # -- frames -----------------------------------------------------------------------------

    def table_ids(self) -> list[str]:
        """The ids of the tables stored in this database, sorted."""
        return sorted(self._core.current().tables)

    def table_stats(self) -> list[TableStats]:
        """One :class:`TableStats` record per stored table, sorted by ``table_id`` (the rows of :meth:`tables`)."""
        state = self._core.current()
        return [_table_stats(state, table_id) for table_id in sorted(state.tables)]

    def stats(self) -> DatabaseStats:
        """This database's numbers as one :class:`DatabaseStats` record (its row of :meth:`AgentDatabases.summary`).

        Raises :class:`~kit.core.errors.StorageError` when the file cannot be read.
        """
        counts = [_counts(table) for table in self._core.current().tables.values()]
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
            Columns ``table_id`` (str), ``codec`` (signature), ``is_documents`` (bool), ``n_entries``
            (keys; languages for a documents table), ``n_documents`` (documents over all languages, 0 for
            value tables), ``size_bytes`` (uncompressed NBT size of the entries). Sorted by ``table_id``.
        """
        return frame(_TABLE_SCHEMA, self.table_stats())

    def frame(self, table: str | DatabaseTable[Any]) -> pd.DataFrame:
        """Return a table as a DataFrame.

        Parameters
        ----------
        table : DatabaseTable or str
            A typed table, or a stored table's id (its values are then shown as plain builtins, or as
            documents when it is stored with the documents codec).

        Returns
        -------
        DataFrame
            For a documents table: ``language, position, doc_id, title, text, tags, n_chars`` in stored
            order. For a table of records: ``key`` then one column per record field. Otherwise
            ``key, value``. Value tables are sorted by ``key``.
        """
        import pandas as pd

        if isinstance(table, str):
            stored = self._core.current().tables.get(validate_identifier(table))
            if stored is not None and stored.signature == DOCUMENTS.signature:
                table = documents_table(table)
            else:
                entries = {} if stored is None else {k: codecs.to_builtin(v) for k, v in stored.entries.items()}
                return pd.DataFrame(
                    {"key": list(entries), "value": list(entries.values())}, columns=["key", "value"]
                ).sort_values("key", ignore_index=True)
        if table.is_documents:
            rows = [
                {"language": language, "position": i, "doc_id": d.id, "title": d.title, "text": d.text,
                 "tags": list(d.tags), "n_chars": len(d.text)}
                for language, docs in sorted(self.entries(table).items())
                for i, d in enumerate(docs)
            ]
            return frame(_DOC_SCHEMA, rows)
        entries = self.entries(table)
        codec = table.codec
        if isinstance(codec, codecs._RecordCodec):
            names = [name for name, _, _ in codec.fields]
            rows = [{"key": key, **{n: getattr(v, n) for n in names}} for key, v in sorted(entries.items())]
            return pd.DataFrame(rows, columns=["key", *names])
        keys = sorted(entries)
        return pd.DataFrame({"key": keys, "value": [entries[k] for k in keys]}, columns=["key", "value"])


_TABLE_SCHEMA = {"table_id": "string", "codec": "string", "is_documents": "bool", "n_entries": "int64",
                 "n_documents": "int64", "size_bytes": "int64"}
_TABLE_COLUMNS = list(_TABLE_SCHEMA)
_SUMMARY_SCHEMA = {"scope": "string", "player_uuid": "string", "path": "string", "exists": "bool",
                   "file_size_bytes": "int64", "n_tables": "int64", "n_entries": "int64", "n_documents": "int64"}
_DOC_SCHEMA = {"language": "string", "position": "int64", "doc_id": "string", "title": "string", "text": "string",
               "tags": "object", "n_chars": "int64"}
_DOC_COLUMNS = list(_DOC_SCHEMA)


def _check_key(key: str, table: DatabaseTable[Any] | None = None, path: Path | None = None) -> None:
    if not isinstance(key, str):
        raise InvalidParameterError(f"table keys must be str, got {type(key).__name__}")
    if len(key) > 10922 and nbt.modified_utf8_length(key) > 65535:
        where = f"{path}: table {table.id!r}: " if table is not None else ""
        raise CodecError(
            f"{where}key {key[:40]!r}... takes {nbt.modified_utf8_length(key)} bytes in NBT, over the limit of 65535"
        )


def _encode_value(table: DatabaseTable[Any], key: str, value: Any, path: Path) -> Any:
    try:
        return table.codec.encode(value)
    except CodecError as exc:
        raise CodecError(f"{path}: table {table.id!r}, key {key!r}: {exc}") from None


class AgentDatabases:
    """The databases of one save: ``shared()`` and ``player(uuid)``.

    Parameters
    ----------
    save_dir : path
        The save folder; files live under ``<save_dir>/system/database/``.
    max_size : int, default=kit.saves.nbt.DEFAULT_MAX_SIZE
        The largest database accepted when reading, on disk and once inflated (16 MiB; a guard against
        decompression bombs).
    quota : int, default=kit.saves.nbt.DEFAULT_QUOTA
        The most a database's decoded tags may cost, charged per tag as the game's ``NbtAccounter``
        does (:data:`kit.saves.nbt.TAG_CHARGES`; 40 MiB). With ``max_size`` it keeps a refused file under about
        64 MB of memory; raise both to read bigger databases.

    Notes
    -----
    Each instance has its own state; two saves never share anything. Use it as a context manager or
    call :meth:`close` to release the files' write locks and invalidate every handle.
    """

    def __init__(
        self,
        save_dir: str | os.PathLike[str],
        *,
        max_size: int = nbt.DEFAULT_MAX_SIZE,
        quota: int = nbt.DEFAULT_QUOTA,
    ) -> None:
        self.save_dir = Path(save_dir)
        self.folder = self.save_dir / DATABASE_FOLDER
        self.max_size = max_size
        self.quota = quota
        self._registry = _CodecRegistry()
        self._lock = threading.Lock()
        self._shared: _DatabaseFile | None = None
        self._players: dict[str, _DatabaseFile] = {}
        self._closed = False

    def __repr__(self) -> str:
        return f"AgentDatabases({str(self.save_dir)!r})"

    def __enter__(self) -> AgentDatabases:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _check_open(self) -> None:
        if self._closed:
            raise InvalidHandleError(f"the databases of {self.save_dir} were closed")

    @property
    def shared_path(self) -> Path:
        """``<save>/system/database/shared.dat``."""
        return self.folder / "shared.dat"

    def player_path(self, player_uuid: str | uuid_module.UUID) -> Path:
        """``<save>/system/database/players/<uuid>.dat`` (the UUID is validated first)."""
        return self.folder / "players" / f"{canonical_player_uuid(player_uuid)}.dat"

    def shared(self) -> AgentDatabase:
        """The shared database of the save (public knowledge, FTB guides, quest backgrounds)."""
        with self._lock:
            self._check_open()
            if self._shared is None:
                self._shared = _DatabaseFile(self.shared_path, "shared", self._registry, self.max_size, self.save_dir, self.quota)
            return AgentDatabase(self._shared, "shared", None)

    def player(self, player_uuid: str | uuid_module.UUID) -> AgentDatabase:
        """The private database of one player; loaded on first use, its file created on first write."""
        key = canonical_player_uuid(player_uuid)
        with self._lock:
            self._check_open()
            core = self._players.get(key)
            if core is None:
                core = self._players[key] = _DatabaseFile(
                    self.player_path(key), f"player {key}", self._registry, self.max_size, self.save_dir, self.quota
                )
            return AgentDatabase(core, "player", key)

    def player_uuids(self) -> list[str]:
        """The players that have a database file, sorted (files whose name is not a UUID are ignored)."""
        folder = self.folder / "players"
        if not folder.is_dir():
            return []
        return sorted(p.stem for p in folder.glob("*.dat") if _UUID.fullmatch(p.stem))

    def _delete_player(self, player_uuid: str | uuid_module.UUID) -> bool:
        key = canonical_player_uuid(player_uuid)
        path = self.player_path(key)
        with self._lock:
            self._check_open()
            core = self._players.pop(key, None)
        if core is not None:
            core.invalidate()
        check_folder_inside(self.save_dir, path.parent)  # never delete through a symbolic link to elsewhere
        existed = path.exists() or path.is_symlink()
        try:
            path.unlink(missing_ok=True)
            tmp_path_for(path).unlink(missing_ok=True)
        except OSError as exc:
            raise StorageError(f"{path}: cannot delete the player database: {exc.strerror or exc}") from exc
        fsync_folder(path.parent) if path.parent.exists() else None
        return existed

    def revoke(self, player_uuid: str | uuid_module.UUID) -> bool:
        """Delete a player's database (without decoding it) and invalidate its handles.

        Returns True when a file was deleted. The shared database is never deleted.
        """
        return self._delete_player(player_uuid)

    def reset(self, player_uuid: str | uuid_module.UUID) -> bool:
        """Reset a player's database to empty: same effect as :meth:`revoke` (works on corrupt files too)."""
        return self._delete_player(player_uuid)

    def close(self) -> None:
        """Invalidate every handle and release the write locks. Closing twice is harmless."""
        with self._lock:
            self._closed = True
            cores = ([self._shared] if self._shared else []) + list(self._players.values())
            self._shared = None
            self._players.clear()
        for core in cores:
            core.invalidate()

    def summary(self) -> pd.DataFrame:
        """One row per database of the save.

        Returns
        -------
        DataFrame
            Columns ``scope`` ("shared" / "player"), ``player_uuid`` ("" for shared), ``path`` (relative
            to the save), ``exists``, ``file_size_bytes``, ``n_tables``, ``n_entries``, ``n_documents``.
            Shared first, then players by UUID (the records of :meth:`AgentDatabase.stats` as a frame).
        """
        return frame(_SUMMARY_SCHEMA, [d.stats() for d in self.handles()])

    def handles(self) -> list[AgentDatabase]:
        """The shared database, then one handle per player database file (by UUID)."""
        return [self.shared()] + [self.player(u) for u in self.player_uuids()]
