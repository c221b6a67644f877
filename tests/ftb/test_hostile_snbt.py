"""Hostile input for kit.ftb's readers: SNBT text (white space, long numbers, deep nesting) and SNBT files that are
not regular files or are too large, through read_snbt, read_quest_book and read_progress."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.core.errors import KitError
from kit.ftb import read_progress, read_quest_book
from kit.ftb.snbt import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_NUMBER_CHARS,
    MAX_TOKENS,
    SnbtFileError,
    SnbtSyntaxError,
    dumps,
    loads,
    read_snbt,
)
from tests.examples import examples
from tests.hostile import MEMORY_BOUND_BYTES, assert_linear, peak_memory_error

CHAPTER = '{\n\tid: "00000000000000C1"\n\tquests: [{ id: "00000000000000A1", x: 0.0d, y: 0.0d }]\n}\n'


# ---------------------------------------------------------------- text


@pytest.mark.parametrize("padding", [" ", "\n", "\t", "\r\n", "\x00", "\x1f"])
def test_trailing_and_leading_white_space_is_accepted(padding):
    assert loads(padding * 10_000 + "{a: 1}" + padding * 10_000) == {"a": 1}


@pytest.mark.parametrize("text", ["{a: 1", "{a: [1 2", "{a:", "{", "{a: [I; 1"])
def test_unfinished_text_followed_by_white_space_names_the_end(text):
    padded = text + " " * 5_000
    with pytest.raises(SnbtSyntaxError, match="unexpected end of file") as info:
        loads(padded)
    assert info.value.line == 1 and info.value.column == len(padded) + 1


@pytest.mark.slow
@pytest.mark.parametrize(
    "make",
    [
        lambda n: "{a: 1}" + " " * n,  # the case (was x9 per x3)
        lambda n: "{a: 1" + " " * n,
        lambda n: "{a: [" + "\n" * n,
        lambda n: " " * n,
        lambda n: "{a: 1}" + " " * n + "x",
        lambda n: "{" + "a: 1 " * n + "}",
    ],
    ids=["after-root", "unfinished", "in-list", "only-space", "then-junk", "many-entries"],
)
def test_parsing_is_linear(make):
    assert_linear(make, loads, 20_000)


def test_numbers_longer_than_the_cap_are_a_syntax_error_with_position():
    digits = "7" * (MAX_NUMBER_CHARS + 1)
    for text in ("{a: " + digits + "}", "{a: -" + digits + "L}", "{a: [I; " + digits + "]}", "{a: " + digits + "b}"):
        with pytest.raises(SnbtSyntaxError, match=rf"1:\d+: number of \d+ characters; more than {MAX_NUMBER_CHARS}"):
            loads(text)


def test_long_numbers_below_the_cap_follow_ftb():
    # FTB reads a number out of the int range as a double; a byte out of range is an error, as for short ones
    assert loads("{a: " + "9" * 400 + "}") == {"a": float("inf")}
    assert loads("{a: " + "1" * 30 + "}")["a"] == pytest.approx(1.1111e29, rel=1e-4)
    assert loads("{a: 1" + "0" * 30 + "f}")["a"] == pytest.approx(1e30)
    with pytest.raises(SnbtSyntaxError, match="out of range for a byte"):
        loads("{a: 300b}")


@pytest.mark.parametrize("opener, closer", [("{a: ", "}"), ("[", "]"), ("[{b: ", "}]")])
def test_deep_nesting_is_a_syntax_error_not_a_recursion_error(opener, closer):
    deep = "{a: " + opener * 100_000 + "1" + closer * 100_000 + "}"
    with pytest.raises(SnbtSyntaxError, match=f"nesting deeper than {MAX_DEPTH}"):
        loads(deep)
    ok = "{a: " + opener * (MAX_DEPTH // 2 - 2) + "1" + closer * (MAX_DEPTH // 2 - 2) + "}"
    assert loads(ok)


_tokens = st.sampled_from(
    [
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "=",
        " ",
        "\n",
        "a",
        "1",
        "1b",
        "300b",
        "'x'",
        '"y"',
        "[I;",
        "-",
        "\\",
        "//",
        "#",
        "9" * 30,
        "NaN",
        "∞",
        "\x00",
        "é",
    ]
)


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(_tokens, max_size=60).map("".join))
def test_any_text_parses_or_raises_a_kit_syntax_error(text):
    try:
        value = loads(text)
    except SnbtSyntaxError as exc:
        assert isinstance(exc, KitError) and exc.line >= 1 and exc.column >= 1
    else:
        assert isinstance(value, dict)


_values = st.recursive(
    st.one_of(
        st.integers(-(2**31), 2**31 - 1), st.text(max_size=8), st.booleans(), st.floats(allow_nan=False, width=64)
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4).filter(lambda v: len({type(x) for x in v}) <= 1),
        st.dictionaries(st.text(min_size=1, max_size=6), inner, max_size=4),
    ),
    max_leaves=20,
)


@settings(max_examples=examples(200), deadline=None)
@given(
    st.dictionaries(st.text(min_size=1, max_size=6), _values, max_size=5),
    st.sampled_from([" ", "\n", "\t"]),
    st.integers(0, 3_000),
)
def test_written_text_reads_back_with_any_white_space_padding(value, space, n):
    assert loads(space * n + dumps(value) + space * n) == value


# ---------------------------------------------------------------- files


def _fifo(path):
    os.mkfifo(path)
    return path


def test_a_fifo_is_refused_without_blocking(tmp_path):
    with pytest.raises(SnbtFileError, match=r"x\.snbt: not a regular file \(a FIFO\); refused"):
        read_snbt(_fifo(tmp_path / "x.snbt"))


def test_a_link_to_a_device_is_refused(tmp_path):
    (tmp_path / "zero.snbt").symlink_to("/dev/zero")
    with pytest.raises(SnbtFileError, match="not a regular file \\(a character device\\)"):
        read_snbt(tmp_path / "zero.snbt")


def test_a_folder_is_refused(tmp_path):
    (tmp_path / "d.snbt").mkdir()
    with pytest.raises(SnbtFileError, match="not a regular file \\(a folder\\)"):
        read_snbt(tmp_path / "d.snbt")


def test_a_file_over_the_cap_is_refused_from_its_size(tmp_path):
    big = tmp_path / "big.snbt"
    with open(big, "wb") as fh:  # sparse: costs no disk
        fh.truncate(MAX_FILE_BYTES + 1)
    peak, error = peak_memory_error(lambda: read_snbt(big))
    assert isinstance(error, SnbtFileError) and f"more than the limit of {MAX_FILE_BYTES}" in str(error)
    assert peak < 1 << 20  # refused before reading


def test_texts_of_more_tokens_than_the_cap_are_refused():
    with pytest.raises(SnbtSyntaxError, match=f"more than {MAX_TOKENS} tokens"):
        loads("{a: [" + "1 " * MAX_TOKENS + "]}")
    assert len(loads("{a: [" + "1 " * (MAX_TOKENS - 10) + "]}")["a"]) == MAX_TOKENS - 10


_NEAR_CAP = MAX_FILE_BYTES - 64


@pytest.mark.slow  # memory-bound or whole-collection: make test runs it, make test-fast does not
@pytest.mark.parametrize(
    "text",
    [
        "{a: " + "[" * 200_000 + "}",
        "{a: " + "9" * 1_000_000 + "}",
        "{a: 1}" + " " * 2_000_000,
        "{a: [" + "1 " * 1_000_000 + "x: }",
        # the costliest shapes per byte, as large as the file cap allows, broken at the end
        "{a: [" + "[]" * (_NEAR_CAP // 2) + "x",
        "{a: [" + "{}" * (_NEAR_CAP // 2) + "x",
        "{a: [" + "ab " * (_NEAR_CAP // 3) + ":",
        "{" + " ".join(f"k{i}:1" for i in range(_NEAR_CAP // 10)) + " ]",
    ],
    ids=["deep", "long-number", "trailing-space", "many-numbers", "lists", "compounds", "words", "keys"],
)
def test_rejected_text_stays_within_the_memory_bound(tmp_path, text):
    file = tmp_path / "c.snbt"
    file.write_text(text, "utf-8")
    peak, error = peak_memory_error(lambda: read_snbt(file))
    if error is not None:
        assert isinstance(error, SnbtSyntaxError)
    assert peak < MEMORY_BOUND_BYTES


def _book(tmp_path):
    folder = tmp_path / "quests"
    (folder / "chapters").mkdir(parents=True)
    (folder / "data.snbt").write_text("{ version: 13 }\n", "utf-8")
    (folder / "chapters" / "good.snbt").write_text(CHAPTER, "utf-8")
    return folder


@pytest.mark.parametrize("make", ["fifo", "dev_zero"])
def test_quest_book_reports_a_non_regular_chapter(tmp_path, make):
    folder = _book(tmp_path)
    bad = folder / "chapters" / "bad.snbt"
    _fifo(bad) if make == "fifo" else bad.symlink_to("/dev/zero")
    with pytest.raises(SnbtFileError, match=r"bad\.snbt: not a regular file"):
        read_quest_book(folder, strict=True)
    book = read_quest_book(folder, strict=False)
    errors = book.problems()
    assert errors["kind"].tolist() == ["file"] and errors["path"].iloc[0].endswith("bad.snbt")
    assert book.quests()["quest_id"].tolist() == ["00000000000000A1"]  # the good chapter is still read


def test_quest_book_reports_a_non_regular_lang_file(tmp_path):
    folder = _book(tmp_path)
    (folder / "lang").mkdir()
    (folder / "lang" / "en_us.snbt").symlink_to("/dev/zero")
    with pytest.raises(SnbtFileError, match=r"en_us\.snbt: not a regular file"):
        read_quest_book(folder, strict=True)
    assert "not a regular file" in read_quest_book(folder, strict=False).problems()["message"].iloc[0]


def test_progress_reports_a_non_regular_team_file(tmp_path):
    world = tmp_path / "world"
    (world / "ftbquests").mkdir(parents=True)
    _fifo(world / "ftbquests" / "6f1c2a4e-5b7d-4e21-9a3c-0d8e7f6a5b41.snbt")
    with pytest.raises(SnbtFileError, match="not a regular file \\(a FIFO\\)"):
        read_progress(world, strict=True)
    progress = read_progress(world, strict=False)
    assert "not a regular file" in progress.problems()["message"].iloc[0]
    assert progress.teams().empty
