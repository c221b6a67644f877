"""The records of a quest book: frozen dataclasses, one per FTB Quests object (chapter, quest, task...).

:class:`kit.ftb.QuestBook` holds them by id; :mod:`kit.ftb.loader` builds them from the SNBT files.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["BOOK_ID", "ChapterGroup", "Chapter", "Quest", "QuestLink", "Task", "Reward", "RewardTable"]

#: The id of the quest file (book) object.
BOOK_ID = "0000000000000001"


@dataclass(frozen=True)
class ChapterGroup:
    """A chapter group; ``order`` is its place in ``chapter_groups.snbt``."""

    group_id: str
    order: int


@dataclass(frozen=True)
class Chapter:
    """One chapter file.

    Visibility defaults (``hide_quest_*``) apply to quests whose own tristate is unset.
    """

    chapter_id: str
    filename: str
    group_id: str
    order_index: int
    quest_ids: tuple[str, ...]
    link_ids: tuple[str, ...]
    is_always_invisible: bool
    hide_quest_until_deps_visible: bool
    hide_quest_until_deps_complete: bool
    hide_quest_details_until_startable: bool
    hide_text_until_complete: bool
    progression_mode: str
    path: str


@dataclass(frozen=True)
class Quest:
    """One quest. Tristate flags are ``None`` when unset (the chapter default applies)."""

    quest_id: str
    chapter_id: str
    task_ids: tuple[str, ...]
    reward_ids: tuple[str, ...]
    dependencies: tuple[str, ...]
    dependency_requirement: str
    min_required_dependencies: int
    max_completable_dependents: int
    is_optional: bool
    can_repeat: bool
    invisible: bool
    invisible_until_tasks: int
    hide_until_deps_visible: bool | None
    hide_until_deps_complete: bool | None
    hide_details_until_startable: bool | None
    hide_text_until_complete: bool | None
    progression_mode: str
    x: float
    y: float


@dataclass(frozen=True)
class QuestLink:
    """A second placement of a quest in a chapter."""

    link_id: str
    chapter_id: str
    quest_id: str


@dataclass(frozen=True)
class Task:
    """One task of a quest; ``detail`` is the item, entity, advancement... it asks for, if any."""

    task_id: str
    quest_id: str
    index: int
    type: str
    detail: str
    count: int
    is_optional: bool


@dataclass(frozen=True)
class Reward:
    """One reward of a quest; ``reward_table_id`` for ``random``/``loot``/``choice`` rewards."""

    reward_id: str
    quest_id: str
    index: int
    type: str
    detail: str
    reward_table_id: str
    is_team_reward: bool | None


@dataclass(frozen=True)
class RewardTable:
    """A reward table file (the id inside the file counts, not the file name)."""

    reward_table_id: str
    filename: str
    n_rewards: int
    loot_size: int
    path: str
