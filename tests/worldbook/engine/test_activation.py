from __future__ import annotations

import logging

import numpy as np
import pandas as pd
import pytest

import kit.worldbook as wb
from kit.worldbook import Entry, KeywordTrigger, Triggers, WorldBook
from tests.worldbook.worldbook_inputs import CHAR, GLOBAL, run


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


def test_logger_object(caplog):
    log = logging.getLogger("kit.test.worldbook")
    with caplog.at_level(logging.INFO, logger="kit.test.worldbook"):
        wb.activate([GLOBAL], message="", logger=log)
    assert any("常驻触发 | UID: base" in m for m in caplog.messages)
