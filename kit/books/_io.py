"""File access for the book store: atomic JSON/bytes writes and bounded JSON reads with clear errors.

Every read goes through :func:`kit.atomic_files.read_regular_file` (a FIFO, device or folder is refused
without blocking, and files are size-capped); every JSON text through :func:`parse_json`, which turns
malformed JSON, nesting deeper than :data:`MAX_JSON_DEPTH` and integers longer than Python converts
(4,300 digits) into the caller's kit error naming the file and the field.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from kit.atomic_files import atomic_write_bytes, fsync_folder, read_regular_file
from kit.books.errors import BookRecordError

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_JSON_DEPTH",
    "dumps",
    "fsync_folder",
    "parse_json",
    "read_file",
    "read_json",
    "write_bytes_atomic",
    "write_json_atomic",
]

#: Largest store file (JSON record, card, avatar) read; bigger files are refused before reading.
MAX_FILE_BYTES = 32 * 1024 * 1024
#: Deepest JSON nesting accepted in a store file, a card or a trace line.
MAX_JSON_DEPTH = 256
#: Longest integer literal accepted (Python's own limit for converting text to int).
MAX_INT_DIGITS = 4300


def dumps(value: Any) -> str:
    """Serialise ``value`` the way every store file is written (UTF-8, 2-space indent, trailing newline)."""
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def write_bytes_atomic(path: Path, data: bytes, *, root: str | os.PathLike[str] | None = None) -> None:
    """Write ``data`` to ``path`` atomically (see :func:`kit.atomic_files.atomic_write_bytes`).

    A reader sees either the old file or the new one, never a mix; on error the old file is untouched.
    With ``root`` (the store folder) the file must lie inside it without passing through a symbolic link.
    """
    atomic_write_bytes(path, data, root=root)


def write_json_atomic(path: Path, value: Any, *, root: str | os.PathLike[str] | None = None) -> None:
    """Serialise ``value`` with :func:`dumps` and write it with :func:`write_bytes_atomic`.

    A value that cannot be written as JSON (nested too deeply, circular, not JSON types) raises
    :class:`BookRecordError` naming the file; nothing is written.
    """
    try:
        text = dumps(value)
    except RecursionError:
        raise BookRecordError(f"{path}: the value nests too deeply to write as JSON; nothing was written", path=str(path)) from None
    except (TypeError, ValueError) as exc:
        raise BookRecordError(f"{path}: the value cannot be written as JSON ({exc}); nothing was written", path=str(path)) from None
    write_bytes_atomic(path, text.encode("utf-8"), root=root)


def read_file(path: Path, *, what: str = "file", max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """Read a regular file of at most ``max_bytes`` (FileNotFoundError passes through; else StorageError)."""
    return read_regular_file(path, max_bytes=max_bytes, what=what)


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


def parse_json(
    text: str | bytes,
    *,
    where: str,
    error: type[Exception] = BookRecordError,
    max_depth: int = MAX_JSON_DEPTH,
    field_prefix: str = "",
    path: str | None = None,
) -> Any:
    """Parse JSON text, raising ``error`` (a kit error taking ``path=`` and ``field=``) naming ``where``.

    Malformed JSON names the line and column; nesting deeper than ``max_depth`` and integers longer than
    4,300 digits name the field path (``data.extensions.x[3]``). ``path`` (default ``where``) is the
    file recorded on the error.
    """
    file = where if path is None else path
    try:
        if isinstance(text, (bytes, bytearray)):
            text = text.decode("utf-8")
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
    if isinstance(value, _HugeInt) or (isinstance(value, (dict, list)) and _needs_check(value, max_depth)):
        found = _find(value, max_depth)
        if found is not None:
            field, reason = found
            field = _join(field_prefix, field) if field_prefix and field != "<value>" else field_prefix or field
            raise error(f"{where}: field {field!r} {reason}", path=file, field=field)  # type: ignore[call-arg]
    return value


def read_json(path: Path, *, expect: type = dict) -> Any:
    """Parse a JSON file; raise :class:`BookRecordError` naming the file, line and column when it is malformed.

    Raises
    ------
    BookRecordError
        The file is not UTF-8, not JSON (or nests too deep, or holds a too-long integer), or its top level
        is not ``expect``.
    StorageError
        The file cannot be read, is not a regular file, or is larger than :data:`MAX_FILE_BYTES`.
    """
    raw = read_file(path, what="store file")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BookRecordError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})", path=str(path)) from exc
    value = parse_json(text, where=str(path))
    if not isinstance(value, expect):
        raise BookRecordError(
            f"{path}: expected a JSON {'object' if expect is dict else 'array'} at the top level, "
            f"got {type(value).__name__}",
            path=str(path),
        )
    return value


