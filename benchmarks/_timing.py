"""The timing helper every benchmark uses (the benchmarks are run as scripts, so this folder is on ``sys.path``)."""

from __future__ import annotations

import time
from typing import Callable

__all__ = ["best_time"]


def best_time(fn: Callable[[], object], repeats: int = 3) -> float:
    """The fastest of ``repeats`` runs of ``fn()``, in seconds (the least disturbed by other work on the machine)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best
