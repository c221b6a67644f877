"""Hostile world-book files: FIFOs, devices and folders are refused without blocking, reads are bounded, deep
JSON and integers too long to convert become kit errors (or issue rows naming book, uid and field in lenient
mode), keys with surrounding white space are reported, and no generated file escapes as a foreign exception."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit.core.errors import StorageError
from kit.worldbook import WorldBookFormatError, issues_frame, read_world_book, scan_world_books
from kit.worldbook.sillytavern import read_world
from tests.examples import examples

HUGE = "9" * 5000


def _kit_book(**entry_fields: Any) -> dict:
    return {
        "id": "lore",
        "name": "Lore",
        "entries": [{"uid": "a", "content": "x", **entry_fields}, {"uid": "b", "content": "y"}],
    }


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# ---- what is not a regular file ---------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".json", ".png"])
def test_a_fifo_is_refused_without_blocking(tmp_path: Path, suffix: str) -> None:
    fifo = tmp_path / f"book{suffix}"
    os.mkfifo(fifo)
    with pytest.raises(WorldBookFormatError, match=r"not a regular file \(a FIFO\)") as info:
        read_world_book(fifo)
    assert info.value.file == str(fifo)
    with pytest.raises(WorldBookFormatError, match="not a regular file"):
        read_world(fifo)


@pytest.mark.parametrize("suffix", [".json", ".png"])
def test_a_link_to_dev_zero_is_refused_before_reading(tmp_path: Path, suffix: str) -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero on this system")
    link = tmp_path / f"zero{suffix}"
    link.symlink_to("/dev/zero")
    with pytest.raises(WorldBookFormatError, match=r"not a regular file \(a character device\)"):
        read_world_book(link)
    with pytest.raises(WorldBookFormatError, match="not a regular file"):
        read_world(link)


def test_a_folder_named_like_a_book_is_refused(tmp_path: Path) -> None:
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(WorldBookFormatError, match=r"not a regular file \(a folder\)"):
        read_world_book(tmp_path / "dir.json")


def test_a_link_to_a_regular_book_is_read(tmp_path: Path) -> None:
    real = _write(tmp_path / "real.json", json.dumps(_kit_book()))
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert [e.uid for e in read_world_book(link).entries] == ["a", "b"]


def test_scan_lists_refused_files_in_lenient_mode(tmp_path: Path) -> None:
    _write(tmp_path / "good.json", json.dumps(_kit_book()))
    os.mkfifo(tmp_path / "pipe.json")
    with pytest.raises(WorldBookFormatError, match="pipe.json"):
        scan_world_books(tmp_path, strict=True)
    lib = scan_world_books(tmp_path, strict=False)
    assert list(lib) == ["lore"]
    errors = issues_frame(lib)
    assert errors["message"].str.contains("not a regular file").any()


def test_missing_files_are_storage_errors(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="cannot read world book"):
        read_world_book(tmp_path / "missing.json")


def test_inputs_over_the_byte_limit_are_refused(tmp_path: Path) -> None:
    path = _write(tmp_path / "big.json", json.dumps(_kit_book(content="x" * 5000)))
    with pytest.raises(WorldBookFormatError, match="more than the limit of 1000"):
        read_world(path, max_bytes=1000)


# ---- deep JSON ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [101, 5_000, 200_000])
def test_deep_json_is_a_format_error(tmp_path: Path, depth: int) -> None:
    text = '{"id": "lore", "entries": [{"uid": "a", "content": "x", "extra": ' + "[" * depth + "]" * depth + "}]}"
    path = _write(tmp_path / "deep.json", text)
    with pytest.raises(WorldBookFormatError, match="JSON nested deeper than 100 levels") as info:
        read_world_book(path, strict=False)
    assert info.value.file == str(path)
    st_path = _write(
        tmp_path / "deep_st.json", '{"entries": {"0": {"uid": 0, "key": ' + "[" * depth + "]" * depth + "}}}"
    )
    with pytest.raises(WorldBookFormatError, match="nested deeper"):
        read_world_book(st_path)


def test_brackets_inside_strings_do_not_count_as_nesting(tmp_path: Path) -> None:
    path = _write(tmp_path / "brackets.json", json.dumps(_kit_book(comment="[{" * 500 + '\\"' + "}]" * 500)))
    assert read_world_book(path).entry("a").comment.startswith("[{[{")


# ---- integers too long to convert ------------------------------------------------------------------------------


def test_a_huge_integer_in_a_kit_entry_names_book_uid_and_field(tmp_path: Path) -> None:
    text = json.dumps(_kit_book(order=1)).replace('"order": 1', f'"order": {HUGE}')
    path = _write(tmp_path / "lore.json", text)
    with pytest.raises(
        WorldBookFormatError, match=r"book 'lore', entry 'a', field 'order': integer of 5000 digits"
    ) as info:
        read_world_book(path, strict=True)
    assert (info.value.book_id, info.value.uid, info.value.field) == ("lore", "a", "order")
    book = read_world_book(path, strict=False)
    assert [e.uid for e in book.entries] == ["b"]
    row = issues_frame(book).iloc[0]
    assert (row["book_id"], row["uid"], row["field"]) == ("lore", "a", "order")
    assert "entry skipped" in row["message"] and row["path"] == str(path)


def test_a_huge_integer_in_sillytavern_and_card_entries(tmp_path: Path) -> None:
    st_text = (
        '{"entries": {"0": {"uid": 0, "key": ["a"], "depth": '
        + HUGE
        + '}, "1": {"uid": 1, "key": ["b"], "content": "c"}}}'
    )
    st_path = _write(tmp_path / "world.json", st_text)
    with pytest.raises(WorldBookFormatError, match=r"book 'world', entry '0', field 'depth'"):
        read_world_book(st_path, strict=True)
    assert [e.uid for e in read_world_book(st_path, strict=False).entries] == ["1"]
    card = (
        '{"spec": "chara_card_v2", "data": {"name": "A", "character_book": {"entries": ['
        '{"id": 7, "keys": ["k"], "content": "c", "enabled": true, "insertion_order": ' + HUGE + "}]}}}"
    )
    card_path = _write(tmp_path / "card.json", card)
    with pytest.raises(WorldBookFormatError, match=r"entry '7', field 'insertion_order'"):
        read_world_book(card_path, strict=True)
    assert read_world_book(card_path, strict=False).entries == ()


def test_a_huge_integer_outside_entries_is_always_an_error(tmp_path: Path) -> None:
    path = _write(tmp_path / "lore.json", '{"id": "lore", "version": ' + HUGE + ', "entries": []}')
    for strict in (True, False):
        with pytest.raises(WorldBookFormatError, match=r"field 'version': integer of 5000 digits"):
            read_world_book(path, strict=strict)


def test_a_huge_python_int_in_a_parsed_world_is_reported_and_the_input_kept() -> None:
    data = {"entries": {"0": {"uid": 0, "key": ["a"], "order": 10**5000}, "1": {"uid": 1, "key": ["b"]}}}
    book = read_world(data, book_id="mem", strict=False)
    assert [e.uid for e in book.entries] == ["1"]
    assert book.issues[0].field == "order"
    assert "0" in data["entries"]  # the caller's object is not changed
    with pytest.raises(WorldBookFormatError, match="field 'order'"):
        read_world(data, book_id="mem", strict=True)


# ---- keys SillyTavern trims ------------------------------------------------------------------------------------


def test_keys_with_surrounding_white_space_are_reported_in_every_format(tmp_path: Path) -> None:
    kit_path = _write(
        tmp_path / "kit.json",
        json.dumps(
            _kit_book(
                trigger_config={"triggers": {"keyword": {"key": [" dragon", "龙\u3000", "ok"], "secondaryKey": ["x "]}}}
            )
        ),
    )
    st_path = _write(
        tmp_path / "st.json", json.dumps({"entries": {"0": {"uid": 0, "key": ["dragon "], "content": "c"}}})
    )
    card_path = _write(
        tmp_path / "card.json",
        json.dumps(
            {
                "spec": "chara_card_v2",
                "data": {
                    "name": "A",
                    "character_book": {
                        "entries": [
                            {
                                "id": 1,
                                "keys": ["\tdragon"],
                                "secondary_keys": [],
                                "content": "c",
                                "enabled": True,
                                "insertion_order": 1,
                            }
                        ]
                    },
                },
            }
        ),
    )
    fields = {
        "kit": {i.field for i in read_world_book(kit_path).issues},
        "st": {i.field for i in read_world_book(st_path).issues},
        "card": {i.field for i in read_world_book(card_path).issues},
    }
    assert fields["kit"] == {
        "trigger_config.triggers.keyword.key[0]",
        "trigger_config.triggers.keyword.key[1]",
        "trigger_config.triggers.keyword.secondaryKey[0]",
    }
    assert fields["st"] == {"key[0]"}
    assert fields["card"] == {"keys[0]"}
    book = read_world_book(kit_path)
    assert book.entry("a").triggers.keyword.keys == (" dragon", "龙\u3000", "ok")  # kept as written, entry kept
    assert all("SillyTavern trims keys" in i.reason for i in book.issues)


# ---- generated files -------------------------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=10,
)
ENTRY_FIELDS = [
    "uid",
    "content",
    "position",
    "order",
    "disable",
    "group",
    "depth",
    "macro",
    "requires",
    "excludes",
    "trigger_config",
    "key",
    "keysecondary",
    "keys",
    "id",
    "insertion_order",
    "enabled",
    "selectiveLogic",
]


@settings(
    max_examples=examples(250),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    shape=st.sampled_from(["kit", "st", "card"]),
    fields=st.dictionaries(st.sampled_from(ENTRY_FIELDS), JSON, max_size=5),
    huge=st.booleans(),
    strict=st.booleans(),
)
def test_generated_books_are_read_or_refused_with_kit_errors(
    tmp_path: Path, shape: str, fields: dict, huge: bool, strict: bool
) -> None:
    entry = {"uid": "1", "content": "x", **fields}
    if shape == "kit":
        data: Any = {"id": "g", "entries": [entry]}
    elif shape == "st":
        data = {"entries": {"1": entry}}
    else:
        data = {"spec": "chara_card_v2", "data": {"name": "A", "character_book": {"entries": [entry]}}}
    text = json.dumps(data)
    if huge:
        text = text.replace('"x"', HUGE, 1)
    path = _write(tmp_path / "gen.json", text)
    try:
        book = read_world_book(path, strict=strict)
    except WorldBookFormatError as exc:
        assert str(exc)
        return
    issues_frame(book)  # the problems frame never raises either


# ---- conversations of a studio ---------------------------------------------------------------------------------


def test_conversation_files_are_read_the_same_bounded_way(tmp_path: Path) -> None:
    from kit.worldbook.conversations.studio import read_conversation

    os.mkfifo(tmp_path / "pipe.json")
    with pytest.raises(WorldBookFormatError, match=r"not a regular file \(a FIFO\)"):
        read_conversation(tmp_path / "pipe.json")
    deep = _write(tmp_path / "deep.json", '{"turns": ' + "[" * 1000 + "]" * 1000 + "}")
    with pytest.raises(WorldBookFormatError, match="nested deeper than 100"):
        read_conversation(deep)
    huge = _write(tmp_path / "huge.json", '{"turns": [{"message": "hi", "table": {"hp": ' + HUGE + "}}]}")
    with pytest.raises(WorldBookFormatError, match=r"field 'turns\[0\]\.table\.hp': integer of 5000 digits"):
        read_conversation(huge)
    ok = _write(tmp_path / "ok.json", '{"turns": [{"message": "hi", "table": {"hp": 5}}]}')
    assert read_conversation(ok).turns[0].table == {"hp": 5}
