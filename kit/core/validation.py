"""Parameter checks that word their errors like scikit-learn's ``InvalidParameterError``."""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable

from kit.core.errors import InvalidParameterError


def nearest_names(name: object, candidates: Iterable[str], n: int = 3, cutoff: float = 0.5) -> list[str]:
    """The (at most ``n``) ``candidates`` closest to an unknown ``name``, best first, for an error message."""
    return difflib.get_close_matches(str(name), sorted(set(candidates)), n=n, cutoff=cutoff)


def check_int(value: object, name: str, owner: str, *, low: int = 1) -> int:
    """Return ``value`` if it is an int >= ``low`` (bools are refused), else raise."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise InvalidParameterError(
            f"The '{name}' parameter of {owner} must be an int in the range [{low}, inf). Got {value!r} instead."
        )
    return int(value)


def check_real(value: object, name: str, owner: str, *, low: float, high: float = math.inf) -> float:
    """Return ``value`` as float if it is a finite real number in ``[low, high]``, else raise."""
    real = value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
    if real is None or not low <= real <= high or not math.isfinite(real):
        high_text = "inf" if math.isinf(high) else repr(high)
        raise InvalidParameterError(
            f"The '{name}' parameter of {owner} must be a float in the range [{low!r}, {high_text}]. "
            f"Got {value!r} instead."
        )
    return float(real)


def check_choice(value: object, name: str, owner: str, choices: Iterable[str]) -> str:
    """Return ``value`` if it is one of ``choices``, else raise."""
    options = tuple(choices)
    if not isinstance(value, str) or value not in options:
        listed = ", ".join(repr(c) for c in options)
        raise InvalidParameterError(
            f"The '{name}' parameter of {owner} must be a str among {{{listed}}}. Got {value!r} instead."
        )
    return value


def check_str(value: object, name: str, owner: str) -> str:
    """Return ``value`` if it is a str, else raise."""
    if not isinstance(value, str):
        raise InvalidParameterError(f"The '{name}' parameter of {owner} must be a str. Got {value!r} instead.")
    return value
