"""kit.ftb.booktext: a quest book's text from inline fields, lang tables and JSON language files, key by key."""

from __future__ import annotations

import pytest

from kit.ftb.errors import SnbtSyntaxError
from kit.ftb.loader import read_quest_book
from tests.ftb.ftb_inputs import PACK_LANGUAGES, book, pack, write_book


@pytest.mark.parametrize("name", sorted(PACK_LANGUAGES))
def test_languages_present(name):
    assert book(name).languages()["language"].tolist() == PACK_LANGUAGES[name]


def test_inline_text_is_english():
    b = book("enigmatica6")
    quests = b.quests(language="en_us")
    assert (quests["title"] != "").sum() > 600  # item quests often have no title (the game shows the item)
    assert quests.loc[quests["description"] != "", "description"].str.len().max() > 200
    assert b.languages().loc[0, "source"] == "inline"


def test_split_lang_folders_are_merged():
    b = book("craftoria")
    langs = b.languages().set_index("language")
    assert langs.loc["en_us", "source"] == "folder" and langs.loc["en_us", "n_keys"] > 1600
    assert langs.loc["pt_br", "n_keys"] < 30  # group, file and reward-table titles only
    assert (b.chapters(language="es_es")["title"] != "").sum() >= 26  # chapter titles: es_es/chapter.snbt
    es = b.quests(language="es_es")
    en = b.quests(language="en_us")
    assert es["title"].iloc[0] == "¡Bienvenido a Craftoria!" != en["title"].iloc[0]
    assert (es["title"] != en["title"]).sum() > 300


def test_chinese_first_pack_has_no_english_text():
    b = book("flywheel-new-continent")
    assert b.fallback_locale == "en_us"
    zh = b.quests(language="zh_cn")
    en = b.quests(language="en_us")
    assert (zh["title"] != "").sum() > 200
    assert (en["title"] != "").sum() == 0
    missing = b.missing_translations("en_us")
    assert len(missing) == b.languages().set_index("language").loc["en_us", "n_missing"] > 500
    assert set(missing["reference_language"]) == {"zh_cn"}


def test_json_references_resolve_per_locale():
    b = book("monifactory")
    en = b.quests(language="en_us").set_index("quest_id")
    zh = b.quests(language="zh_cn").set_index("quest_id")
    assert not en["title"].str.contains(r"\{moni\.").any() or en["title"].str.contains(r"\{moni\.").sum() < 10
    assert zh.loc["7DC209D400BCD708", "title"] == "读我！！"
    assert en.loc["7DC209D400BCD708", "title"] != zh.loc["7DC209D400BCD708", "title"]
    # JSON text components are flattened: no raw component text in descriptions
    assert not en["description"].str.contains('"text":', regex=False).any()


def test_lang_keys_for_unknown_objects_are_reported():
    errors = book("farming-crossing-5").problems()
    orphans = errors[errors["kind"] == "unknown_lang_object"]
    assert len(orphans) > 0
    assert orphans["field"].str.match(r"(quest|task|chapter|reward)\.[0-9A-F]{16}\.").all()


def test_lang_key_of_the_wrong_object_type_is_not_used():
    """FTB looks text up by ``<type>.<id>.<field>``: ``task.<quest id>.title`` never titles the quest."""
    b = book("farming-crossing-5")
    titles = b.quests(language="en_us").set_index("quest_id")["title"]
    # en_us.snbt also has task.29C747B69A9F22B2.title "Free Task" for this quest id
    assert titles["29C747B69A9F22B2"] == "Cooking Collection Completion!"
    assert titles["666D55906F99FC33"] == "Flora Compendium Completion!"
    errors = b.problems()
    wrong = errors[errors["message"].str.contains("in the book, not a") & errors["path"].str.endswith("en_us.snbt")]
    assert sorted(wrong["field"]) == [
        "quest.2D08BA10B7F1E318.title",
        "quest.545795C0A7AB423E.title",
        "task.29C747B69A9F22B2.title",
        "task.666D55906F99FC33.title",
    ]
    assert set(wrong["kind"]) == {"unknown_lang_object"}
    assert wrong["message"].str.contains(r"29C747B69A9F22B2 is a quest in the book, not a task; ignored").any()
    # every key of the file is either used (n_keys) or an error row: nothing is silently dropped
    from kit.ftb.snbt import read_snbt

    path = pack("farming-crossing-5") / "config/ftbquests/quests/lang/en_us.snbt"
    n_rows = (errors["path"] == str(path)).sum()
    n_keys = b.languages().set_index("language").loc["en_us", "n_keys"]
    assert n_keys + n_rows == len(read_snbt(path)) == 412


def test_malformed_lang_file_strict_and_lenient(tmp_path):
    write_book(tmp_path, '{ id: "00000000000000C1", quests: [{ id: "00000000000000A1" }] }')
    (tmp_path / "lang").mkdir()
    (tmp_path / "lang" / "en_us.snbt").write_text('{ quest.00000000000000A1.title: "ok" }', "utf-8")
    (tmp_path / "lang" / "zh_cn.snbt").write_text('{ quest.00000000000000A1.title: "坏 }', "utf-8")
    with pytest.raises(SnbtSyntaxError, match=r"zh_cn\.snbt:1:33: unterminated string"):
        read_quest_book(tmp_path, strict=True)
    lenient = read_quest_book(tmp_path)
    assert lenient.problems()["kind"].tolist() == ["syntax"]
    assert lenient.language_codes == ["en_us"]
    assert lenient.text("00000000000000A1", "title", "zh_cn") == "ok"  # the fallback
