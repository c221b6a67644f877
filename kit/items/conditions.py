"""Mod-loader conditions on data files (pure logic, no file access).

NeoForge (``neoforge:conditions``), Forge (``forge:conditions``, and the older top-level ``conditions`` of recipes)
and Fabric (``fabric:load_conditions``) let a data file say when it is loaded; Forge's ``forge:conditional`` recipe
wrapper picks the first of several recipes whose conditions pass. Conditions are evaluated with three values:
``True`` (passes), ``False`` (fails: the game does not load the file) and ``None`` (kit cannot tell: a condition
type it does not know, or mods that were not given). ``and`` / ``or`` / ``not`` follow Kleene's logic, so a known
failure still decides an ``and`` holding an unknown condition.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from kit.items._common import norm_id

__all__ = ["ConditionContext", "Verdict", "CONDITION_KEYS", "file_conditions", "evaluate", "unwrap_conditional"]

#: Keys that hold a file's load conditions, in the order they are looked up.
CONDITION_KEYS = ("neoforge:conditions", "forge:conditions", "fabric:load_conditions")

_CONDITIONAL_TYPES = ("forge:conditional", "neoforge:conditional")


@dataclass(frozen=True)
class ConditionContext:
    """What conditions are evaluated against.

    ``mods`` is the set of loaded mod ids (``None``: unknown, so ``mod_loaded`` is undecided); ``tag_items(tag)``
    returns a tag's items or ``None`` when tags are not known yet; ``item_exists(item)`` returns ``True``,
    ``False`` or ``None``.
    """

    mods: frozenset[str] | None = None
    tag_items: Callable[[str], tuple[str, ...] | None] = lambda tag: None
    item_exists: Callable[[str], bool | None] = lambda item: None


@dataclass(frozen=True)
class Verdict:
    """The outcome for one file: ``met`` (True / False / None), a readable summary and notes on unknowns."""

    met: bool | None
    summary: str
    notes: tuple[str, ...] = ()


def file_conditions(data: Any) -> tuple[str, list] | None:
    """The ``(key, conditions)`` a file's JSON carries, or ``None`` when it has none."""
    if not isinstance(data, dict):
        return None
    for key in CONDITION_KEYS:
        if key in data:
            value = data[key]
            return key, value if isinstance(value, list) else [value]
    legacy = data.get("conditions")  # Forge 1.16-1.20 recipes: a top-level list of typed conditions
    if (
        isinstance(legacy, list)
        and legacy
        and all(
            isinstance(c, dict)
            and isinstance(c.get("type"), str)
            and c["type"].split(":", 1)[0] in ("forge", "neoforge")
            for c in legacy
        )
    ):
        return "conditions", legacy
    return None


def _and(values: list[bool | None]) -> bool | None:
    result: bool | None = True
    for v in values:  # a loop, not any() over generators: this runs once per conditional file
        if v is False:
            return False
        if v is None:
            result = None
    return result


def _or(values: list[bool | None]) -> bool | None:
    result: bool | None = False
    for v in values:
        if v is True:
            return True
        if v is None:
            result = None
    return result


def _not(value: bool | None) -> bool | None:
    return None if value is None else not value


def _one(cond: Any, ctx: ConditionContext, notes: list[str]) -> tuple[bool | None, str]:
    if not isinstance(cond, dict):
        notes.append(f"unreadable condition {cond!r}")
        return None, "?"
    ctype = cond.get("type", cond.get("condition"))
    if not isinstance(ctype, str):
        notes.append(f"condition without a type: {sorted(cond)}")
        return None, "?"
    ctype = norm_id(ctype)
    ns, name = ctype.split(":", 1)
    if ns not in ("forge", "neoforge", "fabric", "minecraft"):
        notes.append(f"condition type {ctype} is unknown to kit")
        return None, ctype
    if name == "mod_loaded":  # by far the most common condition: tested first
        mod = str(cond.get("modid", cond.get("mod", "")))
        return (None if ctx.mods is None else mod in ctx.mods), f"mod_loaded({mod})"
    if name in ("true", "false"):
        return name == "true", name
    if name == "not":
        v, s = _one(cond.get("value"), ctx, notes)
        return _not(v), f"not({s})"
    if name in ("and", "or", "all_of", "any_of") and not (ns == "fabric" and name in ("all_of", "any_of")):
        parts = [_one(c, ctx, notes) for c in (cond.get("values") or [])]
        v = (_and if name in ("and", "all_of") else _or)([p[0] for p in parts])
        return v, f"{name}({', '.join(p[1] for p in parts)})"
    if name in ("all_mods_loaded", "any_mods_loaded"):
        mods = [str(m) for m in (cond.get("values") or [])]
        vals = [None if ctx.mods is None else m in ctx.mods for m in mods]
        return (_and if name.startswith("all") else _or)(vals), f"{name}({', '.join(mods)})"
    if name == "item_exists":
        item = norm_id(str(cond.get("item", "")))
        return ctx.item_exists(item), f"item_exists({item})"
    if name in ("tag_empty", "tags_populated"):
        tags = [norm_id(str(t).lstrip("#")) for t in ([cond["tag"]] if "tag" in cond else (cond.get("values") or []))]
        registry = str(cond.get("registry", "minecraft:item"))
        if norm_id(registry) != "minecraft:item":
            notes.append(f"{name} on registry {registry} is not checked by kit")
            return None, f"{name}({', '.join(tags)})"
        filled = [None if ctx.tag_items(t) is None else bool(ctx.tag_items(t)) for t in tags]
        if name == "tag_empty":
            verdict = _not(_and(filled)) if len(filled) == 1 else _and([_not(f) for f in filled])
            return verdict, f"tag_empty({', '.join(tags)})"
        return _and(filled), f"tags_populated({', '.join(tags)})"
    notes.append(f"condition type {ctype} is unknown to kit")
    return None, ctype


def evaluate(conditions: list, ctx: ConditionContext) -> Verdict:
    """Evaluate a file's list of conditions (all must pass).

    Returns
    -------
    Verdict
        ``met`` is True, False or None (undecided); ``notes`` explain each undecided part.
    """
    notes: list[str] = []
    mets: list[bool | None] = []
    summaries: list[str] = []
    for cond in conditions:
        met, summary = _one(cond, ctx, notes)
        mets.append(met)
        summaries.append(summary)
    met = _and(mets)
    if met is None and ctx.mods is None and any("mod_loaded" in s or "mods_loaded" in s for s in summaries):
        notes.append("the loaded mods were not given, so mod_loaded conditions are undecided")
    return Verdict(met, ", ".join(summaries), tuple(dict.fromkeys(notes)) if notes else ())


def unwrap_conditional(data: Mapping[str, Any], ctx: ConditionContext) -> tuple[Any, Verdict] | None:
    """For a ``forge:conditional`` wrapper, the first inner recipe whose conditions pass (or are undecided).

    Returns ``None`` when ``data`` is not such a wrapper; ``(None, verdict)`` when every branch fails.
    """
    if not isinstance(data, dict):
        return None
    rtype = data.get("type", "")
    if type(rtype) is str and "conditional" not in rtype:  # every ordinary recipe: no id to normalise
        return None
    if norm_id(str(rtype)) not in _CONDITIONAL_TYPES:
        return None
    branches = data.get("recipes")
    if not isinstance(branches, list):
        return None, Verdict(False, "conditional without 'recipes'", ("a conditional wrapper needs a 'recipes' list",))
    summaries = []
    for branch in branches:
        if not isinstance(branch, dict):
            continue
        conds = branch.get("conditions", [])
        verdict = evaluate(conds if isinstance(conds, list) else [conds], ctx)
        summaries.append(verdict.summary)
        if verdict.met is not False:
            return branch.get("recipe"), verdict
    return None, Verdict(False, " | ".join(summaries) or "no branches")
