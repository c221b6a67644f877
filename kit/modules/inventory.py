"""The module inventory: every module configuration, system, tag and catalog of a set of packs, and its problems.

:func:`build_inventory` checks the rules that span files (pure); :func:`kit.modules.read_modules` feeds it from disk.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from operator import attrgetter
from typing import NamedTuple

import pandas as pd

from kit.core.frames import frame
from kit.core.validation import nearest_names
from kit.items.tags import TagFile
from kit.modules.builtin import RESIDENT_CLIENT_ENTRIES
from kit.modules.checks import check_systems, pick_catalogs
from kit.modules.columns import CatalogPicks, catalogs_frame, systems_frame
from kit.modules.definitions import CATALOG_FIELDS, CATALOGS, CatalogEntry, ModuleConfig, SystemDefinition
from kit.modules.entries import ClientEntry, order_client_entries
from kit.modules.ids import sort_ids
from kit.modules.lints import lint_modules, unavailable_modules
from kit.modules.problems import Problem, problems_frame
from kit.modules.tags import RegistryTags, resolve_registry_tags

__all__ = [
    "ModuleInventory",
    "build_inventory",
    "CatalogPick",
    "MODULE_SCHEMA",
    "CLIENT_ENTRY_SCHEMA",
    "SYSTEM_SCHEMA",
    "CATALOG_SCHEMA",
    "CATALOG_ENTRY_SCHEMA",
    "TAG_SCHEMA",
    "CATALOG_DTYPE",
    "VIA_DTYPE",
]

CATALOG_DTYPE = pd.CategoricalDtype(list(CATALOGS), ordered=True)
VIA_DTYPE = pd.CategoricalDtype(["id", "tag", "all", "default"], ordered=True)
REF_KIND_DTYPE = pd.CategoricalDtype(["id", "tag"], ordered=True)

MODULE_SCHEMA = {
    "module_id": "string",
    "order": "int64",
    "order_is_default": "bool",
    "server_type": "string",
    "server_params": "string",
    "client": "string",
    "pack": "string",
    "path": "string",
}
PLACEMENT_DTYPE = pd.CategoricalDtype(["left", "top_right"], ordered=True)
CLIENT_ENTRY_SCHEMA = {
    "client_id": "string",
    "order": "int64",
    "rank": "int64",
    "module_ids": "object",
    "placement": PLACEMENT_DTYPE,
    "is_resident": "bool",
}
SYSTEM_SCHEMA = {
    "system_id": "string",
    "name": "string",
    "ref": "string",
    "ref_kind": REF_KIND_DTYPE,
    "module_id": "string",
    "required": "boolean",
    "condition": "string",
}
CATALOG_SCHEMA = {"catalog": CATALOG_DTYPE, "module_id": "string", "entry_id": "string", "via": VIA_DTYPE}
CATALOG_ENTRY_SCHEMA = {
    "catalog": CATALOG_DTYPE,
    "entry_id": "string",
    "data": "string",
    "pack": "string",
    "path": "string",
}
TAG_SCHEMA = {
    "registry": "string",
    "tag_id": "string",
    "member_id": "string",
    "required": "bool",
    "via": "string",
    "is_loaded": "bool",
}


class CatalogPick(NamedTuple):
    """One catalog entry a module configuration selects, and how (``id``, ``tag``, ``all``, ``default``).

    The shape of one ``catalogs()`` row. The inventory itself keeps one
    :class:`~kit.modules.columns.CatalogPicks` per configuration (a whole registry is not copied per entry).
    """

    catalog: str
    module_id: str
    entry_id: str
    via: str


class ModuleInventory:
    """Module configurations, systems, tags and catalogs of a set of packs, with the mistakes found in them.

    Built by :func:`kit.modules.read_modules`; every method returns a new DataFrame. ``in_registry_order=True``
    says the mappings are in registry order already (as :func:`build_inventory` passes them): they are not sorted
    again.
    """

    def __init__(
        self,
        modules: Mapping[str, ModuleConfig],
        systems: Mapping[str, SystemDefinition],
        entries: Mapping[str, Mapping[str, CatalogEntry]],
        module_tags: RegistryTags,
        catalog_tags: Mapping[str, RegistryTags],
        picks: Sequence[CatalogPicks],
        problems: Sequence[Problem],
        packs: Sequence[str],
        *,
        unavailable: Mapping[str, str] | None = None,
        in_registry_order: bool = False,
    ) -> None:
        if in_registry_order:  # build_inventory has sorted them already
            self._modules = dict(modules)
            self._systems = dict(systems)
            self._entries = {c: dict(entries.get(c, {})) for c in CATALOGS}
        else:
            self._modules = {m: modules[m] for m in sort_ids(modules)}
            self._systems = {s: systems[s] for s in sort_ids(systems)}
            self._entries = {c: {e: entries.get(c, {})[e] for e in sort_ids(entries.get(c, {}))} for c in CATALOGS}
        self._module_tags = module_tags
        self._catalog_tags = dict(catalog_tags)
        self._picks = list(picks)
        self._problems = list(problems)
        self._packs = list(packs)
        self._unavailable = dict(unavailable or {})

    def __repr__(self) -> str:
        n_err = sum(p.severity == "error" for p in self._problems)
        return (
            f"<ModuleInventory {len(self._packs)} packs: {len(self._modules)} modules, "
            f"{len(self._systems)} systems, "
            f"{sum(len(v) for v in self._entries.values())} catalog entries, {n_err} errors, "
            f"{len(self._problems) - n_err} warnings>"
        )

    # ------------------------------------------------------------------ accessors

    @property
    def packs(self) -> tuple[str, ...]:
        """Names of the packs read, in priority order (lowest first)."""
        return tuple(self._packs)

    @property
    def module_ids(self) -> tuple[str, ...]:
        """Module configuration ids in registry order."""
        return tuple(self._modules)

    def module(self, module_id: str) -> ModuleConfig:
        """The configuration ``module_id``.

        Raises
        ------
        UnknownModuleError
            When no pack defines it.
        """
        from kit.modules.errors import UnknownModuleError

        if module_id not in self._modules:
            near = nearest_names(module_id, self._modules, cutoff=0.6)
            raise UnknownModuleError(
                f"module configuration {module_id!r} is not defined by the read packs "
                f"({len(self._modules)} are; see inventory.modules())"
                + (f"; nearest: {', '.join(near)}" if near else "")
            )
        return self._modules[module_id]

    def is_available(self, module_id: str) -> bool:
        """Whether a configuration's type is available on the server (its optional mod is loaded, or mods unknown)."""
        return self.module(module_id).module_id not in self._unavailable

    def system(self, system_id: str) -> SystemDefinition:
        """The system ``system_id``.

        Raises
        ------
        UnknownSystemError
            When no pack defines it (the message lists the defined systems).
        """
        from kit.modules.errors import UnknownSystemError

        if system_id not in self._systems:
            raise UnknownSystemError(
                f"system {system_id!r} is not defined by the read packs (defined: {', '.join(self._systems) or 'none'})"
            )
        return self._systems[system_id]

    def module_tag_ids(self, tag_id: str) -> tuple[str, ...]:
        """The configuration ids of a loaded module tag (``()`` for a missing or failed tag)."""
        return self._module_tags.ids(tag_id)

    def system_module_ids(self, system_id: str, *, with_conditional: bool = True) -> tuple[str, ...]:
        """The module ids a system enables (direct ids that exist and loaded tag members), in written order.

        ``with_conditional=False`` leaves out references that carry a condition (the system's own condition
        applies to all of them and is not looked at).

        Raises
        ------
        UnknownSystemError
            When no pack defines the system.
        """
        system = self.system(system_id)
        out: list[str] = []
        for ref in system.refs:
            if not with_conditional and ref.condition:
                continue
            ids = self._module_tags.ids(ref.ref) if ref.is_tag else ((ref.ref,) if ref.ref in self._modules else ())
            out.extend(i for i in ids if i not in out)
        return tuple(out)

    @property
    def has_errors(self) -> bool:
        """Whether any problem is an error (the game would refuse the packs or drop a tag)."""
        return any(p.severity == "error" for p in self._problems)

    # ------------------------------------------------------------------ frames

    def modules(self) -> pd.DataFrame:
        """One row per module configuration, in registry order (Minecraft identifier order: path, then namespace).

        Returns
        -------
        pandas.DataFrame
            Columns ``module_id``, ``order`` (0 when missing or malformed), ``order_is_default``, ``server_type``
            (``<NA>`` for a client-only entry), ``server_params`` (JSON text of the server object without ``type``),
            ``client`` (``<NA>`` for a server-only entry), ``pack``, ``path``.
        """
        ms = list(self._modules.values())
        columns = {name: list(map(attrgetter(name), ms)) for name in MODULE_SCHEMA}  # column by column, in C
        columns["server_params"] = [m.server_params if m.server_type else None for m in ms]
        return frame(MODULE_SCHEMA, columns)

    def client_entry_list(self) -> list[ClientEntry]:
        """The client entries as records (see :meth:`client_entries`)."""
        return order_client_entries(
            ((m.module_id, m.order, m.client) for m in self._modules.values()),
            resident=RESIDENT_CLIENT_ENTRIES,
            in_id_order=True,  # self._modules is in registry order
        )

    def client_entries(self) -> pd.DataFrame:
        """The client's entry list, in display order.

        Configurations sharing a ``client`` form one entry whose order is the highest among them; entries are
        sorted by descending order, ties keep registry order; the resident local entries (settings, voice) are
        always there, and SETTINGS-class entries sit at the top right, after the left ones (see
        :mod:`kit.modules.entries`).

        Returns
        -------
        pandas.DataFrame
            Columns ``client_id``, ``order``, ``rank`` (1 = first), ``module_ids`` (tuple of configuration ids in
            registry order; empty for a resident entry no configuration names), ``placement`` (ordered ``left`` <
            ``top_right``), ``is_resident``; sorted by rank.
        """
        rows = [
            {
                "client_id": e.client_id,
                "order": e.order,
                "rank": e.rank,
                "module_ids": e.module_ids,
                "placement": e.placement,
                "is_resident": e.is_resident,
            }
            for e in self.client_entry_list()
        ]
        return frame(CLIENT_ENTRY_SCHEMA, rows)

    def systems(self) -> pd.DataFrame:
        """One row per module a system references: direct ids, and each member of a referenced tag.

        Returns
        -------
        pandas.DataFrame
            Columns ``system_id``, ``name``, ``ref`` (as written, ``#`` for tags), ``ref_kind`` (``id`` | ``tag``),
            ``module_id`` (``<NA>`` when a tag is missing, failed or empty), ``required`` (``False`` for a tag
            member written with ``required: false``; ``<NA>`` without a module), ``condition`` (JSON text of the
            reference's condition, or of the system's; a JSON list of both when both exist; ``""`` for none).
            Systems in registry order, references in written order.
        """
        return systems_frame(SYSTEM_SCHEMA, list(self._systems.values()), self._module_tags)

    def catalogs(self) -> pd.DataFrame:
        """The catalog entries each catalog module configuration selects.

        Returns
        -------
        pandas.DataFrame
            Columns ``catalog`` (``signin_rewards`` | ``shop_offers`` | ``lottery_pools``), ``module_id``,
            ``entry_id``, ``via`` (``id`` named directly, ``tag`` through a tag, ``all`` the field is omitted so
            the whole registry, ``default`` through ``#system:default``); sorted by catalog, module and entry.
            A module whose field is an empty list has no rows.
        """
        return catalogs_frame(CATALOG_SCHEMA, self._picks, {c: list(self._entries[c]) for c in CATALOGS})

    def catalog_entries(self) -> pd.DataFrame:
        """Every entry of the three catalog registries.

        Returns
        -------
        pandas.DataFrame
            Columns ``catalog``, ``entry_id``, ``data`` (the entry's JSON text), ``pack``, ``path``; sorted by
            catalog, then registry order.
        """
        rows = [
            {"catalog": c, "entry_id": e.entry_id, "data": e.data, "pack": e.pack, "path": e.path}
            for c in CATALOGS
            for e in self._entries[c].values()
        ]
        return frame(CATALOG_ENTRY_SCHEMA, rows)

    def tags(self) -> pd.DataFrame:
        """Members of every module tag and catalog tag (a failed tag has one row without a member).

        Returns
        -------
        pandas.DataFrame
            Columns ``registry`` (``system_module`` or a catalog), ``tag_id`` (with ``#``), ``member_id``,
            ``required``, ``via`` (the nested tag it came through, ``""`` when listed directly), ``is_loaded``
            (False for a failed tag); sorted by registry, tag and written order.
        """
        rows = []
        for registry, tags in [("system_module", self._module_tags)] + [(c, self._catalog_tags[c]) for c in CATALOGS]:
            for tag_id in sort_ids(tags.files):
                members = tags.members.get(tag_id, ())
                for m in members:
                    rows.append(
                        {
                            "registry": registry,
                            "tag_id": "#" + tag_id,
                            "member_id": m.member_id,
                            "required": m.required,
                            "via": "#" + m.via if m.via else "",
                            "is_loaded": True,
                        }
                    )
                if tag_id in tags.failed:
                    rows.append(
                        {
                            "registry": registry,
                            "tag_id": "#" + tag_id,
                            "member_id": None,
                            "required": True,
                            "via": "",
                            "is_loaded": False,
                        }
                    )
        return frame(TAG_SCHEMA, rows)

    def problems(self) -> pd.DataFrame:
        """Every mistake found, in the shared problems shape.

        Returns
        -------
        pandas.DataFrame
            Columns ``severity`` (ordered ``warning`` < ``error``), ``kind`` (see :mod:`kit.modules.problems`),
            ``object_id`` (module, system, ``#tag`` or catalog entry), ``field`` (``server.type``, ``modules[2]``,
            ``values`` ...), ``message``, ``path`` (inside the pack), ``pack``; errors first, then pack priority
            order, path, object and field.
        """
        return problems_frame(self._problems, self._packs)


def build_inventory(
    modules: Mapping[str, ModuleConfig],
    systems: Mapping[str, SystemDefinition],
    entries: Mapping[str, Mapping[str, CatalogEntry]],
    module_tag_files: Sequence[TagFile],
    catalog_tag_files: Mapping[str, Sequence[TagFile]],
    file_problems: Sequence[Problem],
    packs: Sequence[str],
    *,
    server_types: Iterable[str],
    client_ids: Iterable[str],
    mods: Iterable[str] | None = None,
) -> ModuleInventory:
    """Check the rules that span files and assemble the inventory (pure).

    ``modules``, ``systems`` and ``entries`` hold the winning (top-pack) definition of each id; tag files are in
    pack priority order; ``file_problems`` are those found while parsing single files.
    """
    problems = list(file_problems)
    known_types = set(server_types)
    known_clients = set(client_ids)
    module_tags = resolve_registry_tags(module_tag_files, modules, registry="module")
    problems.extend(module_tags.problems)
    catalog_tags = {}
    for c in CATALOGS:
        catalog_tags[c] = resolve_registry_tags(catalog_tag_files.get(c, ()), entries.get(c, {}), registry=c)
        problems.extend(catalog_tags[c].problems)
    picks: list[CatalogPicks] = []
    registries = {c: {e: entries.get(c, {})[e] for e in sort_ids(entries.get(c, {}))} for c in CATALOGS}
    module_order = sort_ids(modules)
    tag_picks: dict[str, dict[str, dict[str, str]]] = {c: {} for c in CATALOGS}
    for module_id in module_order:
        m = modules[module_id]
        if m.server_type is not None and m.server_type not in known_types:
            problems.append(
                Problem(
                    "unknown_server_type",
                    module_id,
                    "server.type",
                    f"{m.server_type} is not a registered server module type (known: "
                    f"{', '.join(sort_ids(known_types))})",
                    m.path,
                    m.pack,
                )
            )
        if m.client is not None and m.client not in known_clients:
            problems.append(
                Problem(
                    "unknown_client",
                    module_id,
                    "client",
                    f"{m.client} is not a known client implementation: players get no UI for it",
                    m.path,
                    m.pack,
                )
            )
        if m.server_type is not None and m.server_type in CATALOG_FIELDS:
            field, catalog = CATALOG_FIELDS[m.server_type]
            picks.append(
                pick_catalogs(
                    m, field, catalog, registries[catalog], catalog_tags[catalog], problems, tag_picks[catalog]
                )
            )
    check_systems(systems, modules, module_tags, problems, module_order)
    problems.extend(lint_modules(modules, mods))
    return ModuleInventory(
        {m: modules[m] for m in module_order},
        {s: systems[s] for s in sort_ids(systems)},
        registries,
        module_tags,
        catalog_tags,
        picks,
        problems,
        packs,
        unavailable=unavailable_modules(modules, mods),
        in_registry_order=True,
    )
