"""Moving a book from the older flat layout (``books/{id}.json`` holding everything) to ``books/{id}/``.

Flat books are read (:func:`kit.books.reading.read_book`) but never changed; :func:`migrate` rewrites one in
the current layout, writing the trace line by line and removing the flat file last.
"""

from __future__ import annotations

from kit.books.commands import write_header
from kit.books.errors import BookStateError
from kit.books.layout import StoreLayout
from kit.books.reading import read_book
from kit.books.records import Book, CardBook, PlayBook
from kit.books.secrets import check_no_secrets
from kit.core.atomic_files import check_folder_inside

__all__ = ["migrate"]


def migrate(lay: StoreLayout, book_id: str) -> Book:
    """Move a book from the older flat layout (``books/{id}.json``) to ``books/{id}/``; return it.

    The trace and artifacts embedded in the flat record go to ``traces.jsonl`` and
    ``design-artifacts.json``; the flat file is removed last.
    """
    if lay.layout(book_id) != "flat":
        raise BookStateError(f"book {book_id!r} already uses the books/{book_id}/ layout")
    flat = lay.flat_file(book_id)
    book = read_book(lay, book_id)
    check_no_secrets(book.to_dict(), where=str(flat))
    trace = book.play_trace if isinstance(book, PlayBook) else book.design_trace
    trace_file = lay.trace_file(book_id)
    if trace_file.exists():
        raise BookStateError(f"{lay.rel(trace_file)} already exists; remove it or the flat file by hand")
    if isinstance(book, CardBook) and book.design_artifacts:
        accepted = [a.to_dict() for a in book.design_artifacts if a.status == "accepted"]
        lay.write_json(lay.artifacts_file(book_id), {"bookId": book_id, "artifacts": accepted})
    for entry in trace:
        lay.append(trace_file, entry.to_dict())
    write_header(lay, book)
    check_folder_inside(lay.root, flat.parent)
    flat.unlink()
    return read_book(lay, book_id)
