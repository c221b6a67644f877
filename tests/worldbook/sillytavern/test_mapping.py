"""Mapping one SillyTavern world entry onto kit's Entry and back (scan-time meaning, notes, minimal rewrites)."""

from __future__ import annotations

import dataclasses

import pytest

from kit.worldbook.book.cards import KIT_TO_ST_POSITION as CARDS_KIT_TO_ST
from kit.worldbook.book.cards import ST_TO_KIT_POSITION as CARDS_ST_TO_KIT
from kit.worldbook.sillytavern.mapping import (
    KIT_TO_ST_POSITION,
    ST_POSITION_NAMES,
    ST_TO_KIT_POSITION,
    EntryError,
    entry_from_st,
    entry_to_st,
    new_st_entry,
)


def test_position_tables_agree_with_kit_cards_for_reading() -> None:
    assert ST_TO_KIT_POSITION == CARDS_ST_TO_KIT
    assert all(ST_TO_KIT_POSITION[KIT_TO_ST_POSITION[p]] == p for p in range(8) if p != 5)
    assert set(CARDS_KIT_TO_ST) == set(KIT_TO_ST_POSITION)


def test_scan_time_fields_are_mapped():
    raw = {
        "uid": 3,
        "key": ["龙", "Dragon"],
        "keysecondary": ["火"],
        "selective": 1,
        "selectiveLogic": 2,
        "caseSensitive": True,
        "matchWholeWords": None,
        "content": "lore",
        "comment": "memo",
        "order": "20",
        "position": 4,
        "depth": 2,
        "group": "a, b,,c",
        "useProbability": True,
        "probability": 40,
        "disable": 0,
        "sticky": 3,
    }
    entry, notes = entry_from_st(raw, "3")
    kw = entry.triggers.keyword
    assert (entry.uid, entry.content, entry.comment, entry.order) == ("3", "lore", "memo", 20)
    assert (entry.position, entry.depth, entry.group, entry.disable) == (6, 2, ("a", "b", "c"), False)
    assert (kw.keys, kw.secondary_keys, kw.secondary_logic) == (("龙", "Dragon"), ("火",), "not_any")
    assert kw.case_sensitive and not kw.match_whole_words and entry.triggers.probability == 0.4
    assert entry.extra["sillytavern"] == raw and entry.extra["sillytavern"] is not raw
    assert [field for field, _, _ in notes] == ["order"]  # the order was a string


def test_decorators_become_constant_or_disabled_and_leave_the_content():
    entry, notes = entry_from_st({"uid": 0, "key": [], "content": "@@activate\nBody"}, "0")
    assert entry.triggers.constant and entry.content == "Body" and not entry.disable
    entry, notes = entry_from_st({"uid": 0, "key": ["a"], "content": "@@dont_activate\nBody"}, "0")
    assert entry.disable and entry.content == "Body" and notes[0][:2] == ("content", "@@dont_activate")


@pytest.mark.parametrize(
    "raw, field, reason",
    [
        ({"uid": 0, "key": ["a"], "position": 9}, "position", "not a SillyTavern position"),
        ({"uid": 0, "key": ["a"], "position": 7}, "outletName", "outlet entry without a name"),
        ({"uid": 5, "key": ["a"]}, "uid", "differs from the entry's key '0'"),
        ({"uid": 0}, "key", "absent or not an array"),
        ({"uid": 0, "key": ["a"], "keysecondary": ["b"], "selective": False}, "selective", "falsy"),
        ({"uid": 0, "key": ["a"], "useProbability": True}, "probability", "never activates"),
        ({"uid": 0, "key": ["/dra+gon/i"]}, "key[0]", "regex key: kit's engine matches it as plain text"),
        ({"uid": 0, "key": ["{{char}}"]}, "key[0]", "macro in a key"),
        ({"uid": 0, "key": [" a "]}, "key[0]", "leading or trailing white space"),
    ],
)
def test_values_read_differently_are_notes_and_the_entry_is_kept(raw, field, reason):
    entry, notes = entry_from_st(raw, "0")
    assert any(f == field and reason in why for f, _, why in notes), notes
    assert entry.uid in ("0", "5")


def test_unknown_position_lands_on_an_unused_macro():
    entry, _ = entry_from_st({"uid": 0, "key": ["a"], "position": 9}, "0")
    assert (entry.position, entry.macro) == (7, "st-position-9")
    entry, _ = entry_from_st({"uid": 0, "key": ["a"], "position": 7, "outletName": "Lore"}, "0")
    assert (entry.position, entry.macro) == (7, "Lore")


@pytest.mark.parametrize(
    "raw, field",
    [
        ({"uid": 0, "content": {"text": "x"}}, "content"),
        ({"uid": [1], "key": ["a"]}, "uid"),
        ({"uid": 0, "key": ["a"], "group": 5}, "group"),
        ({"uid": 0, "key": ["a"], "useProbability": True, "probability": "often"}, "probability"),
    ],
)
def test_unusable_types_raise_entry_error_naming_the_field(raw, field):
    with pytest.raises(EntryError) as info:
        entry_from_st(raw, "0")
    assert info.value.field == field and info.value.reason


def test_kit_extension_restores_kit_only_settings():
    raw = {
        "uid": 0,
        "key": [],
        "position": 4,
        "extensions": {
            "kit": {
                "uid": "weather",
                "position": 5,
                "requires": ["sun"],
                "excludes": ["rain"],
                "triggers": {
                    "condition": {"conditions": [{"text": "tb.hp > 1"}]},
                    "logicExpression": "a OR b",
                    "rag": {"threshold": 0.3, "topK": 2},
                },
            }
        },
    }
    entry, _ = entry_from_st(raw, "0")
    assert (entry.uid, entry.position, entry.requires, entry.excludes) == ("weather", 5, ("sun",), ("rain",))
    t = entry.triggers
    assert (
        t.conditions == ("tb.hp > 1",)
        and t.logic_expression == "a OR b"
        and (t.rag.threshold, t.rag.top_k)
        == (
            0.3,
            2,
        )
    )


def test_new_entries_start_from_the_editor_defaults():
    fresh = new_st_entry(4)
    assert fresh["uid"] == fresh["displayIndex"] == 4 and fresh["order"] == 100 and fresh["selective"] is True
    assert new_st_entry(4) == fresh and new_st_entry(4) is not fresh
    assert set(ST_POSITION_NAMES) == set(range(8))


def test_an_unchanged_entry_is_written_back_exactly_and_an_edit_rewrites_only_its_field():
    raw = {"uid": 2, "key": ["a"], "content": "x", "order": "7", "position": 2, "sticky": 1, "custom": [1]}
    entry, _ = entry_from_st(raw, "2")
    assert entry_to_st(entry, 2) == raw
    edited = entry_to_st(dataclasses.replace(entry, content="y"), 2)
    assert edited == {**raw, "content": "y"}
    moved = entry_to_st(dataclasses.replace(entry, position=0), 2)
    assert moved["position"] == KIT_TO_ST_POSITION[0] == 1 and moved["order"] == "7"


def test_a_kit_made_entry_round_trips():
    from kit.worldbook import Entry, KeywordTrigger, Triggers

    entry = Entry(
        "weather",
        "sunny",
        position=5,
        order=3,
        group=("sky",),
        requires=("sun",),
        triggers=Triggers(keyword=KeywordTrigger(("晴",), secondary_keys=("天",), secondary_logic="and_all")),
    )
    raw = entry_to_st(entry, 0)
    assert raw["uid"] == 0 and raw["position"] == 4 and raw["role"] == 0 and raw["selectiveLogic"] == 3
    assert raw["extensions"]["kit"] == {"requires": ["sun"], "uid": "weather", "position": 5}
    back, _ = entry_from_st(raw, "0")
    assert dataclasses.replace(back, extra={}) == entry
