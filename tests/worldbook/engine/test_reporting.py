"""The design's activation statistics and log lines (kit.worldbook.activation_stats, format_stats, activation_log)."""

from __future__ import annotations

import kit.worldbook as wb
from tests.worldbook.worldbook_inputs import CHAR, GLOBAL, run


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


def test_stats_count_only_active_rows_in_position_and_trigger_order():
    r = run(message="魔法 Alice", history=["龙"], table={"力量": 15, "态度": "友好"})
    with_rejected = wb.activate(
        [GLOBAL], CHAR, message="魔法 Alice", history=["龙"], table={"力量": 15, "态度": "友好"}, include_rejected=True
    )
    assert wb.activation_stats(with_rejected).equals(wb.activation_stats(r))
    stats = wb.activation_stats(r)
    positions = stats.loc[stats["by"] == "position", "key"].tolist()
    assert positions == sorted(positions, key=int)
    triggers = stats.loc[stats["by"] == "trigger", "key"].tolist()
    assert triggers == [t for t in wb.TRIGGER_TYPES if t in set(triggers)]
    assert stats.loc[stats["by"] == "position", "label"].tolist() == [wb.POSITION_LABELS[int(p)] for p in positions]


def test_stats_of_an_empty_result_are_one_total_row_and_format_says_zero():
    stats = wb.activation_stats(wb.activate([], message=""))
    assert stats[["by", "key", "n_entries"]].values.tolist() == [["total", "", 0]]
    assert wb.format_stats(stats) == [
        "[WorldBook] 📊 激活统计:",
        "  - 总激活条目数: 0",
        "  - 按位置分布:",
        "  - 按触发类型分布:",
    ]


def test_format_stats_lists_positions_with_their_number():
    lines = wb.format_stats(wb.activation_stats(run(message="魔法")))
    assert lines[1] == "  - 总激活条目数: 2"
    assert "    * 角色定义之后 (pos=0): 1 个" in lines and "    * constant: 1 个" in lines


def test_activation_log_names_the_scope_and_the_matched_text():
    from kit.worldbook.engine.reporting import activation_log

    r = run(message="魔法", history=["龙"], table={"力量": 15, "态度": "友好"})
    lines = activation_log(r, [GLOBAL, CHAR], scopes={"hero": "character"})
    assert lines[:2] == [
        "[WorldBook] 📖 加载全局世界书 '世界 World'，共 6 个条目",
        "[WorldBook] 📖 加载角色绑定世界书 'Hero'，共 2 个条目",
    ]
    assert "[WorldBook-Check] 🔑 关键词触发(聊天历史) | UID: dragon | 匹配关键词: ['龙']" in lines
    assert '[WorldBook-Check] 📊 条件触发 | UID: strong | tb.力量 > 10 && tb.态度 包括 "友好"' in lines
    assert "[WorldBook-Check] 📌 常驻触发 | UID: base" in lines
    assert any(line.startswith("[WorldBook] ✅ 角色绑定世界书 'Hero' 条目激活 | UID: dragon") for line in lines)
    assert lines[-len(wb.format_stats(wb.activation_stats(r))) :] == wb.format_stats(wb.activation_stats(r))
    # without books: no loading lines, and nothing for rejected rows
    rejected = wb.activate([GLOBAL], message="", include_rejected=True)
    assert not any("UID: off" in line for line in activation_log(rejected))


def test_old_stats_name_warns():
    import pytest

    import kit.worldbook.engine.reporting as reporting

    with pytest.warns(DeprecationWarning, match="STATS_SCHEMA"):
        assert reporting.STATS_COLUMNS is reporting.STATS_SCHEMA
