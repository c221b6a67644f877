"""Bounded reading of world-book files and bounded JSON: shared by kit's reader, the SillyTavern reader and
the ``st-simulate`` command. The reading and the JSON caps are :mod:`kit.core`'s (``read_regular_file``,
``decode_json``); this module words their refusals for the world-book errors and marks too-long integers.

* Only regular files are read (a FIFO, a device such as ``/dev/zero`` or a folder is refused before any
  byte is read, and opening never blocks); at most ``max_bytes`` bytes are read even if the file grows.
* JSON goes through kit's one guard, :func:`kit.core.json_files.decode_json`, with the world-book cap on nesting
  as a parameter (:data:`MAX_JSON_DEPTH` = 100: kit's readers, hashing and copying walk the value recursively;
  the book store keeps its 256); its refusal is :class:`~kit.core.json_files.JsonRefusedError`, a KitError
  (``JsonRefused`` is its old name here).
* Integers longer than :data:`MAX_INT_DIGITS` digits (Python refuses to convert them) are parsed as
  :class:`HugeInt` markers, so that readers can name the book, entry and field holding them.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from kit.core.errors import StorageError
from kit.core.json_files import JsonRefusedError, decode_json
from kit.core.regular_files import FileRefusedError
from kit.core.regular_files import read_regular_file as _read_regular_file
from kit.worldbook.book.model import Issue
from kit.worldbook.errors import WorldBookFormatError

__all__ = [
    "MAX_JSON_DEPTH",
    "MAX_INT_DIGITS",
    "JsonRefused",
    "HugeInt",
    "read_book_file",
    "parse_json",
    "huge_ints",
    "has_huge_ints",
    "drop_huge_int_entries",
    "json_error_reason",
]

#: Deepest JSON nesting accepted (objects and arrays).
MAX_JSON_DEPTH = 100
#: Most digits of a JSON integer (Python's default limit for converting text to int).
MAX_INT_DIGITS = 4300
_MAX_INT_BITS = int(MAX_INT_DIGITS * 3.3219)  # an int of more bits has more than MAX_INT_DIGITS digits


#: Kept name of kit's one JSON refusal (:class:`kit.core.json_files.JsonRefusedError`, a KitError); the
#: world-book readers word it as a WorldBookFormatError naming the file.
JsonRefused = JsonRefusedError


@dataclass(frozen=True)
class HugeInt:
    """A JSON integer with more than :data:`MAX_INT_DIGITS` digits (kept as its digit count only)."""

    n_digits: int

    def __str__(self) -> str:
        return f"<integer of {self.n_digits} digits>"


def read_book_file(path: str | os.PathLike[str], *, max_bytes: int, what: str = "world book") -> bytes:
    """Read a regular file of at most ``max_bytes`` bytes (:func:`kit.core.regular_files.read_regular_file`).

    Raises
    ------
    WorldBookFormatError
        For a path that is not a regular file or holds more than ``max_bytes`` bytes (the reason, the file).
    StorageError
        For a path that cannot be opened (``"cannot read <what> '<path>': <reason>"``).
    """
    try:
        return _read_regular_file(path, max_bytes=max_bytes)
    except FileRefusedError as exc:
        raise WorldBookFormatError(exc.reason, file=str(path)) from None
    except OSError as exc:
        raise StorageError(f"cannot read {what} {str(path)!r}: {exc.strerror or exc}") from None


def parse_json(text: str, *, found_huge: list[int] | None = None, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Kit's one JSON guard (:func:`kit.core.json_files.decode_json`) with the world-book cap on nesting
    (``max_depth``, default :data:`MAX_JSON_DEPTH`); integers over :data:`MAX_INT_DIGITS` digits become
    :class:`HugeInt` (and their digit counts are appended to ``found_huge`` when given).

    Raises
    ------
    JsonRefusedError
        For malformed or too deeply nested JSON (the reason names the line and column when json does; a
        trailing comma is named so).
    """

    def parse_int(digits: str) -> int | HugeInt:
        n = len(digits) - (digits[0] == "-")
        if n <= MAX_INT_DIGITS:
            return int(digits)
        if found_huge is not None:
            found_huge.append(n)
        return HugeInt(n)

    try:
        return decode_json(text, max_depth=max_depth, parse_int=parse_int)
    except JsonRefusedError:
        raise
    except json.JSONDecodeError as exc:
        raise JsonRefusedError(json_error_reason(exc)) from None
    except ValueError as exc:  # anything else json cannot convert
        raise JsonRefusedError(f"not valid JSON: {exc}") from None


def json_error_reason(exc: json.JSONDecodeError) -> str:
    """The reason of a JSON syntax error with its line and column; a comma right before ``}`` or ``]`` (which
    JavaScript and many editors accept, JSON does not) is named a trailing comma, at the comma.
    """
    text, pos = exc.doc, exc.pos
    if pos < len(text) and text[pos] in "}]":
        before = text[:pos].rstrip()
        if before.endswith(","):
            comma = len(before) - 1
            line = text.count("\n", 0, comma) + 1
            column = comma - (text.rfind("\n", 0, comma) + 1) + 1
            return (
                f"not valid JSON (line {line}, column {column}): trailing comma before "
                f"{text[pos]!r} (JSON allows no comma after the last item; remove it)"
            )
    return f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}"


def has_huge_ints(value: Any) -> bool:
    """Whether :func:`huge_ints` would find anything (a faster walk that builds no paths)."""
    stack = [value]
    while stack:
        v = stack.pop()
        items = v.values() if isinstance(v, dict) else v if isinstance(v, list) else (v,)
        for x in items:
            t = type(x)
            if t is str or t is float or t is bool or x is None:
                continue
            if t is int:
                if x.bit_length() > _MAX_INT_BITS:
                    return True
            elif t is dict or t is list:
                stack.append(x)
            elif isinstance(x, HugeInt) or (isinstance(x, int) and x.bit_length() > _MAX_INT_BITS):
                return True
            elif isinstance(x, (dict, list)):
                stack.append(x)
    return False


def huge_ints(value: Any) -> Iterator[tuple[tuple[Any, ...], HugeInt]]:
    """Every :class:`HugeInt` (and every Python ``int`` too long to print) in a parsed JSON value, with its
    path (keys and indexes); iterative, in document order.
    """
    stack: list[tuple[tuple[Any, ...], Any]] = [((), value)]
    while stack:
        path, v = stack.pop()
        if isinstance(v, HugeInt):
            yield path, v
        elif isinstance(v, int) and v.bit_length() > _MAX_INT_BITS:
            yield path, HugeInt(int(v.bit_length() * 0.30103) + 1)
        elif isinstance(v, dict):
            stack.extend(((*path, k), x) for k, x in reversed(list(v.items())))
        elif isinstance(v, list):
            stack.extend(((*path, i), x) for i, x in reversed(list(enumerate(v))))


def _dotted(path: tuple[Any, ...]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def drop_huge_int_entries(
    data: Any,
    *,
    file: str | None,
    book_id: str,
    strict: bool,
    found: list[tuple[tuple[Any, ...], HugeInt]] | None = None,
) -> list[Issue]:
    """Handle integers too long to convert in a parsed world book, in place.

    An integer inside an entry (under an ``entries`` object or list) names the book, the entry's ``uid`` (or
    card ``id``, else its key) and the field: strict reading raises, lenient reading removes the entry from
    ``data`` and returns an :class:`~kit.worldbook.book.model.Issue` for it. One outside any entry always raises.

    ``found`` may pass ``list(huge_ints(data))`` already computed.

    Raises
    ------
    WorldBookFormatError
    """
    found = list(huge_ints(data)) if found is None else found
    if not found:
        return []
    issues: list[Issue] = []
    doomed: dict[int, tuple[Any, set[Any]]] = {}
    for path, big in found:
        reason = f"integer of {big.n_digits} digits, more than the {MAX_INT_DIGITS} kit converts"
        k = max((i for i, p in enumerate(path[:-1]) if p == "entries"), default=-1)
        if k < 0:
            raise WorldBookFormatError(reason, file=file, book_id=book_id, field=_dotted(path))
        container: Any = data
        for p in path[: k + 1]:
            container = container[p]
        key = path[k + 1]
        entry = container[key]
        uid: Any = key
        if isinstance(entry, dict):
            for name in ("uid", "id"):
                if (
                    isinstance(entry.get(name), (str, int))
                    and not isinstance(entry.get(name), bool)
                    and not isinstance(entry.get(name), HugeInt)
                ):
                    uid = entry[name]
                    break
        uid_text = str(uid) if not isinstance(uid, int) or uid.bit_length() <= _MAX_INT_BITS else str(key)
        field = _dotted(path[k + 2 :]) or _dotted(path[k : k + 2])
        if strict:
            raise WorldBookFormatError(reason, file=file, book_id=book_id, uid=uid_text, field=field)
        slot = doomed.setdefault(id(container), (container, set()))
        if key not in slot[1]:
            slot[1].add(key)
            issues.append(Issue(book_id, uid_text, field, None, f"{reason}; entry skipped", file))
    for container, keys in doomed.values():
        if isinstance(container, list):
            for index in sorted(keys, reverse=True):
                del container[index]
        else:
            for key in keys:
                del container[key]
    return issues
