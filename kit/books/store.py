"""The book store: a role-play studio folder of books, card assets, world assets and sessions.

:class:`BookStore` is the facade: every method is one function of a module that does one job, taking the store
(a :class:`~kit.books.layout.StoreLayout`) as its first argument:

* :mod:`kit.books.layout` - paths, ids and the folder layout (the store's own attributes);
* :mod:`kit.books.reading` - books, assets, worlds, snapshots, contents as records;
* :mod:`kit.books.commands` - creating books and changing them;
* :mod:`kit.books.artifacts` - the design's artifact state machine;
* :mod:`kit.books.sessions` - working-copy sessions, resuming from snapshots, settling into the book;
* :mod:`kit.books.card_assets` - the card library (export, import, card files);
* :mod:`kit.books.reports` - DataFrames over the store;
* :mod:`kit.books.checks` - :meth:`BookStore.problems`;
* :mod:`kit.books.migration` - the older flat layout to the current one.

Every JSON file is written atomically; traces are appended line by line with an fsync each. Nothing that
carries an API key is written (:class:`~kit.books.errors.SecretError`). Every mutation holds the store's
write lock (:class:`kit.books._lock.StoreLock`, an ``flock`` on the studio folder), so writers in several
processes or threads take turns instead of losing each other's updates.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Concatenate, ParamSpec, TypeVar

from kit.books import artifacts, card_assets, checks, commands, migration, reading, reports, sessions
from kit.books.errors import BookNotFoundError
from kit.books.layout import StoreLayout, utc_now
from kit.books.reports import (
    ARTIFACTS_COLUMNS,
    ARTIFACTS_SCHEMA,
    ASSETS_COLUMNS,
    ASSETS_SCHEMA,
    BOOKS_COLUMNS,
    BOOKS_SCHEMA,
    CONTENTS_COLUMNS,
    CONTENTS_SCHEMA,
    MESSAGES_COLUMNS,
    MESSAGES_SCHEMA,
    PROBLEMS_COLUMNS,
    PROBLEMS_SCHEMA,
    SESSIONS_COLUMNS,
    SESSIONS_SCHEMA,
    SNAPSHOTS_COLUMNS,
    SNAPSHOTS_SCHEMA,
    TIMELINE_COLUMNS,
    TIMELINE_SCHEMA,
    TRACE_TYPE,
    TRACES_COLUMNS,
    TRACES_SCHEMA,
    WORLD_ENTRIES_COLUMNS,
    WORLD_ENTRIES_SCHEMA,
)
from kit.books.sessions import SETTLE_SCHEMA

__all__ = [
    "ARTIFACTS_COLUMNS", "ARTIFACTS_SCHEMA", "ASSETS_COLUMNS", "ASSETS_SCHEMA", "BOOKS_COLUMNS", "BOOKS_SCHEMA",
    "CONTENTS_COLUMNS", "CONTENTS_SCHEMA", "MESSAGES_COLUMNS", "MESSAGES_SCHEMA", "PROBLEMS_COLUMNS",
    "PROBLEMS_SCHEMA", "SESSIONS_COLUMNS", "SESSIONS_SCHEMA", "SETTLE_SCHEMA", "SNAPSHOTS_COLUMNS",
    "SNAPSHOTS_SCHEMA", "TIMELINE_COLUMNS", "TIMELINE_SCHEMA", "TRACES_COLUMNS", "TRACES_SCHEMA", "TRACE_TYPE",
    "WORLD_ENTRIES_COLUMNS", "WORLD_ENTRIES_SCHEMA", "BookStore", "open_store", "utc_now",
]  # fmt: skip

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _reads(function: Callable[Concatenate[StoreLayout, _P], _R]) -> Callable[Concatenate[StoreLayout, _P], _R]:
    """A store method that reads: ``function(store, ...)`` with the function's name, signature and docstring."""

    @functools.wraps(function)
    def method(self: StoreLayout, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        return function(self, *args, **kwargs)

    return method


def _writes(function: Callable[Concatenate[StoreLayout, _P], _R]) -> Callable[Concatenate[StoreLayout, _P], _R]:
    """A store method that writes: ``function(store, ...)`` while holding the store's write lock (checks and
    writes happen under one lock); ``__wrapped__`` is the unlocked function.
    """

    @functools.wraps(function)
    def method(self: StoreLayout, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        with self.lock.hold():
            return function(self, *args, **kwargs)

    return method


class BookStore(StoreLayout):
    """A studio folder of books and card assets (see the module docstring for the modules behind it).

    Use :func:`open_store` to get one. Reading methods return records or DataFrames; writing methods
    validate everything, refuse secrets, and only then write, so a refused call leaves the store unchanged.

    Parameters
    ----------
    root : Path
        The studio folder.
    clock : callable, optional
        Timestamp source for operations called without ``at=``.
    lock_timeout : float, default=10.0
        Seconds a write waits for the store's write lock.
    """

    def __repr__(self) -> str:
        return f"BookStore({self.root.name!r})"

    # reading (kit.books.reading)
    book = _reads(reading.read_book)
    asset = _reads(reading.read_asset)
    world_asset = _reads(reading.read_world_asset)
    avatar = _reads(reading.read_avatar)
    card = _reads(reading.read_card_of)
    world_book = _reads(reading.read_world_book)
    snapshot = _reads(reading.read_snapshot)
    content = _reads(reading.read_content)
    latest_snapshot = _reads(reading.latest_snapshot)
    session = _reads(sessions.read_session)

    # changing books (kit.books.commands, kit.books.artifacts, kit.books.migration)
    create_card_book = _writes(commands.create_card_book)
    create_project_book = _writes(commands.create_project_book)
    create_play_book = _writes(commands.create_play_book)
    append_design_trace = _writes(commands.append_design_trace)
    append_play_trace = _writes(commands.append_play_trace)
    record_artifact = _writes(artifacts.record_artifact)
    add_message = _writes(commands.add_message)
    update_run_state = _writes(commands.update_run_state)
    save_snapshot = _writes(commands.save_snapshot)
    save_content = _writes(commands.save_content)
    update_book = _writes(commands.update_book)
    archive = _writes(commands.archive)
    migrate = _writes(migration.migrate)

    # sessions (kit.books.sessions)
    save_session = _writes(sessions.save_session)
    open_session = _writes(sessions.open_session)
    resume_from_snapshot = _writes(sessions.resume_from_snapshot)
    set_blackboard = _writes(sessions.set_blackboard)
    add_session_message = _writes(sessions.add_session_message)
    session_artifact = _writes(sessions.session_artifact)
    close_session = _writes(sessions.close_session)

    # the card library (kit.books.card_assets)
    export_asset = _writes(card_assets.export_asset)
    import_card = _writes(card_assets.import_card)
    export_card = _reads(card_assets.export_card)

    # reports and checks (kit.books.reports, kit.books.checks)
    books = _reads(reports.books_frame)
    assets = _reads(reports.assets)
    traces = _reads(reports.traces)
    timeline = _reads(reports.timeline)
    snapshots = _reads(reports.snapshots)
    messages = _reads(reports.messages)
    artifacts = _reads(reports.artifacts)
    contents = _reads(reports.contents)
    sessions = _reads(reports.sessions)
    world_entries = _reads(reports.world_entries)
    play_books_for = _reads(reports.play_books_for)
    problems = _reads(checks.problems)


def open_store(
    path: str | Path, *, create: bool = True, clock: Callable[[], str] | None = None, lock_timeout: float = 10.0
) -> BookStore:
    """Open (and by default create) the book store at ``path``.

    Parameters
    ----------
    path : path
        The studio folder holding ``books/``, ``assets/`` and ``sessions/``.
    create : bool, default=True
        Create the folder when missing; with False a missing folder raises :class:`BookNotFoundError`.
    clock : callable, optional
        Returns the ISO 8601 timestamp used when an operation gets no ``at=``; defaults to :func:`utc_now`.
    lock_timeout : float, default=10.0
        Seconds a write waits for another writer (process or thread) of the same store before raising
        :class:`~kit.books.errors.StoreBusyError`.

    Returns
    -------
    BookStore
    """
    root = Path(path)
    if not root.is_dir():
        if not create:
            raise BookNotFoundError(f"{root}: no book store here (the folder does not exist); pass create=True")
        root.mkdir(parents=True)
    return BookStore(root, clock=clock, lock_timeout=lock_timeout)
