"""Pausing Python's cyclic garbage collector around bulk construction of acyclic objects."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["gc_paused"]


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while large acyclic structures are built, then restore its state.

    Loading 100,000 recipes, a module inventory or the doctor's graph allocates millions of small long-lived
    objects and no reference cycles; the collector's repeated passes over the whole heap cost more than the work
    itself (measured in ``benchmarks/bench_items.py``, ``bench_modules.py`` and ``bench_doctor.py``). Nothing is
    lost: cycles made meanwhile are collected once it is back on. Usable as a ``with`` block or a decorator.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
