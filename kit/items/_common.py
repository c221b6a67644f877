"""Small helpers shared by the modules of :mod:`kit.items` (the collector pause lives in :mod:`kit.core.collector`)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from kit.core.collector import gc_paused  # re-exported: its earlier home

__all__ = ["norm_id", "gc_paused", "building_tables"]


def norm_id(value: str) -> str:
    """Return ``value`` with the default ``minecraft`` namespace added (``"stick"`` -> ``"minecraft:stick"``).

    A leading ``#`` (tag reference) is kept in front.
    """
    value = value.strip()
    if value.startswith("#"):
        return "#" + norm_id(value[1:])
    return value if ":" in value else f"minecraft:{value}"


@contextmanager
def building_tables() -> Iterator[None]:
    """:func:`~kit.core.collector.gc_paused` for building long-lived tables (recipes, indexes, a report), after which
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
