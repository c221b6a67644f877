"""kit.ftb.model: the QuestBook model, its frames and look-ups; it imports none of the functions over it."""

from __future__ import annotations

import pytest

from kit.ftb.loader import read_quest_book
from kit.ftb.model import CHAPTER_SCHEMA, LANGUAGE_SCHEMA, QUEST_SCHEMA
from tests.ftb.ftb_inputs import book, write_small_book


def test_visibility_flags():
    q = book("farming-crossing-5").quests()
    assert q["hide_until_deps_complete"].sum() == 506
    chapters = book("craftoria").chapters()
    assert chapters["is_always_invisible"].sum() == 2


def test_frames_have_documented_columns_also_when_empty(tmp_path):
    (tmp_path / "data.snbt").write_text("{ version: 13 }\n", "utf-8")
    empty = read_quest_book(tmp_path)
    assert list(empty.chapters().columns) == list(CHAPTER_SCHEMA)
    assert list(empty.quests().columns) == list(QUEST_SCHEMA)
    assert list(empty.languages().columns) == list(LANGUAGE_SCHEMA)
    full = book("techscape-eras")
    for method in ("chapters", "quests", "tasks", "rewards", "reward_tables", "quest_links", "texts", "problems"):
        assert list(getattr(empty, method)().columns) == list(getattr(full, method)().columns)
        assert list(getattr(empty, method)().dtypes) == list(getattr(full, method)().dtypes)


def test_the_model_module_imports_none_of_the_functions_over_it():
    import ast

    import kit.ftb.model

    source = ast.parse(open(kit.ftb.model.__file__, encoding="utf-8").read())
    imported = {node.module for node in ast.walk(source) if isinstance(node, ast.ImportFrom)}
    imported |= {
        f"kit.ftb.{alias.name}"
        for node in ast.walk(source)
        if isinstance(node, ast.ImportFrom) and node.module == "kit.ftb"
        for alias in node.names
    }
    assert not imported & {
        f"kit.ftb.{m}" for m in ("guides", "visibility", "ingest", "progress", "questions", "loader", "book")
    }


@pytest.fixture
def small(tmp_path):
    return read_quest_book(write_small_book(tmp_path / "book"))


def test_text_falls_back_to_the_fallback_locale_then_nothing(small):
    assert small.fallback_locale == "en_us" and small.language_codes == ["en_us", "zh_cn"]
    assert small.text("00000000000000A1", "title", "zh_cn") == "第一"
    assert small.text("00000000000000A1", "title", "ja_jp") == "First"  # no ja_jp table: the fallback
    assert small.text("00000000000000A2", "title", "en_us") == ""  # no text anywhere
    assert small.raw_text("00000000000000A2", "title", "en_us") is None
    assert small.is_translated("00000000000000A1", "title", "zh_cn")
    assert not small.is_translated("00000000000000A1", "title", "ja_jp")


def test_dependents_chapters_and_modes(small):
    assert small.dependents("00000000000000A1") == ("00000000000000A2", "00000000000000A3")
    assert small.dependents("00000000000000A3") == () and small.dependents("nothing") == ()
    assert small.quest_chapter("00000000000000A2").chapter_id == "00000000000000C1"
    assert small.progression_mode == "flexible"  # the book's
    modes = [small.quest_progression_mode(q) for q in ("00000000000000A1", "00000000000000A3")]
    assert modes == ["linear", "flexible"]  # the chapter's, then the quest's own


def test_a_quest_flag_overrides_its_chapter_default(small):
    assert not small.effective("00000000000000A2", "hide_until_deps_complete")  # the quest says false
    assert small.effective("00000000000000A3", "hide_until_deps_complete")  # unset: the chapter's true
    assert not small.effective("00000000000000A3", "hide_until_deps_visible")


def test_frames_of_the_small_book(small):
    quests = small.quests(language="zh_cn").set_index("quest_id")
    assert list(quests.columns) == list(QUEST_SCHEMA)[1:]  # quest_id is the index here
    assert quests.loc["00000000000000A1", "title"] == "第一" and quests.loc["00000000000000A2", "title"] == ""
    assert small.tasks()["task_id"].tolist() == ["00000000000000B1", "00000000000000B2"]
    assert small.rewards()["reward_id"].tolist() == ["00000000000000D1"]
    languages = small.languages().set_index("language")
    assert languages.loc["zh_cn", "n_keys"] == 1 and languages.loc["en_us", "source"] == "inline"
    missing = small.missing_translations("zh_cn")
    assert missing[["object_id", "field", "reference_language", "reference_text"]].values.tolist() == [
        ["00000000000000A1", "quest_subtitle", "en_us", "Start here"]
    ]
    assert small.missing_translations("en_us").empty
    assert repr(small).startswith("QuestBook(path=") and "quests=3" in repr(small)


def test_an_unknown_quest_is_a_kit_error_naming_the_nearest_ids(small):
    from kit.ftb import UnknownQuestError

    assert small.quest("00000000000000A1").quest_id == "00000000000000A1"
    for look_up in (small.quest, small.quest_chapter, small.quest_progression_mode):
        with pytest.raises(UnknownQuestError, match=r"'00000000000000a9' is not in the quest book .*nearest: 0+A"):
            look_up("00000000000000a9")
    with pytest.raises(UnknownQuestError, match=r"quest 'nope' is not in the quest book .*\(\d+ quests\)$"):
        small.effective("nope", "hide_until_deps_visible")


def test_an_unknown_visibility_flag_is_refused_with_the_flags(small):
    from kit.ftb import QuestBookError

    with pytest.raises(QuestBookError, match="unknown visibility flag 'hide'; the flags are hide_until_deps_visible"):
        small.effective("00000000000000A1", "hide")
