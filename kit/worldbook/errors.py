"""The errors of :mod:`kit.worldbook`."""

from __future__ import annotations

from kit.core.errors import KitError

__all__ = [
    "WorldBookFormatError",
    "ConditionSyntaxError",
    "LogicSyntaxError",
    "EntryNotFoundError",
    "WorldBookNotFoundError",
]


class WorldBookFormatError(KitError, ValueError):
    """A world-book value cannot be normalised (or a file is not a world book).

    Attributes ``file``, ``book_id``, ``uid``, ``field``, ``value`` and ``reason`` say where and why;
    the message names them all.
    """

    def __init__(
        self,
        reason: str,
        *,
        file: str | None = None,
        book_id: str | None = None,
        uid: str | None = None,
        field: str = "",
        value: object = None,
    ) -> None:
        self.reason = reason
        self.file = file
        self.book_id = book_id
        self.uid = uid
        self.field = field
        self.value = value
        where = []
        if file:
            where.append(f"file {file!r}")
        if book_id is not None:
            where.append(f"book {book_id!r}")
        if uid is not None:
            where.append(f"entry {uid!r}")
        if field:
            where.append(f"field {field!r}")
        super().__init__(f"{', '.join(where) or 'world book'}: {reason}")


class ConditionSyntaxError(KitError, ValueError):
    """A table condition is malformed.

    Attributes: ``text`` (the condition), ``column`` (1-based, in ``text``), ``reason`` and ``entry``
    (the entry id, when known). The message names all of them.
    """

    kind = "Condition"

    def __init__(self, reason: str, *, text: str, column: int, entry: str | None = None) -> None:
        self.reason = reason
        self.text = text
        self.column = column
        self.entry = entry
        where = f" of entry {entry!r}" if entry else ""
        shown = text if len(text) <= 120 else f"{text[:60]}…{text[-40:]} ({len(text)} characters)"
        super().__init__(f"{self.kind} {shown!r}{where}, column {column}: {reason}")

    def with_entry(self, entry: str) -> ConditionSyntaxError:
        """Return the same error naming ``entry``."""
        return type(self)(self.reason, text=self.text, column=self.column, entry=entry)


class LogicSyntaxError(ConditionSyntaxError):
    """A logic expression (``logicExpression``) is malformed; same attributes as conditions."""

    kind = "Logic expression"


class EntryNotFoundError(KitError, LookupError):
    """No entry with the asked uid or entry id."""


class WorldBookNotFoundError(KitError, LookupError):
    """No world book with the asked id in a library."""
