"""Column-wise assembly of the inventory's two large frames, ``systems()`` and ``catalogs()`` (pure).

A pack whose catalog configurations omit their field selects whole registries, and a system that references nested
module tags expands to every member, so these frames reach hundreds of thousands of rows where the inputs hold a few
thousand distinct strings. Building one dict per row and letting pandas convert every cell costs several times the
reading of the files; here each distinct string is converted once and the columns are gathered from it with integer
codes (``take``), and the categorical columns are built from their codes. The rows, values and dtypes are those the
row-by-row construction gives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

import numpy as np
import pandas as pd

from kit.core.frames import frame, pandas_dtype
from kit.modules.definitions import CATALOGS, SystemDefinition
from kit.modules.ids import id_order
from kit.modules.tags import RegistryTags

__all__ = ["CatalogPicks", "catalogs_frame", "systems_frame"]

_VIAS = ("id", "tag", "all", "default")


class CatalogPicks(NamedTuple):
    """The catalog entries one configuration selects.

    ``entry_ids`` is ``None`` when the configuration omits its field (the whole registry, via ``all``), else the
    selected ids in first-selected order with their ``vias`` (``id``, ``tag`` or ``default``) alongside. One record
    per configuration rather than one per entry: a whole registry is not copied.
    """

    catalog: str
    module_id: str
    entry_ids: tuple[str, ...] | None
    vias: tuple[str, ...]


def _strings(values: Sequence[str | None]) -> pd.api.extensions.ExtensionArray:
    return pd.array(list(values), dtype=pandas_dtype("string"))


def catalogs_frame(
    schema: Mapping[str, object], groups: Sequence[CatalogPicks], registries: Mapping[str, Sequence[str]]
) -> pd.DataFrame:
    """The ``catalogs()`` frame: one row per selected entry, sorted by catalog, module and entry (registry order).

    ``registries`` maps each catalog to its entry ids in registry order; every selected id is one of them (tags
    and ids are resolved against the registry before they are picked).
    """
    catalog_rank = {c: i for i, c in enumerate(CATALOGS)}
    groups = sorted(groups, key=lambda g: (catalog_rank[g.catalog], id_order(g.module_id)))
    names: list[str] = []
    offsets: dict[str, int] = {}
    for c in CATALOGS:
        offsets[c] = len(names)
        names.extend(registries.get(c, ()))
    ranks = {c: {e: i for i, e in enumerate(registries.get(c, ()), start=offsets[c])} for c in CATALOGS}
    via_code = {v: i for i, v in enumerate(_VIAS)}
    entry_parts: list[np.ndarray] = []
    via_parts: list[np.ndarray] = []
    for g in groups:
        if g.entry_ids is None:
            n = len(registries.get(g.catalog, ()))
            entry_parts.append(np.arange(offsets[g.catalog], offsets[g.catalog] + n))
            via_parts.append(np.full(n, via_code["all"], dtype=np.int8))
            continue
        rank = ranks[g.catalog]
        idx = np.array([rank[e] for e in g.entry_ids], dtype=np.int64)
        order = np.argsort(idx, kind="stable")
        entry_parts.append(idx[order])
        via_parts.append(np.array([via_code[v] for v in g.vias], dtype=np.int8)[order])
    lengths = np.array([len(p) for p in entry_parts], dtype=np.int64)
    if not lengths.sum():
        return frame(schema, [])
    per_row = np.repeat(np.arange(len(groups)), lengths)
    return frame(
        schema,
        {
            "catalog": pd.Categorical.from_codes(
                np.array([catalog_rank[g.catalog] for g in groups])[per_row], dtype=schema["catalog"]
            ),
            "module_id": _strings([g.module_id for g in groups]).take(per_row),
            "entry_id": _strings(names).take(np.concatenate(entry_parts)),
            "via": pd.Categorical.from_codes(np.concatenate(via_parts), dtype=schema["via"]),
        },
    )


def _condition(system: SystemDefinition, ref_condition: str) -> str:
    conds = [c for c in (system.condition, ref_condition) if c]
    return conds[0] if len(conds) == 1 else ("[" + ",".join(conds) + "]" if conds else "")


def systems_frame(
    schema: Mapping[str, object], systems: Sequence[SystemDefinition], module_tags: RegistryTags
) -> pd.DataFrame:
    """The ``systems()`` frame: one row per direct reference and per member of a referenced tag (one row without a
    module for a missing, failed or empty tag); systems in the given order, references in written order.
    """
    module_codes: dict[str, int] = {}
    tag_rows: dict[str, tuple[list[int], list[bool]]] = {}

    def code(module_id: str) -> int:
        return module_codes.setdefault(module_id, len(module_codes))

    system_i: list[int] = []
    refs: list[str] = []
    conditions: list[str] = []
    kinds: list[int] = []
    counts: list[int] = []
    modules: list[int] = []  # -1: no module
    required: list[bool] = []
    for i, s in enumerate(systems):
        for ref in s.refs:
            system_i.append(i)
            refs.append(ref.ref)
            conditions.append(_condition(s, ref.condition))
            if not ref.is_tag:
                kinds.append(0)
                counts.append(1)
                modules.append(code(ref.ref))
                required.append(True)
                continue
            kinds.append(1)
            cached = tag_rows.get(ref.ref)
            if cached is None:
                members = module_tags.members.get(ref.ref[1:], ())
                cached = tag_rows[ref.ref] = (
                    [code(m.member_id) for m in members] or [-1],
                    [m.required for m in members] or [False],
                )
            counts.append(len(cached[0]))
            modules.extend(cached[0])
            required.extend(cached[1])
    if not refs:
        return frame(schema, [])
    per_row = np.repeat(np.arange(len(refs)), counts)
    ref_system = np.array(system_i, dtype=np.int64)[per_row]
    module_arr = np.array(modules, dtype=np.int64)
    missing = module_arr < 0
    return frame(
        schema,
        {
            "system_id": _strings([s.system_id for s in systems]).take(ref_system),
            "name": _strings([s.name for s in systems]).take(ref_system),
            "ref": _strings(refs).take(per_row),
            "ref_kind": pd.Categorical.from_codes(np.array(kinds, dtype=np.int8)[per_row], dtype=schema["ref_kind"]),
            "module_id": _strings(list(module_codes) or [""]).take(module_arr, allow_fill=True),
            "required": pd.arrays.BooleanArray(np.array(required, dtype=bool), missing),
            "condition": _strings(conditions).take(per_row),
        },
    )
