"""Recipe conflicts: two recipes of one crafting type that the same inputs can match, with different results (pure).

The rule (the game silently uses one of them):

* crafting (shaped, shapeless and transmute recipes together, as the crafting table tries them all): a shaped
  pattern is trimmed of empty rows and columns and compared cell by cell with the other pattern, and with its
  mirror image; shapeless recipes (and a shaped recipe against a shapeless one) overlap when their slots can be
  paired one to one so that every pair shares an item (a bipartite matching over the multisets);
* smelting, blasting, smoking, campfire cooking (each its own type): the single inputs share an item;
* smithing transform: template, base and addition each share an item.

A slot accepts the items of its refs with tags expanded (tag-aware overlap); a slot kit cannot resolve accepts
nothing. Results differ when the item outputs (ids and counts) differ; two recipes with the same inputs and the
same results are duplicates, not conflicts. Stonecutting (the player picks the output), special recipes and recipe
types kit does not know are not compared.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from kit.items.doctor_graph import RecipeNode

__all__ = ["Conflict", "find_conflicts", "family"]

_CRAFTING = {"shaped", "shapeless", "transmute"}


class Conflict(NamedTuple):
    """Two recipes (``first`` < ``second``) of ``family`` that some inputs match both; ``how`` says which rule.

    A named tuple: a pack set can hold tens of thousands of conflicting pairs.
    """

    first: str
    second: str
    family: str
    how: str


def family(node: RecipeNode) -> str | None:
    """The group of recipe types whose recipes compete for the same inputs, or ``None`` when not compared."""
    if node.kind in _CRAFTING:
        return "minecraft:crafting"
    if node.kind in ("cooking", "smithing_transform"):
        return node.recipe_type
    return None


def _trim(node: RecipeNode) -> tuple[int, int, tuple]:
    w = node.width or 1
    rows = [node.grid[i : i + w] for i in range(0, len(node.grid), w)]
    while rows and all(c is None for c in rows[0]):
        rows.pop(0)
    while rows and all(c is None for c in rows[-1]):
        rows.pop()
    cols = [j for j in range(w) if any(r[j] is not None for r in rows if j < len(r))]
    if not cols:
        return 0, 0, ()
    lo, hi = cols[0], cols[-1]
    cells = tuple(c for r in rows for c in (tuple(r) + (None,) * w)[lo : hi + 1])
    return len(rows), hi - lo + 1, cells


def _mirror(h: int, w: int, cells: tuple) -> tuple:
    return tuple(c for i in range(h) for c in reversed(cells[i * w : (i + 1) * w]))


def _cells_overlap(a: tuple, b: tuple) -> bool:
    for x, y in zip(a, b):
        if (x is None) != (y is None):
            return False
        if x is not None and x.isdisjoint(y):
            return False
    return True


def _matching(a: list, b: list) -> bool:
    """Whether the slots of ``a`` and ``b`` pair up one to one with a shared item each (Kuhn's algorithm)."""
    if len(a) != len(b):
        return False
    match: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for j, cell in enumerate(b):
            if j in seen or a[i].isdisjoint(cell):
                continue
            seen.add(j)
            if j not in match or augment(match[j], seen):
                match[j] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(a)))


@dataclass
class _Class:
    """Recipes with identical inputs (they are compared once)."""

    fam: str
    shape: str  # shaped | multi | positional
    h: int
    w: int
    cells: tuple
    members: list[str]


def _classes(nodes: Iterable[RecipeNode]) -> list[_Class]:
    found: dict[tuple, _Class] = {}
    for node in nodes:
        fam = family(node)
        if fam is None or any(not s for s in node.slots):  # a slot that accepts nothing matches nothing
            continue
        if node.kind == "shaped":
            h, w, cells = _trim(node)
            key: tuple = (fam, "shaped", h, w, cells)
        elif fam == "minecraft:crafting":
            cells = tuple(sorted(node.slots, key=lambda s: sorted(s)))
            h, w, key = 0, 0, (fam, "multi", cells)
        else:
            cells, h, w = tuple(node.slots), 0, 0
            key = (fam, "positional", cells)
        c = found.get(key)
        if c is None:
            c = found[key] = _Class(fam, key[1], h, w, cells, [])
        c.members.append(node.recipe_id)
    return list(found.values())


def _class_pairs(classes: list[_Class]) -> Iterable[tuple[int, int, str]]:
    """Pairs of class indexes (i <= j) that some inputs match both, and the rule that found them."""
    shaped: dict[tuple, list[int]] = {}
    multi: dict[tuple, list[int]] = {}
    positional: dict[tuple, list[int]] = {}
    for i, c in enumerate(classes):
        if c.shape == "shaped":
            first = next(x for x in c.cells if x is not None)
            mask = tuple(x is None for x in c.cells)
            for item in first:
                shaped.setdefault((c.fam, c.h, c.w, mask, item), []).append(i)
            n = sum(x is not None for x in c.cells)
            for item in {it for x in c.cells if x is not None for it in x}:
                multi.setdefault((c.fam, n, item), []).append(i)
        elif c.shape == "multi":
            for item in {it for x in c.cells for it in x}:
                multi.setdefault((c.fam, len(c.cells), item), []).append(i)
        else:
            for item in c.cells[0]:
                positional.setdefault((c.fam, item), []).append(i)
    seen: set[tuple[int, int]] = set()
    for i, c in enumerate(classes):
        if len(c.members) > 1:
            seen.add((i, i))
            yield i, i, "the same inputs"
        if c.shape == "shaped":
            for orient, cells in (("", c.cells), (" (mirrored)", _mirror(c.h, c.w, c.cells))):
                first = next(x for x in cells if x is not None)
                mask = tuple(x is None for x in cells)
                for item in first:
                    for j in shaped.get((c.fam, c.h, c.w, mask, item), ()):
                        key = (min(i, j), max(i, j))
                        if j != i and key not in seen and _cells_overlap(cells, classes[j].cells):
                            seen.add(key)
                            yield key[0], key[1], "shaped patterns overlap" + orient
        elif c.shape == "multi":
            slots = list(c.cells)
            smallest = min(slots, key=len)
            for item in smallest:
                for j in multi.get((c.fam, len(slots), item), ()):
                    key = (min(i, j), max(i, j))
                    if j == i or key in seen:
                        continue
                    other = [x for x in classes[j].cells if x is not None]
                    if _matching(slots, other):
                        seen.add(key)
                        yield key[0], key[1], "the ingredients can be the same items in any order"
        else:
            for item in min(c.cells, key=len):
                for j in positional.get((c.fam, item), ()):
                    key = (min(i, j), max(i, j))
                    cells_j = classes[j].cells
                    if j != i and key not in seen and all(not x.isdisjoint(y) for x, y in zip(c.cells, cells_j)):
                        seen.add(key)
                        yield key[0], key[1], "the inputs share an item"


def find_conflicts(nodes: dict[str, RecipeNode], *, cap: int | None = None) -> tuple[list[Conflict], dict[str, int]]:
    """Conflicting recipe pairs (see the module docstring), sorted by the two ids, and each recipe's partner count.

    With ``cap``, at most ``cap`` pairs are listed per first recipe, those with the smallest second ids (whatever the
    order the pairs were found in, so the rows are the same in every run); the counts are always exact:
    ``counts[r]`` is how many recipes ``r`` conflicts with in all.
    """
    classes = _classes(nodes.values())
    partners: dict[int, list[tuple[int, str]]] = {}
    for i, j, how in _class_pairs(classes):
        partners.setdefault(i, []).append((j, how))
        if i != j:
            partners.setdefault(j, []).append((i, how))
    members = [sorted(c.members) for c in classes]
    by_result = [Counter(nodes[m].results for m in ms) for ms in members]
    out: list[Conflict] = []
    counts: dict[str, int] = {}
    for i, c in enumerate(classes):
        totals: dict[tuple, int] = {}  # members with the same results have the same partner count
        for a in members[i]:
            ra = nodes[a].results
            total = totals.get(ra)
            if total is None:
                total = totals[ra] = sum(len(members[j]) - by_result[j][ra] for j, _how in partners.get(i, ()))
            if not total:
                continue
            counts[a] = total
            listed: list[Conflict] = []
            # the first ``cap`` of each partner class hold the first ``cap`` of all
            for j, how in partners.get(i, ()):
                others = members[j]
                taken = 0
                for b in others[bisect_right(others, a) :]:
                    if cap is not None and taken >= cap:
                        break
                    if nodes[b].results != ra:
                        listed.append(Conflict(a, b, c.fam, how))
                        taken += 1
            listed.sort()
            out.extend(listed[:cap] if cap is not None else listed)
    out.sort()
    return out, counts
