"""FTB Quests: quest books, guide quests, team progress, visibility, re-ingestion of guides, quest backgrounds.

``import kit.ftb`` (not imported by ``import kit``)::

    book = kit.ftb.read_quest_book("path/to/pack")          # config/ftbquests/quests below it (lenient)
    book.chapters(); book.quests(language="zh_cn"); book.tasks(); book.rewards(); book.languages()
    book.problems()                                         # what the reader skipped or could not apply
    kit.ftb.guide_quests(book)                              # the guide rule, one row per quest
    progress = kit.ftb.read_progress(save)                  # <world>/ftbquests + ftbteams (lenient)
    kit.ftb.visible_guides(book, progress, player_uuid)     # guide quest ids the player's team may read
    kit.ftb.reload(save, book, languages=["zh_cn"])         # -> report frame; rewrites system:ftb_guides
    kit.ask(save, player_uuid, "question", language="en_us", quest_book=book)   # the question flow
    kit.ftb.guide_freshness(save, book)                     # stored guide text vs the book (stale guides)
    kit.ftb.background_freshness(save, book, prompt=...)    # system:quest_backgrounds vs content and prompt

Modules: :mod:`~kit.ftb.model` (the :class:`QuestBook` model) and :mod:`~kit.ftb.records`; the reader
(:mod:`~kit.ftb.loader`, :mod:`~kit.ftb.reading`, :mod:`~kit.ftb.dependencies`, :mod:`~kit.ftb.booktext`,
:mod:`~kit.ftb.lang`, :mod:`~kit.ftb.snbt`); functions over the model (:mod:`~kit.ftb.guides`,
:mod:`~kit.ftb.progress`, :mod:`~kit.ftb.visibility`, :mod:`~kit.ftb.ingest`, :mod:`~kit.ftb.freshness`,
:mod:`~kit.ftb.backgrounds`); the question flow (:mod:`~kit.ftb.questions`); :mod:`~kit.ftb.errors`.
"""

from __future__ import annotations

from kit.ftb.backgrounds import (
    QuestBackground,
    background_freshness,
    content_fingerprint,
    prompt_fingerprint,
    read_backgrounds,
    store_backgrounds,
)
from kit.ftb.errors import (
    GuideRuleError,
    ProgressBookMismatchError,
    ProgressNotFoundError,
    QuestBookError,
    QuestBookNotFoundError,
    ReloadBusyError,
    SnbtFileError,
    SnbtSyntaxError,
    StaleGuideWarning,
    TranslationFileError,
    UnknownPlayerError,
    UnknownQuestError,
)
from kit.ftb.freshness import guide_freshness
from kit.ftb.guides import (
    DEFAULT_GUIDE_RULE,
    GuideRule,
    guide_documents,
    guide_id,
    guide_ids,
    guide_quests,
    guides_per_chapter,
)
from kit.ftb.ingest import ensure_language, reload, reload_languages
from kit.ftb.lang import clean_lines
from kit.ftb.loader import find_quest_book, read_quest_book
from kit.ftb.model import QuestBook
from kit.ftb.progress import Progress, TeamProgress, empty_team, read_progress
from kit.ftb.questions import QuestGuides, ask, ask_with_visibility
from kit.ftb.records import BOOK_ID, Chapter, ChapterGroup, Quest, QuestLink, Reward, RewardTable, Task
from kit.ftb.snbt import dumps as dumps_snbt
from kit.ftb.snbt import loads as loads_snbt
from kit.ftb.snbt import read_snbt
from kit.ftb.visibility import TeamView, quest_visibility, visible_guides, visible_quests

__all__ = [
    "BOOK_ID",
    "Chapter",
    "ChapterGroup",
    "Quest",
    "QuestBook",
    "QuestLink",
    "Reward",
    "RewardTable",
    "Task",
    "find_quest_book",
    "read_quest_book",
    "GuideRule",
    "DEFAULT_GUIDE_RULE",
    "guide_quests",
    "guide_ids",
    "guide_id",
    "guide_documents",
    "guides_per_chapter",
    "clean_lines",
    "Progress",
    "TeamProgress",
    "empty_team",
    "read_progress",
    "TeamView",
    "quest_visibility",
    "visible_quests",
    "visible_guides",
    "ask",
    "QuestGuides",
    "ask_with_visibility",
    "guide_freshness",
    "QuestBackground",
    "content_fingerprint",
    "prompt_fingerprint",
    "read_backgrounds",
    "store_backgrounds",
    "background_freshness",
    "reload",
    "reload_languages",
    "ensure_language",
    "read_snbt",
    "loads_snbt",
    "dumps_snbt",
    "SnbtSyntaxError",
    "SnbtFileError",
    "QuestBookError",
    "QuestBookNotFoundError",
    "TranslationFileError",
    "GuideRuleError",
    "ProgressNotFoundError",
    "ProgressBookMismatchError",
    "UnknownPlayerError",
    "UnknownQuestError",
    "ReloadBusyError",
    "StaleGuideWarning",
]
