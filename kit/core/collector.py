"""Pausing Python's cyclic garbage collector around bulk construction of acyclic objects, and moving long-lived
tables built that way straight to its oldest generation.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["gc_paused", "building_tables"]


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


@contextmanager
def building_tables() -> Iterator[None]:
    """:func:`gc_paused` for building long-lived tables (recipes, indexes, a report), after which
    what the process holds moves straight to the collector's oldest generation.

    A pause alone only defers the work: the first collection after it walks every object made inside (a million
    for a 100,000-recipe modpack), and the next one walks them again on their way to the oldest generation, up to a
    second per load. Here the outermost block ends with ``gc.freeze()`` then ``gc.unfreeze()``, which moves every
    tracked object to the oldest generation without walking any: nothing is frozen for good, and cycles among them
    are still collected by the next full collection. Skipped when the caller froze objects itself (their
    ``gc.freeze()`` is left alone) or when the collector was off.
    """
    promote = gc.isenabled()
    with gc_paused():
        try:
            yield
        finally:
            if promote and gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
