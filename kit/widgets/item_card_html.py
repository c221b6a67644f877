"""The pure pieces of the item cards: sources by category, pages, names, icons and the HTML of recipes, loot and
tags (plain functions of their inputs; the widgets in :mod:`kit.widgets.item_sources_card` and
:mod:`kit.widgets.item_search` draw from them).
"""

from __future__ import annotations

import html
import math
import os
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from kit.core.errors import InvalidParameterError
from kit.items.packset import PackSet
from kit.items.sources import MAX_SOURCES, ItemSource, ItemSourceOutput, SourceSlot

__all__ = [
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
_CHIP = (
    "display:inline-block;padding:0 5px;margin:1px 2px;border:1px solid #9aa;border-radius:8px;font-size:85%;"
    "background:#eef3f3"
)


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
        if result is None:
            continue
        components = result.components or {}
        value = components.get("minecraft:max_stack_size", components.get("max_stack_size"))
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            out[result.item_id] = value
    return out


def _check_choice(where: str, name: str, value: Any, choices: Sequence[str]) -> None:
    """Raise the kit parameter error for an option outside ``choices`` (instead of a bare traitlets error)."""
    if not isinstance(value, str) or value not in choices:
        raise InvalidParameterError(
            f"The {name!r} parameter of {where} must be one of {', '.join(map(repr, choices))}. Got {value!r} instead."
        )


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
        return tuple(tuple(cells[i : i + 3]) for i in range(0, len(cells), 3))
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
    """``packs.item_icon`` of the first 256 distinct ids, keeping those with an icon (none unless a PackSet)."""
    if not isinstance(packs, PackSet):
        return {}
    icons = {i: packs.item_icon(i) for i in list(dict.fromkeys(item_ids))[:256]}
    return {i: png for i, png in icons.items() if png}


def _icon_img(png: bytes, size: int) -> str:
    """An ``<img>`` of an item icon, ``size`` px square, drawn pixelated like the game's textures."""
    return (
        f"<img class='kit-icon' src='{icon_uri(png)}' alt='' style='width:{size}px;height:{size}px;"
        "image-rendering:pixelated'>"
    )


def item_icons(packs: PackSet, output: ItemSourceOutput) -> dict[str, bytes]:
    """Icons (PNG bytes) of the items an output shows and of its stations, for those the packs hold a texture for."""
    return _icons_of(
        packs,
        [output.item]
        + [i.item_id for s in output.sources for slot in s.inputs + s.outputs for i in slot.items]
        + [st for s in output.sources for st in s.station],
    )


def _slot_html(
    slot: SourceSlot | None,
    names: Mapping[str, str] | None,
    *,
    show_count: bool,
    icons: Mapping[str, bytes] | None = None,
) -> str:
    # the slot grows to its label: names and tags wrap whole (never cut), the tooltip repeats them
    style = (
        f"width:{_SLOT_PX}px;min-height:{_SLOT_PX}px;box-sizing:border-box;border:1px solid #8b8b8b;"
        "background:#e4e4e4;display:flex;flex-direction:column;align-items:center;justify-content:center;"
        "text-align:center;font-size:9px;line-height:1.1;overflow-wrap:anywhere;word-break:break-word;"
        "padding:1px"
    )
    if slot is None:
        return f"<div class='kit-slot kit-slot-empty' style='{style};background:#d2d2d2'></div>"
    if not slot.items and slot.unresolved:  # an undefined tag or an exotic ingredient: shown, never blank
        title = html.escape("未解析 unresolved (no loaded pack defines it):\n" + "\n".join(slot.unresolved), quote=True)
        return (
            f"<div class='kit-slot kit-slot-unresolved' title='{title}' style='{style};border:1px dashed #b55;"
            f"background:#f6e6e6;color:#933'>{html.escape(slot.unresolved[0])}<br><b>?</b></div>"
        )
    first = slot.items[0].item_id
    extra = len(slot.items) - 1
    png = (icons or {}).get(first)
    lines = [html.escape(_name(first, names))]
    if png:
        lines.insert(0, _icon_img(png, 20))
    badges = []
    if slot.n_alternatives - 1 > 0:
        badges.append(f"+{slot.n_alternatives - 1}")
    if show_count and slot.count != 1:
        badges.append(f"×{slot.count}")
    if show_count and slot.chance < 1:
        badges.append(f"{slot.chance:.0%}")
    if badges:
        lines.append(f"<b>{' '.join(badges)}</b>")
    tip = [f"{_name(i.item_id, names)} ({i.item_id})" for i in slot.items]
    if slot.n_alternatives > len(slot.items):
        tip.insert(
            0,
            f"{slot.n_alternatives} 个候选，列出前 {len(slot.items)} 个 "
            f"{slot.n_alternatives} alternatives (any one), the first {len(slot.items)} listed:",
        )
    elif extra > 0:
        tip.insert(0, f"{len(slot.items)} 个候选 alternatives (any one):")
    if slot.count != 1:
        tip.append(f"数量 count ×{slot.count}")
    if slot.chance < 1:
        tip.append(f"概率 chance {slot.chance:.0%}")
    if slot.unresolved:
        tip.append("未解析 unresolved: " + ", ".join(slot.unresolved))
    title = html.escape("\n".join(tip), quote=True)
    return f"<div class='kit-slot' title='{title}' style='{style}'>{'<br>'.join(lines)}</div>"


def _grid_html(
    rows: Sequence[Sequence[SourceSlot | None]],
    names: Mapping[str, str] | None,
    *,
    show_count: bool,
    icons: Mapping[str, bytes] | None = None,
) -> str:
    if not rows:
        return "<div style='font-size:85%;color:#777'>（无可读取的材料 no readable inputs）</div>"
    cols = max(len(r) for r in rows)
    cells = "".join(_slot_html(s, names, show_count=show_count, icons=icons) for r in rows for s in r)
    return (
        f"<div class='kit-grid' style='display:grid;grid-template-columns:repeat({cols},{_SLOT_PX}px);"
        f"gap:2px'>{cells}</div>"
    )


def recipe_html(
    source: ItemSource, names: Mapping[str, str] | None = None, *, icons: Mapping[str, bytes] | None = None
) -> str:
    """HTML of one recipe-like source: title with the station label beside it, material slots → product × count.

    Unknown kinds (custom providers) keep their kind, type id, inputs, outputs and notes. Every slot has a
    tooltip (``title``) naming its items; a slot with several candidates shows ``+N``; an output with a chance
    shows its percentage; an unresolved slot (an undefined ``#tag``) shows the tag, marked ``?``. ``icons``
    (item id -> PNG bytes, see :func:`item_icons`) puts the item's icon in its slot.
    """
    stations = "".join(_station_html(st, (icons or {}).get(st)) for st in source.station)
    kind = (
        ""
        if source.kind == "recipe"
        else f"<span class='kit-kind' style='{_CHIP};background:#f6eedd'>{html.escape(source.kind)}</span>"
    )
    type_line = f"<div style='font-size:80%;color:#666'>{html.escape(source.type)}</div>" if source.type else ""
    products = (
        "".join(_slot_html(s, names, show_count=True, icons=icons) for s in source.outputs)
        or "<div style='font-size:85%;color:#777'>?</div>"
    )
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


def _station_html(station: str, png: bytes | None) -> str:
    """A station beside a recipe's title: its item icon (the design's compact icon) where the packs hold one,
    with the label as tooltip; else the label as a chip.
    """
    label = _STATION_LABELS.get(station, station.split(":", 1)[-1])
    title = html.escape(f"{label} ({station})", quote=True)
    if png:
        return f"<span class='kit-station kit-station-icon' title='{title}'>{_icon_img(png, 18)}</span>"
    return f"<span class='kit-station' title='{title}' style='{_CHIP}'>{html.escape(label)}</span>"


def loot_html(sources: Sequence[ItemSource]) -> str:
    """HTML table of loot sources: table id, count per drop (``3``, or the range ``1-4``), merged entry notes (one
    row per table).
    """
    rows = "".join(
        f"<tr><td style='padding:1px 8px'><code>{html.escape(s.source_id)}</code></td>"
        f"<td style='padding:1px 8px;text-align:right'>{s.outputs[0].count_range if s.outputs else '1'}</td>"
        f"<td style='padding:1px 8px'>{html.escape('; '.join(s.notes))}</td></tr>"
        for s in sources
    )
    head = (
        "<tr><th style='text-align:left;padding:1px 8px'>表 ID Table</th>"
        "<th style='padding:1px 8px'>数量 Count</th>"
        "<th style='text-align:left;padding:1px 8px'>备注 Notes</th></tr>"
    )
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


def localized(language: str, zh: str, en: str) -> str:
    """The text of a hint in the card's language (``zh_cn``: Chinese, else English)."""
    return zh if language == "zh_cn" else en


def hint_box(lines: Sequence[str]) -> str:
    """The yellow hint box around lines of (already escaped) HTML; ``""`` for no lines."""
    if not lines:
        return ""
    return (
        "<div class='kit-hint' style='border-left:3px solid #d4a017;padding:2px 8px;background:#fff8e1'>"
        + "<br>".join(lines)
        + "</div>"
    )


def _hints(output: ItemSourceOutput, name: str, language: str = "zh_cn") -> str:
    """The card's hints in its language: no sources, truncated (with what cut it), providers that failed."""
    parts = []
    item, who = f"<code>{html.escape(output.item)}</code>", html.escape(name)
    if not output.sources:
        scope = html.escape(output.scope)
        zh_scope = "" if output.scope == "all" else f"（范围 {scope}）"
        parts.append(
            localized(
                language,
                f"没有找到 {who} 的来源{zh_scope}。",
                f"No sources found for {item}" + ("" if output.scope == "all" else f" (scope {scope})") + ".",
            )
        )
    if output.truncated:
        cuts = "; ".join(html.escape(c) for c in output.cuts) or f"{MAX_SOURCES}"
        parts.append(
            localized(language, f"结果已截断，并非全部来源：{cuts}。", f"Truncated, not every source is shown: {cuts}.")
        )
    for provider, message in output.errors:
        parts.append(
            localized(
                language,
                f"来源 {html.escape(provider)} 出错：{html.escape(message)}",
                f"Provider {html.escape(provider)} failed: {html.escape(message)}",
            )
        )
    return hint_box(parts)


def packs_argument(packs: Any, owner: str) -> PackSet:
    """``packs`` as a PackSet: a PackSet as is, a data pack path (or a list of them) loaded; else a kit error
    naming the argument, what it got and what to pass.
    """
    if isinstance(packs, PackSet):
        return packs
    paths = packs if isinstance(packs, (list, tuple)) else [packs]
    if paths and all(isinstance(p, (str, os.PathLike)) for p in paths):
        from kit.items.packs import load_datapacks

        return load_datapacks(list(paths))
    raise InvalidParameterError(
        f"The 'packs' parameter of {owner} must be a PackSet or a data pack path. Got {type(packs).__name__} "
        f"{packs!r} instead: pass kit.items.load_datapacks([path, ...]), kit.open_server(path).load_datapacks(), or "
        f"a pack folder / zip path."
    )
