"""SillyTavern chat logs as a corpus of conversations to replay world books over.

SillyTavern keeps one JSON Lines file per chat: ``<user data>/chats/<character>/<chat name>.jsonl`` and, for
group chats, ``<user data>/group chats/<chat id>.jsonl``. The first line is the header::

    {"user_name": "You", "character_name": "Mara", "create_date": "2026-10-05 @09h 30m 00s",
     "chat_metadata": {"integrity": "...", "world_info": "<chat lore book>", ...}}

(group chats write ``"unused"`` for both names, and older group chats have no header at all); every
later line is one message::

    {"name": "Mara", "is_user": false, "is_system": false, "send_date": "...", "mes": "the active text",
     "swipes": ["...", "..."], "swipe_id": 0, "extra": {...}}

``send_date`` is a humanized date string or a number (milliseconds); it is kept as text. A message with
``is_system`` true is hidden from the prompt (``/hide``, narrator notes), so it is not a turn of the
conversation. SillyTavern itself silently drops lines that are not JSON; kit reports them as problem rows.

Files are read line by line (a line longer than ``max_line_bytes`` is skipped, unread, and reported), so a
huge chat never has to fit in memory twice, and :func:`iter_chats` yields one chat at a time.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kit.core.frames import frame
from kit.core.problems import problem_schema, problems_frame
from kit.core.regular_files import list_files
from kit.worldbook._deprecation import renamed_attributes
from kit.worldbook.conversations.studio import Conversation, Turn
from kit.worldbook.errors import WorldBookFormatError

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "CHAT_SCHEMA",
    "CHAT_PROBLEM_SCHEMA",
    "CHAT_PROBLEM_EXTRA",
    "ChatFile",
    "ChatLine",
    "ChatLog",
    "ChatCorpus",
    "DEFAULT_MAX_LINE_BYTES",
    "scan_chat_files",
    "read_chat",
    "iter_chats",
    "read_chats",
]

#: Lines longer than this are skipped (and reported) unless ``max_line_bytes`` says otherwise.
DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024

GROUP_FOLDER = "group chats"


#: Columns of :meth:`ChatCorpus.chats`.
CHAT_SCHEMA: dict[str, Any] = {
    "conversation_id": "string",
    "character_name": "string",
    "user_name": "string",
    "is_group": "bool",
    "create_date": "string",
    "chat_lore": "string",
    "n_messages": "int64",
    "n_turns": "int64",
    "n_user": "int64",
    "n_system": "int64",
    "n_swipes": "int64",
    "n_chars": "int64",
    "path": "string",
}

#: The chat reader's own problem columns, after the shared ones.
CHAT_PROBLEM_EXTRA: dict[str, Any] = {"conversation_id": "string", "line": "Int64"}
#: Columns of :meth:`ChatCorpus.problems`: :data:`kit.core.problems.PROBLEM_COLUMNS`, then ``conversation_id, line``.
CHAT_PROBLEM_SCHEMA: dict[str, Any] = problem_schema(CHAT_PROBLEM_EXTRA)


@dataclass(frozen=True)
class ChatFile:
    """A chat file found by :func:`scan_chat_files`: its conversation id (the path relative to the scanned
    folder, without ``.jsonl``), path, and whether it lies under ``group chats/``.
    """

    conversation_id: str
    path: Path
    is_group: bool = False


@dataclass(frozen=True)
class ChatLine:
    """One message line of a chat file (``swipe_id`` is None when absent)."""

    name: str
    is_user: bool
    is_system: bool
    send_date: str
    mes: str
    swipes: tuple[str, ...] = ()
    swipe_id: int | None = None


@dataclass(frozen=True)
class ChatLog:
    """One chat file read: header, messages, the conversation to replay, and the file's problems.

    Attributes
    ----------
    conversation : Conversation
        Turns are the messages that are not ``is_system``, with role ``"user"`` or ``"assistant"`` and an
        empty table (SillyTavern chats keep no dynamic table).
    problems : tuple of dict
        Rows of the problems frame (see :data:`CHAT_PROBLEM_SCHEMA`).
    """

    conversation: Conversation
    path: Path
    is_group: bool
    user_name: str
    character_name: str
    create_date: str
    metadata: Mapping[str, Any] = field(default_factory=dict, repr=False)
    messages: tuple[ChatLine, ...] = field(default=(), repr=False)
    problems: tuple[Mapping[str, Any], ...] = field(default=(), repr=False)

    def summary_row(self) -> dict[str, Any]:
        """The row of this chat in :meth:`ChatCorpus.chats`."""
        lore = self.metadata.get("world_info") if isinstance(self.metadata, Mapping) else None
        return {
            "conversation_id": self.conversation.id,
            "character_name": self.character_name,
            "user_name": self.user_name,
            "is_group": self.is_group,
            "create_date": self.create_date,
            "chat_lore": lore if isinstance(lore, str) and lore else None,
            "n_messages": len(self.messages),
            "n_turns": len(self.conversation.turns),
            "n_user": sum(m.is_user for m in self.messages),
            "n_system": sum(m.is_system for m in self.messages),
            "n_swipes": sum(len(m.swipes) for m in self.messages),
            "n_chars": sum(len(m.mes) for m in self.messages),
            "path": str(self.path),
        }


@dataclass(frozen=True)
class ChatCorpus:
    """Chat files read by :func:`read_chats`: ``logs`` (one :class:`ChatLog` per readable file, in
    conversation-id order) and ``conversations`` (theirs, same order).
    """

    logs: tuple[ChatLog, ...]

    @property
    def conversations(self) -> tuple[Conversation, ...]:
        """The conversations, in conversation-id order (what :func:`kit.worldbook.coverage` takes)."""
        return tuple(log.conversation for log in self.logs)

    def __len__(self) -> int:
        return len(self.logs)

    def __iter__(self) -> Iterator[Conversation]:
        return iter(self.conversations)

    def chats(self) -> pd.DataFrame:
        """One row per chat read.

        Returns
        -------
        DataFrame
            Columns ``conversation_id, character_name, user_name, is_group, create_date, chat_lore`` (the
            header's ``chat_metadata.world_info``, missing when none), ``n_messages`` (message lines read),
            ``n_turns`` (those not ``is_system``), ``n_user, n_system, n_swipes`` (swipes over all messages),
            ``n_chars`` (of the active texts), ``path``; sorted by ``conversation_id``.
        """
        return frame(CHAT_SCHEMA, [log.summary_row() for log in self.logs])

    def problems(self) -> pd.DataFrame:
        """Bad lines and unreadable files; never raises.

        Returns
        -------
        DataFrame
            Columns ``severity`` (ordered ``warning < error``), ``kind`` (``unreadable_file``, ``empty_file``,
            ``invalid_json``, ``not_an_object``, ``bad_field``, ``line_too_long``, ``missing_header``),
            ``object_id`` (the conversation id), ``field`` (``line N`` or ``line N: <field>``; ``<NA>`` for
            file-level problems), ``message``,
            ``path``, ``conversation_id``, ``line`` (1-based; missing for file-level problems); in file then
            line order.
        """
        rows = [p for log in self.logs for p in log.problems]
        rows.sort(key=lambda r: (r["conversation_id"], r["line"] if r["line"] is not None else -1))
        return problems_frame(rows, CHAT_PROBLEM_EXTRA)


def scan_chat_files(path: str | os.PathLike[str]) -> list[ChatFile]:
    """Find the chat files under ``path``, sorted by conversation id.

    Parameters
    ----------
    path : path
        A ``.jsonl`` file (its id is the file stem), or a folder: a SillyTavern user data folder (holding
        ``chats/`` and ``group chats/``), a ``chats/`` folder, one character's chat folder, or any folder; every
        ``*.jsonl`` file below it is a chat, and its id is its path relative to ``path``, without ``.jsonl``.
        Files under a ``group chats`` folder are group chats. Links and non-regular files are skipped.
    """
    root = Path(path)
    if root.is_file():
        return [ChatFile(root.stem, root, GROUP_FOLDER in root.parent.parts)]
    if not root.is_dir():
        raise WorldBookFormatError("no such chat file or folder", file=str(root))
    # one os.scandir per folder (kit.core.regular_files.list_files): links are neither followed nor listed, and a folder
    # that cannot be listed is skipped, as Path.rglob does; a file's kind is known from the listing, without a stat
    found = []
    in_root_group = GROUP_FOLDER in root.parts
    for rel, regular in list_files(os.path.join(os.fspath(root), "")).items():
        if not regular or not os.path.normcase(rel).endswith(".jsonl"):
            continue
        folders, _, name = rel.rpartition("/")
        stem = name[:-6] if len(name) > 6 else name  # Path.stem: a file named just ".jsonl" keeps its whole name
        in_group = in_root_group or GROUP_FOLDER in folders.split("/")
        found.append(ChatFile(f"{folders}/{stem}" if folders else stem, root / rel, in_group))
    return sorted(found, key=lambda f: f.conversation_id)


def _problem(
    kind: str, message: str, chat: ChatFile, line: int | None, fld: str = "", severity: str = "error"
) -> dict[str, Any]:
    where = f"line {line}" if line is not None else ""
    if fld:
        where = f"{where}: {fld}" if where else fld
    return {
        "severity": severity,
        "kind": kind,
        "object_id": chat.conversation_id,
        "field": where or None,
        "message": message,
        "path": str(chat.path),
        "conversation_id": chat.conversation_id,
        "line": line,
    }


def _lines(handle: Any, max_line_bytes: int) -> Iterator[tuple[int, bytes | None]]:
    """Yield ``(line number, bytes)``; ``None`` for a line over the limit (the rest of it is skipped)."""
    number = 0
    while True:
        raw = handle.readline(max_line_bytes + 1)
        if not raw:
            return
        number += 1
        if len(raw) > max_line_bytes and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = handle.readline(1 << 20)
            yield number, None
            continue
        yield number, raw


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _message(obj: Mapping[str, Any], chat: ChatFile, number: int, problems: list[dict[str, Any]]) -> ChatLine | None:
    mes = obj.get("mes")
    if not isinstance(mes, str):
        problems.append(_problem("bad_field", f"expected a string, got {type(mes).__name__}", chat, number, "mes"))
        return None
    flags = {}
    for name in ("is_user", "is_system"):
        value = obj.get(name, False)
        if value is None:
            value = False
        if not isinstance(value, bool):
            problems.append(_problem("bad_field", f"expected true or false, got {value!r}", chat, number, name))
            return None
        flags[name] = value
    swipes_raw = obj.get("swipes")
    swipes: tuple[str, ...] = ()
    if isinstance(swipes_raw, list):
        swipes = tuple(s if isinstance(s, str) else _text(s) for s in swipes_raw)
    elif swipes_raw is not None:
        problems.append(
            _problem(
                "bad_field",
                f"expected a list, got {type(swipes_raw).__name__} (ignored)",
                chat,
                number,
                "swipes",
                severity="warning",
            )
        )
    swipe_id = obj.get("swipe_id")
    if not isinstance(swipe_id, int) or isinstance(swipe_id, bool):
        swipe_id = None
    return ChatLine(
        _text(obj.get("name")), flags["is_user"], flags["is_system"], _text(obj.get("send_date")), mes, swipes, swipe_id
    )


def _is_header(obj: Mapping[str, Any]) -> bool:
    return "mes" not in obj and ("chat_metadata" in obj or "user_name" in obj or "character_name" in obj)


def read_chat(
    chat: ChatFile | str | os.PathLike[str],
    *,
    character_books: Mapping[str, str] | None = None,
    global_book_ids: Sequence[str] | None = None,
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
    strict: bool = False,
) -> ChatLog:
    """Read one SillyTavern chat file.

    Parameters
    ----------
    chat : ChatFile or path
        A path gets its file stem as conversation id.
    character_books : mapping, optional
        Character name (the header's ``character_name``, else the chat's folder name) -> world-book id: the
        conversation's ``character_book_id``.
    global_book_ids : sequence of str, optional
        The global books in play; the chat's own lore book (``chat_metadata.world_info``) is added to them.
        ``None``: every book given to a replay is in play (see
        :class:`~kit.worldbook.conversations.studio.Conversation`).
    max_line_bytes : int, default=8 MiB
        Longer lines are skipped and reported.
    strict : bool, default=False
        Raise :class:`~kit.worldbook.WorldBookFormatError` at the first error instead of reporting it.

    Returns
    -------
    ChatLog
        A file that cannot be read at all (missing, not UTF-8 JSON anywhere) still gives a log with no
        messages and its problem rows.
    """
    if not isinstance(chat, ChatFile):
        p = Path(chat)
        chat = ChatFile(p.stem, p, GROUP_FOLDER in p.parent.parts)
    if not isinstance(max_line_bytes, int) or isinstance(max_line_bytes, bool) or max_line_bytes < 1:
        from kit.core.errors import InvalidParameterError

        raise InvalidParameterError(
            "The 'max_line_bytes' parameter of read_chat must be an int in the range [1, inf). "
            f"Got {max_line_bytes!r} instead."
        )
    header, messages, problems = _read_lines(chat, max_line_bytes)
    if strict:
        for problem in problems:
            if problem["severity"] == "error":
                raise WorldBookFormatError(problem["message"], file=str(chat.path), field=problem["field"] or "")
    return _chat_log(chat, header, messages, problems, character_books, global_book_ids)


def _read_lines(chat: ChatFile, max_line_bytes: int) -> tuple[Mapping[str, Any], list[ChatLine], list[dict[str, Any]]]:
    """The header, messages and problem rows of a chat file, line by line (a bad line is a row, the rest reads)."""
    problems: list[dict[str, Any]] = []
    header: Mapping[str, Any] = {}
    messages: list[ChatLine] = []
    n_lines = 0
    try:
        with open(chat.path, "rb") as handle:
            for number, raw in _lines(handle, max_line_bytes):
                n_lines = number
                if raw is None:
                    problems.append(
                        _problem("line_too_long", f"longer than {max_line_bytes} bytes (skipped)", chat, number)
                    )
                    continue
                if not raw.strip():
                    continue
                try:
                    obj = json.loads(raw.decode("utf-8"))
                except UnicodeDecodeError as exc:
                    problems.append(_problem("invalid_json", f"not UTF-8 at byte {exc.start}", chat, number))
                    continue
                except json.JSONDecodeError as exc:
                    problems.append(
                        _problem("invalid_json", f"not valid JSON: {exc.msg} (column {exc.colno})", chat, number)
                    )
                    continue
                if not isinstance(obj, dict):
                    problems.append(
                        _problem("not_an_object", f"expected a JSON object, got {type(obj).__name__}", chat, number)
                    )
                    continue
                if number == 1 and _is_header(obj):
                    header = obj
                    continue
                if number == 1 and not chat.is_group:
                    problems.append(
                        _problem(
                            "missing_header",
                            "the first line is a message, not the chat header",
                            chat,
                            1,
                            severity="warning",
                        )
                    )
                message = _message(obj, chat, number, problems)
                if message is not None:
                    messages.append(message)
    except OSError as exc:
        problems.append(_problem("unreadable_file", f"cannot read the file: {exc.strerror or exc}", chat, None))
    if n_lines == 0 and not problems:
        problems.append(_problem("empty_file", "the file is empty", chat, None, severity="warning"))
    return header, messages, problems


def _chat_log(
    chat: ChatFile,
    header: Mapping[str, Any],
    messages: Sequence[ChatLine],
    problems: Sequence[dict[str, Any]],
    character_books: Mapping[str, str] | None,
    global_book_ids: Sequence[str] | None,
) -> ChatLog:
    """The chat's log: its conversation (turns, character book, global books) and the header's details."""
    metadata = raw_metadata if isinstance(raw_metadata := header.get("chat_metadata"), Mapping) else {}
    character = _text(header.get("character_name")) if header.get("character_name") not in (None, "unused") else ""
    user = _text(header.get("user_name")) if header.get("user_name") not in (None, "unused") else ""
    if not character and not chat.is_group:
        character = chat.path.parent.name
    book_key = character or chat.path.parent.name
    lore = metadata.get("world_info") if isinstance(metadata.get("world_info"), str) else ""
    globals_: tuple[str, ...] | None = None
    if global_book_ids is not None:
        globals_ = tuple(global_book_ids) + ((lore,) if lore and lore not in global_book_ids else ())
    turns = tuple(Turn(m.mes, "user" if m.is_user else "assistant", {}) for m in messages if not m.is_system)
    conversation = Conversation(
        id=chat.conversation_id,
        turns=turns,
        title=character or chat.path.stem,
        character_book_id=(character_books or {}).get(book_key),
        global_book_ids=globals_,
    )
    return ChatLog(
        conversation,
        chat.path,
        chat.is_group,
        user,
        character,
        _text(header.get("create_date")),
        dict(metadata),
        tuple(messages),
        tuple(problems),
    )


def iter_chats(path: str | os.PathLike[str] | Iterable[ChatFile], **options: Any) -> Iterator[ChatLog]:
    """Yield the chats of ``path`` (as :func:`scan_chat_files` finds them, or given :class:`ChatFile` s)
    one :class:`ChatLog` at a time; ``options`` as for :func:`read_chat`.
    """
    files = scan_chat_files(path) if isinstance(path, (str, os.PathLike)) else list(path)
    for chat in files:
        yield read_chat(chat, **options)


def read_chats(
    path: str | os.PathLike[str] | Iterable[ChatFile],
    *,
    character_books: Mapping[str, str] | None = None,
    global_book_ids: Sequence[str] | None = None,
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
    strict: bool = False,
) -> ChatCorpus:
    """Read SillyTavern chat files into conversations for :func:`kit.worldbook.coverage`.

    Parameters
    ----------
    path : path or iterable of ChatFile
        A chat file or a folder (see :func:`scan_chat_files`), or chat files already listed.
    character_books, global_book_ids, max_line_bytes, strict
        As for :func:`read_chat`.

    Returns
    -------
    ChatCorpus
        ``conversations`` (sorted by id), ``chats()`` and ``problems()`` frames. Bad lines and unreadable
        files are problem rows (never a crash) unless ``strict``.
    """
    logs = list(
        iter_chats(
            path,
            character_books=character_books,
            global_book_ids=global_book_ids,
            max_line_bytes=max_line_bytes,
            strict=strict,
        )
    )
    logs.sort(key=lambda log: log.conversation.id)
    return ChatCorpus(tuple(logs))


__getattr__ = renamed_attributes(
    __name__,
    {"ChatMessage": "ChatLine", "CHAT_COLUMNS": "CHAT_SCHEMA", "CHAT_PROBLEM_COLUMNS": "CHAT_PROBLEM_SCHEMA"},
    globals(),
)
