"""Argument checks for the widget constructors: a wrong argument is a kit error that says what to pass.

A widget built from the wrong kind of object would otherwise fail later, deep inside kit, with a bare
``AttributeError``. These checks run first and raise :class:`~kit.core.errors.InvalidParameterError` naming the
argument, what it got and what to pass instead::

    book must be a WorldBook, got str 'lin_wan': use studio.library['lin_wan'] ...
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

from kit.core.errors import InvalidParameterError

if TYPE_CHECKING:  # pragma: no cover
    from kit.worldbook import Conversation, WorldBook

__all__ = [
    "argument_error",
    "check_bool",
    "check_conversations",
    "check_count",
    "check_optional_path",
    "check_scan_depth",
    "check_world_book",
    "describe",
]

_MAX_REPR = 60


def describe(value: object) -> str:
    """``"str 'lin_wan'"``: the type name and a short repr of ``value`` (cut at 60 characters; a path object is
    ``"path '<the path>'"``, whole).
    """
    if isinstance(value, os.PathLike):
        return f"path {os.fspath(value)!r}"
    text = repr(value)
    if len(text) > _MAX_REPR:
        text = text[: _MAX_REPR - 1] + "…"
    return f"{type(value).__name__} {text}"


def argument_error(owner: str, name: str, expected: str, value: object, advice: str) -> InvalidParameterError:
    """The error for argument ``name`` of ``owner``: ``"<owner>: <name> must be <expected>, got <describe(value)>:
    <advice>"``.
    """
    return InvalidParameterError(f"{owner}: {name} must be {expected}, got {describe(value)}: {advice}")


def check_count(value: object, name: str, owner: str, *, example: int) -> int:
    """Return ``value`` when it is an int >= 1 (not a bool); else raise with ``name=<example>`` as the advice
    (``"6"`` gets ``pass page_size=6``, the number itself when a string holds one).
    """
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    hint = example
    if isinstance(value, str) and value.strip().isdigit() and int(value) >= 1:
        hint = int(value)
    raise argument_error(owner, name, "an int of at least 1", value, f"pass {name}={hint}")


def check_bool(value: object, name: str, owner: str) -> bool:
    """Return ``value`` when it is a bool; else raise (``"yes"``, ``1`` and ``None`` are refused)."""
    if isinstance(value, bool):
        return value
    raise argument_error(owner, name, "True or False", value, f"pass {name}=True or {name}=False")


def _book_ids(library: Iterable[object]) -> list[str]:
    return sorted(str(k) for k in library)


def check_world_book(book: object, owner: str = "TriggerTuner") -> WorldBook:
    """``book`` as a :class:`~kit.worldbook.WorldBook`: a book as it is, the path of an existing world-book file
    read with :func:`~kit.worldbook.read_world_book`; anything else raises, naming the books there are when a
    studio or a library was passed instead of one of its books.
    """
    from kit.worldbook import Studio, WorldBook, WorldBookLibrary, read_world_book

    if isinstance(book, WorldBook):
        return book
    if isinstance(book, (str, os.PathLike)) and os.path.isfile(book):
        return read_world_book(book)
    expected = "a WorldBook"
    if isinstance(book, Studio) or isinstance(book, WorldBookLibrary):
        name = "studio.library" if isinstance(book, Studio) else "library"
        ids = _book_ids(book.library if isinstance(book, Studio) else book)
        first = ids[0] if ids else "<book id>"
        raise argument_error(owner, "book", expected, book, f"use {name}[{first!r}] (its books: {', '.join(ids)})")
    if isinstance(book, str):
        raise argument_error(
            owner,
            "book",
            expected,
            book,
            f"use studio.library[{book!r}] (studio = kit.worldbook.load_studio(save_folder)), "
            "or pass the path of a world-book file that exists",
        )
    raise argument_error(
        owner,
        "book",
        expected,
        book,
        "use studio.library['<book id>'] (studio = kit.worldbook.load_studio(save_folder)) "
        "or kit.worldbook.read_world_book(path)",
    )


def check_conversations(conversations: object, owner: str = "TriggerTuner") -> list[Conversation]:
    """``conversations`` as a list of :class:`~kit.worldbook.Conversation` (any iterable of them: a list, a
    :class:`~kit.worldbook.ChatCorpus`); a studio, a string or an element of another type raises.
    """
    from kit.worldbook import Conversation, Studio

    expected = "a sequence of Conversation"
    where = (
        "use studio.conversations (studio = kit.worldbook.load_studio(save_folder)) or kit.worldbook.read_chats(folder)"
    )
    if isinstance(conversations, Studio):
        raise argument_error(owner, "conversations", expected, conversations, "use studio.conversations")
    if isinstance(conversations, (str, bytes, os.PathLike)) or not isinstance(conversations, Iterable):
        raise argument_error(owner, "conversations", expected, conversations, where)
    items = list(conversations)
    for i, item in enumerate(items):
        if not isinstance(item, Conversation):
            raise argument_error(owner, f"conversations[{i}]", "a Conversation", item, where)
    return items


def check_optional_path(value: object, name: str, owner: str, *, example: str) -> str | None:
    """``value`` as a str path, or ``None``; anything else raises."""
    if value is None:
        return None
    if isinstance(value, (str, os.PathLike)):
        return os.fspath(value)
    raise argument_error(owner, name, "a file path or None", value, f"pass {name}={example!r}")


def check_scan_depth(value: object, owner: str) -> int | None:
    """``None`` or an int >= 0 (not a bool)."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        return value
    raise argument_error(
        owner,
        "scan_depth",
        "None or an int of at least 0",
        value,
        "pass scan_depth=None (every earlier message) or a number of messages such as scan_depth=2",
    )
