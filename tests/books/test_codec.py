"""The dataclass-driven JSON record codec (kit.books.codec) and the records built on it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

import pytest

from kit.books import BookRecordError
from kit.books.codec import Id, Stamp, camel, json_codec, rule
from kit.books.records import (
    CardAsset,
    ChatMessage,
    RunState,
    TaggedArtifact,
    book_from_dict,
    trace_entry_from_dict,
)
from tests.books.books_inputs import ART, RECORDS, T0, TRANSITION


@pytest.mark.parametrize("cls, data", RECORDS, ids=[c.__name__ for c, _ in RECORDS])
def test_every_record_round_trips_byte_for_byte(cls, data):
    record = cls.from_dict(data, "f.json")
    assert json.dumps(record.to_dict(), ensure_ascii=False) == json.dumps(data, ensure_ascii=False)
    assert cls.from_dict(record.to_dict(), "f.json") == record


@pytest.mark.parametrize("cls, data", RECORDS, ids=[c.__name__ for c, _ in RECORDS])
def test_unknown_keys_survive_a_round_trip(cls, data):
    if cls is RunState:  # the run state is kit's own shape: no unknown keys are kept there
        assert not hasattr(cls.from_dict({**data, "futureField": 1}, "f.json"), "extra")
        return
    record = cls.from_dict({**data, "futureField": [1, {"a": None}]}, "f.json")
    assert record.extra == {"futureField": [1, {"a": None}]}
    assert record.to_dict()["futureField"] == [1, {"a": None}]


@pytest.mark.parametrize("data, message", [
    ({"role": "user"}, r"f\.json: field 'content' is missing \(it is required\)"),
    ({"role": 1, "content": "x"}, r"field 'role' must be a string, got int"),
    ({"role": "user", "content": "x", "at": "yesterday"}, r"field 'at' must be an ISO 8601 timestamp"),
    ({"role": True, "content": "x"}, r"field 'role' must be a string, got a boolean"),
    ("text", r"must be a JSON object, got str"),
])  # fmt: skip
def test_errors_name_the_file_and_field(data, message):
    with pytest.raises(BookRecordError, match=message):
        ChatMessage.from_dict(data, "f.json")


def test_nested_errors_name_the_key_path():
    bad = {**RECORDS[7][1], "runState": {"turn": -1}}
    with pytest.raises(BookRecordError, match=r"field 'runState\.turn' must be >= 0, got -1") as info:
        book_from_dict(bad, "p.json")
    assert info.value.field == "runState.turn"
    with pytest.raises(BookRecordError, match=r"p\.json: snapshotIds\[0\] must be 1-128 characters"):
        book_from_dict({**RECORDS[7][1], "snapshotIds": ["../x"]}, "p.json")
    with pytest.raises(BookRecordError, match=r"field 'tags\.角色\.名字' must be a string, got int"):
        CardAsset.from_dict({**RECORDS[9][1], "tags": {"角色.名字": 1}}, "a.json")
    with pytest.raises(BookRecordError, match=r"field 'avatar' must be a PNG file name"):
        CardAsset.from_dict({**RECORDS[9][1], "avatar": "../x.png"}, "a.json")
    with pytest.raises(BookRecordError, match=r"field 'tag' must not be empty"):
        TaggedArtifact.from_dict({**ART, "tag": " "}, "t.json")
    with pytest.raises(BookRecordError, match=r"field 'transition\.to' must be one of"):
        trace_entry_from_dict({**RECORDS[3][1], "transition": {**TRANSITION, "to": "maybe"}}, "t.jsonl")


def test_a_new_record_class_needs_only_its_fields():
    @dataclass(frozen=True)
    class Probe:
        probe_id: Id
        seen_at: Stamp
        mode: Literal["a", "b"] = "a"
        counts: tuple[int, ...] = field(default=(), metadata=rule(omit_empty=True))
        labels: Mapping[str, str] = field(default_factory=dict)
        note: str | None = None

    codec = json_codec(Probe)
    probe = codec.read({"probeId": "p-1", "seenAt": T0, "counts": [1, 2]}, "probe.json")
    assert probe == Probe("p-1", T0, "a", (1, 2), {}, None)
    assert codec.write(probe) == {"probeId": "p-1", "seenAt": T0, "mode": "a", "counts": [1, 2], "labels": {}}
    with pytest.raises(BookRecordError, match=r"probe\.json: field 'counts\[1\]' must be an integer, got str"):
        codec.read({"probeId": "p-1", "seenAt": T0, "counts": [1, "2"]}, "probe.json")
    assert camel("card_book_id") == "cardBookId"
