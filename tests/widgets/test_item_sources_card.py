"""ItemSourcesCard (kit.widgets.item_sources_card) driven headless on the sample data pack: click, read what it shows."""

from __future__ import annotations

import re

import pytest

import kit.items
from kit.items import ItemSource, ItemSourceOutput, ProviderRegistry, SourceSlot
from kit.items.recipes import ItemStack
from kit.items.sources import MAX_SOURCES, PROVIDERS
from kit.widgets import ItemSourcesCard
from kit.widgets.item_cards import lenient_page_size, page_count, split_sources
from tests.data_folder import missing_reason
from tests.widgets.item_cards_inputs import SAMPLE_PACK, VANILLA, _html, _text, sample_packs


@pytest.fixture(scope="module")
def packs():
    return sample_packs()


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


def test_sources_card_bad_parameters_are_kit_errors(packs) -> None:
    from kit.core.errors import InvalidParameterError

    with pytest.raises(InvalidParameterError, match=r"'language' parameter of ItemSourcesCard.from_packs .* Got 'fr'"):
        ItemSourcesCard.from_packs(packs, "glacite_ingot", language="fr")
    with pytest.raises(InvalidParameterError, match=r"'mode' parameter of ItemSourcesCard must be one of"):
        ItemSourcesCard.from_packs(packs, "glacite_ingot", mode="tiny")
    with pytest.raises(InvalidParameterError, match=r"'item' parameter of ItemSourcesCard.show must be a str"):
        ItemSourcesCard.from_packs(packs, None)


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
