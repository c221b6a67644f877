"""The client's entry list, ordered as the design's ``ClientModuleBindingsCache`` orders it (pure).

Configurations are grouped by ``client`` id (each UI is set up once); a group takes the highest ``order`` among its
configurations; groups are sorted by descending order, and equal orders keep their original order, which is the
registry order of the group's first configuration (Minecraft's identifier order: path, then namespace).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from kit.modules.ids import id_order

__all__ = ["ClientEntry", "order_client_entries"]


@dataclass(frozen=True)
class ClientEntry:
    """One entry of the client's bar: its implementation, effective order, rank (from 1) and configurations."""

    client_id: str
    order: int
    rank: int
    module_ids: tuple[str, ...]


def order_client_entries(configs: Iterable[tuple[str, int, str | None]]) -> list[ClientEntry]:
    """Order ``(module_id, order, client_id)`` triples into client entries (configs without a client are skipped)."""
    groups: dict[str, list[tuple[str, int]]] = {}
    for module_id, order, client in sorted(configs, key=lambda c: id_order(c[0])):
        if client is not None:
            groups.setdefault(client, []).append((module_id, order))
    ordered = sorted(groups.items(), key=lambda g: -max(o for _, o in g[1]))  # stable: ties keep registry order
    return [ClientEntry(client, max(o for _, o in members), rank, tuple(m for m, _ in members))
            for rank, (client, members) in enumerate(ordered, start=1)]
