"""``ItemSourcesCard`` and ``ItemSearchCard``: the design's item-source card and item query card as ipywidgets.

The item-source card shows one :class:`kit.items.ItemSourceOutput` the way the client's ``item_sources`` card
does: three category buttons (配方 / 掉落 / 标签, each with its count, empty ones disabled), one page of the
selected category, and previous / page number / next controls. The item query card is a paged grid of the items
matching a query (each with its icon where the packs hold a texture), read in batches of 20 as "next page" needs
them; clicking an item opens its source card, with a way back.

State lives in traitlets (the selected category, each category's page, the mode); every change redraws the
current page only, from plain functions of that state (:func:`split_sources`, :func:`recipe_html`,
:func:`loot_html`, :func:`tags_html`, :func:`search_items`), so both cards are driven and tested from code::

    packs = kit.items.load_datapacks(["path/to/pack"])
    card = ItemSourcesCard.from_packs(packs, "aurora:glacite_ingot")
    card.category_buttons["loot"].click()
    card.next_button.click()
    search = ItemSearchCard(packs, "glacite")
    search.item_buttons["aurora:glacite_ingot"].click()   # opens the item's source card
    search.back_button.click()
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Mapping, Sequence

import ipywidgets as widgets
import traitlets

from kit.core.errors import InvalidParameterError
from kit.items.errors import InvalidScopeError
from kit.items.lookup import ItemLookup, lookup_item
from kit.items.sources import MAX_SOURCES, ItemSource, ItemSourceOutput, SourceSlot
from kit.widgets._static import StaticView

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from kit.items.packset import PackSet

__all__ = [
    "ItemSourcesCard",
    "ItemSearchCard",
    "ItemMatch",
    "ItemBatch",
    "search_items",
    "split_sources",
    "lenient_page_size",
    "page_count",
    "recipe_grid",
    "recipe_html",
    "item_icons",
    "icon_uri",
    "loot_html",
    "tags_html",
    "item_names",
    "known_max_stack_sizes",
    "CATEGORIES",
    "DEFAULT_PAGE_SIZES",
]

Category = Literal["recipe", "loot", "tag"]
Mode = Literal["full", "compact"]

CATEGORIES: tuple[str, ...] = ("recipe", "loot", "tag")
CATEGORY_LABELS = {"recipe": "配方 Recipes", "loot": "掉落 Loot", "tag": "标签 Tags"}
DEFAULT_PAGE_SIZES = {"recipe": 4, "loot": 12, "tag": 24}  #: the design's default page capacities
COMPACT_RECIPES = 2  #: recipes per page at most in compact mode (one column)
LANGUAGES: tuple[str, ...] = ("zh_cn", "en_us")  #: the languages of the cards' item names
MODES: tuple[str, ...] = ("full", "compact")
SEARCH_BATCH = 20  #: matches read per batch by the item query card
SEARCH_COLUMNS, SEARCH_ROWS = 6, 3  #: the item query card's grid in full mode

_STATION_LABELS = {
    "minecraft:crafting_table": "工作台 Crafting",
    "minecraft:furnace": "熔炉 Furnace",
    "minecraft:blast_furnace": "高炉 Blast furnace",
    "minecraft:smoker": "烟熏炉 Smoker",
    "minecraft:campfire": "营火 Campfire",
    "minecraft:soul_campfire": "灵魂营火 Soul campfire",
    "minecraft:stonecutter": "切石机 Stonecutter",
    "minecraft:smithing_table": "锻造台 Smithing",
}
_SLOT_PX = 46
_CHIP = ("display:inline-block;padding:0 5px;margin:1px 2px;border:1px solid #9aa;border-radius:8px;font-size:85%;"
         "background:#eef3f3")


# ------------------------------------------------------------------------------------------- pure logic
def split_sources(output: ItemSourceOutput) -> dict[str, tuple[ItemSource, ...]]:
    """The output's sources by card category, in output order.

    ``loot`` and ``tag`` sources go to their categories; every other kind (recipes and the kinds of custom
    providers) goes to ``recipe``, where it keeps its full display.
    """
    out: dict[str, list[ItemSource]] = {c: [] for c in CATEGORIES}
    for s in output.sources:
        out[s.kind if s.kind in ("loot", "tag") else "recipe"].append(s)
    return {c: tuple(v) for c, v in out.items()}


def lenient_page_size(value: Any, category: str) -> int:
    """``value`` when it is a positive int, else the category's default (the design's lenient optional field)."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    return DEFAULT_PAGE_SIZES[category]


def page_count(n_items: int, page_size: int) -> int:
    """Pages ``n_items`` fill at ``page_size`` per page (at least 1, so an empty list has one empty page)."""
    return max(1, math.ceil(n_items / page_size))


def item_names(packs: PackSet, language: str = "zh_cn") -> dict[str, str]:
    """Item id -> display name in ``language``, falling back to the other of ``en_us`` / ``zh_cn``."""
    other = "en_us" if language == "zh_cn" else "zh_cn"
    return {**packs.display_names(other), **packs.display_names(language)}


def known_max_stack_sizes(packs: PackSet) -> dict[str, int]:
    """Item id -> max stack size, for the items whose recipe results carry a ``minecraft:max_stack_size`` component.

    Data packs do not record the game's built-in stack sizes, so every other item is absent (unknown).
    """
    out: dict[str, int] = {}
    for rid in packs.recipes()["recipe_id"]:
        result = packs.recipe(rid).result
        components = (result.components or {}) if result is not None else {}
        value = components.get("minecraft:max_stack_size", components.get("max_stack_size"))
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            out[result.item_id] = value
    return out


def _check_choice(where: str, name: str, value: Any, choices: Sequence[str]) -> None:
    """Raise the kit parameter error for an option outside ``choices`` (instead of a bare traitlets error)."""
    if not isinstance(value, str) or value not in choices:
        raise InvalidParameterError(f"The {name!r} parameter of {where} must be one of {', '.join(map(repr, choices))}. "
                                    f"Got {value!r} instead.")


def _name(item_id: str, names: Mapping[str, str] | None) -> str:
    return (names or {}).get(item_id) or item_id.split(":", 1)[-1]


def recipe_grid(source: ItemSource) -> tuple[tuple[SourceSlot | None, ...], ...]:
    """The input slots of a recipe-like source as rows; ``None`` is an empty cell.

    A shaped recipe (``width > 0``) keeps its positions; when it fits a crafting grid it is padded to 3x3 as in
    the game. Any other source (shapeless, cooking, smithing, custom kinds) lists its inputs in order, three to a
    row like the crafting grid (the last row may be shorter); a source without inputs gives ``()``.
    """
    inputs = list(source.inputs)
    if not inputs:
        return ()
    if source.width <= 0:
        cells = [s if s.items or s.unresolved else None for s in inputs]
        return tuple(tuple(cells[i:i + 3]) for i in range(0, len(cells), 3))
    width = source.width
    rows = math.ceil(len(inputs) / width)
    cols, height = (3, 3) if width <= 3 and rows <= 3 else (width, rows)
    grid: list[list[SourceSlot | None]] = [[None] * cols for _ in range(height)]
    for i, slot in enumerate(inputs):
        grid[i // width][i % width] = slot if slot.items or slot.unresolved else None
    return tuple(tuple(r) for r in grid)


def icon_uri(png: bytes) -> str:
    """A ``data:`` URI for PNG bytes (item icons are embedded in the card's HTML; nothing is fetched)."""
    import base64

    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _icons_of(packs: Any, item_ids: Sequence[str]) -> dict[str, bytes]:
    """``packs.item_icon`` of the first 256 distinct ids, keeping those with an icon (none without ``item_icon``)."""
    if not hasattr(packs, "item_icon"):
        return {}
    icons = {i: packs.item_icon(i) for i in list(dict.fromkeys(item_ids))[:256]}
    return {i: png for i, png in icons.items() if png}


def _icon_img(png: bytes, size: int) -> str:
    """An ``<img>`` of an item icon, ``size`` px square, drawn pixelated like the game's textures."""
    return (f"<img class='kit-icon' src='{icon_uri(png)}' alt='' style='width:{size}px;height:{size}px;"
            "image-rendering:pixelated'>")


def item_icons(packs: PackSet, output: ItemSourceOutput) -> dict[str, bytes]:
    """Icons (PNG bytes) of the items an output shows, for those the packs hold a texture for."""
    return _icons_of(packs, [output.item] + [i.item_id for s in output.sources for slot in s.inputs + s.outputs
                                             for i in slot.items])


def _slot_html(slot: SourceSlot | None, names: Mapping[str, str] | None, *, show_count: bool,
               icons: Mapping[str, bytes] | None = None) -> str:
    style = (f"width:{_SLOT_PX}px;height:{_SLOT_PX}px;box-sizing:border-box;border:1px solid #8b8b8b;"
             "background:#e4e4e4;display:flex;flex-direction:column;align-items:center;justify-content:center;"
             "text-align:center;font-size:10px;line-height:1.1;overflow:hidden")
    if slot is None:
        return f"<div class='kit-slot kit-slot-empty' style='{style};background:#d2d2d2'></div>"
    if not slot.items and slot.unresolved:  # an undefined tag or an exotic ingredient: shown, never blank
        title = html.escape("未解析 unresolved (no loaded pack defines it):\n" + "\n".join(slot.unresolved), quote=True)
        return (f"<div class='kit-slot kit-slot-unresolved' title='{title}' style='{style};border:1px dashed #b55;"
                f"background:#f6e6e6;color:#933'>{html.escape(slot.unresolved[0][:14])}<br><b>?</b></div>")
    first = slot.items[0].item_id
    extra = len(slot.items) - 1
    png = (icons or {}).get(first)
    lines = [html.escape(_name(first, names)[:12])]
    if png:
        lines.insert(0, _icon_img(png, 20))
    badges = []
    if extra > 0:
        badges.append(f"+{extra}")
    if show_count and slot.count != 1:
        badges.append(f"×{slot.count}")
    if show_count and slot.chance < 1:
        badges.append(f"{slot.chance:.0%}")
    if badges:
        lines.append(f"<b>{' '.join(badges)}</b>")
    tip = [f"{_name(i.item_id, names)} ({i.item_id})" for i in slot.items]
    if extra > 0:
        tip.insert(0, f"{len(slot.items)} 个候选 alternatives (any one):")
    if slot.count != 1:
        tip.append(f"数量 count ×{slot.count}")
    if slot.chance < 1:
        tip.append(f"概率 chance {slot.chance:.0%}")
    if slot.unresolved:
        tip.append("未解析 unresolved: " + ", ".join(slot.unresolved))
    title = html.escape("\n".join(tip), quote=True)
    return f"<div class='kit-slot' title='{title}' style='{style}'>{'<br>'.join(lines)}</div>"


def _grid_html(rows: Sequence[Sequence[SourceSlot | None]], names: Mapping[str, str] | None, *, show_count: bool,
               icons: Mapping[str, bytes] | None = None) -> str:
    if not rows:
        return "<div style='font-size:85%;color:#777'>（无可读取的材料 no readable inputs）</div>"
    cols = max(len(r) for r in rows)
    cells = "".join(_slot_html(s, names, show_count=show_count, icons=icons) for r in rows for s in r)
    return (f"<div class='kit-grid' style='display:grid;grid-template-columns:repeat({cols},{_SLOT_PX}px);"
            f"gap:2px'>{cells}</div>")


def recipe_html(source: ItemSource, names: Mapping[str, str] | None = None, *,
                icons: Mapping[str, bytes] | None = None) -> str:
    """HTML of one recipe-like source: title with the station label beside it, material slots → product × count.

    Unknown kinds (custom providers) keep their kind, type id, inputs, outputs and notes. Every slot has a
    tooltip (``title``) naming its items; a slot with several candidates shows ``+N``; an output with a chance
    shows its percentage; an unresolved slot (an undefined ``#tag``) shows the tag, marked ``?``. ``icons``
    (item id -> PNG bytes, see :func:`item_icons`) puts the item's icon in its slot.
    """
    stations = "".join(
        f"<span class='kit-station' title='{html.escape(st, quote=True)}' style='{_CHIP}'>"
        f"{html.escape(_STATION_LABELS.get(st, st.split(':', 1)[-1]))}</span>"
        for st in source.station)
    kind = ("" if source.kind == "recipe" else
            f"<span class='kit-kind' style='{_CHIP};background:#f6eedd'>{html.escape(source.kind)}</span>")
    type_line = f"<div style='font-size:80%;color:#666'>{html.escape(source.type)}</div>" if source.type else ""
    products = ("".join(_slot_html(s, names, show_count=True, icons=icons) for s in source.outputs)
                or "<div style='font-size:85%;color:#777'>?</div>")
    notes = "".join(f"<li>{html.escape(n)}</li>" for n in source.notes)
    notes_html = f"<ul style='margin:2px 0 0 16px;padding:0;font-size:80%;color:#555'>{notes}</ul>" if notes else ""
    return (
        "<div class='kit-recipe' style='border:1px solid #c8c8c8;border-radius:4px;padding:4px 6px'>"
        f"<div><b style='font-size:90%'>{html.escape(source.source_id)}</b> {kind}{stations}</div>{type_line}"
        "<div style='display:flex;align-items:center;gap:8px;margin-top:3px'>"
        f"{_grid_html(recipe_grid(source), names, show_count=False, icons=icons)}"
        "<span class='kit-arrow' style='font-size:20px'>→</span>"
        f"<div style='display:flex;gap:2px'>{products}</div></div>{notes_html}</div>"
    )


def loot_html(sources: Sequence[ItemSource]) -> str:
    """HTML table of loot sources: table id, count per drop, merged entry notes (one row per table)."""
    rows = "".join(
        f"<tr><td style='padding:1px 8px'><code>{html.escape(s.source_id)}</code></td>"
        f"<td style='padding:1px 8px;text-align:right'>×{s.outputs[0].count if s.outputs else 1}</td>"
        f"<td style='padding:1px 8px'>{html.escape('; '.join(s.notes))}</td></tr>"
        for s in sources)
    head = ("<tr><th style='text-align:left;padding:1px 8px'>表 ID Table</th><th style='padding:1px 8px'>数量 Count</th>"
            "<th style='text-align:left;padding:1px 8px'>备注 Notes</th></tr>")
    return f"<table class='kit-loot' style='border-collapse:collapse;font-size:90%'>{head}{rows}</table>"


def tags_html(sources: Sequence[ItemSource]) -> str:
    """HTML of tag sources as compact wrapping labels."""
    chips = "".join(f"<span class='kit-tag' style='{_CHIP}'>{html.escape(s.source_id)}</span>" for s in sources)
    return f"<div class='kit-tags' style='display:flex;flex-wrap:wrap;gap:2px'>{chips}</div>"


def _explanation(category: str, item: str, name: str) -> str:
    who = f"{html.escape(name)} <code>{html.escape(item)}</code>"
    text = {
        "recipe": f"配方：可以制作 {who} 的配方；悬停材料格查看物品与候选。"
                  "<br>Recipes that make it; hover a slot for its items and alternatives.",
        "loot": f"掉落：可能产出 {who} 的战利品表；备注合并了条目的权重、数量与条件。"
                "<br>Loot tables that can drop it; notes merge the entries' weight, count and conditions.",
        "tag": f"标签：{who} 所属的物品标签。标签是分类，不是获取途径。"
               "<br>Item tags it belongs to: a classification, not a way to obtain it.",
    }[category]
    return f"<div class='kit-explanation' style='font-size:85%;color:#444'>{text}</div>"


def _hints(output: ItemSourceOutput, name: str) -> str:
    parts = []
    if not output.sources:
        scope = "" if output.scope == "all" else f"（范围 scope: {html.escape(output.scope)}）"
        parts.append(f"没有找到 {html.escape(name)} 的来源{scope}。No sources found for "
                     f"<code>{html.escape(output.item)}</code>.")
    if output.truncated:
        parts.append(f"结果已截断：只显示前 {MAX_SOURCES} 条来源。"
                     f"Truncated: only the first {MAX_SOURCES} sources are shown.")
    for provider, message in output.errors:
        parts.append(f"来源 {html.escape(provider)} 出错 failed: {html.escape(message)}")
    if not parts:
        return ""
    return ("<div class='kit-hint' style='border-left:3px solid #d4a017;padding:2px 8px;background:#fff8e1'>"
            + "<br>".join(parts) + "</div>")


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

    def __init__(self, output: ItemSourceOutput, *, names: Mapping[str, str] | None = None, mode: Mode = "full",
                 recipe_page_size: Any = None, loot_page_size: Any = None, tag_page_size: Any = None,
                 icons: Mapping[str, bytes] | None = None, **kwargs: Any) -> None:
        if not isinstance(output, ItemSourceOutput):
            raise InvalidParameterError(
                f"The 'output' parameter of ItemSourcesCard must be an ItemSourceOutput (packs.item_sources(...)). Got "
                f"{type(output).__name__} {output!r} instead; to look an item up by id or name use "
                f"ItemSourcesCard.from_packs(packs, {output!r}).")
        _check_choice("ItemSourcesCard", "mode", mode, MODES)
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
        self.observe(self._redraw, names=["category", "recipe_page", "loot_page", "tag_page", "mode",
                                          "recipe_page_size", "loot_page_size", "tag_page_size"])
        pager = widgets.HBox([self.prev_button, self.page_label, self.next_button],
                             layout=widgets.Layout(align_items="center"))
        self.children = [self.title, widgets.HBox(list(self.category_buttons.values())), self.hint,
                         self.suggestions, self.explanation, self.body, pager]
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
        self.hint.value = _hints(output, name) if output.item else ""
        self._draw_suggestions()
        self._draw()

    def static_text(self) -> str:
        counts = ", ".join(f"{c} {len(v)}" for c, v in self.sources.items())
        return f"ItemSourcesCard: {self.output.item or '(no item)'} · {counts} · {self.category} page {self.page + 1}"

    def _draw_suggestions(self) -> None:
        self.suggestion_buttons = {}
        lookup, lines = self.lookup, []
        if self.error:
            lines.append(html.escape(self.error))
        if lookup is not None and not lookup.found:
            q = html.escape(lookup.text)
            if lookup.suggestions:
                lines.append(f"没有名为「{q}」的物品，您是不是要找：No item is called '{q}'. Did you mean:")
            else:
                lines.append(f"没有名为「{q}」的物品，也没有相近的物品。No item is called '{q}', and none is close.")
        elif lookup is not None and lookup.how == "id" and lookup.suggestions:
            lines.append(f"数据包里没有 <code>{html.escape(lookup.item_id or '')}</code>（可能是游戏内置物品），相近的物品："
                         f"The data packs do not know <code>{html.escape(lookup.item_id or '')}</code> (a built-in "
                         "item?); close items:")
        elif lookup is not None and lookup.how in ("path", "name") and self.output.item:
            lines.append(f"「{html.escape(lookup.text)}」→ <code>{html.escape(self.output.item)}</code>"
                         + (" · 其他相近 other close items:" if lookup.suggestions else ""))
        if lines:
            self.hint.value = ("<div class='kit-hint' style='border-left:3px solid #d4a017;padding:2px 8px;"
                               "background:#fff8e1'>" + "<br>".join(lines) + "</div>" + (
                                   self.hint.value if self.output.item and not self.error else ""))
        if lookup is not None and self.packs is not None:
            for item_id in lookup.suggestions:
                button = widgets.Button(description=f"{_name(item_id, self.names)} ({item_id})",
                                        layout=widgets.Layout(width="auto"), tooltip=item_id)
                button.on_click(lambda _b, i=item_id: self.show(i))
                self.suggestion_buttons[item_id] = button
        self.suggestions.children = list(self.suggestion_buttons.values())

    def show(self, item: str, *, scope: str | None = None) -> ItemLookup:
        """Resolve ``item`` (an id with or without namespace, or a display name) and show its sources.

        Needs a card made by :meth:`from_packs`. When nothing matches, the card shows the nearest items as buttons;
        a bad scope is reported in the card (``error``) instead of raising. Returns the lookup.
        """
        if self.packs is None:
            raise InvalidParameterError("ItemSourcesCard.show needs a card made with ItemSourcesCard.from_packs(packs, ...)")
        if not isinstance(item, str):
            raise InvalidParameterError(f"The 'item' parameter of ItemSourcesCard.show must be a str (an item id or "
                                        f"name). Got {type(item).__name__} {item!r} instead.")
        self.scope = self.scope if scope is None else scope
        self.lookup = lookup = lookup_item(self.packs, item)
        self.error = ""
        target = lookup.item_id or ""
        try:
            output = (self.packs.item_sources(target, self.scope) if target
                      else ItemSourceOutput(item="", scope=self.scope, sources=(), truncated=False))
        except InvalidScopeError as exc:
            self.error = f"范围无效 invalid scope: {exc}"
            output = ItemSourceOutput(item=target, scope="all", sources=(), truncated=False)
        if getattr(self, "_auto_icons", False):
            self.icons = item_icons(self.packs, output) if output.item else {}
        self._show_output(output)
        return lookup

    @traitlets.validate("recipe_page_size", "loot_page_size", "tag_page_size")
    def _valid_page_size(self, proposal: Any) -> int:
        return lenient_page_size(proposal["value"], proposal["trait"].name.removesuffix("_page_size"))

    @classmethod
    def from_packs(cls, packs: PackSet, item: str, *, scope: str = "all", language: str = "zh_cn",
                   **kwargs: Any) -> ItemSourcesCard:
        """The card of the item ``item`` names, with display names in ``language`` and item icons.

        ``item`` is an id with or without namespace or a display name in any language, resolved with
        :func:`kit.items.lookup_item`; see :meth:`show` for what the card shows when it matches nothing or the
        scope is bad. Icons (:func:`item_icons`) follow the item shown unless ``icons=`` is given.
        """
        _check_choice("ItemSourcesCard.from_packs", "language", language, LANGUAGES)
        card = cls(ItemSourceOutput(item="", scope="all", sources=(), truncated=False),
                   names=item_names(packs, language), **kwargs)
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
        return self.sources[self.category][start:start + size]

    def select(self, category: str) -> None:
        """Switch to ``category`` (``recipe``, ``loot`` or ``tag``); an empty category is not selectable."""
        if category not in CATEGORIES:
            raise InvalidParameterError(f"The 'category' parameter of ItemSourcesCard.select must be one of {list(CATEGORIES)}. "
                             f"Got {category!r} instead.")
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
                layout=widgets.Layout(grid_template_columns=f"repeat({columns}, minmax(0, max-content))", grid_gap="6px"))
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


def _score(q: str, item_id: str, names: Sequence[str]) -> int | None:
    iid = item_id.casefold()
    path = iid.split(":", 1)[-1]
    q_id = q.replace(" ", "_")
    if q_id in (iid, path) or q in names:
        return 0
    if iid.startswith(q_id) or path.startswith(q_id) or any(n.startswith(q) for n in names):
        return 1
    if q_id in iid or any(q in n for n in names):
        return 2
    return None


def search_items(items: pd.DataFrame, query: str, *, offset: int = 0, limit: int = SEARCH_BATCH) -> ItemBatch:
    """Items whose id or display name matches ``query``, ranked, one batch of ``limit`` from ``offset``.

    Parameters
    ----------
    items : DataFrame
        ``packs.items()`` (columns ``item_id``, ``name_en``, ``name_zh`` are used).
    query : str
        Matched case-insensitively against the id (spaces read as ``_``) and both display names. Exact matches rank
        first, then prefixes (of the id, its path or a name), then substrings; ties by item id. A blank query
        matches every item.
    offset : int, default=0
        Matches to skip (the ``next_offset`` of the previous batch).
    limit : int, default=20
        Batch size.

    Returns
    -------
    ItemBatch
        The batch (``matches`` carry their index in the full ranking) and the total number of matches.
    """
    for name, value, low in (("offset", offset, 0), ("limit", limit, 1)):
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise InvalidParameterError(f"The '{name}' parameter of search_items must be an int in the range [{low}, inf). "
                             f"Got {value!r} instead.")
    q = " ".join(query.split()).casefold()
    ranked = []
    for item_id, en, zh in zip(items["item_id"], items["name_en"], items["name_zh"]):
        names = [n.casefold() for n in (en, zh) if isinstance(n, str) and n]
        score = 2 if not q else _score(q, item_id, names)
        if score is not None:
            ranked.append((score, item_id, en if isinstance(en, str) else "", zh if isinstance(zh, str) else ""))
    ranked.sort(key=lambda r: (r[0], r[1]))
    batch = tuple(ItemMatch(offset + i, iid, en, zh) for i, (_s, iid, en, zh) in enumerate(ranked[offset:offset + limit]))
    return ItemBatch(query, offset, batch, len(ranked))


class ItemSearchCard(StaticView, widgets.VBox):
    """The item query card: a query box, a language switch and the matching items as a paged grid; click one to
    see its sources.

    Parameters
    ----------
    packs : PackSet
        Loaded data packs (``kit.items.load_datapacks``).
    query : str, default=""
        Matched against ids and display names (see :func:`search_items`); blank lists every item. Typing in the
        query box and pressing Enter sets it.
    language : {"zh_cn", "en_us"}, default="zh_cn"
        Language of the item labels (the other language's name is in the tooltip); switched with ``language_switch``.
    scope : str, default="all"
        Scope of the source cards opened from the grid.
    mode : {"full", "compact"}, default="full"
        Full mode shows a grid of 6 columns and 3 rows per page; compact mode picks an item of the page from a
        dropdown (the first one selected) and opens compact source cards.

    One paging model: a page holds 18 items; matches are read from :func:`search_items` 20 at a time, and turning
    to a page reads as many batches as it needs. The page label says how many matches were read and whether more
    exist ("page 2 · 36 read, more" until the last batch is read, then "page 2 of 3 · 47 items").

    Attributes
    ----------
    matches : list of ItemMatch
        The matches read so far (in rank order); ``batch`` is the last batch read.
    page : int
        The page (from 0).
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

    def __init__(self, packs: PackSet, query: str = "", *, language: str = "zh_cn", scope: str = "all",
                 mode: Mode = "full", **kwargs: Any) -> None:
        if not isinstance(query, str):
            raise InvalidParameterError(f"The 'query' parameter of ItemSearchCard must be a str. Got "
                                        f"{type(query).__name__} {query!r} instead.")
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
        self.query_box = widgets.Text(value=query, description="查询 Query", continuous_update=False,
                                      placeholder="名称或 ID，回车搜索 name or id, Enter to search")
        self.language_switch = widgets.ToggleButtons(options=[("中文", "zh_cn"), ("English", "en_us")], value=language,
                                                     style={"button_width": "5em"})
        self.title = widgets.HTML()
        self.hint = widgets.HTML()
        self.grid = widgets.GridBox(layout=widgets.Layout(
            grid_template_columns=f"repeat({SEARCH_COLUMNS}, minmax(90px, max-content))", grid_gap="4px"))
        self.picker = widgets.Dropdown(description="物品 Item")
        self.view_button = widgets.Button(description="查看 View", layout=widgets.Layout(width="auto"))
        self.prev_button = widgets.Button(description="◀ 上一页 Prev", layout=widgets.Layout(width="auto"))
        self.page_label = widgets.HTML()
        self.next_button = widgets.Button(description="下一页 Next ▶", layout=widgets.Layout(width="auto"))
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
        self.back_button.on_click(lambda _b: setattr(self, "selected", ""))
        self.view_button.on_click(lambda _b: self.picker.value and setattr(self, "selected", self.picker.value))
        self.observe(self._on_query, names=["query"])
        self.observe(self._on_page, names=["page", "mode"])
        self.observe(self._on_language, names=["language"])
        self.observe(self._on_selected, names=["selected"])
        self.query = query
        self._on_query(None)

    # ------------------------------------------------------------------------------------------ state
    @property
    def page_size(self) -> int:
        """Items per page: 6 columns x 3 rows."""
        return SEARCH_COLUMNS * SEARCH_ROWS

    @property
    def n_total(self) -> int:
        """Every match of the query (read or not)."""
        return self.batch.n_total if self.batch is not None else 0

    @property
    def has_more(self) -> bool:
        """Whether matches remain to be read."""
        return self.batch is not None and self.batch.has_more

    @property
    def n_pages(self) -> int:
        """Pages the matches fill (at least 1); known in full once every match is read, else the pages read."""
        return page_count(len(self.matches), self.page_size)

    @property
    def visible(self) -> list[ItemMatch]:
        """The matches on the current page."""
        start = self.page * self.page_size
        return self.matches[start:start + self.page_size]

    def _read_until(self, n_items: int) -> None:
        """Read batches (same query, next offset) until ``n_items`` matches are read or none remain."""
        while len(self.matches) < n_items and self.has_more:
            assert self.batch is not None
            self.batch = search_items(self.items_frame, self.batch.query, offset=self.batch.next_offset)
            self.matches.extend(self.batch.matches)

    def label(self, match: ItemMatch) -> str:
        """The item's display name in the card's language (else the other language's, else the id's path)."""
        return _name(match.item_id, self.names)

    def tooltip(self, match: ItemMatch) -> str:
        """Tooltip text: the name in the other language, the registry id and the max stack size (or a note that the
        data packs do not say)."""
        other = match.name_en if self.language == "zh_cn" else match.name_zh
        stack = self.max_stack.get(match.item_id)
        stack_line = (f"堆叠上限 Max stack: {stack}" if stack is not None
                      else "堆叠上限 Max stack: 未知 unknown (数据包不记录 data packs do not record it)")
        return "\n".join(x for x in (other, match.item_id, stack_line) if x)

    def _step(self, delta: int) -> None:
        target = max(self.page + delta, 0)
        self._read_until((target + 1) * self.page_size)
        self.page = min(target, self.n_pages - 1)

    # ------------------------------------------------------------------------------------- observers
    def _on_query(self, _change: Any) -> None:
        self.batch = search_items(self.items_frame, self.query)
        self.matches = list(self.batch.matches)
        self._read_until(self.page_size)
        self.selected = ""
        if self.page != 0:
            self.page = 0  # redraws through _on_page
        else:
            self._draw()

    def _on_page(self, _change: Any) -> None:
        self._read_until((self.page + 1) * self.page_size)
        clamped = min(max(self.page, 0), self.n_pages - 1)
        if clamped != self.page:
            self.page = clamped
            return
        self._draw()

    def _on_language(self, _change: Any) -> None:
        self.names = item_names(self.packs, self.language)
        self._draw()

    def _on_selected(self, _change: Any) -> None:
        self._draw()

    # --------------------------------------------------------------------------------------- drawing
    def _item_button(self, match: ItemMatch) -> widgets.Button:
        button = widgets.Button(description=self.label(match), tooltip=self.tooltip(match),
                                layout=widgets.Layout(width="auto"))
        button.on_click(lambda _b, iid=match.item_id: setattr(self, "selected", iid))
        return button

    def _open_card(self, previous: ItemSourcesCard | None) -> ItemSourcesCard:
        """The selected item's source card (:meth:`ItemSourcesCard.from_packs`: a bad scope is a line in the card);
        redrawn for a language or mode switch, it keeps the previous card's category, pages and page sizes."""
        card = ItemSourcesCard.from_packs(self.packs, self.selected, scope=self.scope, language=self.language,
                                          mode=self.mode)
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
        tile = widgets.HBox([widgets.HTML(_icon_img(png, 24)), button],
                            layout=widgets.Layout(align_items="center", grid_gap="2px"))
        tile.add_class("kit-item-tile")
        return tile

    def _page_text(self) -> str:
        page = self.page + 1
        read = len(self.matches)
        if self.has_more:
            return (f"第 {page} 页 · 已读取 {read} 项，还有更多 · page {page} · {read} matches read, more exist")
        return f"第 {page} / {self.n_pages} 页 · 共 {read} 项 · page {page} of {self.n_pages} · {read} items"

    def _draw(self) -> None:
        header = widgets.HBox([self.query_box, self.language_switch], layout=widgets.Layout(align_items="center"))
        if self.selected:
            self.item_buttons, self.icons = {}, {}
            self.sources_card = self._open_card(self.sources_card)
            self.children = [widgets.HBox([self.back_button]), self.sources_card]
            return
        self.sources_card = None
        q = html.escape(self.query)
        self.title.value = f"<b>物品检索 Item search</b> · 「{q}」" if self.query else "<b>物品检索 Item search</b> · 全部 all items"
        self.hint.value = ("" if self.matches else
                           "<div class='kit-hint' style='border-left:3px solid #d4a017;padding:2px 8px;background:#fff8e1'>"
                           f"没有匹配「{q}」的物品。No items match '{q}'.</div>")
        self.page_label.value = self._page_text()
        self.prev_button.disabled = self.page <= 0
        self.next_button.disabled = self.page >= self.n_pages - 1 and not self.has_more
        pager = widgets.HBox([self.prev_button, self.page_label, self.next_button],
                             layout=widgets.Layout(align_items="center"))
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
        return (f"ItemSearchCard: {self.query!r} · {len(self.matches)} of {self.n_total} matches read · "
                f"page {self.page + 1} · {self.language}")
