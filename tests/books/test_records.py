"""kit.books.records: the records of the Book storage model, the book class chosen by kind, the required fields."""

from __future__ import annotations

import dataclasses

import pytest

from kit.books import BookRecordError
from kit.books.records import (
    ARTIFACT_STATUSES,
    BOOK_KINDS,
    BOOK_WRITING_EVENTS,
    REQUIRED_BOOK_FIELDS,
    CardBook,
    DesignTraceEntry,
    PlayBook,
    PlayTraceEntry,
    ProjectBook,
    TaggedArtifact,
    book_from_dict,
    trace_entry_from_dict,
)
from tests.books.books_inputs import ART, RECORDS, T0


def test_books_are_chosen_by_kind_and_the_trace_by_its_tag():
    assert type(book_from_dict(RECORDS[6][1])) is CardBook
    assert (
        type(trace_entry_from_dict({"trace": "play", "at": T0, "type": "user_input", "summary": "x"})) is PlayTraceEntry
    )
    assert type(trace_entry_from_dict({"at": T0, "type": "user_input", "summary": "x"})) is DesignTraceEntry
    with pytest.raises(BookRecordError, match="field 'kind' must be one of"):
        book_from_dict({**RECORDS[6][1], "kind": "poem"}, "f.json")


@pytest.mark.parametrize("field_name", ["orchestratorId", "contextProfile", "runSkillManifest", "runState", "cardRef"])
def test_fields_the_design_requires_are_never_defaulted(field_name):
    data = {k: v for k, v in RECORDS[7][1].items() if k != field_name}
    with pytest.raises(BookRecordError, match=rf"field '{field_name}' is missing \(it is required\)") as info:
        book_from_dict(data, "p.json")
    assert info.value.field == field_name
    with pytest.raises(BookRecordError, match=rf"field '{field_name}' is missing"):
        book_from_dict({**RECORDS[7][1], field_name: None}, "p.json")


@pytest.mark.parametrize(
    "kind, cls",
    [("character_card_design", CardBook), ("character_card_play", PlayBook), ("roleplay", PlayBook)]
    + [(kind, ProjectBook) for kind in ("novel", "forum", "weird_rules", "custom")],
)
def test_every_book_kind_has_its_class(kind, cls):
    data = {"character_card_design": RECORDS[6][1], "roleplay": RECORDS[7][1]}.get(kind)
    if data is None:
        data = RECORDS[7][1] if cls is PlayBook else RECORDS[8][1]
    book = book_from_dict({**data, "kind": kind}, "p.json")
    assert type(book) is cls and book.kind == kind
    assert kind in BOOK_KINDS


@pytest.mark.parametrize("data", [None, [], "book"])
def test_a_book_must_be_an_object_with_a_kind(data):
    with pytest.raises(BookRecordError, match=r"p\.json: a book must be a JSON object"):
        book_from_dict(data, "p.json")
    with pytest.raises(BookRecordError, match=r"p\.json: field 'kind' is missing \(it is required\)") as info:
        book_from_dict({"id": "x"}, "p.json")
    assert info.value.field == "kind"


def test_current_tags_are_the_accepted_artifacts_the_last_acceptance_winning():
    artifacts = [
        TaggedArtifact.from_dict({**ART, "tag": "角色.名字", "value": "老周"}, "a.json"),
        TaggedArtifact.from_dict({**ART, "tag": "角色.名字", "value": "周望海"}, "a.json"),
        TaggedArtifact.from_dict({**ART, "tag": "角色.性格", "value": "暴躁", "status": "rejected"}, "a.json"),
    ]
    book = dataclasses.replace(book_from_dict(RECORDS[6][1]), design_artifacts=tuple(artifacts))
    assert book.current_tags == {"角色.名字": "周望海"}


def test_records_are_frozen():
    entry = trace_entry_from_dict({"at": T0, "type": "user_input", "summary": "x"})
    assert isinstance(entry, DesignTraceEntry)
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.summary = "changed"  # type: ignore[misc]


def test_the_vocabularies_of_the_design():
    assert ARTIFACT_STATUSES == ("draft", "accepted", "rejected")
    assert BOOK_WRITING_EVENTS == ("user_accepted_artifact", "no_confirmation", "programmatic_pass")
    assert {"orchestratorId", "contextProfile", "runSkillManifest", "runState", "cardRef"} <= set(
        REQUIRED_BOOK_FIELDS["PlayBook"]
    )
    assert all("orchestratorId" in fields and "createdAt" in fields for fields in REQUIRED_BOOK_FIELDS.values())
    assert (
        PlayTraceEntry.from_dict({"trace": "play", "at": T0, "turn": 0, "type": "user_input", "summary": "x"}).turn == 0
    )
