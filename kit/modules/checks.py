"""Checks of the inventory that span files: what catalog configurations select, and what systems enable (pure).

Called by :func:`kit.modules.inventory.build_inventory`; each appends its problems to the list it is given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kit.modules.builtin import DEFAULT_CATALOG_TAG
from kit.modules.columns import CatalogPicks
from kit.modules.definitions import CatalogEntry, ModuleConfig, SystemDefinition
from kit.modules.problems import Problem
from kit.modules.tags import RegistryTags

__all__ = ["pick_catalogs", "check_systems"]


def pick_catalogs(
    module: ModuleConfig,
    field: str,
    catalog: str,
    entries: Mapping[str, CatalogEntry],
    tags: RegistryTags,
    problems: list[Problem],
    tag_picks: dict[str, dict[str, str]],
) -> CatalogPicks:
    """The entries ``module`` selects; ``tag_picks`` caches each tag's ``{member: via}`` across the configurations
    of one catalog (they share a few tags).
    """
    if module.selection is None:
        return CatalogPicks(catalog, module.module_id, None, ())
    picks: dict[str, str] = {}
    for ref in module.selection:
        if ref[0] != "#":
            if ref in entries:
                picks.setdefault(ref, "id")
                continue
            problems.append(
                Problem(
                    "unknown_catalog_entry",
                    module.module_id,
                    f"server.{field}",
                    f"{catalog} entry {ref} is not defined by any pack",
                    module.path,
                    module.pack,
                )
            )
            continue
        if not tags.defined(ref):
            problems.append(
                Problem(
                    "dangling_tag",
                    module.module_id,
                    f"server.{field}",
                    f"{catalog} tag {ref} is not defined: it selects nothing",
                    module.path,
                    module.pack,
                )
            )
        elif ref[1:] in tags.failed:
            problems.append(
                Problem(
                    "dangling_tag",
                    module.module_id,
                    f"server.{field}",
                    f"{catalog} tag {ref} failed to load: it selects nothing",
                    module.path,
                    module.pack,
                )
            )
        members = tag_picks.get(ref)
        if members is None:
            members = tag_picks[ref] = dict.fromkeys(tags.ids(ref), "default" if ref == DEFAULT_CATALOG_TAG else "tag")
        if not picks:
            picks = dict(members)
        elif len(members) == 1:
            for entry_id, via in members.items():
                picks.setdefault(entry_id, via)
        elif members:  # the first via of an entry stays, new entries follow in written order (no loop per entry)
            picks = {**picks, **{**members, **picks}}
    return CatalogPicks(catalog, module.module_id, tuple(picks), tuple(picks.values()))


def check_systems(
    systems: Mapping[str, SystemDefinition],
    modules: Mapping[str, ModuleConfig],
    tags: RegistryTags,
    problems: list[Problem],
    module_order: Sequence[str],
) -> None:
    """Append the problems of ``systems`` to ``problems``: dangling tags, unknown module ids, and configurations of
    one server type enabled together without conditions (``module_order``: the configuration ids in registry order).
    """
    # configurations as (server type, rank in module_order): int sets merge and sort (into id order) without a key
    # function; client-only configurations have no type and are left out
    typed: dict[str, tuple[str, int]] = {}
    for i, module_id in enumerate(module_order):
        t = modules[module_id].server_type
        if t is not None:
            typed[module_id] = (t, i)
    tag_types: dict[str, dict[str, set[int]]] = {}  # a tag's members by type (first-seen order), grouped once per tag
    for s in systems.values():
        unconditional: dict[str, set[int]] = {}
        for i, ref in enumerate(s.refs):
            name = ref.ref
            if name[0] == "#":
                if not tags.defined(name):
                    problems.append(
                        Problem(
                            "dangling_tag",
                            s.system_id,
                            f"modules[{i}]",
                            f"module tag {name} is not defined: it enables nothing",
                            s.path,
                            s.pack,
                        )
                    )
                elif name[1:] in tags.failed:
                    problems.append(
                        Problem(
                            "dangling_tag",
                            s.system_id,
                            f"modules[{i}]",
                            f"module tag {name} failed to load: it enables nothing",
                            s.path,
                            s.pack,
                        )
                    )
                if ref.condition:
                    continue
                by_type = tag_types.get(name)
                if by_type is None:
                    by_type = tag_types[name] = {}
                    for member in tags.ids(name):
                        tr = typed.get(member)
                        if tr is not None:
                            by_type.setdefault(tr[0], set()).add(tr[1])
                for t, ranks in by_type.items():
                    have = unconditional.get(t)
                    if have is None:
                        unconditional[t] = set(ranks)
                    else:
                        have |= ranks
            elif name not in modules:
                problems.append(
                    Problem(
                        "unknown_module",
                        s.system_id,
                        f"modules[{i}]",
                        f"module configuration {name} is not defined by any pack (the game refuses the system)",
                        s.path,
                        s.pack,
                    )
                )
            elif not ref.condition:
                tr = typed.get(name)
                if tr is not None:
                    have = unconditional.get(tr[0])
                    if have is None:
                        unconditional[tr[0]] = {tr[1]}
                    else:
                        have.add(tr[1])
        for t, ids in unconditional.items():
            if len(ids) > 1:
                ranked = list(map(module_order.__getitem__, sorted(ids)))
                problems.append(
                    Problem(
                        "overlapping_candidates",
                        s.system_id,
                        "modules",
                        f"enables {len(ids)} configurations of {t} without conditions ({', '.join(ranked)}): "
                        f"a player with all of them runs {ranked[0]} (first by id); make the conditions exclusive",
                        s.path,
                        s.pack,
                    )
                )
