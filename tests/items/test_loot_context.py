"""The situation a loot table is rolled in (kit.items.loot_context): level-based values, condition probabilities,
and the checked keyword arguments of loot_expectations / sample_loot."""

from __future__ import annotations

import pytest

from kit.core.errors import InvalidParameterError
from kit.items.loot_context import LootContext, condition_probability, level_value, loot_context

CTX = LootContext(looting=2, fortune=3)


@pytest.mark.parametrize(
    ("value", "level", "expected"),
    [
        (2, 5, 2.0),
        ({"type": "minecraft:constant", "value": 0.5}, 3, 0.5),
        ({"type": "linear", "base": 0.1, "per_level_above_first": 0.05}, 3, 0.2),
        ({"type": "minecraft:levels_squared", "added": 1}, 3, 10.0),
        ({"type": "minecraft:clamped", "value": 5, "min": 0, "max": 2}, 1, 2.0),
        ({"type": "minecraft:fraction", "numerator": 1, "denominator": 4}, 1, 0.25),
        ({"type": "minecraft:lookup", "values": [0.1, 0.2], "fallback": 0.9}, 2, 0.2),
        ({"type": "minecraft:lookup", "values": [0.1, 0.2], "fallback": 0.9}, 3, 0.9),
    ],
)
def test_level_values(value, level, expected):
    assert level_value(value, level) == pytest.approx(expected)


@pytest.mark.parametrize(
    "value",
    [None, True, "1", {"type": "mod:curve"}, {"type": "minecraft:fraction", "numerator": 1, "denominator": 0}],
)
def test_level_values_kit_cannot_compute_are_none(value):
    assert level_value(value, 1) is None


def test_enchantment_levels_of_the_context():
    ctx = LootContext(looting=2, fortune=3, silk_touch=True)
    assert [ctx.enchantment_level(e) for e in ("minecraft:looting", "fortune", "minecraft:silk_touch")] == [2, 3, 1]
    assert ctx.enchantment_level("minecraft:sharpness") is None and ctx.enchantment_level(None) is None


@pytest.mark.parametrize(
    ("cond", "expected"),
    [
        ({"condition": "minecraft:killed_by_player"}, 1.0),
        ({"condition": "minecraft:random_chance", "chance": 0.25}, 0.25),
        ({"condition": "minecraft:random_chance", "chance": 4}, 1.0),  # clamped to [0, 1]
        ({"condition": "random_chance_with_looting", "chance": 0.025, "looting_multiplier": 0.01}, 0.045),
        ({"condition": "minecraft:table_bonus", "enchantment": "minecraft:fortune", "chances": [0.1, 0.2]}, 0.2),
        ({"condition": "minecraft:inverted", "term": {"condition": "minecraft:random_chance", "chance": 0.25}}, 0.75),
        (
            {
                "condition": "minecraft:any_of",
                "terms": [{"condition": "random_chance", "chance": 0.5}, {"condition": "random_chance", "chance": 0.5}],
            },
            0.75,  # independent terms
        ),
        (
            {
                "condition": "minecraft:all_of",
                "terms": [{"condition": "mod:thing"}, {"condition": "inverted", "term": {}}],
            },
            None,
        ),
        (
            {
                "condition": "minecraft:all_of",
                "terms": [
                    {"condition": "mod:thing"},
                    {"condition": "killed_by_player", "inverted": True},
                    {"condition": "minecraft:inverted", "term": {"condition": "killed_by_player"}},
                ],
            },
            0.0,
        ),
        ({"condition": "mod:unknown"}, None),
        ("minecraft:random_chance", None),
    ],
)
def test_condition_probabilities(cond, expected):
    got = condition_probability(cond, CTX)
    assert got is None if expected is None else got == pytest.approx(expected)


def test_explosions_and_block_states_follow_the_context():
    survives = {"condition": "minecraft:survives_explosion"}
    assert condition_probability(survives, LootContext()) == 1.0
    assert condition_probability(survives, LootContext(explosion=4.0)) == 0.25
    state = {"condition": "minecraft:block_state_property", "block": "minecraft:wheat"}
    assert condition_probability(state, LootContext(block_state_matches=False)) == 0.0
    assert condition_probability({"condition": "minecraft:killed_by_player"}, LootContext(killed_by_player=False)) == 0


def test_loot_context_checks_its_arguments():
    base = {"looting": 0, "fortune": 0, "luck": 0.0, "explosion": False}
    assert loot_context(**base) == LootContext()
    assert loot_context(**{**base, "explosion": True}).explosion == 4.0  # True: a creeper's radius
    assert loot_context(**{**base, "explosion": 2.5, "silk_touch": True}) == LootContext(explosion=2.5, silk_touch=True)
    for name, bad, match in [
        ("looting", -1, r"'looting' parameter of loot_expectations must be an int in the range \[0, inf\)"),
        ("fortune", True, r"'fortune' parameter .* Got True instead"),
        ("luck", float("nan"), r"'luck' parameter of loot_expectations must be a finite number"),
        ("explosion", -1.0, r"'explosion' parameter .* must be a bool or a finite radius >= 0\. Got -1\.0"),
        ("explosion", float("inf"), r"'explosion' parameter"),
    ]:
        with pytest.raises(InvalidParameterError, match=match):
            loot_context(**{**base, name: bad})
