"""Codecs: round trips for every codec, random nested records, and error paths."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit import Document, codecs, nbt
from kit.core.errors import CodecError
from tests.examples import examples


def round_trip(codec: codecs.Codec, value):
    """Encode, write as NBT bytes, read back, decode: the full path a database takes."""
    data = nbt.encode_nbt({"v": codec.encode(value)})
    return codec.decode(nbt.decode_nbt(data).root["v"])


@pytest.mark.parametrize(
    ("codec", "value"),
    [
        (codecs.STRING, "héllo 中文 😀"),
        (codecs.STRING, ""),
        (codecs.INT, -(2**31)),
        (codecs.INT, 2**31 - 1),
        (codecs.LONG, 2**63 - 1),
        (codecs.FLOAT, 0.5),
        (codecs.DOUBLE, 1e300),
        (codecs.BOOL, True),
        (codecs.BOOL, False),
        (codecs.list_of(codecs.INT), [1, 2, 3]),
        (codecs.list_of(codecs.STRING), []),
        (codecs.dict_of(codecs.LONG), {"a": 1, "b b": -5}),
        (codecs.optional(codecs.STRING), None),
        (codecs.optional(codecs.STRING), "x"),
        (codecs.list_of(codecs.optional(codecs.INT)), [1, None, 3]),
        (codecs.record(Document), Document("d1", "Title", "Body\n\nMore", ("a", "b"))),
    ],
)
def test_round_trip(codec: codecs.Codec, value) -> None:
    back = round_trip(codec, value)
    assert back == value
    assert type(back) is type(value)


def test_signatures() -> None:
    assert codecs.list_of(codecs.dict_of(codecs.optional(codecs.INT))).signature == "list<dict<optional<int>>>"
    assert codecs.record(Document).signature == "record{id:string,title:string,text:string,tags:list<string>}"


@pytest.mark.parametrize(
    ("codec", "value", "message"),
    [
        (codecs.INT, 2**31, "outside the int range"),
        (codecs.INT, True, "expected int, got bool"),
        (codecs.STRING, 5, "expected str, got int"),
        (codecs.BOOL, 1, "expected bool"),
        (codecs.list_of(codecs.INT), "abc", "expected a list"),
        (codecs.list_of(codecs.INT), [1, "x"], r"at \[1\]: expected int"),
        (codecs.dict_of(codecs.INT), {1: 2}, "dict keys must be str"),
        (codecs.record(Document), Document("a", "b", 3), "at text: expected str"),  # type: ignore[arg-type]
    ],
)
def test_encode_errors(codec: codecs.Codec, value, message: str) -> None:
    with pytest.raises(CodecError, match=message):
        codec.encode(value)


def test_decode_error_names_the_field_path() -> None:
    codec = codecs.list_of(codecs.record(Document))
    tag = [{"id": "a", "title": "t", "text": "x"}, {"id": "b", "title": nbt.Int(3), "text": "y"}]
    with pytest.raises(CodecError, match=r"at \[1\]\.title: expected String, got Int") as info:
        codec.decode(tag)
    assert info.value.path == "[1].title"
    with pytest.raises(CodecError, match=r"at \[0\]\.text: required field is missing"):
        codec.decode([{"id": "a", "title": "t"}])


def test_decode_accepts_narrower_integer_tags_only_in_range() -> None:
    assert codecs.LONG.decode(nbt.Int(5)) == 5
    assert codecs.INT.decode(nbt.Byte(5)) == 5
    with pytest.raises(CodecError, match="expected int"):
        codecs.INT.decode(nbt.Long(2**40))


@dataclass(frozen=True)
class Stats:
    level: int
    ratio: float
    big: Annotated[int, codecs.LONG] = 0


@dataclass(frozen=True)
class Inventory:
    owner: str
    stats: Stats
    items: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    tags: tuple[str, ...] = ()
    nickname: str | None = None
    history: list[Stats] = field(default_factory=list)
    pet: Inventory | None = None


def test_record_mapping_from_type_hints() -> None:
    codec = codecs.record(Inventory)
    assert "big:long" in codec.signature
    assert "nickname:optional<string>" in codec.signature
    assert "history:list<record{level:int,ratio:double,big:long}>" in codec.signature


def test_record_defaults_fill_missing_fields_and_none_is_omitted() -> None:
    codec = codecs.record(Inventory)
    tag = codec.encode(Inventory("a", Stats(1, 0.5)))
    assert "nickname" not in tag and "pet" not in tag
    assert codec.decode({"owner": "a", "stats": {"level": nbt.Int(1), "ratio": nbt.Double(0.5)}}) == Inventory(
        "a", Stats(1, 0.5)
    )


def test_record_rejects_unsupported_types() -> None:
    @dataclass
    class Bad:
        value: set[int]

    with pytest.raises(TypeError, match=r"Bad.value: no codec for the type"):
        codecs.record(Bad)


_text = st.text(max_size=12)
_stats = st.builds(
    Stats,
    level=st.integers(-(2**31), 2**31 - 1),
    ratio=st.floats(allow_nan=False),
    big=st.integers(-(2**63), 2**63 - 1),
)
_inventory = st.recursive(
    st.builds(
        Inventory,
        owner=_text,
        stats=_stats,
        items=st.lists(_text, max_size=4),
        counts=st.dictionaries(_text, st.integers(-(2**31), 2**31 - 1), max_size=4),
        tags=st.lists(_text, max_size=3).map(tuple),
        nickname=st.none() | _text,
        history=st.lists(_stats, max_size=3),
        pet=st.none(),
    ),
    lambda inner: st.builds(
        Inventory,
        owner=_text,
        stats=_stats,
        pet=inner,
        nickname=st.none() | _text,
        history=st.lists(_stats, max_size=2),
    ),
    max_leaves=4,
)


@settings(max_examples=examples(200), deadline=None)
@given(_inventory)
def test_random_nested_records_round_trip(value: Inventory) -> None:
    assert round_trip(codecs.record(Inventory), value) == value


@settings(max_examples=examples(100), deadline=None)
@given(st.dictionaries(_text, st.lists(st.none() | st.integers(-(2**63), 2**63 - 1), max_size=4), max_size=4))
def test_random_nested_containers_round_trip(value) -> None:
    codec = codecs.dict_of(codecs.list_of(codecs.optional(codecs.LONG)))
    assert round_trip(codec, value) == value
