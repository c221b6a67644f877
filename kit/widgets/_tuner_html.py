"""The trigger tuner's HTML, drawn by plain functions of its state: the entry card, the activating turns (matched
text highlighted, history matches grouped, constant entries summarised) and the stale-results banner.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import pandas as pd

from kit.worldbook.analysis.tuning import key_spans
from kit.worldbook.book.conditions import parse_condition
from kit.worldbook.book.model import Entry

__all__ = ["STALE_HTML", "entry_html", "highlight", "render_turns"]


def highlight(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """Return ``text`` as HTML with the ``(start, end)`` spans wrapped in ``<mark>``."""
    out, last = [], 0
    for start, end in sorted(spans):
        if start < last:
            continue
        out.append(html.escape(text[last:start]))
        out.append(f"<mark>{html.escape(text[start:end])}</mark>")
        last = end
    out.append(html.escape(text[last:]))
    return "".join(out)


#: Shown above results older than an edit that failed.
STALE_HTML = (
    "<div class='kit-stale' style='border-left:3px solid #b00;padding:2px 8px;background:#fdecea'>"
    "⚠ 结果已过期 stale: these results are from before the edit that failed; fix it and apply again.</div>"
)


def _turn_body(entry: Entry, r: dict[str, Any]) -> str:
    if r["trigger"] == "keyword":
        return highlight(r["source_text"], key_spans(entry, r["source_text"]))
    if r["trigger"] == "condition":
        fields = [parse_condition(c).field for c in entry.triggers.conditions]
        values = ", ".join(f"{f}={r['table'].get(f, '∅')}" for f in fields)
        return html.escape(r["message"]) + f" <small>[{html.escape(values)}]</small>"
    matched = f" <small>[{html.escape(str(r['matched']))}]</small>" if r.get("matched") else ""
    return html.escape(r["message"]) + matched


def render_turns(
    entry: Entry,
    rows: Sequence[dict[str, Any]],
    *,
    n_turns: int,
    n_activated: int,
    limit: int = 40,
    groups: pd.DataFrame | None = None,
) -> str:
    """HTML of the activating turns (a plain function of the tuner's state).

    ``rows`` hold ``conversation_id, turn, trigger, matched, matched_in, message, source_text, table``. A constant
    entry is summarised in one line; history keyword matches are shown once per :func:`group_history_matches` run
    (``groups``) instead of once per turn.
    """
    where = f"entry <code>{html.escape(entry.uid)}</code>"
    if not rows:
        return f"<p><i>没有激活的回合 (no activating turns) · {where}</i></p>"
    if entry.triggers.constant and all(r["trigger"] == "constant" for r in rows):
        gate = (
            f"; 概率 probability {entry.triggers.probability:g} keeps it in {n_activated} of them"
            if entry.triggers.probability < 1
            else ""
        )
        return (
            f"<p>常驻条目 constant entry · {where}: active in {n_activated} of {n_turns} turns "
            f"(every turn it is in play{gate}); no turns listed.</p>"
        )
    items = []
    grouped = {
        (g.conversation_id, t): g
        for g in (groups.itertuples(index=False) if groups is not None else ())
        for t in range(g.first_turn, g.last_turn + 1)
    }
    shown_groups: set[tuple[str, int]] = set()
    for r in rows:
        g = grouped.get((r["conversation_id"], r["turn"])) if r["matched_in"] == "history" else None
        if g is not None:
            if (g.conversation_id, g.first_turn) in shown_groups:
                continue
            shown_groups.add((g.conversation_id, g.first_turn))
            span = f"#{g.first_turn}–#{g.last_turn}" if g.n_turns > 1 else f"#{g.first_turn}"
            body = "<i>(history)</i> " + highlight(g.source_text, key_spans(entry, g.source_text))
            items.append(
                f"<li><code>{html.escape(f'{g.conversation_id} {span}')}</code> <small>keyword · history · "
                f"{g.n_turns} turns</small><br>{body}</li>"
            )
        else:
            trig = html.escape(f"{r['trigger']} · {r['matched_in']}")
            items.append(
                f"<li><code>{html.escape(str(r['conversation_id']) + ' #' + str(r['turn']))}</code> "
                f"<small>{trig}</small><br>{_turn_body(entry, r)}</li>"
            )
    more = f"<p>… {len(items) - limit} more</p>" if len(items) > limit else ""
    return f"<p>激活的回合 activating turns · {where}</p><ol>" + "".join(items[:limit]) + "</ol>" + more


def entry_html(entry: Entry) -> str:
    """HTML of the entry as a reader needs it: comment, position, triggers configured, and its content."""
    triggers = ", ".join(entry.triggers.configured) or "none"
    state = " · <b style='color:#b00'>已禁用 disabled</b>" if entry.disable else ""
    content = html.escape(entry.content)
    return (
        f"<div class='kit-entry' style='border:1px solid #ddd;padding:4px 8px;background:#fafafa'>"
        f"<b>{html.escape(entry.comment or entry.uid)}</b> <code>{html.escape(entry.uid)}</code> · "
        f"{html.escape(entry.position_label)} · triggers: {html.escape(triggers)}{state}"
        f"<div style='white-space:pre-wrap;max-height:8em;overflow:auto;font-size:90%;margin-top:3px'>"
        f"{content}</div></div>"
    )
