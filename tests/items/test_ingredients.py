"""kit.items.ingredients: ingredient and result syntaxes (every loader's), and errors naming the field."""

from __future__ import annotations

import pytest

from kit.items.errors import RecipeFormatError
from kit.items.ingredients import ItemStack, parse_ingredient, parse_result


@pytest.mark.parametrize(
    ("value", "refs"),
    [
        ("minecraft:stick", ("minecraft:stick",)),
        ("stick", ("minecraft:stick",)),  # no namespace: minecraft
        ("#minecraft:planks", ("#minecraft:planks",)),
        ({"item": "a:x"}, ("a:x",)),
        ({"tag": "c:ingots"}, ("#c:ingots",)),
        ({"tag": "#c:ingots"}, ("#c:ingots",)),
        (["a:x", {"item": "a:y"}, "a:x", "#c:z"], ("a:x", "a:y", "#c:z")),  # a list: in order, no repeats
        ({"ingredient": {"item": "a:x"}, "count": 3}, ("a:x",)),  # a sized ingredient
        ({"items": ["a:x", "a:y"]}, ("a:x", "a:y")),
    ],
)
def test_parse_ingredient_syntaxes(value, refs):
    assert parse_ingredient(value) == refs


@pytest.mark.parametrize(
    ("value", "match"),
    [
        ("  ", r"field 'key\[0\]': empty ingredient string"),
        ([], r"field 'key\[0\]': empty ingredient list"),
        ({"count": 2}, r"field 'key\[0\]': unreadable ingredient object with keys \['count'\]"),
        (5, r"field 'key\[0\]': expected a string, list or object, got int"),
    ],
)
def test_parse_ingredient_errors_name_the_field(value, match):
    with pytest.raises(RecipeFormatError, match=match):
        parse_ingredient(value, "key[0]")


def test_parse_result_syntaxes_and_errors():
    assert parse_result("a:x") == ItemStack("a:x")
    assert parse_result({"id": "a:x", "count": 4}) == ItemStack("a:x", 4)
    assert parse_result({"item": "x", "Count": 2.0}) == ItemStack("minecraft:x", 2)  # older syntax
    with_components = parse_result({"id": "a:x", "components": {"minecraft:max_stack_size": 16}})
    assert with_components.components == {"minecraft:max_stack_size": 16}
    assert with_components.to_json() == {"id": "a:x", "components": {"minecraft:max_stack_size": 16}}
    assert parse_result({"item": "a:x", "nbt": "{a:1}"}).components == {"nbt": "{a:1}"}
    with pytest.raises(RecipeFormatError, match=r"field 'result.count': expected a positive integer, got 0"):
        parse_result({"id": "a:x", "count": 0})
    with pytest.raises(RecipeFormatError, match=r"field 'result.id': missing item id"):
        parse_result({"count": 1})
    with pytest.raises(RecipeFormatError, match=r"field 'result': expected an item id or a result object"):
        parse_result(["a:x"])
