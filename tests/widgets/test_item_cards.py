"""The item-card facade (kit.widgets.item_cards): one import path for both cards and their pieces, static snapshots.

The source card is tested in test_item_sources_card.py, the search card in test_item_search.py, the pure HTML and
page functions in test_item_card_html.py.
"""

from __future__ import annotations

import pytest

import kit.widgets
import kit.widgets.item_card_html
import kit.widgets.item_cards
import kit.widgets.item_search
import kit.widgets.item_sources_card
from kit.widgets import ItemSearchCard, ItemSourcesCard
from tests.widgets.item_cards_inputs import sample_packs


@pytest.fixture(scope="module")
def packs():
    return sample_packs()


def test_the_facade_re_exports_the_pieces_of_the_three_modules() -> None:
    facade = kit.widgets.item_cards
    modules = (kit.widgets.item_card_html, kit.widgets.item_search, kit.widgets.item_sources_card)
    home = {name: module for module in modules for name in module.__all__}
    assert sorted(facade.__all__) == sorted(home)  # the facade offers every public piece, and only those
    for name in facade.__all__:
        assert getattr(facade, name) is getattr(home[name], name), name
    assert kit.widgets.ItemSourcesCard is ItemSourcesCard is facade.ItemSourcesCard
    assert kit.widgets.ItemSearchCard is ItemSearchCard is facade.ItemSearchCard


def test_cards_have_a_static_snapshot(packs) -> None:
    card = ItemSourcesCard.from_packs(packs, "aurora:glacite_ingot")
    bundle = card._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert (
        "配方 Recipes (6)" in bundle["text/html"]
        and "aurora:glacite_ingot_from_blasting_glacite_ore" in bundle["text/html"]
    )
    assert "第 1 / 2 页" in bundle["text/html"]
    assert bundle["text/plain"] == "ItemSourcesCard: aurora:glacite_ingot · recipe 6, loot 3, tag 0 · recipe page 1"
    search = ItemSearchCard(packs, "glacite")
    html = search._repr_mimebundle_()["text/html"]
    assert "冰川锭" in html and "glacite" in html and "kit-static-button" in html
