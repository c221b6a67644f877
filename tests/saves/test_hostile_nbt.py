"""Hostile NBT: object bombs, huge declared arrays, deep nesting and over-long strings.

The reader charges every tag before building it, as the game's ``NbtAccounter`` does (at kit's own cost
where a Python value costs more than the game's Java one), so a refused file stays under the memory bound;
nesting is bounded at 512 as in the game, and every failure is an ``NbtError``.
"""

from __future__ import annotations

import gzip
import struct
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mutf8 import encode_modified_utf8

from kit.saves import nbt
from tests.examples import examples
from tests.hostile import MEMORY_BOUND_BYTES, peak_memory

ROOT = b"\x0a\x00\x00"


def _name(text: str) -> bytes:
    raw = text.encode()
    return struct.pack(">H", len(raw)) + raw


def _list(subtype: int, n: int, payload: bytes) -> bytes:
    return ROOT + b"\x09" + _name("x") + bytes((subtype,)) + struct.pack(">i", n) + payload + b"\x00"


# The shapes that cost Python the most per byte of input: one tag of each container, n times.
BOMBS = {
    "empty compounds": lambda n: _list(10, n, b"\x00" * n),
    "empty lists": lambda n: _list(9, n, b"\x00\x00\x00\x00\x00" * n),
    "empty byte arrays": lambda n: _list(7, n, b"\x00\x00\x00\x00" * n),
    "bytes": lambda n: _list(1, n, b"\x85" * n),
    "ints": lambda n: _list(3, n, struct.pack(">i", 123456) * n),
    "doubles": lambda n: _list(6, n, struct.pack(">d", 0.5) * n),
    "int array": lambda n: ROOT + b"\x0b" + _name("x") + struct.pack(">i", n) + struct.pack(">i", 99999) * n + b"\x00",
    "byte array": lambda n: ROOT + b"\x07" + _name("x") + struct.pack(">i", n) + b"\x85" * n + b"\x00",
    "compound entries": lambda n: ROOT + b"".join(b"\x01" + _name(f"{i:x}") + b"\x01" for i in range(n)) + b"\x00",
}


# -------------------------------------------------------------------------------------- accounting


@pytest.mark.parametrize(
    ("payload", "charge"),
    [
        (b"", 72),  # an empty root Compound
        (b"\x01" + _name("ab") + b"\x05", 72 + 96 + 2 * 2 + 32),  # a Byte entry
        (b"\x04" + _name("ab") + struct.pack(">q", 1), 72 + 96 + 2 * 2 + 40),  # a Long entry
        (b"\x08" + _name("ab") + _name("hello"), 72 + 96 + 2 * 2 + 36 + 2 * 5),  # a String entry
        (b"\x09" + _name("ab") + b"\x03" + struct.pack(">i", 3) + b"\x00" * 12, 72 + 96 + 4 + 72 + (32 + 24) * 3),
        (b"\x09" + _name("ab") + b"\x0a" + struct.pack(">i", 2) + b"\x00\x00", 72 + 96 + 4 + 72 + 8 * 2 + 72 * 2),
        (b"\x07" + _name("ab") + struct.pack(">i", 5) + b"\x01" * 5, 72 + 96 + 4 + 96 + 48 * 5),
    ],
)
def test_each_tag_is_charged_its_documented_cost(payload: bytes, charge: int) -> None:
    data = ROOT + payload + b"\x00"
    nbt.decode_nbt(data, quota=charge)
    with pytest.raises(nbt.NbtError, match=f"cost {charge} bytes where the quota is {charge - 1} bytes"):
        nbt.decode_nbt(data, quota=charge - 1)


def test_charges_are_at_least_the_games() -> None:
    # The game's NbtAccounter (1.20.2+): Byte 9, Short 10, Int 12, Long 16, Float 12, Double 16,
    # Compound 48 (+ 28 + 2 per name character + 36 per entry), List 37 + 4n, arrays 24 + size * n.
    game_scalars = {1: 9, 2: 10, 3: 12, 4: 16, 5: 12, 6: 16}
    for tag, game in game_scalars.items():
        assert nbt._SCALAR_COST[tag] >= game
    assert nbt._COMPOUND_COST >= 48 and nbt._ENTRY_COST >= 28 + 36
    assert nbt._LIST_COST >= 37 and nbt._LIST_SLOT >= 4
    assert nbt._ARRAY_COST >= 24 and nbt._ARRAY_ELEMENT >= 8
    assert set(nbt.TAG_CHARGES) == {name for tag, name in nbt.TAG_NAMES.items() if tag}


def test_byte_array_declaring_400_mb_is_refused_before_allocation() -> None:
    data = ROOT + b"\x07" + _name("x") + struct.pack(">i", 400_000_000) + b"\x00" * 64 + b"\x00"
    peak, result = peak_memory(lambda: nbt.decode_nbt(data))
    assert isinstance(result, nbt.NbtError) and "array length 400000000" in str(result)
    assert peak < 1_000_000


def test_byte_array_present_but_over_the_quota_is_refused_before_allocation() -> None:
    n = 4_000_000
    data = ROOT + b"\x07" + _name("x") + struct.pack(">i", n) + b"\x01" * n + b"\x00"
    peak, result = peak_memory(lambda: nbt.decode_nbt(data, quota=1_000_000))
    assert isinstance(result, nbt.NbtError) and "quota" in str(result)
    assert peak < 1_000_000  # no list of four million ints was built


@pytest.mark.slow  # memory-bound or whole-collection: make test runs it, make test-fast does not
@pytest.mark.parametrize(
    ("shape", "n"),
    [("empty compounds", 1_200_000), ("ints", 1_200_000), ("int array", 1_200_000), ("compound entries", 400_000)],
)
def test_bombs_are_refused_within_the_memory_bound_at_the_databases_quota(shape: str, n: int) -> None:
    # each shape costs about twice the fixed quota the save databases use; the others are covered by the
    # charge test below
    data = gzip.compress(BOMBS[shape](n), mtime=0)
    peak, result = peak_memory(lambda: nbt.decode_nbt(data, quota=nbt.DEFAULT_QUOTA))
    assert isinstance(result, nbt.NbtError), result
    assert "quota" in str(result) or "size quota" in str(result)
    assert peak < MEMORY_BOUND_BYTES, f"{shape}: refusing cost {peak / 2**20:.1f} MiB"


@pytest.mark.slow  # memory-bound or whole-collection: make test runs it, make test-fast does not
@pytest.mark.parametrize(
    ("shape", "n"),
    [("empty compounds", 1_200_000), ("bytes", 1_200_000), ("byte array", 1_200_000), ("empty byte arrays", 1_200_000)],
)
def test_bombs_are_refused_within_the_memory_bound_at_default_settings(shape: str, n: int) -> None:
    # the general decoder's quota scales with the input (16 per byte of NBT, game data costs at most ~12):
    # the shapes that cost more per byte than any game data are still refused, within the same bound
    data = gzip.compress(BOMBS[shape](n), mtime=0)
    peak, result = peak_memory(lambda: nbt.decode_nbt(data))
    assert isinstance(result, nbt.NbtError), result
    assert "quota" in str(result) or "size quota" in str(result)
    assert peak < MEMORY_BOUND_BYTES, f"{shape}: refusing cost {peak / 2**20:.1f} MiB"


@pytest.mark.parametrize("shape", sorted(BOMBS))
def test_python_memory_stays_close_to_the_charge(shape: str) -> None:
    raw = BOMBS[shape](20_000)
    reader = nbt._Reader(raw, "big", 1 << 40, 512)
    peak, _ = peak_memory(lambda: reader.compound(3, 1, allow_missing_end=False))
    assert peak <= 1.2 * reader.used, f"{shape}: {peak} bytes built for a charge of {reader.used}"


def test_quota_is_configurable() -> None:
    data = BOMBS["empty compounds"](1000)
    assert len(nbt.decode_nbt(data, quota=200_000).root["x"]) == 1000
    with pytest.raises(nbt.NbtError, match="quota"):
        nbt.decode_nbt(data, quota=50_000)


def test_inflated_size_is_capped() -> None:
    bomb = gzip.compress(ROOT + b"\x00" * 40_000_000, mtime=0)
    peak, result = peak_memory(lambda: nbt.decode_nbt(bomb))
    assert isinstance(result, nbt.NbtError) and "size quota" in str(result)
    assert peak < MEMORY_BOUND_BYTES


# ------------------------------------------------------------------------------------------- depth


@pytest.mark.parametrize(
    ("name", "opening", "closing"),
    [
        ("lists", b"\x09\x00\x00\x00\x01", b""),
        ("compounds", b"\x0a\x00\x01a", b"\x00"),
        ("list of compounds", b"\x0a\x00\x00\x00\x01\x09" + _name("l"), b"\x00"),
    ],
)
@pytest.mark.parametrize("levels", [600, 100_000])
def test_deep_nesting_is_an_nbt_error_not_a_recursion_error(
    name: str, opening: bytes, closing: bytes, levels: int
) -> None:
    if name == "lists":
        body = b"\x09" + _name("x") + opening * levels + b"\x00\x00\x00\x00\x00"
    elif name == "compounds":
        body = opening * levels + closing * levels
    else:
        body = b"\x09" + _name("x") + opening * levels + b"\x00\x00\x00\x00\x00" + closing * levels
    with pytest.raises(nbt.NbtError, match="nesting deeper than 512"):
        nbt.decode_nbt(ROOT + body + b"\x00")


def test_512_levels_are_read_as_the_game_does() -> None:
    # the root Compound is level 1, so 511 nested Compounds make 512 levels
    data = ROOT + b"\x0a\x00\x01a" * 511 + b"\x00" * 512
    value = nbt.decode_nbt(data).root
    depth = 1
    while value:
        value = value["a"]
        depth += 1
    assert depth == 512
    with pytest.raises(nbt.NbtError, match="nesting deeper than 512"):
        nbt.decode_nbt(ROOT + b"\x0a\x00\x01a" * 512 + b"\x00" * 513)


def test_small_python_stack_gives_an_nbt_error() -> None:
    data = ROOT + b"\x0a\x00\x01a" * 400 + b"\x00" * 401
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(250)
    try:
        with pytest.raises(nbt.NbtError, match="too deep for Python's stack"):
            nbt.decode_nbt(data)
    finally:
        sys.setrecursionlimit(old)


@pytest.mark.parametrize("levels", [513, 50_000])
def test_writing_deeper_than_512_is_refused(levels: int) -> None:
    value: object = {}
    for _ in range(levels):
        value = {"a": value}
    with pytest.raises(nbt.NbtError, match="nest"):
        nbt.encode_nbt(value)


# ----------------------------------------------------------------------------------------- strings


def test_over_long_string_on_write_names_its_path() -> None:
    with pytest.raises(nbt.NbtError, match=r"tables\.t\.entries\.k: string of 90000 bytes exceeds"):
        nbt.encode_nbt({"tables": {"t": {"entries": {"k": "中" * 30000}}}})


def test_foreign_standard_utf8_string_is_written_back_byte_for_byte() -> None:
    text = "😀" * 16383 + "abc"
    raw = text.encode("utf-8")
    data = ROOT + b"\x08" + _name("s") + struct.pack(">H", len(raw)) + raw + b"\x00"
    decoded = nbt.decode_nbt(data)
    assert decoded.root["s"] == text
    assert nbt.encode_nbt(decoded.root, compression="none") == data


@settings(max_examples=examples(200), deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=50) | st.text(max_size=50))
def test_modified_utf8_length_matches_the_encoder(text: str) -> None:
    assert nbt.modified_utf8_length(text) == len(encode_modified_utf8(text))


# ----------------------------------------------------------------------------------------- fuzzing

_VALID = nbt.encode_nbt(
    {"a": nbt.List([{"b": "x"}, {"c": nbt.IntArray([1, 2])}]), "d": nbt.ByteArray([1, -2]), "e": nbt.Long(5)},
    compression="none",
)


@settings(max_examples=examples(300), deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_are_nbt_errors_or_values(data: bytes) -> None:
    try:
        nbt.decode_nbt(data, quota=100_000)
    except nbt.NbtError:
        pass


@settings(max_examples=examples(300), deadline=None)
@given(st.integers(0, len(_VALID) - 1), st.integers(0, 255), st.integers(0, len(_VALID)))
def test_mutated_files_are_nbt_errors_or_values_that_round_trip(index: int, byte: int, cut: int) -> None:
    data = bytearray(_VALID)
    data[index] = byte
    data = bytes(data[: max(cut, index + 1)])
    try:
        decoded = nbt.decode_nbt(data, quota=100_000)
    except nbt.NbtError:
        return
    try:
        again = nbt.encode_nbt(decoded.root, decoded.name, compression="none")
    except nbt.NbtError:
        return  # e.g. a List whose element tag the writer refuses
    assert nbt.decode_nbt(again).root == decoded.root
