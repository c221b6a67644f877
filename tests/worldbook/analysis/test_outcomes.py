"""kit's activation: every entry gets one outcome per turn (why), with near misses; corpus replays agree."""

from __future__ import annotations

import pytest

import kit.worldbook as wb
from kit.core.errors import InvalidParameterError
from kit.worldbook import Entry, KeywordTrigger, RagTrigger, Triggers, WorldBook
from kit.worldbook.engine.reasons import OUTCOME_RULES, OUTCOMES, WHY_SCHEMA


def kw(*keys, cs=False, ww=False, secondary=(), logic="and_any", **more):
    keyword = KeywordTrigger(tuple(keys), cs, ww, secondary_keys=tuple(secondary), secondary_logic=logic)
    return Triggers(keyword=keyword, **more)


BOOK = WorldBook(
    "b",
    "B",
    (
        Entry("on", "always", triggers=Triggers(constant=True)),
        Entry("off", "off", disable=True, triggers=kw("dragon")),
        Entry("none", "no trigger"),
        Entry("dragon", "a dragon", triggers=kw("dragon")),
        Entry("second", "sec", triggers=kw("dragon", secondary=("castle",), logic="and_any")),
        Entry("cond", "cond", triggers=Triggers(conditions=("tb.hp > 10",))),
        Entry("logic", "logic", triggers=Triggers(logic_expression="wizard AND tb.hp > 1")),
        Entry("rag", "the moon tower of silver glass", triggers=Triggers(rag=RagTrigger(threshold=0.99, top_k=1))),
        Entry("high", "high", order=9, group=("g",), triggers=kw("dragon")),
        Entry("low", "low", order=1, group=("g",), triggers=kw("dragon")),
        Entry("boss", "boss", order=8, excludes=("minion",), triggers=kw("dragon")),
        Entry("minion", "minion", order=1, triggers=kw("dragon")),
        Entry("needy", "needy", requires=("nobody",), triggers=kw("dragon")),
        Entry("never", "p0", triggers=kw("dragon", probability=0.0)),
        Entry("case", "case", triggers=kw("Lyra", cs=True)),
        Entry("whole", "whole", triggers=kw("cat", ww=True)),
        Entry("deep", "deep", triggers=kw("harbour")),
        Entry("field", "field", triggers=kw("sapphire")),
        Entry("typo", "typo", triggers=kw("glacite")),
        Entry("cjk", "cjk", triggers=kw("冰川镐")),
    ),
)


def outcomes(**kwargs):
    r = wb.why(
        [BOOK],
        message="a dragon and lyra with cats, some glacit and 冰川稿",
        history=["the harbour", "x", "y"],
        table={"hp": 5, "gem": "a sapphire"},
        scan_depth=2,
        rng=0,
        **kwargs,
    )
    return r.set_index("uid")


def test_every_kit_rule_has_a_reachable_outcome():
    r = outcomes()
    assert sorted(r.reset_index().columns) == sorted(WHY_SCHEMA) and len(r) == len(BOOK.entries)
    got = r["outcome"].astype(str).to_dict()
    assert got == {
        "on": "activated",
        "off": "disabled",
        "none": "no_trigger",
        "dragon": "activated",
        "second": "secondary_logic",
        "cond": "condition_false",
        "logic": "logic_false",
        "rag": "rag_miss",
        "high": "activated",
        "low": "group_lost",
        "boss": "activated",
        "minion": "excluded",
        "needy": "requires_missing",
        "never": "probability",
        "case": "no_key_match",
        "whole": "no_key_match",
        "deep": "no_key_match",
        "field": "no_key_match",
        "typo": "no_key_match",
        "cjk": "no_key_match",
    }
    kit_codes = {code for code, engines, _ in OUTCOME_RULES if engines in ("kit", "both")}
    assert set(got.values()) == kit_codes
    assert r["outcome"].cat.ordered and list(r["outcome"].cat.categories) == list(OUTCOMES)
    assert r.loc["cond", "detail"] == "tb.hp > 10: 5 > 10 is false"
    assert r.loc["low", "detail"] == "group g: b/high" and r.loc["dragon", "detail"] == "keyword: dragon"


def test_near_misses_say_which_rule_and_the_text():
    r = outcomes()["near_miss"].to_dict()
    assert r["case"] == "case: lyra"
    assert r["whole"] == "whole word: cats"
    assert r["deep"] == "scan depth: harbour"
    assert r["field"] == "table: gem=sapphire"
    assert r["typo"] == "typo: glacit" and r["cjk"] == "typo: 冰川稿"
    assert r["dragon"] == r["cond"] == r["off"] == ""


def test_near_miss_can_be_switched_off_and_activate_has_the_same_outcomes():
    assert (outcomes(near_miss=False)["near_miss"] == "").all()
    act = wb.activate(
        [BOOK],
        message="a dragon and lyra with cats, some glacit and 冰川稿",
        history=["the harbour", "x", "y"],
        table={"hp": 5, "gem": "a sapphire"},
        scan_depth=2,
        rng=0,
        include_rejected=True,
    )
    why = outcomes()
    for row in act.itertuples():
        assert row.outcome == why.loc[row.uid, "outcome"]
        assert (row.outcome == "activated") == row.is_active
    assert act["outcome"].cat.ordered


def test_why_chats_agrees_with_replay_and_summary_counts_turns():
    studio = wb.read_studio("sample_saves/aurora_server/studio")
    convs = studio.conversations[:4]
    rows = wb.why_chats(studio.library, convs, rng=3)
    replay = wb.replay(studio.library, convs, rng=3)
    active = rows[rows["outcome"] == "activated"]
    key = ["conversation_id", "turn", "entry_id"]
    assert sorted(map(tuple, active[key].values.tolist())) == sorted(map(tuple, replay[key].values.tolist()))
    # every in-play entry has exactly one outcome per turn
    assert not rows.duplicated(key).any()
    summary = wb.why_summary(studio.library, convs, rng=3)
    counts = rows.groupby(["entry_id", "outcome"], observed=True).size()
    for r in summary.itertuples():
        assert counts[(r.entry_id, r.outcome)] == r.n_turns
    assert summary.groupby("entry_id")["share"].sum().round(9).eq(1).all()
    only = wb.why_chats(studio.library, convs, rng=3, entry_ids=["lin_wan/sword"])
    assert set(only["entry_id"]) == {"lin_wan/sword"}


def test_empty_inputs_keep_columns():
    assert list(wb.why([]).columns) == list(WHY_SCHEMA)
    assert len(wb.why_chats({}, [])) == 0 and list(wb.why_summary({}, []).columns) == list(wb.WHY_SUMMARY_SCHEMA)
    with pytest.raises(InvalidParameterError, match="Conversation"):
        wb.why_chats({}, ["not a conversation"])
