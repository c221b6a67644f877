"""kit.worldbook.explain: every check an entry goes through, agreeing with activation."""

from __future__ import annotations

import kit.worldbook as wb
from tests.worldbook.worldbook_inputs import CHAR, GLOBAL, run


def test_explain_lists_every_check():
    entry = GLOBAL.entry("strong")
    e = wb.explain(entry, message="x", table={"力量": "abc"})
    assert list(e.columns) == ["step", "check", "item", "source", "value", "passed", "detail"]
    assert e["check"].tolist() == ["enabled", "constant", "condition", "condition", "fires", "outcome"]
    assert e.iloc[2]["detail"] == "value 'abc' of '力量' is not a number"
    assert e.iloc[3]["detail"] == "field '态度' is missing from the table"
    assert not e.iloc[-2]["passed"]
    assert e.iloc[-1][["item", "passed", "detail"]].tolist() == [
        "condition_false",
        False,
        "tb.力量 > 10: value 'abc' of '力量' is not a number",
    ]
    e = wb.explain(GLOBAL.entry("magic"), message="nothing", history=["学MAGIC", "old"], scan_depth=2)
    keys = e[e["check"] == "key"]
    assert keys[["item", "source", "value", "passed"]].values.tolist() == [
        ["魔法", "", "", False],
        ["Magic", "history[0]", "MAGIC", True],
    ]
    assert e.iloc[-2]["item"] == "keyword" and e.iloc[-2]["passed"]
    assert e.iloc[-1][["item", "passed", "detail"]].tolist() == ["activated", True, "keyword: Magic"]
    off = wb.explain(GLOBAL.entry("off"))
    assert not off.iloc[0]["passed"] and not off.iloc[-2]["passed"] and off.iloc[-1]["item"] == "disabled"
    near = wb.explain(GLOBAL.entry("magic"), message="a Magick show")
    assert near.iloc[-1]["item"] == "activated"
    near = wb.explain(GLOBAL.entry("alice"), message="hi alice")
    assert near.iloc[-1][["item", "value"]].tolist() == ["no_key_match", "case: alice"]


def test_explain_agrees_with_activate():
    cases = [("魔法", ["龙"], {"力量": 11, "态度": "友好"}), ("Alice", [], {"力量": 1}), ("", ["alice"], {})]
    for message, history, table in cases:
        active = set(run(message=message, history=history, table=table)["uid"])
        for book in (GLOBAL, CHAR):
            for entry in book.entries:
                e = wb.explain(entry, message=message, history=history, table=table)
                fires = bool(e.iloc[-2]["passed"])
                assert fires == bool(e.iloc[-1]["passed"])  # the outcome row agrees (no probability, groups here)
                assert fires == (entry.uid in active), (entry.uid, message)
