"""Bounded JSON parsing: depth, integer length and malformed text become kit errors naming file and field.

Python's ``json`` raises ``RecursionError`` on deep nesting and ``ValueError`` on integers longer than
4,300 digits; :func:`parse_json` turns both (and malformed JSON) into the caller's :class:`FieldError`
subclass naming the file, the field path (``data.extensions.x[3]``) and the reason. Readers use it with
:func:`kit.core.regular_files.read_regular_file`, which refuses non-regular and oversized files.

:func:`decode_json` is the one guard under every JSON reader of kit (the book store and cards through
:func:`parse_json`, the world-book readers, data packs, module definitions): before anything is built it refuses
a text with more objects and arrays than a cap, one whose values would take too much memory, and one nested
deeper than a cap (found by a linear scan, so no parser recursion is ever reached). Each caller keeps its caps.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from kit.core.errors import FieldError, KitError

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_INT_DIGITS",
    "MAX_JSON_COST",
    "MAX_JSON_DEPTH",
    "JsonRefusedError",
    "decode_json",
    "json_cost",
    "parse_json",
]

#: Largest JSON record, card or avatar file read; bigger files are refused before reading.
MAX_FILE_BYTES = 32 * 1024 * 1024
#: Deepest JSON nesting accepted in a store file, a card or a trace line.
MAX_JSON_DEPTH = 256
#: Most memory the Python values of one JSON text may take, estimated before parsing (see :func:`json_cost`).
MAX_JSON_COST = 48 * 1024 * 1024
#: Longest integer literal accepted (Python's own limit for converting text to int).
MAX_INT_DIGITS = 4300


class JsonRefusedError(KitError, ValueError):
    """A JSON text refused by :func:`decode_json` before parsing; ``reason`` says which cap it passed.

    Callers word it in their own error class naming the file (malformed JSON is ``json.JSONDecodeError``).
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def _deeper_than(text: str, max_depth: int) -> bool:
    """Whether ``text`` nests objects and arrays deeper than ``max_depth``: strings and everything but brackets
    are removed by regular expressions, and the depth is a cumulative sum over what is left (linear, in C).
    """
    import numpy as np

    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).encode("ascii", "replace")
    codes = np.frombuffer(brackets, dtype=np.uint8)
    steps = np.where((codes == ord("[")) | (codes == ord("{")), 1, -1).astype(np.int32)
    return bool(len(steps)) and int(np.cumsum(steps).max()) > max_depth


def decode_json(
    text: str,
    *,
    max_depth: int | None = MAX_JSON_DEPTH,
    max_containers: int | None = None,
    max_cost: int | None = None,
    parse_int: Callable[[str], Any] | None = None,
) -> Any:
    """``json.loads`` behind kit's caps, each checked before anything is built.

    Parameters
    ----------
    text : str
        The JSON text.
    max_depth : int or None, default=MAX_JSON_DEPTH
        Deepest nesting of objects and arrays accepted.
    max_containers : int or None, default=None
        Most objects and arrays (opening brackets, strings included: an upper bound) accepted.
    max_cost : int or None, default=None
        Most bytes the Python values may take, estimated by :func:`json_cost`.
    parse_int : callable, optional
        Passed to ``json.loads`` (kit's readers mark integers too long to convert).

    Raises
    ------
    JsonRefusedError
        When a cap is passed (the reason names it).
    json.JSONDecodeError
        For malformed JSON (callers word it with the line and column).
    """
    containers = text.count("[") + text.count("{")
    if max_containers is not None and containers > max_containers:
        raise JsonRefusedError(f"more than {max_containers} objects and arrays ({containers} opening brackets)")
    if max_cost is not None and len(text) * 64 > max_cost and json_cost(text) > max_cost:
        raise JsonRefusedError(
            f"refusing to read {len(text)} characters of JSON whose values would take about "
            f"{json_cost(text) // 2**20} MiB (kit reads at most {max_cost // 2**20} MiB of JSON values per text)"
        )
    if max_depth is not None and containers > max_depth and _deeper_than(text, max_depth):
        raise JsonRefusedError(f"JSON nested deeper than {max_depth} levels")
    try:
        return json.loads(text, parse_int=parse_int)
    except RecursionError:  # only when max_depth is above what the parser's stack allows
        raise JsonRefusedError("JSON nested too deeply to read") from None


class _HugeInt(str):
    """An integer literal too long to convert, kept as text until its field path is known."""


def _join(path: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def _find_huge_int(value: Any) -> tuple[str, str] | None:
    """The first (field path, reason) where ``value`` holds a too-long integer (iterative, in document order)."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, path = stack.pop()
        if isinstance(item, _HugeInt):
            return path or "<value>", (
                f"is an integer of {len(item.lstrip('-'))} digits, more than the {MAX_INT_DIGITS} digits Python "
                "converts; store it as a string"
            )
        if isinstance(item, (dict, list)):
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            stack.extend((v, _join(path, k)) for k, v in reversed(list(pairs)))
    return None


def json_cost(text: str) -> int:
    """An upper estimate of the bytes the Python values of ``text`` take, computed without parsing.

    64 bytes per object or array and per value or key (a ``,`` or ``:``), and 4 per character of text
    (a string holding one character beyond U+FFFF stores every character in 4 bytes), plus 4 KiB for the
    parser itself. Measured against
    ``tracemalloc`` for the costliest shapes (empty arrays, empty objects, short strings, numbers, keys)
    the real cost is 40-100% of this estimate.
    """
    return 4096 + 64 * (text.count("[") + text.count("{") + text.count(",") + text.count(":")) + 4 * len(text)


def parse_json(
    text: str | bytes,
    *,
    where: str,
    error: type[FieldError] = FieldError,
    max_depth: int = MAX_JSON_DEPTH,
    field_prefix: str = "",
    path: str | None = None,
    max_cost: int = MAX_JSON_COST,
) -> Any:
    """Parse JSON text, raising ``error`` (a kit error taking ``path=`` and ``field=``) naming ``where``.

    Malformed JSON names the line and column; integers longer than 4,300 digits name the field path
    (``data.extensions.x[3]``); nesting deeper than ``max_depth`` and a text whose values would take more than
    ``max_cost`` bytes (:func:`json_cost`) are refused by :func:`decode_json` before anything is built.
    ``path`` (default ``where``) is the file recorded on the error.
    """
    file = where if path is None else path
    n_huge = 0

    def parse_int(literal: str) -> Any:
        nonlocal n_huge
        if len(literal) > MAX_INT_DIGITS and len(literal.lstrip("-")) > MAX_INT_DIGITS:
            n_huge += 1
            return _HugeInt(literal)
        return int(literal)

    try:
        if isinstance(text, (bytes, bytearray)):
            text = text.decode("utf-8")
        value = decode_json(text, max_depth=max_depth, max_cost=max_cost, parse_int=parse_int)
    except JsonRefusedError as exc:
        raise error(f"{where}: {exc.reason}", path=file, field=field_prefix) from None
    except json.JSONDecodeError as exc:
        raise error(
            f"{where}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}", path=file, field=field_prefix
        ) from None
    except UnicodeDecodeError as exc:
        raise error(
            f"{where}: not UTF-8 text ({exc.reason} at byte {exc.start})", path=file, field=field_prefix
        ) from None
    found = _find_huge_int(value) if n_huge else None  # depth was checked before parsing
    if found is not None:
        field, reason = found
        field = _join(field_prefix, field) if field_prefix and field != "<value>" else field_prefix or field
        raise error(f"{where}: field {field!r} {reason}", path=file, field=field)
    return value
