"""Steps 4-7 of kit's activation: probability, inclusion groups, excludes and requires.

Pure functions over the fired entries' indices and the compiled entries (anything with ``entry`` and
``entry_id``, ``excludes`` and ``requires``); :class:`~kit.worldbook.engine.activation.Activator` calls
:func:`resolve` on the hits of one request. The rules are in :mod:`kit.worldbook.engine.activation`'s docstring.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["resolve", "conflicts"]


def resolve(entries: Sequence[Any], fired: Sequence[int], draw: Callable[[], float] | None) -> dict[int, str]:
    """The rejection reason of every fired entry that is dropped (``{index: reason}``).

    Parameters
    ----------
    entries : sequence
        The compiled entries (indexed by ``fired``'s values).
    fired : sequence of int
        Indices of the entries whose trigger fired, in collection order.
    draw : callable or None
        Returns the next uniform draw in [0, 1); only called for entries with ``probability < 1``.
    """
    reasons: dict[int, str] = {}
    alive = list(fired)
    for i in alive:
        p = entries[i].entry.triggers.probability
        if p < 1.0 and draw is not None and not draw() < p:
            reasons[i] = f"probability {p:g}"
    alive = [i for i in alive if i not in reasons]
    # Groups, excludes and requires. An entry that requires an inactive entry gives up what it won (its
    # groups, the entries it excluded): when such an entry blocked others, the resolution runs again
    # without it, so the runner-up of its group can stay.
    withdrawn: dict[int, str] = {}
    while True:
        found, blockers = conflicts(entries, [i for i in alive if i not in withdrawn])
        dropped = {i: why for i, why in found.items() if why.startswith("requires ") and i in blockers}
        if not dropped:
            break
        withdrawn.update(dropped)
    found.update(withdrawn)
    reasons.update(found)
    return reasons


def conflicts(entries: Sequence[Any], alive: list[int]) -> tuple[dict[int, str], set[int]]:
    """Steps 5-7 over the entries ``alive`` (collection order): the rejection reason of each dropped
    entry, and the entries that caused a group or excludes rejection.
    """
    reasons: dict[int, str] = {}
    blockers: set[int] = set()
    priority = sorted(alive, key=lambda i: (-entries[i].entry.order, i))
    taken: dict[str, int] = {}
    kept: list[int] = []
    for i in priority:
        groups = entries[i].entry.group or ()
        busy = next((g for g in groups if g in taken), None)
        if busy is not None:
            reasons[i] = f"group {busy}: {entries[taken[busy]].entry_id}"
            blockers.add(taken[busy])
            continue
        for g in groups:
            taken[g] = i
        kept.append(i)
    kept_ids: dict[str, int] = {}
    banned: dict[str, int] = {}  # entry id -> the kept entry that excludes it
    survivors: list[int] = []
    for i in kept:
        c = entries[i]
        by = banned.get(c.entry_id)
        if by is None:
            by = next((kept_ids[x] for x in c.excludes if x in kept_ids), None)
        if by is not None:
            reasons[i] = f"excludes {entries[by].entry_id}"
            blockers.add(by)
            continue
        survivors.append(i)
        kept_ids[c.entry_id] = i
        for x in c.excludes:
            banned.setdefault(x, i)
    changed = any(entries[i].requires for i in survivors)
    while changed:
        changed = False
        for i in list(survivors):
            c = entries[i]
            missing = next((r for r in c.requires if r not in kept_ids), None)
            if missing is not None:
                reasons[i] = f"requires {missing}"
                survivors.remove(i)
                kept_ids.pop(c.entry_id, None)
                changed = True
    return reasons, blockers
