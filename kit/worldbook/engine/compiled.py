"""Compiling world books for :class:`kit.worldbook.engine.activation.Activator`: step 1 of the activation
(collect the books) and each entry's keys, conditions and logic turned into what the engine scans and judges.

Every key is a spec ``(text, case_sensitive, match_whole_words)``; specs are numbered once across all books,
so one :class:`~kit.worldbook.engine.matching.KeyScanner` finds them all in one pass.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kit.worldbook.book.conditions import Condition, parse_condition
from kit.worldbook.book.logic import LogicNode, logic_keys, parse_logic
from kit.worldbook.book.model import Entry, WorldBook
from kit.worldbook.book.normalize import entry_to_dict
from kit.worldbook.errors import ConditionSyntaxError

__all__ = ["CompiledEntry", "Hit", "collect_books", "compile_entries"]


@dataclass(frozen=True)
class CompiledEntry:
    """One entry ready to be judged: its keys as scanner spec ids, its conditions and logic parsed, its
    ``requires``/``excludes`` as entry ids, and the book it came from (``index`` is its collection order).
    """

    index: int
    entry: Entry
    entry_id: str
    book_id: str
    book_name: str
    book_scope: str
    primary: tuple[int, ...]  # spec ids of primary keys, in key order
    secondary: tuple[int, ...]
    secondary_logic: str
    conditions: tuple[Condition, ...]
    logic: LogicNode | None
    logic_specs: Mapping[str, int]
    requires: tuple[str, ...]  # entry ids
    excludes: tuple[str, ...]
    trigger_config: Mapping[str, Any]


@dataclass(frozen=True)
class Hit:
    """One entry whose trigger fired: the compiled entry index, the trigger, what matched and where, and
    (when dropped later) the reason and its outcome code (:data:`kit.worldbook.engine.reasons.OUTCOMES`).
    """

    index: int
    trigger: str
    matched: str
    matched_in: str
    rejected_by: str = ""
    keys: tuple[str, ...] = ()  # every primary key that matched (keyword hits), message first
    outcome: str = "activated"


def collect_books(
    global_books: Sequence[WorldBook], character_book: WorldBook | None
) -> tuple[tuple[WorldBook, str], ...]:
    """Step 1: the global books in the given order, then the character book, each with its scope (``"global"`` or
    ``"character"``); a book id given twice is used once (its first occurrence).
    """
    books: list[tuple[WorldBook, str]] = []
    seen: set[str] = set()
    for book in list(global_books):
        if book.id not in seen:
            books.append((book, "global"))
            seen.add(book.id)
    if character_book is not None and character_book.id not in seen:
        books.append((character_book, "character"))
    return tuple(books)


def compile_entries(
    books: Sequence[tuple[WorldBook, str]],
) -> tuple[tuple[CompiledEntry, ...], list[tuple[str, bool, bool]]]:
    """Every entry of ``books`` (from :func:`collect_books`) compiled, in collection order, and the key specs
    ``(text, case_sensitive, match_whole_words)`` their spec ids point to.

    Raises
    ------
    ConditionSyntaxError, LogicSyntaxError
        When an entry holds a malformed condition or expression (naming the entry).
    """
    specs: dict[tuple[str, bool, bool], int] = {}

    def spec(key: str, cs: bool, ww: bool) -> int:
        k = (key, cs, ww)
        if k not in specs:
            specs[k] = len(specs)
        return specs[k]

    compiled: list[CompiledEntry] = []
    for book, scope in books:
        uids = {e.uid for e in book.entries}
        for entry in book.entries:
            eid = f"{book.id}/{entry.uid}"
            t = entry.triggers
            kw = t.keyword
            cs = kw.case_sensitive if kw else False
            ww = kw.match_whole_words if kw else False
            primary = tuple(spec(k, cs, ww) for k in kw.active_keys) if kw else ()
            secondary = tuple(spec(k, cs, ww) for k in kw.active_secondary_keys) if kw else ()
            try:
                conditions = tuple(parse_condition(c) for c in t.conditions)
                logic = parse_logic(t.logic_expression) if t.logic_expression else None
            except ConditionSyntaxError as exc:
                raise exc.with_entry(eid) from None
            logic_specs = {k: spec(k, cs, ww) for k in logic_keys(logic)} if logic is not None else {}
            compiled.append(
                CompiledEntry(
                    index=len(compiled),
                    entry=entry,
                    entry_id=eid,
                    book_id=book.id,
                    book_name=book.name,
                    book_scope=scope,
                    primary=primary,
                    secondary=secondary,
                    secondary_logic=kw.secondary_logic if kw else "and_any",
                    conditions=conditions,
                    logic=logic,
                    logic_specs=logic_specs,
                    requires=tuple(_entry_id(book.id, r, uids) for r in entry.requires),
                    excludes=tuple(_entry_id(book.id, r, uids) for r in entry.excludes),
                    trigger_config=entry_to_dict(entry)["trigger_config"],
                )
            )
    return tuple(compiled), list(specs)


def _entry_id(book_id: str, ref: str, uids: set[str]) -> str:
    if ref in uids or "/" not in ref:
        return f"{book_id}/{ref}"
    return ref
