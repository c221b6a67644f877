"""``CardBrowser``: a paged grid over a book store's card library, with a detail pane.

The state lives in traitlets (``query``, ``tag``, ``page``, ``selected``); every change redraws the grid and the
detail pane from that state with plain functions (:func:`filter_cards`, :func:`card_details`), so the widget is
driven from code and tested without a browser::

    browser = CardBrowser(kit.books.open_store("studio"))
    browser.query = "灯塔"          # or type into browser.filter_box
    browser.tile_buttons["zhou-wanghai"].click()
    browser.details["world_entries"]  # DataFrames behind the detail pane
"""

from __future__ import annotations

import html
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
import traitlets

from kit.books import BookStore, open_store
from kit.books.errors import BookNotFoundError, BookRecordError, CardError, TraceError
from kit.core.png import placeholder_avatar
from kit.widgets._checks import argument_error, check_count
from kit.widgets._static import StaticView

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["CardBrowser", "CardSummary", "card_details", "filter_cards", "list_cards", "resolve_store"]
_RENAMED = {"FIELDS_COLUMNS": "FIELDS_SCHEMA", "PLAY_BOOKS_COLUMNS": "PLAY_BOOKS_SCHEMA"}


def __getattr__(name: str) -> Any:
    """The old ``*_COLUMNS`` names of the schemas, with a DeprecationWarning (they go in the next release)."""
    if name in _RENAMED:
        import warnings

        warnings.warn(
            f"kit.widgets.card_browser.{name} is deprecated; use {_RENAMED[name]}", DeprecationWarning, stacklevel=2
        )
        return globals()[_RENAMED[name]]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


ALL_TAGS = ""
_WIDE = {"description_width": "initial"}
#: Columns of ``card_details(...)["fields"]``.
FIELDS_SCHEMA = {"field": "string", "label": "string", "value": "string"}
#: Columns of ``card_details(...)["play_books"]``.
PLAY_BOOKS_SCHEMA = {
    "book_id": "string", "title": "string", "lifecycle_stage": "string", "n_messages": "int64",
    "latest_snapshot_id": "string", "latest_snapshot_label": "string", "latest_snapshot_turn": "Int64",
    "latest_snapshot_at": "datetime64[ns, UTC]",
}  # fmt: skip
_FIELDS = (
    ("name", "名字 Name"),
    ("description", "设定 Description"),
    ("personality", "性格 Personality"),
    ("scenario", "场景 Scenario"),
    ("first_mes", "开场白 First message"),
    ("system_prompt", "系统提示 System prompt"),
    ("creator", "作者 Creator"),
    ("character_version", "版本 Version"),
)


@dataclass(frozen=True)
class CardSummary:
    """What a grid tile shows and what the filters search: one card asset."""

    asset_id: str
    name: str
    title: str
    tags: tuple[str, ...]
    description: str
    thumbnail: bytes
    has_avatar: bool


def _is_store(folder: Path) -> bool:
    return (folder / "books").is_dir() or (folder / "assets").is_dir()


def resolve_store(store: object) -> BookStore:
    """The book store ``store`` names: a :class:`BookStore` as it is, or the folder of an existing store.

    Raises :class:`~kit.core.errors.InvalidParameterError` for anything else, saying what to pass: a folder that is
    missing, or that holds no ``books/`` or ``assets/`` (a save folder names its ``studio/`` store when it has
    one), or an object of another type.
    """
    if isinstance(store, BookStore):
        return store
    expected = "a BookStore or the folder of one"
    if not isinstance(store, (str, os.PathLike)):
        raise argument_error(
            "CardBrowser",
            "store",
            expected,
            store,
            "pass kit.books.open_store(folder) or the studio folder of a save, "
            "e.g. CardBrowser('sample_saves/aurora_server/studio')",
        )
    folder = Path(store)
    if not folder.is_dir():
        raise argument_error(
            "CardBrowser",
            "store",
            expected,
            store,
            f"there is no folder {str(folder)!r}; to start a new store, "
            f"pass kit.books.open_store({str(folder)!r}) (it creates the folder)",
        )
    if not _is_store(folder):
        inner = folder / "studio"
        advice = (
            f"{str(folder)!r} holds no book store (no books/ or assets/ folder); its studio/ folder is one: "
            f"CardBrowser({str(inner)!r})"
            if _is_store(inner)
            else f"{str(folder)!r} holds no book store (no books/ or assets/ folder); pass the studio folder of a "
            f"save, or kit.books.open_store({str(folder)!r}) to start an empty store there"
        )
        raise argument_error("CardBrowser", "store", expected, store, advice)
    return open_store(folder, create=False)


def list_cards(store: BookStore) -> list[CardSummary]:
    """Summaries of every readable card asset, sorted by name then id (unreadable ones are left out;
    ``store.problems()`` lists them).
    """
    out = []
    for asset_id in store.asset_ids():
        try:
            card = store.card(asset_id)
            record = store.asset(asset_id)
        except (BookRecordError, BookNotFoundError, CardError):
            continue
        avatar = store.avatar(asset_id) if record.avatar else None
        out.append(
            CardSummary(
                asset_id=asset_id,
                name=card.name,
                title=record.title,
                tags=card.tags,
                description=str(card.get("description")),
                thumbnail=avatar if avatar is not None else placeholder_avatar(card.name),
                has_avatar=avatar is not None,
            )
        )
    return sorted(out, key=lambda c: (c.name.casefold(), c.asset_id))


def filter_cards(cards: list[CardSummary], *, query: str = "", tag: str = ALL_TAGS) -> list[CardSummary]:
    """Cards whose name, title, id, tags or description contain ``query`` (case-insensitive) and that carry ``tag``."""
    needle = query.strip().casefold()
    out = []
    for card in cards:
        if tag and tag not in card.tags:
            continue
        haystack = " ".join((card.name, card.title, card.asset_id, " ".join(card.tags), card.description)).casefold()
        if needle and needle not in haystack:
            continue
        out.append(card)
    return out


def card_details(store: BookStore, asset_id: str) -> dict[str, pd.DataFrame]:
    """The tables behind the detail pane of one card asset.

    Returns
    -------
    dict of DataFrame
        ``"fields"``: ``field, label, value`` (the card's main fields);
        ``"timeline"``: :meth:`BookStore.timeline` of the card book it was exported from (empty for imported cards);
        ``"world_entries"``: :meth:`BookStore.world_entries` (bound world-book entries with position labels);
        ``"play_books"``: ``book_id, title, lifecycle_stage, n_messages, latest_snapshot_id,
        latest_snapshot_label, latest_snapshot_turn, latest_snapshot_at`` for the play books that use the card.
    """
    from kit.books.store import TIMELINE_COLUMNS
    from kit.core.frames import frame

    card = store.card(asset_id)
    record = store.asset(asset_id)
    fields = frame(
        FIELDS_SCHEMA,
        [{"field": key, "label": label, "value": str(card.get(key))} for key, label in _FIELDS]
        + [{"field": "tags", "label": "标签 Tags", "value": ", ".join(card.tags)}],
    )
    timeline = store.timeline(record.card_book_id) if record.card_book_id else frame(TIMELINE_COLUMNS)
    rows = []
    books = store.play_books_for(asset_id)
    for row in books.itertuples(index=False):
        try:
            snap = store.latest_snapshot(row.book_id)
        except (BookRecordError, BookNotFoundError, TraceError):
            snap = None
        rows.append(
            {
                "book_id": row.book_id,
                "title": row.title,
                "lifecycle_stage": row.lifecycle_stage,
                "n_messages": row.n_messages,
                "latest_snapshot_id": snap.id if snap else None,
                "latest_snapshot_label": snap.label if snap else None,
                "latest_snapshot_turn": snap.run_state.turn if snap else None,
                "latest_snapshot_at": snap.at if snap else None,
            }
        )
    play = frame(PLAY_BOOKS_SCHEMA, rows)
    return {"fields": fields, "timeline": timeline, "world_entries": store.world_entries(asset_id), "play_books": play}


_TABLE = "border-collapse:collapse;font-size:90%;margin:2px 0 8px 0;border:1px solid #d0d7de;width:100%"
_TH = (
    "text-align:left;padding:3px 8px;background:#eef2f6;border-bottom:2px solid #c6ced8;white-space:normal;"
    "vertical-align:bottom;min-width:4em"
)
_TD = (
    "text-align:left;padding:3px 8px;vertical-align:top;border-bottom:1px solid #e4e8ec;white-space:normal;"
    "overflow-wrap:anywhere"
)
#: The bilingual column headers of the detail pane's tables (snake_case column -> label).
COLUMN_LABELS = {
    "seq": "序号 Seq", "at": "时间 Time", "type": "类型 Type", "summary": "摘要 Summary",
    "artifact_status": "产物状态 Artifact status", "entry_id": "条目 Entry", "comment": "备注 Comment",
    "keys": "关键词 Keys", "position_label": "位置 Position", "is_enabled": "启用 Enabled", "book_id": "记录 Book",
    "title": "标题 Title", "n_messages": "消息数 Messages", "latest_snapshot_label": "最新快照 Latest snapshot",
    "latest_snapshot_turn": "快照回合 Snapshot turn", "latest_snapshot_at": "快照时间 Snapshot time",
}  # fmt: skip


def _cell(value: Any) -> str:
    """The text of one table cell: empty for missing values, 是 yes / 否 no for flags, the value otherwise (whole:
    long text wraps instead of being cut).
    """
    if value is None or (not isinstance(value, str) and _isna(value)):
        return ""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return "✓ 是 yes" if value else "✗ 否 no"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def _table(frame: pd.DataFrame, columns: list[str], empty: str) -> str:
    """A styled HTML table of ``frame[columns]`` under bilingual headers (:data:`COLUMN_LABELS`), full width, cells
    wrapping, inside a box that scrolls sideways should the pane still be too narrow.
    """
    if frame.empty:
        return f"<p style='color:#666'><i>{html.escape(empty)}</i></p>"
    head = "".join(
        f"<th style='{_TH}' title='{html.escape(c)}'>{html.escape(COLUMN_LABELS.get(c, c))}</th>" for c in columns
    )
    body = []
    for i, values in enumerate(frame[columns].itertuples(index=False)):
        cells = "".join(f"<td style='{_TD}'>{html.escape(_cell(v))}</td>" for v in values)
        shade = " style='background:#f7f9fb'" if i % 2 else ""
        body.append(f"<tr{shade}>{cells}</tr>")
    return (
        f"<div class='kit-table-box' style='overflow-x:auto;max-width:100%'><table class='kit-table' "
        f"style='{_TABLE}'><tr>{head}</tr>{''.join(body)}</table></div>"
    )


def _isna(value: Any) -> bool:
    """``pandas.isna`` for one scalar (False for containers)."""
    import pandas as pd

    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):
        return False


class CardBrowser(StaticView, widgets.VBox):
    """A paged grid of a store's card assets with a filter box, a tag filter and a detail pane beside the grid.

    A filter that matches nothing says so (with a button to clear the filters); the detail pane sits to the right of
    the grid, so "View" shows the card without scrolling, and its tables are styled.

    Parameters
    ----------
    store : BookStore or path
        The book store (or the folder of an existing one) whose card library is browsed.
    page_size : int, default=6
        Cards per page.
    columns : int, default=3
        Tiles per grid row.

    Raises
    ------
    InvalidParameterError
        For a wrong argument, saying what to pass (:func:`resolve_store`; ``page_size="6"``: "pass page_size=6").

    Attributes
    ----------
    query, tag : str
        The filter text and the selected tag (``""`` = all tags); linked to ``filter_box`` and ``tag_filter``.
    page : int
        The current page (from 0), clamped to the pages there are.
    selected : str
        The asset id shown in the detail pane (``""`` = none).
    tile_buttons : dict of str to Button
        The "view" buttons of the tiles on the current page, by asset id.
    details : dict of DataFrame
        :func:`card_details` of the selected card (empty dict when none is selected).
    """

    query = traitlets.Unicode("")
    tag = traitlets.Unicode(ALL_TAGS)
    page = traitlets.Int(0)
    page_size = traitlets.Int(6)
    selected = traitlets.Unicode("")

    def __init__(
        self, store: BookStore | str | os.PathLike[str], *, page_size: int = 6, columns: int = 3, **kwargs: Any
    ) -> None:
        page_size = check_count(page_size, "page_size", "CardBrowser", example=6)
        columns = check_count(columns, "columns", "CardBrowser", example=3)
        self.store = resolve_store(store)
        self.cards = list_cards(self.store)
        tags = sorted({t for card in self.cards for t in card.tags}, key=str.casefold)
        self.filter_box = widgets.Text(
            placeholder="搜索 Search: name, tag, description",
            description="筛选 Filter",
            style=_WIDE,
            layout=widgets.Layout(width="28em"),
        )
        self.tag_filter = widgets.Dropdown(
            options=[("全部标签 All tags", ALL_TAGS)] + [(t, t) for t in tags],
            description="标签 Tag",
            style=_WIDE,
            layout=widgets.Layout(width="auto"),
        )
        self.prev_button = widgets.Button(description="◀ 上一页 Prev", layout=widgets.Layout(width="auto"))
        self.next_button = widgets.Button(description="下一页 Next ▶", layout=widgets.Layout(width="auto"))
        self.page_label = widgets.HTML()
        self.grid = widgets.GridBox(
            layout=widgets.Layout(grid_template_columns=f"repeat({columns}, minmax(140px, 1fr))", grid_gap="8px")
        )
        self.detail_image = widgets.Image(format="png", layout=widgets.Layout(width="128px", height="128px"))
        self.detail_html = widgets.HTML()
        self.clear_button = widgets.Button(description="关闭 Close", layout=widgets.Layout(width="auto"))
        self.detail = widgets.VBox(
            [], layout=widgets.Layout(flex="1 1 420px", min_width="0", padding="0 0 0 12px", overflow="auto")
        )
        self.empty_message = widgets.HTML()
        self.clear_filters_button = widgets.Button(
            description="清除筛选 Clear filters", layout=widgets.Layout(width="auto")
        )
        self.empty_box = widgets.VBox(
            [self.empty_message, self.clear_filters_button], layout=widgets.Layout(display="none")
        )
        self.tile_buttons: dict[str, widgets.Button] = {}
        self.details: dict[str, pd.DataFrame] = {}
        super().__init__(**kwargs)
        self.add_class("kit-card-browser")
        self.page_size = page_size
        widgets.link((self.filter_box, "value"), (self, "query"))
        widgets.link((self.tag_filter, "value"), (self, "tag"))
        self.prev_button.on_click(lambda _b: self._step(-1))
        self.next_button.on_click(lambda _b: self._step(1))
        self.clear_button.on_click(lambda _b: setattr(self, "selected", ""))
        self.observe(self._on_filter, names=["query", "tag"])
        self.observe(self._on_page, names=["page", "page_size"])
        self.observe(self._on_selected, names=["selected"])
        self.clear_filters_button.on_click(lambda _b: self._clear_filters())
        header = widgets.HBox([self.filter_box, self.tag_filter], layout=widgets.Layout(flex_flow="row wrap"))
        pager = widgets.HBox(
            [self.prev_button, self.page_label, self.next_button],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
        )
        # the grid keeps its width and the detail pane takes the rest; on a narrow page the pane wraps below
        left = widgets.VBox([self.empty_box, self.grid, pager], layout=widgets.Layout(flex="0 1 auto", min_width="0"))
        body = widgets.HBox(
            [left, self.detail], layout=widgets.Layout(width="100%", align_items="flex-start", flex_flow="row wrap")
        )
        self.children = [header, body]
        self._draw_grid()
        self._draw_detail()

    # ------------------------------------------------------------------------------------------ state
    @property
    def matches(self) -> list[CardSummary]:
        """The cards passing the current filters, in display order."""
        return filter_cards(self.cards, query=self.query, tag=self.tag)

    @property
    def n_pages(self) -> int:
        """How many pages the current matches fill (at least 1)."""
        return max(1, -(-len(self.matches) // self.page_size))

    @property
    def visible(self) -> list[str]:
        """Asset ids of the tiles on the current page."""
        start = self.page * self.page_size
        return [c.asset_id for c in self.matches[start : start + self.page_size]]

    def select(self, asset_id: str) -> None:
        """Show ``asset_id`` in the detail pane (``""`` clears it)."""
        if asset_id and asset_id not in {c.asset_id for c in self.cards}:
            known = [c.asset_id for c in self.cards]
            raise BookNotFoundError(f"no card asset {asset_id!r} in this browser; known: {known}")
        self.selected = asset_id

    def _step(self, delta: int) -> None:
        self.page = min(max(self.page + delta, 0), self.n_pages - 1)

    def _clear_filters(self) -> None:
        with self.hold_trait_notifications():
            self.query = ""
            self.tag = ALL_TAGS

    def static_text(self) -> str:
        shown = f" · showing {self.selected}" if self.selected else ""
        return (
            f"CardBrowser: {len(self.matches)} of {len(self.cards)} cards · page {self.page + 1} of {self.n_pages}"
            f"{shown}"
        )

    # ------------------------------------------------------------------------------------- observers
    def _on_filter(self, _change: Any) -> None:
        if self.page != 0:
            self.page = 0  # redraws through _on_page
        else:
            self._draw_grid()

    def _on_page(self, _change: Any) -> None:
        clamped = min(max(self.page, 0), self.n_pages - 1)
        if clamped != self.page:
            self.page = clamped
            return
        self._draw_grid()

    def _on_selected(self, _change: Any) -> None:
        self._draw_detail()

    # --------------------------------------------------------------------------------------- drawing
    def _tile(self, card: CardSummary) -> widgets.VBox:
        image = widgets.Image(value=card.thumbnail, format="png", layout=widgets.Layout(width="96px", height="96px"))
        name = widgets.HTML(f"<b>{html.escape(card.name)}</b>")
        tags = widgets.HTML("<small>" + html.escape(" · ".join(card.tags) or "—") + "</small>")
        button = widgets.Button(description="查看 View", layout=widgets.Layout(width="auto"))
        button.on_click(lambda _b, aid=card.asset_id: self.select(aid))
        self.tile_buttons[card.asset_id] = button
        style = "solid 2px #c0392b" if card.asset_id == self.selected else "solid 1px #ccc"
        return widgets.VBox(
            [image, name, tags, button], layout=widgets.Layout(border=style, padding="4px", align_items="center")
        )

    def _draw_grid(self) -> None:
        matches = self.matches
        self.tile_buttons = {}
        start = self.page * self.page_size
        self.grid.children = [self._tile(card) for card in matches[start : start + self.page_size]]
        if matches:
            self.empty_box.layout.display = "none"
            self.empty_message.value = ""
        else:
            what = []
            if self.query.strip():
                what.append(f"「{html.escape(self.query.strip())}」")
            if self.tag:
                what.append(f"标签 tag {html.escape(self.tag)}")
            self.empty_message.value = (
                "<div class='kit-hint' style='border-left:3px solid #d4a017;padding:2px 8px;background:#fff8e1'>"
                f"没有卡片匹配 {' + '.join(what)}。No cards match {' + '.join(what)} "
                f"(of {len(self.cards)} cards).</div>"
            )
            self.empty_box.layout.display = None
        self.page_label.value = (
            f"第 {self.page + 1} / {self.n_pages} 页 · page {self.page + 1} of {self.n_pages} · "
            f"{len(matches)} / {len(self.cards)} 张卡 cards"
        )
        self.prev_button.disabled = self.page <= 0
        self.next_button.disabled = self.page >= self.n_pages - 1

    def _draw_detail(self) -> None:
        if not self.selected:
            self.details = {}
            self.detail.children = []
            return
        self.details = card_details(self.store, self.selected)
        summary = next(c for c in self.cards if c.asset_id == self.selected)
        self.detail_image.value = summary.thumbnail
        d = self.details
        fields = "".join(
            f"<tr><th style='{_TH};vertical-align:top;width:9em'>{html.escape(r.label)}</th>"
            f"<td style='{_TD};white-space:pre-wrap'>{html.escape(r.value)}</td></tr>"
            for r in d["fields"].itertuples(index=False)
            if r.value
        )
        timeline = d["timeline"].assign(at=d["timeline"]["at"].dt.strftime("%Y-%m-%d %H:%M"))
        plays = d["play_books"].assign(
            latest_snapshot_at=d["play_books"]["latest_snapshot_at"].dt.strftime("%Y-%m-%d %H:%M")
        )
        self.detail_html.value = (
            "<div class='kit-card-detail' style='white-space:normal;text-align:left'>"
            f"<h3>{html.escape(summary.name)} <small>({html.escape(self.selected)})</small></h3>"
            f"<h4>字段 Fields</h4><div class='kit-table-box' style='overflow-x:auto;max-width:100%'>"
            f"<table class='kit-table' style='{_TABLE}'>{fields}</table></div>"
            "<h4>设计过程 Design trace</h4>"
            + _table(
                timeline,
                ["seq", "at", "type", "summary", "artifact_status"],
                "导入的卡，没有设计过程 (imported card: no design trace)",
            )
            + "<h4>绑定世界书 Bound world book</h4>"
            + _table(
                d["world_entries"],
                ["entry_id", "comment", "keys", "position_label", "is_enabled"],
                "没有绑定世界书 (no bound world book)",
            )
            + "<h4>游玩记录 Play books</h4>"
            + _table(
                plays,
                [
                    "book_id",
                    "title",
                    "n_messages",
                    "latest_snapshot_label",
                    "latest_snapshot_turn",
                    "latest_snapshot_at",
                ],
                "还没有游玩记录 (no play books use this card)",
            )
            + "</div>"
        )
        self.detail.children = [widgets.HBox([self.detail_image, self.clear_button]), self.detail_html]
        self._draw_grid()
