"""Reading and writing world-book files, and a library of books loaded from a folder."""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from kit.core.atomic_files import atomic_write_text
from kit.core.errors import StorageError
from kit.core.problems import problem_schema, problems_frame
from kit.worldbook._deprecation import renamed_attributes
from kit.worldbook.book._files import JsonRefused, drop_huge_int_entries, parse_json, read_book_file
from kit.worldbook.book._params import check_path
from kit.worldbook.book.cards import from_character_book
from kit.worldbook.book.model import Issue, WorldBook
from kit.worldbook.book.normalize import world_book_from_dict, world_book_to_dict
from kit.worldbook.errors import WorldBookFormatError, WorldBookNotFoundError

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "WorldBookLibrary",
    "detect_format",
    "read_world_book",
    "write_world_book",
    "scan_world_books",
    "issues_frame",
    "ISSUE_SCHEMA",
    "ISSUE_EXTRA",
    "MAX_FILE_BYTES",
]

#: Largest world-book file read (bytes); larger files are refused before they are loaded.
MAX_FILE_BYTES = 32 * 1024 * 1024

#: World-book columns of :func:`issues_frame` / ``WorldBookLibrary.problems()``, after the shared problems columns.
ISSUE_EXTRA: dict[str, str] = {"book_id": "string", "uid": "string", "value": "string"}
#: Columns of :func:`issues_frame` (the shared problems shape of :mod:`kit.core.problems`, then :data:`ISSUE_EXTRA`).
ISSUE_SCHEMA: dict[str, Any] = problem_schema(ISSUE_EXTRA)

Format = Literal["kit", "character_card", "character_book", "sillytavern"]


def detect_format(data: Any) -> Format:
    """Tell which world-book format a parsed JSON object is.

    ``"character_card"``: a V2/V3 card (``data.character_book``); ``"character_book"``: a bare
    ``character_book`` (entries are a list of objects with ``keys``; also a standalone ``lorebook_v3``);
    V1-style cards with a top-level ``character_book`` count as ``"character_card"``; ``"sillytavern"``: a
    SillyTavern world file (entries are an object keyed by uid); ``"kit"``: kit's native format (anything else).
    """
    if isinstance(data, Mapping):
        inner = data.get("data")
        if isinstance(inner, Mapping) and "character_book" in inner:
            return "character_card"
        if isinstance(data.get("character_book"), Mapping) and "entries" not in data:
            return "character_card"  # V1-style card: character_book at the top level
        if data.get("spec") == "lorebook_v3" and isinstance(inner, Mapping) and isinstance(inner.get("entries"), list):
            return "character_book"  # standalone V3 lorebook: the book is under "data"
        entries = data.get("entries")
        if isinstance(entries, Mapping) and "id" not in data:
            return "sillytavern"
        if (
            isinstance(entries, list)
            and entries
            and all(isinstance(e, Mapping) and "keys" in e and "trigger_config" not in e for e in entries)
        ):
            return "character_book"
    return "kit"


def read_world_book(path: str | os.PathLike[str], *, strict: bool = False) -> WorldBook:
    """Read a world book from a JSON file or a character-card PNG.

    kit's native format is read with :func:`~kit.worldbook.book.normalize.world_book_from_dict` (the book id defaults to
    the file stem); a character card or a bare ``character_book`` with :func:`kit.worldbook.from_character_book`
    (book id = file stem). SillyTavern world files and card PNGs (``ccv3`` chunk first, then ``chara``) are
    read by :func:`kit.worldbook.sillytavern.read_world`.

    Parameters
    ----------
    path : path
        The JSON file.
    strict : bool, default=False
        Lenient by default: an entry with a value that cannot be normalised is skipped and the problem kept in
        ``book.issues`` (see :func:`issues_frame`); ``strict=True`` raises on the first such value. A file that
        is no world book at all (not JSON, not UTF-8, too large) raises either way.

    Returns
    -------
    WorldBook
        With ``source`` set to the path.

    Raises
    ------
    WorldBookFormatError
        When the file is not a regular file (a FIFO, a device), larger than :data:`MAX_FILE_BYTES`, not
        UTF-8 JSON, nested deeper than 100 levels, not a world book, or a value cannot be normalised (strict;
        an integer of more than 4,300 digits too), naming the file, and the book, entry and field.
    StorageError
        When the file cannot be read.
    """
    path = Path(check_path(path, "path", "read_world_book", "the path of a world-book file (.json or a .png card)"))
    if path.suffix.lower() == ".png":
        from kit.worldbook.sillytavern import read_world

        return read_world(path, strict=strict)
    raw = _read_file(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise WorldBookFormatError(f"not UTF-8 text (byte {exc.start})", file=str(path)) from None
    huge: list[int] = []
    try:
        data = parse_json(text, found_huge=huge)
    except JsonRefused as exc:
        raise WorldBookFormatError(exc.reason, file=str(path)) from None
    book_id = raw_id if isinstance(data, Mapping) and isinstance(raw_id := data.get("id"), str) else path.stem
    dropped = drop_huge_int_entries(data, file=str(path), book_id=book_id, strict=strict) if huge else []
    book = _read_data(data, path, strict)
    return replace(book, issues=(*dropped, *book.issues)) if dropped else book


def _read_file(path: Path) -> bytes:
    return read_book_file(path, max_bytes=MAX_FILE_BYTES)


def _read_data(data: Any, path: Path, strict: bool) -> WorldBook:
    kind = detect_format(data)
    if kind in ("character_card", "character_book"):
        if data.get("spec") == "lorebook_v3":
            data = data["data"]
        elif isinstance(data.get("character_book"), Mapping):
            data = data["character_book"]
        return from_character_book(data, book_id=path.stem, strict=strict, file=str(path))
    if kind == "sillytavern":
        from kit.worldbook.sillytavern import read_world

        return read_world(data, book_id=path.stem, strict=strict, file=str(path))
    if not isinstance(data, Mapping) or "entries" not in data:
        got = "a JSON object without 'entries'" if isinstance(data, Mapping) else f"JSON {type(data).__name__}"
        raise WorldBookFormatError(
            "not a world book: expected kit's {id, name, entries}, a SillyTavern world file or a character card, "
            f"got {got}",
            file=str(path),
            field="entries",
        )
    return world_book_from_dict(data, file=str(path), default_id=path.stem, strict=strict)


def write_world_book(book: WorldBook, path: str | os.PathLike[str]) -> Path:
    """Write a book as kit's native JSON, atomically (see :func:`kit.core.atomic_files.atomic_write_text`).

    A reader sees either the old or the new file, never half of one; on error the old file is unchanged
    and :class:`kit.StorageError` names the file.

    Returns
    -------
    Path
        The written path.
    """
    path = Path(path)
    atomic_write_text(path, json.dumps(world_book_to_dict(book), ensure_ascii=False, indent=2) + "\n")
    return path


def issues_frame(issues: Any) -> pd.DataFrame:
    """Return normalisation problems as a DataFrame.

    Parameters
    ----------
    issues : iterable of Issue, or WorldBook / WorldBookLibrary (their issues)

    Returns
    -------
    DataFrame
        The shared problems shape (:mod:`kit.core.problems`): ``severity`` (``error``: the entry or file was
        skipped; ``warning``: the entry was kept but is read differently from what it probably means),
        ``kind`` (``entry`` when an entry was skipped, ``book`` for a whole book or file),
        ``object_id`` (the entry id ``<book_id>/<uid>``, or the book id), ``field``, ``message`` (the
        reason), ``path`` (the file); then ``book_id``, ``uid`` and ``value`` (the raw value as JSON text).
        Sorted by book, uid and field.
    """
    if isinstance(issues, WorldBook):
        issues = issues.issues
    elif isinstance(issues, WorldBookLibrary):
        issues = [i for b in issues.values() for i in b.issues] + list(issues.file_issues)
    rows = [
        {
            "severity": i.severity,
            "kind": "book" if i.uid is None else "entry",
            "object_id": i.book_id if i.uid is None else f"{i.book_id}/{i.uid}",
            "field": i.field,
            "message": i.reason,
            "path": i.file,
            "book_id": i.book_id,
            "uid": i.uid,
            "value": json.dumps(i.value, ensure_ascii=False, default=str),
        }
        for i in issues
    ]
    rows.sort(key=lambda r: (str(r["book_id"]), str(r["uid"]), str(r["field"])))
    return problems_frame(rows, ISSUE_EXTRA)


class WorldBookLibrary(Mapping[str, WorldBook]):
    """World books keyed by book id, in id order (what ``activate_request`` looks books up in).

    Parameters
    ----------
    books : iterable of WorldBook
        Books with distinct ids.
    file_issues : iterable of Issue, optional
        Problems with whole files (lenient scans).
    """

    def __init__(self, books: Any = (), *, file_issues: Any = ()) -> None:
        self._books: dict[str, WorldBook] = {}
        for book in books:
            if book.id in self._books:
                raise WorldBookFormatError(
                    f"duplicate book id (also in {self._books[book.id].source!r})",
                    file=book.source,
                    book_id=book.id,
                    field="id",
                )
            self._books[book.id] = book
        self._books = dict(sorted(self._books.items()))
        self.file_issues: tuple[Issue, ...] = tuple(file_issues)

    def __getitem__(self, book_id: str) -> WorldBook:
        try:
            return self._books[book_id]
        except KeyError:
            known = ", ".join(self._books) or "none"
            raise WorldBookNotFoundError(f"no world book with id {book_id!r} in the library (known: {known})") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._books)

    def __contains__(self, book_id: object) -> bool:
        return book_id in self._books

    def __len__(self) -> int:
        return len(self._books)

    def __repr__(self) -> str:
        return f"WorldBookLibrary({len(self)} books: {', '.join(self._books)})"

    def problems(self) -> pd.DataFrame:
        """Normalisation problems of all books and unreadable files (columns of :func:`issues_frame`)."""
        return issues_frame(self)

    @property
    def errors(self) -> pd.DataFrame:
        """Deprecated alias of :meth:`problems` (kept for one release)."""
        warnings.warn(
            "WorldBookLibrary.errors is deprecated and will be removed in the next release: use library.problems()",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.problems()

    def with_book(self, book: WorldBook) -> WorldBookLibrary:
        """Deprecated (unused; removed in the next release): a library where ``book`` replaces (or adds) the
        book of its id; build ``WorldBookLibrary([*library.values(), book])`` instead.
        """
        warnings.warn(
            "WorldBookLibrary.with_book is deprecated and will be removed in the next release: build "
            "WorldBookLibrary([...]) from the books you want",
            DeprecationWarning,
            stacklevel=2,
        )
        books = {**self._books, book.id: book}
        return WorldBookLibrary(books.values(), file_issues=self.file_issues)


_STOPPED = (
    "scan_world_books stopped here because strict=True; with strict=False (the default) it skips this "
    "file and lists it in library.problems()"
)


def _stopped(exc: WorldBookFormatError | StorageError) -> WorldBookFormatError | StorageError:
    """The error of a strict scan, saying how to keep going."""
    if isinstance(exc, WorldBookFormatError):
        return WorldBookFormatError(
            f"{exc.reason} ({_STOPPED})",
            file=exc.file,
            book_id=exc.book_id,
            uid=exc.uid,
            field=exc.field,
            value=exc.value,
        )
    return StorageError(f"{exc} ({_STOPPED})")


def scan_world_books(
    folder: str | os.PathLike[str], *, strict: bool = False, pattern: str = "*.json"
) -> WorldBookLibrary:
    """Read every world-book file of a folder (not recursive) into a library keyed by book id.

    Parameters
    ----------
    folder : path
    strict : bool, default=False
        Lenient by default: entries that cannot be normalised are skipped and files that cannot be read at all
        are recorded in ``library.file_issues``; ``library.problems()`` lists both. ``strict=True`` raises the
        first error (its message says so and that ``strict=False``, the default, would go on).
    pattern : str, default="*.json"

    Returns
    -------
    WorldBookLibrary
    """
    folder = Path(check_path(folder, "folder", "scan_world_books", "a folder of world-book files"))
    if not folder.is_dir():
        raise StorageError(f"world-book folder {str(folder)!r} does not exist")
    books: dict[str, WorldBook] = {}
    file_issues = []
    for path in sorted(folder.glob(pattern)):
        try:
            book = read_world_book(path, strict=strict)
            if book.id in books:
                raise WorldBookFormatError(
                    f"duplicate book id (also in {books[book.id].source!r}); file skipped",
                    file=str(path),
                    book_id=book.id,
                    field="id",
                )
        except (WorldBookFormatError, StorageError) as exc:
            if strict:
                raise _stopped(exc) from None
            if isinstance(exc, StorageError):
                file_issues.append(Issue(path.stem, None, "", None, str(exc), str(path)))
            else:
                file_issues.append(
                    Issue(exc.book_id or path.stem, exc.uid, exc.field, exc.value, exc.reason, str(path))
                )
            continue
        books[book.id] = book
    return WorldBookLibrary(books.values(), file_issues=file_issues)


__getattr__ = renamed_attributes(__name__, {"ISSUE_COLUMNS": "ISSUE_SCHEMA"}, globals())
