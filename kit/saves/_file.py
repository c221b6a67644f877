"""The state behind the handles to one database file: snapshots, the file's locks, loading and writing.

Writes are crash safe: every successful write first replaces the file (``<file>.tmp``, fsync, atomic
rename, folder fsync) and only then publishes the new state in memory; a failed write changes
nothing. Writes to one database are serialised by a lock; a second *process* writing the same file is
refused through an advisory lock (``<file>.lock``), which stays beside the database (see the README).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from kit.core.atomic_files import ProcessLock, atomic_write_bytes, read_regular_file, tmp_path_for
from kit.core.errors import CodecError, InvalidHandleError, StorageError, TableCodecMismatchError
from kit.saves import nbt
from kit.saves._layout import Layout, StoredTable, encode_file, parse_file
from kit.saves.tables import DatabaseTable

T = TypeVar("T")


@dataclass(frozen=True)
class Snapshot:
    """An immutable state of one database file. ``decoded`` caches typed views per table.

    ``layout`` and ``extra`` (the other root tags) are how the file was found, so it is written back alike;
    ``undecoded`` lists, per table, the keys whose stored value the table's codec could not decode (only in
    the server layouts, which store no codec): they stay in ``tables`` and are written back raw.
    """

    tables: Mapping[str, StoredTable]
    stat: tuple[int, int, int] | None  # (inode, size, mtime_ns) of the file this state was read from / written to
    decoded: dict[str, dict[str, Any]] = field(default_factory=dict, compare=False)
    sizes: dict[str, int] = field(default_factory=dict, compare=False)  # uncompressed NBT size per table
    layout: Layout = "kit"
    extra: Mapping[str, Any] = field(default_factory=dict)
    undecoded: dict[str, dict[str, str]] = field(default_factory=dict, compare=False)  # table -> key -> reason


EMPTY = Snapshot(tables={}, stat=None)


def _file_stat(path: Path) -> tuple[int, int, int] | None:
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def _decode_lenient(entries: Mapping[str, Any], table: DatabaseTable[T]) -> tuple[dict[str, T], dict[str, str]]:
    """Decode each value with ``table``'s codec; the keys it cannot decode map to the reason instead."""
    out: dict[str, T] = {}
    undecoded: dict[str, str] = {}
    decode = table.codec.decode
    for key, tag in entries.items():
        try:
            out[key] = decode(tag)
        except CodecError as exc:
            undecoded[key] = str(exc)
    return out, undecoded


# ---------------------------------------------------------------------------------------------
# one database file


class DatabaseFile:
    """The state behind every handle to one database file. Invalidated by close / revoke / reset."""

    def __init__(self, path: Path, label: str, registry: CodecRegistry, max_size: int, root: Path, quota: int) -> None:
        self.path = path
        self.root = root
        self.quota = quota
        self.label = label
        self.registry = registry
        self.max_size = max_size
        self.write_lock = threading.RLock()
        self.load_lock = threading.Lock()
        self.process_lock = ProcessLock(path, root=root)
        self.state: Snapshot | None = None
        self.valid = True
        self.index_cache: dict[tuple[Any, ...], Any] = {}
        self.index_lock = threading.Lock()
        self._executor: ThreadPoolExecutor | None = None
        self._batch_owner: int | None = None
        self._batch_state: Snapshot | None = None
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

    def _load(self) -> Snapshot:
        stat = _file_stat(self.path)
        if stat is None:
            return EMPTY
        try:
            data = read_regular_file(self.path, max_bytes=self.max_size, what="database")
        except FileNotFoundError:
            return EMPTY
        parsed = parse_file(self.path, data, self.max_size, self.quota)
        return Snapshot(tables=parsed.tables, stat=stat, layout=parsed.layout, extra=parsed.extra)

    def current(self) -> Snapshot:
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

    def decoded(self, state: Snapshot, table: DatabaseTable[T]) -> dict[str, T]:
        """Decode (once per state) all entries of ``table``; raise StorageError when they do not match the codec."""
        self.registry.declare(table)
        cached = state.decoded.get(table.id)
        if cached is not None:
            return cached
        stored = state.tables.get(table.id)
        if stored is None:
            return {}
        if stored.signature is None:  # a server layout: decode what the codec can, keep the rest raw
            lenient, undecoded = _decode_lenient(stored.entries, table)
            state.undecoded[table.id] = undecoded
            state.decoded[table.id] = lenient
            return lenient
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
            new = Snapshot(
                tables=tables,
                stat=None,
                decoded=decoded,
                layout=base.layout,
                extra=base.extra,
                undecoded=dict(base.undecoded),
            )
            if self._batch_owner == threading.get_ident():
                self._batch_state = new
                return
            self._commit(new)

    def _commit(self, new: Snapshot) -> None:
        try:
            data = encode_file(new.tables, new.layout, new.extra)
        except nbt.NbtError as exc:
            raise StorageError(f"{self.path}: cannot encode the database, nothing was written: {exc}") from None
        atomic_write_bytes(self.path, data, root=self.root)
        published = Snapshot(
            tables=new.tables,
            stat=_file_stat(self.path),
            decoded=new.decoded,
            sizes=new.sizes,
            layout=new.layout,
            extra=new.extra,
            undecoded=new.undecoded,
        )
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


class CodecRegistry:
    """Table id -> codec signature, per AgentDatabases: one id keeps one structure."""

    def __init__(self) -> None:
        self._signatures: dict[str, str] = {}
        self._tables: dict[str, DatabaseTable[Any]] = {}
        self._lock = threading.Lock()

    def table(self, table_id: str) -> DatabaseTable[Any] | None:
        """The table of this id as it was declared, or None."""
        with self._lock:
            return self._tables.get(table_id)

    def knows(self, table_id: str) -> bool:
        """True when a table of this id was used (declared) through these databases."""
        with self._lock:
            return table_id in self._signatures

    def declare(self, table: DatabaseTable[Any]) -> None:
        with self._lock:
            known = self._signatures.setdefault(table.id, table.codec.signature)
            self._tables.setdefault(table.id, table)
        if known != table.codec.signature:
            raise TableCodecMismatchError(
                f"table {table.id!r} is already declared with codec {known!r}; "
                f"it cannot also be used with {table.codec.signature!r}"
            )
