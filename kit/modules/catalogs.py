"""What a player may pick from a catalog: the union over the player's enabled catalog configurations (pure)."""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd

from kit.core.frames import frame
from kit.modules.definitions import CATALOGS
from kit.modules.errors import UnknownCatalogError
from kit.modules.ids import id_order
from kit.modules.inventory import CATALOG_DTYPE, ModuleInventory

__all__ = ["player_catalog", "PLAYER_CATALOG_SCHEMA"]

PLAYER_CATALOG_SCHEMA = {"catalog": CATALOG_DTYPE, "entry_id": "string", "n_modules": "int64", "module_ids": "object"}


def player_catalog(
    inventory: ModuleInventory, enabled_module_ids: Iterable[str], *, catalog: str = "shop_offers"
) -> pd.DataFrame:
    """The catalog entries a player with these enabled configurations may use.

    The design merges catalog permissions over every enabled configuration of the catalog's type (not only the
    one a workflow runs with), so the result is the union of what each selects.

    Parameters
    ----------
    inventory : ModuleInventory
    enabled_module_ids : iterable of str
        The player's enabled module configuration ids (from systems, manual additions, core modules ...).
    catalog : {"signin_rewards", "shop_offers", "lottery_pools"}, default="shop_offers"

    Returns
    -------
    pandas.DataFrame
        Columns ``catalog``, ``entry_id``, ``n_modules`` (how many enabled configurations grant it),
        ``module_ids`` (tuple of them, in id order); sorted by entry id in registry order.

    Raises
    ------
    UnknownCatalogError
        When ``catalog`` is not one of the three catalogs.
    UnknownModuleError
        When an enabled id is not a module configuration of the inventory.
    """
    if catalog not in CATALOGS:
        raise UnknownCatalogError(
            f"The 'catalog' parameter of player_catalog must be one of {', '.join(CATALOGS)}. Got {catalog!r} instead."
        )
    if isinstance(enabled_module_ids, str):
        enabled_module_ids = [enabled_module_ids]
    enabled = set()
    for module_id in enabled_module_ids:
        enabled.add(inventory.module(module_id).module_id)  # raises UnknownModuleError
    picks = inventory.catalogs()
    picks = picks[(picks["catalog"] == catalog) & picks["module_id"].isin(enabled)]
    grants: dict[str, list[str]] = {}
    for entry_id, module_id in zip(picks["entry_id"], picks["module_id"]):
        grants.setdefault(entry_id, []).append(module_id)
    rows = [
        {
            "catalog": catalog,
            "entry_id": e,
            "n_modules": len(set(grants[e])),
            "module_ids": tuple(sorted(set(grants[e]), key=id_order)),
        }
        for e in sorted(grants, key=id_order)
    ]
    return frame(PLAYER_CATALOG_SCHEMA, rows)
