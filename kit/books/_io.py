"""File access for the book store: atomic JSON/bytes writes and JSON reads with clear errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from kit.core.atomic_files import atomic_write_bytes, fsync_folder
from kit.books.errors import BookRecordError, StorageError

__all__ = ["dumps", "fsync_folder", "read_json", "write_bytes_atomic", "write_json_atomic"]


def dumps(value: Any) -> str:
    """Serialise ``value`` the way every store file is written (UTF-8, 2-space indent, trailing newline)."""
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (see :func:`kit.core.atomic_files.atomic_write_bytes`).

    A reader sees either the old file or the new one, never a mix; on error the old file is untouched.
    """
    atomic_write_bytes(path, data)


def write_json_atomic(path: Path, value: Any) -> None:
    """Serialise ``value`` with :func:`dumps` and write it with :func:`write_bytes_atomic`."""
    write_bytes_atomic(path, dumps(value).encode("utf-8"))


def read_json(path: Path, *, expect: type = dict) -> Any:
    """Parse a JSON file; raise :class:`BookRecordError` naming the file, line and column when it is malformed.

    Raises
    ------
    BookRecordError
        The file is not UTF-8, not JSON, or its top level is not ``expect``.
    StorageError
        The file cannot be read.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise StorageError(f"{path}: could not read the file ({exc.strerror or exc})") from exc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BookRecordError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})", path=str(path)) from exc
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BookRecordError(
            f"{path}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}", path=str(path)
        ) from exc
    if not isinstance(value, expect):
        raise BookRecordError(
            f"{path}: expected a JSON {'object' if expect is dict else 'array'} at the top level, "
            f"got {type(value).__name__}",
            path=str(path),
        )
    return value
