"""ItemSourcesCard and ItemSearchCard driven headless on the sample data pack: click buttons, read what they show."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest

import kit.items
from kit.items import ItemSource, ItemSourceOutput, ProviderRegistry, SourceSlot
from kit.items.recipes import ItemStack
from kit.items.sources import MAX_SOURCES, PROVIDERS
from kit.widgets import ItemSearchCard, ItemSourcesCard
from kit.widgets.item_cards import (
    item_names,
    known_max_stack_sizes,
    lenient_page_size,
    page_count,
    recipe_grid,
    recipe_html,
    search_items,
    split_sources,
)
from tests.data_folder import SHARED_DATA, missing_reason

REPO = Path(__file__).resolve().parents[2]
SAMPLE_PACK = REPO / "sample_saves" / "aurora_server" / "datapacks" / "kit_sample"

VANILLA = SHARED_DATA / "vanilla" / "1.21.3"


@pytest.fixture(scope="module")
def packs():
    if not SAMPLE_PACK.is_dir():
        from kit.samples import sample_save_path
        from kit.samples.datapack import write_datapack

        write_datapack(sample_save_path())
    return kit.items.load_datapacks([SAMPLE_PACK])


def _text(widget) -> str:
    """Every HTML value and button description under ``widget``, tags stripped (what a reader sees)."""
    parts = []
    stack = [widget]
    while stack:
        w = stack.pop(0)
        if hasattr(w, "children"):
            stack[:0] = list(w.children)
        elif hasattr(w, "description") and type(w).__name__ == "Button":
            parts.append(w.description)
        elif type(w).__name__ == "HTML":
            parts.append(re.sub(r"<[^>]+>", " ", w.value))
    return " ".join(" ".join(parts).split())


def _html(widget) -> str:
    out, stack = [], [widget]
    while stack:
        w = stack.pop(0)
        if hasattr(w, "children"):
            stack[:0] = list(w.children)
        elif type(w).__name__ == "HTML":
            out.append(w.value)
    return "".join(out)


# ------------------------------------------------------------------------------------- item-source card
def test_category_buttons_counts_disabled_and_first_non_empty_selected(packs) -> None:
    card = ItemSourcesCard.from_packs(packs, "aurora:glacite_ingot")
    buttons = card.category_buttons
    assert [buttons[c].description for c in ("recipe", "loot", "tag")] == [
        "配方 Recipes (6)",
        "掉落 Loot (3)",
        "标签 Tags (0)",
    ]
    assert [buttons[c].disabled for c in ("recipe", "loot", "tag")] == [False, False, True]
    assert card.category == "recipe" and buttons["recipe"].button_style == "info"
    assert "kit-item-sources" in card._dom_classes

    shard = ItemSourcesCard.from_packs(packs, "aurora:frost_shard")  # no recipes: loot comes first
    assert shard.category == "loot" and shard.category_buttons["recipe"].disabled
    buttons["tag"].click()  # a disabled (empty) category cannot be selected
    assert card.category == "recipe"


def test_pages_kept_per_category_and_pager_disabled_at_ends(packs) -> None:
    card = ItemSourcesCard.from_packs(packs, "aurora:glacite_ingot")
    assert card.n_pages == 2 and card.page_label.value.startswith("第 1 / 2 页")
    assert card.prev_button.disabled and not card.next_button.disabled
    assert len(card.body.children) == 4  # only the current page is drawn
    assert [s.source_id for s in card.visible] == [s.source_id for s in card.sources["recipe"][:4]]

    card.next_button.click()
    assert card.recipe_page == 1 and card.next_button.disabled and not card.prev_button.disabled
    assert len(card.body.children) == 2
    assert "aurora:glacite_ingot_from_smelting_raw_glacite" in _text(card.body)
    assert "aurora:glacite_ingot_from_blasting_glacite_ore" not in _text(card.body)
    card.next_button.click()  # past the end: stays
    assert card.recipe_page == 1

    card.category_buttons["loot"].click()
    assert card.category == "loot" and card.loot_page == 0
    assert card.prev_button.disabled and card.next_button.disabled  # a single page
    assert "第 1 / 1 页" in card.page_label.value
    card.category_buttons["recipe"].click()
    assert card.recipe_page == 1 and "第 2 / 2 页" in card.page_label.value  # the recipe page was kept

    card.recipe_page = 99  # clamped to the last page
    assert card.recipe_page == 1


def test_loot_page_shows_table_ids_merged_notes_and_explanation_once(packs) -> None:
    card = ItemSourcesCard.from_packs(packs, "aurora:glacite_ingot")
    card.category_buttons["loot"].click()
    rows = re.findall(r"<tr><td.*?</tr>", _html(card.body))
    assert len(rows) == 3
    vault = next(r for r in rows if "aurora:chests/glacier_vault" in r)
    assert "weight 20; quality -2" in vault and ">2-5</td>" in vault  # the count range, not ×1 beside a note
    assert "count 2..5" not in vault and "×" not in vault
    assert _html(card).count("kit-explanation") == 1
    assert "Loot tables that can drop it" in card.explanation.value
    assert "冰川锭" in card.explanation.value and all("冰川锭" not in r for r in rows)  # not repeated per row


def test_page_size_overrides_invalid_values_and_compact_mode(packs) -> None:
    shard = packs.item_sources("aurora:frost_shard")
    card = ItemSourcesCard(shard, loot_page_size=4)
    assert card.n_pages == 3 and len(re.findall(r"<tr><td", _html(card.body))) == 4
    card.next_button.click()
    card.next_button.click()
    assert len(re.findall(r"<tr><td", _html(card.body))) == 2

    for bad in ("4", 0, -3, True, 2.5, None):
        assert lenient_page_size(bad, "loot") == 12
        assert (
            ItemSourcesCard(shard, loot_page_size=bad, recipe_page_size=bad, tag_page_size=bad).page_size("loot") == 12
        )
    assert lenient_page_size(None, "recipe") == 4 and lenient_page_size(None, "tag") == 24
    card.loot_page_size = 0  # set later: also falls back, and the page is clamped
    assert card.loot_page_size == 12 and card.n_pages == 1 and card.loot_page == 0

    ingot = packs.item_sources("aurora:glacite_ingot")
    full = ItemSourcesCard(ingot)
    assert "repeat(2" in full.body.layout.grid_template_columns
    compact = ItemSourcesCard(ingot, mode="compact")
    assert compact.page_size("recipe") == 2 and compact.n_pages == 3 and len(compact.body.children) == 2
    assert "repeat(1" in compact.body.layout.grid_template_columns
    assert ItemSourcesCard(ingot, mode="compact", recipe_page_size=1).n_pages == 6  # smaller still allowed
    compact.mode = "full"
    assert compact.n_pages == 2 and len(compact.body.children) == 4


def test_tags_are_wrapping_labels_paged_by_24() -> None:
    tags = tuple(
        ItemSource("tag", f"#example:t{i:02d}", outputs=(SourceSlot((ItemStack("example:x"),)),)) for i in range(30)
    )
    card = ItemSourcesCard(ItemSourceOutput("example:x", sources=tags))
    assert card.category == "tag" and card.n_pages == 2
    assert _html(card.body).count("class='kit-tag'") == 24 and "flex-wrap:wrap" in _html(card.body)
    card.next_button.click()
    assert _html(card.body).count("class='kit-tag'") == 6 and "#example:t29" in _text(card.body)


def test_recipe_slots_arrow_product_count_station_and_alternatives(packs) -> None:
    names = item_names(packs, "zh_cn")
    torch = packs.item_sources("minecraft:torch", "recipe").sources[0]
    grid = recipe_grid(torch)
    assert len(grid) == 3 and all(len(r) == 3 for r in grid)  # a width-1 shaped recipe padded to 3x3
    assert grid[0][0].item_ids == ("minecraft:coal", "minecraft:charcoal", "aurora:ember_dust")
    assert grid[1][0].item_ids == ("minecraft:stick",)
    assert sum(s is None for r in grid for s in r) == 7
    out = recipe_html(torch, names)
    coal = re.search(r"<div class='kit-slot' title='([^']*)'[^>]*>([^<]*)<br><b>\+2</b>", out)
    assert coal, out
    assert "煤炭 (minecraft:coal)" in coal.group(1) and "charcoal (minecraft:charcoal)" in coal.group(1)
    assert "余烬粉 (aurora:ember_dust)" in coal.group(1) and coal.group(2) == "煤炭"
    assert "→" in out and "×4" in out  # the product with its count
    title = re.search(r"<div><b[^>]*>minecraft:torch</b>(.*?)</div>", out).group(1)
    assert "kit-station" in title and "工作台 Crafting" in title  # station beside the title

    compass = packs.item_sources("aurora:frost_compass", "recipe").sources[0]
    grid = recipe_grid(compass)
    assert [[s is not None for s in r] for r in grid] == [
        [False, True, False],
        [True, True, True],
        [False, True, False],
    ]
    smelt = packs.item_sources("aurora:glacite_ingot", "recipe").sources[0]
    assert recipe_grid(smelt) == ((smelt.inputs[0],),)  # not shaped: in order
    shapeless = packs.item_sources("aurora:aurorium_ingot", "recipe").sources[0]
    assert [len(r) for r in recipe_grid(shapeless)] == [3, 3, 2]  # three to a row, like the crafting grid
    assert [s.item_ids[0] for r in recipe_grid(shapeless) for s in r] == [s.item_ids[0] for s in shapeless.inputs]


def test_unknown_provider_kind_goes_to_recipes_with_full_display(packs) -> None:
    registry = ProviderRegistry()
    for p in PROVIDERS.providers():
        registry.register(p.provider_id, p.find, kind=p.kind)

    def trades(_packs, item_id):
        if item_id == "aurora:glacite_ingot":
            yield ItemSource(
                "trade",
                "example:villager/toolsmith",
                "example:trade",
                inputs=(SourceSlot((ItemStack("minecraft:emerald"),), 3),),
                outputs=(SourceSlot((ItemStack(item_id),), 2),),
                notes=("level 2 trade",),
            )

    registry.register("example:villager", trades, kind="trade")
    output = packs.item_sources("aurora:glacite_ingot", registry=registry)
    assert [s.kind for s in split_sources(output)["recipe"]].count("trade") == 1
    card = ItemSourcesCard(output, recipe_page_size=10)
    text = _text(card.body)
    assert card.category_buttons["recipe"].description == "配方 Recipes (7)"
    for shown in ("example:villager/toolsmith", "trade", "example:trade", "level 2 trade", "×2"):
        assert shown in text
    assert "数量 count ×3" in _html(card.body)  # the input count is in the slot's tooltip


def test_empty_truncated_and_failing_provider_hints(packs) -> None:
    empty = ItemSourcesCard.from_packs(packs, "minecraft:emerald", language="en_us")
    assert all(b.disabled for b in empty.category_buttons.values())
    assert "No sources found" in empty.hint.value and "minecraft:emerald" in empty.hint.value
    assert "没有找到" not in empty.hint.value  # hints in the card's language
    assert "没有找到 绿宝石 的来源" in ItemSourcesCard.from_packs(packs, "minecraft:emerald").hint.value
    assert empty.body.children == () and empty.next_button.disabled and empty.prev_button.disabled

    registry = ProviderRegistry()
    registry.register(
        "example:many",
        lambda _p, item: [
            ItemSource("loot", f"example:t{i:03d}", "loot_table", outputs=(SourceSlot((ItemStack(item),)),))
            for i in range(MAX_SOURCES + 6)
        ],
        kind="loot",
    )
    registry.register("example:broken", lambda _p, _i: [][0])
    output = packs.item_sources("aurora:glacite_ingot", registry=registry)
    assert output.truncated
    card = ItemSourcesCard(output, language="en_us")
    assert f"the first {MAX_SOURCES} are kept" in card.hint.value and "Truncated, not every source" in card.hint.value
    assert "example:broken" in card.hint.value and "IndexError" in card.hint.value
    assert card.n_pages == 6 and "No sources found" not in card.hint.value
    assert ItemSourcesCard.from_packs(packs, "aurora:glacite_ingot").hint.value == ""


@pytest.mark.skipif(not VANILLA.is_dir(), reason=missing_reason(VANILLA))
def test_vanilla_iron_ingot_pages() -> None:
    packs = kit.items.load_datapacks([VANILLA])
    output = packs.item_sources("minecraft:iron_ingot")
    counts = {c: len(v) for c, v in split_sources(output).items()}
    card = ItemSourcesCard(output, names=packs.display_names("en_us"))
    assert card.category_buttons["loot"].description == f"掉落 Loot ({counts['loot']})"
    card.category_buttons["loot"].click()
    assert card.n_pages == page_count(counts["loot"], 12) >= 2
    assert len(re.findall(r"<tr><td", _html(card.body))) == 12
    card.category_buttons["tag"].click()
    assert _html(card.body).count("class='kit-tag'") == counts["tag"]


# ------------------------------------------------------------------------------------------ item search
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


def test_sources_card_resolves_names_and_ids_without_namespace(packs) -> None:
    for text in ("glacite_ingot", "冰川锭", "Glacite Ingot", "aurora:glacite_ingot"):
        card = ItemSourcesCard.from_packs(packs, text)
        assert card.output.item == "aurora:glacite_ingot", text
        assert card.category_buttons["recipe"].description == "配方 Recipes (6)"
    assert "「冰川锭」→" in ItemSourcesCard.from_packs(packs, "冰川锭").hint.value


def test_sources_card_suggests_the_nearest_items_and_switches_on_click(packs) -> None:
    card = ItemSourcesCard.from_packs(packs, "glacite", language="en_us")
    assert card.output.item == "" and card.lookup.suggestions and not card.lookup.found
    assert "No item is called 'glacite'. Did you mean" in card.hint.value
    assert list(card.suggestion_buttons) == list(card.lookup.suggestions)
    assert all(i.startswith("aurora:") and "glacite" in i for i in card.suggestion_buttons)
    card.suggestion_buttons["aurora:glacite_ore"].click()
    assert card.output.item == "aurora:glacite_ore" and card.category == "loot"
    nothing = ItemSourcesCard.from_packs(packs, "qqqqqq")
    assert "也没有相近的物品" in nothing.hint.value and nothing.suggestion_buttons == {}


def test_sources_card_bad_scope_is_one_line_in_the_card(packs) -> None:
    card = ItemSourcesCard.from_packs(packs, "glacite_ingot", scope="bogus")  # no exception
    assert card.error.startswith("范围无效：") and "\n" not in card.error
    assert "Got &#x27;bogus&#x27;" in card.hint.value and all(not v for v in card.sources.values())
    card.show("glacite_ingot", scope="loot")
    assert card.error == "" and card.category == "loot" and card.output.scope == "loot"
    with pytest.raises(ValueError, match="from_packs"):
        ItemSourcesCard(card.output).show("x")


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


def test_known_max_stack_sizes_from_result_components(tmp_path: Path) -> None:
    recipe = {
        "type": "minecraft:crafting_shapeless",
        "ingredients": ["minecraft:stick"],
        "result": {"id": "example:pouch", "count": 1, "components": {"minecraft:max_stack_size": 16}},
    }
    path = tmp_path / "pack" / "data" / "example" / "recipe" / "pouch.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(recipe), encoding="utf-8")
    (tmp_path / "pack" / "pack.mcmeta").write_text(json.dumps({"pack": {"pack_format": 57, "description": ""}}))
    packs = kit.items.load_datapacks([tmp_path / "pack"])
    assert known_max_stack_sizes(packs) == {"example:pouch": 16}
    card = ItemSearchCard(packs, "pouch")
    assert "Max stack: 16" in card.item_buttons["example:pouch"].tooltip
    assert "unknown" in ItemSearchCard(packs, "stick").item_buttons["minecraft:stick"].tooltip


def test_switching_category_or_page_replaces_only_the_page_body(packs) -> None:
    card = ItemSourcesCard.from_packs(packs, "aurora:glacite_ingot")
    fixed = [
        card.children[i] for i in (0, 1, 2, 3, 4, 6)
    ]  # title, category buttons, hint, suggestions, explanation, pager
    buttons = [card.category_buttons[c] for c in ("recipe", "loot", "tag")]
    bodies = [card.body]
    for action in (
        card.next_button.click,
        card.category_buttons["loot"].click,
        card.category_buttons["recipe"].click,
        card.prev_button.click,
    ):
        action()
        assert [card.children[i] for i in (0, 1, 2, 3, 4, 6)] == fixed
        assert all(a is b for a, b in zip((card.children[i] for i in (0, 1, 2, 3, 4, 6)), fixed))
        assert [card.category_buttons[c] for c in ("recipe", "loot", "tag")] == buttons
        assert card.children[5] is card.body and all(card.body is not b for b in bodies)
        bodies.append(card.body)
    assert card.category == "recipe" and card.recipe_page == 0 and len(card.body.children) == 4


@pytest.mark.parametrize(
    "category, marker", [("recipe", "class='kit-recipe'"), ("loot", "<tr><td"), ("tag", "class='kit-tag'")]
)
def test_explanation_once_per_category(category, marker) -> None:
    kinds = {"recipe": "recipe", "loot": "loot", "tag": "tag"}
    sources = tuple(
        ItemSource(
            kinds[category],
            f"example:s{i:02d}",
            "loot_table" if category == "loot" else "",
            inputs=(SourceSlot((ItemStack("example:in"),)),) if category == "recipe" else (),
            outputs=(SourceSlot((ItemStack("example:x"),)),),
        )
        for i in range(3)
    )
    card = ItemSourcesCard(ItemSourceOutput("example:x", sources=sources), names={"example:x": "示例物品"})
    page = _html(card)
    assert card.category == category and page.count(marker) == 3
    assert page.count("kit-explanation") == 1
    if category != "recipe":  # loot and tag rows do not repeat the queried item (a recipe shows it as its product)
        assert page.count("示例物品") == 2  # the title and the explanation


def test_a_string_instead_of_an_output_is_one_readable_error(packs) -> None:
    from kit.core.errors import InvalidParameterError

    with pytest.raises(InvalidParameterError, match=r"use ItemSourcesCard.from_packs\(packs, 'glacite_ingot'\)"):
        ItemSourcesCard("glacite_ingot")
    unknown = ItemSourcesCard.from_packs(packs, "aurora:glacite_ingots", language="en_us")
    assert unknown.output.item == "" and "No loaded pack knows <code>aurora:glacite_ingots</code>" in unknown.hint.value
    assert "built-in" not in unknown.hint.value  # an aurora: id is a typo, not a built-in item
    assert list(unknown.suggestion_buttons)[0] == "aurora:glacite_ingot"
    builtin = ItemSourcesCard.from_packs(packs, "minecraft:diamnd", language="en_us")
    assert "the game's data" in builtin.hint.value and list(builtin.suggestion_buttons)[0] == "minecraft:diamond"
    near = ItemSourcesCard.from_packs(packs, "冰川稿")  # a typo of 冰川镐: never the ice it contains
    assert near.output.item == "" and near.lookup.how == "near" and "不是任何物品的名称" in near.hint.value
    assert list(near.suggestion_buttons)[0] == "aurora:glacite_pickaxe"


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


def test_sources_card_bad_parameters_are_kit_errors(packs) -> None:
    from kit.core.errors import InvalidParameterError

    with pytest.raises(InvalidParameterError, match=r"'language' parameter of ItemSourcesCard.from_packs .* Got 'fr'"):
        ItemSourcesCard.from_packs(packs, "glacite_ingot", language="fr")
    with pytest.raises(InvalidParameterError, match=r"'mode' parameter of ItemSourcesCard must be one of"):
        ItemSourcesCard.from_packs(packs, "glacite_ingot", mode="tiny")
    with pytest.raises(InvalidParameterError, match=r"'item' parameter of ItemSourcesCard.show must be a str"):
        ItemSourcesCard.from_packs(packs, None)


def test_slot_labels_are_never_cut_and_stations_show_a_compact_icon() -> None:
    from kit.samples.server import png_icon

    source = ItemSource(
        "recipe",
        "example:r",
        "minecraft:crafting_shaped",
        ("minecraft:crafting_table",),
        2,
        inputs=(SourceSlot((ItemStack("aurora:glacite_ingot"),)), SourceSlot(unresolved=("#c:ingots/tin",))),
        outputs=(SourceSlot((ItemStack("aurora:glacite_block"),), 2),),
    )
    page = recipe_html(source, {"aurora:glacite_ingot": "Glacite Ingot", "aurora:glacite_block": "Glacite Block"})
    assert ">Glacite Ingot<" in page and "#c:ingots/tin<br>" in page  # whole names and tags, wrapping
    assert "overflow-wrap:anywhere" in page and "overflow:hidden" not in page
    assert "class='kit-station'" in page and "工作台 Crafting" in page  # no texture: the label as a chip
    icon = png_icon((120, 80, 40))
    with_icon = recipe_html(source, icons={"minecraft:crafting_table": icon})
    assert "kit-station-icon" in with_icon and "title='工作台 Crafting (minecraft:crafting_table)'" in with_icon
    assert ">工作台 Crafting</span>" not in with_icon


def test_loot_rows_show_the_count_range() -> None:
    from kit.widgets.item_cards import loot_html

    rows = loot_html(
        [
            ItemSource("loot", "t:a", "loot_table", outputs=(SourceSlot((ItemStack("t:x"),), 1, count_max=4),)),
            ItemSource("loot", "t:b", "loot_table", outputs=(SourceSlot((ItemStack("t:x"),), 3),)),
        ]
    )
    assert ">1-4</td>" in rows and ">3</td>" in rows and "×" not in rows


def test_sources_card_from_a_pack_path_and_a_wrong_packs_argument() -> None:
    from kit.core.errors import InvalidParameterError

    card = ItemSourcesCard.from_packs(SAMPLE_PACK, "冰川锭")
    assert card.output.item == "aurora:glacite_ingot"
    with pytest.raises(
        InvalidParameterError,
        match=r"'packs' parameter of ItemSourcesCard\.from_packs must be a "
        r"PackSet or a data pack path\. Got dict \{\} instead: pass",
    ):
        ItemSourcesCard.from_packs({}, "冰川锭")
