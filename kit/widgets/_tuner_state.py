"""The trigger tuner's state as plain functions: the conversations it replays, the entries it offers, and the entry
its edit boxes describe (so the rules are tested without a widget).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from kit.worldbook.book.conditions import parse_condition
from kit.worldbook.book.model import Entry, KeywordTrigger, WorldBook
from kit.worldbook.conversations.studio import Conversation
from kit.worldbook.errors import ConditionSyntaxError

__all__ = ["edit_entry", "entry_options", "in_play"]

_SPLIT = re.compile(r"[,，\n]")


def in_play(book: WorldBook, conversations: Sequence[Conversation]) -> list[Conversation]:
    """The conversations ``book`` is in play in (all of them when none names it), with their book choices cleared so
    that a replay of ``book`` alone activates it in every one.
    """
    mine = [
        c
        for c in conversations
        if c.character_book_id == book.id
        or (c.global_book_ids is not None and book.id in c.global_book_ids)
        or (c.global_book_ids is None and c.character_book_id is None)
    ]
    chosen = mine or list(conversations)
    return [replace(c, character_book_id=None, global_book_ids=None) for c in chosen]


def entry_options(book: WorldBook) -> list[tuple[str, str]]:
    """The entry picker's ``(label, uid)`` options: ``"<uid> · <comment>"`` (or the uid), in book order."""
    return [(f"{e.uid} · {e.comment}" if e.comment else e.uid, e.uid) for e in book.entries]


def edit_entry(
    book: WorldBook,
    entry: Entry,
    *,
    keys: str,
    case_sensitive: bool,
    whole_words: bool,
    conditions: str,
    probability: float,
) -> Entry:
    """``entry`` with the tuner's fields: ``keys`` split on commas (ASCII or Chinese) and newlines, ``conditions``
    one per line; the keyword trigger is dropped when no key (nor secondary key) is left.

    Raises
    ------
    ConditionSyntaxError
        For a malformed condition, naming the entry ``<book_id>/<uid>``.
    """
    key_list = tuple(k.strip() for k in _SPLIT.split(keys) if k.strip())
    old = entry.triggers.keyword or KeywordTrigger()
    keyword = replace(old, keys=key_list, case_sensitive=case_sensitive, match_whole_words=whole_words)
    condition_list = tuple(line.strip() for line in conditions.splitlines() if line.strip())
    for text in condition_list:
        try:
            parse_condition(text)
        except ConditionSyntaxError as exc:
            raise exc.with_entry(f"{book.id}/{entry.uid}") from None
    has_keyword = bool(key_list) or bool(old.secondary_keys)
    triggers = replace(
        entry.triggers,
        keyword=keyword if has_keyword else None,
        conditions=condition_list,
        probability=probability,
    )
    return replace(entry, triggers=triggers)
