"""Shared helpers of the hostile-input tests: a no-hang guard, peak memory, and growth ratios.

Speed is never asserted against a wall-clock bound. A linear-time check runs the same operation on an input of
size ``n`` and on one ``factor`` times larger (best of a few CPU-time measurements each) and compares the ratio
with ``factor``: a linear parser gives about ``factor``, a quadratic one about ``factor ** 2``. The tests using it
are marked ``slow`` and allow a very generous margin, so that a busy machine cannot make them fail while a
quadratic regression still does.
"""

from __future__ import annotations

import gc
import os
import threading
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The issue's bound on the memory a refused input may cost (tracemalloc peak above the baseline).
MEMORY_BOUND_BYTES = 64 * 1024 * 1024


def run_unblocked(fn: Callable[[], Any], fifo: Path | None = None, *, guard_s: float = 120.0) -> BaseException | Any:
    """Run ``fn`` in a thread and return its result or exception.

    If it is still running after ``guard_s`` (a hang, not a speed limit) the FIFO is opened for writing to
    release it and the test fails with a clear message instead of hanging the suite.
    """
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["result"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            box["result"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(guard_s)
    if thread.is_alive():
        if fifo is not None:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            os.close(fd)
        thread.join(5)
        raise AssertionError(f"the call blocked on {fifo or 'its input'} instead of refusing it")
    return box["result"]


def peak_memory(fn: Callable[[], Any]) -> tuple[int, BaseException | Any]:
    """Return (tracemalloc peak above the start, result or exception) of ``fn()``."""
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        try:
            result: Any = fn()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            result = exc
        peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
    return peak, result


def peak_memory_error(fn: Callable[[], Any]) -> tuple[int, BaseException | None]:
    """Like :func:`peak_memory`, but the second item is the exception ``fn`` raised, or None."""
    peak, outcome = peak_memory(fn)
    return peak, outcome if isinstance(outcome, BaseException) else None


def cpu_seconds(fn: Callable[[], Any], *, repeats: int = 3, floor: float = 0.01) -> float:
    """The smallest per-call CPU time over ``repeats`` rounds of ``fn()`` (exceptions count as a normal end).

    A round calls ``fn`` as often as it takes to spend at least ``floor`` CPU seconds, so a call of a few
    microseconds is not measured at the clock's resolution (which made small inputs look 5x cheaper than they are).
    """

    def call() -> None:
        try:
            fn()
        except Exception:  # noqa: BLE001 - hostile inputs are expected to be refused
            pass

    best = float("inf")
    for _ in range(repeats):
        gc.collect()
        calls, start = 0, time.process_time()
        while True:
            call()
            calls += 1
            spent = time.process_time() - start
            if spent >= floor:
                break
        best = min(best, spent / calls)
    return max(best, 1e-9)


def growth_ratio(make: Callable[[int], Any], run: Callable[[Any], Any], n: int, factor: int = 16) -> float:
    """CPU time of ``run(make(n * factor))`` divided by that of ``run(make(n))``."""
    small, large = make(n), make(n * factor)
    cpu_seconds(lambda: run(small), repeats=1)  # warm caches and imports before measuring
    return cpu_seconds(lambda: run(large)) / cpu_seconds(lambda: run(small))


def assert_linear(make: Callable[[int], Any], run: Callable[[Any], Any], n: int, factor: int = 16) -> None:
    """Fail when the work grows like ``factor ** 2`` (quadratic) rather than ``factor`` (allowing 4x noise)."""
    ratio = growth_ratio(make, run, n, factor)
    assert ratio < factor * 4, f"time grew {ratio:.0f}x for {factor}x more input (linear would be about {factor}x)"


def folder_bytes(folder: Path, *, include_links: bool = True) -> dict[str, bytes]:
    """Every file below ``folder`` (relative POSIX path -> bytes), to check that a refused write changed nothing.

    ``include_links=False`` leaves out symbolic links (whose targets may lie outside the folder).
    """
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and (include_links or not p.is_symlink())
    }
