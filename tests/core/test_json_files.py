"""kit.core.json_files: the one JSON guard (depth, containers, memory cost, huge integers) and its wording."""

from __future__ import annotations

import json

import pytest

from kit.core.errors import CardError, FieldError, KitError
from kit.core.json_files import MAX_INT_DIGITS, MAX_JSON_DEPTH, JsonRefusedError, decode_json, json_cost, parse_json


def test_decode_json_reads_what_json_reads() -> None:
    text = '{"a": [1, 2.5, "x", null, true], "b": {"c": "[{ not brackets }]"}}'
    assert decode_json(text) == json.loads(text)
    nested = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    assert decode_json(nested, max_depth=MAX_JSON_DEPTH) == json.loads(nested)


def test_depth_containers_and_cost_are_refused_before_parsing() -> None:
    deep = "[" * 11 + "]" * 11
    with pytest.raises(JsonRefusedError, match="JSON nested deeper than 10 levels") as info:
        decode_json(deep, max_depth=10)
    assert info.value.reason == "JSON nested deeper than 10 levels" and isinstance(info.value, KitError)
    assert isinstance(info.value, ValueError)
    inside = '["' + "[" * 14 + '"]'
    assert decode_json(inside, max_depth=2) == ["[" * 14]  # brackets inside strings do not count
    with pytest.raises(JsonRefusedError, match=r"more than 3 objects and arrays \(4 opening brackets\)"):
        decode_json("[[], {}, []]", max_containers=3)
    wide = "[" + ",".join(["[]"] * 20000) + "]"
    with pytest.raises(JsonRefusedError, match="whose values would take about"):
        decode_json(wide, max_cost=1 << 20)
    assert len(decode_json(wide, max_cost=json_cost(wide))) == 20000


def test_malformed_json_is_the_json_error() -> None:
    with pytest.raises(json.JSONDecodeError):
        decode_json('{"a": }')


def test_json_cost_counts_containers_separators_and_characters() -> None:
    assert json_cost("") == 4096
    assert json_cost('{"a": [1, 2]}') == 4096 + 64 * (1 + 1 + 1 + 1) + 4 * len('{"a": [1, 2]}')


def test_parse_json_names_file_line_and_column_of_malformed_text() -> None:
    with pytest.raises(FieldError) as info:
        parse_json('{\n  "a": oops\n}', where="card.json", field_prefix="data")
    assert str(info.value).startswith("card.json: malformed JSON at line 2 column 8")
    assert (info.value.path, info.value.field) == ("card.json", "data")


def test_parse_json_names_the_field_of_a_too_long_integer_and_uses_the_callers_error() -> None:
    huge = "9" * (MAX_INT_DIGITS + 1)
    with pytest.raises(CardError) as info:
        parse_json(
            f'{{"extensions": {{"x": [1, 2, 3, {huge}]}}}}',
            where="a.png",
            error=CardError,
            field_prefix="data",
            path="/cards/a.png",
        )
    assert info.value.field == "data.extensions.x[3]" and info.value.path == "/cards/a.png"
    assert f"is an integer of {MAX_INT_DIGITS + 1} digits" in str(info.value)
    assert parse_json(b'{"n": -' + b"1" * MAX_INT_DIGITS + b"}", where="ok.json")["n"] == -int("1" * MAX_INT_DIGITS)


def test_parse_json_words_refusals_and_bad_utf8_as_field_errors() -> None:
    with pytest.raises(FieldError, match="^x.json: JSON nested deeper than 3 levels$"):
        parse_json("[[[[1]]]]", where="x.json", max_depth=3)
    with pytest.raises(FieldError, match=r"^x.json: not UTF-8 text \(invalid start byte at byte 1\)"):
        parse_json(b'"\xff"', where="x.json")
