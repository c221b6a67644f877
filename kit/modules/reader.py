"""``read_modules``: read every module, system, tag and catalog definition of a set of packs.

Registry entries follow the game's override rule: for one id only the file of the highest-priority pack is read.
Tag files of every pack are read and merged (see :mod:`kit.modules.tags`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from typing import Any

from kit.core.collector import building_tables
from kit.items import PackFileRefusedError, PackFiles, PackSet
from kit.items.packs import decode_pack_json
from kit.items.tags import TagFile, parse_tag_file
from kit.modules.builtin import CLIENT_IDS, SERVER_TYPES
from kit.modules.definitions import (
    CATALOGS,
    CatalogEntry,
    ModuleConfig,
    SystemDefinition,
    parse_catalog_entry,
    parse_module,
    parse_system,
)
from kit.modules.errors import ModuleDefinitionError
from kit.modules.inventory import ModuleInventory, build_inventory
from kit.modules.lints import lint_folders
from kit.modules.packs import MAX_FILE_BYTES, LoadsDatapacks, open_packs
from kit.modules.problems import Problem

__all__ = ["read_modules", "REGISTRIES"]

#: The registries read, as ``data/<ns>/system/<registry>/`` folders.
REGISTRIES = ("system_module", "system") + CATALOGS

_ENTRY_RE = re.compile(r"^data/([^/]+)/system/(" + "|".join(REGISTRIES) + r")/(.+)\.json$")
_TAG_RE = re.compile(r"^data/([^/]+)/tags/system/(" + "|".join(("system_module",) + CATALOGS) + r")/(.+)\.json$")
# _ENTRY_RE for a path whose namespace and name already satisfy _NS_RE and _PATH_RE (no second check needed).
_VALID_ENTRY_RE = re.compile(r"^data/([a-z0-9_.-]+)/system/(" + "|".join(REGISTRIES) + r")/([a-z0-9_./-]+)\.json\Z")
_NS_RE = re.compile(r"^[a-z0-9_.-]+\Z")
_PATH_RE = re.compile(r"^[a-z0-9_./-]+\Z")


def _load(pack: PackFiles, rel: str, object_id: str, problems: list[Problem]) -> tuple[bool, Any]:
    """``(True, value)`` of a file whose name is a valid identifier, else ``(False, None)`` and a problem row."""
    ns, _, name = object_id.lstrip("#").partition(":")
    if not (_NS_RE.match(ns) and _PATH_RE.match(name)):
        problems.append(
            Problem(
                "invalid_definition",
                object_id,
                "",
                "the file name is not a valid identifier (lower-case a-z, 0-9, _ . - /): the game skips it",
                rel,
                pack.pack,
            )
        )
        return False, None
    return _read_json(pack, rel, object_id, problems)


def _read_json(pack: PackFiles, rel: str, object_id: str, problems: list[Problem]) -> tuple[bool, Any]:
    """``(True, value)`` of one JSON file, or ``(False, None)`` and a problem row (refused, not UTF-8, not JSON)."""
    try:
        raw = pack.files[rel](MAX_FILE_BYTES)
    except PackFileRefusedError as exc:
        problems.append(Problem("invalid_json", object_id, "", f"file not read: {exc}", rel, pack.pack))
        return False, None
    try:
        return True, decode_pack_json(raw)
    except ValueError as exc:  # not UTF-8, not JSON, or past kit's JSON caps
        problems.append(Problem("invalid_json", object_id, "", f"invalid JSON: {exc}", rel, pack.pack))
        return False, None


def read_modules(
    source: Any,
    *,
    server_types: Iterable[str] = tuple(SERVER_TYPES),
    client_ids: Iterable[str] = CLIENT_IDS,
    strict: bool = False,
    mods: Iterable[str] | None = None,
) -> ModuleInventory:
    """Read the module configurations, systems, module tags and catalogs of data packs.

    Parameters
    ----------
    source : path, sequence of paths, kit.items.PackSet, or kit.servers.Server
        Data pack folders, zipped packs or jars in priority order (later packs override earlier ones), a world
        folder holding ``datapacks/`` (its packs in name order), packs already loaded by
        ``kit.items.load_datapacks``, or a server (:class:`kit.modules.packs.LoadsDatapacks`, such as
        ``kit.open_server(path)``): the packs the game loads, in its load order.
    server_types : iterable of str, default=kit.modules.SERVER_TYPES
        The registered server module types; add the types of extension mods here.
    client_ids : iterable of str, default=kit.modules.CLIENT_IDS
        The known client implementations.
    mods : iterable of str, optional
        The server's mod ids, for ``available()`` (the FTB module needs FTB Quests). Default: the mods of a server or
        of a PackSet loaded with ``mods=``; unknown (every module available) for pack paths.
    strict : bool, default=False
        Lenient by default, as the game is with everything but the broken file: every mistake (an unknown direct
        module id in a system, an unknown required tag member, a dangling tag, an unknown server type, a JSON
        syntax error ...) is a row of ``problems()`` and the rest of the inventory is built. ``strict=True`` raises
        :class:`ModuleDefinitionError` for the first error instead (warnings never raise).

    Returns
    -------
    ModuleInventory

    Raises
    ------
    DatapackError
        When a path is missing or is not a data pack or world.
    ModuleDefinitionError
        With ``strict=True``, when the packs hold an error.
    """
    if isinstance(source, LoadsDatapacks) and not isinstance(source, (str, os.PathLike, PackSet)):
        source = source.load_datapacks()
    if mods is None and isinstance(source, PackSet):
        mods = source.mods
    with building_tables():  # thousands of small acyclic records: see building_tables
        inventory = _read(open_packs(source), server_types=server_types, client_ids=client_ids, mods=mods)
    if strict and inventory.has_errors:
        first = inventory.problems().iloc[0]
        raise ModuleDefinitionError(first["pack"], first["path"], first["object_id"], first["field"], first["message"])
    return inventory


def _read(
    packs: list[PackFiles], *, server_types: Iterable[str], client_ids: Iterable[str], mods: Iterable[str] | None
) -> ModuleInventory:
    """Read and check the packs (see :func:`read_modules`)."""
    winners, tag_files, tag_problems, unmatched = _list_files(packs)
    # Only files outside the registries read can be in a folder the game does not read.
    problems: list[Problem] = lint_folders(unmatched, REGISTRIES, ("system_module",) + CATALOGS)
    problems.extend(tag_problems)
    modules: dict[str, ModuleConfig] = {}
    systems: dict[str, SystemDefinition] = {}
    entries: dict[str, dict[str, CatalogEntry]] = {c: {} for c in CATALOGS}
    for (registry, object_id), (pack, rel, valid) in sorted(winners.items()):
        ok, data = _read_json(pack, rel, object_id, problems) if valid else _load(pack, rel, object_id, problems)
        if not ok:
            continue
        if registry == "system_module":
            module, found = parse_module(object_id, data, pack=pack.pack, path=rel)
            if module is not None:
                modules[object_id] = module
        elif registry == "system":
            system, found = parse_system(object_id, data, pack=pack.pack, path=rel)
            if system is not None:
                systems[object_id] = system
        else:
            entry, found = parse_catalog_entry(registry, object_id, data, pack=pack.pack, path=rel)
            if entry is not None:
                entries[registry][object_id] = entry
        if found:
            problems.extend(found)
    return build_inventory(
        modules,
        systems,
        entries,
        tag_files.get("system_module", []),
        {c: tag_files.get(c, []) for c in CATALOGS},
        problems,
        [p.pack for p in packs],
        server_types=server_types,
        client_ids=client_ids,
        mods=mods,
    )


def _list_files(
    packs: list[PackFiles],
) -> tuple[
    dict[tuple[str, str], tuple[PackFiles, str, bool]], dict[str, list[TagFile]], list[Problem], list[tuple[str, str]]
]:
    """One pass over every pack's files, in pack order and path order.

    Returns the winning file of each registry entry (``(registry, id) -> (pack, path, whether the path is already
    known to be a valid identifier)``), the parsed tag files of each registry, the problems of the tag files, and the
    ``(pack, path)`` of every other file (for :func:`~kit.modules.lints.lint_folders`).
    """
    winners: dict[tuple[str, str], tuple[PackFiles, str, bool]] = {}
    tag_files: dict[str, list[TagFile]] = {}
    problems: list[Problem] = []
    unmatched: list[tuple[str, str]] = []
    for pack in packs:
        for rel in sorted(pack.files):
            m = _VALID_ENTRY_RE.match(rel)  # the common case: one match says the registry and that the id is valid
            if m:
                winners[(m.group(2), f"{m.group(1)}:{m.group(3)}")] = (pack, rel, True)
                continue
            m = _ENTRY_RE.match(rel)
            if m:
                winners[(m.group(2), f"{m.group(1)}:{m.group(3)}")] = (pack, rel, False)
                continue
            m = _TAG_RE.match(rel)
            if not m:
                unmatched.append((pack.pack, rel))
                continue
            tag_id = f"{m.group(1)}:{m.group(3)}"
            ok, data = _load(pack, rel, "#" + tag_id, problems)
            if not ok:
                continue
            try:
                tag_files.setdefault(m.group(2), []).append(
                    parse_tag_file(tag_id, data, pack=pack.pack, path=rel, folder=m.group(2))
                )
            except ValueError as exc:
                problems.append(Problem("invalid_definition", "#" + tag_id, "values", str(exc), rel, pack.pack))
    return winners, tag_files, problems, unmatched
