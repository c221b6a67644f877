"""FTB Quests: quest books, guide quests, team progress, visibility, and re-ingestion of guides.

``import kit.ftb`` (not imported by ``import kit``)::

    book = kit.ftb.read_quest_book("path/to/pack")          # config/ftbquests/quests below it
    book.chapters(); book.quests(language="zh_cn"); book.tasks(); book.rewards(); book.languages()
    kit.ftb.guide_quests(book)                              # the guide rule, one row per quest
    progress = kit.ftb.read_progress(save)                  # <world>/ftbquests + ftbteams
    kit.ftb.visible_guides(book, progress, player_uuid)     # guide quest ids the player's team may read
    kit.ftb.reload(save, book, languages=["zh_cn"])         # -> report frame; rewrites system:ftb_guides
    kit.ftb.ask_with_visibility(save, book, progress, player_uuid, "question", language="en_us")
"""

from __future__ import annotations

from kit.ftb.book import (
    BOOK_ID,
    Chapter,
    ChapterGroup,
    Quest,
    QuestBook,
    QuestBookError,
    QuestBookNotFoundError,
    QuestLink,
    Reward,
    RewardTable,
    Task,
    find_quest_book,
    read_quest_book,
)
from kit.ftb.guides import (
    DEFAULT_GUIDE_RULE,
    GuideRule,
    GuideRuleError,
    guide_documents,
    guide_id,
    guide_ids,
    guide_quests,
    guides_per_chapter,
)
from kit.ftb.lang import TranslationFileError, clean_lines
from kit.ftb.progress import (
    Progress,
    ProgressBookMismatchError,
    ProgressNotFoundError,
    TeamProgress,
    UnknownPlayerError,
    empty_team,
    read_progress,
)
from kit.ftb.ingest import ReloadBusyError, ensure_language, reload, reload_languages
from kit.ftb.snbt import SnbtFileError, SnbtSyntaxError, read_snbt
from kit.ftb.snbt import dumps as dumps_snbt
from kit.ftb.snbt import loads as loads_snbt
from kit.ftb.visibility import TeamView, ask_with_visibility, quest_visibility, visible_guides, visible_quests

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
    "ask_with_visibility",
    "reload",
    "reload_languages",
    "ensure_language",
    "ReloadBusyError",
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
]
