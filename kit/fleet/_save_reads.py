"""What a fleet task runs: the saves of one partition opened one by one and read by the single-save code.

Every read (``summary``, ``tables``, ``documents``, ``problems``, ``saves``) is a function of one opened save,
:class:`SaveRead`, returning plain row dicts. A task opens each save of its partition once and hands it to every
read computed together (:class:`FusedRead`), so a database decoded for the summary is not decoded again for the
tables or the problems of the same computation: the database handles of one open save share their decoded state.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kit.core.errors import KitError
from kit.core.frames import column_arrays, frame
from kit.retrieval import split_paragraphs  # imported with the module, not inside every task
from kit.saves.save import Save, open_save

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["FleetSave", "Partition", "SaveRead", "PartitionReader", "FusedRead", "opened"]


@dataclass(frozen=True)
class FleetSave:
    """One save of a fleet: its id (the path relative to the saves' common folder) and folder."""

    save_id: str
    path: Path
    size_bytes: int = 0

    def __dask_tokenize__(self) -> tuple[str, str, str, int]:
        """Dask's token for this save: its fields as plain values (Dask otherwise pickles every record of the
        fleet to name a collection, a quarter of a second for 1,000 saves on the client).
        """
        return ("kit.fleet.FleetSave", self.save_id, os.fspath(self.path), self.size_bytes)


@dataclass(frozen=True)
class Partition:
    """One partition's saves as a lazy frame of the fleet holds them, named for Dask by ``token`` (the fleet's digest
    and the partition's position): tokenizing the records themselves cost over a second of the client for every
    lazy frame of 10,000 saves.
    """

    saves: tuple[FleetSave, ...]
    token: str

    def __dask_tokenize__(self) -> tuple[str, str]:
        return ("kit.fleet.Partition", self.token)


@dataclass(frozen=True)
class SaveRead:
    """One save as a task sees it: the fleet's record, the opened save (``None`` when it does not open) and its
    database handles (shared first, then players), listed once for every read of the save.
    """

    item: FleetSave
    save: Save | None
    handles: list[Any]


def opened(items: Iterable[FleetSave]) -> Iterator[SaveRead]:
    """Each save opened in turn (and closed before the next one opens)."""
    for item in items:
        try:
            save = open_save(item.path)
        except (KitError, OSError):
            yield SaveRead(item, None, [])
            continue
        with save:
            yield SaveRead(item, save, save.databases.handles())


# -- the reads: one opened save -> row dicts ---------------------------------------------------------------


def _readable(view: SaveRead, read: Callable[[Any], Any]) -> Iterator[tuple[Any, Any]]:
    """``(handle, read(handle))`` for every database of the save that ``read`` can read; a database that fails is
    skipped (``problems()`` reports it).
    """
    for handle in view.handles:
        try:
            value = read(handle)
        except (KitError, OSError):
            continue
        yield handle, value


def summary_rows(view: SaveRead) -> list[dict[str, Any]]:
    """The rows of ``Save.summary()`` (its :meth:`~kit.saves.database.AgentDatabase.stats` records) with
    ``save_id``; a database that cannot be read has no row, the readable ones keep theirs.
    """
    save_id = view.item.save_id
    return [{"save_id": save_id, **vars(stats)} for _, stats in _readable(view, lambda h: h.stats())]


def tables_rows(view: SaveRead) -> list[dict[str, Any]]:
    save_id = view.item.save_id
    return [
        {"save_id": save_id, "scope": handle.scope, "player_uuid": handle.player_uuid or "", **vars(t)}
        for handle, tables in _readable(view, lambda h: h.table_stats())
        for t in tables
    ]


def documents_rows(view: SaveRead, table_id: str) -> list[dict[str, Any]]:
    rows = []
    for handle, docs in _readable(view, lambda h: h.frame(table_id) if table_id in h.table_ids() else None):
        if docs is None or "doc_id" not in docs.columns:
            continue  # no such table, or stored with another codec: not a documents table in this save
        for r in docs.to_dict("records"):
            rows.append(
                {
                    "save_id": view.item.save_id,
                    "scope": handle.scope,
                    "player_uuid": handle.player_uuid or "",
                    "language": r["language"],
                    "doc_id": r["doc_id"],
                    "title": r["title"],
                    "n_paragraphs": len(split_paragraphs(r["text"])),
                    "n_chars": r["n_chars"],
                }
            )
    return rows


def _unreadable(handles: list[Any]) -> list[tuple[Any, Exception]]:
    """``(handle, error)`` for every database that does not decode (decoding is all it does: no frame, no sizes)."""
    failed: list[tuple[Any, Exception]] = []
    for handle in handles:
        try:
            handle.table_ids()
        except (KitError, OSError) as exc:
            failed.append((handle, exc))
    return failed


def _problem(item: FleetSave, kind: str, object_id: str, message: str, path: str) -> dict[str, Any]:
    return {
        "severity": "error",
        "kind": kind,
        "object_id": object_id,
        "field": None,
        "message": message,
        "path": path,
        "save_id": item.save_id,
    }


def problem_rows(view: SaveRead) -> list[dict[str, Any]]:
    item = view.item
    if view.save is None:
        message = "cannot open the save folder" if item.path.is_dir() else "no such save folder"
        return [_problem(item, "missing_save", item.save_id, message, str(item.path))]
    return [
        _problem(item, "unreadable_database", handle.player_uuid or "shared", str(exc), str(handle.path))
        for handle, exc in _unreadable(view.handles)
    ]


def saves_rows(view: SaveRead) -> list[dict[str, Any]]:
    readable, n_players, size = False, 0, 0
    if view.save is not None:
        readable = not _unreadable(view.handles)
        n_players = len(view.handles) - 1
        size = sum(h.path.stat().st_size for h in view.handles if h.path.is_file())
    return [
        {
            "save_id": view.item.save_id,
            "path": str(view.item.path),
            "readable": readable,
            "n_players": n_players,
            "size_bytes": size,
        }
    ]


# -- what the tasks run ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PartitionReader:
    """One read over every save of a partition: ``reader`` (one of the functions above) with ``args``, its rows
    framed with ``schema``.

    A module-level class, so a task pickles by reference (a closure is pickled by value with its globals),
    and Dask names the collection from :meth:`__dask_tokenize__` instead of pickling the function.
    """

    reader: Callable[..., list[dict[str, Any]]]
    schema: Mapping[str, Any]
    args: tuple[Any, ...] = ()

    def rows(self, view: SaveRead) -> list[dict[str, Any]]:
        return self.reader(view, *self.args)

    def __call__(self, group: Partition | tuple[FleetSave, ...]) -> pd.DataFrame:
        """The partition as a frame (the task of the Dask DataFrame route, for frames derived from a read)."""
        saves = group.saves if isinstance(group, Partition) else group
        return frame(self.schema, [row for view in opened(saves) for row in self.rows(view)])

    def __dask_tokenize__(self) -> tuple[Any, ...]:
        reader = f"{self.reader.__module__}.{self.reader.__qualname__}"
        schema = tuple((name, str(dtype)) for name, dtype in self.schema.items())
        return ("kit.fleet.saves._PartitionReader", reader, schema, self.args)


@dataclass(frozen=True)
class FusedRead:
    """Several reads of one fleet computed together, as the one task per partition of ``Fleet.compute``."""

    reads: tuple[PartitionReader, ...]

    def columns(self, group: tuple[tuple[str, str], ...]) -> list[list[Any]]:
        """For every read, the partition's rows as one array per column in the read's schema order.

        ``group`` holds ``(save_id, path)`` strings, so a task carries no ``Path`` or record objects. Each save is
        opened once for all the reads. The columns are converted to the schema's arrays here, in the worker
        (:func:`kit.core.frames.column_arrays`): the conversion runs in parallel over the workers instead of on the
        client after the last task, Arrow string arrays and NumPy arrays pickle several times faster than lists of
        Python values, and the client only concatenates them (:func:`kit.core.frames.concat_arrays`).
        """
        rows: list[list[dict[str, Any]]] = [[] for _ in self.reads]
        for view in opened(FleetSave(save_id, Path(path)) for save_id, path in group):
            for read, out in zip(self.reads, rows):
                out.extend(read.rows(view))
        return [
            column_arrays(read.schema, [[row.get(name) for row in out] for name in read.schema])
            for read, out in zip(self.reads, rows)
        ]


def partition_reader(reader: Callable[..., list[dict[str, Any]]], schema: Mapping[str, Any], *args: Any) -> Any:
    return PartitionReader(reader, schema, tuple(args))
