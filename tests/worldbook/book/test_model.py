"""kit's world-book model: frozen records, position labels, configured triggers, looking entries up."""

from __future__ import annotations

import dataclasses

import pytest

from kit.worldbook import Entry, KeywordTrigger, RagTrigger, Triggers, WorldBook
from kit.worldbook.book.model import (
    POSITION_LABELS,
    POSITION_LABELS_EN,
    POSITION_LABELS_ZH,
    POSITION_WEIGHTS,
    TRIGGER_TYPES,
    position_label,
)
from kit.worldbook.errors import EntryNotFoundError


def test_every_position_has_a_bilingual_label_and_a_weight():
    assert set(POSITION_LABELS) == set(POSITION_LABELS_ZH) == set(POSITION_LABELS_EN) == set(POSITION_WEIGHTS)
    assert set(POSITION_LABELS) == set(range(8))
    assert position_label(7) == "宏替换 (macro replacement)"
    assert position_label(0) == "角色定义之后 (after character definition)"
    assert Entry("x", position=4).position_label == position_label(4)
    with pytest.raises(KeyError):
        position_label(8)


def test_configured_triggers_in_checking_order():
    assert Triggers().configured == ()
    assert Triggers(keyword=KeywordTrigger(("", ""))).configured == ()  # empty keys take no part
    everything = Triggers(
        constant=True,
        keyword=KeywordTrigger(("a",)),
        conditions=("tb.x > 1",),
        logic_expression="a",
        rag=RagTrigger(),
    )
    assert everything.configured == TRIGGER_TYPES
    assert Triggers(rag=RagTrigger(), conditions=("tb.x > 1",)).configured == ("condition", "rag")


def test_active_keys_skip_empty_ones():
    k = KeywordTrigger(("", "龙", ""), secondary_keys=("", "火"))
    assert k.active_keys == ("龙",) and k.active_secondary_keys == ("火",)


def test_macro_name_defaults_to_the_uid():
    assert Entry("weather", position=7).macro_name == "weather"
    assert Entry("weather", position=7, macro="wx").macro_name == "wx"


def test_records_are_frozen_and_compare_by_value():
    e = Entry("a", "text")
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.content = "other"  # type: ignore[misc]
    assert Entry("a", "text") == e and Entry("a", "other") != e
    # a book's source and issues do not take part in equality
    assert WorldBook("b", "B", (e,), source="x.json") == WorldBook("b", "B", (e,))


def test_book_iterates_its_entries_and_looks_them_up():
    book = WorldBook("b", "B", (Entry("1", "one"), Entry("2", "two")))
    assert len(book) == 2 and [e.uid for e in book] == ["1", "2"]
    assert book.entry("2").content == "two" and book.entry_id("2") == "b/2"
    with pytest.raises(EntryNotFoundError, match="World book 'b' has no entry with uid '3'"):
        book.entry("3")
    with pytest.raises(LookupError):
        book.entry("")


def test_an_unknown_uid_names_the_nearest_uids_or_the_first_ones():
    book = WorldBook("b", "B", tuple(Entry(f"dragon-{i}", "x") for i in range(7)))
    with pytest.raises(EntryNotFoundError, match=r"uid 'dragon-9' \(7 entries; nearest: dragon-"):
        book.entry("dragon-9")
    with pytest.raises(
        EntryNotFoundError, match=r"uid 'zzz' \(7 entries; its uids: dragon-0, .*, dragon-4, \.\.\.\)\.$"
    ):
        book.entry("zzz")
    with pytest.raises(EntryNotFoundError, match=r"World book 'e' has no entry with uid 'a' \(0 entries\)\.$"):
        WorldBook("e", "E").entry("a")


def test_replace_entry_returns_an_edited_copy_in_place_order():
    book = WorldBook("b", "B", (Entry("1", "one"), Entry("2", "two"), Entry("3", "three")))
    edited = book.replace_entry(Entry("2", "TWO", order=5))
    assert [e.content for e in edited] == ["one", "TWO", "three"] and edited.entry("2").order == 5
    assert [e.content for e in book] == ["one", "two", "three"]  # the original is unchanged
    with pytest.raises(EntryNotFoundError, match="no entry with uid 'new'"):
        book.replace_entry(Entry("new"))
