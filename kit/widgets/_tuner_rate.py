"""The trigger tuner's rate line and warnings: plain functions of its state, drawn as HTML.

:func:`render_rate` compares the activation rate with a baseline (the original file, or the book as last saved)
and lists the turns gained and lost; :func:`trigger_warning` flags an entry left with no trigger.
"""

from __future__ import annotations

import html

import pandas as pd

from kit.worldbook.book.model import Entry

__all__ = ["BASELINES", "render_rate", "trigger_warning"]

#: The comparison baselines: the book as first loaded (the original file) and the book as last saved.
BASELINES = {"original": ("原文件", "the original file"), "saved": ("上次保存", "last saved")}


def render_rate(
    n_before: int,
    n_after: int,
    n_turns: int,
    changes: pd.DataFrame | None = None,
    *,
    limit: int = 20,
    baseline: str = "original",
    entry_changed: bool = True,
) -> str:
    """HTML of the before -> after activation rate and the turns gained and lost (:func:`compare_turns` rows).

    ``baseline`` names the "before" (``"original"``: the file as loaded; ``"saved"``: as last saved). With no
    turn gained or lost, the line says that *this entry* is as in the baseline when it is unchanged
    (``entry_changed=False``: never "same as saved" beside an unsaved edit of another entry), else that the edit
    changes no activating turn.
    """

    def pct(n: int) -> str:
        return f"{n / n_turns:.1%}" if n_turns else "0.0%"

    zh, en = BASELINES[baseline]
    head = f"<b>激活率 activation rate</b>: {n_after} / {n_turns} turns = {pct(n_after)}"
    if changes is None:
        return head
    if changes.empty and n_before == n_after:
        same = (
            f"此条目与{zh}相同 this entry is {'as last saved' if baseline == 'saved' else 'as in ' + en}"
            if not entry_changed
            else f"激活的回合没有变化 the edit changes no activating turn (vs {en})"
        )
        return head + f" <small>({same})</small>"
    gained, lost = changes[changes["change"] == "gained"], changes[changes["change"] == "lost"]
    head = (
        f"<b>激活率 activation rate</b>: {zh} {en} {n_before} / {n_turns} = {pct(n_before)} → 现在 now "
        f"{n_after} / {n_turns} = {pct(n_after)} · <span style='color:#1b7f2a'>+{len(gained)} 新增 gained</span>"
        f" · <span style='color:#b00'>−{len(lost)} 失去 lost</span>"
    )
    parts = [head]
    for label, part, colour in (
        ("新增的回合 turns gained", gained, "#1b7f2a"),
        ("失去的回合 turns lost", lost, "#b00"),
    ):
        if part.empty:
            continue
        items = "".join(
            f"<li><code>{html.escape(f'{r.conversation_id} #{r.turn}')}</code> {html.escape(r.message)}</li>"
            for r in part.head(limit).itertuples(index=False)
        )
        more = f"<li>… {len(part) - limit} more</li>" if len(part) > limit else ""
        parts.append(
            f"<details open><summary style='color:{colour}'>{label} ({len(part)})</summary>"
            f"<ul style='margin:2px 0'>{items}{more}</ul></details>"
        )
    return "".join(parts)


def trigger_warning(entry: Entry) -> str:
    """HTML warning for an entry with no trigger left (no keys, conditions, logic or retrieval, not constant): it
    can never activate. ``""`` when it has one.
    """
    if entry.triggers.configured:
        return ""
    return (
        "<div class='kit-warning' style='border-left:3px solid #d4a017;padding:2px 8px;background:#fff8e1'>"
        f"⚠ 条目 <code>{html.escape(entry.uid)}</code> 没有触发条件，永远不会激活。 Entry "
        f"<code>{html.escape(entry.uid)}</code> has no trigger left, so it never activates: add keys or "
        "conditions, or make it constant.</div>"
    )
