"""kit.ftb.snbt: FTB's SNBT rules, exact error positions, and agreement with ftb-snbt-lib on every shared file."""

from __future__ import annotations

import contextlib
import io
import math

import pytest

from kit.core.errors import KitError
from kit.ftb import snbt
from kit.ftb.snbt import Byte, Float, IntArray, Long, LongArray, Short, SnbtSyntaxError, loads, read_snbt, tag_type
from tests.ftb.ftb_inputs import FTB_DATA, all_snbt_files

# (text, expected root) for the FTB rules of the format note, section 2.7.
ACCEPTED = [
    ("{a: 1\nb: 2}", {"a": 1, "b": 2}),
    ("{a: 1, b: 2,}", {"a": 1, "b": 2}),
    ("{a = 1}", {"a": 1}),
    ("{a : 1}", {"a": 1}),
    ("{x: 0.5}", {"x": 0.5}),
    ("{x: 0.5d, y: 2f, z: 1e3, w: -1.5E-2d}", {"x": 0.5, "y": 2.0, "z": 1000.0, "w": -0.015}),
    ("{b: 1b, s: 2s, l: 3L, i: 4, l2: 5l}", {"b": 1, "s": 2, "l": 3, "i": 4, "l2": 5}),
    ("{t: true, f: false}", {"t": True, "f": False}),
    ("{s: 'single'}", {"s": "single"}),
    ('{s: "a\\"b\\\\c\\nd\\te"}', {"s": 'a"b\\c\nd\te'}),
    ('{s: "x\\qy"}', {"s": "xy"}),
    ("{w: bare_word}", {"w": "bare_word"}),
    ("{true_name: 1, falsey: 2}", {"true_name": 1, "falsey": 2}),
    (
        '{键: "值", quest.0F3D51FFD2FE8DCB.quest_desc: ["a" "b"]}',
        {"键": "值", "quest.0F3D51FFD2FE8DCB.quest_desc": ["a", "b"]},
    ),
    ("{0000000000000001: 1L}", {"0000000000000001": 1}),
    ('{"ftbteams:color": "#59FF61"}', {"ftbteams:color": "#59FF61"}),
    ("{a: [I; 1, 2, 3], b: [L;\n4L\n5L\n], c: [B; 1b, 2b]}", {"a": [1, 2, 3], "b": [4, 5], "c": [1, 2]}),
    ("{a: [ ], b: { }}", {"a": [], "b": {}}),
    ("// comment\n{\n\t# another\n\ta: 1\n  // indented\n}", {"a": 1}),
    ("{n: null, e: end}", {"n": None, "e": None}),
    ("{i: Infinity, j: -∞, k: NaNf}", None),
    ("\ufeff{a: 1}", {"a": 1}),
    ("{a: 1}\r\n", {"a": 1}),
    ("{a: [{x: 1} {x: 2}]}", {"a": [{"x": 1}, {"x": 2}]}),
    # FTB Library's number rules (SNBTUtils.getNumberType): ints beyond 32 bits and "+5" are doubles,
    # "+5b" and "1.5b" are strings, "1." and ".5" are doubles, suffixes are case-insensitive
    (
        "{a: 3000000000, b: +5, c: +5b, d: 1.5b, e: 1., f: .5, g: 2D, h: 7B}",
        {"a": 3e9, "b": 5.0, "c": "+5b", "d": "1.5b", "e": 1.0, "f": 0.5, "g": 2.0, "h": 7},
    ),
    # a word may start with any non-structural character
    ("{a: @2, b: #tag, c: §a}", {"a": "@2", "b": "#tag", "c": "§a"}),
    # \' is not an FTB escape: both characters are dropped
    ("{a: 'it\\'s'}", {"a": "its"}),
    # typed arrays: lower-case letters, any numeric element narrowed as Java does
    ("{a: [i; 1b, 3.7d, 3000000000L], b: [\n B ;\n 300 ]}", {"a": [1, 3, -1294967296], "b": [44]}),
]


@pytest.mark.parametrize(("text", "expected"), ACCEPTED)
def test_accepts_ftb_syntax(text, expected):
    value = loads(text)
    if expected is not None:
        assert value == expected
    else:
        assert value["i"] == math.inf and value["j"] == -math.inf and math.isnan(value["k"])
        assert type(value["k"]) is Float


def test_number_types():
    value = loads("{b: 1b, s: 2s, l: 3L, i: 4, f: 0.5f, d: 0.5d, bare: 0.5, t: true, arr: [I; 1], larr: [L; 1]}")
    assert [tag_type(value[k]) for k in value] == [
        "byte",
        "short",
        "long",
        "int",
        "float",
        "double",
        "double",
        "byte",
        "int_array",
        "long_array",
    ]
    assert type(value["b"]) is Byte and type(value["s"]) is Short and type(value["l"]) is Long
    assert type(value["arr"]) is IntArray and type(value["larr"]) is LongArray and type(value["larr"][0]) is Long
    assert value["t"] is True


def test_out_of_range_typed_numbers():
    with pytest.raises(SnbtSyntaxError, match=r"^<string>:1:5: '300b' is out of range for a byte"):
        loads("{b: 300b}")  # FTB fails with a NumberFormatException
    assert loads("{l: 99999999999999999999L}") == {"l": "99999999999999999999L"}  # not a long: a string


# (text, line, column, message fragment)
REJECTED = [
    ("{a: 1", 1, 6, "unexpected end of file"),
    ("{a: 1 @}", 1, 8, "expected ':' after key '@', found '}'"),
    ("{\n  a: 1\n  b 2\n}", 3, 5, "expected ':' after key 'b'"),
    ('{a: "open\n}', 1, 5, "unterminated string"),
    ('{a: [1, "x"]}', 1, 5, "list mixes tag types int, string"),
    ('{a: [I; 1, "x"]}', 1, 12, "a number in"),
    ("{a: [I; 1, true, x]}", 1, 18, "a number in"),
    ("[1, 2]", 1, 1, "root must be a compound"),
    ("{a: 1} {b: 2}", 1, 8, "end of file after the root compound"),
    ("", 1, 1, "unexpected end of file"),
    ("{a: minecraft:stone}", 1, 14, "expected a key or '}'"),
]


@pytest.mark.parametrize(("text", "line", "column", "fragment"), REJECTED)
def test_errors_name_line_and_column(text, line, column, fragment):
    with pytest.raises(SnbtSyntaxError, match=f"^<string>:{line}:{column}: .*{fragment}") as info:
        loads(text)
    assert (info.value.line, info.value.column) == (line, column)
    assert isinstance(info.value, KitError) and isinstance(info.value, ValueError)


def test_error_positions_do_not_leak_between_calls():
    for _ in range(3):
        with pytest.raises(SnbtSyntaxError, match=r"^<string>:2:5: expected ':' after key 'a'"):
            loads("{\n  a 1}")


def test_deep_nesting_is_refused():
    with pytest.raises(SnbtSyntaxError, match="nesting deeper than"):
        loads("{a: " + "[" * 300 + "]" * 300 + "}")


def test_read_snbt_names_the_file(tmp_path):
    bad = tmp_path / "chapters" / "broken.snbt"
    bad.parent.mkdir()
    bad.write_text('{\n\tid: "0123456789ABCDEF"\n\tquests: [\n\t\t{ id: "x" ] }\n\t]\n}\n', "utf-8")
    with pytest.raises(SnbtSyntaxError, match=r"broken\.snbt:4:13: expected a key or '}', found '\]'"):
        read_snbt(bad)
    missing = tmp_path / "nope.snbt"
    with pytest.raises(snbt.SnbtFileError, match="nope.snbt: cannot read"):
        read_snbt(missing)
    latin = tmp_path / "latin.snbt"
    latin.write_bytes(b'{a: "caf\xe9"}')
    with pytest.raises(snbt.SnbtFileError, match="latin.snbt: not UTF-8"):
        read_snbt(latin)


def _from_lib(value):
    """ftb-snbt-lib's tags as kit.ftb.snbt values (same Python types)."""
    import ftb_snbt_lib as lib

    if isinstance(value, lib.Bool):
        return bool(value)
    for lib_type, ours in ((lib.Byte, Byte), (lib.Short, Short), (lib.Long, Long), (lib.Float, Float)):
        if isinstance(value, lib_type):
            return ours(value)
    if isinstance(value, lib.Integer):
        return int(value)
    if isinstance(value, lib.Double):
        return float(value)
    if isinstance(value, lib.String):
        return str(value)
    if isinstance(value, lib.Compound):
        return {str(k): _from_lib(v) for k, v in value.items()}
    if isinstance(value, lib.Array):
        kind = {"IntArray": IntArray, "LongArray": LongArray, "ByteArray": snbt.ByteArray}[type(value).__name__]
        return kind(_from_lib(v) for v in value)
    if isinstance(value, lib.List):
        return [_from_lib(v) for v in value]
    raise TypeError(type(value))


def _same(a, b) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


@pytest.mark.slow  # memory-bound or whole-collection: make test runs it, make test-fast does not
def test_every_shared_file_matches_ftb_snbt_lib():
    """Same keys (in order), values and tag types as ftb-snbt-lib on all 247 shared files."""
    import ftb_snbt_lib as lib

    files = all_snbt_files()
    if not files:
        pytest.skip(f"shared data not available: {FTB_DATA}")
    assert len(files) == 247
    differing = []
    printed = io.StringIO()
    for file in files:
        text = file.read_text("utf-8")
        with contextlib.redirect_stdout(printed):
            theirs = _from_lib(lib.loads(text))
        if not _same(loads(text, source=str(file)), theirs):
            differing.append(file.name)
    assert differing == []
    assert printed.getvalue() == ""  # ftb-snbt-lib prints "Illegal character" when it skips input


def test_edge_cases_ftb_snbt_lib_gets_wrong():
    """The reasons for our own reader: inputs where ftb-snbt-lib fails or is silently wrong."""
    import ftb_snbt_lib as lib

    assert loads('{s: "a\\nb"}')["s"] == "a\nb"
    assert str(lib.loads('{s: "a\\nb"}')["s"]) == "a\\nb"  # lib keeps the backslash
    with contextlib.redirect_stdout(io.StringIO()) as out:
        corrupted = lib.loads("{b: @2}")
    assert int(corrupted["b"]) == 2 and "Illegal character" in out.getvalue()  # silently skipped
    assert loads("{b: @2}") == {"b": "@2"}  # what FTB reads: a bare string
    for text in ("{x: 0.5}", "{s: 'q'}", "{a = 1}", "{true_name: 1}", "{w: bare}", "{键: 1}"):
        loads(text)
        with contextlib.redirect_stdout(io.StringIO()), pytest.raises(Exception):
            lib.loads(text)
