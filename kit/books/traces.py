"""Append-only trace files (``books/{id}/traces.jsonl``): one JSON object per line.

Every line is written with a single ``write`` followed by ``flush`` and ``fsync``, so a crash can only damage
the last line. Reading reports such a torn last line with a :class:`~kit.books.errors.TornTraceWarning`
and ignores it; the next append cuts it off before writing. A bad line anywhere else is real corruption and
raises :class:`~kit.books.errors.TraceError` naming the file and line.
"""

from __future__ import annotations

import json
import os
import stat
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kit.books._io import fsync_folder, read_file
from kit.books.codec import json_codec
from kit.books.errors import BookRecordError, StorageError, TornTraceWarning, TraceError
from kit.books.records import DesignTraceEntry, PlayTraceEntry, TraceEntry, trace_entry_from_dict
from kit.books.secrets import check_no_secrets
from kit.core.atomic_files import check_folder_inside
from kit.core.json_files import MAX_JSON_COST, MAX_JSON_DEPTH, parse_json

__all__ = ["TraceLog", "append_trace_line", "read_trace_file"]


@dataclass(frozen=True)
class TraceLog:
    """What :func:`read_trace_file` found: the parsed entries and the torn last line, if any.

    ``torn_line`` is the 1-based line number of an ignored torn last line (None when the file is intact).
    """

    entries: tuple[TraceEntry, ...]
    torn_line: int | None = None
    torn_reason: str | None = None


#: Largest ``traces.jsonl`` read (bigger files are refused before reading).
MAX_TRACE_BYTES = 64 * 1024 * 1024


def _parse_line(raw: bytes, where: str, lineno: int) -> TraceEntry:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TraceError(
            f"{where}: line {lineno} is not UTF-8 ({exc.reason})", path=where, field=f"line {lineno}"
        ) from exc
    try:
        value = parse_json(text, where="", error=TraceError)
    except TraceError as exc:
        reason = str(exc).removeprefix(": ")
        raise TraceError(
            f"{where}: line {lineno} is not valid JSON ({reason})", path=where, field=f"line {lineno}"
        ) from None
    try:
        return trace_entry_from_dict(value, f"{where} line {lineno}")
    except BookRecordError as exc:
        raise TraceError(str(exc), path=where, field=exc.field) from exc


#: The plain decoder of the fast path (:func:`_fast_value`); the guarded path builds its own per call.
_RAW_DECODE = json.JSONDecoder().raw_decode
_FAST_MAX_CHARS = MAX_JSON_COST // 64
#: What ``bytes.strip()`` removes (ASCII whitespace): a line of nothing else is skipped.
_BLANK = " \t\n\r\x0b\x0c"
#: JSON's whitespace, allowed after a value.
_JSON_SPACE = " \t\n\r"


def _fast_value(line: str) -> Any:
    """Parse a trace line that is plainly within every cap of :func:`kit.core.json_files.parse_json`, or None.

    A line with more brackets than the depth cap, one long enough for the memory cap to matter, one that does not
    start with its value, or one the plain decoder refuses (malformed, extra data, an integer too long to convert)
    goes through the guarded path instead, which raises the worded error; so does a line whose value is not a JSON
    object. ``raw_decode`` skips ``json.loads``' Python wrapper (type checks, two whitespace matches): about half
    the parsing time of a short line.
    """
    n = len(line)
    if n > MAX_JSON_DEPTH and (n > _FAST_MAX_CHARS or line.count("{") + line.count("[") > MAX_JSON_DEPTH):
        return None  # (a line no longer than the depth cap cannot nest deeper than it)
    try:
        value, end = _RAW_DECODE(line)
    except (ValueError, RecursionError):
        return None
    if end != n and line[end:].strip(_JSON_SPACE):
        return None
    return value if type(value) is dict else None


#: The codec of each ``trace`` value (:func:`~kit.books.records.trace_entry_from_dict` words every other value).
_CODECS = {"design": json_codec(DesignTraceEntry), "play": json_codec(PlayTraceEntry)}


def _read_line(line: str, where: str, lineno: int) -> TraceEntry:
    """:func:`_parse_line` of a line of the decoded file, with the plain decoder first (the same entries and
    errors, in a third of the time).
    """
    value = _fast_value(line)
    if value is None:
        return _parse_line(line.encode("utf-8"), where, lineno)
    trace = value.get("trace", "design")
    codec = _CODECS.get(trace) if type(trace) is str else None  # what trace_entry_from_dict picks, looked up once
    if codec is not None:
        try:
            return codec.read(value, where)
        except BookRecordError:
            pass  # read again naming the line (the message is built only for a bad entry)
    try:
        return trace_entry_from_dict(value, f"{where} line {lineno}")
    except BookRecordError as exc:
        raise TraceError(str(exc), path=where, field=exc.field) from exc


def _numbered_lines(data: bytes) -> tuple[list[tuple[int, Any]], Any]:
    """The non-blank lines with their 1-based numbers, and the reader of one line.

    The file is decoded once (a newline byte never sits inside a UTF-8 sequence, so its lines are the lines of the
    bytes); a file that is not UTF-8 is read line by line, so the error names the line.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        lines: list[Any] = data.split(b"\n")
        return [(i + 1, line) for i, line in enumerate(lines) if line.strip()], _parse_line
    lines = text.split("\n")
    return [(i + 1, line) for i, line in enumerate(lines) if line.strip(_BLANK)], _read_line


def read_trace_file(path: Path, *, warn: bool = True) -> TraceLog:
    """Read every entry of a ``traces.jsonl``; a missing file is an empty trace.

    Parameters
    ----------
    path : Path
        The trace file.
    warn : bool, default=True
        Emit a :class:`TornTraceWarning` when the last line is torn.

    Returns
    -------
    TraceLog
        Entries in file order, plus the line number of an ignored torn last line.

    Raises
    ------
    TraceError
        A line other than the last is not a valid trace entry.
    """
    try:
        data = read_file(path, what="trace", max_bytes=MAX_TRACE_BYTES)
    except FileNotFoundError:
        return TraceLog(())
    numbered, read_line = _numbered_lines(data)
    entries: list[TraceEntry] = []
    where = str(path)
    for pos, (lineno, line) in enumerate(numbered):
        try:
            entries.append(read_line(line, where, lineno))
        except TraceError as exc:
            if pos != len(numbered) - 1:
                raise
            if warn:
                warnings.warn(
                    f"{path}: ignoring torn last line {lineno} (an interrupted write): {exc}",
                    TornTraceWarning,
                    stacklevel=2,
                )
            return TraceLog(tuple(entries), lineno, str(exc))
    return TraceLog(tuple(entries))


def _cut_torn_tail(handle: Any, path: Path) -> None:
    """Truncate the file after its last intact line if the last line is not a valid trace entry.

    A torn write may leave bytes that are not JSON, or JSON that is not a trace entry: either way the
    reader ignores that last line, and it is cut off here so it never ends up in the middle of the file.
    """
    size = handle.seek(0, os.SEEK_END)
    if size == 0:
        return
    end = size
    handle.seek(end - 1)
    if handle.read(1) == b"\n":
        end -= 1
    start = end
    chunk = 4096
    while start > 0:
        step = min(chunk, start)
        handle.seek(start - step)
        block = handle.read(step)
        idx = block.rfind(b"\n")
        if idx >= 0:
            start = start - step + idx + 1
            break
        start -= step
    handle.seek(start)
    last = handle.read(end - start)
    ok = True
    if last.strip():
        try:
            _parse_line(last, str(path), 0)
        except TraceError:
            ok = False
    if not ok:
        warnings.warn(
            f"{path}: dropping a torn last line ({size - start} bytes) left by an interrupted write",
            TornTraceWarning,
            stacklevel=3,
        )
        handle.truncate(start)
    elif end == size:  # intact last line without its newline: finish it
        handle.seek(0, os.SEEK_END)
        handle.write(b"\n")


def _open_for_append(path: Path) -> Any:
    """Open (creating) a trace file for appending, never through a link and never a non-regular file."""
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0), 0o644)
    except OSError as exc:
        if path.is_symlink():
            raise StorageError(
                f"{path}: refusing to append: the trace file is a symbolic link; kit never writes through one"
            ) from None
        raise StorageError(f"{path}: could not open the trace ({exc.strerror or exc})") from exc
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
        os.close(fd)
        reason = "is not a regular file" if not stat.S_ISREG(st.st_mode) else f"has {st.st_nlink} hard links"
        raise StorageError(f"{path}: refusing to append: the trace file {reason}")
    return os.fdopen(fd, "r+b")


def append_trace_line(path: Path, entry: dict[str, Any], *, root: Path | None = None) -> TraceEntry:
    """Validate ``entry``, refuse secrets, and append it as one line (flushed and fsynced).

    Returns
    -------
    DesignTraceEntry or PlayTraceEntry
        The parsed entry as written.

    Raises
    ------
    SecretError, BookRecordError
        The entry carries a credential or breaks the record rules; the file is unchanged.
    """
    where = str(path)
    check_no_secrets(entry, where=where)
    parsed = trace_entry_from_dict(entry, where)
    line = (json.dumps(parsed.to_dict(), ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
    created = not path.exists()
    if root is not None:
        check_folder_inside(root, path.parent, create=True)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with _open_for_append(path) as handle:
            _cut_torn_tail(handle, path)
            handle.seek(0, os.SEEK_END)
            handle.write(line)
            handle.flush()
            os.fsync(handle.fileno())
    except StorageError:
        raise
    except OSError as exc:
        raise StorageError(f"{path}: could not append to the trace ({exc.strerror or exc})") from exc
    if created:
        fsync_folder(path.parent)
    return parsed
