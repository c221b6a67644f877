"""kit.ftb.loader: read_quest_book on the shared packs (SOURCES.md counts, ids) and on bad books."""

from __future__ import annotations

import pytest

from kit.ftb.errors import QuestBookNotFoundError, SnbtSyntaxError
from kit.ftb.loader import read_quest_book
from tests.ftb.ftb_inputs import PACK_COUNTS, book, write_book


@pytest.mark.parametrize("name", sorted(PACK_COUNTS))
def test_counts_match_sources_md(name):
    b = book(name)
    n_checkmark = sum(
        1 for q in b.quest_by_id.values() if q.task_ids and all(b.task_by_id[t].type == "checkmark" for t in q.task_ids)
    )
    n_no_task = sum(1 for q in b.quest_by_id.values() if not q.task_ids)
    got = (
        len(b.chapters()),
        len(b.group_by_id),
        len(b.quests()),
        len(b.tasks()),
        n_checkmark,
        n_no_task,
        len(b.quest_links()),
        len(b.reward_tables()),
    )
    assert got == PACK_COUNTS[name]


def test_ids_stay_16_hex_strings():
    b = book("beyond-ascension-server")
    frames = [b.quests()["quest_id"], b.tasks()["task_id"], b.rewards()["reward_id"], b.chapters()["chapter_id"]]
    for column in frames:
        assert column.str.fullmatch(r"[0-9A-F]{16}").all()
    # hand-named reward-table files: the id inside the file counts
    tables = b.reward_tables().set_index("filename")
    assert tables.loc["128EE7123DASD877", "reward_table_id"] != "128EE7123DASD877"
    assert tables["reward_table_id"].str.fullmatch(r"[0-9A-F]{16}").all()


def test_malformed_chapter_strict_and_lenient(tmp_path):
    write_book(
        tmp_path, '{\n\tid: "00000000000000C1"\n\tquests: [\n\t\t{ id: "00000000000000A1" x: 0.0d y: ] }\n\t]\n}\n'
    )
    with pytest.raises(SnbtSyntaxError, match=r"c\.snbt:4:39: expected a value, found '\]'"):
        read_quest_book(tmp_path, strict=True)
    lenient = read_quest_book(tmp_path)  # lenient by default
    errors = lenient.problems()
    assert errors["kind"].tolist() == ["syntax"] and errors["path"].iloc[0].endswith("c.snbt")
    assert lenient.quests().empty


def test_not_a_book(tmp_path):
    with pytest.raises(QuestBookNotFoundError, match="no FTB Quests book"):
        read_quest_book(tmp_path)


def test_fields_of_the_wrong_type_are_reported(tmp_path):
    write_book(
        tmp_path,
        '{ id: "00000000000000C1", order_index: "first", quests: [\n'
        '{ id: "00000000000000A1", x: left, y: 2.5d, min_required_dependencies: 1.5d }] }',
    )
    b = read_quest_book(tmp_path)
    errors = b.problems()
    assert errors["kind"].tolist() == ["bad_field"] * 3
    assert sorted(errors["field"]) == ["min_required_dependencies", "order_index", "x"]
    quest = b.quest_by_id["00000000000000A1"]
    assert (quest.x, quest.y, quest.min_required_dependencies) == (0.0, 2.5, 0)
