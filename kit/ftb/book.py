"""The quest book API in one import: the model, its records, the reader and their errors.

The pieces live in their own modules (no module imports this one, so there is no circle):
:mod:`kit.ftb.model` (:class:`QuestBook`, the ``*_SCHEMA`` of its frames), :mod:`kit.ftb.records` (the
frozen records), :mod:`kit.ftb.loader` (:func:`read_quest_book`, :func:`find_quest_book`) and
:mod:`kit.ftb.errors`. ``from kit.ftb.book import ...`` keeps working for every name it had.
"""

from __future__ import annotations

import warnings
from typing import Any

from kit.ftb.errors import QuestBookError, QuestBookNotFoundError
from kit.ftb.loader import find_quest_book, read_quest_book
from kit.ftb.model import (
    CHAPTER_SCHEMA,
    ERROR_KINDS,
    LANGUAGE_SCHEMA,
    LINK_SCHEMA,
    MISSING_SCHEMA,
    QUEST_SCHEMA,
    REWARD_SCHEMA,
    REWARD_TABLE_SCHEMA,
    TASK_SCHEMA,
    TEXT_SCHEMA,
    QuestBook,
)
from kit.ftb.records import BOOK_ID, Chapter, ChapterGroup, Quest, QuestLink, Reward, RewardTable, Task

__all__ = [
    "BOOK_ID",
    "QuestBook",
    "Chapter",
    "ChapterGroup",
    "Quest",
    "QuestLink",
    "Task",
    "Reward",
    "RewardTable",
    "QuestBookNotFoundError",
    "QuestBookError",
    "read_quest_book",
    "find_quest_book",
    "ERROR_KINDS",
    "CHAPTER_SCHEMA",
    "QUEST_SCHEMA",
    "TASK_SCHEMA",
    "REWARD_SCHEMA",
    "REWARD_TABLE_SCHEMA",
    "LINK_SCHEMA",
    "TEXT_SCHEMA",
    "LANGUAGE_SCHEMA",
    "MISSING_SCHEMA",
]

_DEPRECATED = {
    # an unused leftover: the problems columns are kit.core.problems.PROBLEM_SCHEMA's
    "ERROR_COLUMNS": ["severity", "kind", "object_id", "field", "message", "path"],
}


def __getattr__(name: str) -> Any:
    if name in _DEPRECATED:
        warnings.warn(
            f"kit.ftb.book.{name} is deprecated and will be removed; use kit.core.problems.PROBLEM_COLUMNS",
            DeprecationWarning,
            stacklevel=2,
        )
        return list(_DEPRECATED[name])
    raise AttributeError(f"module 'kit.ftb.book' has no attribute {name!r}")
