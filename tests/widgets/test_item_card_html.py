"""The pure pieces of the item cards (kit.widgets.item_card_html): categories, pages, names, grids and HTML."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import kit.items
from kit.items import ItemSource, ItemSourceOutput, SourceSlot
from kit.items.recipes import ItemStack
from kit.widgets import ItemSearchCard
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
from tests.widgets.item_cards_inputs import sample_packs


@pytest.fixture(scope="module")
def packs():
    return sample_packs()


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


def _stack_slot(*item_ids: str, count: int = 1) -> SourceSlot:
    return SourceSlot(tuple(ItemStack(i) for i in item_ids), count)


def test_split_sources_by_category_in_output_order() -> None:
    sources = (
        ItemSource("loot", "t:b", "loot_table"),
        ItemSource("recipe", "r:1", "minecraft:crafting_shaped"),
        ItemSource("tag", "#c:x"),
        ItemSource("trade", "v:1"),  # a custom kind keeps its full display under recipes
        ItemSource("loot", "t:a", "loot_table"),
    )
    split = split_sources(ItemSourceOutput("x:y", sources=sources))
    assert list(split) == list(CATEGORIES) == ["recipe", "loot", "tag"]
    assert {c: [s.source_id for s in v] for c, v in split.items()} == {
        "recipe": ["r:1", "v:1"],
        "loot": ["t:b", "t:a"],
        "tag": ["#c:x"],
    }
    assert split_sources(ItemSourceOutput("x:y")) == {"recipe": (), "loot": (), "tag": ()}


def test_page_sizes_and_page_counts() -> None:
    assert DEFAULT_PAGE_SIZES == {"recipe": 4, "loot": 12, "tag": 24}
    assert [lenient_page_size(v, "recipe") for v in (1, 7, 0, -1, "3", 3.0, False, None)] == [1, 7, 4, 4, 4, 4, 4, 4]
    assert [page_count(n, 4) for n in (0, 1, 4, 5, 8, 9)] == [1, 1, 1, 2, 2, 3]  # an empty list has one empty page
    with pytest.raises(KeyError):
        lenient_page_size(None, "trades")  # categories are the three of the card


def test_recipe_grid_edge_cases() -> None:
    assert recipe_grid(ItemSource("loot", "t:a", "loot_table")) == ()  # no inputs: no grid
    wide = ItemSource("recipe", "r:wide", width=4, inputs=tuple(_stack_slot(f"x:{i}") for i in range(8)))
    grid = recipe_grid(wide)
    assert [len(r) for r in grid] == [4, 4]  # larger than a crafting grid: kept as it is, not padded
    assert [s.item_ids[0] for s in grid[1]] == ["x:4", "x:5", "x:6", "x:7"]
    gaps = ItemSource(
        "recipe", "r:gaps", width=2, inputs=(_stack_slot("x:a"), SourceSlot(), SourceSlot(), _stack_slot("x:b"))
    )
    assert [[s.item_ids[0] if s else None for s in r] for r in recipe_grid(gaps)] == [
        ["x:a", None, None],
        [None, "x:b", None],
        [None, None, None],
    ]
    unresolved = ItemSource("recipe", "r:tag", inputs=(SourceSlot(unresolved=("#c:gone",)), SourceSlot()))
    assert recipe_grid(unresolved) == ((SourceSlot(unresolved=("#c:gone",)), None),)  # an unresolved slot is drawn


def test_recipe_html_escapes_names_and_ids() -> None:
    source = ItemSource(
        "recipe",
        "x:<b>",
        "minecraft:crafting_shapeless",
        inputs=(_stack_slot("x:in"),),
        outputs=(_stack_slot("x:out", count=3),),
    )
    page = recipe_html(source, {"x:in": "<script>alert(1)</script>", "x:out": "Out & about"})
    assert "<script>" not in page and "&lt;script&gt;" in page and "Out &amp; about" in page
    assert "x:&lt;b&gt;" in page and "×3" in page
    slots = re.findall(r"<div class='kit-slot' title='([^']*)'[^>]*>([^<]*)", recipe_html(source))
    assert slots == [("in (x:in)", "in"), ("out (x:out)\n数量 count ×3", "out")]  # without names: the id's path


def test_loot_and_tag_html_escape_and_keep_order() -> None:
    rows = loot_html(
        [
            ItemSource("loot", "t:<z>", "loot_table", outputs=(_stack_slot("t:x"),), notes=("a & b", "c")),
            ItemSource("loot", "t:a", "loot_table"),  # no outputs: one per drop
        ]
    )
    assert rows.index("t:&lt;z&gt;") < rows.index("t:a") and "a &amp; b; c" in rows
    assert rows.count("<tr><td") == 2 and ">1</td>" in rows and "表 ID Table" in rows
    tags = tags_html([ItemSource("tag", "#c:b"), ItemSource("tag", "#c:<a>")])
    assert tags.count("class='kit-tag'") == 2 and tags.index("#c:b") < tags.index("#c:&lt;a&gt;")
    assert tags_html([]).count("kit-tag'") == 0 and "kit-tags" in tags_html([])


def test_item_names_fall_back_to_the_other_language(tmp_path: Path) -> None:
    lang = tmp_path / "pack" / "assets" / "x" / "lang"
    lang.mkdir(parents=True)
    (lang / "en_us.json").write_text(json.dumps({"item.x.both": "Both", "item.x.en": "English only"}), encoding="utf-8")
    (lang / "zh_cn.json").write_text(json.dumps({"item.x.both": "两者", "item.x.zh": "只有中文"}), encoding="utf-8")
    packs = kit.items.load_datapacks([tmp_path / "pack"])
    assert item_names(packs, "zh_cn") == {"x:both": "两者", "x:en": "English only", "x:zh": "只有中文"}
    assert item_names(packs, "en_us") == {"x:both": "Both", "x:en": "English only", "x:zh": "只有中文"}


def test_icon_uri_and_icons_of_an_output_without_textures(packs) -> None:
    assert icon_uri(b"\x89PNG") == "data:image/png;base64,iVBORw=="
    output = packs.item_sources("aurora:glacite_ingot")
    assert item_icons(packs, output) == {}  # the sample data pack holds no textures: no icons, no guesses
