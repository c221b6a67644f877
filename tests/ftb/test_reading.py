"""kit.ftb.reading: BookReader, the shared state of one load (problems as rows, or raised when strict)."""

from __future__ import annotations

import pytest

from kit.ftb.errors import QuestBookError, SnbtSyntaxError
from kit.ftb.reading import BookReader


def _rows(reader: BookReader) -> list[tuple[str, str, str]]:
    return [(row["kind"], row["object_id"], row["field"]) for row in reader.book.error_rows]


def test_register_accepts_hex_ids_as_strings_or_numbers(tmp_path):
    reader = BookReader(tmp_path, strict=False)
    assert reader.register({"id": "a1"}, "quest", tmp_path / "c.snbt", "quest 0") == "00000000000000A1"
    assert reader.register({"id": 0xB1}, "task", tmp_path / "c.snbt", "task 0") == "00000000000000B1"
    assert reader.register({"id": -1}, "reward", tmp_path / "c.snbt", "reward 0") == "FFFFFFFFFFFFFFFF"  # signed long
    assert reader.book.object_types == {
        "00000000000000A1": "quest",
        "00000000000000B1": "task",
        "FFFFFFFFFFFFFFFF": "reward",
    }
    assert _rows(reader) == []


@pytest.mark.parametrize("raw", [{"id": "not hex"}, {"id": "1" * 17}, {"id": True}, {"id": ""}, {}, "just text"])
def test_a_bad_id_skips_the_object_and_is_a_row(tmp_path, raw):
    reader = BookReader(tmp_path, strict=False)
    assert reader.register(raw, "quest", tmp_path / "c.snbt", "quest 3") is None
    assert _rows(reader) == [("bad_id", "", "id")]
    assert "quest 3: id" in reader.book.error_rows[0]["message"]
    assert "is not a 16-digit hex id; object skipped" in reader.book.error_rows[0]["message"]
    with pytest.raises(QuestBookError, match="is not a 16-digit hex id"):
        BookReader(tmp_path, strict=True).register(raw, "quest", tmp_path / "c.snbt", "quest 3")


def test_a_duplicate_id_keeps_the_first_object(tmp_path):
    reader = BookReader(tmp_path, strict=False)
    reader.register({"id": "A1"}, "quest", tmp_path / "c.snbt", "quest 0")
    assert reader.register({"id": "00000000000000A1"}, "task", tmp_path / "d.snbt", "task 0") is None
    assert reader.book.object_types == {"00000000000000A1": "quest"}
    assert _rows(reader) == [("duplicate_id", "00000000000000A1", "id")]
    assert "already used by a quest; the later object is skipped" in reader.book.error_rows[0]["message"]


def test_inline_text_is_kept_by_language_field(tmp_path):
    reader = BookReader(tmp_path, strict=False)
    quest = reader.register(
        {"id": "A1", "title": "Iron", "description": ["line one", "line two"], "subtitle": ""},
        "quest",
        tmp_path / "c.snbt",
        "quest 0",
    )
    assert reader.inline == {(quest, "quest_desc"): ("line one", "line two"), (quest, "title"): "Iron"}


def test_number_fields_of_the_wrong_type_become_the_default(tmp_path):
    reader = BookReader(tmp_path, strict=True)  # a bad field is never fatal
    raw = {"x": 1.5, "count": 3.0, "size": "big", "half": 2.5}
    file = tmp_path / "c.snbt"
    assert reader.number(raw, "x", 0.0, "00000000000000A1", file, real=True) == 1.5
    assert reader.number(raw, "count", 1, "00000000000000A1", file) == 3  # an integral double is an int
    assert reader.number(raw, "size", 1, "00000000000000A1", file) == 1
    assert reader.number(raw, "half", 0, "00000000000000A1", file) == 0  # not integral
    assert reader.number(raw, "missing", 7, "00000000000000A1", file) == 7  # absent: the default, no row
    assert _rows(reader) == [("bad_field", "00000000000000A1", "size"), ("bad_field", "00000000000000A1", "half")]
    assert "field 'size' should be a number, got 'big'; using 1" in reader.book.error_rows[0]["message"]


def test_read_turns_a_bad_file_into_a_row_unless_strict(tmp_path):
    good, bad = tmp_path / "good.snbt", tmp_path / "bad.snbt"
    good.write_text("{ a: 1 }", "utf-8")
    bad.write_text("{ a: ", "utf-8")
    reader = BookReader(tmp_path, strict=False)
    assert reader.read(good) == {"a": 1}
    assert reader.read(bad) is None and reader.read(tmp_path / "missing.snbt") is None
    assert [row["kind"] for row in reader.book.error_rows] == ["syntax", "file"]
    assert [row["path"] for row in reader.book.error_rows] == [str(bad), str(tmp_path / "missing.snbt")]
    with pytest.raises(SnbtSyntaxError, match=r"bad\.snbt:1:6"):
        BookReader(tmp_path, strict=True).read(bad)


def test_chapter_path_of_an_unknown_chapter_is_empty(tmp_path):
    assert BookReader(tmp_path, strict=False).chapter_path("00000000000000C1") == ""
