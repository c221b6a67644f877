"""kit.ftb.read_quest_book on the eight shared packs: SOURCES.md counts, text sources, bad input."""

from __future__ import annotations

from functools import cache

import pytest

from kit.ftb.book import (
    CHAPTER_SCHEMA,
    LANGUAGE_SCHEMA,
    QUEST_SCHEMA,
    QuestBook,
    QuestBookError,
    QuestBookNotFoundError,
    read_quest_book,
)
from kit.ftb.snbt import SnbtSyntaxError
from tests.ftb.ftb_inputs import PACK_COUNTS, PACK_LANGUAGES, pack


@cache
def book(name: str) -> QuestBook:
    return read_quest_book(pack(name))


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


@pytest.mark.parametrize("name", sorted(PACK_LANGUAGES))
def test_languages_present(name):
    assert book(name).languages()["language"].tolist() == PACK_LANGUAGES[name]


def test_ids_stay_16_hex_strings():
    b = book("beyond-ascension-server")
    frames = [b.quests()["quest_id"], b.tasks()["task_id"], b.rewards()["reward_id"], b.chapters()["chapter_id"]]
    for column in frames:
        assert column.str.fullmatch(r"[0-9A-F]{16}").all()
    # hand-named reward-table files: the id inside the file counts
    tables = b.reward_tables().set_index("filename")
    assert tables.loc["128EE7123DASD877", "reward_table_id"] != "128EE7123DASD877"
    assert tables["reward_table_id"].str.fullmatch(r"[0-9A-F]{16}").all()


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


def test_dangling_dependencies_become_error_rows():
    errors = book("monifactory").problems()
    assert (errors["kind"] == "unknown_dependency").sum() == 36
    assert errors["message"].str.contains("dropped").all()
    assert book("enigmatica6").problems().empty


def test_dependencies_on_tasks_and_chapters_are_kept():
    b = book("craftoria")
    kinds = {b.object_types[d] for q in b.quest_by_id.values() for d in q.dependencies}
    assert {"quest", "task", "chapter"} <= kinds


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


def _write_book(folder, chapter_text):
    (folder / "chapters").mkdir(parents=True)
    (folder / "data.snbt").write_text("{ version: 13 }\n", "utf-8")
    (folder / "chapters" / "c.snbt").write_text(chapter_text, "utf-8")


def test_malformed_chapter_strict_and_lenient(tmp_path):
    _write_book(
        tmp_path, '{\n\tid: "00000000000000C1"\n\tquests: [\n\t\t{ id: "00000000000000A1" x: 0.0d y: ] }\n\t]\n}\n'
    )
    with pytest.raises(SnbtSyntaxError, match=r"c\.snbt:4:39: expected a value, found '\]'"):
        read_quest_book(tmp_path, strict=True)
    lenient = read_quest_book(tmp_path)  # lenient by default
    errors = lenient.problems()
    assert errors["kind"].tolist() == ["syntax"] and errors["path"].iloc[0].endswith("c.snbt")
    assert lenient.quests().empty


CYCLE = """{
	id: "00000000000000C1"
	quests: [
		{ id: "00000000000000A1", dependencies: ["00000000000000A2"], x: 0.0d, y: 0.0d }
		{ id: "00000000000000A2", dependencies: ["00000000000000A1", "00000000000000FF", "00000000000000A2"] }
		{ id: "00000000000000A3", dependencies: [I; 161], tasks: [{ id: "00000000000000A1", type: "checkmark" }] }
	]
}
"""


def test_cycles_unknown_and_duplicate_ids(tmp_path):
    _write_book(tmp_path, CYCLE)
    with pytest.raises(QuestBookError, match="id 00000000000000A1 is already used by a quest"):
        read_quest_book(tmp_path, strict=True)
    b = read_quest_book(tmp_path)
    kinds = b.problems()["kind"].tolist()
    assert kinds == ["dependency_cycle", "duplicate_id", "self_dependency", "unknown_dependency"]
    cycle = b.problems().set_index("kind").loc["dependency_cycle", "message"]
    assert "00000000000000A1 -> 00000000000000A2 -> 00000000000000A1" in cycle
    # the int-array dependency (old format) resolves to the hex id 00000000000000A1
    assert b.quest_by_id["00000000000000A3"].dependencies == ("00000000000000A1",)


def test_not_a_book(tmp_path):
    with pytest.raises(QuestBookNotFoundError, match="no FTB Quests book"):
        read_quest_book(tmp_path)


def test_fields_of_the_wrong_type_are_reported(tmp_path):
    _write_book(
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


def test_malformed_lang_file_strict_and_lenient(tmp_path):
    _write_book(tmp_path, '{ id: "00000000000000C1", quests: [{ id: "00000000000000A1" }] }')
    (tmp_path / "lang").mkdir()
    (tmp_path / "lang" / "en_us.snbt").write_text('{ quest.00000000000000A1.title: "ok" }', "utf-8")
    (tmp_path / "lang" / "zh_cn.snbt").write_text('{ quest.00000000000000A1.title: "坏 }', "utf-8")
    with pytest.raises(SnbtSyntaxError, match=r"zh_cn\.snbt:1:33: unterminated string"):
        read_quest_book(tmp_path, strict=True)
    lenient = read_quest_book(tmp_path)
    assert lenient.problems()["kind"].tolist() == ["syntax"]
    assert lenient.language_codes == ["en_us"]
    assert lenient.text("00000000000000A1", "title", "zh_cn") == "ok"  # the fallback


def test_old_import_paths_keep_working_and_leftovers_warn(tmp_path):
    import kit.ftb
    import kit.ftb.book as old
    from kit.ftb import errors, lang, loader, model, snbt

    assert old.QuestBook is model.QuestBook is kit.ftb.QuestBook
    assert old.read_quest_book is loader.read_quest_book is kit.ftb.read_quest_book
    assert old.QuestBookError is errors.QuestBookError and snbt.SnbtSyntaxError is errors.SnbtSyntaxError
    assert lang.TranslationFileError is errors.TranslationFileError
    with pytest.warns(DeprecationWarning, match="ERROR_COLUMNS is deprecated"):
        assert old.ERROR_COLUMNS == ["severity", "kind", "object_id", "field", "message", "path"]
    with pytest.raises(AttributeError, match="no attribute 'NOPE'"):
        old.NOPE  # noqa: B018
    (tmp_path / "data.snbt").write_text("{ version: 13 }\n", "utf-8")
    b = read_quest_book(tmp_path)
    with pytest.warns(DeprecationWarning, match=r"QuestBook.errors\(\) is deprecated"):
        assert b.errors().equals(b.problems())


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
