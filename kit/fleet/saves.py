"""Fleets of saves: many save folders (nightly backups of a server network) analysed lazily with Dask.

Every save is read by the single-save code (:func:`kit.open_save`, :meth:`kit.Save.summary`, the
databases' ``tables()`` / ``frame()``), one partition holding one save or a group of small saves, so memory
stays bounded by a partition. A save is opened, read and closed inside its task: nothing is shared across
saves, and no function here joins one save's players with another's.
"""

from __future__ import annotations

import functools
import hashlib
import math
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kit.core.frames import concat_arrays, frame
from kit.core.problems import problem_schema
from kit.fleet._dask import check_progress, compute_with_calls, resolve_client, worker_threads
from kit.fleet._finding import check_count_option, database_size, find_saves, save_ids
from kit.fleet._save_reads import (
    FleetSave,
    FusedRead,
    Partition,
    PartitionReader,
    documents_rows,
    partition_reader,
    problem_rows,
    saves_rows,
    summary_rows,
    tables_rows,
)
from kit.fleet.errors import FleetParameterError, FleetSourceError
from kit.saves.stats import SUMMARY_SCHEMA as SAVE_SUMMARY_SCHEMA
from kit.saves.tables import documents_table

if TYPE_CHECKING:
    import dask.dataframe as dd
    import pandas as pd

__all__ = [
    "SAVES_SCHEMA",
    "SUMMARY_SCHEMA",
    "TABLES_SCHEMA",
    "DOCUMENTS_SCHEMA",
    "FLEET_PROBLEM_SCHEMA",
    "FleetSave",
    "Fleet",
    "open_fleet",
]

#: Columns of :meth:`Fleet.saves`.
SAVES_SCHEMA: dict[str, Any] = {
    "save_id": "string",
    "path": "string",
    "readable": "bool",
    "n_players": "int64",
    "size_bytes": "int64",
}
#: Columns of :meth:`Fleet.summary` (``save_id`` then the columns of :meth:`kit.Save.summary`).
SUMMARY_SCHEMA: dict[str, Any] = {"save_id": "string", **SAVE_SUMMARY_SCHEMA}
#: Columns of :meth:`Fleet.tables`.
TABLES_SCHEMA: dict[str, Any] = {
    "save_id": "string",
    "scope": "string",
    "player_uuid": "string",
    "table_id": "string",
    "codec": "string",
    "n_entries": "int64",
    "n_documents": "int64",
    "size_bytes": "int64",
}
#: Columns of :meth:`Fleet.documents`.
DOCUMENTS_SCHEMA: dict[str, Any] = {
    "save_id": "string",
    "scope": "string",
    "player_uuid": "string",
    "language": "string",
    "doc_id": "string",
    "title": "string",
    "n_paragraphs": "int64",
    "n_chars": "int64",
}
#: Columns of :meth:`Fleet.problems`: :data:`kit.core.problems.PROBLEM_SCHEMA`, then ``save_id``.
FLEET_PROBLEM_SCHEMA: dict[str, Any] = problem_schema({"save_id": "string"})
#: Old names of the schemas above, kept for one release (issue 21: every column -> dtype dict is a ``*_SCHEMA``).
SAVES_COLUMNS, SUMMARY_COLUMNS, TABLES_COLUMNS = SAVES_SCHEMA, SUMMARY_SCHEMA, TABLES_SCHEMA
DOCUMENTS_COLUMNS, FLEET_PROBLEM_COLUMNS = DOCUMENTS_SCHEMA, FLEET_PROBLEM_SCHEMA


# -- the fleet ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fleet:
    """Many saves, read lazily in partitions (see :func:`open_fleet`).

    Attributes
    ----------
    items : tuple of FleetSave
        The saves, sorted by ``save_id``.
    partitions : tuple of tuple of FleetSave
        How the saves are grouped into Dask partitions (one save, or several small ones).
    client : distributed.Client or None
        Where :meth:`compute` and :meth:`saves` run; ``None`` is Dask's default scheduler.
    """

    items: tuple[FleetSave, ...]
    partitions: tuple[tuple[FleetSave, ...], ...]
    client: Any = field(default=None, repr=False, compare=False)
    #: The reads behind the collections this fleet made (by Dask name), which :meth:`compute` runs as plain tasks.
    _reads: dict[str, tuple[PartitionReader, str]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.items)

    @property
    def npartitions(self) -> int:
        """The number of Dask partitions."""
        return len(self.partitions)

    def _lazy(
        self, reader: Callable[..., list[dict[str, Any]]], schema: Mapping[str, Any], label: str, *args: Any
    ) -> dd.DataFrame:
        import dask
        import dask.dataframe as dd

        if not self.partitions:  # a fleet without saves: one empty partition of the same schema
            return dd.from_pandas(frame(schema), npartitions=1)
        # The partitions are already of the schema's dtypes: no per-partition string conversion layer.
        read = partition_reader(reader, schema, *args)
        with dask.config.set({"dataframe.convert-string": False}):
            lazy = dd.from_map(read, self._named_partitions, meta=frame(schema), label=label, enforce_metadata=False)
        self._reads[lazy._name] = (read, label)
        return lazy

    @functools.cached_property
    def _named_partitions(self) -> list[Partition]:
        """The partitions named by one digest of the fleet (ids, folders, sizes, grouping) and their position."""
        digest = hashlib.blake2b(digest_size=16)
        for group in self.partitions:
            digest.update(b"\1")
            for item in group:
                digest.update(f"{item.save_id}\0{os.fspath(item.path)}\0{item.size_bytes}\0".encode("utf-8", "replace"))
        token = digest.hexdigest()
        return [Partition(group, f"{token}-{i}") for i, group in enumerate(self.partitions)]

    @functools.cached_property
    def _plain_partitions(self) -> list[tuple[tuple[str, str], ...]]:
        """The partitions as ``(save_id, path)`` strings: what a task of :meth:`compute` is sent."""
        return [tuple((item.save_id, os.fspath(item.path)) for item in group) for group in self.partitions]

    def summary(self) -> dd.DataFrame:
        """One row per readable database of every save (lazy).

        Returns
        -------
        dask.dataframe.DataFrame
            Columns ``save_id`` then those of :meth:`kit.Save.summary`: ``scope, player_uuid, path`` (relative to
            the save), ``exists, file_size_bytes, n_tables, n_entries, n_documents``; saves in ``save_id`` order,
            each as its ``Save.summary()`` orders them. A database that cannot be read has no row (it is in
            :meth:`problems`), the rest of its save still has theirs.
        """
        return self._lazy(summary_rows, SUMMARY_SCHEMA, "fleet-summary")

    def tables(self) -> dd.DataFrame:
        """One row per table of every readable database (lazy).

        Returns
        -------
        dask.dataframe.DataFrame
            Columns ``save_id, scope, player_uuid, table_id, codec, n_entries, n_documents, size_bytes`` (the
            columns of ``AgentDatabase.tables()`` but ``is_documents``).
        """
        return self._lazy(tables_rows, TABLES_SCHEMA, "fleet-tables")

    def documents(self, table_id: str) -> dd.DataFrame:
        """One row per document of the documents table ``table_id`` in every readable database (lazy).

        Parameters
        ----------
        table_id : str
            A namespaced id (``"system:knowledge"``); checked now. Databases where the table is absent or
            stored with another codec contribute no rows.

        Returns
        -------
        dask.dataframe.DataFrame
            Columns ``save_id, scope, player_uuid, language, doc_id, title, n_paragraphs`` (as
            :func:`kit.retrieval.split_paragraphs` splits the text), ``n_chars``; stored order.
        """
        table_id = documents_table(table_id).id
        return self._lazy(documents_rows, DOCUMENTS_SCHEMA, "fleet-documents", table_id)

    def problems(self) -> dd.DataFrame:
        """One row per unreadable database file or missing save folder (lazy); one bad save never stops the rest.

        Returns
        -------
        dask.dataframe.DataFrame
            The shared problems shape (:data:`kit.core.problems.PROBLEM_SCHEMA`), then ``save_id``:
            ``severity`` (ordered ``warning < error``; always ``error`` here), ``kind`` (``unreadable_database``,
            ``missing_save``), ``object_id`` (``"shared"``, the player UUID, or the save id), ``field`` (``<NA>``:
            the whole file), ``message`` (the single-save error, naming the file and reason), ``path``,
            ``save_id``.
        """
        return self._lazy(problem_rows, FLEET_PROBLEM_SCHEMA, "fleet-problems")

    def saves(self, *, progress: bool | None = None) -> pd.DataFrame:
        """One row per save. Computes (every database is decoded to tell whether it is readable).

        Parameters
        ----------
        progress : bool or None, default=None
            Show Dask's progress bar on the local scheduler, the dashboard link on a cluster; ``None``: once the
            computation has run 2 seconds (:data:`kit.fleet._dask.LONG_RUN_SECONDS`).

        Returns
        -------
        pandas.DataFrame
            Columns ``save_id, path, readable`` (every database file decodes), ``n_players`` (player database
            files), ``size_bytes`` (of the database files); sorted by ``save_id``.
        """
        lazy = self._lazy(saves_rows, SAVES_SCHEMA, "fleet-saves")
        (result,) = self.compute(lazy, progress=progress)
        return result

    def compute(self, *collections: Any, progress: bool | None = None) -> Any:
        """Compute Dask collections (from this fleet or not) where the fleet runs; one result per collection,
        pandas frames with a fresh ``RangeIndex``.

        ``progress``: ``True`` shows Dask's progress bar on the local scheduler and prints the dashboard link on a
        cluster; ``None`` does the same once the computation has run 2 seconds (short runs print nothing); ``False``
        never. ``collection.compute()`` works too: it uses Dask's default scheduler, or the ``distributed.Client``
        created last in the session.

        The frames of this fleet used as they are (``fleet.compute(fleet.summary(), fleet.problems())``) take Dask's
        leanest route, with the same result: one task per partition (``client.map`` on a cluster) opens each of its
        saves once, runs every such read on it (each database is decoded once for all of them) and returns the rows
        as column arrays (converted in the workers); each result is fetched as its task ends, and they are
        concatenated once here; no DataFrame graph is built or optimised, no frame is pickled or concatenated per
        partition. A frame derived from one (``summary[summary.n_entries > 0]``) and any other
        Dask collection are computed by Dask as usual, in the same submission.
        """
        check_progress(progress, "Fleet.compute")
        names = [self._read_name(c) for c in collections]
        others = [c for c, name in zip(collections, names) if name is None]
        fused = list(dict.fromkeys(name for name in names if name is not None))  # each read once, in order
        task = FusedRead(tuple(self._reads[name][0] for name in fused))
        label = "+".join(dict.fromkeys(self._reads[name][1] for name in fused))
        calls = [(task.columns, self._plain_partitions, label)] if fused else []
        computed, batches = compute_with_calls(others, calls, client=self.client, progress=progress)
        done = iter(computed)
        results = []
        for name in names:
            if name is not None:
                j = fused.index(name)
                results.append(concat_arrays(task.reads[j].schema, [part[j] for part in batches[0]]))
            else:
                result = next(done)
                results.append(result.reset_index(drop=True) if hasattr(result, "reset_index") else result)
        return tuple(results)

    def _read_name(self, collection: Any) -> str | None:
        """The Dask name of a collection this fleet made, unchanged since (``None`` for any other collection)."""
        name = getattr(collection, "_name", None)
        return name if isinstance(name, str) and name in self._reads else None


#: Default grouping of saves: about this many partitions per worker thread, fewer than the other fleet work's
#: :data:`~kit.fleet._dask.TASKS_PER_THREAD` (4) because a save is short work: 1,000 small saves make tasks of
#: 65 ms at 4 a thread, and each task costs ~5.5 ms of CPU in Dask's messages on the benchmark's 2-core VM
#: (client, scheduler and worker together). Two a thread still even out uneven partitions as tasks end; measured on
#: 2 workers (``bench_fleet.py --parts saves``, three interleaved pairs): 1.52-1.62x the records loop against
#: 1.42-1.46x at 4 a thread, and 10,000 saves in 4.6 s against 4.8.
SAVE_PARTITIONS_PER_THREAD = 2
#: Never more saves than this in one partition, so a task stays short however large the fleet: a small save takes
#: about 0.6 ms to summarise and 1.7 ms for summary, tables and problems together on a core, so 256 of them
#: 0.15-0.45 s (the longest of 10,000 saves' tasks took 0.42 s: well under a second), and a lost worker redoes little.
MAX_SAVES_PER_PARTITION = 256
#: Default ``partition_bytes`` of :func:`open_fleet`: partitions are also bounded by the bytes they decode, the work
#: of large databases (NBT is decoded in Python, 4-8 MB a second for a summary or the tables): 1 MiB keeps a
#: partition of large databases around a quarter of a second, while 256 small saves (generated ones are 0.5-7 KB)
#: stay below it.
PARTITION_BYTES = 1024 * 1024
#: A save's work that does not grow with its bytes (opening it, listing its players, a record per database),
#: counted as the bytes whose decoding costs as much: about 0.16 ms a save against 0.12 ms a KiB decoded.
SAVE_COST_BYTES = 1024


def _group(
    items: list[FleetSave], saves_per_partition: int | None, partition_bytes: int, threads: int
) -> list[tuple[FleetSave, ...]]:
    """Consecutive runs of saves (so results stay in ``save_id`` order) of about equal work.

    Work is a save's database bytes plus :data:`SAVE_COST_BYTES`: partitions of equal counts differ by 20-40% in
    work when saves grow from night to night, and a worker given the heavier ones finishes last while the other
    waits. Each partition aims at the remaining work over the partitions still to make (about
    :data:`SAVE_PARTITIONS_PER_THREAD` per thread, more when the caps below demand), and a save joins it while its
    midpoint stays within that aim; a partition never holds more than :data:`MAX_SAVES_PER_PARTITION` saves or
    ``partition_bytes`` of database files (a larger save has a partition of its own).
    """
    if saves_per_partition is not None:
        return [tuple(items[i : i + saves_per_partition]) for i in range(0, len(items), saves_per_partition)]
    weights = [item.size_bytes + SAVE_COST_BYTES for item in items]
    wanted = max(
        SAVE_PARTITIONS_PER_THREAD * threads,
        math.ceil(len(items) / MAX_SAVES_PER_PARTITION),
        math.ceil(sum(item.size_bytes for item in items) / partition_bytes),
    )
    remaining = sum(weights)
    groups: list[tuple[FleetSave, ...]] = []
    current: list[FleetSave] = []
    weight = size = 0
    aim = remaining / max(1, wanted)
    for item, w in zip(items, weights):
        if current and (
            weight + w / 2 > aim or len(current) >= MAX_SAVES_PER_PARTITION or size + item.size_bytes > partition_bytes
        ):
            groups.append(tuple(current))
            remaining -= weight
            aim = remaining / max(1, wanted - len(groups))
            current, weight, size = [], 0, 0
        current.append(item)
        weight += w
        size += item.size_bytes
    if current:
        groups.append(tuple(current))
    return groups


def open_fleet(
    source: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    *,
    client: Any = None,
    saves_per_partition: int | None = None,
    partition_bytes: int = PARTITION_BYTES,
) -> Fleet:
    """Find the saves of a fleet (nothing is decoded: the returned frames are lazy).

    Parameters
    ----------
    source : glob pattern, folder, or list of save folders
        ``"backups/*/world"`` (folders matching the pattern), a save folder, a folder holding saves at any
        depth (a save is a folder with ``system/database/``), or an explicit list (a missing folder there is
        kept and reported by :meth:`Fleet.problems`).
    client : distributed.Client, str or None, default=None
        Where :meth:`Fleet.compute` and the computing helpers run: ``None`` is Dask's default scheduler on
        this machine; an address string (``"tcp://host:8786"``) connects a new client.
    saves_per_partition : int, optional
        Saves per Dask partition. Default: about :data:`SAVE_PARTITIONS_PER_THREAD` (2) partitions per worker thread
        of the client (per CPU without one), at most :data:`MAX_SAVES_PER_PARTITION` (256) saves and ``partition_bytes``
        of database files each; a large save has a partition of its own. Each task costs a few milliseconds
        of scheduling and serialisation, so small saves are grouped into runs of about equal work (database
        bytes plus :data:`SAVE_COST_BYTES` a save); the grouping never changes a result.
    partition_bytes : int, default=1 MiB (:data:`PARTITION_BYTES`)

    Returns
    -------
    Fleet
        Saves sorted by ``save_id``: each save's path relative to the folder all the saves share
        (``"server-01/2026-10-01"``), or its folder name for a single save.

    Raises
    ------
    FleetSourceError
        When the pattern or folder holds no save.
    """
    check_count_option(saves_per_partition, "saves_per_partition", optional=True, example="8")
    check_count_option(partition_bytes, "partition_bytes", optional=False, example="1024 * 1024")
    paths = find_saves(source)
    if not paths:
        raise FleetSourceError("open_fleet was given no saves")
    ids = save_ids(paths)
    if len(set(ids)) != len(ids):
        raise FleetParameterError("open_fleet was given the same save folder twice")
    items = sorted((FleetSave(i, p, database_size(p)) for i, p in zip(ids, paths)), key=lambda s: s.save_id)
    client = resolve_client(client)
    groups = _group(items, saves_per_partition, partition_bytes, worker_threads(client))
    return Fleet(tuple(items), tuple(groups), client)
