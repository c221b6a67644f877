"""Quest dependencies: raw ``dependencies`` values resolved to ids, and dependency cycles found.

As FTB Quests does, a dependency that is not a hex id, points at the quest itself, matches no object or an
object a quest cannot depend on is dropped; each is a problem row, and so is every cycle.
"""

from __future__ import annotations

from dataclasses import replace

from kit.ftb.reading import BookReader, _hex_id

__all__ = ["resolve_dependencies", "find_cycles"]


def resolve_dependencies(reader: BookReader) -> None:
    """Turn each quest's raw dependency values into ids; bad, self and unknown ones and cycles become rows."""
    book = reader.book
    types = book.object_types
    resolved: dict[str, tuple[str, ...]] = {}
    for quest_id, raw in reader.raw_deps.items():
        quest = book.quest_by_id[quest_id]
        path = reader.chapter_path(quest.chapter_id)
        deps: list[str] = []
        for value in raw:
            dep = _hex_id(value)
            if dep is None:
                reader.error(
                    "unknown_dependency",
                    quest_id,
                    "dependencies",
                    f"quest {quest_id}: dependency {value!r} is not a hex id; dropped",
                    path,
                )
            elif dep == quest_id:
                reader.error(
                    "self_dependency",
                    quest_id,
                    "dependencies",
                    f"quest {quest_id} depends on itself; dropped (as FTB does)",
                    path,
                )
            elif dep not in types or types[dep] == "file" or dep == quest.chapter_id:
                what = "matches no object" if dep not in types else f"is a {types[dep]} it cannot depend on"
                reader.error(
                    "unknown_dependency",
                    quest_id,
                    "dependencies",
                    f"quest {quest_id}: dependency {dep} {what}; dropped (as FTB does)",
                    path,
                )
            elif dep not in deps:
                deps.append(dep)
        resolved[quest_id] = tuple(deps)
    for quest_id, dep_ids in resolved.items():
        book.quest_by_id[quest_id] = replace(book.quest_by_id[quest_id], dependencies=dep_ids)
    for cycle in find_cycles({q: [d for d in deps if d in book.quest_by_id] for q, deps in resolved.items()}):
        shown = " -> ".join(cycle + [cycle[0]])
        reader.error(
            "dependency_cycle",
            cycle[0],
            "dependencies",
            f"dependency cycle {shown}: these quests can never become available",
            reader.chapter_path(book.quest_by_id[cycle[0]].chapter_id),
        )


def find_cycles(graph: dict[str, list[str]]) -> list[list[str]]:
    """Each elementary cycle found by an iterative DFS (one per strongly connected back edge), deterministic."""
    white, grey, black = 0, 1, 2
    colour = {node: white for node in graph}
    found: list[list[str]] = []
    for start in sorted(graph):
        if colour[start] != white:
            continue
        stack = [(start, iter(sorted(graph[start])))]
        path = [start]
        colour[start] = grey
        while stack:
            node, children = stack[-1]
            for child in children:
                if colour.get(child, black) == white:
                    colour[child] = grey
                    path.append(child)
                    stack.append((child, iter(sorted(graph[child]))))
                    break
                if colour.get(child) == grey:
                    cycle = path[path.index(child) :]
                    low = cycle.index(min(cycle))
                    found.append(cycle[low:] + cycle[:low])
            else:
                colour[node] = black
                stack.pop()
                path.pop()
    return sorted(found)
