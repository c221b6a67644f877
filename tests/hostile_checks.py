"""Helpers of the hostile-input tests: growth ratios instead of time limits, and peak memory with tracemalloc.

Speed is never asserted against a wall-clock bound. A linear-time check runs the same operation on an input of
size ``n`` and on one ``factor`` times larger (best of a few CPU-time measurements each) and compares the ratio
with ``factor``: a linear parser gives about ``factor``, a quadratic one about ``factor ** 2``. The tests using it
are marked ``slow`` and allow a very generous margin, so that a busy machine cannot make them fail while a
quadratic regression still does.
"""

from __future__ import annotations

import gc
import time
import tracemalloc
from typing import Any, Callable

#: Peak memory a rejected input may cost above the baseline (the issue's bound).
MEMORY_BOUND_BYTES = 64 * 2**20


def cpu_seconds(fn: Callable[[], Any], *, repeats: int = 3) -> float:
    """The smallest CPU time of ``repeats`` calls of ``fn`` (exceptions count as a normal end)."""
    best = float("inf")
    for _ in range(repeats):
        gc.collect()
        start = time.process_time()
        try:
            fn()
        except Exception:  # noqa: BLE001 - hostile inputs are expected to be refused
            pass
        best = min(best, time.process_time() - start)
    return max(best, 1e-6)


def growth_ratio(make: Callable[[int], Any], run: Callable[[Any], Any], n: int, factor: int = 16) -> float:
    """CPU time of ``run(make(n * factor))`` divided by that of ``run(make(n))``."""
    small, large = make(n), make(n * factor)
    cpu_seconds(lambda: run(small), repeats=1)  # warm caches and imports before measuring
    return cpu_seconds(lambda: run(large)) / cpu_seconds(lambda: run(small))


def assert_linear(make: Callable[[int], Any], run: Callable[[Any], Any], n: int, factor: int = 16) -> None:
    """Fail when the work grows like ``factor ** 2`` (quadratic) rather than ``factor`` (allowing 4x noise)."""
    ratio = growth_ratio(make, run, n, factor)
    assert ratio < factor * 4, f"time grew {ratio:.0f}x for {factor}x more input (linear would be about {factor}x)"


def peak_memory(fn: Callable[[], Any]) -> tuple[int, BaseException | None]:
    """Peak traced allocation (bytes above the start) while ``fn`` runs, and the exception it raised (or None)."""
    gc.collect()
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        error: BaseException | None = None
        try:
            fn()
        except Exception as exc:  # noqa: BLE001 - returned to the test, which checks its type
            error = exc
        peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
    return peak, error
