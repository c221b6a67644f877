"""Argument checks of the world-book entry points: a wrong type is an InvalidParameterError naming the
argument, what it got and what to pass (never an AttributeError from deep inside kit).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from kit.core.errors import InvalidParameterError
from kit.worldbook.book.model import WorldBook

__all__ = ["check_path", "check_activate_args", "describe"]


def describe(value: Any) -> str:
    """``"str 'lin_wan'"``: the type and a short repr of a value, for messages."""
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 60 else text[:57] + '...'}"


def check_path(value: Any, name: str, function: str, what: str) -> str | os.PathLike[str]:
    """Return ``value`` when it is a path (str or os.PathLike); raise InvalidParameterError otherwise."""
    if isinstance(value, (str, os.PathLike)) and not isinstance(value, bool):
        return value
    hint = ""
    if isinstance(value, WorldBook):
        hint = " (this is already a WorldBook: use it directly)"
    raise InvalidParameterError(
        f"The {name!r} parameter of {function} must be {what}. Got {describe(value)} instead{hint}."
    )


def _book_hint(value: Any) -> str:
    if isinstance(value, str):
        return f": use library[{value!r}] (a WorldBookLibrary from scan_world_books) or read_world_book(path)"
    if isinstance(value, Mapping) and "entries" in value:
        return ": read the JSON with kit.worldbook.world_book_from_dict(data) or read_world_book(path) first"
    return ""


def check_activate_args(global_books: Any, character_book: Any, message: Any, history: Any, table: Any) -> None:
    """Check the arguments of :func:`kit.worldbook.activate`.

    Raises
    ------
    InvalidParameterError
        ``global_books`` not a sequence of WorldBook (a single WorldBook or a book id string is named as
        such), ``character_book`` not a WorldBook or None, ``message`` not a str, ``history`` not a sequence
        of str, ``table`` not a mapping or None.
    """
    if isinstance(global_books, WorldBook):
        raise InvalidParameterError(
            "The 'global_books' parameter of activate must be a list of WorldBook. Got a single WorldBook "
            f"{global_books.id!r} instead: pass [book], or character_book=book."
        )
    if isinstance(global_books, (str, bytes, Mapping)) or not isinstance(global_books, Iterable):
        raise InvalidParameterError(
            f"The 'global_books' parameter of activate must be a list of WorldBook. Got {describe(global_books)} "
            f"instead{_book_hint(global_books)}."
        )
    for i, book in enumerate(global_books if isinstance(global_books, Sequence) else ()):
        if not isinstance(book, WorldBook):
            raise InvalidParameterError(
                f"The 'global_books' parameter of activate must be a list of WorldBook. Got {describe(book)} at "
                f"index {i} instead{_book_hint(book)}."
            )
    if character_book is not None and not isinstance(character_book, WorldBook):
        raise InvalidParameterError(
            f"The 'character_book' parameter of activate must be a WorldBook or None. Got {describe(character_book)} "
            f"instead{_book_hint(character_book)}."
        )
    if not isinstance(message, str):
        raise InvalidParameterError(
            f"The 'message' parameter of activate must be a str. Got {describe(message)} instead."
        )
    if isinstance(history, (str, bytes)) or not isinstance(history, Iterable):
        raise InvalidParameterError(
            f"The 'history' parameter of activate must be a list of str (oldest first). Got {describe(history)} instead"
            + (": wrap one message in a list." if isinstance(history, str) else ".")
        )
    for i, text in enumerate(history if isinstance(history, Sequence) else ()):
        if not isinstance(text, str):
            raise InvalidParameterError(
                f"The 'history' parameter of activate must be a list of str. Got {describe(text)} at index {i} instead."
            )
    if table is not None and not isinstance(table, Mapping):
        raise InvalidParameterError(
            f"The 'table' parameter of activate must be a mapping of column to value or None. Got {describe(table)} "
            "instead."
        )
