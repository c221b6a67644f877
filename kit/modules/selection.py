"""Configurations that share a server type: the candidates the design chooses between (pure).

When a player has several configurations of one type enabled, the workflow runs with the first by module
instance id (Minecraft identifier order: path, then namespace); catalogs are merged over all of them instead.
"""

from __future__ import annotations

import pandas as pd

from kit.core.frames import frame
from kit.modules.ids import id_order
from kit.modules.inventory import ModuleInventory

__all__ = ["candidates", "CANDIDATE_SCHEMA"]

CANDIDATE_SCHEMA = {"server_type": "string", "module_id": "string", "rank": "int64", "n_candidates": "int64"}


def candidates(inventory: ModuleInventory) -> pd.DataFrame:
    """Server types with more than one configuration, and the order the design picks them in.

    Returns
    -------
    pandas.DataFrame
        Columns ``server_type``, ``module_id``, ``rank`` (1 = chosen when a player has all of them enabled),
        ``n_candidates``; sorted by server type and rank.
    """
    by_type: dict[str, list[str]] = {}
    for module_id in inventory.module_ids:
        t = inventory.module(module_id).server_type
        if t is not None:
            by_type.setdefault(t, []).append(module_id)
    rows: list[dict[str, object]] = []
    for t in sorted(by_type):
        ids = sorted(by_type[t], key=id_order)
        if len(ids) > 1:
            rows.extend(
                {"server_type": t, "module_id": m, "rank": i, "n_candidates": len(ids)}
                for i, m in enumerate(ids, start=1)
            )
    return frame(CANDIDATE_SCHEMA, rows)
