"""Bounded JSON parsing: depth, integer length and malformed text become kit errors naming file and field.

Python's ``json`` raises ``RecursionError`` on deep nesting and ``ValueError`` on integers longer than
4,300 digits; :func:`parse_json` turns both (and malformed JSON) into the caller's :class:`FieldError`
subclass naming the file, the field path (``data.extensions.x[3]``) and the reason. Readers use it with
:func:`kit.core.atomic_files.read_regular_file`, which refuses non-regular and oversized files.
"""

from __future__ import annotations

import json
from typing import Any

from kit.core.errors import FieldError

__all__ = ["MAX_FILE_BYTES", "MAX_INT_DIGITS", "MAX_JSON_COST", "MAX_JSON_DEPTH", "json_cost", "parse_json"]

#: Largest JSON record, card or avatar file read; bigger files are refused before reading.
MAX_FILE_BYTES = 32 * 1024 * 1024
#: Deepest JSON nesting accepted in a store file, a card or a trace line.
MAX_JSON_DEPTH = 256
#: Most memory the Python values of one JSON text may take, estimated before parsing (see :func:`json_cost`).
MAX_JSON_COST = 48 * 1024 * 1024
#: Longest integer literal accepted (Python's own limit for converting text to int).
MAX_INT_DIGITS = 4300


class _HugeInt(str):
    """An integer literal too long to convert, kept as text until its field path is known."""


def _parse_int(literal: str) -> Any:
    if len(literal) > MAX_INT_DIGITS and len(literal.lstrip("-")) > MAX_INT_DIGITS:
        return _HugeInt(literal)
    return int(literal)


_DECODER = json.JSONDecoder(parse_int=_parse_int)


def _join(path: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def _find(value: Any, max_depth: int) -> tuple[str, str] | None:
    """The first (field path, reason) where ``value`` nests too deep or holds a too-long integer."""
    stack: list[tuple[Any, str, int]] = [(value, "", 1)]
    while stack:
        item, path, depth = stack.pop()
        if isinstance(item, _HugeInt):
            return path or "<value>", (
                f"is an integer of {len(item.lstrip('-'))} digits, more than the {MAX_INT_DIGITS} digits Python "
                "converts; store it as a string"
            )
        if isinstance(item, (dict, list)):
            if depth > max_depth:
                return path or "<value>", f"nests deeper than {max_depth} levels"
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            stack.extend((v, _join(path, k), depth + 1) for k, v in reversed(list(pairs)))
    return None


def _needs_check(value: Any, max_depth: int) -> bool:
    """Cheap pass: is anything nested deeper than ``max_depth`` or a too-long integer present?"""
    level = [value]
    depth = 1
    while level:
        nxt: list[Any] = []
        for item in level:
            if isinstance(item, dict):
                nxt.extend(v for v in item.values() if isinstance(v, (dict, list, _HugeInt)))
            elif isinstance(item, list):
                nxt.extend(v for v in item if isinstance(v, (dict, list, _HugeInt)))
            elif isinstance(item, _HugeInt):
                return True
        if nxt and depth >= max_depth and any(isinstance(v, (dict, list)) for v in nxt):
            return True
        level = nxt
        depth += 1
    return False


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

    Malformed JSON names the line and column; nesting deeper than ``max_depth`` and integers longer than
    4,300 digits name the field path (``data.extensions.x[3]``); a text whose values would take more than
    ``max_cost`` bytes (:func:`json_cost`) is refused before anything is built. ``path`` (default ``where``)
    is the file recorded on the error.
    """
    file = where if path is None else path
    try:
        if isinstance(text, (bytes, bytearray)):
            text = text.decode("utf-8")
        if len(text) * 64 > max_cost and json_cost(text) > max_cost:
            raise error(  # type: ignore[call-arg]
                f"{where}: refusing to read {len(text)} characters of JSON whose values would take about "
                f"{json_cost(text) // 2**20} MiB (kit reads at most {max_cost // 2**20} MiB of JSON values per text)",
                path=file,
                field=field_prefix,
            )
        value = _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise error(  # type: ignore[call-arg]
            f"{where}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}", path=file, field=field_prefix
        ) from None
    except UnicodeDecodeError as exc:
        raise error(f"{where}: not UTF-8 text ({exc.reason} at byte {exc.start})", path=file, field=field_prefix) from None  # type: ignore[call-arg]
    except RecursionError:
        raise error(  # type: ignore[call-arg]
            f"{where}: the JSON nests too deeply to read (kit accepts {max_depth} levels)", path=file, field=field_prefix
        ) from None
    if len(text) <= MAX_INT_DIGITS and text.count("[") + text.count("{") <= max_depth:
        return value  # too short for a too-long integer, too few brackets to nest too deep
    if isinstance(value, _HugeInt) or (isinstance(value, (dict, list)) and _needs_check(value, max_depth)):
        found = _find(value, max_depth)
        if found is not None:
            field, reason = found
            field = _join(field_prefix, field) if field_prefix and field != "<value>" else field_prefix or field
            raise error(f"{where}: field {field!r} {reason}", path=file, field=field)  # type: ignore[call-arg]
    return value


