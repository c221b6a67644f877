"""Shared helpers of the hostile-input tests: a no-hang guard and a peak-memory probe."""

from __future__ import annotations

import gc
import os
import threading
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The issue's bound on the memory a refused input may cost (tracemalloc peak above the baseline).
MEMORY_BOUND = 64 * 1024 * 1024


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
