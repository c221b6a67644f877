"""The design's WebSocket payload: plain JSON for every position, the design's labels and weights, every matched key."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

import kit.worldbook as wb
from kit.worldbook.engine.payload import PAYLOAD_FIELDS, plain_json


def book_at_every_position() -> wb.WorldBook:
    entries = [
        {
            "uid": f"p{p}",
            "content": f"at {p}",
            "position": p,
            "order": p,
            "depth": 2,
            "trigger_config": {"triggers": {"constant": [True]}},
        }
        for p in range(8)
    ]
    entries[7]["macro"] = "lore"
    entries.append(
        {
            "uid": "kw",
            "content": "magic",
            "position": 0,
            "trigger_config": {"triggers": {"keyword": {"key": ["魔法", "火球", "龙", "冰"]}}},
        }
    )
    return wb.world_book_from_dict({"id": "w", "name": "世界", "entries": entries})


def test_payload_of_every_position_is_plain_json():
    result = wb.activate([book_at_every_position()], message="火球和魔法", history=["一条龙"])
    payload = wb.to_payload(result)
    text = json.dumps(payload, ensure_ascii=False)  # raised TypeError on pd.NA before
    assert json.loads(text) == payload
    entries = payload["entries"]
    assert sorted(e["position"] for e in entries) == [0, 0, 1, 2, 3, 4, 5, 6, 7]
    for e in entries:
        assert tuple(e) == PAYLOAD_FIELDS
        assert e["position_label"] == wb.POSITION_LABELS_ZH[e["position"]]
        assert e["weight"] == wb.POSITION_WEIGHTS[e["position"]]
        assert e["macro"] == ("lore" if e["position"] == 7 else None)
    by_uid = {e["uid"]: e for e in entries}
    assert by_uid["p7"]["position_label"] == "宏替换" and by_uid["p0"]["position_label"] == "角色定义之后"
    assert (by_uid["p0"]["weight"], by_uid["p1"]["weight"], by_uid["p4"]["weight"], by_uid["p5"]["weight"]) == (
        "高",
        "中",
        "极高",
        "最高",
    )
    assert by_uid["kw"]["matched_keys"] == ["魔法", "火球", "龙"] and by_uid["p3"]["matched_keys"] == []
    # the frame keeps the bilingual display label
    assert result.set_index("uid").loc["p7", "position_label"] == "宏替换 (macro replacement)"


def test_payload_of_an_empty_result_and_of_rejected_rows():
    book = book_at_every_position()
    assert wb.to_payload(wb.activate([], message="x")) == {"type": "worldbook_active", "entries": []}
    result = wb.activate([book], message="x", include_rejected=True)
    assert json.dumps(wb.to_payload(result))


@pytest.mark.parametrize(
    "value, expected",
    [
        (pd.NA, None),
        (float("nan"), None),
        (np.int64(3), 3),
        (np.float32(0.5), 0.5),
        (np.bool_(True), True),
        ((1, "a"), [1, "a"]),
        ({1: np.array([1, 2])}, {"1": [1, 2]}),
        (pd.Timestamp("2026-01-02"), "2026-01-02T00:00:00"),
    ],
)
def test_plain_json(value, expected):
    out = plain_json(value)
    assert out == expected and type(out) is type(expected)
    json.dumps(out)


def test_keyword_log_line_lists_every_matched_key():
    lines = []
    wb.activate([book_at_every_position()], message="火球和魔法", history=["一条龙"], logger=lines.append)
    check = next(line for line in lines if "UID: kw" in line and "WorldBook-Check" in line)
    assert check.endswith("匹配关键词: ['魔法', '火球', '龙']")
    assert "(用户输入)" in check
