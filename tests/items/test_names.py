"""Item names in requests and scope routing."""

from __future__ import annotations

import pytest

import kit.items
from kit.items import NameIndex, route_scope
from tests.items.items_inputs import vanilla, write_pack


@pytest.fixture(scope="module")
def packs(tmp_path_factory):
    zh = write_pack(
        tmp_path_factory.mktemp("zh"),
        {
            "assets/minecraft/lang/zh_cn.json": {
                "item.minecraft.diamond": "钻石",
                "item.minecraft.diamond_pickaxe": "钻石镐",
                "block.minecraft.stone": "石头",
            }
        },
    )
    return kit.items.load_datapacks([vanilla("1.21.3"), zh])


@pytest.mark.parametrize(
    "text, item",
    [
        ("如何获取钻石镐", "minecraft:diamond_pickaxe"),
        ("钻石在哪里掉落", "minecraft:diamond"),
        ("how do I craft a diamond pickaxe?", "minecraft:diamond_pickaxe"),
        ("where is minecraft:iron_ingot from, not Diamond Pickaxe", "minecraft:iron_ingot"),
        ("石头的配方", "minecraft:stone"),
        ("nothing relevant here", None),
    ],
)
def test_resolve_item(packs, text, item):
    assert packs.resolve_item(text) == item


def test_a_near_plural_is_a_suggestion_not_a_pick(packs):
    with pytest.raises(kit.items.UnknownItemError, match=r"did you mean .*\(minecraft:diamond\)") as caught:
        packs.resolve_item("Where do I find Diamonds")
    assert caught.value.suggestions[0] == "minecraft:diamond"


def test_longest_name_wins_and_words_are_respected():
    index = NameIndex.from_names({"en_us": {"t:stick": "Stick", "t:sticky": "Sticky Piston", "t:a": "Apple"}})
    assert index.resolve("one sticky piston please") == "t:sticky"
    assert index.resolve("sticks") is None
    assert index.resolve("a stick and an apple") == "t:stick"


@pytest.mark.parametrize(
    "text, scope",
    [
        ("僵尸掉落什么", "loot"),
        ("箱子里的战利品", "loot"),
        ("what does a zombie drop", "loot"),
        ("loot of the dungeon", "loot"),
        ("钻石镐的配方", "recipe"),
        ("怎么合成火把", "recipe"),
        ("how to craft a torch", "recipe"),
        ("recipes for bread", "recipe"),
        ("木板有哪些标签", "tag"),
        ("which tags include oak planks", "tag"),
        ("如何获取钻石镐", "all"),
        ("drop or craft?", "all"),
        ("stage of the game", "all"),
    ],
)
def test_route_scope(text, scope):
    assert route_scope(text) == scope


@pytest.mark.parametrize(
    "text, found",
    [
        ("give me minecraft:diamond now", "minecraft:diamond"),
        ("see https://minecraft.wiki/w/Diamond first", None),
        ("aurora:glacite_ingot.", "aurora:glacite_ingot"),
        ("nested ids like create:crushed/raw_iron work", "create:crushed/raw_iron"),
        ("time 12:30", None),
    ],
)
def test_explicit_ids(text, found):
    from kit.items.names import find_item_id

    assert find_item_id(text) == found
