"""The TriggerTuner's "why not?" view: HTML of :func:`kit.worldbook.analysis.tuning.entry_outcomes` rows."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["render_outcomes"]


def render_outcomes(rows: pd.DataFrame, *, limit: int = 30) -> str:
    """HTML: how many turns got each outcome, then the turns the entry did not fire at, with the reason and near miss.

    ``rows`` are :func:`kit.worldbook.analysis.tuning.entry_outcomes` rows (``conversation_id, turn, outcome, detail,
    near_miss, message``).
    """
    if not len(rows):
        return "<p><i>没有回合 (no turns with this entry's book in play)</i></p>"
    counts = rows["outcome"].value_counts(sort=False)
    summary = " · ".join(f"{html.escape(str(k))} {int(n)}" for k, n in counts.items() if n)
    missed = rows[rows["outcome"] != "activated"]
    items = []
    for r in missed.head(limit).itertuples(index=False):
        near = f" · <b>near miss</b> {html.escape(r.near_miss)}" if r.near_miss else ""
        where = html.escape(f"{r.conversation_id} #{r.turn}")
        items.append(
            f"<li><code>{where}</code> <b>{html.escape(str(r.outcome))}</b>"
            f" <small>{html.escape(r.detail)}{near}</small></li>"
        )
    more = f"<p>… {len(missed) - limit} more</p>" if len(missed) > limit else ""
    return (
        f"<p>为什么没有激活 why not, per turn: {summary}</p>"
        + ("<ol>" + "".join(items) + "</ol>" if items else "")
        + more
    )
