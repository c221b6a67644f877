"""kit.widgets._tuner_state and _tuner_html: the trigger tuner's state and HTML as plain functions."""

from __future__ import annotations

import pytest

import kit.worldbook as wb
from kit.samples.studio import write_worldbooks
from kit.widgets._tuner_html import entry_html, highlight, render_turns
from kit.widgets._tuner_state import edit_entry, entry_options, in_play


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    folder = tmp_path_factory.mktemp("studio")
    write_worldbooks(folder)
    return wb.read_studio(folder)


def test_in_play_keeps_the_books_conversations_and_clears_their_choices(studio):
    book = studio.library["lin_wan"]
    chosen = in_play(book, studio.conversations)
    mine = [c for c in studio.conversations if c.character_book_id == "lin_wan"]
    assert 0 < len(mine) < len(studio.conversations)
    assert [c.id for c in chosen] == [c.id for c in mine]
    assert all(c.character_book_id is None and c.global_book_ids is None for c in chosen)
    unnamed = wb.WorldBook(id="nobody_names_me", name="x", entries=())
    assert len(in_play(unnamed, studio.conversations)) == len(studio.conversations)


def test_entry_options_label_by_uid_and_comment(studio):
    book = studio.library["lin_wan"]
    options = entry_options(book)
    assert [uid for _, uid in options] == [e.uid for e in book.entries]
    first = book.entries[0]
    assert options[0][0] == (f"{first.uid} · {first.comment}" if first.comment else first.uid)


def test_edit_entry_splits_keys_and_conditions_and_names_a_bad_condition(studio):
    book = studio.library["lin_wan"]
    entry = book.entry("sword")
    edited = edit_entry(
        book,
        entry,
        keys="剑，听雪, blade\nsteel, ",
        case_sensitive=True,
        whole_words=False,
        conditions="tb.力量 > 10\n\n",
        probability=0.5,
    )
    assert edited.triggers.keyword.keys == ("剑", "听雪", "blade", "steel")
    assert edited.triggers.keyword.case_sensitive is True
    assert edited.triggers.conditions == ("tb.力量 > 10",)
    assert edited.triggers.probability == 0.5 and edited.uid == "sword"
    cleared = edit_entry(
        book, entry, keys=" , ", case_sensitive=False, whole_words=False, conditions="", probability=1.0
    )
    assert cleared.triggers.keyword is None
    with pytest.raises(wb.ConditionSyntaxError, match="lin_wan/sword"):
        edit_entry(book, entry, keys="剑", case_sensitive=False, whole_words=False, conditions="tb.x >", probability=1)


def test_html_escapes_and_marks_spans(studio):
    assert highlight("a<b>c", [(2, 3)]) == "a&lt;<mark>b</mark>&gt;c"
    entry = studio.library["lin_wan"].entry("sword")
    assert "<code>sword</code>" in entry_html(entry)
    assert "no activating turns" in render_turns(entry, [], n_turns=3, n_activated=0)
