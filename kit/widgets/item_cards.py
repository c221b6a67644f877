"""``ItemSourcesCard`` and ``ItemSearchCard``: the design's item-source card and item query card as ipywidgets.

The item-source card shows one :class:`kit.items.ItemSourceOutput` the way the client's ``item_sources`` card
does: three category buttons (配方 / 掉落 / 标签, each with its count, empty ones disabled), one page of the
selected category, and previous / page number / next controls. The item query card is a paged grid of the items
matching a query (each with its icon where the packs hold a texture), paged locally 18 at a time, with a separate
「更多物品」 action reading the next batch of 20; clicking an item opens its source card, with a way back.

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

The pieces live in :mod:`kit.widgets.item_card_html` (pure functions), :mod:`kit.widgets.item_sources_card` and
:mod:`kit.widgets.item_search`; this module re-exports them.
"""

from __future__ import annotations

from kit.widgets.item_card_html import (
    CATEGORIES,
    DEFAULT_PAGE_SIZES,
    icon_uri,
    item_icons,
    item_names,
    known_max_stack_sizes,
    lenient_page_size,
    loot_html,
    page_count,
    recipe_grid,
    recipe_html,
    split_sources,
    tags_html,
)
from kit.widgets.item_search import ItemBatch, ItemMatch, ItemSearchCard, search_items
from kit.widgets.item_sources_card import ItemSourcesCard

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
