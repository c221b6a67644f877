from __future__ import annotations

import logging

import numpy as np
import pandas as pd
import pytest

import kit.worldbook as wb
from kit.worldbook import Entry, KeywordTrigger, Triggers, WorldBook


def kw(*keys, cs=False, ww=False, **more):
    return Triggers(keyword=KeywordTrigger(tuple(keys), cs, ww), **more)


GLOBAL = WorldBook(
    "world",
    "世界 World",
    (
        Entry("base", "世界观", position=0, order=5, triggers=Triggers(constant=True)),
        Entry("magic", "魔法体系", position=4, order=1, triggers=kw("魔法", "Magic")),
        Entry(
            "strong",
            "力量说明",
            position=0,
            order=1,
            triggers=Triggers(conditions=("tb.力量 > 10", 'tb.态度 包括 "友好"')),
        ),
        Entry("off", "disabled", position=0, disable=True, triggers=Triggers(constant=True)),
        Entry("none", "no trigger", position=0),
        Entry("alice", "Alice", position=2, order=2, triggers=kw("Alice", ww=True, cs=True)),
    ),
)
CHAR = WorldBook(
    "hero",
    "Hero",
    (
        Entry("dragon", "龙", position=1, order=1, triggers=kw("龙")),
        Entry("logic", "逻辑", position=3, order=0, triggers=Triggers(logic_expression='龙 AND NOT tb.态度 = "敌对"')),
    ),
)


def run(**kwargs):
    defaults = dict(message="", history=[], table={})
    defaults.update(kwargs)
    return wb.activate([GLOBAL], CHAR, **defaults)


def test_columns_and_sorting():
    r = run(message="I study magic", history=["一条龙飞过", "Alice来了"], table={"力量": 15, "态度": "很友好"})
    assert list(r.columns) == list(wb.ACTIVATION_SCHEMA)
    assert r["entry_id"].tolist() == [
        "world/strong",
        "world/base",
        "hero/dragon",
        "world/alice",
        "hero/logic",
        "world/magic",
    ]
    assert r[["position", "order"]].values.tolist() == sorted(r[["position", "order"]].values.tolist())
    row = r.set_index("entry_id").loc["world/magic"]
    assert (row.trigger, row.matched, row.matched_in, row.book_scope) == ("keyword", "Magic", "message", "global")
    assert row.position_label == "系统提示/作者注释 (system prompt / author's note)"
    assert r.set_index("entry_id").loc["hero/dragon", "matched_in"] == "history"
    assert r.set_index("entry_id").loc["hero/dragon", "book_scope"] == "character"
    assert r.set_index("entry_id").loc["world/strong", "matched"] == 'tb.力量 > 10 && tb.态度 包括 "友好"'
    assert r["position_label"].cat.ordered and r["trigger"].dtype == "category"


def test_empty_result_keeps_columns_and_dtypes():
    r = wb.activate([], None, message="nothing")
    assert list(r.columns) == list(wb.ACTIVATION_SCHEMA) and len(r) == 0
    full = run(message="魔法")
    assert r.dtypes.astype(str).tolist() == full.dtypes.astype(str).tolist()


def test_disabled_and_untriggered_never_fire():
    r = run(message="anything")
    assert "world/off" not in set(r["entry_id"]) and "world/none" not in set(r["entry_id"])


def test_whole_word_case_sensitive_entry():
    assert "world/alice" in set(run(message="遇见Alice。")["entry_id"])
    assert "world/alice" not in set(run(message="遇见ALICE。")["entry_id"])
    assert "world/alice" not in set(run(message="Alicea")["entry_id"])


def test_message_wins_over_history_for_matched():
    r = run(message="龙", history=["龙"]).set_index("entry_id")
    assert r.loc["hero/dragon", "matched_in"] == "message"


def test_scan_depth_limits_history():
    hist = ["龙来了", "天气不错", "我们走吧"]
    assert "hero/dragon" in set(run(history=hist)["entry_id"])
    assert "hero/dragon" not in set(run(history=hist, scan_depth=2)["entry_id"])
    assert "hero/dragon" in set(run(history=hist, scan_depth=3)["entry_id"])
    assert "hero/dragon" not in set(run(history=hist, scan_depth=0)["entry_id"])
    with pytest.raises(ValueError, match="scan_depth"):
        run(history=hist, scan_depth=-1)


def test_conditions_all_must_hold_and_logic():
    assert "world/strong" not in set(run(table={"力量": 15, "态度": "敌对"})["entry_id"])
    assert "world/strong" not in set(run(table={"力量": "很强", "态度": "友好"})["entry_id"])
    r = run(message="龙", table={"态度": "友好"}).set_index("entry_id")
    assert r.loc["hero/logic", "trigger"] == "logic"
    assert "hero/logic" not in set(run(message="龙", table={"态度": "敌对"})["entry_id"])


def test_first_configured_trigger_is_reported():
    book = WorldBook(
        "b",
        "B",
        (
            Entry("x", triggers=Triggers(constant=True, keyword=KeywordTrigger(("a",)))),
            Entry("y", triggers=Triggers(keyword=KeywordTrigger(("a",)), conditions=("tb.v > 1",))),
        ),
    )
    r = wb.activate([book], message="a", table={"v": 2}).set_index("uid")
    assert r.loc["x", "trigger"] == "constant" and r.loc["y", "trigger"] == "keyword"
    r = wb.activate([book], message="zzz", table={"v": 2}).set_index("uid")
    assert r.loc["y", "trigger"] == "condition"


def test_secondary_keys_logic():
    def book(logic):
        return WorldBook(
            "b",
            "B",
            (
                Entry(
                    "x",
                    triggers=Triggers(
                        keyword=KeywordTrigger(("龙",), secondary_keys=("火", "冰"), secondary_logic=logic)
                    ),
                ),
            ),
        )

    cases = {
        "and_any": [False, True, True],
        "not_all": [True, True, False],
        "not_any": [True, False, False],
        "and_all": [False, False, True],
    }
    for logic, expected in cases.items():
        got = [len(wb.activate([book(logic)], message=m)) == 1 for m in ("龙", "龙火", "龙火冰")]
        assert got == expected, logic


def test_probability_is_reproducible_with_seed():
    book = WorldBook(
        "b", "B", tuple(Entry(str(i), triggers=Triggers(constant=True, probability=0.5)) for i in range(40))
    )
    a = wb.activate([book], message="", rng=7)["uid"].tolist()
    b = wb.activate([book], message="", rng=np.random.default_rng(7))["uid"].tolist()
    assert a == b and 5 < len(a) < 35
    r = wb.activate([book], message="", rng=7, include_rejected=True)
    assert len(r) == 40 and set(r.loc[~r["is_active"], "rejected_by"]) == {"probability 0.5"}


def test_groups_keep_highest_order_and_report_losers():
    book = WorldBook(
        "b",
        "B",
        (
            Entry("low", position=0, order=1, group=("weather",), triggers=Triggers(constant=True)),
            Entry("high", position=0, order=9, group=("weather", "mood"), triggers=Triggers(constant=True)),
            Entry("mood", position=0, order=5, group=("mood",), triggers=Triggers(constant=True)),
            Entry("tie1", position=1, order=3, group=("t",), triggers=Triggers(constant=True)),
            Entry("tie2", position=1, order=3, group=("t",), triggers=Triggers(constant=True)),
        ),
    )
    r = wb.activate([book], include_rejected=True).set_index("uid")
    assert r.loc[["high", "tie1"], "is_active"].all()
    assert r.loc["low", "rejected_by"] == "group weather: b/high"
    assert r.loc["mood", "rejected_by"] == "group mood: b/high"
    assert r.loc["tie2", "rejected_by"] == "group t: b/tie1"
    assert wb.activate([book])["uid"].tolist() == ["high", "tie1"]


def test_requires_and_excludes():
    other = WorldBook("o", "O", (Entry("flag", triggers=kw("旗")),))
    book = WorldBook(
        "b",
        "B",
        (
            Entry("a", order=1, triggers=Triggers(constant=True), excludes=("b",)),
            Entry("b", order=2, triggers=Triggers(constant=True), excludes=("a",)),
            Entry("needs-a", triggers=Triggers(constant=True), requires=("a",)),
            Entry("needs-chain", triggers=Triggers(constant=True), requires=("needs-a",)),
            Entry("needs-flag", triggers=Triggers(constant=True), requires=("o/flag",)),
        ),
    )
    r = wb.activate([other, book], message="", include_rejected=True).set_index("entry_id")
    assert r.loc["b/b", "is_active"] and r.loc["b/a", "rejected_by"] == "excludes b/b"
    assert r.loc["b/needs-a", "rejected_by"] == "requires b/a"
    assert r.loc["b/needs-chain", "rejected_by"] == "requires b/needs-a"
    assert r.loc["b/needs-flag", "rejected_by"] == "requires o/flag"
    assert "b/needs-flag" in set(wb.activate([other, book], message="举旗")["entry_id"])


def test_malformed_condition_in_model_raises_naming_entry():
    book = WorldBook("b", "B", (Entry("bad", triggers=Triggers(conditions=("tb.x >> 1",))),))
    with pytest.raises(wb.ConditionSyntaxError, match="entry 'b/bad', column 7"):
        wb.activate([book], message="")
    book = WorldBook("b", "B", (Entry("bad", triggers=Triggers(logic_expression="a AND")),))
    with pytest.raises(wb.LogicSyntaxError, match="entry 'b/bad'"):
        wb.activate([book], message="")


def test_activate_request_and_payload():
    lib = wb.WorldBookLibrary([GLOBAL, CHAR])
    payload = {
        "worldBookData": {"globalBooks": [{"id": "world", "name": "世界 World"}], "characterBookId": "hero"},
        "mes": "魔法",
        "chatHistory": ["龙"],
        "dynamicTableData": {"currentValues": {"力量": 15, "态度": "友好"}},
    }
    r = wb.activate_request(payload, lib)
    direct = run(message="魔法", history=["龙"], table={"力量": 15, "态度": "友好"})
    pd.testing.assert_frame_equal(r, direct)
    out = wb.to_payload(r)
    assert out["type"] == "worldbook_active"
    assert [e["uid"] for e in out["entries"]] == r["uid"].tolist()
    first = out["entries"][0]
    assert set(first) >= {"uid", "content", "position", "order", "trigger_config"}
    assert first["trigger_config"] == {
        "triggers": {"condition": {"conditions": [{"text": "tb.力量 > 10"}, {"text": 'tb.态度 包括 "友好"'}]}}
    }
    with pytest.raises(wb.WorldBookNotFoundError, match="'missing'"):
        wb.activate_request({"worldBookData": {"globalBooks": ["missing"]}}, lib)
    with pytest.raises(wb.WorldBookFormatError, match="chatHistory\\[0\\]"):
        wb.activate_request({"chatHistory": [3]}, lib)


def test_stats_and_log(capsys):
    r = run(message="魔法", history=["龙"], table={"力量": 15, "态度": "友好"})
    stats = wb.activation_stats(r)
    assert list(stats.columns) == ["by", "key", "label", "n_entries"]
    assert stats.loc[stats["by"] == "total", "n_entries"].item() == len(r)
    by_pos = stats[stats["by"] == "position"].set_index("key")["n_entries"]
    assert by_pos.to_dict() == {str(k): v for k, v in r["position"].value_counts().sort_index().items()}
    by_trig = stats[stats["by"] == "trigger"].set_index("key")["n_entries"]
    assert by_trig.sum() == len(r)
    wb.activate([GLOBAL], CHAR, message="魔法", logger=print)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "[WorldBook] 📖 加载全局世界书 '世界 World'，共 6 个条目"
    assert "[WorldBook-Check] 🔑 关键词触发(用户输入) | UID: magic | 匹配关键词: ['魔法']" in lines
    assert (
        "[WorldBook] ✅ 全局世界书 '世界 World' 条目激活 | UID: magic | 触发: keyword | 位置: 系统提示/作者注释"
        in lines
    )
    assert "[WorldBook] 📊 激活统计:" in lines and "    * keyword: 1 个" in lines


def test_logger_object(caplog):
    log = logging.getLogger("kit.test.worldbook")
    with caplog.at_level(logging.INFO, logger="kit.test.worldbook"):
        wb.activate([GLOBAL], message="", logger=log)
    assert any("常驻触发 | UID: base" in m for m in caplog.messages)


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


def test_group_winner_dropped_by_requires_hands_the_group_to_the_runner_up():
    book = WorldBook(
        "b",
        "B",
        (
            Entry("high", order=9, group=("g",), requires=("absent",), triggers=Triggers(constant=True)),
            Entry("low", order=1, group=("g",), triggers=Triggers(constant=True)),
            Entry("needs-low", order=0, requires=("low",), triggers=Triggers(constant=True)),
            Entry("boss", order=8, excludes=("minion",), requires=("absent",), triggers=Triggers(constant=True)),
            Entry("minion", order=2, triggers=Triggers(constant=True)),
            Entry("absent", triggers=Triggers(keyword=KeywordTrigger(("never-said",)))),
        ),
    )
    r = wb.activate([book], message="", include_rejected=True).set_index("uid")
    assert r.loc["high", "rejected_by"] == "requires b/absent" and r.loc["boss", "rejected_by"] == "requires b/absent"
    assert r.loc[["low", "needs-low", "minion"], "is_active"].all()
    assert wb.activate([book], message="")["uid"].tolist() == ["needs-low", "low", "minion"]
    # when the requirement holds, the winner keeps its group and the runner-up is reported as the loser
    r = wb.activate([book], message="never-said", include_rejected=True).set_index("uid")
    assert r.loc["low", "rejected_by"] == "group g: b/high" and r.loc["needs-low", "rejected_by"] == "requires b/low"
    assert r.loc["minion", "rejected_by"] == "excludes b/boss"
