"""Reading a quest book's files: the shared state of one load (:class:`BookReader`) and the value helpers.

A :class:`BookReader` reads SNBT files, registers object ids and collects problems: with ``strict=False``
(the default) a bad file or object becomes a problem row and the rest loads; with ``strict=True`` the
first one raises. :mod:`kit.ftb.loader`, :mod:`kit.ftb.dependencies` and :mod:`kit.ftb.booktext` use it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kit.ftb import lang as _lang
from kit.ftb.errors import QuestBookError, SnbtFileError, SnbtSyntaxError
from kit.ftb.model import QuestBook
from kit.ftb.snbt import read_snbt

__all__ = ["BookReader"]


def _tristate(value: Any) -> bool | None:
    if value is None:
        return None
    if isinstance(value, str):
        low = value.lower()
        return True if low == "true" else False if low == "false" else None
    return bool(value)


def _flag(value: Any) -> bool:
    return bool(_tristate(value))


def _hex_id(value: Any) -> str | None:
    """A 16-hex upper-case id from a string or an int, or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return f"{value & 0xFFFFFFFFFFFFFFFF:016X}"
    if isinstance(value, str) and 0 < len(value) <= 16:
        try:
            int(value, 16)
        except ValueError:
            return None
        return value.upper().rjust(16, "0")
    return None


def _detail(obj: Mapping[str, Any], *keys: str) -> str:
    for key in keys:
        value = obj.get(key)
        if isinstance(value, str):
            return value
        if isinstance(value, dict) and isinstance(value.get("id"), str):
            return value["id"]
    return ""


class BookReader:
    """The state of one load: the book being built, raw dependencies and inline text; problems become rows,
    or raise in strict mode where the book would be wrong.
    """

    def __init__(self, quests_dir: Path, strict: bool) -> None:
        self.dir = quests_dir
        self.strict = strict
        self.book = QuestBook(path=quests_dir, settings={})
        self.raw_deps: dict[str, list[Any]] = {}
        self.inline: dict[tuple[str, str], Any] = {}

    def error(self, kind: str, object_id: str, field: str, message: str, path: str, *, fatal: bool = False) -> None:
        if fatal and self.strict:
            raise QuestBookError(message)
        self.book.error_rows.append(dict(kind=kind, object_id=object_id, field=field, message=message, path=path))

    def number(
        self, raw: dict[str, Any], key: str, default: Any, object_id: str, file: Path, *, real: bool = False
    ) -> Any:
        """A numeric field; a value of another type is reported (``bad_field``) and replaced by the default."""
        value = raw.get(key)
        if value is None:
            return default
        if isinstance(value, (int, float)) and (real or float(value).is_integer()):
            return value if real else int(value)
        self.error(
            "bad_field",
            object_id,
            key,
            f"{file}: {object_id}: field {key!r} should be a number, got {value!r}; using {default!r}",
            str(file),
        )
        return default

    def read(self, file: Path) -> dict[str, Any] | None:
        try:
            return read_snbt(file)
        except (SnbtSyntaxError, SnbtFileError) as exc:
            if self.strict:
                raise
            kind = "syntax" if isinstance(exc, SnbtSyntaxError) else "file"
            self.error(kind, "", "", str(exc), str(file))
            return None

    def register(self, raw: Any, kind: str, path: Path, where: str) -> str | None:
        object_id = _hex_id(raw.get("id")) if isinstance(raw, dict) else None
        if object_id is None:
            shown = raw.get("id") if isinstance(raw, dict) else raw
            self.error(
                "bad_id",
                "",
                "id",
                f"{path}: {where}: id {shown!r} is not a 16-digit hex id; object skipped",
                str(path),
                fatal=True,
            )
            return None
        if object_id in self.book.object_types:
            self.error(
                "duplicate_id",
                object_id,
                "id",
                f"{path}: {where}: id {object_id} is already used by a {self.book.object_types[object_id]}; "
                f"the later object is skipped",
                str(path),
                fatal=True,
            )
            return None
        self.book.object_types[object_id] = kind
        if isinstance(raw, dict):
            for inline, lang_field in _lang.INLINE_FIELDS.get(kind, {}).items():
                value = raw.get(inline)
                if isinstance(value, str) and value:
                    self.inline[(object_id, lang_field)] = value
                elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
                    self.inline[(object_id, lang_field)] = tuple(value)
        return object_id

    def chapter_path(self, chapter_id: str) -> str:
        chapter = self.book.chapter_by_id.get(chapter_id)
        return chapter.path if chapter else ""
