"""A quest book's text: inline fields, ``lang/`` tables and JSON language files, checked key by key.

A lang key that is malformed, names no object of the book, names an object of another type or holds no
text is a problem row, never an error: FTB Quests ignores such keys too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.ftb import lang as _lang
from kit.ftb.reading import BookReader

__all__ = ["load_text"]


def load_text(reader: BookReader, translations: Mapping[str, Any] | None) -> None:
    """Fill the book's text tables: inline text (``en_us``), lang files and folders, JSON language files."""
    book = reader.book
    tables, sources, errors = _lang.read_lang_tables(reader.dir, read=reader.read)
    book.error_rows.extend(errors)
    if reader.inline:
        book.texts_by_locale["en_us"] = dict(reader.inline)
        book.text_sources["en_us"] = "inline"
    for locale, table in tables.items():
        path = str(reader.dir / "lang" / (f"{locale}.snbt" if sources[locale] == "file" else locale))
        target = book.texts_by_locale.setdefault(locale, {})
        for key, value in table.items():
            parsed = _lang.parse_lang_key(key)
            if parsed is None:
                reader.error("bad_lang_key", "", key, f"{path}: key {key!r} is not <type>.<16-hex id>.<field>", path)
                continue
            kind = book.object_types.get(parsed.object_id)
            if kind is None:
                reader.error(
                    "unknown_lang_object",
                    parsed.object_id,
                    key,
                    f"{path}: key {key!r}: no {parsed.object_type} {parsed.object_id} in the book; ignored",
                    path,
                )
                continue
            if kind != parsed.object_type:  # FTB looks text up by "<type>.<id>.<field>": never used
                reader.error(
                    "unknown_lang_object",
                    parsed.object_id,
                    key,
                    f"{path}: key {key!r}: {parsed.object_id} is a {kind} in the book, not a "
                    f"{parsed.object_type}; ignored",
                    path,
                )
                continue
            if not _lang.is_text(value):
                reader.error(
                    "bad_lang_value",
                    parsed.object_id,
                    key,
                    f"{path}: key {key!r}: expected a string or a list of strings",
                    path,
                )
                continue
            target[(parsed.object_id, parsed.field)] = value if isinstance(value, str) else tuple(value)
        book.text_sources[locale] = "+".join(filter(None, [book.text_sources.get(locale), sources[locale]]))
    if translations is None:
        translations = _lang.find_json_translations(reader.dir)
    book.json_tables = _lang.read_json_translations(translations, problems=None if reader.strict else book.error_rows)
    for locale in book.json_tables:
        book.text_sources[locale] = "+".join(filter(None, [book.text_sources.get(locale), "json"]))
