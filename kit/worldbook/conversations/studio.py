"""Conversations to replay against world books, and the sample role-play studio.

Conversation JSON (``<studio>/conversations/*.json``)::

    {"id": "c01", "title": "...", "character_book_id": "lin_wan", "global_book_ids": ["aetheria"],
     "turns": [{"role": "user", "message": "...", "table": {"力量": 12, "态度": "友好"}}, ...]}

A turn's ``table`` is the dynamic table's state when that turn is processed; a turn without one keeps the
previous state. ``global_book_ids`` / ``character_book_id`` say which books are in play (all given books,
as global ones, when both are absent).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kit.core.errors import StorageError
from kit.worldbook._deprecation import renamed_attributes
from kit.worldbook.book._files import MAX_INT_DIGITS, JsonRefused, huge_ints, parse_json, read_book_file
from kit.worldbook.book.io import MAX_FILE_BYTES, WorldBookLibrary, scan_world_books
from kit.worldbook.errors import WorldBookFormatError

__all__ = [
    "Turn",
    "Conversation",
    "Studio",
    "conversation_from_dict",
    "read_conversation",
    "scan_conversations",
    "read_studio",
]


@dataclass(frozen=True)
class Turn:
    """One message of a conversation, with the table state it is processed under."""

    message: str
    role: str = "user"
    table: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Conversation:
    """A conversation: turns in order, and which books are in play.

    Parameters
    ----------
    id : str
    turns : tuple of Turn
        Tables are already carried forward (every turn holds its full state).
    title : str, default=""
    character_book_id : str or None
    global_book_ids : tuple of str or None
        ``None``: every book given to the replay (except the character book) is global.
    """

    id: str
    turns: tuple[Turn, ...]
    title: str = ""
    character_book_id: str | None = None
    global_book_ids: tuple[str, ...] | None = None

    @property
    def messages(self) -> list[str]:
        """The turns' messages, in order."""
        return [t.message for t in self.turns]


def conversation_from_dict(data: Any, *, default_id: str | None = None, file: str | None = None) -> Conversation:
    """Build a :class:`Conversation` from its JSON object (turn tables carried forward)."""
    if not isinstance(data, Mapping):
        raise WorldBookFormatError(f"expected a conversation object, got {type(data).__name__}", file=file)
    conv_id = str(data.get("id") or default_id or "")
    if not conv_id:
        raise WorldBookFormatError("missing", file=file, field="id")
    raw_turns = data.get("turns")
    if not isinstance(raw_turns, list):
        raise WorldBookFormatError("expected a list of turns", file=file, field="turns", value=raw_turns)
    turns = []
    table: dict[str, Any] = {}
    for i, raw in enumerate(raw_turns):
        if isinstance(raw, str):
            raw = {"message": raw}
        if not isinstance(raw, Mapping) or not isinstance(raw.get("message"), str):
            raise WorldBookFormatError("expected {'message': str, ...}", file=file, field=f"turns[{i}]", value=raw)
        if raw.get("table") is not None:
            if not isinstance(raw["table"], Mapping):
                raise WorldBookFormatError(
                    "expected an object", file=file, field=f"turns[{i}].table", value=raw["table"]
                )
            table = {**table, **raw["table"]}
        turns.append(Turn(raw["message"], str(raw.get("role", "user")), dict(table)))
    globals_raw = data.get("global_book_ids")
    return Conversation(
        id=conv_id,
        turns=tuple(turns),
        title=str(data.get("title", "")),
        character_book_id=data.get("character_book_id") or None,
        global_book_ids=tuple(str(x) for x in globals_raw) if globals_raw is not None else None,
    )


def read_conversation(path: str | os.PathLike[str]) -> Conversation:
    """Read one conversation JSON file (the id defaults to the file stem)."""
    path = Path(path)
    raw = read_book_file(path, max_bytes=MAX_FILE_BYTES, what="conversation")
    try:
        data = parse_json(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise WorldBookFormatError(f"not UTF-8 text (byte {exc.start})", file=str(path)) from None
    except JsonRefused as exc:
        raise WorldBookFormatError(exc.reason, file=str(path)) from None
    for where, big in huge_ints(data):
        field = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in where).lstrip(".")
        raise WorldBookFormatError(
            f"integer of {big.n_digits} digits, more than the {MAX_INT_DIGITS} kit converts",
            file=str(path),
            field=field,
        )
    return conversation_from_dict(data, default_id=path.stem, file=str(path))


def scan_conversations(folder: str | os.PathLike[str]) -> list[Conversation]:
    """Read every ``*.json`` conversation of a folder, sorted by conversation id."""
    return sorted((read_conversation(p) for p in sorted(Path(folder).glob("*.json"))), key=lambda c: c.id)


@dataclass(frozen=True)
class Studio:
    """A role-play studio: its world books and its conversations."""

    library: WorldBookLibrary
    conversations: tuple[Conversation, ...]
    path: Path | None = None


def read_studio(save_dir: str | os.PathLike[str]) -> Studio:
    """Load a role-play studio (``<save_dir>/studio/worldbooks`` and ``/conversations``).

    Parameters
    ----------
    save_dir : path
        A save folder holding ``studio/``, or the ``studio`` folder itself. The bundled sample is
        ``kit.samples.load_studio()`` (``python -m kit.samples`` writes it).

    Returns
    -------
    Studio
        ``library`` (books by id) and ``conversations`` (sorted by id).
    """
    root = Path(save_dir)
    if (root / "studio").is_dir():
        root = root / "studio"
    if not (root / "worldbooks").is_dir():
        raise StorageError(
            f"no studio in {str(Path(save_dir))!r} (expected studio/worldbooks/); "
            "write it with kit.samples.studio.write_worldbooks(save_dir)"
        )
    return Studio(scan_world_books(root / "worldbooks"), tuple(scan_conversations(root / "conversations")), root)


__getattr__ = renamed_attributes(__name__, {"load_studio": "read_studio"}, globals())
