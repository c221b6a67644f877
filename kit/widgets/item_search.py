"""``ItemSearchCard``: the design's item query card (a query box, a language switch and the matching items as
local pages of 18, with a separate 「更多物品」 action reading the next batch of 20); clicking an item opens its
:class:`~kit.widgets.item_sources_card.ItemSourcesCard`, with a way back.
"""

from __future__ import annotations

import html
import os
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets
import pandas as pd
import traitlets

from kit.core.errors import InvalidParameterError
from kit.items.matching import SUGGEST_THRESHOLD, fold, search_tier, similarity
from kit.items.packset import PackSet
from kit.widgets._static import StaticView
from kit.widgets.item_card_html import (
    CATEGORIES,
    LANGUAGES,
    MODES,
    SEARCH_BATCH,
    SEARCH_COLUMNS,
    SEARCH_ROWS,
    Mode,
    _check_choice,
    _icon_img,
    _icons_of,
    _name,
    hint_box,
    item_names,
    known_max_stack_sizes,
    localized,
    packs_argument,
    page_count,
)
from kit.widgets.item_sources_card import ItemSourcesCard

__all__ = ["ItemSearchCard", "ItemMatch", "ItemBatch", "search_items"]


# ---------------------------------------------------------------------------------------- item search
@dataclass(frozen=True)
class ItemMatch:
    """One item in a search batch; ``index`` is its position in the full ranked match list (from 0)."""

    index: int
    item_id: str
    name_en: str
    name_zh: str


@dataclass(frozen=True)
class ItemBatch:
    """One batch of item matches for ``query`` starting at ``offset``; ``n_total`` counts every match."""

    query: str
    offset: int
    matches: tuple[ItemMatch, ...]
    n_total: int

    @property
    def next_offset(self) -> int:
        """The offset of the next batch."""
        return self.offset + len(self.matches)

    @property
    def has_more(self) -> bool:
        """Whether matches remain after this batch."""
        return self.next_offset < self.n_total


def _rank(items: pd.DataFrame, query: str, language: str) -> list[tuple[Any, str, str, str]]:
    """Every match of ``query`` as ``(sort key, item_id, name_en, name_zh)``, best first.

    A blank query lists every item by its name in ``language`` (the other language's name, then the id, where it
    has none). Otherwise exact, prefix and substring matches of the id or a name (:func:`kit.items.matching
    .search_tier`) rank first, ties by id; when none exists, near spellings (:func:`kit.items.matching.similarity`,
    at least 0.5: typos such as ``glacit ingto``) are listed, closest first.
    """
    q = fold(query)
    rows = [
        (iid, en if isinstance(en, str) else "", zh if isinstance(zh, str) else "")
        for iid, en, zh in zip(items["item_id"], items["name_en"], items["name_zh"])
    ]
    if not q:

        def by_name(r: tuple[str, str, str]) -> tuple[str, str]:
            first, second = (r[2], r[1]) if language == "zh_cn" else (r[1], r[2])
            return (fold(first or second or r[0].split(":", 1)[-1]), r[0])

        return [(by_name(r), *r) for r in sorted(rows, key=by_name)]
    ranked: list[tuple[Any, str, str, str]] = []
    for iid, en, zh in rows:
        tier = search_tier(q, iid, [fold(n) for n in (en, zh) if n])
        if tier is not None:
            ranked.append(((tier, iid), iid, en, zh))
    if not ranked:
        for iid, en, zh in rows:
            best = max(similarity(q, fold(c)) for c in (iid.split(":", 1)[-1].replace("_", " "), en, zh) if c)
            if best >= SUGGEST_THRESHOLD:
                ranked.append(((3, -best, iid), iid, en, zh))
    ranked.sort(key=lambda r: r[0])
    return ranked


def search_items(
    items: pd.DataFrame, query: str, *, offset: int = 0, limit: int = SEARCH_BATCH, language: str = "zh_cn"
) -> ItemBatch:
    """Items whose id or display name matches ``query``, ranked, one batch of ``limit`` from ``offset``.

    Parameters
    ----------
    items : DataFrame
        ``packs.items()`` (columns ``item_id``, ``name_en``, ``name_zh`` are used).
    query : str
        Matched case-insensitively against the id (spaces read as ``_``) and both display names. Exact matches rank
        first, then prefixes (of the id, its path or a name), then substrings; ties by item id. When nothing
        contains the query, near spellings are listed instead (``glacit ingto`` finds Glacite Ingot), closest
        first. A blank query lists every item, by name in ``language``.
    offset : int, default=0
        Matches to skip (the ``next_offset`` of the previous batch).
    limit : int, default=20
        Batch size.
    language : {"zh_cn", "en_us"}, default="zh_cn"
        The language whose names order a blank query's list.

    Returns
    -------
    ItemBatch
        The batch (``matches`` carry their index in the full ranking) and the total number of matches.
    """
    for name, value, low in (("offset", offset, 0), ("limit", limit, 1)):
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise InvalidParameterError(
                f"The '{name}' parameter of search_items must be an int in the range "
                f"[{low}, inf). Got {value!r} instead."
            )
    if not isinstance(query, str):
        raise InvalidParameterError(
            f"The 'query' parameter of search_items must be a str. Got {type(query).__name__} {query!r} instead."
        )
    _check_choice("search_items", "language", language, LANGUAGES)
    ranked = _rank(items, query, language)
    batch = tuple(
        ItemMatch(offset + i, iid, en, zh) for i, (_k, iid, en, zh) in enumerate(ranked[offset : offset + limit])
    )
    return ItemBatch(query, offset, batch, len(ranked))


class ItemSearchCard(StaticView, widgets.VBox):
    """The item query card: a query box, a language switch and the matching items as a paged grid; click one to
    see its sources.

    Parameters
    ----------
    packs : PackSet, or a pack path
        Loaded data packs (``kit.items.load_datapacks``); a data pack path (a folder with ``data/``, a zip or a jar)
        or a list of them is loaded for you.
    query : str, default=""
        Matched against ids and display names (see :func:`search_items`); blank lists every item by name. Typing
        in the query box and pressing Enter sets it.
    language : {"zh_cn", "en_us"}, default="zh_cn"
        Language of the item labels and the hints (the other language's name is in the tooltip); switched with
        ``language_switch``.
    scope : str, default="all"
        Scope of the source cards opened from the grid.
    mode : {"full", "compact"}, default="full"
        Full mode shows a grid of 6 columns and 3 rows per page; compact mode picks an item of the page from a
        dropdown (the first one selected) and opens compact source cards.

    Two paging actions, as the design's query card has them: the pager (◀ / ▶) turns local pages of 18 over the
    items loaded so far, and 「更多物品」 (``more_button``, shown while matches remain) loads the next batch of 20
    from :func:`search_items` with the same query and the next offset. The pager text says which page of how many
    loaded items ("第 2 / 3 页 · 已载入 40 个物品 · page 2 of 3 · 40 items loaded").

    Attributes
    ----------
    matches : list of ItemMatch
        The matches loaded so far (in rank order); ``batch`` is the last batch read.
    page : int
        The local page (from 0).
    selected : str
        The item whose source card is open (``""`` = the grid is shown).
    item_buttons : dict of str to Button
        The grid buttons of the current page only, by item id; ``back_button`` returns from a source card.
    icons : dict of str to bytes
        Icons (PNG bytes, ``packs.item_icon``) of the current page's items that have one; in full mode such an
        item's tile shows its icon beside the button, the others keep the text tile.
    sources_card : ItemSourcesCard or None
        The open source card.
    """

    query = traitlets.Unicode("")
    language = traitlets.Enum(("zh_cn", "en_us"), default_value="zh_cn")
    page = traitlets.Int(0)
    selected = traitlets.Unicode("")
    mode = traitlets.Enum(("full", "compact"), default_value="full")

    def __init__(
        self,
        packs: PackSet | str | os.PathLike | list,
        query: str = "",
        *,
        language: str = "zh_cn",
        scope: str = "all",
        mode: Mode = "full",
        **kwargs: Any,
    ) -> None:
        packs = packs_argument(packs, "ItemSearchCard")
        if not isinstance(query, str):
            raise InvalidParameterError(
                f"The 'query' parameter of ItemSearchCard must be a str. Got {type(query).__name__} {query!r} instead."
            )
        if not isinstance(scope, str):
            raise InvalidParameterError(
                f"The 'scope' parameter of ItemSearchCard must be a str ('all', 'recipe', "
                f"'loot', 'tag' or a provider id). Got {type(scope).__name__} {scope!r} "
                f"instead."
            )
        _check_choice("ItemSearchCard", "language", language, LANGUAGES)
        _check_choice("ItemSearchCard", "mode", mode, MODES)
        self.packs = packs
        self.scope = scope
        self.items_frame = packs.items()
        self.max_stack = known_max_stack_sizes(packs)
        self.matches: list[ItemMatch] = []
        self.batch: ItemBatch | None = None
        self.item_buttons: dict[str, widgets.Button] = {}
        self.icons: dict[str, bytes] = {}
        self.sources_card: ItemSourcesCard | None = None
        self.query_box = widgets.Text(
            value=query,
            description="查询 Query",
            continuous_update=False,
            placeholder="名称或 ID，回车搜索 name or id, Enter to search",
        )
        self.language_switch = widgets.ToggleButtons(
            options=[("中文", "zh_cn"), ("English", "en_us")], value=language, style={"button_width": "5em"}
        )
        self.title = widgets.HTML()
        self.hint = widgets.HTML()
        self.grid = widgets.GridBox(
            layout=widgets.Layout(
                grid_template_columns=f"repeat({SEARCH_COLUMNS}, minmax(90px, max-content))", grid_gap="4px"
            )
        )
        self.picker = widgets.Dropdown(description="物品 Item")
        self.view_button = widgets.Button(description="查看 View", layout=widgets.Layout(width="auto"))
        self.prev_button = widgets.Button(description="◀ 上一页 Prev", layout=widgets.Layout(width="auto"))
        self.page_label = widgets.HTML()
        self.next_button = widgets.Button(description="下一页 Next ▶", layout=widgets.Layout(width="auto"))
        self.more_button = widgets.Button(
            description="更多物品 More items",
            layout=widgets.Layout(width="auto"),
            tooltip="载入下一批 20 个 load the next 20 matches",
        )
        self.back_button = widgets.Button(description="← 返回结果 Back to results", layout=widgets.Layout(width="auto"))
        super().__init__(**kwargs)
        self.add_class("kit-item-search")
        self.mode = mode
        self.language = language
        self.names = item_names(packs, self.language)
        widgets.link((self.query_box, "value"), (self, "query"))
        widgets.link((self.language_switch, "value"), (self, "language"))
        self.prev_button.on_click(lambda _b: self._step(-1))
        self.next_button.on_click(lambda _b: self._step(1))
        self.more_button.on_click(lambda _b: self.load_more())
        self.back_button.on_click(lambda _b: setattr(self, "selected", ""))
        self.view_button.on_click(lambda _b: self._view_picked())
        self.observe(self._on_query, names=["query"])
        self.observe(self._on_page, names=["page", "mode"])
        self.observe(self._on_language, names=["language"])
        self.observe(self._on_selected, names=["selected"])
        self.query = query
        self._on_query(None)

    # ------------------------------------------------------------------------------------------ state
    @property
    def page_size(self) -> int:
        """Items per local page: 6 columns x 3 rows."""
        return SEARCH_COLUMNS * SEARCH_ROWS

    @property
    def n_total(self) -> int:
        """Every match of the query (loaded or not)."""
        return self.batch.n_total if self.batch is not None else 0

    @property
    def has_more(self) -> bool:
        """Whether matches remain to be loaded with 「更多物品」."""
        return self.batch is not None and self.batch.has_more

    @property
    def n_pages(self) -> int:
        """Local pages the loaded matches fill (at least 1)."""
        return page_count(len(self.matches), self.page_size)

    @property
    def visible(self) -> list[ItemMatch]:
        """The matches on the current page."""
        start = self.page * self.page_size
        return self.matches[start : start + self.page_size]

    def load_more(self) -> int:
        """Load the next batch of 20 (same query, next offset), as 「更多物品」 does; returns how many came.

        The page stays where it is; the new items extend the local pages.
        """
        if not self.has_more:
            return 0
        assert self.batch is not None
        self.batch = search_items(
            self.items_frame, self.batch.query, offset=self.batch.next_offset, language=self.language
        )
        self.matches.extend(self.batch.matches)
        self._draw()
        return len(self.batch.matches)

    def label(self, match: ItemMatch) -> str:
        """The item's display name in the card's language (else the other language's, else the id's path)."""
        return _name(match.item_id, self.names)

    def tooltip(self, match: ItemMatch) -> str:
        """Tooltip text: the name in the other language, the registry id and the max stack size (or a note that the
        data packs do not say).
        """
        other = match.name_en if self.language == "zh_cn" else match.name_zh
        stack = self.max_stack.get(match.item_id)
        stack_line = (
            f"堆叠上限 Max stack: {stack}"
            if stack is not None
            else "堆叠上限 Max stack: 未知 unknown (数据包不记录 data packs do not record it)"
        )
        return "\n".join(x for x in (other, match.item_id, stack_line) if x)

    def _view_picked(self) -> None:
        """Compact mode's 查看 View: open the picked item's source card."""
        if self.picker.value:
            self.selected = self.picker.value

    def _step(self, delta: int) -> None:
        self.page = min(max(self.page + delta, 0), self.n_pages - 1)

    # ------------------------------------------------------------------------------------- observers
    def _on_query(self, _change: Any) -> None:
        self.batch = search_items(self.items_frame, self.query, language=self.language)
        self.matches = list(self.batch.matches)
        self.selected = ""
        if self.page != 0:
            self.page = 0  # redraws through _on_page
        else:
            self._draw()

    def _on_page(self, _change: Any) -> None:
        clamped = min(max(self.page, 0), self.n_pages - 1)
        if clamped != self.page:
            self.page = clamped
            return
        self._draw()

    def _on_language(self, _change: Any) -> None:
        self.names = item_names(self.packs, self.language)
        if not self.query:  # the "all items" list is ordered by name in the chosen language
            self._on_query(None)
            return
        self._draw()

    def _on_selected(self, _change: Any) -> None:
        self._draw()

    # --------------------------------------------------------------------------------------- drawing
    def _item_button(self, match: ItemMatch) -> widgets.Button:
        button = widgets.Button(
            description=self.label(match), tooltip=self.tooltip(match), layout=widgets.Layout(width="auto")
        )
        button.on_click(lambda _b, iid=match.item_id: setattr(self, "selected", iid))
        return button

    def _open_card(self, previous: ItemSourcesCard | None) -> ItemSourcesCard:
        """The selected item's source card (:meth:`ItemSourcesCard.from_packs`: a bad scope is a line in the card);
        redrawn for a language or mode switch, it keeps the previous card's category, pages and page sizes.
        """
        card = ItemSourcesCard.from_packs(
            self.packs, self.selected, scope=self.scope, language=self.language, mode=self.mode
        )
        if previous is not None and previous.output.item == card.output.item:
            for c in CATEGORIES:
                setattr(card, f"{c}_page_size", getattr(previous, f"{c}_page_size"))
            card.select(previous.category)
            for c in CATEGORIES:
                setattr(card, f"{c}_page", getattr(previous, f"{c}_page"))
        return card

    def _tile(self, item_id: str, button: widgets.Button) -> widgets.Widget:
        """The grid tile: the item's icon beside its button where the packs hold one, else the button alone."""
        png = self.icons.get(item_id)
        if not png:
            return button
        tile = widgets.HBox(
            [widgets.HTML(_icon_img(png, 24)), button], layout=widgets.Layout(align_items="center", grid_gap="2px")
        )
        tile.add_class("kit-item-tile")
        return tile

    def _page_text(self) -> str:
        page, n_pages, loaded = self.page + 1, self.n_pages, len(self.matches)
        more = (
            localized(self.language, f"（共 {self.n_total} 个匹配）", f" (of {self.n_total} matches)")
            if self.has_more
            else ""
        )
        return (
            f"第 {page} / {n_pages} 页 · 已载入 {loaded} 个物品 · page {page} of {n_pages} · "
            f"{loaded} items loaded{more}"
        )

    def _hint_html(self) -> str:
        q, t = html.escape(self.query), self.language
        if not self.matches:
            return hint_box([localized(t, f"没有匹配「{q}」的物品。", f"No items match '{q}'.")])
        if (
            self.query
            and self.matches
            and self.batch is not None
            and search_tier(
                fold(self.query),
                self.matches[0].item_id,
                [fold(n) for n in (self.matches[0].name_en, self.matches[0].name_zh) if n],
            )
            is None
        ):
            return hint_box(
                [
                    localized(
                        t,
                        f"没有物品包含「{q}」，以下是拼写相近的物品：",
                        f"No item contains '{q}'; these are spelled alike:",
                    )
                ]
            )
        return ""

    def _draw(self) -> None:
        header = widgets.HBox([self.query_box, self.language_switch], layout=widgets.Layout(align_items="center"))
        if self.selected:
            self.item_buttons, self.icons = {}, {}
            self.sources_card = self._open_card(self.sources_card)
            self.children = [widgets.HBox([self.back_button]), self.sources_card]
            return
        self.sources_card = None
        q = html.escape(self.query)
        self.title.value = (
            f"<b>物品检索 Item search</b> · 「{q}」"
            if self.query
            else "<b>物品检索 Item search</b> · 全部物品 all items"
        )
        self.hint.value = self._hint_html()
        self.page_label.value = self._page_text()
        self.prev_button.disabled = self.page <= 0
        self.next_button.disabled = self.page >= self.n_pages - 1
        self.more_button.disabled = not self.has_more
        self.more_button.layout.display = None if self.has_more else "none"
        pager = widgets.HBox(
            [self.prev_button, self.page_label, self.next_button, self.more_button],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
        )
        if self.mode == "compact":
            self.item_buttons, self.icons = {}, {}
            options = [(f"{m.index + 1}. {self.label(m)} ({m.item_id})", m.item_id) for m in self.visible]
            self.picker.options = options
            self.picker.value = options[0][1] if options else None
            self.children = [header, self.title, self.hint, widgets.HBox([self.picker, self.view_button]), pager]
            return
        self.icons = _icons_of(self.packs, [m.item_id for m in self.visible])
        self.item_buttons = {m.item_id: self._item_button(m) for m in self.visible}
        self.grid.children = [self._tile(i, b) for i, b in self.item_buttons.items()]
        self.children = [header, self.title, self.hint, self.grid, pager]

    def static_text(self) -> str:
        return (
            f"ItemSearchCard: {self.query!r} · page {self.page + 1} of {self.n_pages} · {len(self.matches)} items "
            f"loaded of {self.n_total} · {self.language}"
        )
