"""Reading a book store: books (trace and artifacts assembled), card and world assets, snapshots, contents.

Functions over a :class:`~kit.books.layout.StoreLayout`; each reads files and returns records
(:mod:`kit.books.records`), raising :class:`~kit.books.errors.BookNotFoundError` for a missing id and
:class:`~kit.books.errors.BookRecordError` / :class:`~kit.books.errors.TraceError` naming the file and field
for a malformed one.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import TYPE_CHECKING

from kit.books._io import read_file, read_json
from kit.books.errors import BookNotFoundError, BookRecordError
from kit.books.layout import StoreLayout
from kit.books.records import (
    Book,
    CardAsset,
    CardBook,
    ContentRecord,
    DesignTraceEntry,
    PlayBook,
    PlayTraceEntry,
    RunSnapshot,
    TaggedArtifact,
    WorldAsset,
    book_from_dict,
)
from kit.books.traces import TraceLog, read_trace_file
from kit.cards import Card, card_from_dict

if TYPE_CHECKING:  # pragma: no cover
    from kit.worldbook import WorldBook

__all__ = [
    "WORLD_PLACEHOLDER",
    "bound_world",
    "latest_snapshot",
    "read_artifacts",
    "read_asset",
    "read_avatar",
    "read_book",
    "read_card_of",
    "read_content",
    "read_snapshot",
    "read_trace",
    "read_world_asset",
    "read_world_book",
]

#: The key a stored card's ``character_book`` holds instead of the book, naming its world asset.
WORLD_PLACEHOLDER = "$worldRef"


def read_trace(lay: StoreLayout, book_id: str, *, warn: bool = True) -> TraceLog:
    """Read a book's ``traces.jsonl`` (a missing file is an empty trace)."""
    return read_trace_file(lay.trace_file(book_id), warn=warn)


def read_book(lay: StoreLayout, book_id: str, *, warn: bool = True) -> Book:
    """Read a book with its trace, artifacts and messages assembled into one record.

    Returns
    -------
    CardBook, PlayBook or ProjectBook
        Chosen by the book's ``kind``.

    Raises
    ------
    BookNotFoundError, BookRecordError, TraceError
        Missing book, malformed file (the message names file and field), or a corrupt trace line.
    """
    if lay.layout(book_id) == "flat":
        path = lay.flat_file(book_id)
        book = book_from_dict(read_json(path), str(path))
        if book.id != book_id:
            raise BookRecordError(
                f"{path}: field 'id' is {book.id!r} but the file name says {book_id!r}", path=str(path), field="id"
            )
        return book
    path = lay.project_file(book_id)
    data = read_json(path)
    book = book_from_dict(data, str(path))
    if book.id != book_id:
        raise BookRecordError(
            f"{path}: field 'id' is {book.id!r} but the folder says {book_id!r}", path=str(path), field="id"
        )
    entries = read_trace(lay, book_id, warn=warn).entries
    if isinstance(book, PlayBook):
        plays = tuple(e for e in entries if isinstance(e, PlayTraceEntry))
        return replace(book, play_trace=book.play_trace + plays)
    designs = tuple(e for e in entries if isinstance(e, DesignTraceEntry))
    book = replace(book, design_trace=book.design_trace + designs)
    if isinstance(book, CardBook):
        book = replace(book, design_artifacts=read_artifacts(lay, book_id))
    return book


def read_artifacts(lay: StoreLayout, book_id: str) -> tuple[TaggedArtifact, ...]:
    """The accepted artifacts of ``design-artifacts.json`` (none when the file is missing)."""
    path = lay.artifacts_file(book_id)
    if not path.exists():
        return ()
    data = read_json(path)
    items = data.get("artifacts")
    if not isinstance(items, list):
        raise BookRecordError(f"{path}: field 'artifacts' must be a JSON array", path=str(path), field="artifacts")
    return tuple(TaggedArtifact.from_dict(a, str(path), f"artifacts[{i}]") for i, a in enumerate(items))


def read_asset(lay: StoreLayout, asset_id: str) -> CardAsset:
    """Read a card asset record (``assets/cards/{id}.json``)."""
    path = lay.asset_file(asset_id)
    if not path.exists():
        raise BookNotFoundError(
            f"{lay.root}: no card asset {asset_id!r} (assets/cards/{asset_id}.json is missing); "
            "store.assets() lists them"
        )
    record = CardAsset.from_dict(read_json(path), str(path))
    if record.id != asset_id:
        raise BookRecordError(
            f"{path}: field 'id' is {record.id!r} but the file name says {asset_id!r}", path=str(path), field="id"
        )
    return record


def read_world_asset(lay: StoreLayout, world_id: str) -> WorldAsset:
    """Read a world asset record (``assets/worlds/{id}.json``)."""
    path = lay.world_file(world_id)
    if not path.exists():
        raise BookNotFoundError(f"{lay.root}: no world asset {world_id!r} (assets/worlds/{world_id}.json is missing)")
    return WorldAsset.from_dict(read_json(path), str(path))


def read_avatar(lay: StoreLayout, asset_id: str) -> bytes | None:
    """The PNG avatar bytes of a card asset (without card chunks), or None when it has none."""
    record = read_asset(lay, asset_id)
    if record.avatar is None:
        return None
    path = lay.asset_file(asset_id).with_name(record.avatar)
    try:
        return read_file(path, what="avatar")
    except FileNotFoundError:
        raise BookNotFoundError(
            f"{lay.asset_file(asset_id)}: field 'avatar' names {record.avatar!r}, which is missing"
        ) from None


def read_card_of(lay: StoreLayout, asset_id: str) -> Card:
    """Return the full character card of an asset, its bound world book embedded again."""
    record = read_asset(lay, asset_id)
    raw = copy.deepcopy(dict(record.card))
    data = raw.get("data", raw)
    ref = data.get("character_book")
    if isinstance(ref, dict) and WORLD_PLACEHOLDER in ref:
        if record.world_ref is None:
            raise BookRecordError(
                f"{lay.asset_file(asset_id)}: field 'card.data.character_book' points to a world asset but "
                "'worldRef' is missing",
                path=str(lay.asset_file(asset_id)),
                field="worldRef",
            )
        data["character_book"] = copy.deepcopy(dict(bound_world(lay, asset_id, record.world_ref).character_book))
    elif record.world_ref is not None and "character_book" not in data:
        data["character_book"] = copy.deepcopy(dict(bound_world(lay, asset_id, record.world_ref).character_book))
    card = card_from_dict(raw, where=str(lay.asset_file(asset_id)) + " field 'card'", avatar=read_avatar(lay, asset_id))
    return replace(card, source=record.source_file)


def bound_world(lay: StoreLayout, asset_id: str, world_id: str) -> WorldAsset:
    """The world asset a card asset names; a missing one is an error naming the card's ``worldRef``."""
    try:
        return read_world_asset(lay, world_id)
    except BookNotFoundError:
        raise BookNotFoundError(
            f"{lay.asset_file(asset_id)}: field 'worldRef' names world asset {world_id!r}, but "
            f"assets/worlds/{world_id}.json is missing"
        ) from None


def read_world_book(lay: StoreLayout, asset_id: str) -> WorldBook | None:
    """The world book bound to a card asset (or a world asset, by its id) as a ``kit.worldbook.WorldBook``.

    Returns None for a card asset without a bound world.
    """
    from kit.worldbook.book.cards import from_character_book

    if lay.world_file(asset_id).exists() and not lay.asset_file(asset_id).exists():
        world = read_world_asset(lay, asset_id)
    else:
        ref = read_asset(lay, asset_id).world_ref
        if ref is None:
            return None
        world = bound_world(lay, asset_id, ref)
    return from_character_book(copy.deepcopy(dict(world.character_book)), book_id=world.id, name=world.name)


def read_snapshot(lay: StoreLayout, book_id: str, snapshot_id: str) -> RunSnapshot:
    """Read one snapshot of a play book."""
    path = lay.snapshot_file(book_id, snapshot_id)
    if not path.exists():
        raise BookNotFoundError(
            f"{lay.root}: book {book_id!r} has no snapshot {snapshot_id!r} ({lay.rel(path)} is missing)"
        )
    return RunSnapshot.from_dict(read_json(path), str(path))


def read_content(lay: StoreLayout, book_id: str, content_id: str) -> ContentRecord:
    """Read one content record (outline or chapter) of a project book."""
    path = lay.content_file(book_id, content_id)
    if not path.exists():
        raise BookNotFoundError(
            f"{lay.root}: book {book_id!r} has no content {content_id!r} ({lay.rel(path)} is missing)"
        )
    return ContentRecord.from_dict(read_json(path), str(path))


def latest_snapshot(lay: StoreLayout, book_id: str) -> RunSnapshot | None:
    """The most recent snapshot listed by a play book (None when it has none)."""
    book = read_book(lay, book_id)
    if not isinstance(book, PlayBook) or not book.snapshot_ids:
        return None
    return read_snapshot(lay, book_id, book.snapshot_ids[-1])


# ------------------------------------------------------------------------------------- writing
