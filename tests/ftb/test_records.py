"""kit.ftb.records: the frozen records of a quest book, as the loader fills them from the SNBT files."""

from __future__ import annotations

import dataclasses

import pytest

from kit.ftb.loader import read_quest_book
from kit.ftb.records import BOOK_ID, Chapter, ChapterGroup, Quest, QuestLink, Reward, RewardTable, Task
from tests.ftb.ftb_inputs import book, write_small_book


@pytest.fixture
def small(tmp_path):
    return read_quest_book(write_small_book(tmp_path / "book"))


def test_records_are_frozen_and_compare_by_value(small):
    quest = small.quest_by_id["00000000000000A1"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        quest.x = 5.0  # type: ignore[misc]
    assert dataclasses.replace(quest) == quest and hash(dataclasses.replace(quest)) == hash(quest)
    for cls in (ChapterGroup, Chapter, Quest, QuestLink, Task, Reward, RewardTable):
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]


def test_the_book_file_is_an_object_with_the_fixed_id(small):
    assert small.object_types[BOOK_ID] == "file"


def test_quest_task_and_reward_fields(small):
    quest = small.quest_by_id["00000000000000A1"]
    assert (quest.chapter_id, quest.task_ids, quest.reward_ids) == (
        "00000000000000C1",
        ("00000000000000B1",),
        ("00000000000000D1",),
    )
    assert (quest.x, quest.y, quest.dependencies, quest.dependency_requirement) == (1.0, 2.0, (), "all_completed")
    assert quest.hide_until_deps_complete is None  # unset tristate: the chapter default applies
    assert small.quest_by_id["00000000000000A2"].hide_until_deps_complete is False
    task = small.task_by_id["00000000000000B1"]
    assert (task.quest_id, task.index, task.type, task.detail, task.count) == (
        "00000000000000A1",
        0,
        "item",
        "minecraft:stone",
        4,
    )
    reward = small.reward_by_id["00000000000000D1"]
    assert (reward.quest_id, reward.type, reward.reward_table_id, reward.is_team_reward) == (
        "00000000000000A1",
        "xp",
        "",
        None,
    )


def test_chapter_fields(small):
    chapter = small.chapter_by_id["00000000000000C1"]
    assert chapter.quest_ids == ("00000000000000A1", "00000000000000A2", "00000000000000A3")
    assert (chapter.filename, chapter.group_id, chapter.link_ids, chapter.progression_mode) == ("c", "", (), "linear")
    assert chapter.hide_quest_until_deps_complete and not chapter.hide_quest_until_deps_visible
    assert chapter.path.endswith("chapters/c.snbt")


def test_links_groups_and_reward_tables_of_a_shared_pack():
    b = book("monifactory")
    link = next(iter(b.link_by_id.values()))
    assert isinstance(link, QuestLink) and link.quest_id in b.quest_by_id and link.chapter_id in b.chapter_by_id
    assert all(isinstance(group, ChapterGroup) for group in b.group_by_id.values())
    assert sorted(group.order for group in b.group_by_id.values()) == list(range(len(b.group_by_id)))
    (table,) = b.reward_table_by_id.values()
    assert isinstance(table, RewardTable) and table.n_rewards > 0 and table.path.endswith(".snbt")
