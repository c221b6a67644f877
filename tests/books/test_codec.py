"""The dataclass-driven JSON record codec (kit.books.codec) and the records built on it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import pytest

from kit.books import BookRecordError
from kit.books.codec import Id, Stamp, camel, json_codec, rule
from kit.books.records import (
    CardAsset,
    CardBook,
    ChatMessage,
    ContentRecord,
    DesignTraceEntry,
    PlayBook,
    PlayTraceEntry,
    ProjectBook,
    RunSnapshot,
    RunState,
    Session,
    TaggedArtifact,
    Transition,
    WorldAsset,
    book_from_dict,
    trace_entry_from_dict,
)

T0 = "2026-01-01T00:00:00Z"
ART = {"tag": "设计.口吻", "value": "冷静", "status": "accepted", "at": T0, "skillId": "persona"}
TRANSITION = {"from": "draft", "to": "accepted", "event": "user_accepted_artifact", "at": T0}
#: One JSON object per record class, as written on disk (keys in the order kit writes them).
RECORDS: list[tuple[type, dict[str, Any]]] = [
    (ChatMessage, {"role": "user", "content": "你好", "at": T0}),
    (TaggedArtifact, ART),
    (Transition, TRANSITION),
    (DesignTraceEntry, {"trace": "design", "at": T0, "type": "user_confirmed", "summary": "ok", "skillId": "p",
                        "outputTags": ["设计.口吻"], "artifact": ART, "transition": TRANSITION}),
    (PlayTraceEntry, {"trace": "play", "at": T0, "turn": 3, "type": "snapshot", "summary": "s", "snapshotId": "snap-001"}),
    (RunState, {"turn": 2, "variables": {"hp": 3}, "eventStream": "a\nb"}),
    (CardBook, {"id": "cb", "title": "t", "orchestratorId": "o", "kind": "character_card_design",
                "lifecycleStage": "design", "designTrace": [], "designArtifacts": [], "messages": [],
                "runSkillManifest": {"skills": []}, "sessionIds": ["s1"], "createdAt": T0, "updatedAt": T0}),
    (PlayBook, {"id": "pb", "title": "t", "orchestratorId": "o", "kind": "roleplay", "lifecycleStage": "play",
                "cardRef": {"assetId": "c", "version": "1"}, "worldRef": {"assetId": "w"}, "contextProfile": {"v": 1},
                "runSkillManifest": {}, "playTrace": [], "runState": {"turn": 0, "variables": {}, "eventStream": ""},
                "messages": [], "snapshotIds": ["snap-001"], "createdAt": T0, "updatedAt": T0}),
    (ProjectBook, {"id": "n", "title": "t", "orchestratorId": "o", "kind": "novel", "lifecycleStage": "design",
                   "currentContentId": "c1", "historyContentIds": [], "designTrace": [], "sessionIds": [],
                   "createdAt": T0, "updatedAt": T0}),
    (CardAsset, {"id": "c", "title": "t", "tags": {"角色.名字": "周"}, "confirmedAt": T0, "source": "imported",
                 "sourceFile": "c.json", "avatar": "c.png", "worldRef": "w", "card": {"spec": "chara_card_v2"}}),
    (WorldAsset, {"id": "w", "name": "n", "cardAssetId": "c", "characterBook": {"entries": []}}),
    (ContentRecord, {"id": "c1", "bookId": "n", "kind": "chapter", "title": "一", "text": "正文", "createdAt": T0}),
    (RunSnapshot, {"id": "snap-001", "bookId": "pb", "kind": "run", "at": T0, "label": "l",
                   "runState": {"turn": 1, "variables": {}, "eventStream": ""}, "messages": []}),
    (Session, {"id": "s1", "bookId": "pb", "openedAt": T0, "status": "closed", "blackboard": {"运行.x": 1},
               "trace": [], "messages": [], "nResumedMessages": 0, "closedAt": T0}),
]  # fmt: skip


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


def test_books_are_chosen_by_kind_and_the_trace_by_its_tag():
    assert type(book_from_dict(RECORDS[6][1])) is CardBook
    assert (
        type(trace_entry_from_dict({"trace": "play", "at": T0, "type": "user_input", "summary": "x"})) is PlayTraceEntry
    )
    assert type(trace_entry_from_dict({"at": T0, "type": "user_input", "summary": "x"})) is DesignTraceEntry
    with pytest.raises(BookRecordError, match="field 'kind' must be one of"):
        book_from_dict({**RECORDS[6][1], "kind": "poem"}, "f.json")


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


@pytest.mark.parametrize("field_name", ["orchestratorId", "contextProfile", "runSkillManifest", "runState", "cardRef"])
def test_fields_the_design_requires_are_never_defaulted(field_name):
    data = {k: v for k, v in RECORDS[7][1].items() if k != field_name}
    with pytest.raises(BookRecordError, match=rf"field '{field_name}' is missing \(it is required\)") as info:
        book_from_dict(data, "p.json")
    assert info.value.field == field_name
    with pytest.raises(BookRecordError, match=rf"field '{field_name}' is missing"):
        book_from_dict({**RECORDS[7][1], field_name: None}, "p.json")


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
