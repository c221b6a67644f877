"""TriggerTuner: tune one world-book entry's triggers and see at once which turns activate it.

The widget replays the conversations against the edited book (seeded, so the numbers are reproducible) and shows
the activation rate before and after the edit with the turns gained and lost ("before": the original file, or the
last save as a second view), the entry's content, and the activating turns with the matched text highlighted
(history matches grouped, constant entries summarised); an entry left with no trigger is warned about. Edits
typed into the key and condition boxes are marked until applied; switching entries with unapplied edits asks
first. Save shows an unsaved marker, a diff preview and a revert, and refuses (in Chinese and English) to overwrite
the bundled sample (``sample_saves/``) unless told; *Save as copy* proposes a path outside it. Wrong arguments
raise :class:`~kit.core.errors.InvalidParameterError` saying what to pass. All state is in traitlets; the HTML is
drawn by plain functions of that state
(:mod:`kit.worldbook.analysis.tuning` computes the turns, changes and diffs), so the widget is tested by setting values
and clicking buttons, without a browser.
"""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets
import pandas as pd
import traitlets

from kit.widgets._checks import check_bool, check_conversations, check_optional_path, check_scan_depth, check_world_book
from kit.widgets._static import StaticView
from kit.widgets._tuner_files import default_copy_path, in_samples, save_refusal, source_format
from kit.widgets._tuner_html import STALE_HTML, entry_html, highlight, render_turns
from kit.widgets._tuner_rate import BASELINES, render_rate, trigger_warning
from kit.widgets._tuner_state import edit_entry, entry_options, in_play
from kit.widgets._tuner_why import render_outcomes  # the "why not?" view
from kit.worldbook.analysis.tuning import (
    compare_turns,
    entry_diff,
    entry_outcomes,
    entry_turns,
    group_history_matches,
)
from kit.worldbook.book.io import write_world_book
from kit.worldbook.book.model import Entry, KeywordTrigger, WorldBook
from kit.worldbook.conversations.studio import Conversation
from kit.worldbook.errors import ConditionSyntaxError

__all__ = ["TriggerTuner", "highlight", "render_turns"]


_WIDE = {"description_width": "initial"}


_in_samples = in_samples  # the old private name


class TriggerTuner(StaticView, widgets.VBox):
    """Pick an entry, edit its keys, case / whole-word options, conditions and probability, and see the
    turns that activate it, before and after the edit; *Save* writes the book back atomically.

    Parameters
    ----------
    book : WorldBook
        The book to tune (``studio.library['lin_wan']``), or the path of a world-book file.
    conversations : sequence of Conversation
        Replayed with the book in play (conversations that name other books only are left out, unless
        none names this book).
    path : str or path, optional
        Where *Save* writes (editable in the "保存到 Save to" box); default ``book.source`` (never a character card:
        books read from cards need ``path``). Books read from SillyTavern are written as SillyTavern world files,
        others as kit's native JSON (:attr:`save_format`).
    scan_depth : int or None
        As for activation.
    overwrite_samples : bool, default=False
        Allow *Save* to overwrite a file inside a ``sample_saves`` folder (the bundled sample, which
        ``python -m kit.samples`` rewrites); by default it refuses and points to *Save as copy*.

    Raises
    ------
    InvalidParameterError
        For an argument of the wrong type, naming it, what it got and what to pass (``TriggerTuner("lin_wan", ...)``:
        "book must be a WorldBook, got str 'lin_wan': use studio.library['lin_wan'] ...").

    Attributes (traitlets)
    ----------------------
    book : WorldBook
        The edited book (updated by *Apply*, the check boxes and the probability slider).
    original_book : WorldBook
        The book as first loaded: the "before" of the comparison by default, across saves.
    saved_book : WorldBook
        The book as last loaded or saved: what *Save* would change (the diff), what *Revert* returns to, and the
        "before" when ``baseline`` is ``"saved"``.
    baseline : {"original", "saved"}
        What the activation rate is compared with (the "对比 Compare with" buttons): the original file (default)
        or the book as last saved.
    entry_uid : str
        The entry being tuned. Switching while the key or condition boxes hold unapplied edits does not switch:
        it sets ``pending_uid`` and shows a prompt (apply and switch / discard and switch / stay).
    has_unapplied_edits, is_unsaved, is_stale : bool
        Edits typed but not applied; a book that differs from ``saved_book``; results older than a failed edit.
    n_turns, n_activated, n_activated_before : int ; rate, rate_before : float
        Replay result for the entry, now and as saved.
    error : str
        The last problem (malformed condition, save refused or failed); empty when none.
    saved_path : str
        Where the book was last saved.
    """

    book = traitlets.Instance(WorldBook)
    original_book = traitlets.Instance(WorldBook)
    saved_book = traitlets.Instance(WorldBook)
    baseline = traitlets.Enum(tuple(BASELINES), default_value="original")
    entry_uid = traitlets.Unicode()
    pending_uid = traitlets.Unicode("")
    has_unapplied_edits = traitlets.Bool(False)
    is_unsaved = traitlets.Bool(False)
    is_stale = traitlets.Bool(False)
    n_turns = traitlets.Int(0)
    n_activated = traitlets.Int(0)
    n_activated_before = traitlets.Int(0)
    rate = traitlets.Float(0.0)
    rate_before = traitlets.Float(0.0)
    error = traitlets.Unicode("")
    saved_path = traitlets.Unicode("")

    def __init__(
        self,
        book: WorldBook | str | os.PathLike[str],
        conversations: Sequence[Conversation],
        *,
        path: str | os.PathLike[str] | None = None,
        scan_depth: int | None = None,
        overwrite_samples: bool = False,
        **kwargs: Any,
    ) -> None:
        book = check_world_book(book)
        conversations = check_conversations(conversations)
        path = check_optional_path(path, "path", "TriggerTuner", example=f"{book.id}_copy.json")
        self.scan_depth = check_scan_depth(scan_depth, "TriggerTuner")
        self.overwrite_samples = check_bool(overwrite_samples, "overwrite_samples", "TriggerTuner")
        self._loading = True
        self.conversations = in_play(book, conversations)
        self._path = path if path is not None else (book.source or "")
        self._save_format = source_format(book.source)
        self.rows: list[dict[str, Any]] = []
        self.changes: pd.DataFrame | None = None
        self._before_cache: dict[tuple[str, str], pd.DataFrame] = {}
        self._loaded_fields: tuple[str, str] = ("", "")
        self._build_controls(book)
        super().__init__(children=self._layout(), **kwargs)
        self.add_class("kit-trigger-tuner")
        with self.hold_trait_notifications():  # the observers see the three books set together
            self.book = book
            self.original_book = book
            self.saved_book = book
        self._connect()
        self._loading = False
        self.entry_uid = self.picker.value or ""

    # -- layout and events ----------------------------------------------------------------------------------
    def _build_controls(self, book: WorldBook) -> None:
        """Create the controls and views (the layout places them; :meth:`_connect` wires them)."""
        wide = widgets.Layout(width="95%")
        self.picker = widgets.Dropdown(description="条目 Entry", options=entry_options(book), style=_WIDE, layout=wide)
        self.entry_info = widgets.HTML()
        self.key_text = widgets.Text(description="关键词 Keys", placeholder="comma-separated", style=_WIDE, layout=wide)
        self.case_sensitive = widgets.Checkbox(description="区分大小写 Case sensitive", style=_WIDE, indent=False)
        self.whole_words = widgets.Checkbox(description="全词匹配 Whole words", style=_WIDE, indent=False)
        self.conditions_text = widgets.Textarea(
            description="条件 Conditions", placeholder="one per line: tb.力量 > 10", style=_WIDE, layout=wide
        )
        self.probability = widgets.FloatSlider(
            description="概率 Probability", min=0.0, max=1.0, step=0.05, value=1.0, style=_WIDE
        )
        self.edit_marker = widgets.HTML()
        self.apply_button = widgets.Button(description="应用 Apply", icon="check")
        self.prompt_label = widgets.HTML()
        self.prompt_apply = widgets.Button(
            description="应用并切换 Apply and switch", layout=widgets.Layout(width="auto")
        )
        self.prompt_discard = widgets.Button(
            description="放弃修改并切换 Discard and switch", button_style="warning", layout=widgets.Layout(width="auto")
        )
        self.prompt_stay = widgets.Button(description="留在此条目 Stay", layout=widgets.Layout(width="auto"))
        self.prompt = widgets.VBox(
            [self.prompt_label, widgets.HBox([self.prompt_apply, self.prompt_discard, self.prompt_stay])],
            layout=widgets.Layout(display="none", border="1px solid #d4a017", padding="4px"),
        )
        self.path_box = widgets.Text(
            value=self.path or "",
            description="保存到 Save to",
            style=_WIDE,
            layout=wide,
            placeholder="path of the world-book file to write",
        )
        self.save_button = widgets.Button(description="保存 Save", button_style="primary", icon="save")
        self.preview_button = widgets.Button(description="预览修改 Preview diff", layout=widgets.Layout(width="auto"))
        self.revert_button = widgets.Button(description="还原 Revert to saved", layout=widgets.Layout(width="auto"))
        self.save_marker = widgets.HTML()
        self.copy_box = widgets.Text(
            value=default_copy_path(book, self._path),
            description="副本 Copy to",
            style=_WIDE,
            layout=widgets.Layout(flex="1 1 auto", width="auto"),
            placeholder="path of the copy to write",
        )
        self.copy_button = widgets.Button(
            description="另存副本 Save as copy", icon="copy", layout=widgets.Layout(width="auto")
        )
        self.compare = widgets.ToggleButtons(
            options=[(f"{zh} {en}", key) for key, (zh, en) in BASELINES.items()],
            description="对比 Compare with",
            style={**_WIDE, "button_width": "auto"},
        )
        self.trigger_warning = widgets.HTML()
        self.status = widgets.HTML()
        self.diff = widgets.HTML()
        self.rate_view = widgets.HTML()
        self.output = widgets.HTML()
        self.why_view = widgets.HTML()  # per-turn outcomes of the entry (why it did not fire)

    def _layout(self) -> list[widgets.Widget]:
        """The tuner's rows, top to bottom: entry and trigger editing, saving, the comparison and the turns."""
        return [
            self.picker,
            self.entry_info,
            self.key_text,
            widgets.HBox([self.case_sensitive, self.whole_words]),
            self.conditions_text,
            self.probability,
            widgets.HBox([self.apply_button, self.edit_marker]),
            self.trigger_warning,
            self.prompt,
            self.path_box,
            widgets.HBox(
                [self.save_button, self.preview_button, self.revert_button, self.save_marker],
                layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
            ),
            widgets.HBox([self.copy_box, self.copy_button], layout=widgets.Layout(width="95%")),
            self.status,
            self.diff,
            self.compare,
            self.rate_view,
            self.output,
            self.why_view,
        ]

    def _connect(self) -> None:
        """Wire the buttons, boxes and the compare toggle to the handlers below."""
        widgets.link((self.compare, "value"), (self, "baseline"))
        self.copy_button.on_click(lambda _: self.save_copy())
        self.apply_button.on_click(lambda _: self.apply())
        self.save_button.on_click(lambda _: self.save())
        self.preview_button.on_click(lambda _: self.preview())
        self.revert_button.on_click(lambda _: self.revert())
        self.prompt_apply.on_click(lambda _: self.resolve_pending("apply"))
        self.prompt_discard.on_click(lambda _: self.resolve_pending("discard"))
        self.prompt_stay.on_click(lambda _: self.resolve_pending("stay"))
        self.picker.observe(self._on_picker, names="value")
        self.path_box.observe(lambda ch: setattr(self, "_path", ch["new"]), names="value")
        for w in (self.case_sensitive, self.whole_words, self.probability):
            w.observe(lambda _: self.apply(), names="value")
        for w in (self.key_text, self.conditions_text):
            w.observe(lambda _: self._mark_edits(), names="value")

    # -- state -------------------------------------------------------------------------------------------
    @property
    def entry(self) -> Entry:
        """The entry being tuned (as currently applied)."""
        return self.book.entry(self.entry_uid)

    def _fields(self) -> tuple[str, str]:
        return (self.key_text.value, self.conditions_text.value)

    def _mark_edits(self) -> None:
        if self._loading:
            return
        self.has_unapplied_edits = self._fields() != self._loaded_fields
        self.edit_marker.value = (
            "<span style='color:#b36b00'>● 有未应用的修改 unapplied edits (press 应用 Apply)</span>"
            if self.has_unapplied_edits
            else ""
        )

    def _on_picker(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and change["new"] != self.entry_uid:
            self.entry_uid = change["new"]

    @traitlets.validate("entry_uid")
    def _valid_entry(self, proposal: dict[str, Any]) -> str:
        new = proposal["value"]
        if self.has_unapplied_edits and new != self.entry_uid and self.entry_uid:
            self.pending_uid = new
            self.prompt_label.value = (
                f"<b>条目 <code>{html.escape(self.entry_uid)}</code> 有未应用的修改。</b> "
                f"Entry <code>{html.escape(self.entry_uid)}</code> has unapplied edits: apply "
                "them, discard them, or stay before switching to "
                f"<code>{html.escape(new)}</code>?"
            )
            self.prompt.layout.display = None
            if self.picker.value != self.entry_uid:
                self.picker.value = self.entry_uid
            return self.entry_uid
        return new

    def resolve_pending(self, choice: str) -> None:
        """Answer the switch prompt: ``"apply"`` (apply the edits, then switch), ``"discard"`` (switch, dropping
        them) or ``"stay"`` (keep editing this entry).
        """
        target, self.pending_uid = self.pending_uid, ""
        self.prompt.layout.display = "none"
        if choice == "stay" or not target:
            return
        if choice == "apply":
            self.apply()
            if self.error:
                return
        self.has_unapplied_edits = False
        self.entry_uid = target

    @traitlets.observe("entry_uid")
    def _on_entry(self, change: dict[str, Any]) -> None:
        if self.picker.value != change["new"]:
            self.picker.value = change["new"]
        self._load_fields()
        self.error = ""
        self.is_stale = False
        self.status.value = ""
        self.refresh()

    def _load_fields(self) -> None:
        e = self.entry
        kw = e.triggers.keyword or KeywordTrigger()
        self._loading = True
        try:
            self.key_text.value = ", ".join(kw.keys)
            self.case_sensitive.value = kw.case_sensitive
            self.whole_words.value = kw.match_whole_words
            self.conditions_text.value = "\n".join(e.triggers.conditions)
            self.probability.value = e.triggers.probability
        finally:
            self._loading = False
        self._loaded_fields = self._fields()
        self._mark_edits()
        self.entry_info.value = entry_html(e)

    def edited_entry(self) -> Entry:
        """Build the entry from the fields; raises ConditionSyntaxError for a malformed condition."""
        return edit_entry(
            self.book,
            self.entry,
            keys=self.key_text.value,
            case_sensitive=self.case_sensitive.value,
            whole_words=self.whole_words.value,
            conditions=self.conditions_text.value,
            probability=float(self.probability.value),
        )

    def _show_error(self, message: str, *, stale: bool) -> None:
        self.error = message
        self.status.value = f"<span style='color:#b00'>{html.escape(message)}</span>"
        if stale and not self.is_stale:
            self.is_stale = True
            self.rate_view.value = STALE_HTML + self.rate_view.value
            self.output.value = f"<div style='opacity:.45'>{self.output.value}</div>"

    def apply(self) -> None:
        """Take the fields into ``book`` and replay (a malformed condition sets ``error`` and marks the results
        stale instead).
        """
        if self._loading:
            return
        try:
            entry = self.edited_entry()
        except ConditionSyntaxError as exc:
            self._show_error(str(exc), stale=True)
            return
        self.error = ""
        self.status.value = ""
        self._loaded_fields = self._fields()
        self._mark_edits()
        if entry != self.entry:
            self.book = self.book.replace_entry(entry)
        else:
            self.refresh()

    @traitlets.observe("book")
    def _on_book(self, change: dict[str, Any]) -> None:
        if not self._loading and self.entry_uid:
            self.refresh()

    @traitlets.observe("book", "saved_book")
    def _on_unsaved(self, _change: dict[str, Any]) -> None:
        self.is_unsaved = self.book != self.saved_book
        n = len(self.changed_entries())
        self.save_marker.value = (
            f"<span style='color:#b36b00'>● 未保存 unsaved changes ({n} entries)</span>"
            if self.is_unsaved
            else "<span style='color:#1b7f2a'>✓ 已保存 saved</span>"
        )

    def changed_entries(self) -> list[str]:
        """Uids of the entries that differ from ``saved_book`` (added or changed)."""
        return [
            e.uid
            for e in self.book.entries
            if e.uid not in {x.uid for x in self.saved_book.entries} or self.saved_book.entry(e.uid) != e
        ]

    def _turn_rows(self, book: WorldBook) -> pd.DataFrame:
        return entry_turns(book, self.conversations, self.entry_uid, scan_depth=self.scan_depth, rng=0)

    def refresh(self) -> None:
        """Replay the conversations with the current book and redraw (rate before and after, changes, turns)."""
        entry = self.entry
        after = self._turn_rows(self.book)
        base = self.baseline_book
        key = (self.baseline, self.entry_uid)
        if key not in self._before_cache:
            try:
                base.entry(self.entry_uid)
                self._before_cache[key] = self._turn_rows(base)
            except KeyError:
                self._before_cache[key] = after.iloc[0:0]
        before = self._before_cache[key]
        try:
            entry_changed = base.entry(self.entry_uid) != entry
        except KeyError:
            entry_changed = True
        by_id = {c.id: c for c in self.conversations}
        self.rows = [
            {**r, "table": by_id[r["conversation_id"]].turns[r["turn"]].table} for r in after.to_dict("records")
        ]
        self.n_turns = sum(len(c.turns) for c in self.conversations)
        self.n_activated = len(after)
        self.n_activated_before = len(before)
        self.rate = self.n_activated / self.n_turns if self.n_turns else 0.0
        self.rate_before = self.n_activated_before / self.n_turns if self.n_turns else 0.0
        self.changes = compare_turns(before, after, self.conversations)
        self.is_stale = False
        self.entry_info.value = entry_html(entry)
        self.rate_view.value = render_rate(
            self.n_activated_before,
            self.n_activated,
            self.n_turns,
            self.changes,
            baseline=self.baseline,
            entry_changed=entry_changed,
        )
        self.trigger_warning.value = trigger_warning(entry)
        self.output.value = render_turns(
            entry, self.rows, n_turns=self.n_turns, n_activated=self.n_activated, groups=group_history_matches(after)
        )
        self.why_view.value = render_outcomes(
            entry_outcomes(self.book, self.conversations, self.entry_uid, scan_depth=self.scan_depth, rng=0)
        )
        if self.diff.value:
            self.preview()

    @property
    def baseline_book(self) -> WorldBook:
        """The "before" of the comparison: ``original_book`` or ``saved_book``, as ``baseline`` says."""
        return self.original_book if self.baseline == "original" else self.saved_book

    @traitlets.observe("baseline")
    def _on_baseline(self, _change: dict[str, Any]) -> None:
        if not self._loading and self.entry_uid:
            self.refresh()

    def diff_text(self) -> str:
        """A unified diff, entry by entry, of what *Save* would change against ``saved_book`` (``""``: nothing)."""
        parts = []
        saved = {e.uid: e for e in self.saved_book.entries}
        for uid in self.changed_entries():
            new = self.book.entry(uid)
            parts.append(entry_diff(saved.get(uid, Entry(uid=uid)), new, name=f"{self.book.id}/{uid}"))
        return "\n".join(parts)

    def preview(self) -> str:
        """Show (and return) :meth:`diff_text` under the save buttons."""
        text = self.diff_text()
        body = html.escape(text) if text else "没有未保存的修改 nothing to save"
        self.diff.value = (
            f"<pre class='kit-diff' style='background:#f6f8fa;padding:4px;font-size:85%;max-height:16em;"
            f"overflow:auto'>{body}</pre>"
        )
        return text

    def revert(self) -> None:
        """Go back to ``saved_book`` (the file as loaded or last saved): applied and unapplied edits are dropped."""
        self._loading = True
        try:
            self.book = self.saved_book
        finally:
            self._loading = False
        self.diff.value = ""
        self.error = ""
        self.status.value = "已还原 reverted to the saved book"
        self.has_unapplied_edits = False
        self._load_fields()
        self.refresh()

    _source_format = staticmethod(source_format)  # the old private name

    @property
    def save_format(self) -> str:
        """The format *Save* writes: ``"sillytavern"`` (a SillyTavern world file, 4-space JSON) when the book
        was read from a SillyTavern world file, so the file stays usable in SillyTavern; else ``"kit"``
        (kit's native JSON).
        """
        return self._save_format

    @property
    def path(self) -> str:
        """Where *Save* writes (the "保存到 Save to" box)."""
        return self._path

    @path.setter
    def path(self, value: str | os.PathLike[str]) -> None:
        self._path = str(value)
        if self.path_box.value != self._path:
            self.path_box.value = self._path

    def save(self) -> str:
        """Apply the fields and write the book to ``path`` atomically (temporary file in the same folder,
        flush + fsync, ``os.replace``) in :attr:`save_format`; returns the path, or sets ``error`` (bilingual, saying
        what to do instead) when there is nowhere to write (no path; the default path is the character card the
        book was read from, which is never overwritten; the path is an existing file inside ``sample_saves/`` and
        ``overwrite_samples`` is off) or writing fails (the old file is then unchanged). After a save,
        ``saved_book`` is the book; ``original_book`` stays the comparison's default "before".
        """
        self.apply()
        if self.error:
            return ""
        problem = save_refusal(self.path, self.book, overwrite_samples=self.overwrite_samples)
        if problem:
            self._show_error(problem, stale=False)
            return ""
        return self._write(self.path)

    def save_copy(self, path: str | os.PathLike[str] | None = None) -> str:
        """*Save as copy*: write the book to ``path`` (default: the "副本 Copy to" box, which proposes
        ``<name>_copy.json`` outside ``sample_saves/``), which then becomes where *Save* writes. A copy is never
        written inside ``sample_saves/`` over an existing file (unless ``overwrite_samples``). Returns the path
        written, or ``""`` with ``error`` set.
        """
        target = check_optional_path(path, "path", "TriggerTuner.save_copy", example=self.copy_box.value)
        target = target if target is not None else self.copy_box.value.strip()
        self.apply()
        if self.error:
            return ""
        if not target:
            self._show_error("没有副本路径 no path for the copy: type one into 副本 Copy to", stale=False)
            return ""
        if in_samples(target) and os.path.exists(target) and not self.overwrite_samples:
            self._show_error(save_refusal(target, self.book, overwrite_samples=False), stale=False)
            return ""
        written = self._write(target)
        if written:
            self.path = target
        return written

    def _write(self, target: str) -> str:
        try:
            if self.save_format == "sillytavern":
                from kit.worldbook.sillytavern import write_world_file

                written = write_world_file(self.book, target)
            else:
                written = write_world_book(self.book, target)
        except OSError as exc:
            self._show_error(f"保存失败 cannot save {target!r}: {exc}", stale=False)
            return ""
        self.saved_path = str(written)
        self._before_cache = {k: v for k, v in self._before_cache.items() if k[0] != "saved"}
        self.saved_book = self.book
        self.diff.value = ""
        self.refresh()
        self.status.value = f"已保存 saved: <code>{html.escape(os.path.basename(self.saved_path))}</code>"
        return self.saved_path

    def static_text(self) -> str:
        marks = (" · unapplied edits" if self.has_unapplied_edits else "") + (" · unsaved" if self.is_unsaved else "")
        return (
            f"TriggerTuner: {self.book.id}/{self.entry_uid} · {self.n_activated} / {self.n_turns} turns "
            f"({self.baseline}: {self.n_activated_before}){marks}"
        )
