"""Count distributions for exact loot statistics: ``{count: probability}`` dicts, their mixtures and
convolutions, and the integer / scaled-float distributions of number providers (pure logic, used by
:mod:`kit.items.loot_exact`).

A distribution too large to enumerate is replaced by an :class:`Approx` with the same mean, so every table's work
stays bounded (:data:`MAX_SUPPORT`, :data:`MAX_WORK`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from kit.items._common import norm_id

__all__ = [
    "Dist",
    "Approx",
    "MAX_SUPPORT",
    "MAX_WORK",
    "approx",
    "binomial",
    "convolve",
    "int_distribution",
    "is_approx",
    "java_round",
    "map_counts",
    "mean",
    "mix",
    "scaled_float_distribution",
    "uniform_int",
]

Dist = dict[int, float]

#: A count distribution with more values than this is replaced by a two-point one with the same mean (inexact).
MAX_SUPPORT = 1024
#: Convolutions costing more value pairs than this are replaced likewise (keeps every table's work bounded).
MAX_WORK = 1 << 16

_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1


class Approx(dict):
    """A distribution standing in for one too large to enumerate: two neighbouring values with the same mean.

    Expected counts stay right through sums, mixtures and scalings; probabilities become approximate, so rows built
    from one are ``is_exact=False``. Any result computed from an ``Approx`` is an ``Approx`` too.
    """


def mean(d: Dist) -> float:
    """The expected value of a distribution."""
    return sum(v * p for v, p in d.items())


def approx(value: float) -> Dist:
    """An :class:`Approx` with mean ``value`` (saturated at Java's int range) on at most two neighbouring counts."""
    value = min(max(value, float(_INT_MIN)), float(_INT_MAX))
    lo = math.floor(value)
    frac = value - lo
    return Approx({lo: 1.0 - frac, lo + 1: frac} if frac > 0 else {lo: 1.0})


def is_approx(*ds: Dist) -> bool:
    """Whether any of the distributions is an :class:`Approx`."""
    return any(isinstance(d, Approx) for d in ds)


def java_round(x: float) -> int:
    """Java ``Math.round`` of a float: floor(x + 0.5), saturated at the int range."""
    return min(max(math.floor(x + 0.5), _INT_MIN), _INT_MAX)


def mix(parts: list[tuple[float, Dist]]) -> Dist:
    """The mixture ``sum(weight * dist)`` of ``(weight, dist)`` parts (an :class:`Approx` past MAX_SUPPORT)."""
    out: Dist = {}
    inexact = False
    for w, d in parts:
        if w == 0.0:
            continue
        inexact = inexact or isinstance(d, Approx)
        for v, p in d.items():
            out[v] = out.get(v, 0.0) + w * p
    if len(out) > MAX_SUPPORT:
        return approx(mean(out))
    return Approx(out) if inexact else out


def convolve(a: Dist, b: Dist) -> Dist:
    """The distribution of the sum of two independent counts (an :class:`Approx` past MAX_WORK / MAX_SUPPORT)."""
    if len(a) * len(b) > MAX_WORK:
        return approx(mean(a) + mean(b))
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0.0) + p * q
    if len(out) > MAX_SUPPORT:
        return approx(mean(out))
    return Approx(out) if is_approx(a, b) else out


def map_counts(d: Dist, f: Callable[[int], int]) -> Dist:
    """The distribution of ``f(count)``."""
    out: Dist = {}
    for v, p in d.items():
        k = f(v)
        out[k] = out.get(k, 0.0) + p
    return Approx(out) if isinstance(d, Approx) else out


def uniform_int(a: int, b: int) -> Dist:
    """Uniform over the integers ``a..b`` (inclusive)."""
    if b - a + 1 > MAX_SUPPORT:
        return approx((a + b) / 2)
    return {v: 1.0 / (b - a + 1) for v in range(a, b + 1)}


def binomial(n: int, p: float) -> Dist:
    """Binomial(n, p) as the game draws it (``p`` clamped to [0, 1]; an :class:`Approx` for n past MAX_SUPPORT)."""
    n = max(n, 0)
    p = min(max(p, 0.0), 1.0)  # the game's loop draws "random < p": p > 1 always passes, p < 0 never
    if n > MAX_SUPPORT:  # n of 1e16 is summed analytically: the mean is n * p
        return approx(n * p)
    return {k: math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def _provider_type(value: Any) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return "minecraft:constant"
    if isinstance(value, dict):
        return norm_id(value.get("type", "minecraft:uniform" if "min" in value else "minecraft:constant"))
    return ""


def _const(value: Any) -> float | None:
    if _provider_type(value) == "minecraft:constant":
        return float(value) if not isinstance(value, dict) else float(value.get("value", 0.0))
    return None


def int_distribution(value: Any) -> Dist | None:
    """Distribution of a number provider's ``getInt`` (constant, uniform with inclusive integer bounds, binomial)."""
    t = _provider_type(value)
    if t == "minecraft:constant":
        return {java_round(c): 1.0} if (c := _const(value)) is not None else None
    if t == "minecraft:uniform":
        lo, hi = int_distribution(value.get("min")), int_distribution(value.get("max"))
        if lo is None or hi is None:
            return None
        if len(lo) * len(hi) > MAX_WORK // 64:
            return approx((mean(lo) + mean(hi)) / 2)
        parts = []
        for a, pa in lo.items():
            for b, pb in hi.items():
                if a >= b:
                    parts.append((pa * pb, {a: 1.0}))
                else:
                    parts.append((pa * pb, uniform_int(a, b)))
        out = mix(parts)
        return Approx(out) if is_approx(lo, hi) else out
    if t == "minecraft:binomial":
        n, p = int_distribution(value.get("n")), _const(value.get("p"))
        if n is None or p is None:
            return None
        if sum(max(k, 0) for k in n) > MAX_WORK:
            return approx(mean(map_counts(n, lambda k: max(k, 0))) * min(max(p, 0.0), 1.0))
        out = mix([(pn, binomial(k, p)) for k, pn in n.items()])
        return Approx(out) if isinstance(n, Approx) else out
    return None


def scaled_float_distribution(value: Any, scale: float, *, rounding: str) -> Dist | None:
    """Distribution of ``round(scale * getFloat())`` (Java rounding) or ``floor(...)`` for constant/uniform values."""
    off = 0.5 if rounding == "round" else 0.0
    c = _const(value)
    if c is not None:
        return {math.floor(scale * c + off): 1.0}
    if _provider_type(value) != "minecraft:uniform":
        return None
    lo, hi = _const(value.get("min")), _const(value.get("max"))
    if lo is None or hi is None:
        return None
    a, b = sorted((scale * lo, scale * hi))
    if b - a <= 0:
        return {math.floor(a + off): 1.0}
    if b - a > MAX_SUPPORT:
        return approx((a + b) / 2 + off - 0.5)
    out: Dist = {}
    for k in range(math.floor(a + off), math.floor(b + off) + 1):
        left, right = max(a, k - off), min(b, k + 1 - off)
        if right > left:
            out[k] = (right - left) / (b - a)
    return out
