"""Count distributions for exact loot statistics (kit.items.loot_dists): mixtures, convolutions, number providers,
and the bounds that turn a distribution too large to enumerate into an Approx with the same mean."""

from __future__ import annotations

import math

import pytest

from kit.items.loot_dists import (
    MAX_SUPPORT,
    MAX_WORK,
    Approx,
    approx,
    binomial,
    convolve,
    int_distribution,
    is_approx,
    java_round,
    map_counts,
    mean,
    mix,
    scaled_float_distribution,
    uniform_int,
)


def _same(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(a[k] == pytest.approx(b[k]) for k in a)


def test_means_mixtures_and_convolutions():
    die = uniform_int(1, 6)
    assert mean(die) == pytest.approx(3.5) and sum(die.values()) == pytest.approx(1.0)
    two = convolve(die, die)
    assert min(two) == 2 and max(two) == 12 and two[7] == pytest.approx(6 / 36) and mean(two) == pytest.approx(7)
    assert _same(mix([(0.5, {0: 1.0}), (0.5, {2: 1.0}), (0.0, {9: 1.0})]), {0: 0.5, 2: 0.5})  # zero weights dropped
    assert _same(map_counts(die, lambda k: min(k, 2)), {1: 1 / 6, 2: 5 / 6})
    assert not is_approx(die, two)


def test_java_rounding_and_the_int_range():
    assert [java_round(x) for x in (0.5, 1.5, -0.5, -1.5, 2.4999)] == [1, 2, 0, -1, 2]  # floor(x + 0.5)
    assert java_round(1e300) == 2**31 - 1 and java_round(-1e300) == -(2**31)


def test_binomial_as_the_game_draws_it():
    assert _same(binomial(2, 0.5), {0: 0.25, 1: 0.5, 2: 0.25})
    assert _same(binomial(3, 1.5), {0: 0.0, 1: 0.0, 2: 0.0, 3: 1.0})  # p > 1 always passes
    assert _same(binomial(-4, 0.5), {0: 1.0})
    huge = binomial(10_001, 0.25)  # past MAX_SUPPORT trials: summed analytically
    assert isinstance(huge, Approx) and mean(huge) == pytest.approx(2500.25) and len(huge) <= 2
    assert binomial(10**16, 0.25) == Approx({2**31 - 1: 1.0})  # a count saturates at Java's int range


def test_too_large_distributions_become_an_approx_with_the_same_mean():
    wide = uniform_int(0, MAX_SUPPORT * 4)
    assert isinstance(wide, Approx) and mean(wide) == pytest.approx(MAX_SUPPORT * 2)
    half = approx(2.25)
    assert _same(half, {2: 0.75, 3: 0.25}) and mean(half) == pytest.approx(2.25)
    assert approx(1e20) == Approx({2**31 - 1: 1.0})  # saturated at Java's int range
    many = {k: 1 / 300 for k in range(300)}
    assert isinstance(convolve(many, many), Approx) is (300 * 300 > MAX_WORK)
    assert mean(convolve(many, many)) == pytest.approx(2 * mean(many))
    assert is_approx(mix([(1.0, half)])) and is_approx(map_counts(half, abs)) and is_approx(convolve(half, {1: 1.0}))


@pytest.mark.parametrize(
    ("provider", "expected"),
    [
        (3, {3: 1.0}),
        (2.5, {3: 1.0}),  # getInt rounds
        ({"type": "minecraft:constant", "value": 2}, {2: 1.0}),
        ({"min": 1, "max": 3}, {1: 1 / 3, 2: 1 / 3, 3: 1 / 3}),  # a uniform without a type
        ({"type": "minecraft:uniform", "min": 4, "max": 2}, {4: 1.0}),  # max below min: min
        ({"type": "minecraft:binomial", "n": 2, "p": 0.5}, {0: 0.25, 1: 0.5, 2: 0.25}),
    ],
)
def test_int_distributions_of_number_providers(provider, expected):
    assert _same(int_distribution(provider), expected)


@pytest.mark.parametrize(
    "provider",
    [None, "3", {"type": "minecraft:score", "target": "this", "score": "x"}, {"type": "minecraft:binomial", "n": 2}],
)
def test_providers_kit_cannot_enumerate_are_none(provider):
    assert int_distribution(provider) is None


def test_scaled_float_distributions():
    assert scaled_float_distribution(0.5, 3, rounding="round") == {2: 1.0}  # round(1.5)
    assert scaled_float_distribution(0.5, 3, rounding="floor") == {1: 1.0}
    spread = scaled_float_distribution({"min": 0.0, "max": 1.0}, 2, rounding="floor")
    assert _same(spread, {0: 0.5, 1: 0.5}) and math.isclose(mean(spread), 0.5)
    assert scaled_float_distribution({"type": "minecraft:score"}, 2, rounding="floor") is None
