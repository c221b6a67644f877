"""kit.worldbook.analysis.tuning: the pure functions behind the trigger tuner."""

from __future__ import annotations

from dataclasses import replace

import pytest

import kit.worldbook as wb
from kit.samples.studio import write_worldbooks
from kit.worldbook.analysis.tuning import (
    ENTRY_TURN_SCHEMA,
    HISTORY_GROUP_SCHEMA,
    TURN_CHANGE_SCHEMA,
    compare_turns,
    entry_diff,
    entry_turns,
    group_history_matches,
    key_spans,
)


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    folder = tmp_path_factory.mktemp("studio")
    write_worldbooks(folder)
    return wb.read_studio(folder)


def _book_and_convs(studio):
    book = studio.library["lin_wan"]
    return book, [c for c in studio.conversations if c.character_book_id == "lin_wan"]


def _rekey(book, uid, keys):
    e = book.entry(uid)
    return book.replace_entry(replace(e, triggers=replace(e.triggers, keyword=replace(e.triggers.keyword, keys=keys))))


def test_entry_turns_columns_and_history_source(studio):
    book, convs = _book_and_convs(studio)
    turns = entry_turns(book, convs, "sword")
    assert list(turns.columns) == list(ENTRY_TURN_SCHEMA) and str(turns["turn"].dtype) == "int64"
    hist = turns[turns["matched_in"] == "history"]
    assert len(hist) > 0 and all(key_spans(book.entry("sword"), t) for t in hist["source_text"])
    first = turns.iloc[0]
    assert first["matched_in"] == "message" and first["source_text"] == first["message"]
    none = entry_turns(_rekey(book, "sword", ("不会出现的词",)), convs, "sword")
    assert none.empty and list(none.columns) == list(ENTRY_TURN_SCHEMA)
    assert none.dtypes.tolist() == turns.dtypes.tolist()


def test_compare_turns_lists_gained_and_lost(studio):
    book, convs = _book_and_convs(studio)
    before = entry_turns(book, convs, "wine")
    after = entry_turns(_rekey(book, "wine", ("听雪",)), convs, "wine")
    changes = compare_turns(before, after, convs)
    assert list(changes.columns) == list(TURN_CHANGE_SCHEMA)
    gained = changes[changes["change"] == "gained"]
    lost = changes[changes["change"] == "lost"]
    assert len(after) == len(before) + len(gained) - len(lost) and len(gained) and len(lost)
    assert set(zip(gained["conversation_id"], gained["turn"])) == (
        set(zip(after["conversation_id"], after["turn"])) - set(zip(before["conversation_id"], before["turn"]))
    )
    assert (gained["trigger_before"] == "").all() and (lost["trigger_after"] == "").all()
    assert changes["change"].cat.ordered and list(changes["change"].cat.categories) == ["gained", "lost"]
    assert compare_turns(before, before).empty


def test_group_history_matches_merges_runs_from_one_message(studio):
    book, convs = _book_and_convs(studio)
    turns = entry_turns(book, convs, "sword")
    groups = group_history_matches(turns)
    assert list(groups.columns) == list(HISTORY_GROUP_SCHEMA)
    n_hist = int(((turns["trigger"] == "keyword") & (turns["matched_in"] == "history")).sum())
    assert groups["n_turns"].sum() == n_hist and len(groups) < n_hist
    assert ((groups["last_turn"] - groups["first_turn"] + 1) == groups["n_turns"]).all()
    assert group_history_matches(turns.iloc[0:0]).empty


def test_entry_diff(studio):
    book, _ = _book_and_convs(studio)
    e = book.entry("wine")
    assert entry_diff(e, e) == ""
    diff = entry_diff(e, _rekey(book, "wine", ("麦酒",)).entry("wine"), name="lin_wan/wine")
    assert diff.startswith("--- lin_wan/wine (saved)\n+++ lin_wan/wine (edited)") and '+          "麦酒"' in diff


def test_entry_outcomes_give_every_turn_one_outcome_and_agree_with_entry_turns(studio):
    from kit.worldbook.analysis.tuning import ENTRY_OUTCOME_SCHEMA, entry_outcomes

    book, convs = _book_and_convs(studio)
    rows = entry_outcomes(book, convs, "sword")
    assert list(rows.columns) == list(ENTRY_OUTCOME_SCHEMA)
    assert len(rows) == sum(len(c.turns) for c in convs)
    turns = entry_turns(book, convs, "sword")
    active = rows[rows["outcome"] == "activated"]
    assert active[["conversation_id", "turn"]].values.tolist() == turns[["conversation_id", "turn"]].values.tolist()
    assert set(rows["outcome"].astype(str)) - {"activated"} == {"no_key_match"}
    with pytest.raises(wb.EntryNotFoundError):
        entry_outcomes(book, convs, "nope")
