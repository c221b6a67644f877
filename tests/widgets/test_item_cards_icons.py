"""Item cards on modded data: icons from the packs' textures, chances, unresolved tag slots (kit.servers sample)."""

from __future__ import annotations

import pytest

import kit
from kit.items import ItemSource, ItemSourceOutput, ItemStack, SourceSlot
from kit.samples import sample_save_path
from kit.samples.server import SERVER_NAME
from kit.widgets.item_cards import ItemSourcesCard, icon_uri, item_icons, recipe_grid, recipe_html


@pytest.fixture(scope="module")
def packs():
    return kit.open_server(sample_save_path().parent / SERVER_NAME).load_datapacks()


def test_card_shows_icons_where_textures_exist(packs):
    card = ItemSourcesCard.from_packs(packs, "frostworks:crushed_iron_ore")
    assert set(card.icons) == {"frostworks:crushed_iron_ore"}  # iron ore and gravel have no texture in the sample
    body = card.body.children[0].value
    assert icon_uri(packs.item_icon("frostworks:crushed_iron_ore")) in body
    assert body.count("<img class='kit-icon'") == 1  # the other slots keep the text tile
    assert "25%" in body and "概率 chance 25%" in body


def test_unresolved_tag_slot_is_drawn_as_the_tag(packs):
    src = packs.item_sources("frostworks:tin_gear").sources[0]
    grid = recipe_grid(src)
    assert sum(cell is not None and cell.unresolved == ("#c:ingots/tin",) for row in grid for cell in row) == 4
    page = recipe_html(src)
    assert page.count("kit-slot-unresolved") == 4 and "#c:ingots/tin" in page
    assert page.count("kit-slot-empty") == 4  # the real gaps of the grid stay empty


def test_item_icons_skips_items_without_textures(packs):
    out = ItemSourceOutput(
        "frostworks:glacite_ingot",
        sources=(
            ItemSource(
                "recipe",
                "t:r",
                inputs=(SourceSlot((ItemStack("minecraft:stick"),)),),
                outputs=(SourceSlot((ItemStack("frostworks:glacite_ingot"),)),),
            ),
        ),
    )
    assert list(item_icons(packs, out)) == ["frostworks:glacite_ingot"]
    assert item_icons(object(), out) == {}  # anything without item_icon gives no icons


def test_search_grid_shows_icons_where_textures_exist(packs):
    from kit.widgets.item_cards import ItemSearchCard

    search = ItemSearchCard(packs, "crushed", language="en_us")
    png = packs.item_icon("frostworks:crushed_iron_ore")
    assert png is not None and png.startswith(b"\x89PNG\r\n\x1a\n")  # the sample server ships a real texture
    assert packs.item_icon("frostworks:crushed_glacite") is None
    assert search.icons == {"frostworks:crushed_iron_ore": png}
    text_only, with_icon = search.grid.children  # ranked by id: crushed_glacite first
    assert with_icon.children[1] is search.item_buttons["frostworks:crushed_iron_ore"]
    assert icon_uri(png) in with_icon.children[0].value and "kit-item-tile" in with_icon._dom_classes
    assert text_only is search.item_buttons["frostworks:crushed_glacite"]  # no texture: the plain text tile
    snapshot = search._repr_mimebundle_()["text/html"]
    assert snapshot.count("<img class='kit-icon'") == 1 and icon_uri(png) in snapshot
    assert "Crushed Glacite" in snapshot or "crushed_glacite" in snapshot

    search.item_buttons["frostworks:crushed_iron_ore"].click()  # the tile's button still opens the source card
    assert search.sources_card is not None and search.icons == {}
    assert search.sources_card.icons["frostworks:crushed_iron_ore"] == png
    search.back_button.click()
    assert set(search.icons) == {"frostworks:crushed_iron_ore"}


def test_search_grid_icons_follow_the_page(packs):
    from kit.widgets.item_cards import ItemSearchCard

    search = ItemSearchCard(packs, "frost")
    assert set(search.icons) == {"frostworks:crushed_iron_ore", "frostworks:frost_crystal", "frostworks:glacite_ingot"}
    assert sum("kit-item-tile" in t._dom_classes for t in search.grid.children) == 3
    search.query = "tin_gear"
    assert search.icons == {} and list(search.grid.children) == list(search.item_buttons.values())
    assert "<img" not in search._repr_mimebundle_()["text/html"]
    search.query, search.mode = "glacite", "compact"  # the compact picker is a dropdown of names: no icons
    assert search.icons == {} and search.item_buttons == {}
