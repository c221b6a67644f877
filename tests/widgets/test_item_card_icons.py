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
    out = ItemSourceOutput("frostworks:glacite_ingot", sources=(ItemSource(
        "recipe", "t:r", inputs=(SourceSlot((ItemStack("minecraft:stick"),)),),
        outputs=(SourceSlot((ItemStack("frostworks:glacite_ingot"),)),)),))
    assert list(item_icons(packs, out)) == ["frostworks:glacite_ingot"]
    assert item_icons(object(), out) == {}  # anything without item_icon gives no icons
