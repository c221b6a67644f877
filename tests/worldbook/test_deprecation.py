"""Renamed world-book names keep working for one release and warn with DeprecationWarning."""

from __future__ import annotations

import importlib

import pytest

import kit.worldbook as wb


@pytest.mark.parametrize(
    "module, old, new",
    [
        ("kit.worldbook", "book_from_dict", "world_book_from_dict"),
        ("kit.worldbook", "book_to_dict", "world_book_to_dict"),
        ("kit.worldbook", "ChatMessage", "ChatLine"),
        ("kit.worldbook", "load_studio", "read_studio"),
        ("kit.worldbook", "coverage", "entry_coverage"),
        ("kit.worldbook", "ACTIVATION_COLUMNS", "ACTIVATION_SCHEMA"),
        ("kit.worldbook", "ASSEMBLE_COLUMNS", "ASSEMBLE_SCHEMA"),
        ("kit.worldbook.book.normalize", "book_from_dict", "world_book_from_dict"),
        ("kit.worldbook.conversations.chats", "ChatMessage", "ChatLine"),
        ("kit.worldbook.conversations.chats", "CHAT_COLUMNS", "CHAT_SCHEMA"),
        ("kit.worldbook.conversations.chats", "CHAT_PROBLEM_COLUMNS", "CHAT_PROBLEM_SCHEMA"),
        ("kit.worldbook.conversations.studio", "load_studio", "read_studio"),
        ("kit.worldbook.book.io", "ISSUE_COLUMNS", "ISSUE_SCHEMA"),
        ("kit.worldbook.engine.reporting", "STATS_COLUMNS", "STATS_SCHEMA"),
        ("kit.worldbook.engine.prompt_assembly", "ASSEMBLE_COLUMNS", "ASSEMBLE_SCHEMA"),
        ("kit.worldbook", "COVERAGE_COLUMNS", "COVERAGE_SCHEMA"),
        ("kit.worldbook", "REPLAY_COLUMNS", "REPLAY_SCHEMA"),
        ("kit.worldbook.engine.activation", "ACTIVATION_COLUMNS", "ACTIVATION_SCHEMA"),
        ("kit.worldbook.analysis.explanation", "EXPLAIN_COLUMNS", "EXPLAIN_SCHEMA"),
        ("kit.worldbook.analysis.trigger_coverage", "REPLAY_COLUMNS", "REPLAY_SCHEMA"),
        ("kit.worldbook.analysis.trigger_coverage", "CO_ACTIVATION_COLUMNS", "CO_ACTIVATION_SCHEMA"),
        ("kit.worldbook.analysis.trigger_coverage", "PER_TURN_COLUMNS", "PER_TURN_SCHEMA"),
        ("kit.worldbook.analysis.trigger_coverage", "CONDITION_HIT_COLUMNS", "CONDITION_HIT_SCHEMA"),
        ("kit.worldbook.analysis.tuning", "ENTRY_TURN_COLUMNS", "ENTRY_TURN_SCHEMA"),
        ("kit.worldbook.analysis.tuning", "TURN_CHANGE_COLUMNS", "TURN_CHANGE_SCHEMA"),
        ("kit.worldbook.analysis.tuning", "HISTORY_GROUP_COLUMNS", "HISTORY_GROUP_SCHEMA"),
    ],
)
def test_old_names_warn_and_are_the_new_ones(module, old, new):
    mod = importlib.import_module(module)
    with pytest.warns(DeprecationWarning, match=rf"{module}\.{old} is deprecated.*use {module}\.{new}"):
        value = getattr(mod, old)
    assert value is getattr(mod, new)
    assert old not in getattr(mod, "__all__", ())


def test_unknown_names_still_raise_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        wb.nope  # noqa: B018


def test_library_leftovers_warn():
    book = wb.world_book_from_dict({"id": "a", "entries": []})
    lib = wb.WorldBookLibrary([book])
    with pytest.warns(DeprecationWarning, match="with_book is deprecated"):
        assert list(lib.with_book(wb.world_book_from_dict({"id": "b", "entries": []}))) == ["a", "b"]
    with pytest.warns(DeprecationWarning, match="errors is deprecated.*problems"):
        assert lib.errors.empty


def test_the_coverage_schema_keeps_its_old_name_unwarned_while_kit_fleet_imports_it():
    import kit.worldbook.analysis.trigger_coverage as tc

    assert tc.COVERAGE_COLUMNS is tc.COVERAGE_SCHEMA
