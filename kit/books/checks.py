"""Checking a book store: every problem found, as the shared problems frame, without raising.

:func:`problems` checks each book, card asset, world asset and session on its own (one bad item is one row
and the others are still checked): unreadable or malformed files (a book missing a field the design requires
is a row naming that field), torn trace lines, references to ids that do not exist, listed files that are
missing.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kit.books._io import read_json
from kit.books.errors import BookRecordError, TornTraceWarning, TraceError
from kit.books.layout import StoreLayout
from kit.books.reading import read_asset, read_book, read_card_of, read_trace, read_world_asset
from kit.books.records import ContentRecord, PlayBook, ProjectBook, RunSnapshot
from kit.core.problems import problems_frame

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["problems"]


class _Report:
    """The rows found so far, and the ids that exist (for the reference checks)."""

    def __init__(self, lay: StoreLayout) -> None:
        self.lay = lay
        self.rows: list[dict[str, Any]] = []
        self.asset_ids = self.listing(lay.asset_ids, lay.root / "assets" / "cards")
        self.world_ids = self.listing(lay.world_asset_ids, lay.root / "assets" / "worlds")
        self.book_ids = self.listing(lay.book_ids, lay.root / "books")

    def add(self, path: Path | str, field: str, reason: str, severity: str = "error", *, kind: str = "unreadable",
            object_id: str | None = None) -> None:  # fmt: skip
        rel = self.lay.rel(path) if isinstance(path, Path) else path
        self.rows.append({"severity": severity, "kind": kind, "object_id": object_id, "field": field,
                          "message": reason.replace(str(self.lay.root) + "/", ""), "path": rel})  # fmt: skip

    def error(self, path: Path, exc: Exception, object_id: str | None, field: str = "") -> None:
        """One ``unreadable`` row for ``exc`` (its own file and field when it names them)."""
        where = getattr(exc, "path", None)
        path = Path(where) if isinstance(where, str) and where else path
        self.add(path, getattr(exc, "field", "") or field, str(exc) or type(exc).__name__, object_id=object_id)

    def guarded(self, path: Path, object_id: str | None, check: Callable[[], None]) -> None:
        try:
            check()
        except Exception as exc:  # problems() reports; it never raises on a bad item
            self.error(path, exc, object_id)

    def listing(self, list_ids: Callable[[], list[str]], where: Path) -> set[str]:
        try:
            return set(list_ids())
        except Exception as exc:  # an unlistable folder is one row, the rest is still checked
            self.add(where, "", f"cannot list the folder: {exc}")
            return set()


def _check_book(report: _Report, book_id: str) -> None:
    lay = report.lay
    try:
        layout = lay.layout(book_id)
        path = lay.project_file(book_id) if layout == "dir" else lay.flat_file(book_id)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", TornTraceWarning)
            book = read_book(lay, book_id, warn=False)
    except (BookRecordError, TraceError) as exc:
        report.add(Path(exc.path) if exc.path else lay.root / "books" / book_id, exc.field, str(exc), object_id=book_id)
        return
    if layout == "dir":
        log = read_trace(lay, book_id, warn=False)
        if log.torn_line is not None:
            report.add(lay.trace_file(book_id), f"line {log.torn_line}", "torn last line ignored (interrupted write)",
                       "warning", kind="torn_trace", object_id=book_id)  # fmt: skip
    if isinstance(book, PlayBook):
        _check_play_references(report, book, path)
    if isinstance(book, ProjectBook) and layout == "dir":
        for cid in (book.current_content_id, *book.history_content_ids):
            if cid and not lay.content_file(book_id, cid).exists():
                field = "currentContentId" if cid == book.current_content_id else "historyContentIds"
                report.add(path, field, f"content {cid!r} is missing", kind="missing_file", object_id=book_id)
    for sub, parse in (("snapshots", RunSnapshot.from_dict), ("contents", ContentRecord.from_dict)):
        folder = lay.book_dir(book_id) / sub
        for p in sorted(folder.glob("*.json")) if folder.is_dir() else []:
            try:
                parse(read_json(p), str(p))
            except Exception as exc:  # reported, and the other files are still checked
                report.error(p, exc, book_id)


def _check_play_references(report: _Report, book: PlayBook, path: Path) -> None:
    if book.card_ref.asset_id not in report.asset_ids:
        report.add(path, "cardRef.assetId", f"card asset {book.card_ref.asset_id!r} does not exist",
                   kind="missing_reference", object_id=book.id)  # fmt: skip
    if book.world_ref and book.world_ref.asset_id and book.world_ref.asset_id not in report.world_ids:
        report.add(path, "worldRef.assetId", f"world asset {book.world_ref.asset_id!r} does not exist",
                   kind="missing_reference", object_id=book.id)  # fmt: skip
    for sid in book.snapshot_ids:
        if not report.lay.snapshot_file(book.id, sid).exists():
            report.add(path, "snapshotIds", f"snapshot {sid!r} is listed but its file is missing",
                       kind="missing_file", object_id=book.id)  # fmt: skip


def _check_asset(report: _Report, asset_id: str) -> None:
    lay = report.lay
    path = lay.asset_file(asset_id)
    try:
        record = read_asset(lay, asset_id)
    except BookRecordError as exc:
        report.add(path, exc.field, str(exc), object_id=asset_id)
        return
    if record.card_book_id and record.card_book_id not in report.book_ids:
        report.add(path, "cardBookId", f"card book {record.card_book_id!r} does not exist",
                   kind="missing_reference", object_id=asset_id)  # fmt: skip
    if record.world_ref and record.world_ref not in report.world_ids:
        report.add(path, "worldRef", f"world asset {record.world_ref!r} does not exist",
                   kind="missing_reference", object_id=asset_id)  # fmt: skip
    if record.avatar and not path.with_name(record.avatar).exists():
        report.add(path, "avatar", f"avatar file {record.avatar!r} is missing", kind="missing_file", object_id=asset_id)
    if not (record.world_ref and record.world_ref not in report.world_ids):
        try:
            read_card_of(lay, asset_id)
        except Exception as exc:  # reported like every other problem of the asset
            report.add(path, getattr(exc, "field", "") or "card", str(exc) or type(exc).__name__, object_id=asset_id)


def _check_world(report: _Report, world_id: str) -> None:
    path = report.lay.world_file(world_id)
    try:
        world = read_world_asset(report.lay, world_id)
    except BookRecordError as exc:
        report.add(path, exc.field, str(exc), object_id=world_id)
        return
    if world.card_asset_id and world.card_asset_id not in report.asset_ids:
        report.add(path, "cardAssetId", f"card asset {world.card_asset_id!r} does not exist",
                   kind="missing_reference", object_id=world_id)  # fmt: skip


def _check_session(report: _Report, sid: str, path: Path) -> None:
    try:
        data = read_json(path)
    except BookRecordError as exc:
        report.add(path, exc.field, str(exc), object_id=sid)
        return
    ref = data.get("bookId")
    if ref is not None and ref not in report.book_ids:
        report.add(path, "bookId", f"book {ref!r} does not exist", kind="missing_reference", object_id=sid)


def problems(lay: StoreLayout) -> pd.DataFrame:
    """Every problem found in the store, without raising: unreadable files, torn trace lines, broken references.

    A book, asset, world or session that cannot be checked at all (a non-regular file, JSON nested too
    deeply or too costly to read, an unexpected failure) is one ``unreadable`` row naming its file; the
    other items are still checked. A book missing a field the design requires (``orchestratorId``,
    ``contextProfile``, ``runSkillManifest``, ...) is a row whose ``field`` names it.

    Returns
    -------
    DataFrame
        The shared problems shape (:mod:`kit.core.problems`): ``severity`` (``warning`` for a torn last
        trace line, else ``error``), ``kind`` (``unreadable``, ``torn_trace``, ``missing_reference``,
        ``missing_file``), ``object_id`` (the book, card asset, world asset or session id), ``field``,
        ``message``, ``path`` (relative to the store); sorted by path and field.
    """
    report = _Report(lay)
    for book_id in sorted(report.book_ids):
        report.guarded(lay.root / "books" / book_id, book_id, partial(_check_book, report, book_id))
    for asset_id in sorted(report.asset_ids):
        report.guarded(lay.asset_file(asset_id), asset_id, partial(_check_asset, report, asset_id))
    for world_id in sorted(report.world_ids):
        report.guarded(lay.world_file(world_id), world_id, partial(_check_world, report, world_id))
    try:
        sessions = list(lay.session_files())
    except Exception as exc:  # an unlistable folder is one row
        report.add(lay.root / "sessions", "", f"cannot list the folder: {exc}")
        sessions = []
    for sid, session_path, _layout in sessions:
        report.guarded(session_path, sid, partial(_check_session, report, sid, session_path))
    return problems_frame(report.rows, sort=["path", "field"])
