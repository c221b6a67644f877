"""The design's activation statistics and log lines for an activation result."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kit.core.frames import frame
from kit.worldbook._deprecation import renamed_attributes
from kit.worldbook.book.model import POSITION_LABELS, POSITION_LABELS_ZH, TRIGGER_TYPES, WorldBook

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["STATS_SCHEMA", "activation_stats", "activation_log", "format_stats"]

#: Columns of :func:`activation_stats`.
STATS_SCHEMA: dict[str, Any] = {"by": "string", "key": "string", "label": "string", "n_entries": "int64"}


def activation_stats(result: pd.DataFrame) -> pd.DataFrame:
    """Count active entries by position and by trigger type (the design's statistics).

    Returns
    -------
    DataFrame
        Columns ``by`` (``"total"``, ``"position"`` or ``"trigger"``), ``key`` (position number as text, trigger
        name, or empty), ``label`` (position label, trigger name, or ``"总激活条目数 (total)"``) and
        ``n_entries``. Positions in numeric order, triggers in checking order; only non-zero groups.
    """
    active = result[result["is_active"]] if "is_active" in result else result
    rows = [{"by": "total", "key": "", "label": "总激活条目数 (total)", "n_entries": len(active)}]
    counts = active["position"].value_counts()
    for p in sorted(int(x) for x in counts.index):
        rows.append({"by": "position", "key": str(p), "label": POSITION_LABELS[p], "n_entries": int(counts[p])})
    trig = active["trigger"].astype(str).value_counts()
    for name in TRIGGER_TYPES:
        if name in trig.index:
            rows.append({"by": "trigger", "key": name, "label": name, "n_entries": int(trig[name])})
    return frame(STATS_SCHEMA, rows)


def format_stats(stats: pd.DataFrame) -> list[str]:
    """The design's statistics block for :func:`activation_stats` output, as lines."""
    lines = ["[WorldBook] 📊 激活统计:"]
    total = stats[stats["by"] == "total"]["n_entries"]
    lines.append(f"  - 总激活条目数: {int(total.iloc[0]) if len(total) else 0}")
    lines.append("  - 按位置分布:")
    for row in stats[stats["by"] == "position"].itertuples():
        lines.append(f"    * {POSITION_LABELS_ZH[int(row.key)]} (pos={row.key}): {row.n_entries} 个")
    lines.append("  - 按触发类型分布:")
    for row in stats[stats["by"] == "trigger"].itertuples():
        lines.append(f"    * {row.key}: {row.n_entries} 个")
    return lines


_CHECK_LINES = {
    "constant": "📌 常驻触发",
    "keyword": "🔑 关键词触发",
    "condition": "📊 条件触发",
    "logic": "🧮 逻辑表达式触发",
    "rag": "🔎 RAG检索触发",
}


def activation_log(
    result: pd.DataFrame, books: Sequence[WorldBook] = (), *, scopes: Mapping[str, str] | None = None
) -> list[str]:
    """Return the design's activation log for a result, as lines.

    One ``📖 加载…`` line per book, then per active entry its ``[WorldBook-Check]`` line (a keyword entry's lists
    every key that matched, ``匹配关键词: ['魔法', '火球']``) and its ``✅`` line, then the statistics block of
    :func:`format_stats`.
    """
    scopes = scopes or {}
    lines = []
    for book in books:
        scope = "角色绑定世界书" if scopes.get(book.id) == "character" else "全局世界书"
        lines.append(f"[WorldBook] 📖 加载{scope} '{book.name}'，共 {len(book.entries)} 个条目")
    active = result[result["is_active"]] if "is_active" in result else result
    has_keys = "matched_keys" in active.columns
    for row in active.itertuples(index=False):
        trig = str(row.trigger)
        check = f"[WorldBook-Check] {_CHECK_LINES[trig]}"
        if trig == "keyword":
            where = "用户输入" if row.matched_in == "message" else "聊天历史"
            keys = list(row.matched_keys) if has_keys and isinstance(row.matched_keys, (list, tuple)) else []
            check += f"({where}) | UID: {row.uid} | 匹配关键词: {keys or [row.matched]!r}"
        elif trig == "constant":
            check += f" | UID: {row.uid}"
        else:
            check += f" | UID: {row.uid} | {row.matched}"
        lines.append(check)
        scope = "角色绑定世界书" if row.book_scope == "character" else "全局世界书"
        lines.append(
            f"[WorldBook] ✅ {scope} '{row.book_name}' 条目激活 | UID: {row.uid} | 触发: {trig} | "
            f"位置: {POSITION_LABELS_ZH[int(row.position)]}"
        )
    lines.extend(format_stats(activation_stats(result)))
    return lines


__getattr__ = renamed_attributes(__name__, {"STATS_COLUMNS": "STATS_SCHEMA"}, globals())
