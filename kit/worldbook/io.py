"""Reading and writing world-book files, and a library of books loaded from a folder."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Literal, Mapping

from kit.core.atomic_files import atomic_write_text
from kit.worldbook._files import JsonRefused, drop_huge_int_entries, parse_json, read_book_file
from kit.worldbook.cards import from_character_book
from kit.core.problems import problem_schema, problems_frame
from kit.worldbook.errors import WorldBookNotFoundError, WorldBookFormatError
from kit.worldbook.model import Issue, WorldBook
from kit.worldbook.normalize import book_from_dict, book_to_dict

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "WorldBookLibrary",
    "detect_format",
    "read_world_book",
    "write_world_book",
    "scan_world_books",
    "issues_frame",
    "ISSUE_COLUMNS",
    "ISSUE_EXTRA",
    "MAX_FILE_BYTES",
]

#: Largest world-book file read (bytes); larger files are refused before they are loaded.
MAX_FILE_BYTES = 32 * 1024 * 1024

#: World-book columns of :func:`issues_frame` / ``WorldBookLibrary.problems()``, after the shared problems columns.
ISSUE_EXTRA: dict[str, str] = {"book_id": "string", "uid": "string", "value": "string"}
#: Columns of :func:`issues_frame` (the shared problems shape of :mod:`kit.core.problems`, then :data:`ISSUE_EXTRA`).
ISSUE_COLUMNS: dict[str, Any] = problem_schema(ISSUE_EXTRA)

Format = Literal["kit", "character_card", "character_book", "sillytavern"]


def detect_format(data: Any) -> Format:
    """Tell which world-book format a parsed JSON object is.

    ``"character_card"``: a V2/V3 card (``data.character_book``); ``"character_book"``: a bare
    ``character_book`` (entries are a list of objects with ``keys``; also a standalone ``lorebook_v3``);
    V1-style cards with a top-level ``character_book`` count as ``"character_card"``; ``"sillytavern"``: a SillyTavern world file
    (entries are an object keyed by uid); ``"kit"``: kit's native format (anything else).
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
        if isinstance(entries, list) and entries and all(
            isinstance(e, Mapping) and "keys" in e and "trigger_config" not in e for e in entries
        ):
            return "character_book"
    return "kit"


def read_world_book(path: str | os.PathLike[str], *, strict: bool = True) -> WorldBook:
    """Read a world book from a JSON file or a character-card PNG.

    kit's native format is read with :func:`~kit.worldbook.normalize.book_from_dict` (the book id defaults to
    the file stem); a character card or a bare ``character_book`` with :func:`kit.worldbook.from_character_book`
    (book id = file stem). SillyTavern world files and card PNGs (``ccv3`` chunk first, then ``chara``) are
    read by :func:`kit.worldbook.sillytavern.read_world`.

    Parameters
    ----------
    path : path
        The JSON file.
    strict : bool, default=True
        Raise on the first value that cannot be normalised; when false, skip its entry and keep the problem in
        ``book.issues`` (see :func:`issues_frame`).

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
    path = Path(path)
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
    book_id = data.get("id") if isinstance(data, Mapping) and isinstance(data.get("id"), str) else path.stem
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
            f"not a world book: expected kit's {{id, name, entries}}, a SillyTavern world file or a character card, got {got}",
            file=str(path), field="entries",
        )
    return book_from_dict(data, file=str(path), default_id=path.stem, strict=strict)


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
    atomic_write_text(path, json.dumps(book_to_dict(book), ensure_ascii=False, indent=2) + "\n")
    return path


def issues_frame(issues: Any) -> pd.DataFrame:
    """Return normalisation problems as a DataFrame.

    Parameters
    ----------
    issues : iterable of Issue, or WorldBook / WorldBookLibrary (their issues)

    Returns
    -------
    DataFrame
        The shared problems shape (:mod:`kit.core.problems`): ``severity`` (always ``error``: the entry or
        file was skipped), ``kind`` (``entry`` when an entry was skipped, ``book`` for a whole book or file),
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
            "severity": "error", "kind": "book" if i.uid is None else "entry",
            "object_id": i.book_id if i.uid is None else f"{i.book_id}/{i.uid}", "field": i.field,
            "message": i.reason, "path": i.file, "book_id": i.book_id, "uid": i.uid,
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
                    f"duplicate book id (also in {self._books[book.id].source!r})", file=book.source, book_id=book.id, field="id"
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

    def __len__(self) -> int:
        return len(self._books)

    def __repr__(self) -> str:
        return f"WorldBookLibrary({len(self)} books: {', '.join(self._books)})"

    def problems(self) -> pd.DataFrame:
        """Normalisation problems of all books and unreadable files (columns of :func:`issues_frame`)."""
        return issues_frame(self)

    @property
    def errors(self) -> pd.DataFrame:
        """Deprecated alias of :meth:`problems` (kept for one release; warns with DeprecationWarning)."""
        import warnings

        warnings.warn("WorldBookLibrary.errors is deprecated and will be removed in the next release: use WorldBookLibrary.problems()",
                      DeprecationWarning, stacklevel=2)
        return self.problems()

    def with_book(self, book: WorldBook) -> WorldBookLibrary:
        """Return a library where ``book`` replaces (or adds) the book of its id."""
        books = {**self._books, book.id: book}
        return WorldBookLibrary(books.values(), file_issues=self.file_issues)


def scan_world_books(folder: str | os.PathLike[str], *, strict: bool = True, pattern: str = "*.json") -> WorldBookLibrary:
    """Read every world-book file of a folder (not recursive) into a library keyed by book id.

    Parameters
    ----------
    folder : path
    strict : bool, default=True
        When false, entries that cannot be normalised are skipped and files that cannot be read at all are
        recorded in ``library.file_issues``; ``library.problems()`` lists both.
    pattern : str, default="*.json"

    Returns
    -------
    WorldBookLibrary
    """
    folder = Path(folder)
    if not folder.is_dir():
        from kit.core.errors import StorageError

        raise StorageError(f"world-book folder {str(folder)!r} does not exist")
    books = []
    file_issues = []
    for path in sorted(folder.glob(pattern)):
        try:
            books.append(read_world_book(path, strict=strict))
        except WorldBookFormatError as exc:
            if strict:
                raise
            file_issues.append(Issue(exc.book_id or path.stem, exc.uid, exc.field, exc.value, exc.reason, str(path)))
    return WorldBookLibrary(books, file_issues=file_issues)
