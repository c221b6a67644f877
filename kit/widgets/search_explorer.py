"""``SearchExplorer``: search a save's documents tables and see why a paragraph ranked where it did.

A thin view over :meth:`kit.AgentDatabase.search` and :meth:`kit.retrieval.ParagraphIndex.explain`:
pick the scope (shared or one player), the documents table and the language, type a query, click
a result to see the term-level explanation.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
import pandas as pd
import traitlets

if TYPE_CHECKING:
    from kit.saves.database import AgentDatabase
    from kit.saves.save import Save

__all__ = ["SearchExplorer", "scope_options", "documents_sources"]

SHARED = "shared"


def scope_options(save: Save) -> list[tuple[str, str]]:
    """(label, value) pairs: the shared database, then every player with a database file."""
    return [("shared", SHARED)] + [(f"player {u}", u) for u in save.databases.player_uuids()]


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


def _bind(owner: traitlets.HasTraits, trait: str, box: widgets.ValueWidget) -> None:
    """Keep ``owner.<trait>`` and ``box.value`` equal; a dropdown only takes values among its options."""

    def to_trait(change: Any) -> None:
        if change["new"] is not None and getattr(owner, trait) != change["new"]:
            setattr(owner, trait, change["new"])

    def to_box(change: Any) -> None:
        options = getattr(box, "options", None)
        if options is not None:
            values = [o[1] if isinstance(o, tuple) else o for o in options]
            if change["new"] not in values:
                return
        if box.value != change["new"]:
            box.value = change["new"]

    box.observe(to_trait, "value")
    owner.observe(to_box, trait)


class SearchExplorer(widgets.VBox):
    """Search explorer for one save.

    State (traitlets): ``scope`` ("shared" or a player UUID), ``source`` (documents table id),
    ``language``, ``query``, ``limit`` and ``selected`` (the clicked result's rank, 0 for none).
    ``results`` holds the last search's frame (the columns of ``ParagraphIndex.search``).
    """

    scope = traitlets.Unicode(SHARED)
    source = traitlets.Unicode("")
    language = traitlets.Unicode("")
    query = traitlets.Unicode("")
    limit = traitlets.Int(5)
    selected = traitlets.Int(0)

    def __init__(self, save: Save, *, query: str = "", limit: int = 5) -> None:
        self.save = save
        self.results = pd.DataFrame()
        self.scope_box = widgets.Dropdown(options=scope_options(save), description="scope")
        self.source_box = widgets.Dropdown(options=[], description="source")
        self.language_box = widgets.Dropdown(options=[], description="language")
        self.query_box = widgets.Text(value=query, placeholder="type a question", description="query")
        self.limit_box = widgets.BoundedIntText(value=limit, min=1, max=50, description="limit")
        self.search_button = widgets.Button(description="Search", button_style="primary", icon="search")
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
        for trait, box in (("scope", self.scope_box), ("source", self.source_box), ("language", self.language_box),
                           ("query", self.query_box), ("limit", self.limit_box)):
            _bind(self, trait, box)
        self.observe(self._on_scope, "scope")
        self.observe(self._on_source, "source")
        self.observe(self._on_selected, "selected")
        self.search_button.on_click(lambda _: self.search())
        self.query = query
        self.limit = limit
        self._on_scope()

    # -- state changes ----------------------------------------------------------------------

    def _db(self) -> AgentDatabase:
        return _database(self.save, self.scope)

    def _on_scope(self, _: Any = None) -> None:
        sources = documents_sources(self._db())
        with self.source_box.hold_trait_notifications():
            self.source_box.options = sources
        preferred = "system:knowledge" if "system:knowledge" in sources else (sources[0] if sources else "")
        if self.source == preferred:
            self._on_source()
        self.source = preferred

    def _on_source(self, _: Any = None) -> None:
        languages = _languages(self._db(), self.source)
        self.language_box.options = languages
        if self.language not in languages:
            self.language = languages[0] if languages else ""

    def search(self) -> pd.DataFrame:
        """Run the search for the current state, redraw the result list and return the frame."""
        self.selected = 0
        if not self.source or not self.language:
            self.results = pd.DataFrame()
            self.status.value = "<i>This database has no documents tables.</i>"
            self.result_list.children = []
            return self.results
        self.results = self._db().search(self.source, self.language, self.query, limit=self.limit)
        self._draw_results()
        return self.results

    def _draw_results(self) -> None:
        if self.results.empty:
            self.status.value = f"<i>No paragraph matches {html.escape(self.query)!s}.</i>"
            self.result_list.children = []
            return
        self.status.value = f"{len(self.results)} paragraphs, best first. Click one to see why it ranked there."
        rows = []
        for row in self.results.itertuples(index=False):
            button = widgets.Button(
                description=f"#{row.rank}  {row.doc_id} ¶{row.paragraph_index}  ({row.score:.3f})",
                layout=widgets.Layout(width="auto"),
                tooltip=row.title,
            )
            button.on_click(lambda _, rank=int(row.rank): setattr(self, "selected", rank))
            text = html.escape(row.text if len(row.text) <= 300 else row.text[:300] + "…")
            rows.append(widgets.VBox([button, widgets.HTML(f"<div style='margin-left:1em'>{text}</div>")]))
        self.result_list.children = rows

    def _on_selected(self, _: Any = None) -> None:
        if self.selected <= 0 or self.results.empty:
            self.explanation.value = ""
            return
        row = self.results.iloc[self.selected - 1]
        index = self._db().prepare_index(self.source, self.language)
        terms = index.explain(self.query, row["doc_id"], int(row["paragraph_index"]))
        title = html.escape(f"{row['doc_id']} ¶{row['paragraph_index']}: {row['title']}")
        self.explanation.value = f"<b>Why #{self.selected} — {title}</b>" + terms.to_html(
            index=False, float_format=lambda v: f"{v:.4f}", border=0
        )
