"""Why an entry activated (or not): one row per check it went through, then its outcome."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from kit.core.frames import frame
from kit.worldbook._deprecation import renamed_attributes
from kit.worldbook.analysis.outcomes import why
from kit.worldbook.book.conditions import parse_condition
from kit.worldbook.book.logic import evaluate_logic, logic_keys, parse_logic
from kit.worldbook.book.model import Entry, WorldBook
from kit.worldbook.engine.activation import Activator
from kit.worldbook.engine.matching import find_key
from kit.worldbook.errors import ConditionSyntaxError

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["EXPLAIN_SCHEMA", "explain"]

#: Columns of :func:`explain`.
EXPLAIN_SCHEMA: dict[str, Any] = {
    "step": "int64",
    "check": "string",
    "item": "string",
    "source": "string",
    "value": "object",
    "passed": "bool",
    "detail": "string",
}


def _where(key: str, message: str, window: Sequence[str], offset: int, cs: bool, ww: bool) -> tuple[str, str]:
    spans = find_key(key, message, case_sensitive=cs, match_whole_words=ww)
    if spans:
        s, e = spans[0]
        return "message", message[s:e]
    for i in range(len(window) - 1, -1, -1):
        spans = find_key(key, window[i], case_sensitive=cs, match_whole_words=ww)
        if spans:
            s, e = spans[0]
            return f"history[{offset + i}]", window[i][s:e]
    return "", ""


def _keyword_rows(add: Any, entry: Entry, message: str, window: Sequence[str], offset: int) -> bool:
    """The key, secondary-key and secondary-logic rows; whether the keyword trigger fires."""
    kw = entry.triggers.keyword
    if kw is None:
        return False
    cs, ww = kw.case_sensitive, kw.match_whole_words
    options = f"case {'sensitive' if cs else 'insensitive'}, {'whole words' if ww else 'substring'}"
    primary_ok = False
    for key in kw.keys:
        if not key:
            add("key", key, "", "", False, "empty key ignored")
            continue
        source, text = _where(key, message, window, offset, cs, ww)
        primary_ok = primary_ok or bool(source)
        add("key", key, source, text, bool(source), f"found ({options})" if source else f"not found ({options})")
    found = []
    for key in kw.active_secondary_keys:
        source, text = _where(key, message, window, offset, cs, ww)
        found.append(bool(source))
        add("secondary_key", key, source, text, bool(source), "found" if source else "not found")
    secondary_ok = True
    if kw.active_secondary_keys:
        logic = kw.secondary_logic
        secondary_ok = {
            "and_any": any(found),
            "not_all": not all(found),
            "not_any": not any(found),
            "and_all": all(found),
        }[logic]
        add(
            "secondary_logic", logic, "", sum(found), secondary_ok, f"{sum(found)} of {len(found)} secondary keys found"
        )
    return primary_ok and secondary_ok


def _condition_rows(add: Any, entry: Entry, table: Mapping[str, Any]) -> bool:
    ok = bool(entry.triggers.conditions)
    for text in entry.triggers.conditions:
        try:
            cond = parse_condition(text)
        except ConditionSyntaxError as exc:
            add("condition", text, "table", None, False, str(exc))
            ok = False
            continue
        r = cond.evaluate(table)
        ok = ok and r.holds
        add("condition", text, "table", r.actual, r.holds, r.reason)
    return ok


def _logic_row(add: Any, entry: Entry, message: str, window: Sequence[str], table: Mapping[str, Any]) -> bool:
    t = entry.triggers
    if not t.logic_expression:
        return False
    try:
        tree = parse_logic(t.logic_expression)
    except ConditionSyntaxError as exc:
        add("logic", t.logic_expression, "", None, False, str(exc))
        return False
    cs = t.keyword.case_sensitive if t.keyword else False
    ww = t.keyword.match_whole_words if t.keyword else False
    texts = [message, *window]
    found_keys = {
        k: any(find_key(k, x, case_sensitive=cs, match_whole_words=ww) for x in texts) for k in logic_keys(tree)
    }
    ok = evaluate_logic(tree, found_keys.__getitem__, lambda c: c.evaluate(table).holds)
    detail = ", ".join(f"{k}={'found' if v else 'absent'}" for k, v in found_keys.items())
    add("logic", t.logic_expression, "expression", None, ok, detail)
    return ok


def _rag_row(add: Any, entry: Entry, message: str, window: Sequence[str]) -> bool:
    rag = entry.triggers.rag
    if rag is None:
        return False
    alone = Activator([WorldBook("_explain", "", (replace(entry, disable=False),))])
    score = alone.rag_scores(message, window).get(0)
    ok = score is not None
    detail = f"score {score:.3f} >= {rag.threshold:g}" if ok else f"score below {rag.threshold:g} (or no overlap)"
    add(
        "rag",
        f"threshold={rag.threshold:g}, top_k={rag.top_k}",
        "retrieval",
        None if score is None else round(score, 6),
        ok,
        detail + "; measured against this entry alone (top_k also depends on the other retrieval entries)",
    )
    return ok


def explain(
    entry: Entry,
    *,
    message: str = "",
    history: Sequence[str] = (),
    table: Mapping[str, Any] | None = None,
    scan_depth: int | None = None,
    rng: Any = 0,
) -> pd.DataFrame:
    """List every check made for one entry, in the order activation makes them, and its outcome.

    Parameters
    ----------
    entry : Entry
    message, history, table, scan_depth
        As for :func:`kit.worldbook.activate`.
    rng : int, numpy Generator or None, default=0
        The probability draw of the ``outcome`` row (seeded by default, so the row is reproducible).

    Returns
    -------
    DataFrame
        Columns ``step`` (1, 2, …), ``check`` (``enabled``, ``constant``, ``key``, ``secondary_key``,
        ``secondary_logic``, ``condition``, ``logic``, ``rag``, ``probability``, ``fires``, ``outcome``), ``item``
        (the key, condition or expression; for ``outcome`` the code of :data:`kit.worldbook.OUTCOMES`),
        ``source`` (``message``, ``history[i]`` with ``i`` the index in ``history``, ``table``, or empty),
        ``value`` (the matched text or the table value; for ``outcome`` the near miss), ``passed`` and ``detail``.
        The ``outcome`` row is :func:`kit.worldbook.why` for the entry alone: groups, excludes and requires
        depend on the other entries (ask ``why`` with all the books for them).
    """
    history = list(history)
    window = history if scan_depth is None else (history[len(history) - scan_depth :] if scan_depth else [])
    offset = len(history) - len(window)
    table = table or {}
    rows: list[dict[str, Any]] = []

    def add(check: str, item: str, source: str, value: Any, passed: bool, detail: str) -> None:
        rows.append(
            {
                "step": len(rows) + 1,
                "check": check,
                "item": item,
                "source": source,
                "value": value,
                "passed": bool(passed),
                "detail": detail,
            }
        )

    t = entry.triggers
    add(
        "enabled",
        "disable",
        "",
        entry.disable,
        not entry.disable,
        "disabled entries never activate" if entry.disable else "",
    )
    add("constant", "constant", "", t.constant, t.constant, "always fires" if t.constant else "not constant")
    checks = (
        ("constant", t.constant),
        ("keyword", _keyword_rows(add, entry, message, window, offset)),
        ("condition", _condition_rows(add, entry, table)),
        ("logic", _logic_row(add, entry, message, window, table)),
        ("rag", _rag_row(add, entry, message, window)),
    )
    if t.probability < 1.0:
        add("probability", f"{t.probability:g}", "", t.probability, True, "one draw from rng when a trigger fires")
    fired = [name for name, ok in checks if ok]
    fires = not entry.disable and bool(fired)
    add(
        "fires",
        fired[0] if fires else "",
        "",
        ", ".join(fired),
        fires,
        f"triggers configured: {', '.join(t.configured) or 'none'}" + ("" if not entry.disable else "; disabled"),
    )
    alone = WorldBook("_explain", "", (entry,))
    out = why([alone], message=message, history=history, table=table, scan_depth=scan_depth, rng=rng).iloc[0]
    add("outcome", str(out["outcome"]), "", out["near_miss"], out["outcome"] == "activated", out["detail"])
    return frame(EXPLAIN_SCHEMA, rows)


# The old ``*_COLUMNS`` names keep working for one release and warn.
__getattr__ = renamed_attributes(__name__, {"EXPLAIN_COLUMNS": "EXPLAIN_SCHEMA"}, globals())
