from __future__ import annotations

import json

import pytest

import kit.worldbook as wb
from kit.core.errors import KitError, StorageError
from tests.worldbook.worldbook_inputs import WORLDBOOKS


def native_book() -> dict:
    return {
        "id": "tavern",
        "name": "酒馆 Tavern",
        "entries": [
            {
                "uid": 1,
                "content": "常驻",
                "position": "0",
                "order": 10,
                "disable": False,
                "trigger_config": {"triggers": {"constant": [True]}},
            },
            {
                "uid": "k",
                "content": 42,
                "position": 4.0,
                "group": "a, b",
                "disable": 0,
                "custom": {"x": 1},
                "trigger_config": {
                    "triggers": {"keyword": {"key": ["魔法", 7], "caseSensitive": True, "matchWholeWords": False}},
                    "probability": 0.5,
                },
            },
            {
                "uid": "c",
                "content": None,
                "position": 6,
                "depth": 2,
                "requires": "k",
                "trigger_config": {
                    "triggers": {
                        "condition": {"conditions": [{"text": "tb.力量 > 10"}]},
                        "logicExpression": "a AND NOT b",
                        "rag": {"threshold": 0.2, "topK": 2},
                    }
                },
            },
        ],
    }


def write(tmp_path, data, name="book.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_read_native_normalises(tmp_path):
    book = wb.read_world_book(write(tmp_path, native_book()))
    assert (book.id, book.name, len(book)) == ("tavern", "酒馆 Tavern", 3)
    e1, ek, ec = book.entries
    assert e1.uid == "1" and e1.position == 0 and e1.triggers.constant
    assert ek.content == "42" and ek.position == 4 and ek.group == ("a", "b")
    assert ek.triggers.keyword.keys == ("魔法", "7") and ek.triggers.keyword.case_sensitive
    assert ek.triggers.probability == 0.5 and ek.extra == {"custom": {"x": 1}}
    assert ec.content == "" and ec.depth == 2 and ec.requires == ("k",)
    assert ec.triggers.conditions == ("tb.力量 > 10",)
    assert ec.triggers.logic_expression == "a AND NOT b"
    assert ec.triggers.rag == wb.RagTrigger(threshold=0.2, top_k=2)
    assert ec.triggers.configured == ("condition", "logic", "rag")
    assert book.source.endswith("book.json")


def test_write_read_round_trip(tmp_path):
    book = wb.read_world_book(write(tmp_path, native_book()))
    out = wb.write_world_book(book, tmp_path / "out.json")
    again = wb.read_world_book(out)
    assert again == book
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_book_id_defaults_to_file_stem(tmp_path):
    data = native_book()
    del data["id"]
    assert wb.read_world_book(write(tmp_path, data, "stem_name.json")).id == "stem_name"


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("position", "abc", "expected an integer"),
        ("position", 12, "0-7"),
        ("position", True, "boolean"),
        ("order", "high", "expected an integer"),
        ("content", ["a"], "expected a string"),
        ("group", {"a": 1}, "list of strings"),
        ("uid", None, "expected a string or an integer"),
    ],
)
def test_strict_names_book_uid_and_field(tmp_path, field, value, reason):
    data = native_book()
    data["entries"][1][field] = value
    with pytest.raises(wb.WorldBookFormatError, match=reason) as info:
        wb.read_world_book(write(tmp_path, data), strict=True)
    err = info.value
    assert err.book_id == "tavern" and err.field == field
    if field != "uid":
        assert err.uid == "k" and "entry 'k'" in str(err)
    assert "book 'tavern'" in str(err) and f"field '{field}'" in str(err) and "book.json" in str(err)
    assert isinstance(err, KitError) and isinstance(err, ValueError)


def test_lenient_skips_and_collects(tmp_path):
    data = native_book()
    data["entries"][1]["position"] = "abc"
    data["entries"][2]["position"] = 12
    data["entries"].append({"uid": 1, "content": "duplicate uid"})
    book = wb.read_world_book(write(tmp_path, data), strict=False)
    assert [e.uid for e in book.entries] == ["1"]
    errors = wb.issues_frame(book)
    assert list(errors.columns) == [
        "severity",
        "kind",
        "object_id",
        "field",
        "message",
        "path",
        "book_id",
        "uid",
        "value",
    ]
    assert errors[["uid", "field"]].values.tolist() == [["1", "uid"], ["c", "position"], ["k", "position"]]
    assert errors["message"].str.contains("duplicate").iloc[0] and errors["object_id"].iloc[0] == "tavern/1"


def test_malformed_condition_in_file_names_entry(tmp_path):
    data = native_book()
    data["entries"][2]["trigger_config"]["triggers"]["condition"]["conditions"][0]["text"] = "tb.力量 >> 10"
    with pytest.raises(wb.ConditionSyntaxError, match="tavern/c.*column 8") as info:
        wb.read_world_book(write(tmp_path, data), strict=True)
    assert info.value.entry == "tavern/c"
    book = wb.read_world_book(write(tmp_path, data), strict=False)
    assert "c" not in [e.uid for e in book.entries]
    assert wb.issues_frame(book)["field"].tolist() == ["trigger_config.triggers.condition.conditions[0].text"]


def test_not_json_and_missing_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(wb.WorldBookFormatError, match="bad.json.*not valid JSON"):
        wb.read_world_book(bad)
    with pytest.raises(StorageError, match="missing.json"):
        wb.read_world_book(tmp_path / "missing.json")


def test_scan_library(tmp_path):
    write(tmp_path, native_book(), "a.json")
    other = native_book()
    other["id"] = "second"
    write(tmp_path, other, "b.json")
    (tmp_path / "broken.json").write_text("[1, 2", encoding="utf-8")
    with pytest.raises(wb.WorldBookFormatError, match="broken.json"):
        wb.scan_world_books(tmp_path, strict=True)
    lib = wb.scan_world_books(tmp_path, strict=False)
    assert list(lib) == ["second", "tavern"]
    assert lib["tavern"].name == "酒馆 Tavern"
    assert lib.problems()["path"].str.endswith("broken.json").tolist() == [True]
    with pytest.raises(wb.WorldBookNotFoundError, match="no world book with id 'nope'.*known: second, tavern"):
        lib["nope"]
    with pytest.raises(LookupError):
        lib["nope"]


def test_read_world_book_reads_the_lore_of_a_png_card(tmp_path) -> None:
    """A character card PNG goes through the SillyTavern reader (ccv3 chunk first, then chara)."""
    import json

    import kit.books
    from kit.worldbook import read_world_book
    from tests.data_folder import shared_file

    card_json = shared_file("worldbooks", "st_Seraphina.card_v2.json")
    card = kit.books.read_card(card_json)
    png = tmp_path / "Seraphina.png"
    kit.books.write_card(card, png, spec="v2")
    book = read_world_book(png)
    lore = json.loads(card_json.read_text(encoding="utf-8"))["data"]["character_book"]["entries"]
    assert len(book.entries) == len(lore) > 0
    assert sorted(e.content for e in book.entries) == sorted(e["content"] for e in lore)


def test_read_world_book_reads_v1_cards_and_standalone_v3_lorebooks(tmp_path):
    card = json.loads((WORLDBOOKS / "st_Seraphina.card_v2.json").read_text(encoding="utf-8"))
    lore = card["data"]["character_book"]
    v1 = write(tmp_path, dict(card["data"]), "v1_card.json")  # V1 style: character_book at the top level
    v3 = write(tmp_path, {"spec": "lorebook_v3", "data": lore}, "v3_lore.json")
    expected = wb.from_character_book(lore, book_id="x").entries
    from kit.worldbook.book.io import detect_format

    assert detect_format(json.loads(v1.read_text(encoding="utf-8"))) == "character_card"
    for path in (v1, v3):
        book = wb.read_world_book(path)
        assert book.id == path.stem and book.source == str(path)
        assert book.entries == expected and len(book) == 4


def test_read_world_book_refuses_json_that_is_no_world_book(tmp_path):
    with pytest.raises(wb.WorldBookFormatError, match="no_entries.json.*field 'entries'.*not a world book"):
        wb.read_world_book(write(tmp_path, {"id": "x", "name": "X"}, "no_entries.json"))
    with pytest.raises(wb.WorldBookFormatError, match="list.json.*not a world book.*JSON list"):
        wb.read_world_book(write(tmp_path, [1, 2], "list.json"))
    latin1 = tmp_path / "latin1.json"
    latin1.write_bytes('{"id": "é"}'.encode("latin-1"))
    with pytest.raises(wb.WorldBookFormatError, match="latin1.json.*not UTF-8"):
        wb.read_world_book(latin1)


def test_read_world_book_refuses_huge_files_before_loading(tmp_path, monkeypatch):
    import kit.worldbook.book.io as wio

    path = write(tmp_path, native_book(), "big.json")
    monkeypatch.setattr(wio, "MAX_FILE_BYTES", 100)
    with pytest.raises(wb.WorldBookFormatError, match=r"big.json.*bytes, more than the limit of 100"):
        wb.read_world_book(path)


def test_card_books_are_read_leniently_and_report_duplicate_ids(tmp_path):
    lore = {
        "name": "Lore",
        "entries": [
            {"id": 1, "keys": ["a"], "content": "first"},
            {"id": 2, "keys": ["b"], "content": "bad", "position": "middle"},
            {"id": 1, "keys": ["c"], "content": "same id"},
            "not an entry",
            {"id": 4, "keys": ["d"], "content": "fine"},
        ],
    }
    path = write(tmp_path, {"spec": "chara_card_v2", "data": {"name": "X", "character_book": lore}}, "card.json")
    with pytest.raises(wb.WorldBookFormatError, match=r"card.json.*book 'card', entry '2', field 'position'"):
        wb.read_world_book(path, strict=True)
    book = wb.read_world_book(path, strict=False)
    assert [e.uid for e in book.entries] == ["1", "4"] and book.source == str(path)
    issues = wb.issues_frame(book)
    assert issues[["uid", "field"]].values.tolist() == [["1", "id"], ["2", "position"], ["3", "entries[3]"]]
    assert issues["message"].str.contains("entry skipped").all() and (issues["path"] == str(path)).all()
    assert "duplicate id '1'" in issues["message"].iloc[0]
    lib = wb.scan_world_books(tmp_path, strict=False)
    assert len(lib.problems()) == 3


def test_readers_are_lenient_by_default(tmp_path):
    data = native_book()
    data["entries"].append({"uid": "bad", "position": "abc"})
    book = wb.read_world_book(write(tmp_path, data))
    assert [e.uid for e in book.entries] == ["1", "k", "c"]
    problems = wb.issues_frame(book)
    assert list(problems["object_id"]) == ["tavern/bad"] and list(problems["field"]) == ["position"]
    with pytest.raises(wb.WorldBookFormatError, match="entry 'bad', field 'position'"):
        wb.read_world_book(tmp_path / "book.json", strict=True)
    card = wb.from_character_book(
        {
            "entries": [
                {"id": 3, "keys": ["a"], "content": "", "position": "middle"},
                {"id": 4, "keys": ["b"], "content": "ok"},
            ]
        },
        book_id="c",
    )
    assert [e.uid for e in card.entries] == ["4"] and len(card.issues) == 1


def test_scan_is_lenient_by_default_and_strict_says_how_to_go_on(tmp_path):
    write(tmp_path, native_book(), "good.json")
    (tmp_path / "broken.json").write_text('{"entries": [1,]}', encoding="utf-8")
    twin = dict(native_book(), name="twin")
    write(tmp_path, twin, "twin.json")
    lib = wb.scan_world_books(tmp_path)
    assert list(lib) == ["tavern"]
    problems = lib.problems()
    assert sorted(problems["path"].str.rsplit("/", n=1).str[-1]) == ["broken.json", "twin.json"]
    messages = " ".join(problems["message"])
    assert "trailing comma" in messages and "duplicate book id" in messages
    with pytest.raises(
        wb.WorldBookFormatError, match=r"broken\.json.*trailing comma.*strict=True.*strict=False \(the default\)"
    ):
        wb.scan_world_books(tmp_path, strict=True)


@pytest.mark.parametrize(
    "text, line, column, before",
    [
        ('{"id": "x", "entries": [{"uid": 1},]}', 1, 35, "]"),
        ('{"id": "x",\n "entries": [\n  {"uid": 1, "content": "a",\n  }\n ]\n}', 3, 28, "}"),
    ],
)
def test_trailing_comma_is_named_with_line_and_column(tmp_path, text, line, column, before):
    path = tmp_path / "tc.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(
        wb.WorldBookFormatError, match=rf"line {line}, column {column}\): trailing comma before '\{before}'"
    ):
        wb.read_world_book(path)
    assert text.split("\n")[line - 1][column - 1] == ","


def test_other_syntax_errors_keep_json_wording(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"entries": [}', encoding="utf-8")
    with pytest.raises(wb.WorldBookFormatError, match=r"line 1, column 14\): Expecting value"):
        wb.read_world_book(path)


def test_read_world_book_checks_its_argument(tmp_path):
    from kit.core.errors import InvalidParameterError

    with pytest.raises(InvalidParameterError, match=r"'path' parameter of read_world_book must be the path.*Got int 3"):
        wb.read_world_book(3)
    book = wb.world_book_from_dict(native_book())
    with pytest.raises(InvalidParameterError, match="already a WorldBook"):
        wb.read_world_book(book)
    with pytest.raises(InvalidParameterError, match="'folder' parameter of scan_world_books"):
        wb.scan_world_books(None)


def test_library_membership_never_raises():
    lib = wb.WorldBookLibrary([wb.world_book_from_dict(native_book())])
    assert "tavern" in lib and "entries" not in lib
