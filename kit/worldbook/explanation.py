"""Why an entry activated (or not): one row per check it went through."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from kit.core.frames import frame
from kit.worldbook.activation import Activator
from kit.worldbook.conditions import parse_condition
from kit.worldbook.errors import ConditionSyntaxError
from kit.worldbook.logic import evaluate_logic, logic_keys, parse_logic
from kit.worldbook.matching import find_key
from kit.worldbook.model import Entry, WorldBook

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["EXPLAIN_COLUMNS", "explain"]

#: Columns of :func:`explain`.
EXPLAIN_COLUMNS: dict[str, Any] = {
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


def explain(
    entry: Entry,
    *,
    message: str = "",
    history: Sequence[str] = (),
    table: Mapping[str, Any] | None = None,
    scan_depth: int | None = None,
) -> pd.DataFrame:
    """List every check made for one entry, in the order activation makes them.

    Parameters
    ----------
    entry : Entry
    message, history, table, scan_depth
        As for :func:`kit.worldbook.activate`.

    Returns
    -------
    DataFrame
        Columns ``step`` (1, 2, …), ``check`` (``enabled``, ``constant``, ``key``, ``secondary_key``,
        ``secondary_logic``, ``condition``, ``logic``, ``rag``, ``probability``, ``fires``), ``item`` (the key,
        condition or expression), ``source`` (``message``, ``history[i]`` with ``i`` the index in ``history``,
        ``table``, or empty), ``value`` (the matched text or the table value), ``passed`` and ``detail``.
        Probability, groups and dependencies depend on the other entries and on the draw; they are listed
        (probability) or left to ``activate(..., include_rejected=True)``.
    """
    history = list(history)
    if scan_depth is None:
        window, offset = history, 0
    else:
        window = history[len(history) - scan_depth :] if scan_depth else []
        offset = len(history) - len(window)
    table = table or {}
    rows: list[dict[str, Any]] = []

    def add(check: str, item: str, source: str, value: Any, passed: bool, detail: str) -> None:
        rows.append({"step": len(rows) + 1, "check": check, "item": item, "source": source, "value": value,
                     "passed": bool(passed), "detail": detail})

    t = entry.triggers
    add("enabled", "disable", "", entry.disable, not entry.disable, "disabled entries never activate" if entry.disable else "")
    add("constant", "constant", "", t.constant, t.constant, "always fires" if t.constant else "not constant")
    kw = t.keyword
    cs = kw.case_sensitive if kw else False
    ww = kw.match_whole_words if kw else False
    options = f"case {'sensitive' if cs else 'insensitive'}, {'whole words' if ww else 'substring'}"
    primary_ok = False
    if kw is not None:
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
            secondary_ok = {"and_any": any(found), "not_all": not all(found), "not_any": not any(found), "and_all": all(found)}[logic]
            add("secondary_logic", logic, "", sum(found), secondary_ok, f"{sum(found)} of {len(found)} secondary keys found")
        primary_ok = primary_ok and secondary_ok
    cond_ok = bool(t.conditions)
    for text in t.conditions:
        try:
            cond = parse_condition(text)
        except ConditionSyntaxError as exc:
            add("condition", text, "table", None, False, str(exc))
            cond_ok = False
            continue
        r = cond.evaluate(table)
        cond_ok = cond_ok and r.holds
        add("condition", text, "table", r.actual, r.holds, r.reason)
    logic_ok = False
    if t.logic_expression:
        try:
            tree = parse_logic(t.logic_expression)
        except ConditionSyntaxError as exc:
            add("logic", t.logic_expression, "", None, False, str(exc))
        else:
            texts = [message, *window]
            found_keys = {k: any(find_key(k, x, case_sensitive=cs, match_whole_words=ww) for x in texts) for k in logic_keys(tree)}
            logic_ok = evaluate_logic(tree, found_keys.__getitem__, lambda c: c.evaluate(table).holds)
            detail = ", ".join(f"{k}={'found' if v else 'absent'}" for k, v in found_keys.items())
            add("logic", t.logic_expression, "expression", None, logic_ok, detail)
    rag_ok = False
    if t.rag is not None:
        alone = Activator([WorldBook("_explain", "", (replace(entry, disable=False),))])
        scores = alone.rag_scores(message, window)
        score = scores.get(0)
        rag_ok = score is not None
        detail = (f"score {score:.3f} >= {t.rag.threshold:g}" if rag_ok else f"score below {t.rag.threshold:g} (or no overlap)")
        add("rag", f"threshold={t.rag.threshold:g}, top_k={t.rag.top_k}", "retrieval", None if score is None else round(score, 6),
            rag_ok, detail + "; measured against this entry alone (top_k also depends on the other retrieval entries)")
    if t.probability < 1.0:
        add("probability", f"{t.probability:g}", "", t.probability, True, "one draw from rng when a trigger fires")
    fired = [name for name, ok in (("constant", t.constant), ("keyword", primary_ok), ("condition", cond_ok), ("logic", logic_ok), ("rag", rag_ok)) if ok]
    fires = not entry.disable and bool(fired)
    configured = ", ".join(t.configured) or "none"
    add("fires", fired[0] if fires else "", "", ", ".join(fired), fires,
        f"triggers configured: {configured}" + ("" if not entry.disable else "; disabled"))
    return frame(EXPLAIN_COLUMNS, rows)
