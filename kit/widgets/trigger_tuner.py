"""TriggerTuner: tune one world-book entry's triggers and see at once which turns activate it.

The widget replays the conversations against the edited book (:func:`kit.worldbook.replay`, seeded, so the
numbers are reproducible) and lists the activating turns with the matched text highlighted. All state is in
traitlets (``entry_uid``, ``book``, ``n_turns``, ``n_activated``, ``rate``, ``error``, ``saved_path``); the
HTML is drawn by plain functions of that state, so the widget is tested by setting values and clicking
buttons, without a browser.
"""

from __future__ import annotations

import html
import json
import os
import re
from dataclasses import replace
from typing import Any, Sequence

import ipywidgets as widgets
import traitlets

from kit.worldbook.conditions import parse_condition
from kit.worldbook.trigger_coverage import replay
from kit.worldbook.errors import ConditionSyntaxError
from kit.worldbook.io import detect_format, write_world_book
from kit.worldbook.matching import find_key
from kit.worldbook.model import Entry, KeywordTrigger, WorldBook
from kit.worldbook.studio import Conversation

__all__ = ["TriggerTuner", "highlight", "render_turns"]

_SPLIT = re.compile(r"[,，\n]")


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


def _spans(entry: Entry, text: str) -> list[tuple[int, int]]:
    kw = entry.triggers.keyword
    if kw is None:
        return []
    spans: list[tuple[int, int]] = []
    for key in kw.active_keys:
        spans += find_key(key, text, case_sensitive=kw.case_sensitive, match_whole_words=kw.match_whole_words)
    return spans


def render_turns(entry: Entry, rows: Sequence[dict[str, Any]], *, n_turns: int, n_activated: int, limit: int = 40) -> str:
    """HTML of the activation rate and the activating turns (a plain function of the tuner's state).

    ``rows`` hold ``conversation_id, turn, trigger, matched, matched_in, message, source_text, table``.
    """
    rate = n_activated / n_turns if n_turns else 0.0
    head = (f"<b>激活率 (activation rate)</b>: {n_activated} / {n_turns} turns = {rate:.1%}"
            f" · entry <code>{html.escape(entry.uid)}</code>")
    if not rows:
        return head + "<p><i>没有激活的回合 (no activating turns)</i></p>"
    items = []
    for r in rows[:limit]:
        where = html.escape(f"{r['conversation_id']} #{r['turn']}")
        trig = html.escape(f"{r['trigger']} · {r['matched_in']}")
        if r["trigger"] == "keyword":
            body = highlight(r["source_text"], _spans(entry, r["source_text"]))
            if r["matched_in"] == "history":
                body = "<i>(history)</i> " + body
        elif r["trigger"] == "condition":
            fields = [parse_condition(c).field for c in entry.triggers.conditions]
            values = ", ".join(f"{f}={r['table'].get(f, '∅')}" for f in fields)
            body = html.escape(r["message"]) + f" <small>[{html.escape(values)}]</small>"
        else:
            body = html.escape(r["message"]) + f" <small>[{html.escape(str(r['matched']))}]</small>"
        items.append(f"<li><code>{where}</code> <small>{trig}</small><br>{body}</li>")
    more = f"<p>… {len(rows) - limit} more</p>" if len(rows) > limit else ""
    return head + "<ol>" + "".join(items) + "</ol>" + more


class TriggerTuner(widgets.VBox):
    """Pick an entry, edit its keys, case / whole-word options, conditions and probability, and see the
    turns that activate it; *Save* writes the book back atomically.

    Parameters
    ----------
    book : WorldBook
        The book to tune.
    conversations : sequence of Conversation
        Replayed with the book in play (conversations that name other books only are left out, unless
        none names this book).
    path : str or path, optional
        Where *Save* writes; default ``book.source`` (never a character card: books read from cards need
        ``path``). Books read from SillyTavern are written as SillyTavern world files, others as kit's
        native JSON (:attr:`save_format`).
    scan_depth : int or None
        As for activation.

    Attributes (traitlets)
    ----------------------
    book : WorldBook
        The edited book (updated by *Apply* or by editing the fields).
    entry_uid : str
        The entry being tuned.
    n_turns, n_activated : int ; rate : float
        Replay result for the entry.
    error : str
        The last problem (malformed condition, save failure); empty when none.
    saved_path : str
        Where the book was last saved.
    """

    book = traitlets.Instance(WorldBook)
    entry_uid = traitlets.Unicode()
    n_turns = traitlets.Int(0)
    n_activated = traitlets.Int(0)
    rate = traitlets.Float(0.0)
    error = traitlets.Unicode("")
    saved_path = traitlets.Unicode("")

    def __init__(self, book: WorldBook, conversations: Sequence[Conversation], *, path: str | os.PathLike[str] | None = None,
                 scan_depth: int | None = None, **kwargs: Any) -> None:
        self._loading = True
        self.conversations = self._in_play(book, conversations)
        self.path = str(path) if path is not None else book.source
        self._save_format = self._source_format(book.source)
        self.scan_depth = scan_depth
        self.rows: list[dict[str, Any]] = []
        self.picker = widgets.Dropdown(description="条目 Entry", options=self._options(book))
        self.key_text = widgets.Text(description="关键词 Keys", placeholder="comma-separated")
        self.case_sensitive = widgets.Checkbox(description="区分大小写 Case sensitive")
        self.whole_words = widgets.Checkbox(description="全词匹配 Whole words")
        self.conditions_text = widgets.Textarea(description="条件 Conditions", placeholder="one per line: tb.力量 > 10")
        self.probability = widgets.FloatSlider(description="概率 Probability", min=0.0, max=1.0, step=0.05, value=1.0)
        self.apply_button = widgets.Button(description="应用 Apply")
        self.save_button = widgets.Button(description="保存 Save", button_style="primary")
        self.status = widgets.HTML()
        self.output = widgets.HTML()
        super().__init__(children=[
            self.picker, self.key_text, widgets.HBox([self.case_sensitive, self.whole_words]), self.conditions_text,
            self.probability, widgets.HBox([self.apply_button, self.save_button]), self.status, self.output,
        ], **kwargs)
        self.book = book
        self.apply_button.on_click(lambda _: self.apply())
        self.save_button.on_click(lambda _: self.save())
        self.picker.observe(lambda ch: setattr(self, "entry_uid", ch["new"]), names="value")
        for w in (self.case_sensitive, self.whole_words, self.probability):
            w.observe(lambda _: self.apply(), names="value")
        self._loading = False
        self.entry_uid = self.picker.value or ""

    # -- state -------------------------------------------------------------------------------------------
    @staticmethod
    def _in_play(book: WorldBook, conversations: Sequence[Conversation]) -> list[Conversation]:
        mine = [c for c in conversations
                if c.character_book_id == book.id or (c.global_book_ids is not None and book.id in c.global_book_ids)
                or (c.global_book_ids is None and c.character_book_id is None)]
        chosen = mine or list(conversations)
        return [replace(c, character_book_id=None, global_book_ids=None) for c in chosen]

    @staticmethod
    def _options(book: WorldBook) -> list[tuple[str, str]]:
        return [(f"{e.uid} · {e.comment}" if e.comment else e.uid, e.uid) for e in book.entries]

    @property
    def entry(self) -> Entry:
        """The entry being tuned (as currently edited)."""
        return self.book.entry(self.entry_uid)

    @traitlets.observe("entry_uid")
    def _on_entry(self, change: dict[str, Any]) -> None:
        if self.picker.value != change["new"]:
            self.picker.value = change["new"]
        self._load_fields()
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

    def edited_entry(self) -> Entry:
        """Build the entry from the fields; raises ConditionSyntaxError for a malformed condition."""
        e = self.entry
        keys = tuple(k.strip() for k in _SPLIT.split(self.key_text.value) if k.strip())
        old = e.triggers.keyword or KeywordTrigger()
        keyword = replace(old, keys=keys, case_sensitive=self.case_sensitive.value, match_whole_words=self.whole_words.value)
        conditions = tuple(line.strip() for line in self.conditions_text.value.splitlines() if line.strip())
        for text in conditions:
            try:
                parse_condition(text)
            except ConditionSyntaxError as exc:
                raise exc.with_entry(f"{self.book.id}/{e.uid}") from None
        has_keyword = bool(keys) or bool(old.secondary_keys)
        triggers = replace(e.triggers, keyword=keyword if has_keyword else None, conditions=conditions,
                           probability=float(self.probability.value))
        return replace(e, triggers=triggers)

    def apply(self) -> None:
        """Take the fields into ``book`` and replay (a malformed condition sets ``error`` instead)."""
        if self._loading:
            return
        try:
            entry = self.edited_entry()
        except ConditionSyntaxError as exc:
            self.error = str(exc)
            self.status.value = f"<span style='color:#b00'>{html.escape(self.error)}</span>"
            return
        self.error = ""
        self.status.value = ""
        if entry != self.entry:
            self.book = self.book.replace_entry(entry)
        else:
            self.refresh()

    @traitlets.observe("book")
    def _on_book(self, change: dict[str, Any]) -> None:
        if not self._loading and self.entry_uid:
            self.refresh()

    def refresh(self) -> None:
        """Replay the conversations with the current book and redraw."""
        entry = self.entry
        eid = f"{self.book.id}/{entry.uid}"
        act = replay([self.book], self.conversations, scan_depth=self.scan_depth, rng=0, progress=False)
        mine = act[act["entry_id"] == eid]
        by_id = {c.id: c for c in self.conversations}
        rows = []
        for r in mine.itertuples(index=False):
            conv = by_id[r.conversation_id]
            message = conv.turns[r.turn].message
            source_text = message
            if r.trigger == "keyword" and r.matched_in == "history":
                earlier = conv.messages[: r.turn]
                source_text = next((m for m in reversed(earlier) if _spans(entry, m)), "")
            rows.append({"conversation_id": r.conversation_id, "turn": int(r.turn), "trigger": str(r.trigger),
                         "matched": r.matched, "matched_in": r.matched_in, "message": message,
                         "source_text": source_text, "table": conv.turns[r.turn].table})
        self.rows = rows
        self.n_turns = sum(len(c.turns) for c in self.conversations)
        self.n_activated = len(rows)
        self.rate = self.n_activated / self.n_turns if self.n_turns else 0.0
        self.output.value = render_turns(entry, rows, n_turns=self.n_turns, n_activated=self.n_activated)

    @staticmethod
    def _source_format(source: str | None) -> str:
        if not source or os.path.splitext(source)[1].lower() != ".json":
            return "kit"
        try:
            with open(source, encoding="utf-8-sig") as fh:
                data = json.load(fh)
        except (OSError, ValueError):
            return "kit"
        return "sillytavern" if detect_format(data) == "sillytavern" else "kit"

    @property
    def save_format(self) -> str:
        """The format *Save* writes: ``"sillytavern"`` (a SillyTavern world file, 4-space JSON) when the book
        was read from a SillyTavern world file, so the file stays usable in SillyTavern; else ``"kit"``
        (kit's native JSON)."""
        return self._save_format

    def _refuse_default_path(self) -> str:
        """Why the default path (the book's source) must not be overwritten, or ``""``."""
        if self.path != self.book.source or not self.path:
            return ""
        if os.path.splitext(self.path)[1].lower() == ".png":
            return f"the book was read from the character card {self.path!r}; pass path= to save its lore as a world file"
        if "character_book" in self.book.extra:
            return f"the book was read from the character card (or character_book) {self.path!r}; pass path= to save it as a world book"
        return ""

    def save(self) -> str:
        """Apply the fields and write the book to ``path`` atomically (temporary file in the same folder,
        flush + fsync, ``os.replace``) in :attr:`save_format`; returns the path, or sets ``error`` when there
        is nowhere to write (no path, or the default path is the character card the book was read from,
        which is never overwritten) or writing fails (the old file is then unchanged)."""
        self.apply()
        if self.error:
            return ""
        if not self.path:
            self.error = "no path to save to: pass path= to TriggerTuner"
        else:
            self.error = self._refuse_default_path()
        if self.error:
            self.status.value = f"<span style='color:#b00'>{html.escape(self.error)}</span>"
            return ""
        try:
            if self.save_format == "sillytavern":
                from kit.worldbook.sillytavern import write_world_file

                written = write_world_file(self.book, self.path)
            else:
                written = write_world_book(self.book, self.path)
        except OSError as exc:
            self.error = f"cannot save {self.path!r}: {exc}"
            self.status.value = f"<span style='color:#b00'>{html.escape(self.error)}</span>"
            return ""
        self.saved_path = str(written)
        self.status.value = f"已保存 saved: <code>{html.escape(os.path.basename(self.saved_path))}</code>"
        return self.saved_path
