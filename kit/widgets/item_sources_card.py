"""``ItemSourcesCard``: the design's item-source card (配方 / 掉落 / 标签 with counts, one page of the selected
category, and a pager) over one :class:`kit.items.ItemSourceOutput`; drawn from the functions of
:mod:`kit.widgets.item_card_html`.
"""

from __future__ import annotations

import html
import os
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets
import traitlets

from kit.core.errors import InvalidParameterError
from kit.items.errors import InvalidScopeError
from kit.items.lookup import ItemLookup, lookup_item
from kit.items.packset import PackSet
from kit.items.sources import ItemSource, ItemSourceOutput
from kit.widgets._static import StaticView
from kit.widgets.item_card_html import (
    CATEGORIES,
    CATEGORY_LABELS,
    COMPACT_RECIPES,
    DEFAULT_PAGE_SIZES,
    LANGUAGES,
    MODES,
    Mode,
    _check_choice,
    _explanation,
    _hints,
    _name,
    hint_box,
    item_icons,
    item_names,
    lenient_page_size,
    localized,
    loot_html,
    packs_argument,
    page_count,
    recipe_html,
    split_sources,
    tags_html,
)

__all__ = ["ItemSourcesCard"]


# ------------------------------------------------------------------------------------- item-source card
class ItemSourcesCard(StaticView, widgets.VBox):
    """The item-source card of one :class:`~kit.items.ItemSourceOutput`.

    :meth:`from_packs` builds it from a name or id as a person types it (``glacite_ingot``, ``冰川锭``): the text is
    resolved with :func:`kit.items.lookup_item` (the same name index as ``PackSet.resolve_item``); when nothing
    matches the card says so and offers the nearest items as buttons, and a bad scope is one line in the card.

    Parameters
    ----------
    output : ItemSourceOutput
        What ``packs.item_sources(item_id, scope=...)`` returned.
    names : mapping of str to str, optional
        Item id -> display name for slot labels and tooltips (default: the id's path).
    mode : {"full", "compact"}, default="full"
        Full mode lays recipes out in two columns; compact mode shows at most 2 recipes per page in one column.
    recipe_page_size, loot_page_size, tag_page_size : int, optional
        Page capacities (defaults 4, 12, 24); anything but a positive int falls back to the default.

    Attributes
    ----------
    category : {"recipe", "loot", "tag"}
        The selected category (the first non-empty one at start).
    recipe_page, loot_page, tag_page : int
        Each category's current page (from 0), kept while switching categories; clamped to the pages there are.
    sources : dict of str to tuple of ItemSource
        :func:`split_sources` of the output.
    category_buttons : dict of str to Button
        The three category buttons; prev_button, page_label and next_button are the pager.
    body : Box
        The widgets of the current page only (one HTML per recipe; one HTML for a loot or tag page).
    """

    category = traitlets.Enum(CATEGORIES, default_value="recipe")
    recipe_page = traitlets.Int(0)
    loot_page = traitlets.Int(0)
    tag_page = traitlets.Int(0)
    mode = traitlets.Enum(("full", "compact"), default_value="full")
    recipe_page_size = traitlets.Int(DEFAULT_PAGE_SIZES["recipe"])
    loot_page_size = traitlets.Int(DEFAULT_PAGE_SIZES["loot"])
    tag_page_size = traitlets.Int(DEFAULT_PAGE_SIZES["tag"])

    def __init__(
        self,
        output: ItemSourceOutput,
        *,
        names: Mapping[str, str] | None = None,
        mode: Mode = "full",
        recipe_page_size: Any = None,
        loot_page_size: Any = None,
        tag_page_size: Any = None,
        icons: Mapping[str, bytes] | None = None,
        language: str = "zh_cn",
        **kwargs: Any,
    ) -> None:
        if not isinstance(output, ItemSourceOutput):
            raise InvalidParameterError(
                f"The 'output' parameter of ItemSourcesCard must be an ItemSourceOutput (packs.item_sources(...)). Got "
                f"{type(output).__name__} {output!r} instead; to look an item up by id or name use "
                f"ItemSourcesCard.from_packs(packs, {output!r})."
            )
        _check_choice("ItemSourcesCard", "mode", mode, MODES)
        _check_choice("ItemSourcesCard", "language", language, LANGUAGES)
        self.language = language
        self._auto_icons = False
        self.output = output
        self.names = dict(names or {})
        self.icons = dict(icons or {})  # item id -> PNG bytes (item_icons); items without one keep the text tile
        self.sources = split_sources(output)
        self.packs: PackSet | None = None
        self.scope = output.scope
        self.lookup: ItemLookup | None = None
        self.error = ""
        self.title = widgets.HTML()
        self.category_buttons = {c: widgets.Button(layout=widgets.Layout(width="auto")) for c in CATEGORIES}
        self.hint = widgets.HTML()
        self.suggestions = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.suggestion_buttons: dict[str, widgets.Button] = {}
        self.explanation = widgets.HTML()
        self.body = widgets.Box()
        self.prev_button = widgets.Button(description="◀ 上一页 Prev", layout=widgets.Layout(width="auto"))
        self.page_label = widgets.HTML()
        self.next_button = widgets.Button(description="下一页 Next ▶", layout=widgets.Layout(width="auto"))
        super().__init__(**kwargs)
        self.add_class("kit-item-sources")
        self.mode = mode
        self.recipe_page_size = lenient_page_size(recipe_page_size, "recipe")
        self.loot_page_size = lenient_page_size(loot_page_size, "loot")
        self.tag_page_size = lenient_page_size(tag_page_size, "tag")
        self.category = next((c for c in CATEGORIES if self.sources[c]), "recipe")
        for c, button in self.category_buttons.items():
            button.on_click(lambda _b, c=c: self.select(c))
        self.prev_button.on_click(lambda _b: self._step(-1))
        self.next_button.on_click(lambda _b: self._step(1))
        self.observe(
            self._redraw,
            names=[
                "category",
                "recipe_page",
                "loot_page",
                "tag_page",
                "mode",
                "recipe_page_size",
                "loot_page_size",
                "tag_page_size",
            ],
        )
        pager = widgets.HBox(
            [self.prev_button, self.page_label, self.next_button], layout=widgets.Layout(align_items="center")
        )
        self.children = [
            self.title,
            widgets.HBox(list(self.category_buttons.values())),
            self.hint,
            self.suggestions,
            self.explanation,
            self.body,
            pager,
        ]
        self._show_output(output)

    def _show_output(self, output: ItemSourceOutput) -> None:
        self.output = output
        self.sources = split_sources(output)
        with self.hold_trait_notifications():
            self.recipe_page = self.loot_page = self.tag_page = 0
            self.category = next((c for c in CATEGORIES if self.sources[c]), "recipe")
        name = _name(output.item, self.names)
        scope = "" if output.scope == "all" else f" · 范围 scope <code>{html.escape(output.scope)}</code>"
        if output.item:
            self.title.value = f"<b>{html.escape(name)}</b> <code>{html.escape(output.item)}</code>{scope}"
        else:
            self.title.value = f"<b>「{html.escape(self.lookup.text if self.lookup else '')}」</b>"
        self.hint.value = _hints(output, name, self.language) if output.item else ""
        self._draw_suggestions()
        self._draw()

    def static_text(self) -> str:
        counts = ", ".join(f"{c} {len(v)}" for c, v in self.sources.items())
        return f"ItemSourcesCard: {self.output.item or '(no item)'} · {counts} · {self.category} page {self.page + 1}"

    def _lookup_lines(self) -> list[str]:
        """What the lookup found, in the card's language, with advice that works."""
        lookup, t = self.lookup, self.language
        if lookup is None:
            return []
        q = html.escape(lookup.text)
        code = f"<code>{q}</code>"
        if lookup.how == "unknown_id":
            builtin = lookup.text.strip().casefold().startswith("minecraft:")
            zh = f"已载入的包里没有 {code}" + (
                "（原版物品需要同时载入游戏数据：服务器 jar 或原版数据包）" if builtin else ""
            )
            en = f"No loaded pack knows {code}" + (
                " (a built-in item is known only when the game's data, the server "
                "jar or the vanilla data pack, is loaded too)"
                if builtin
                else ""
            )
            close = localized(t, "，相近的物品：", "; close items:") if lookup.suggestions else localized(t, "。", ".")
            return [localized(t, zh, en) + close]
        if lookup.how == "near":
            return [
                localized(
                    t, f"「{q}」不是任何物品的名称，您是不是要找：", f"'{q}' is not the name of any item. Did you mean:"
                )
            ]
        if not lookup.found:
            if lookup.suggestions:
                return [
                    localized(t, f"没有名为「{q}」的物品，您是不是要找：", f"No item is called '{q}'. Did you mean:")
                ]
            return [
                localized(
                    t, f"没有名为「{q}」的物品，也没有相近的物品。", f"No item is called '{q}', and none is close."
                )
            ]
        if lookup.how in ("path", "name") and self.output.item:
            others = localized(t, " · 其他相近：", " · other close items:") if lookup.suggestions else ""
            return [f"「{q}」→ <code>{html.escape(self.output.item)}</code>{others}"]
        return []

    def _draw_suggestions(self) -> None:
        self.suggestion_buttons = {}
        lines = ([html.escape(self.error)] if self.error else []) + self._lookup_lines()
        if lines:
            self.hint.value = hint_box(lines) + (self.hint.value if self.output.item and not self.error else "")
        if self.lookup is not None and self.packs is not None:
            for item_id in self.lookup.suggestions:
                button = widgets.Button(
                    description=f"{_name(item_id, self.names)} ({item_id})",
                    layout=widgets.Layout(width="auto"),
                    tooltip=item_id,
                )
                button.on_click(lambda _b, i=item_id: self.show(i))
                self.suggestion_buttons[item_id] = button
        self.suggestions.children = list(self.suggestion_buttons.values())

    def show(self, item: str, *, scope: str | None = None) -> ItemLookup:
        """Resolve ``item`` (an id with or without namespace, or a display name) and show its sources.

        Needs a card made by :meth:`from_packs`. When nothing matches, the card shows the nearest items as buttons;
        a bad scope is reported in the card (``error``) instead of raising. Returns the lookup.
        """
        if self.packs is None:
            raise InvalidParameterError(
                "ItemSourcesCard.show needs a card made with ItemSourcesCard.from_packs(packs, ...)"
            )
        if not isinstance(item, str):
            raise InvalidParameterError(
                f"The 'item' parameter of ItemSourcesCard.show must be a str (an item id or "
                f"name). Got {type(item).__name__} {item!r} instead."
            )
        self.scope = self.scope if scope is None else scope
        self.lookup = lookup = lookup_item(self.packs, item)
        self.error = ""
        target = lookup.item_id or ""
        try:
            output = (
                self.packs.item_sources(target, self.scope)
                if target
                else ItemSourceOutput(item="", scope=self.scope, sources=(), truncated=False)
            )
        except InvalidScopeError as exc:
            self.error = localized(self.language, f"范围无效：{exc}", f"Invalid scope: {exc}")
            output = ItemSourceOutput(item=target, scope="all", sources=(), truncated=False)
        if self._auto_icons:
            self.icons = item_icons(self.packs, output) if output.item else {}
        self._show_output(output)
        return lookup

    @traitlets.validate("recipe_page_size", "loot_page_size", "tag_page_size")
    def _valid_page_size(self, proposal: Any) -> int:
        return lenient_page_size(proposal["value"], proposal["trait"].name.removesuffix("_page_size"))

    @classmethod
    def from_packs(
        cls,
        packs: PackSet | str | os.PathLike,
        item: str,
        *,
        scope: str = "all",
        language: str = "zh_cn",
        **kwargs: Any,
    ) -> ItemSourcesCard:
        """The card of the item ``item`` names, with display names in ``language`` and item icons.

        ``packs`` is a PackSet or a data pack path (loaded for you); anything else is an ``InvalidParameterError``.

        ``item`` is an id with or without namespace or a display name in any language, resolved with
        :func:`kit.items.lookup_item`; see :meth:`show` for what the card shows when it matches nothing or the
        scope is bad. Icons (:func:`item_icons`) follow the item shown unless ``icons=`` is given.
        """
        packs = packs_argument(packs, "ItemSourcesCard.from_packs")
        _check_choice("ItemSourcesCard.from_packs", "language", language, LANGUAGES)
        card = cls(
            ItemSourceOutput(item="", scope="all", sources=(), truncated=False),
            names=item_names(packs, language),
            language=language,
            **kwargs,
        )
        card.packs = packs
        card.scope = scope
        card._auto_icons = "icons" not in kwargs
        card.show(item)
        return card

    # ------------------------------------------------------------------------------------------ state
    def page_size(self, category: str | None = None) -> int:
        """The effective page size of ``category`` (default: the selected one); compact mode caps recipes at 2."""
        category = category or self.category
        size = getattr(self, f"{category}_page_size")
        return min(size, COMPACT_RECIPES) if category == "recipe" and self.mode == "compact" else size

    @property
    def page(self) -> int:
        """The selected category's current page (from 0)."""
        return getattr(self, f"{self.category}_page")

    @page.setter
    def page(self, value: int) -> None:
        setattr(self, f"{self.category}_page", value)

    @property
    def n_pages(self) -> int:
        """Pages of the selected category (at least 1)."""
        return page_count(len(self.sources[self.category]), self.page_size())

    @property
    def visible(self) -> tuple[ItemSource, ...]:
        """The sources on the current page of the selected category."""
        size = self.page_size()
        start = self.page * size
        return self.sources[self.category][start : start + size]

    def select(self, category: str) -> None:
        """Switch to ``category`` (``recipe``, ``loot`` or ``tag``); an empty category is not selectable."""
        if category not in CATEGORIES:
            raise InvalidParameterError(
                f"The 'category' parameter of ItemSourcesCard.select must be one of "
                f"{list(CATEGORIES)}. "
                f"Got {category!r} instead."
            )
        if self.sources[category]:
            self.category = category

    def _step(self, delta: int) -> None:
        self.page = min(max(self.page + delta, 0), self.n_pages - 1)

    # --------------------------------------------------------------------------------------- drawing
    def _redraw(self, _change: Any) -> None:
        clamped = min(max(self.page, 0), self.n_pages - 1)
        if clamped != self.page:
            self.page = clamped  # redraws through the observer
            return
        self._draw()

    def _draw(self) -> None:
        for c, button in self.category_buttons.items():
            n = len(self.sources[c])
            button.description = f"{CATEGORY_LABELS[c]} ({n})"
            button.disabled = n == 0
            button.button_style = "info" if c == self.category else ""
        category, visible = self.category, self.visible
        name = _name(self.output.item, self.names)
        self.explanation.value = _explanation(category, self.output.item, name) if self.sources[category] else ""
        if category == "recipe" and visible:
            columns = 1 if self.mode == "compact" else 2
            self.body = widgets.GridBox(
                [widgets.HTML(recipe_html(s, self.names, icons=self.icons)) for s in visible],
                layout=widgets.Layout(
                    grid_template_columns=f"repeat({columns}, minmax(0, max-content))", grid_gap="6px"
                ),
            )
        elif visible:
            self.body = widgets.Box([widgets.HTML(loot_html(visible) if category == "loot" else tags_html(visible))])
        else:
            self.body = widgets.Box()
        children = list(self.children)
        children[5] = self.body
        self.children = children
        self.page_label.value = f"第 {self.page + 1} / {self.n_pages} 页 · page {self.page + 1} of {self.n_pages}"
        self.prev_button.disabled = self.page <= 0
        self.next_button.disabled = self.page >= self.n_pages - 1
