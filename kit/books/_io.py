"""File access for the book store: atomic JSON/bytes writes and bounded JSON reads with clear errors.

Every read goes through :func:`kit.core.atomic_files.read_regular_file` (a FIFO, device or folder is refused
without blocking, and files are size-capped); every JSON text through
:func:`kit.core.json_files.parse_json`, which turns
malformed JSON, nesting deeper than :data:`MAX_JSON_DEPTH` and integers longer than Python converts
(4,300 digits) into the caller's kit error naming the file and the field.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from kit.books.errors import BookRecordError
from kit.core.atomic_files import atomic_write_bytes, fsync_folder, read_regular_file
from kit.core.json_files import MAX_FILE_BYTES, MAX_JSON_DEPTH, parse_json

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


def dumps(value: Any) -> str:
    """Serialise ``value`` the way every store file is written (UTF-8, 2-space indent, trailing newline)."""
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def write_bytes_atomic(path: Path, data: bytes, *, root: str | os.PathLike[str] | None = None) -> None:
    """Write ``data`` to ``path`` atomically (see :func:`kit.core.atomic_files.atomic_write_bytes`).

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
        raise BookRecordError(
            f"{path}: the value nests too deeply to write as JSON; nothing was written", path=str(path)
        ) from None
    except (TypeError, ValueError) as exc:
        raise BookRecordError(
            f"{path}: the value cannot be written as JSON ({exc}); nothing was written", path=str(path)
        ) from None
    write_bytes_atomic(path, text.encode("utf-8"), root=root)


def read_file(path: Path, *, what: str = "file", max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """Read a regular file of at most ``max_bytes`` (FileNotFoundError passes through; else StorageError)."""
    return read_regular_file(path, max_bytes=max_bytes, what=what)


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
    value = parse_json(text, where=str(path), error=BookRecordError)
    if not isinstance(value, expect):
        raise BookRecordError(
            f"{path}: expected a JSON {'object' if expect is dict else 'array'} at the top level, "
            f"got {type(value).__name__}",
            path=str(path),
        )
    return value
