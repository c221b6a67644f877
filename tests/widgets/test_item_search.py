"""ItemSearchCard and search_items (kit.widgets.item_search) on the sample data pack: ranking, batches, pages, clicks."""

from __future__ import annotations

import pandas as pd
import pytest

import kit.items
from kit.widgets import ItemSearchCard, ItemSourcesCard
from kit.widgets.item_cards import search_items
from tests.widgets.item_cards_inputs import SAMPLE_PACK, sample_packs


@pytest.fixture(scope="module")
def packs():
    return sample_packs()


def test_search_items_ranks_and_batches(packs) -> None:
    items = packs.items()
    first = search_items(items, "glacite")
    ids = [m.item_id for m in first.matches]
    assert ids[0].startswith("aurora:glacite_") and "aurora:raw_glacite" == ids[-1]  # prefix before substring
    assert ids[:-1] == sorted(ids[:-1])
    assert search_items(items, "Glacite Ingot").matches[0].item_id == "aurora:glacite_ingot"  # exact name first
    assert search_items(items, "冰川锭").matches[0].item_id == "aurora:glacite_ingot"
    assert search_items(items, "torch").matches[0].item_id == "minecraft:torch"  # exact id path first

    tools = pd.DataFrame(
        {
            "item_id": ["example:axe_handle", "example:battle_axe", "example:zz_tool"],
            "name_en": ["Axe Handle", "Battle Axe", "Axe"],
            "name_zh": ["斧柄", "战斧", "斧"],
        }
    )
    assert [m.item_id for m in search_items(tools, "AXE").matches] == [
        "example:zz_tool",
        "example:axe_handle",
        "example:battle_axe",
    ]  # exact name, prefix, substring
    assert [m.item_id for m in search_items(tools, "斧").matches][0] == "example:zz_tool"

    every = search_items(items, "aurora")
    assert every.n_total == int(items["item_id"].str.startswith("aurora:").sum()) > 40
    assert len(every.matches) == 20 and every.has_more and every.next_offset == 20
    second = search_items(items, "aurora", offset=every.next_offset)
    assert [m.index for m in second.matches] == list(range(20, 40))
    assert not {m.item_id for m in second.matches} & {m.item_id for m in every.matches}
    assert search_items(items, "").n_total == len(items)
    assert search_items(items, "zzz-no-such").n_total == 0
    with pytest.raises(
        ValueError, match=r"'offset' parameter of search_items must be an int in the range \[0, inf\)\. Got -1"
    ):
        search_items(items, "x", offset=-1)
    with pytest.raises(ValueError, match=r"'limit' parameter .* Got 0 instead"):
        search_items(items, "x", limit=0)


def test_search_card_local_pages_of_18_and_more_items_loads_the_next_20(packs) -> None:
    card = ItemSearchCard(packs, "aurora")
    total = card.n_total
    assert total > 40 and len(card.matches) == 20 and card.has_more
    assert len(card.item_buttons) == 18 and len(card.grid.children) == 18  # 6 x 3, only this page
    assert "repeat(6" in card.grid.layout.grid_template_columns
    assert "第 1 / 2 页 · 已载入 20 个物品" in card.page_label.value
    assert "page 1 of 2 · 20 items loaded" in card.page_label.value
    assert card.prev_button.disabled and not card.next_button.disabled
    assert card.more_button.description.startswith("更多物品") and not card.more_button.disabled

    card.next_button.click()  # a local page: nothing is loaded
    assert card.page == 1 and len(card.matches) == 20 and len(card.item_buttons) == 2
    assert card.next_button.disabled and "page 2 of 2 · 20 items loaded" in card.page_label.value
    assert card.more_button.click() is None and len(card.matches) == 40  # the next batch, same query
    assert (
        card.batch.query == "aurora" and card.batch.offset == 20 and [m.index for m in card.matches] == list(range(40))
    )
    assert card.page == 1 and list(card.item_buttons) == [m.item_id for m in card.matches[18:36]]
    assert "page 2 of 3 · 40 items loaded" in card.page_label.value and not card.next_button.disabled
    while card.has_more:
        assert card.load_more() > 0
    assert len(card.matches) == total and card.more_button.disabled and card.more_button.layout.display == "none"
    assert card.load_more() == 0
    pages = -(-total // 18)
    while not card.next_button.disabled:
        card.next_button.click()
    assert card.page == pages - 1 and f"page {pages} of {pages} · {total} items loaded" in card.page_label.value
    card.prev_button.click()
    assert card.page == pages - 2 and len(card.item_buttons) == 18


def test_all_items_are_ordered_by_name_in_the_chosen_language(packs) -> None:
    items = packs.items()
    zh = [m.name_zh or m.name_en for m in search_items(items, "", limit=len(items)).matches if m.name_zh]
    assert zh == sorted(zh)
    in_en = search_items(items, "", limit=len(items), language="en_us").matches
    en = [m.name_en.casefold() for m in in_en if m.name_en]
    assert en == sorted(en) and [m.item_id for m in in_en] != [
        m.item_id for m in search_items(items, "", limit=len(items)).matches
    ]
    card = ItemSearchCard(packs)
    card.language_switch.value = "en_us"
    assert [m.item_id for m in card.matches] == [m.item_id for m in in_en[:20]]


def test_multi_word_typos_get_near_spellings_with_a_hint(packs) -> None:
    batch = search_items(packs.items(), "glacit ingto")
    assert batch.matches[0].item_id == "aurora:glacite_ingot"
    card = ItemSearchCard(packs, "glacit ingto", language="en_us")
    assert "aurora:glacite_ingot" in card.item_buttons and "spelled alike" in card.hint.value
    assert "拼写相近" in ItemSearchCard(packs, "glacit ingto").hint.value


def test_search_card_checks_its_arguments_and_accepts_a_pack_path(packs) -> None:
    from kit.core.errors import InvalidParameterError

    with pytest.raises(
        InvalidParameterError,
        match=r"The 'packs' parameter of ItemSearchCard must be a PackSet or a "
        r"data pack path\. Got int 3 instead: pass kit\.items\.load_datapacks",
    ):
        ItemSearchCard(3)
    with pytest.raises(InvalidParameterError, match=r"'scope' parameter of ItemSearchCard must be a str .* Got int 1"):
        ItemSearchCard(packs, scope=1)
    with pytest.raises(InvalidParameterError, match=r"'language' parameter of ItemSearchCard must be one of"):
        ItemSearchCard(packs, language="fr_fr")
    card = ItemSearchCard(str(SAMPLE_PACK), "")
    assert isinstance(card.packs, kit.items.PackSet) and card.n_total > 0


def test_search_card_query_box_and_language_switch(packs) -> None:
    card = ItemSearchCard(packs)
    assert card.query_box.continuous_update is False  # Enter sends the query
    card.query_box.value = "glacite ingot"
    assert card.query == "glacite ingot" and card.page == 0
    button = card.item_buttons["aurora:glacite_ingot"]
    assert button.description == "冰川锭"
    assert "Glacite Ingot" in button.tooltip and "aurora:glacite_ingot" in button.tooltip
    card.language_switch.value = "en_us"
    button = card.item_buttons["aurora:glacite_ingot"]
    assert card.language == "en_us" and button.description == "Glacite Ingot"
    assert "冰川锭" in button.tooltip and "Glacite Ingot" not in button.tooltip
    assert ItemSearchCard(packs, "glacite ingot", language="en_us").language_switch.value == "en_us"


def test_search_card_tooltip_click_opens_sources_and_back(packs) -> None:
    card = ItemSearchCard(packs, "glacite ingot")
    button = card.item_buttons["aurora:glacite_ingot"]
    assert "Max stack" in button.tooltip and "unknown" in button.tooltip  # the data packs do not say
    button.click()
    assert card.selected == "aurora:glacite_ingot"
    assert isinstance(card.sources_card, ItemSourcesCard)
    assert card.children[0].children == (card.back_button,) and card.children[1] is card.sources_card
    assert card.sources_card.category_buttons["recipe"].description == "配方 Recipes (6)"
    card.back_button.click()
    assert card.selected == "" and card.sources_card is None and card.grid in card.children


def test_search_card_empty_hint_query_change_and_compact(packs) -> None:
    card = ItemSearchCard(packs, "no-such-thing")
    assert card.matches == [] and card.item_buttons == {}
    assert "没有匹配「no-such-thing」的物品" in card.hint.value and card.next_button.disabled
    assert "No items match 'no-such-thing'" in ItemSearchCard(packs, "no-such-thing", language="en_us").hint.value
    card.query = "frost"
    assert card.hint.value == "" and card.batch.query == "frost" and card.page == 0
    assert all("frost" in m.item_id or "frost" in m.name_en.lower() for m in card.matches)

    compact = ItemSearchCard(packs, "glacite", mode="compact")
    labels = [label for label, _ in compact.picker.options]
    assert labels[0].startswith("1. ") and "(aurora:glacite_" in labels[0]
    assert compact.picker.value == compact.matches[0].item_id  # starts with the first item picked
    compact.view_button.click()
    assert compact.selected == compact.matches[0].item_id
    compact.back_button.click()
    compact.picker.value = "aurora:glacite_ingot"
    compact.view_button.click()
    assert compact.sources_card.mode == "compact" and compact.sources_card.page_size("recipe") == 2


def test_search_card_bad_scope_is_one_line_in_the_opened_card(packs) -> None:
    card = ItemSearchCard(packs, "glacite ingot", scope="bogus")
    card.item_buttons["aurora:glacite_ingot"].click()  # used to raise inside the click callback (nothing shown)
    assert card.selected == "aurora:glacite_ingot" and card.sources_card is not None
    assert card.sources_card.error.startswith("范围无效：") and "Got &#x27;bogus&#x27;" in card.sources_card.hint.value


def test_search_card_language_switch_keeps_the_open_card_in_place(packs) -> None:
    card = ItemSearchCard(packs, "glacite ingot")
    card.item_buttons["aurora:glacite_ingot"].click()
    card.sources_card.recipe_page_size = 2  # 6 recipes: 3 pages
    card.sources_card.next_button.click()
    card.sources_card.next_button.click()
    card.sources_card.category_buttons["loot"].click()
    before = card.sources_card
    card.language_switch.value = "en_us"
    after = card.sources_card
    assert after is not before and after.names["aurora:glacite_ingot"] == "Glacite Ingot"
    assert "Glacite Ingot" in after.title.value and "冰川锭" in before.title.value
    assert after.category == "loot" and after.recipe_page == 2 and after.recipe_page_size == 2
    card.mode = "compact"  # a mode switch keeps the place too
    assert card.sources_card.mode == "compact" and card.sources_card.category == "loot"
    card.back_button.click()
    assert card.picker.label.startswith("1. Glacite Ingot")  # the grid's names follow the switch too


@pytest.mark.parametrize(
    "kwargs, match",
    [
        (
            {"language": "fr_fr"},
            r"The 'language' parameter of ItemSearchCard must be one of 'zh_cn', 'en_us'\. Got 'fr_fr'",
        ),
        ({"mode": "tiny"}, r"The 'mode' parameter of ItemSearchCard must be one of 'full', 'compact'\. Got 'tiny'"),
        ({"query": None}, r"The 'query' parameter of ItemSearchCard must be a str\. Got NoneType None"),
    ],
)
def test_search_card_bad_parameters_are_kit_errors(packs, kwargs, match) -> None:
    from kit.core.errors import InvalidParameterError

    with pytest.raises(InvalidParameterError, match=match):
        ItemSearchCard(packs, **kwargs)


TOOLS = pd.DataFrame(
    {
        "item_id": ["example:axe_handle", "example:battle_axe", "example:zz_tool", "example:nameless"],
        "name_en": ["Axe Handle", "Battle Axe", "Axe", None],
        "name_zh": ["斧柄", "战斧", "斧", None],
    }
)


def test_batches_walk_the_whole_ranking_without_gaps() -> None:
    seen, offset = [], 0
    while True:
        batch = search_items(TOOLS, "", offset=offset, limit=3)
        assert batch.offset == offset and batch.n_total == 4 and batch.query == ""
        seen += [(m.index, m.item_id) for m in batch.matches]
        if not batch.has_more:
            break
        offset = batch.next_offset
    assert [i for i, _ in seen] == [0, 1, 2, 3] and len({iid for _, iid in seen}) == 4
    past = search_items(TOOLS, "", offset=10)
    assert past.matches == () and past.n_total == 4 and not past.has_more and past.next_offset == 10


def test_an_item_without_names_is_found_by_id_and_listed_by_its_path() -> None:
    assert [m.item_id for m in search_items(TOOLS, "nameless").matches] == ["example:nameless"]
    match = search_items(TOOLS, "nameless").matches[0]
    assert (match.name_en, match.name_zh) == ("", "")  # a missing name is "", never NaN
    by_en = [m.item_id for m in search_items(TOOLS, "", language="en_us").matches]
    assert by_en == ["example:zz_tool", "example:axe_handle", "example:battle_axe", "example:nameless"]


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"query": None}, r"The 'query' parameter of search_items must be a str\. Got NoneType None instead"),
        ({"query": "x", "offset": True}, r"'offset' parameter of search_items must be an int .* Got True instead"),
        ({"query": "x", "limit": 2.0}, r"'limit' parameter of search_items must be an int .* Got 2\.0 instead"),
        ({"query": "x", "language": "de_de"}, r"'language' parameter of search_items must be one of .* Got 'de_de'"),
    ],
)
def test_search_items_bad_arguments_are_kit_errors(kwargs, match) -> None:
    from kit.core.errors import InvalidParameterError

    with pytest.raises(InvalidParameterError, match=match):
        search_items(TOOLS, **kwargs)
