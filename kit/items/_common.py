"""Small helpers shared by the modules of :mod:`kit.items`: ids and pausing the garbage collector."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["norm_id", "gc_paused"]


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while building large acyclic structures (restored afterwards).

    Loading 100,000 recipes allocates millions of small objects and no cycles; the collector's repeated full
    passes over them cost more than the loading itself (measured in ``benchmarks/bench_items.py``).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def norm_id(value: str) -> str:
    """Return ``value`` with the default ``minecraft`` namespace added (``"stick"`` -> ``"minecraft:stick"``).

    A leading ``#`` (tag reference) is kept in front.
    """
    value = value.strip()
    if value.startswith("#"):
        return "#" + norm_id(value[1:])
    return value if ":" in value else f"minecraft:{value}"
