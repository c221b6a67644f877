"""``SearchExplorer``: search a save's documents tables and see why a paragraph ranked where it did.

A thin view over :meth:`kit.AgentDatabase.search` and :meth:`kit.retrieval.ParagraphIndex.explain`:
pick the scope (shared or one player, by name where the save knows it), the documents table and the language
(by default chosen from the query's script, :func:`kit.retrieval.text.query_language`), type a query and press
Enter; click a result to see the term-level explanation. A query given to the constructor is searched at once,
and changing any control searches again.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
import pandas as pd
import traitlets

from kit.core.errors import InvalidParameterError, KitError
from kit.retrieval.text import highlight_terms, plain_text, query_language, script_language
from kit.widgets._static import StaticView

if TYPE_CHECKING:
    from kit.saves.database import AgentDatabase
    from kit.saves.handle import Weighting
    from kit.saves.save import Save

__all__ = ["SearchExplorer", "scope_options", "documents_sources", "player_names", "AUTO", "MAX_LIMIT"]

SHARED = "shared"
AUTO = "auto"  #: the language value that means "chosen from the query's script"
MAX_LIMIT = 50  #: the most results one search shows
SNIPPET_CHARS = 300
WEIGHTINGS = ("tfidf", "bm25")
# the table style of the other kit widgets (CardBrowser's detail tables)
_TABLE = "border-collapse:collapse;font-size:90%;margin:2px 0 8px 0;border:1px solid #d0d7de"
_TH = "text-align:left;padding:3px 8px;background:#eef2f6;border-bottom:2px solid #c6ced8;white-space:nowrap"
_TD = "padding:3px 8px;vertical-align:top;border-bottom:1px solid #e4e8ec;text-align:right"
_EXPLAIN_LABELS = {
    "term": "词项 term",
    "query_weight": "查询权重 query weight",
    "doc_weight": "段落权重 paragraph weight",
    "contribution": "贡献 contribution",
    "share": "占比 share",
    "n_in_query": "查询中 in query",
    "n_in_paragraph": "段落中 in paragraph",
    "idf": "idf",
}
_SCRIPT_NAMES = {"zh_cn": "Chinese 中文", "en_us": "English 英文"}


def explanation_table(terms: pd.DataFrame) -> str:
    """The term table of :meth:`kit.retrieval.ParagraphIndex.explain` as styled HTML (bilingual headers)."""
    columns = list(terms.columns)
    head = "".join(f"<th style='{_TH}'>{html.escape(_EXPLAIN_LABELS.get(c, c))}</th>" for c in columns)
    rows = []
    for i, values in enumerate(terms.itertuples(index=False)):
        cells = "".join(
            f"<td style='{_TD}'>{html.escape(f'{v:.4f}' if isinstance(v, float) else str(v))}</td>" for v in values
        )
        shade = " style='background:#f7f9fb'" if i % 2 else ""
        rows.append(f"<tr{shade}>{cells}</tr>")
    return f"<table class='kit-table' style='{_TABLE}'><tr>{head}</tr>{''.join(rows)}</table>"


def _open(save: object) -> Save:
    """``save`` itself when it is an opened Save, the save at ``save`` when it is a path; else a clear error."""
    import os

    from kit.saves.save import Save, open_save

    if isinstance(save, Save):
        return save
    if isinstance(save, (str, os.PathLike)):
        return open_save(save)
    raise InvalidParameterError(
        f"The 'save' parameter of SearchExplorer must be a Save or a save folder path, got {type(save).__name__} "
        f"{save!r}: use SearchExplorer(kit.open_save('sample_saves/aurora_server')) or pass the folder's path"
    )


def player_names(save: Save) -> dict[str, str]:
    """Player UUID -> name, from the save's ``usercache.json`` (server root) and FTB Teams' player files.

    Unreadable or missing files give no names (the explorer then shows the UUID); nothing is written.
    """
    root = Path(save.path)
    names: dict[str, str] = {}
    for folder in (root, root.parent):
        cache = folder / "usercache.json"
        if cache.is_file() and cache.stat().st_size < 16 << 20:
            try:
                data = json.loads(cache.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                data = []
            for row in data if isinstance(data, list) else []:
                if isinstance(row, dict) and isinstance(row.get("uuid"), str) and isinstance(row.get("name"), str):
                    names.setdefault(row["uuid"].lower(), row["name"])
    if (root / "ftbteams").is_dir():
        try:
            import kit.ftb

            players = kit.ftb.read_progress(root, strict=False).players()
        except (KitError, OSError, ValueError):
            players = None
        if players is not None:
            for uuid, name in zip(players["player_uuid"], players["player_name"]):
                if name:
                    names.setdefault(str(uuid).lower(), str(name))
    return names


def scope_options(save: Save, names: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(label, value) pairs: the shared database, then every player with a database file (by name when known)."""
    names = player_names(save) if names is None else names
    out = [("共享 shared", SHARED)]
    for uuid in save.databases.player_uuids():
        name = names.get(uuid)
        out.append((f"玩家 player {name} ({uuid[:8]}…)" if name else f"玩家 player {uuid}", uuid))
    return out


def _database(save: Save, scope: str) -> AgentDatabase:
    return save.databases.shared() if scope == SHARED else save.databases.player(scope)


def documents_sources(db: AgentDatabase) -> list[str]:
    """The documents tables stored in ``db``, sorted."""
    tables = db.tables()
    return tables.loc[tables["is_documents"], "table_id"].tolist()


def _languages(db: AgentDatabase, source: str) -> list[str]:
    if not source:
        return []
    return sorted(db.documents(source))


class SearchExplorer(StaticView, widgets.VBox):
    """Search explorer for one save.

    Parameters
    ----------
    save : Save
        The opened save.
    query : str, default=""
        Searched at once when given.
    language : str, default="auto"
        A language of the table, or ``"auto"``: chosen from the query's script (Chinese characters -> ``zh_cn``,
        Latin letters -> ``en_us``).
    limit : int, default=5
        Results per search; more than 50 is capped at 50 and the status line says so.
    weighting : {"tfidf", "bm25"}, default="tfidf"
        How paragraphs are ranked (:meth:`kit.AgentDatabase.search`); TF-IDF is what the design's server uses.

    ``save`` may also be a save folder's path (it is then opened). Snippets mark the query's terms; the
    explanation of a result lists the query's stop words, which score nothing.

    State (traitlets): ``scope`` ("shared" or a player UUID), ``source`` (documents table id), ``language``,
    ``query``, ``limit`` and ``selected`` (the clicked result's rank, 0 for none). ``results`` holds the last
    search's frame (the columns of ``ParagraphIndex.search``); :attr:`effective_language` the language searched.
    """

    scope = traitlets.Unicode(SHARED)
    source = traitlets.Unicode("")
    language = traitlets.Unicode(AUTO)
    query = traitlets.Unicode("")
    limit = traitlets.Int(5)
    selected = traitlets.Int(0)

    def __init__(
        self,
        save: Save | str | Path,
        *,
        query: str = "",
        language: str = AUTO,
        limit: int = 5,
        weighting: Weighting = "tfidf",
    ) -> None:
        save = _open(save)
        if weighting not in WEIGHTINGS:
            raise InvalidParameterError(
                f"The 'weighting' parameter of SearchExplorer must be a str among "
                f"{{'tfidf', 'bm25'}}. Got {weighting!r} instead."
            )
        if not isinstance(language, str):
            raise InvalidParameterError(
                f"The 'language' parameter of SearchExplorer must be a str ('auto' or a "
                f"language such as 'zh_cn'). Got {language!r} instead."
            )
        self.weighting: Weighting = weighting
        if not isinstance(query, str):
            raise InvalidParameterError(
                f"The 'query' parameter of SearchExplorer must be a str. Got {query!r} instead."
            )
        if not isinstance(limit, int) or isinstance(limit, bool):
            raise InvalidParameterError(
                f"The 'limit' parameter of SearchExplorer must be an int (capped to 1-{MAX_LIMIT})."
                f" Got {limit!r} instead."
            )
        self.save = save
        self.results = pd.DataFrame()
        self._ready = False
        self.names = player_names(save)
        self.scope_box = widgets.Dropdown(options=scope_options(save, self.names), description="范围 scope")
        self.source_box = widgets.Dropdown(options=[], description="来源 source")
        self.language_box = widgets.Dropdown(options=[], description="语言 language")
        # continuous_update=False: the value reaches the kernel on Enter (or leaving the box), which searches
        self.query_box = widgets.Text(
            value=query,
            placeholder="输入问题后按回车 type a question, press Enter",
            description="查询 query",
            continuous_update=False,
            layout=widgets.Layout(width="28em"),
        )
        self.limit_box = widgets.IntText(value=limit, description="条数 limit", layout=widgets.Layout(width="10em"))
        self.search_button = widgets.Button(description="搜索 Search", button_style="primary", icon="search")
        self.status = widgets.HTML()
        self.result_list = widgets.VBox()
        self.explanation = widgets.HTML()
        super().__init__(
            children=[
                widgets.HBox([self.scope_box, self.source_box, self.language_box]),
                widgets.HBox([self.query_box, self.limit_box, self.search_button]),
                self.status,
                self.result_list,
                self.explanation,
            ]
        )
        self.add_class("kit-search-explorer")
        for trait, box in (
            ("scope", self.scope_box),
            ("source", self.source_box),
            ("language", self.language_box),
            ("query", self.query_box),
            ("limit", self.limit_box),
        ):
            self._bind(trait, box)
        self.observe(self._on_scope, "scope")
        self.observe(self._on_source, "source")
        self.observe(self._on_selected, "selected")
        self.observe(lambda _c: self._auto_search(), ["language", "query", "limit"])
        self.search_button.on_click(lambda _: self.search())
        self.query = query
        self.limit = limit
        self._on_scope()
        if language not in self._language_values():  # told a language the table lacks: say so, do not guess
            raise InvalidParameterError(
                "The 'language' parameter of SearchExplorer must be 'auto' or a language of "
                f"{self.source or 'the table'} ({', '.join(map(repr, self.languages)) or 'none'}). "
                f"Got {language!r} instead."
            )
        self.language = language
        self._ready = True
        self._auto_search()

    # -- binding ----------------------------------------------------------------------------
    def _bind(self, trait: str, box: widgets.ValueWidget) -> None:
        """Keep ``self.<trait>`` and ``box.value`` equal; a dropdown only takes values among its options."""

        def to_trait(change: Any) -> None:
            if change["new"] is not None and getattr(self, trait) != change["new"]:
                setattr(self, trait, change["new"])

        def to_box(change: Any) -> None:
            options = getattr(box, "options", None)
            if options is not None:
                values = [o[1] if isinstance(o, tuple) else o for o in options]
                if change["new"] not in values:
                    return
            if box.value != change["new"]:
                box.value = change["new"]

        box.observe(to_trait, "value")
        self.observe(to_box, trait)

    # -- state changes ----------------------------------------------------------------------
    def _db(self) -> AgentDatabase:
        return _database(self.save, self.scope)

    def _language_values(self) -> list[str]:
        return [o[1] for o in self.language_box.options]

    def _on_scope(self, _: Any = None) -> None:
        sources = documents_sources(self._db())
        with self.hold_trait_notifications():
            self.source_box.options = sources
            preferred = "system:knowledge" if "system:knowledge" in sources else (sources[0] if sources else "")
            if self.source == preferred:
                self._on_source()
            self.source = preferred
        self._auto_search()

    def _on_source(self, _: Any = None) -> None:
        languages = _languages(self._db(), self.source)
        keep = self.language
        self.language_box.options = [("自动 auto (by script)", AUTO)] + [(lang, lang) for lang in languages]
        self.language = keep if keep in self._language_values() else AUTO
        self.language_box.value = self.language
        self._auto_search()

    @property
    def languages(self) -> list[str]:
        """The languages the selected table holds."""
        return [v for v in self._language_values() if v != AUTO]

    @property
    def effective_language(self) -> str:
        """The language searched: the chosen one, or (``"auto"``) the one matching the query's script."""
        if self.language != AUTO:
            return self.language
        return query_language(self.query, self.languages, default="en_us") if self.languages else ""

    def _auto_search(self) -> None:
        if self._ready:
            self.search()

    def search(self) -> pd.DataFrame:
        """Run the search for the current state, redraw the result list and return the frame."""
        self.selected = 0
        self.results = pd.DataFrame()
        self.result_list.children = []
        language = self.effective_language
        if not self.source or not language:
            self.status.value = (
                "<i>这个数据库没有文档表。This database has no documents tables.</i>" + self._folder_note()
            )
            return self.results
        if not self.query.strip():
            self.status.value = "<i>请输入查询后按回车。Type a query and press Enter to search.</i>"
            return self.results
        limit = min(max(self.limit, 1), MAX_LIMIT)
        self.results = self._db().search(self.source, language, self.query, limit=limit, weighting=self.weighting)
        notes = []
        script = script_language(self.query)
        if self.language == AUTO and script is None:
            notes.append(
                f"语言 language <code>{html.escape(language)}</code> (未识别文字 no script detected in the "
                "query: the default)"
            )
        elif self.language == AUTO:
            notes.append(f"语言 language <code>{html.escape(language)}</code> (detected from the query's script)")
        elif self.results.empty and script is not None and script != language:
            other = query_language(self.query, self.languages, default=language)
            if other != language:
                notes.append(
                    f"{html.escape(language)} 中没有匹配，试试 {html.escape(other)} · no match in "
                    f"{html.escape(language)}; try {html.escape(other)} (the query is "
                    f"{_SCRIPT_NAMES.get(script, script)})"
                )
        if limit != self.limit:
            notes.append(f"条数 limit {self.limit} → {limit} (capped: at most {MAX_LIMIT}, at least 1)")
        self._draw_results(notes)
        return self.results

    def _folder_note(self) -> str:
        """The save's folder problem (no databases where kit looked), if any, as a line of the status."""
        from kit.saves.save_checks import folder_problems

        rows = [r for r in folder_problems(Path(self.save.path)) if r["kind"] == "no_databases"]
        return "".join(f"<br><small>{html.escape(r['message'])}</small>" for r in rows)

    def _draw_results(self, notes: list[str]) -> None:
        suffix = "".join(f"<br><small>{n}</small>" for n in notes)
        if self.results.empty:
            self.status.value = (
                f"<i>没有段落匹配「{html.escape(self.query)}」。No paragraph matches "
                f"'{html.escape(self.query)}'.</i>{suffix}"
            )
            return
        self.status.value = (
            f"{len(self.results)} 个段落，最佳在前 · {len(self.results)} paragraphs, best first. "
            f"Click one to see why it ranked there.{suffix}"
        )
        rows = []
        analyzer = self._index().analyzer_
        for row in self.results.itertuples(index=False):
            button = widgets.Button(
                description=f"#{row.rank}  {row.title}  ({row.doc_id} ¶{row.paragraph_index}, {row.score:.3f})",
                layout=widgets.Layout(width="auto"),
                tooltip=f"{row.doc_id} ¶{row.paragraph_index}",
            )
            button.on_click(lambda _, rank=int(row.rank): setattr(self, "selected", rank))
            text = highlight_terms(plain_text(row.text, max_chars=SNIPPET_CHARS), self.query, analyzer)
            rows.append(widgets.VBox([button, widgets.HTML(f"<div style='margin-left:1em'>{text}</div>")]))
        self.result_list.children = rows

    def _on_selected(self, _: Any = None) -> None:
        if self.selected <= 0 or self.results.empty:
            self.explanation.value = ""
            return
        row = self.results.iloc[self.selected - 1]
        index = self._index()
        terms = index.explain(self.query, row["doc_id"], int(row["paragraph_index"]))
        title = html.escape(f"{row['doc_id']} ¶{row['paragraph_index']}: {row['title']}")
        stopped = index.analyzer_.stop_words_in(self.query)
        stop_line = (
            (
                "<br><small>停用词（不计分） stop words, not scored: "
                + "、".join(f"<code>{html.escape(w)}</code>" for w in stopped)
                + "</small>"
            )
            if stopped
            else ""
        )
        self.explanation.value = (
            f"<b>为什么排第 {self.selected} · Why #{self.selected} — {title}</b>"
            f"<small> ({html.escape(self.weighting)})</small>{stop_line}" + explanation_table(terms)
        )

    def _index(self) -> Any:
        return self._db().prepare_index(self.source, self.effective_language, weighting=self.weighting)

    def static_text(self) -> str:
        scope = "shared" if self.scope == SHARED else self.names.get(self.scope, self.scope)
        return (
            f"SearchExplorer: {self.query!r} in {scope} {self.source} {self.effective_language} · "
            f"{len(self.results)} results"
        )
