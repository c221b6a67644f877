"""The pack doctor's item graph: recipes as hyperedges, raw loot sources, and the obtainability fixed point (pure).

An item is obtainable when a raw source gives it (a loot table of any kind, or kit's code table), or when a recipe
makes it whose every input slot accepts at least one obtainable item. The fixed point is computed once over the
whole graph, breadth first, so ``steps`` is the fewest crafting steps from raw sources (the depth of the cheapest
recipe tree): every recipe fires in the round after its last slot was satisfied.

Only PackSet's public API is used (recipe records, loot tables, tag members), so this module does not depend on
how :class:`kit.items.PackSet` indexes itself.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kit.items.loot import walk_entries
from kit.items.recipes import CustomIngredient, Recipe

if TYPE_CHECKING:
    from kit.items.packset import PackSet

__all__ = ["RecipeNode", "ItemGraph", "build_graph", "solve", "Solution", "expand_ref"]


@dataclass(frozen=True)
class RecipeNode:
    """One recipe as the doctor sees it: the items each non-empty slot accepts and the items it gives.

    ``slots[i]`` is a frozenset of item ids; ``refs[i]`` the slot as written (for messages); ``unresolved[i]`` the
    refs of that slot kit could not resolve (undefined tags, custom ingredients it cannot compute). ``grid`` is every
    input position as written, ``None`` for an empty grid cell (what the conflict check compares).
    """

    recipe_id: str
    recipe_type: str
    kind: str
    slots: tuple[frozenset, ...]
    refs: tuple[str, ...]
    unresolved: tuple[tuple[str, ...], ...]
    outputs: tuple[str, ...]
    results: tuple[tuple[str, int], ...]
    width: int
    grid: tuple[frozenset | None, ...]
    pack: str
    path: str


@dataclass
class ItemGraph:
    """Recipes, the loot drops of every table, and the tag references the doctor checks."""

    recipes: dict[str, RecipeNode] = field(default_factory=dict)
    #: item -> [(table id, is the block's own drop)]
    drops: dict[str, list[tuple[str, bool]]] = field(default_factory=dict)
    #: tag id (without ``#``) -> [(where, object id, field, pack, path)]: every reference to a tag by a slot
    tag_refs: dict[str, list[tuple[str, str, str, str, str]]] = field(default_factory=dict)
    #: item -> [(where kind, object id, field, pack, path)]: every place naming the item
    mentions: dict[str, list[tuple[str, str, str, str, str]]] = field(default_factory=dict)
    #: item -> recipe ids producing it
    producers: dict[str, list[str]] = field(default_factory=dict)
    #: loot table entries naming a table no pack defines: (table, field, missing table, pack, path)
    table_refs: list[tuple[str, str, str, str, str]] = field(default_factory=list)


def expand_ref(
    ref: object, tag_items: Callable[[str], tuple[str, ...] | None]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The items a slot ref accepts and what could not be resolved.

    ``tag_items(tag)`` returns a defined tag's items, or ``None`` for an undefined (or failed) tag.
    """
    if isinstance(ref, CustomIngredient):
        if ref.op == "unknown":
            return (), (str(ref),)
        parts = [_expand_slot(child, tag_items) for child in ref.children]
        unresolved = tuple(u for p in parts for u in p[1])
        if ref.op in ("union", "filter"):
            items = tuple(dict.fromkeys(i for p in parts for i in p[0]))
        elif ref.op == "difference":
            drop = set(parts[1][0]) if len(parts) > 1 else set()
            items = tuple(i for i in parts[0][0] if i not in drop)
        else:
            keep = set(parts[0][0]).intersection(*(set(p[0]) for p in parts[1:]))
            items = tuple(i for i in parts[0][0] if i in keep)
        return items, unresolved
    text = str(ref)
    if text.startswith("#"):
        found = tag_items(text[1:])
        return (found, ()) if found is not None else ((), (text,))
    return (text,), ()


def _expand_slot(slot: Iterable, tag_items) -> tuple[tuple[str, ...], tuple[str, ...]]:
    items: dict[str, None] = {}
    unresolved: dict[str, None] = {}
    for ref in slot:
        got, missing = expand_ref(ref, tag_items)
        items.update(dict.fromkeys(got))
        unresolved.update(dict.fromkeys(missing))
    return tuple(items), tuple(unresolved)


def _tags_in(slot: Iterable) -> Iterable[str]:
    for ref in slot:
        if isinstance(ref, CustomIngredient):
            for child in ref.children:
                yield from _tags_in(child)
        elif str(ref).startswith("#"):
            yield str(ref)[1:]


#: ``inputs[i]`` / ``results[i]``: where a recipe names an item or tag, made once.
_INPUT_FIELDS = tuple(f"inputs[{i}]" for i in range(64))
_RESULT_FIELDS = tuple(f"results[{i}]" for i in range(64))


def _slot_facts(slot: tuple, tag_items, cache: dict) -> tuple:
    """What every recipe with this slot shares, worked out once per distinct slot: its items (a frozenset, one object
    for equal sets), unresolved refs, the tags and plain item ids it names, and its ``|``-joined refs.
    """
    found = cache.get(slot)
    if found is None:
        items, missing = _expand_slot(slot, tag_items)
        frozen = cache.get(("set", items))
        if frozen is None:
            frozen = cache[("set", items)] = frozenset(items)
        plain = tuple(ref for ref in slot if isinstance(ref, str) and not ref.startswith("#"))
        found = cache[slot] = (frozen, missing, tuple(_tags_in(slot)), plain, "|".join(str(x) for x in slot))
    return found


def _node(r: Recipe, tag_items, special: Mapping[str, Mapping[str, Any]], graph: ItemGraph, cache: dict) -> RecipeNode:
    rid = r.recipe_id
    raw_slots: list[tuple] = list(r.inputs)
    outputs_refs: tuple = tuple(r.output_refs)
    if r.kind == "special" and r.recipe_type in special:
        raw_slots = [tuple(s) for s in special[r.recipe_type]["inputs"]]
        outputs_refs = tuple(special[r.recipe_type]["outputs"])
    slots: list[frozenset[str]] = []
    refs: list[str] = []
    unresolved: list[tuple[str, ...]] = []
    grid: list[frozenset[str] | None] = []
    tag_refs, mentions = graph.tag_refs, graph.mentions
    pack, path = r.pack, r.path
    for i, slot in enumerate(raw_slots):
        if not slot:
            grid.append(None)
            continue
        frozen, missing, tags, plain, joined = _slot_facts(slot, tag_items, cache)
        where = _INPUT_FIELDS[i] if i < len(_INPUT_FIELDS) else f"inputs[{i}]"
        for tag in tags:
            tag_refs.setdefault(tag, []).append(("recipe", rid, where, pack, path))
        for ref in plain:
            mentions.setdefault(ref, []).append(("recipe", rid, where, pack, path))
        slots.append(frozen)
        grid.append(frozen)
        refs.append(joined)
        unresolved.append(missing)
    key = ("outputs", outputs_refs)
    outputs = cache.get(key)
    if outputs is None:
        outputs = cache[key] = _expand_slot(outputs_refs, tag_items)[0]
    for i, ref in enumerate(outputs_refs):
        if isinstance(ref, str):
            where = _RESULT_FIELDS[i] if i < len(_RESULT_FIELDS) else f"results[{i}]"
            if ref.startswith("#"):
                tag_refs.setdefault(ref[1:], []).append(("recipe", rid, where, pack, path))
            else:
                mentions.setdefault(ref, []).append(("recipe", rid, where, pack, path))
    results = tuple((s.item_id, s.count) for s in r.item_results)
    return RecipeNode(
        rid,
        r.recipe_type,
        r.kind,
        tuple(slots),
        tuple(refs),
        tuple(unresolved),
        outputs,
        results,
        r.width,
        tuple(grid),
        r.pack,
        r.path,
    )


def build_graph(
    packs: PackSet,
    tag_items: Callable[[str], tuple[str, ...] | None],
    special: Mapping[str, Mapping[str, Any]] | None = None,
) -> ItemGraph:
    """Read every recipe and loot table of ``packs`` into an :class:`ItemGraph`.

    ``special`` maps a special recipe type to the ``inputs`` (slots of refs) and ``outputs`` the game hard-codes
    (from kit's data table); other special recipes have no inputs or outputs kit can see.
    """
    graph = ItemGraph()
    special = special or {}
    cache: dict = {}  # slots repeat (the same tag in thousands of recipes): expand each once
    recipes = packs.index.recipes  # the loaded recipes themselves (the recipes() frame would format every one)
    for rid in sorted(recipes):
        node = _node(recipes[rid], tag_items, special, graph, cache)
        graph.recipes[rid] = node
        for item in dict.fromkeys(node.outputs):
            graph.producers.setdefault(item, []).append(rid)
    tables = packs.loot_tables()
    known_tables = set(tables["loot_table_id"])
    for tid, ttype, pack, path in zip(tables["loot_table_id"], tables["table_type"], tables["pack"], tables["path"]):
        ns, _, rest = tid.partition(":")
        own = f"{ns}:{rest[len('blocks/') :]}" if ttype == "minecraft:block" and rest.startswith("blocks/") else None
        for e in walk_entries(packs.loot_table(tid)):
            if e.entry_type == "item":
                items: tuple[str, ...] = (e.name,)
                graph.mentions.setdefault(e.name, []).append(("loot_table", tid, f"pools[{e.pool_index}]", pack, path))
            elif e.entry_type == "tag":
                tag = e.name.lstrip("#")
                graph.tag_refs.setdefault(tag, []).append(("loot_table", tid, f"pools[{e.pool_index}]", pack, path))
                items = tag_items(tag) or ()
            else:
                if e.entry_type == "loot_table" and e.name and e.name not in known_tables:
                    graph.table_refs.append((tid, f"pools[{e.pool_index}]", e.name, pack, path))
                continue
            for item in items:
                graph.drops.setdefault(item, []).append((tid, item == own))
    return graph


@dataclass
class Solution:
    """The fixed point: ``steps[item]`` for every obtainable item, and how it was first reached.

    ``via[item]`` is ``("loot", table id)``, ``("code", note)`` or ``("recipe", recipe id, critical input)`` (the
    input whose own steps decided the recipe's round); ``fired`` the recipes that can be crafted, with their round.
    """

    steps: dict[str, int]
    via: dict[str, tuple]
    fired: dict[str, int]
    satisfied: dict[str, list[bool]]


def raw_sources(graph: ItemGraph, code: Iterable[str]) -> dict[str, tuple]:
    """Items available without crafting: loot drops and kit's code table.

    A block's own drop (``blocks/<id>`` giving ``<id>``) is a raw source only when no recipe makes the item: a block
    that recipes make is assumed placed by players, so its loot table cannot be the root of its own supply. Other
    drops are raw (kit has no world-generation data, so every loot table is assumed reachable in the world).
    """
    out: dict[str, tuple] = {}
    for item in sorted(graph.drops):
        tables = [t for t, own in graph.drops[item] if not own or item not in graph.producers]
        if tables:
            out[item] = ("loot", sorted(tables)[0])
    for item in code:
        out.setdefault(item, ("code", ""))
    return out


def solve(graph: ItemGraph, raw: dict[str, tuple]) -> Solution:
    """The obtainability fixed point, breadth first (see the module docstring)."""
    watchers: dict[str, list[tuple[str, int]]] = {}
    remaining: dict[str, int] = {}
    satisfied: dict[str, list[bool]] = {}
    for rid, node in graph.recipes.items():
        remaining[rid] = len(node.slots)
        satisfied[rid] = [False] * len(node.slots)
        for i, slot in enumerate(node.slots):
            for item in slot:
                watchers.setdefault(item, []).append((rid, i))
    steps: dict[str, int] = {}
    via: dict[str, tuple] = {}
    fired: dict[str, int] = {}
    critical: dict[str, str] = {}
    queue: deque[str] = deque()
    for item, how in raw.items():
        steps[item] = 0
        via[item] = how
        queue.append(item)

    def fire(rid: str, step: int) -> None:
        fired[rid] = step
        for out in graph.recipes[rid].outputs:
            if out not in steps:
                steps[out] = step
                via[out] = ("recipe", rid, critical.get(rid, ""))
                queue.append(out)

    for rid, n in remaining.items():  # recipes without inputs (none in vanilla; some machine recipes)
        if n == 0 and graph.recipes[rid].outputs:
            fire(rid, 1)
    while queue:
        item = queue.popleft()
        for rid, i in watchers.get(item, ()):
            flags = satisfied[rid]
            if flags[i]:
                continue
            flags[i] = True
            remaining[rid] -= 1
            if remaining[rid] == 0:
                critical[rid] = item
                fire(rid, steps[item] + 1)
    return Solution(steps, via, fired, satisfied)
