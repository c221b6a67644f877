"""A player's enabled module configurations, as the design computes them (pure).

The set is: every installed core configuration (types implementing ``CoreModule`` are always enabled for bound
players and cannot be removed), plus the configurations of the player's systems whose conditions pass (the system's
own condition, then each reference's), plus manual additions, minus manual removals (``/system module add/remove``).
Configurations whose type is unavailable on the server (the FTB module without FTB Quests) are never enabled.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from kit.core.errors import InvalidParameterError
from kit.core.frames import frame, ordered
from kit.modules.builtin import CORE_TYPES
from kit.modules.ids import sort_ids
from kit.modules.inventory import ModuleInventory

__all__ = [
    "Player",
    "enabled_modules",
    "has_module",
    "evaluate_condition",
    "ENABLED_SCHEMA",
    "CONDITION_TYPES",
    "UnknownConditionError",
]

#: How a configuration came to be enabled.
SOURCES = ("core", "system", "manual")
#: Columns of :func:`enabled_modules`.
ENABLED_SCHEMA = {
    "module_id": "string",
    "source": ordered(SOURCES),
    "system_id": "string",
    "server_type": "string",
    "client": "string",
}
#: The condition types kit evaluates.
CONDITION_TYPES = ("system:permission", "system:date_between", "system:all_of", "system:any_of", "system:not")


class UnknownConditionError(InvalidParameterError):
    """A condition type kit cannot evaluate: pass ``condition=`` to :func:`enabled_modules` for it."""


@dataclass(frozen=True)
class Player:
    """What the enabled set depends on: the player's systems, permissions, manual additions and removals, the date.

    ``date`` is ``"MM-DD"`` (for ``system:date_between``); ``""`` makes date conditions fail.
    """

    systems: tuple[str, ...] = ()
    permissions: frozenset[str] = field(default_factory=frozenset)
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    date: str = ""


def evaluate_condition(condition: Any, player: Player) -> bool:
    """Whether a condition (parsed JSON; a list means all of them) passes for the player.

    Raises
    ------
    UnknownConditionError
        For a type kit does not know (the message lists the known ones).
    """
    if condition in (None, "", {}):
        return True
    if isinstance(condition, list):
        return all(evaluate_condition(c, player) for c in condition)
    kind = condition.get("type") if isinstance(condition, dict) else None
    if kind == "system:permission":
        return condition.get("permission") in player.permissions
    if kind == "system:date_between":
        start, end, day = str(condition.get("from", "")), str(condition.get("to", "")), player.date
        if not day:
            return False
        return start <= day <= end if start <= end else (day >= start or day <= end)
    if kind in ("system:all_of", "system:any_of"):
        terms = condition.get("terms", [])
        results = [evaluate_condition(t, player) for t in terms]
        return all(results) if kind == "system:all_of" else any(results)
    if kind == "system:not":
        return not evaluate_condition(condition.get("term"), player)
    raise UnknownConditionError(
        f"condition type {kind!r} is not one kit evaluates (known: "
        f"{', '.join(CONDITION_TYPES)}); pass condition=... to enabled_modules"
    )


def enabled_modules(
    inventory: ModuleInventory, player: Player, *, condition: Callable[[Any, Player], bool] | None = None
) -> pd.DataFrame:
    """The player's enabled module configurations (see the module docstring).

    Parameters
    ----------
    inventory : ModuleInventory
    player : Player
    condition : callable, optional
        ``condition(parsed_json, player) -> bool`` for condition types kit does not know (default
        :func:`evaluate_condition`).

    Returns
    -------
    pandas.DataFrame
        Columns ``module_id``, ``source`` (ordered: ``core`` < ``system`` < ``manual``; the first that enabled it),
        ``system_id`` (the first system enabling it, ``""`` otherwise), ``server_type``, ``client``; in registry order.

    Raises
    ------
    UnknownSystemError, UnknownModuleError
        When the player names a system or module no pack defines.
    """
    check = condition or evaluate_condition
    found: dict[str, tuple[str, str]] = {}
    for module_id in inventory.module_ids:
        if inventory.module(module_id).server_type in CORE_TYPES:
            found[module_id] = ("core", "")
    for system_id in player.systems:
        system = inventory.system(system_id)
        if not check(_parse(system.condition), player):
            continue
        for ref in system.refs:
            if ref.condition and not check(_parse(ref.condition), player):
                continue
            ids: Iterable[str] = (
                inventory.module_tag_ids(ref.ref)
                if ref.is_tag
                else ((ref.ref,) if ref.ref in inventory.module_ids else ())
            )
            for module_id in ids:
                found.setdefault(module_id, ("system", system_id))
    for module_id in player.added:
        found.setdefault(inventory.module(module_id).module_id, ("manual", ""))
    for module_id in player.removed:
        if found.get(inventory.module(module_id).module_id, ("core",))[0] != "core":
            found.pop(module_id, None)
    rows = []
    for module_id in sort_ids(found):
        if not inventory.is_available(module_id):
            continue
        m = inventory.module(module_id)
        rows.append((module_id, found[module_id][0], found[module_id][1], m.server_type, m.client))
    return frame(ENABLED_SCHEMA, rows)


def has_module(inventory: ModuleInventory, player: Player, module_id: str) -> bool:
    """The design's ``has_module``: whether the configuration is in the player's enabled set."""
    inventory.module(module_id)  # raises UnknownModuleError
    return module_id in set(enabled_modules(inventory, player)["module_id"])


def _parse(text: str) -> Any:
    return json.loads(text) if text else None
