"""kit.ftb.lang: lang keys, markup cleaning, {key} references; and the frame schemas of kit.ftb."""

from __future__ import annotations

import pytest

from kit.ftb import lang
from kit.ftb.book import read_quest_book
from kit.ftb.guides import GUIDE_SCHEMA, PER_CHAPTER_SCHEMA, guide_quests, guides_per_chapter
from kit.ftb.progress import (
    COMPLETION_SCHEMA,
    PLAYER_SCHEMA,
    PROGRESS_PROBLEM_SCHEMA,
    TEAM_SCHEMA,
    empty_team,
    read_progress,
)
from kit.ftb.visibility import VISIBILITY_SCHEMA, quest_visibility

JSON = {"en_us": {"pack.hello": "Hello", "pack.only_en": "English only"}, "zh_cn": {"pack.hello": "你好"}}


def test_parse_lang_key():
    key = lang.parse_lang_key("quest.0F3D51FFD2FE8DCB.quest_desc")
    assert (key.object_type, key.object_id, key.field) == ("quest", "0F3D51FFD2FE8DCB", "quest_desc")
    assert lang.parse_lang_key("chapter_group.1a.title").object_id == "000000000000001A"
    assert lang.parse_lang_key("planet.0F3D51FFD2FE8DCB.title") is None
    assert lang.parse_lang_key("quest.title") is None


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (["&6Gold&r text", "\\&6 is literal"], "Gold text\n&6 is literal"),
        (["§cRed§r"], "Red"),
        (["one", "{@pagebreak}", "two"], "one\n\ntwo"),
        (["{image:aurora:textures/a.png width:10 height:10 align:center}", "after"], "after"),
        (
            ['{"text": "Click ", "extra": [{"text": "here", "clickEvent": {"action": "change_page", "value": "0A"}}]}'],
            "Click here",
        ),
        (['["", {"translate": "pack.hello"}, {"text": "!"}]'], "Hello!"),
        (["{pack.hello}, world", "{pack.only_en}", "{pack.missing}"], "Hello, world\nEnglish only\n{pack.missing}"),
        (["", "middle", ""], "middle"),
        ("a single string", "a single string"),
        (["[not json"], "[not json"),
    ],
)
def test_clean_lines_english(lines, expected):
    assert lang.clean_lines(lines, locale="en_us", json_tables=JSON) == expected


def test_references_resolve_per_locale_with_english_fallback():
    assert (
        lang.clean_lines(["{pack.hello} / {pack.only_en}"], locale="zh_cn", json_tables=JSON) == "你好 / English only"
    )


def test_json_translation_errors(tmp_path):
    bad = tmp_path / "en_us.json"
    bad.write_text("[1, 2]", "utf-8")
    with pytest.raises(lang.TranslationFileError, match=r"en_us\.json: expected a JSON object"):
        lang.read_json_translations({"en_us": bad})
    bad.write_text('{"a": 1}', "utf-8")
    with pytest.raises(lang.TranslationFileError, match=r"key 'a': expected a string, got int"):
        lang.read_json_translations({"en_us": bad})
    with pytest.raises(lang.TranslationFileError, match="cannot read the language file"):
        lang.read_json_translations({"en_us": tmp_path / "missing.json"})


def test_json_translations_collect_problems_instead_of_raising(tmp_path):
    good = tmp_path / "good.json"
    good.write_text('{"pack.hello": "Hello", "pack.bad": 3}', "utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text('{"pack.hello": ', "utf-8")
    problems: list = []
    tables = lang.read_json_translations({"en_us": [good, broken]}, problems=problems)
    assert tables == {"en_us": {"pack.hello": "Hello"}}
    assert [(p["kind"], p["field"]) for p in problems] == [("bad_lang_value", "pack.bad"), ("file", "")]
    assert problems[1]["path"] == str(broken) and "file skipped" in problems[1]["message"]


def test_a_quest_book_with_a_broken_json_language_file_still_loads(tmp_path):
    quests = tmp_path / "config" / "ftbquests" / "quests"
    (quests / "chapters").mkdir(parents=True)
    (quests / "chapters" / "c.snbt").write_text(
        '{ id: "00000000000000C1", quests: [{ id: "00000000000000A1", title: "{pack.quest}" }] }', "utf-8"
    )
    assets = tmp_path / "kubejs" / "assets" / "pack" / "lang"
    assets.mkdir(parents=True)
    (assets / "en_us.json").write_text('{"pack.quest": "The Quest"}', "utf-8")
    (assets / "zh_cn.json").write_text('{"pack.quest": 任务}', "utf-8")
    book = read_quest_book(tmp_path)  # lenient by default
    assert book.text("00000000000000A1", "title", "en_us") == "The Quest"
    problems = book.problems()
    assert problems["kind"].tolist() == ["file"] and problems["path"].iloc[0].endswith("zh_cn.json")
    with pytest.raises(lang.TranslationFileError, match=r"zh_cn\.json: cannot read the language file"):
        read_quest_book(tmp_path, strict=True)


def test_single_lang_file_wins_over_folder(tmp_path):
    (tmp_path / "chapters").mkdir()
    (tmp_path / "data.snbt").write_text("{ version: 13 }", "utf-8")
    (tmp_path / "chapters" / "c.snbt").write_text(
        '{ id: "00000000000000C1", quests: [{ id: "00000000000000A1" }] }', "utf-8"
    )
    folder = tmp_path / "lang" / "en_us" / "chapters"
    folder.mkdir(parents=True)
    (folder / "c.snbt").write_text('{ quest.00000000000000A1.title: "from folder" }', "utf-8")
    assert read_quest_book(tmp_path).text("00000000000000A1", "title", "en_us") == "from folder"
    (tmp_path / "lang" / "en_us.snbt").write_text('{ quest.00000000000000A1.title: "from file" }', "utf-8")
    book = read_quest_book(tmp_path)
    assert book.text("00000000000000A1", "title", "en_us") == "from file"
    assert book.languages()["source"].tolist() == ["file"]


def test_guide_and_visibility_frames_keep_columns_when_empty(tmp_path):
    (tmp_path / "data.snbt").write_text("{ version: 13 }", "utf-8")
    empty = read_quest_book(tmp_path)
    assert list(guide_quests(empty).columns) == list(GUIDE_SCHEMA)
    assert list(guides_per_chapter(empty).columns) == list(PER_CHAPTER_SCHEMA)
    assert list(quest_visibility(empty, empty_team("c9b8a7d6-e5f4-4a3b-9c2d-1e0f9a8b7c6d")).columns) == list(
        VISIBILITY_SCHEMA
    )
    (tmp_path / "ftbquests").mkdir()
    progress = read_progress(tmp_path)
    assert list(progress.teams().columns) == list(TEAM_SCHEMA)
    assert list(progress.players().columns) == list(PLAYER_SCHEMA)
    assert list(progress.completions().columns) == list(COMPLETION_SCHEMA)
    assert list(progress.problems().columns) == list(PROGRESS_PROBLEM_SCHEMA)
    assert list(progress.check(empty).columns) == list(PROGRESS_PROBLEM_SCHEMA)
    with pytest.warns(DeprecationWarning, match="PROGRESS_ERROR_SCHEMA is deprecated"):
        from kit.ftb.progress import PROGRESS_ERROR_SCHEMA
    assert PROGRESS_ERROR_SCHEMA == list(PROGRESS_PROBLEM_SCHEMA)
    assert repr(empty).startswith("QuestBook(") and repr(progress).startswith("Progress(")
