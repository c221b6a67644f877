"""The design's front-end activation request, read into :func:`kit.worldbook.engine.activation.activate`'s
arguments (the payload's shape is checked field by field; a wrong one raises naming the field).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.worldbook.book.model import WorldBook
from kit.worldbook.errors import WorldBookFormatError

__all__ = ["request_arguments"]


def request_arguments(
    payload: Mapping[str, Any], library: Mapping[str, WorldBook]
) -> tuple[list[WorldBook], WorldBook | None, str, list[str], Mapping[str, Any]]:
    """The global books, character book, message, history and table of a front-end request.

    Parameters
    ----------
    payload : dict
        As :func:`kit.worldbook.activate_request` takes it.
    library : mapping of book id to WorldBook

    Returns
    -------
    tuple
        ``(global_books, character_book, message, history, table)``.

    Raises
    ------
    WorldBookNotFoundError
        When a requested book id is not in the library.
    WorldBookFormatError
        When the payload has the wrong shape (naming the field).
    """
    if not isinstance(payload, Mapping):
        raise WorldBookFormatError(f"expected an object, got {type(payload).__name__}", field="payload")
    data = payload.get("worldBookData") or {}
    if not isinstance(data, Mapping):
        raise WorldBookFormatError("expected an object", field="worldBookData", value=data)
    globals_raw = data.get("globalBooks") or []
    if not isinstance(globals_raw, list):
        raise WorldBookFormatError("expected a list", field="worldBookData.globalBooks", value=globals_raw)
    ids = []
    for i, item in enumerate(globals_raw):
        book_id = item.get("id") if isinstance(item, Mapping) else item
        if not isinstance(book_id, (str, int)) or isinstance(book_id, bool):
            raise WorldBookFormatError("expected a book id", field=f"worldBookData.globalBooks[{i}].id", value=item)
        ids.append(str(book_id))
    char_id = data.get("characterBookId")
    history = []
    for i, item in enumerate(payload.get("chatHistory") or []):
        text = item.get("mes", item.get("content")) if isinstance(item, Mapping) else item
        if not isinstance(text, str):
            raise WorldBookFormatError("expected a string", field=f"chatHistory[{i}]", value=item)
        history.append(text)
    table_data = payload.get("dynamicTableData") or {}
    table = table_data.get("currentValues", {}) if isinstance(table_data, Mapping) else {}
    message = payload.get("mes") or ""
    if not isinstance(message, str):
        raise WorldBookFormatError("expected a string", field="mes", value=message)
    global_books = [library[i] for i in ids]
    character_book = library[str(char_id)] if char_id not in (None, "") else None
    return global_books, character_book, message, history, table
