"""The pack doctor's checks over a solved item graph: why items are unobtainable, loops, missing items, tags and
recipe conflicts, as problem rows (pure).
"""

from __future__ import annotations

from collections.abc import Iterable

from kit.items.doctor_conflicts import Conflict
from kit.items.doctor_graph import ItemGraph, RecipeNode, Solution

__all__ = ["blocked_slots", "loop_items", "strongly_connected", "MAX_CONFLICT_ROWS", "conflict_rows", "mention_text"]

#: At most this many ``recipe_conflict`` rows name one recipe as ``object_id``; the last one counts the rest.
MAX_CONFLICT_ROWS = 16


def blocked_slots(
    node: RecipeNode,
    sol: Solution,
    missing: dict[str, str],
    empty: set[str],
    memo: dict[tuple[str, frozenset[str]], str] | None = None,
) -> list[str]:
    """Readable reasons for the slots of a recipe that no obtainable item fills (``[]`` when it can be crafted).

    ``memo`` (one dict for the same ``sol``, ``missing`` and ``empty``) keeps each slot's reason: a tag's slot recurs
    in thousands of recipes, and its reason sorts the tag's items.
    """
    memo = {} if memo is None else memo
    out = []
    flags = sol.satisfied.get(node.recipe_id, [])
    for i, slot in enumerate(node.slots):
        if i < len(flags) and flags[i]:
            continue
        ref = node.refs[i]
        key = (ref, slot)
        reason = memo.get(key)
        if reason is None:
            reason = memo[key] = _blocked_reason(ref, slot, node.unresolved[i], missing, empty)
        out.append(reason)
    return out


def _blocked_reason(
    ref: str, slot: frozenset[str], unresolved: tuple[str, ...], missing: dict[str, str], empty: set[str]
) -> str:
    if not slot:
        if unresolved:
            return f"{ref} ({', '.join(unresolved)}: undefined tag or an ingredient kit cannot resolve)"
        return f"{ref} (empty tag)" if ref.lstrip("#") in empty else f"{ref} (accepts no item)"
    if all(s in missing for s in slot):
        return f"{ref} (missing item)" if len(slot) == 1 else f"{ref} (every item missing)"
    shown = sorted(slot)[:3]
    more = f" and {len(slot) - 3} more" if len(slot) > 3 else ""
    if ref == shown[0] and len(slot) == 1:
        return f"{ref} (unobtainable)"
    return f"{ref} (unobtainable: {', '.join(shown)}{more})"


def loop_items(graph: ItemGraph, sol: Solution, unobtainable: Iterable[str]) -> dict[str, list[str]]:
    """Unobtainable items whose recipes need each other: item -> the other items of its loop (Tarjan's SCCs).

    An edge goes from an item to each unobtainable item that can fill a blocked slot of a recipe making it.
    """
    bad = set(unobtainable)
    edges: dict[str, set[str]] = {}
    for item in bad:
        targets: set[str] = set()
        for rid in graph.producers.get(item, ()):
            flags = sol.satisfied[rid]
            for i, slot in enumerate(graph.recipes[rid].slots):
                if not flags[i]:
                    targets |= slot & bad  # set intersection in C (the tags' slots hold many items)
        edges[item] = targets
    out: dict[str, list[str]] = {}
    for comp in strongly_connected(edges):
        for x in comp:
            out[x] = sorted(c for c in comp if c != x) or [x]
    return out


def strongly_connected(edges: dict[str, set[str]]) -> list[list[str]]:
    """The cycles of a directed graph: its strongly connected components with more than one node, or a node with an
    edge to itself (Tarjan's algorithm, iterative; deterministic order).
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(edges.get(nxt, ())))))
                    advanced = True
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    x = stack.pop()
                    on.discard(x)
                    comp.append(x)
                    if x == node:
                        break
                if len(comp) > 1 or node in edges.get(node, ()):
                    found.append(sorted(comp))
    return sorted(found)


def mention_text(mentions: list[tuple[str, str, str, str, str]], limit: int = 3) -> str:
    """``recipe a (inputs[1], inputs[2]), loot table b (pools[0]) and N more`` for a list of mentions."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for kind, oid, fld, _pack, _path in mentions:
        fields = grouped.setdefault((kind, oid), [])
        if fld and fld not in fields:
            fields.append(fld)
    shown = [
        f"{kind.replace('_', ' ')} {oid}" + (f" ({', '.join(f)})" if f else "")
        for (kind, oid), f in list(grouped.items())[:limit]
    ]
    more = f" and {len(grouped) - limit} more" if len(grouped) > limit else ""
    return ", ".join(shown) + more


def conflict_rows(conflicts: list[Conflict], counts: dict[str, int], nodes: dict[str, RecipeNode]) -> list[tuple]:
    """Problem rows for conflicts: ``(severity, kind, object_id, field, message, path, related_id, pack)``.

    ``conflicts`` is capped at :data:`MAX_CONFLICT_ROWS` per first recipe (see :func:`find_conflicts`); the last row
    of a capped recipe says how many recipes it conflicts with in all (``counts``).
    """
    shown: dict[str, str] = {}

    def show(rid: str) -> str:
        if rid not in shown:
            shown[rid] = ", ".join(f"{i} x{k}" if k != 1 else i for i, k in nodes[rid].results) or "nothing"
        return shown[rid]

    rows = []
    seen: dict[str, int] = {}
    for c in conflicts:
        n = seen[c.first] = seen.get(c.first, 0) + 1
        a = nodes[c.first]
        message = (
            f"{c.first} and {c.second} ({c.family}): {c.how}, but they give {show(c.first)} and "
            f"{show(c.second)}: the game silently uses one of them"
        )
        if n == MAX_CONFLICT_ROWS and counts.get(c.first, 0) > MAX_CONFLICT_ROWS:
            message += f" ({c.first} conflicts with {counts[c.first]} recipes in all; rows are capped)"
        rows.append(("error", "recipe_conflict", c.first, "", message, a.path, c.second, a.pack))
    return rows
