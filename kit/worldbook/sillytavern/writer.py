"""Write kit world books as SillyTavern world files and as V2 ``character_book`` objects.

:func:`to_world_file` maps each entry with :func:`~kit.worldbook.sillytavern.mapping.entry_to_st`: entries read
from SillyTavern are written back from their original objects (only changed fields are rewritten), new entries
start from the editor's defaults. Integer uids are kept; other uids get the smallest free integer and the kit
uid is kept in ``extensions.kit.uid`` so reading the file back restores it.

:func:`sillytavern_character_book` writes what SillyTavern embeds in a card (server ``convertWorldInfoToCharacterBook``)
and adds the ``extensions: {}`` the V2 specification requires (ST itself omits it).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from kit.core.atomic_files import atomic_write_text
from kit.worldbook.book.model import WorldBook
from kit.worldbook.sillytavern.convert import world_to_character_book
from kit.worldbook.sillytavern.mapping import entry_to_st

__all__ = ["to_world_file", "sillytavern_character_book", "write_world_file"]


def _uids(book: WorldBook) -> list[int]:
    taken = {
        int(e.uid) for e in book.entries if e.uid.isdigit() and e.uid.isascii() and (e.uid == "0" or e.uid[0] != "0")
    }
    out, free = [], 0
    for e in book.entries:
        if e.uid.isdigit() and e.uid.isascii() and (e.uid == "0" or e.uid[0] != "0"):
            out.append(int(e.uid))
            continue
        while free in taken:
            free += 1
        taken.add(free)
        out.append(free)
    return out


def to_world_file(book: WorldBook) -> dict[str, Any]:
    """Return a kit book as a SillyTavern world file ``{"entries": {"<uid>": {...}}, ...}``.

    Top-level fields read from a SillyTavern file (``name``, ``originalData``, ...) are written back; a kit
    book gets ``name``. Entries appear in book order.
    """
    extra = book.extra.get("sillytavern") if isinstance(book.extra, dict) or hasattr(book.extra, "get") else None
    out: dict[str, Any] = {}
    if isinstance(extra, dict):
        out.update({k: v for k, v in extra.items() if k != "entries"})
    elif book.name != book.id:
        out["name"] = book.name
    entries: dict[str, Any] = {}
    for entry, uid in zip(book.entries, _uids(book)):
        entries[str(uid)] = entry_to_st(entry, uid)
    return {"entries": entries, **out}


def sillytavern_character_book(book: WorldBook) -> dict[str, Any]:
    """Return a kit book as a V2 card ``character_book`` (SillyTavern's export shape plus ``extensions``).

    Public as ``kit.worldbook.to_character_book(book, style="sillytavern")``.

    Returns
    -------
    dict
        ``{"entries": [...], "name": ..., "extensions": {}}``; each entry has ``id, keys, secondary_keys,
        comment, content, constant, selective, insertion_order, enabled, position, use_regex, extensions``.
    """
    out = world_to_character_book(to_world_file(book), book.name)
    out["extensions"] = {}
    if book.description:
        out["description"] = book.description
    return out


def write_world_file(book: WorldBook, path: str | os.PathLike[str]) -> Path:
    """Write :func:`to_world_file` as JSON (UTF-8, 4-space indentation, like SillyTavern) atomically
    (:func:`kit.core.atomic_files.atomic_write_text`: on failure the old file is unchanged and
    :class:`kit.StorageError` names the file).

    Returns
    -------
    Path
        The written path.
    """
    path = Path(path)
    atomic_write_text(path, json.dumps(to_world_file(book), ensure_ascii=False, indent=4) + "\n")
    return path
