"""Why each entry did or did not fire in a SillyTavern scenario: the simulator's outcomes as kit's frame."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kit.core.frames import frame
from kit.worldbook.engine.reasons import WHY_SCHEMA
from kit.worldbook.sillytavern.jsregex import MATCH_TIMEOUT_S, TIME_BUDGET_S
from kit.worldbook.sillytavern.simulator import simulate

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["why"]


def why(
    scenario: Mapping[str, Any], *, regex_timeout: float = MATCH_TIMEOUT_S, regex_budget: float = TIME_BUDGET_S
) -> pd.DataFrame:
    """Run a scenario through :func:`~kit.worldbook.sillytavern.simulate` and return every entry's outcome per step.

    Parameters
    ----------
    scenario : dict
        As for :func:`~kit.worldbook.sillytavern.simulate`.
    regex_timeout, regex_budget : float
        As for :func:`~kit.worldbook.sillytavern.simulate`.

    Returns
    -------
    DataFrame
        One row per entry in play and step, in step order then SillyTavern's sorted order: ``turn`` (the step,
        0-based), ``book`` (the world name), ``uid``, ``entry_id`` (``"<book>/<uid>"``, as in kit's other
        frames; the simulator's own output says ``"<book>.<uid>"``), ``outcome`` (ordered categorical
        :data:`kit.worldbook.engine.reasons.OUTCOMES`), ``detail`` (the simulator's reason) and ``near_miss`` (see
        :mod:`kit.worldbook.sillytavern.outcomes`).
    """
    result = simulate(scenario, outcomes=True, regex_timeout=regex_timeout, regex_budget=regex_budget)
    rows = [
        {
            "turn": t,
            "book": o["book"],
            "uid": o["uid"],
            "entry_id": f"{o['book']}/{o['uid']}",
            "outcome": o["outcome"],
            "detail": o["detail"],
            "near_miss": o["near_miss"],
        }
        for t, step in enumerate(result["steps"])
        for o in step["outcomes"]
    ]
    return frame(WHY_SCHEMA, rows)
