"""OutcomeJudge: one outcome code per compiled entry and request, with details and near misses."""

from __future__ import annotations

from kit.worldbook import Entry, KeywordTrigger, RagTrigger, Triggers, WorldBook
from kit.worldbook.engine.activation import Activator
from kit.worldbook.engine.judge import OutcomeJudge, TurnOutcomes
from kit.worldbook.engine.reasons import OUTCOMES


def kw(*keys, cs=False, ww=False, **more):
    return Triggers(keyword=KeywordTrigger(tuple(keys), cs, ww), **more)


BOOK = WorldBook(
    "b",
    "B",
    (
        Entry("off", disable=True, triggers=kw("dragon")),
        Entry("none"),
        Entry("empty_keys", triggers=kw("")),
        Entry("dragon", triggers=kw("dragon")),
        Entry("sec", triggers=Triggers(keyword=KeywordTrigger(("dragon",), secondary_keys=("castle",)))),
        Entry("cond", triggers=Triggers(conditions=("tb.hp > 10",))),
        Entry("logic", triggers=Triggers(logic_expression="wizard AND tb.hp > 1")),
        Entry("rag", "silver glass tower", triggers=Triggers(rag=RagTrigger(threshold=0.99, top_k=1))),
        Entry("case", triggers=kw("Lyra", cs=True)),
        Entry("deep", triggers=kw("harbour")),
        Entry("hi", order=9, group=("g",), triggers=kw("dragon")),
        Entry("lo", order=1, group=("g",), triggers=kw("dragon")),
    ),
)


def judged(message: str, history=(), table=None, *, scan_depth=None, near_miss=True) -> dict[str, tuple[str, str, str]]:
    judge = OutcomeJudge(Activator([BOOK]))
    engine = judge.engine
    scan = engine.scan(message, history, table, scan_depth=scan_depth)
    older = list(history)[: len(history) - scan_depth] if scan_depth is not None else []
    out = judge.judge(scan, engine.hits_of(scan, 0), table=table, older=older, message=message, near_miss=near_miss)
    assert isinstance(out, TurnOutcomes) and len(out.codes) == len(engine.entries)
    return {
        c.entry.uid: (
            OUTCOMES[int(out.codes[c.index])],
            out.details.get(c.index, judge.base_details[c.index]),
            out.near_misses.get(c.index, ""),
        )
        for c in engine.entries
    }


def test_static_outcomes_before_any_request():
    judge = OutcomeJudge(Activator([BOOK]))
    codes = {c.entry.uid: OUTCOMES[int(judge.base_codes[c.index])] for c in judge.engine.entries}
    assert codes["off"] == "disabled" and codes["none"] == codes["empty_keys"] == "no_trigger"
    assert codes["dragon"] == "no_key_match" and codes["cond"] == "condition_false"
    assert codes["logic"] == "logic_false" and codes["rag"] == "rag_miss"
    details = dict(zip([c.entry.uid for c in judge.engine.entries], judge.base_details))
    assert details["dragon"] == "none of 1 key found in the message or scanned history"
    assert details["logic"] == "wizard AND tb.hp > 1 is false"
    assert details["rag"] == "retrieval score below 0.99 or outside top 1"


def test_outcomes_of_one_request():
    got = judged("a dragon and lyra", ["the harbour", "x"], {"hp": 5}, scan_depth=1)
    assert got["dragon"] == ("activated", "keyword: dragon", "")
    assert got["sec"][0] == "secondary_logic" and "secondary keys fail and_any" in got["sec"][1]
    assert got["cond"][:2] == ("condition_false", "tb.hp > 10: 5 > 10 is false")
    assert got["hi"][0] == "activated" and got["lo"][:2] == ("group_lost", "group g: b/hi")
    assert got["case"] == ("no_key_match", "none of 1 key found in the message or scanned history", "case: lyra")
    assert got["deep"][2] == "scan depth: harbour"
    assert got["off"][0] == "disabled" and got["none"][0] == "no_trigger"


def test_near_misses_can_be_switched_off_and_do_not_change_codes():
    with_near = judged("lyra", ["the harbour"], scan_depth=0)
    without = judged("lyra", ["the harbour"], scan_depth=0, near_miss=False)
    assert {k: v[:2] for k, v in with_near.items()} == {k: v[:2] for k, v in without.items()}
    assert all(v[2] == "" for v in without.values())
    assert with_near["case"][2] == "case: lyra" and with_near["deep"][2] == "scan depth: harbour"


def test_table_values_and_typos_are_near_misses():
    got = judged("a dragn", table={"place": "harbour town", "hp": 20})
    assert got["deep"][2] == "table: place=harbour"
    assert got["dragon"][2] == "typo: dragn"
    assert got["cond"][0] == "activated"
