"""kit's one item matcher (kit.items.matching): names in free text, near misses as suggestions, ranking."""

from __future__ import annotations

import pytest

import kit.items
from kit.items.matching import NameIndex, edit_distance, rank_candidates, similarity
from tests.items.items_inputs import write_pack

NAMES = {
    "zh_cn": {
        "minecraft:ice": "冰",
        "aurora:glacite_pickaxe": "冰川镐",
        "aurora:glacite_ingot": "冰川锭",
        "aurora:glacite_sword": "冰川剑",
        "ae2:fluix_crystal": "福鲁伊克斯水晶",
        "ae2:fluix_block": "福鲁伊克斯水晶块",
        "minecraft:diamond": "钻石",
        "minecraft:diamond_pickaxe": "钻石镐",
    },
    "en_us": {
        "minecraft:ice": "Ice",
        "aurora:glacite_pickaxe": "Glacite Pickaxe",
        "aurora:glacite_ingot": "Glacite Ingot",
        "aurora:glacite_sword": "Glacite Sword",
        "ae2:fluix_crystal": "Fluix Crystal",
        "ae2:fluix_block": "Fluix Block",
        "minecraft:diamond": "Diamond",
        "minecraft:diamond_pickaxe": "Diamond Pickaxe",
    },
}


@pytest.fixture(scope="module")
def index():
    return NameIndex.from_names(NAMES)


@pytest.fixture(scope="module")
def packs(tmp_path_factory):
    files = {
        f"assets/{ns}/lang/{lang}.json": {
            f"item.{i.replace(':', '.')}": n for i, n in names.items() if i.startswith(ns + ":")
        }
        for lang, names in NAMES.items()
        for ns in ("minecraft", "aurora", "ae2")
    }
    return kit.items.load_datapacks(write_pack(tmp_path_factory.mktemp("names"), files))


@pytest.mark.parametrize(
    "text, item",
    [
        ("how do I get a diamond pickaxe?", "minecraft:diamond_pickaxe"),
        (
            "福鲁伊克斯水晶怎么合成",
            "ae2:fluix_crystal",
        ),  # 福鲁伊克斯水晶块 is one edit from a span, but not longer in matches
        ("福鲁伊克斯水晶块怎么合成", "ae2:fluix_block"),
        ("冰在哪里", "minecraft:ice"),
        ("where is minecraft:glacite_thing", "minecraft:glacite_thing"),
    ],
)
def test_names_inside_free_text_still_resolve(index, text, item):
    assert index.match(text).item_id == item


@pytest.mark.parametrize(
    "text, first",
    [
        ("冰川稿", "aurora:glacite_pickaxe"),  # 稿 for 镐: the homophone (gao) ranks first
        ("冰川", "aurora:glacite_ingot"),
        ("冰川绽", "aurora:glacite_ingot"),
        ("glacite pickax", "aurora:glacite_pickaxe"),
    ],
)
def test_a_longer_near_name_beats_a_shorter_contained_one_as_a_suggestion(index, text, first):
    match = index.match(text)
    assert match.item_id is None and match.how == "near"  # never minecraft:ice (冰 is contained in the text)
    assert "minecraft:ice" not in match.suggestions and index.resolve(text) is None
    assert first in match.suggestions
    if text == "冰川稿":
        assert match.suggestions[0] == first and match.name == "冰川镐"


def test_resolve_item_raises_a_suggestion_naming_the_near_item(packs):
    with pytest.raises(
        kit.items.UnknownItemError,
        match=r"'冰川稿' names no item exactly; did you mean 冰川镐 "
        r"\(aurora:glacite_pickaxe\)",
    ) as caught:
        packs.resolve_item("冰川稿")
    assert caught.value.suggestions[0] == "aurora:glacite_pickaxe" and isinstance(caught.value, LookupError)
    assert packs.resolve_item("福鲁伊克斯水晶怎么合成") == "ae2:fluix_crystal"
    assert packs.resolve_item("nothing relevant") is None


def test_resolve_item_by_language(packs):
    assert packs.languages == ("en_us", "zh_cn")
    assert packs.resolve_item("钻石镐的配方", language="zh_cn") == "minecraft:diamond_pickaxe"
    assert packs.resolve_item("钻石镐的配方", language="en_us") is None  # the server resolves in its own language
    assert packs.resolve_item("a diamond pickaxe", language="en_us") == "minecraft:diamond_pickaxe"
    assert packs.resolve_item("a diamond pickaxe") == "minecraft:diamond_pickaxe"  # every loaded language
    with pytest.raises(
        kit.items.UnknownLanguageError,
        match=r"no loaded pack has a 'zh_tw' language file; loaded "
        r"languages: en_us, zh_cn; nearest: zh_cn",
    ):
        packs.resolve_item("钻石", language="zh_tw")
    with pytest.raises(
        kit.core.errors.InvalidParameterError,
        match=r"'language' parameter of resolve_item must be a "
        r"str such as 'zh_cn' or None .* Got int 3",
    ):
        packs.resolve_item("钻石", language=3)
    with pytest.raises(kit.core.errors.InvalidParameterError, match=r"'text' parameter of resolve_item must be a str"):
        packs.resolve_item(None)


def test_item_sources_of_an_unknown_id_names_the_nearest_ids(packs):
    with pytest.raises(
        kit.items.UnknownItemError,
        match=r"no loaded pack knows the item 'aurora:glacite_ingott'; "
        r"the nearest known items: aurora:glacite_ingot",
    ) as caught:
        packs.item_sources("aurora:glacite_ingott")
    assert "built-in" not in str(caught.value)  # a mod id is a typo, not a built-in item
    with pytest.raises(
        kit.items.UnknownItemError,
        match=r"A built-in item is known only when the game's data is "
        r"loaded",
    ):
        packs.item_sources("minecraft:stone")
    for bad, name in ((3, "item_id"), ("", "item_id")):
        with pytest.raises(
            kit.core.errors.InvalidParameterError,
            match=f"'{name}' parameter of item_sources must be a non-empty str .* Got {bad!r} instead",
        ):
            packs.item_sources(bad)
    with pytest.raises(
        kit.core.errors.InvalidParameterError,
        match=r"'registry' parameter of item_sources must be a "
        r"ProviderRegistry\. Got dict",
    ):
        packs.item_sources("minecraft:ice", registry={})
    assert packs.item_sources("minecraft:ice").sources == ()  # known (a language file names it): empty, no error


def test_ranking_is_by_edit_distance_and_shared_characters():
    assert edit_distance("冰川稿", "冰川镐") == 1 and edit_distance("kitten", "sitting") == 3
    assert similarity("冰川稿", "冰川镐") > similarity("冰川稿", "冰川剑") > similarity("冰川稿", "钻石")
    assert similarity("glacit ingto", "glacite ingot") > 0.7 > similarity("glacit ingto", "diamond pickaxe")
    candidates = {i: [i, i.split(":")[1], NAMES["en_us"][i], NAMES["zh_cn"][i]] for i in NAMES["en_us"]}
    assert rank_candidates("glacit ingto", candidates)[0] == "aurora:glacite_ingot"
    assert rank_candidates("冰川稿", candidates)[0] == "aurora:glacite_pickaxe"
    assert rank_candidates("diamond_pickax", candidates)[0] == "minecraft:diamond_pickaxe"
    assert rank_candidates("zzzz", candidates) == ()


def test_load_datapacks_checks_its_arguments(tmp_path):
    with pytest.raises(
        kit.core.errors.InvalidParameterError,
        match=r"'paths' parameter of load_datapacks must be a "
        r"pack path .* Got int 3 instead",
    ):
        kit.items.load_datapacks(3)
    with pytest.raises(kit.core.errors.InvalidParameterError, match=r"Got list \[3\] instead"):
        kit.items.load_datapacks([3])
    with pytest.raises(
        kit.core.errors.InvalidParameterError,
        match=r"'strict' parameter of load_datapacks must be a "
        r"bool\. Got str 'yes'",
    ):
        kit.items.load_datapacks(tmp_path, strict="yes")
    with pytest.raises(kit.core.errors.InvalidParameterError, match=r"'features' parameter .* Got \[1\] instead"):
        kit.items.load_datapacks(tmp_path, features=[1])
