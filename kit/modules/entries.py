"""The client's entry bar, ordered as the design's ``ClientModuleBindingsCache`` orders it (pure).

Configurations are grouped by ``client`` id (each UI is set up once); a group takes the highest ``order`` among its
configurations; groups are sorted by descending order, and equal orders keep their original order, which is the
registry order of the group's first configuration (Minecraft's identifier order: path, then namespace).

Resident local entries (settings and voice: "聊天、设置、语音以及基础界面操作由客户端本地目录常驻") are always on the
bar with an empty list of configurations, usable before the registries sync; a configuration with the same client id
gives them its order ("本地常驻入口读取同 ID 的定义"). SETTINGS-class entries sit at the top right of the bar, every
other entry on the left ("SETTINGS 类入口统一放到右上角，其他入口直接排列在左侧"): left entries come first, then the top
right ones, each part in descending order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kit.modules.builtin import SETTINGS_CLIENT_IDS
from kit.modules.ids import id_order

__all__ = ["ClientEntry", "order_client_entries", "PLACEMENTS"]

#: Where an entry sits on the bar, in display order.
PLACEMENTS = ("left", "top_right")


@dataclass(frozen=True)
class ClientEntry:
    """One entry of the client's bar: its implementation, effective order, rank (from 1), configurations, placement
    (``left`` or ``top_right``) and whether it is resident in the client's local catalog.
    """

    client_id: str
    order: int
    rank: int
    module_ids: tuple[str, ...]
    placement: str = "left"
    is_resident: bool = False


def order_client_entries(
    configs: Iterable[tuple[str, int, str | None]],
    *,
    resident: Iterable[str] = (),
    settings: Iterable[str] = SETTINGS_CLIENT_IDS,
    in_id_order: bool = False,
) -> list[ClientEntry]:
    """Order ``(module_id, order, client_id)`` triples into client entries (configs without a client are skipped),
    with ``resident`` entries added (the inventory passes :data:`~kit.modules.builtin.RESIDENT_CLIENT_ENTRIES`).
    ``in_id_order=True`` says the triples come in registry order already (as an inventory holds them): they are not
    sorted again.
    """
    groups: dict[str, list[tuple[str, int]]] = {}
    if not in_id_order:
        configs = sorted(configs, key=lambda c: id_order(c[0]))
    for module_id, order, client in configs:
        if client is not None:
            groups.setdefault(client, []).append((module_id, order))
    resident = tuple(resident)
    for client in resident:
        groups.setdefault(client, [])
    settings = set(settings)

    def order_of(members: list[tuple[str, int]]) -> int:
        return max((o for _, o in members), default=0)

    ordered = sorted(groups.items(), key=lambda g: (g[0] in settings, -order_of(g[1])))  # stable: ties keep order
    return [
        ClientEntry(
            client,
            order_of(members),
            rank,
            tuple(m for m, _ in members),
            "top_right" if client in settings else "left",
            client in resident,
        )
        for rank, (client, members) in enumerate(ordered, start=1)
    ]
