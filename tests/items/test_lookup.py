"""lookup_item / suggest_items on the sample data pack: ids with and without namespace, names, suggestions."""

from __future__ import annotations

from pathlib import Path

import pytest

import kit.items
from kit.items import ItemLookup, lookup_item, suggest_items

SAMPLE_PACK = Path(__file__).resolve().parents[2] / "sample_saves" / "aurora_server" / "datapacks" / "kit_sample"


@pytest.fixture(scope="module")
def packs():
    return kit.items.load_datapacks([SAMPLE_PACK])


@pytest.mark.parametrize(
    "text, how",
    [
        ("aurora:glacite_ingot", "id"),
        ("glacite_ingot", "path"),
        ("Glacite Ingot", "path"),
        ("冰川锭", "name"),
        ("  glacite   ingot ", "path"),
        ("GLACITE INGOT", "path"),
    ],
)
def test_one_item_many_spellings(packs, text, how) -> None:
    found = lookup_item(packs, text)
    assert (found.item_id, found.how, found.found) == ("aurora:glacite_ingot", how, True)


def test_a_name_inside_a_request_uses_the_resolve_item_index(packs) -> None:
    found = lookup_item(packs, "如何获取冰川锭")
    assert found.item_id == packs.resolve_item("如何获取冰川锭") == "aurora:glacite_ingot" and found.how == "name"


def test_unknown_text_gets_the_nearest_items(packs) -> None:
    found = lookup_item(packs, "glacite")
    assert found == ItemLookup("glacite", None, "none", found.suggestions) and not found.found
    assert 1 <= len(found.suggestions) <= 5 and all("glacite" in s for s in found.suggestions)
    typo = lookup_item(packs, "diamnd pickaxe")
    assert typo.item_id is None and typo.suggestions[0] == "minecraft:diamond_pickaxe"
    assert lookup_item(packs, "qqqqqq").suggestions == ()
    assert suggest_items(packs, "") == () and len(suggest_items(packs, "glacite", limit=2)) == 2


def test_unknown_namespaced_id_is_not_taken_and_gets_suggestions(packs) -> None:
    found = lookup_item(packs, "aurora:glacite_ingots")
    assert found.item_id is None and found.how == "unknown_id"
    assert found.suggestions[0] == "aurora:glacite_ingot"


def test_lookup_on_modded_packs_with_custom_ingredients() -> None:
    import kit
    from kit.samples import sample_save_path
    from kit.samples.server import SERVER_NAME

    modded = kit.open_server(sample_save_path().parent / SERVER_NAME).load_datapacks()
    items = modded.items()  # custom (non-id) ingredients are not item ids and do not break the listing
    assert "frostworks:crushed_iron_ore" in set(items["item_id"])
    found = lookup_item(modded, "crushed_iron_ore")
    assert found.item_id == "frostworks:crushed_iron_ore" and found.how == "path"


@pytest.mark.parametrize("text", ["冰川稿", "冰川", "冰川绽"])
def test_near_spellings_are_suggestions_never_the_contained_ice(packs, text) -> None:
    found = lookup_item(packs, text)
    assert found.item_id is None and found.how == "near" and not found.found
    assert "minecraft:ice" not in found.suggestions[:1] and found.suggestions[0].startswith("aurora:glacite_")
    if text == "冰川稿":
        assert found.suggestions[0] == "aurora:glacite_pickaxe"


def test_lookup_by_language_and_argument_errors(packs) -> None:
    from kit.core.errors import InvalidParameterError

    assert lookup_item(packs, "冰川锭", language="zh_cn").item_id == "aurora:glacite_ingot"
    assert lookup_item(packs, "冰川锭", language="en_us").item_id is None
    with pytest.raises(kit.items.UnknownLanguageError, match="loaded languages: en_us, zh_cn"):
        lookup_item(packs, "冰川锭", language="ja_jp")
    with pytest.raises(InvalidParameterError, match=r"'packs' parameter of lookup_item must be a PackSet\. Got str"):
        lookup_item("sample_saves/aurora_server", "x")
    with pytest.raises(InvalidParameterError, match=r"'text' parameter of lookup_item must be a str\. Got 3"):
        lookup_item(packs, 3)
    with pytest.raises(InvalidParameterError, match=r"'limit' parameter of suggest_items must be an int"):
        suggest_items(packs, "x", limit=0)
