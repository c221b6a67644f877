"""Read SillyTavern world files, chub.ai hybrids and card lore (``character_book`` of V1/V2/V3 cards, JSON
or PNG) into kit's :class:`~kit.worldbook.WorldBook`.

Recognised inputs:

* a SillyTavern world file ``{"entries": {"<uid>": {...}}, ...}`` (chub hybrids that also carry the V2
  duplicates ``keys``/``secondary_keys``/``insertion_order`` are world files too: ST ignores the
  duplicates, and so does this reader);
* a character card (V2/V3 ``data.character_book``, V1-style top-level ``character_book``) or a bare
  ``character_book`` (``entries`` is a list), converted the way ST imports card lore
  (:func:`~kit.worldbook.sillytavern.convert.character_book_to_world`);
* a PNG card: ``tEXt`` chunk ``ccv3`` first, then ``chara``, each base64 JSON.

Entries are mapped by :func:`~kit.worldbook.sillytavern.mapping.entry_from_st`. Values that kit reads
differently from SillyTavern (invalid positions, numbers written as strings, regex keys, macros in keys,
...) are kept and reported in ``book.issues``. Values no reader can use (``content`` as an object, a key
that is not a string) raise :class:`~kit.worldbook.WorldBookFormatError` naming the file, the entry and the
field; with ``strict=False`` that entry is skipped and the problem is reported instead.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kit.cards import card_json_from_png
from kit.core.errors import CardError
from kit.worldbook.book._files import (
    JsonRefused,
    drop_huge_int_entries,
    has_huge_ints,
    huge_ints,
    parse_json,
    read_book_file,
)
from kit.worldbook.book.model import Issue, WorldBook
from kit.worldbook.errors import WorldBookFormatError
from kit.worldbook.sillytavern._js import js_keys
from kit.worldbook.sillytavern.convert import card_character_book, character_book_to_world
from kit.worldbook.sillytavern.mapping import EntryError, entry_from_st

__all__ = [
    "read_world",
    "read_world_info",
    "load_world_data",
    "world_from_data",
    "is_sillytavern_world",
    "MAX_FILE_BYTES",
]

#: Largest world file or card read (bytes); larger inputs are refused before parsing.
MAX_FILE_BYTES = 32 * 1024 * 1024

_PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def is_sillytavern_world(data: Any) -> bool:
    """Whether a parsed JSON value is a SillyTavern world file: an object whose ``entries`` is an object
    (keyed by uid) of entry objects. Cards and bare ``character_book`` objects (``entries`` a list) are not,
    nor are kit's native books keyed by uid (their entries carry ``trigger_config``).
    """
    if not isinstance(data, Mapping):
        return False
    entries = data.get("entries")
    return (
        isinstance(entries, Mapping)
        and all(isinstance(v, Mapping) for v in entries.values())
        and not any("trigger_config" in v for v in entries.values())
    )


def _decode_png(data: bytes, where: str) -> Any:
    """The card JSON of a PNG card, through kit's one card codec (:mod:`kit.cards`)."""
    try:
        return card_json_from_png(data, where=where)[0]
    except CardError as exc:
        message = str(exc).removeprefix(f"{where}: ")
        raise WorldBookFormatError(message, file=where, field=exc.field) from None


def load_world_data(source: Any, *, max_bytes: int = MAX_FILE_BYTES) -> tuple[Any, str | None]:
    """Parse a path, bytes or an already parsed object into a JSON value.

    Returns
    -------
    (value, file)
        The parsed value and the file name (``None`` for in-memory input).

    Raises
    ------
    WorldBookFormatError
        For malformed JSON or PNG, or an input larger than ``max_bytes`` (naming the file).
    StorageError
        When the file cannot be read.
    """
    if isinstance(source, Mapping) or isinstance(source, list):
        return source, None
    where: str | None = None
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        where = str(path)
        data = read_book_file(path, max_bytes=max_bytes)
    elif isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        if len(data) > max_bytes:
            raise WorldBookFormatError(f"input is {len(data)} bytes, more than the limit of {max_bytes}")
    else:
        raise WorldBookFormatError(f"expected a path, bytes or a parsed JSON object, got {type(source).__name__}")
    if data.startswith(_PNG_MAGIC):
        return _decode_png(data, where or "<png>"), where
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise WorldBookFormatError(f"not UTF-8 text (byte {exc.start})", file=where) from None
    try:
        return parse_json(text), where
    except JsonRefused as exc:
        raise WorldBookFormatError(exc.reason, file=where) from None


def world_from_data(data: Any, *, file: str | None = None) -> tuple[dict[str, Any], str | None, list[Issue]]:
    """Return ``(world file, book name or None, notes)`` for a world file, card or bare ``character_book``."""
    notes: list[Issue] = []
    if is_sillytavern_world(data):
        return data, (str(data["name"]) if data.get("name") else None), notes
    if isinstance(data, Mapping) and isinstance(data.get("entries"), Mapping):
        for k in js_keys(data["entries"]):
            v = data["entries"][k]
            if not isinstance(v, Mapping):
                raise WorldBookFormatError(
                    f"expected an entry object, got {type(v).__name__}", file=file, uid=k, field=f"entries.{k}", value=v
                )
    if isinstance(data, Mapping) and data.get("spec") == "lorebook_v3" and isinstance(data.get("data"), Mapping):
        notes.append(
            Issue(
                "",
                None,
                "spec",
                "lorebook_v3",
                "standalone V3 lorebook: SillyTavern's importer rejects it (no top-level 'entries'); "
                "kit reads its entries as card lore",
                file,
                "warning",
            )
        )
        data = data["data"]
    if isinstance(data, Mapping):
        book = card_character_book(data)
        if book is not None:
            if not isinstance(book.get("entries"), list):
                raise WorldBookFormatError(
                    "expected a list of entries", file=file, field="character_book.entries", value=book.get("entries")
                )
            for i, e in enumerate(book["entries"]):
                if not isinstance(e, Mapping):
                    raise WorldBookFormatError(
                        f"expected an entry object, got {type(e).__name__}",
                        file=file,
                        uid=str(i),
                        field=f"character_book.entries[{i}]",
                        value=e,
                    )
            name = book.get("name")
            if not name:
                inner = data.get("data") if isinstance(data.get("data"), Mapping) else data
                char = inner.get("name") if isinstance(inner, Mapping) else None
                name = f"{char}'s Lorebook" if char else None
            return character_book_to_world(book), (str(name) if name else None), notes
        if "entries" in data:
            raise WorldBookFormatError(
                "'entries' must be an object keyed by uid (or a list, in a character_book), "
                f"got {type(data['entries']).__name__}",
                file=file,
                field="entries",
                value=None,
            )
    raise WorldBookFormatError(
        "not a SillyTavern world file, character card with a character_book, or character_book", file=file
    )


def read_world(
    source: Any,
    *,
    book_id: str | None = None,
    strict: bool = False,
    max_bytes: int = MAX_FILE_BYTES,
    file: str | None = None,
) -> WorldBook:
    """Read a SillyTavern world file, a chub hybrid, or card lore into a kit :class:`~kit.worldbook.WorldBook`.

    Parameters
    ----------
    source : path, bytes or dict
        A ``.json`` world file or card, a ``.png`` card, their bytes, or the parsed JSON.
    book_id : str, optional
        Id of the book; by default the file stem (SillyTavern names books by file name), else the book's
        ``name``, else ``"world"``.
    strict : bool, default=False
        Lenient by default: an entry no reader can use is skipped and reported in ``book.issues``;
        ``strict=True`` raises on the first one.
    max_bytes : int, default=MAX_FILE_BYTES
        Inputs larger than this are refused before parsing; so are paths that are not regular files
        (FIFOs, devices).
    file : str, optional
        The file name to name in errors and issues and to store as ``source`` when ``source`` is parsed JSON
        (a path names itself).

    Returns
    -------
    WorldBook
        Entries in SillyTavern's key order (``Object.keys``: integer uids ascending, then the others);
        ``extra["sillytavern"]`` keeps the book's other top-level fields (``originalData`` included) and each
        entry's ``extra["sillytavern"]`` the raw entry. ``issues`` lists values read differently from what
        the file says (see :mod:`~kit.worldbook.sillytavern.mapping`), skipped entries (lenient) included.

    Raises
    ------
    WorldBookFormatError
        Malformed JSON/PNG, an input that is no SillyTavern world or card lore, or (strict) an entry field of
        a type no reader can use; the message names the file, the entry and the field.
    """
    data, where = load_world_data(source, max_bytes=max_bytes)
    file = where or file
    early_id = book_id or (Path(file).stem if file else None) or "world"
    # parsed text holds HugeInt markers, a caller's object may hold Python ints too long to print: one walk
    found = list(huge_ints(data)) if has_huge_ints(data) else []
    if found and where is None:
        data = copy.deepcopy(data)  # the caller's object is not ours to change
        found = list(huge_ints(data))
    dropped = drop_huge_int_entries(data, file=file, book_id=early_id, strict=strict, found=found) if found else []
    world, name, early = world_from_data(data, file=file)
    bid = book_id or (Path(file).stem if file else None) or name or "world"
    issues: list[Issue] = [*dropped, *(Issue(bid, i.uid, i.field, i.value, i.reason, file, i.severity) for i in early)]
    entries = []
    seen: set[str] = set()
    raw_entries = world["entries"]
    for key in js_keys(raw_entries):
        raw = raw_entries[key]
        try:
            entry, notes = entry_from_st(raw, key)
        except EntryError as err:
            if strict:
                raise WorldBookFormatError(
                    err.reason, file=file, book_id=bid, uid=key, field=err.field, value=err.value
                ) from None
            issues.append(Issue(bid, key, err.field, err.value, f"{err.reason}; entry skipped", file))
            continue
        if entry.uid in seen:
            issues.append(
                Issue(
                    bid,
                    key,
                    "uid",
                    raw.get("uid"),
                    f"duplicate uid {entry.uid!r}: SillyTavern keeps both entries under the same runtime key; "
                    "kit keeps the first, entry skipped",
                    file,
                )
            )
            continue
        seen.add(entry.uid)
        issues.extend(Issue(bid, entry.uid, f, v, r, file, "warning") for f, v, r in notes)
        entries.append(entry)
    extra = {k: v for k, v in world.items() if k != "entries"}
    return WorldBook(
        id=bid,
        name=str(name or world.get("name") or bid),
        entries=tuple(entries),
        description=str(world.get("description") or ""),
        extra={"sillytavern": extra},
        source=file,
        issues=tuple(issues),
    )


def read_world_info(path: str | os.PathLike[str], *, strict: bool = False) -> WorldBook:
    """:func:`read_world` for a file path (the hook :func:`kit.worldbook.read_world_book` calls)."""
    return read_world(path, strict=strict)
