"""How many examples a property test draws: its own count, or a share of it for the quick development loop.

Every Hypothesis test names its count with ``@settings(max_examples=examples(N))``. ``make test`` (and so
``.ci/run``) draws the full ``N``; ``make test-fast`` sets ``KIT_TEST_EXAMPLES=0.3`` and draws 30% of each count
(at least 10), the same properties over fewer random inputs.
"""

from __future__ import annotations

import os

VARIABLE = "KIT_TEST_EXAMPLES"
MINIMUM = 10


def scale_from(text: str) -> float:
    """The share of examples ``text`` (the variable's value) asks for; a clear error naming the variable."""
    try:
        scale = float(text)
    except ValueError:
        raise ValueError(f"{VARIABLE} must be a number between 0 and 1, got {text!r}") from None
    if not 0 < scale <= 1:
        raise ValueError(f"{VARIABLE} must be a number between 0 and 1, got {text!r}")
    return scale


SCALE = scale_from(os.environ.get(VARIABLE, "1"))


def examples(count: int, scale: float = SCALE) -> int:
    """``count`` examples, or ``scale`` of them (at least :data:`MINIMUM`, never more than ``count``)."""
    return count if scale == 1 else min(count, max(MINIMUM, round(count * scale)))
