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
    # The entries (as positions in ``names``) and vias of the groups that name them, in one flat list each gathered
    # by C-level maps; a group selecting a whole registry is a range, filled in by NumPy. One sort of (group,
    # position) keys then orders each group by registry order.
    entry_at: list[int] = []
    via_at: list[bytes] = []  # the via codes of each group, one byte each, joined once at the end
    via_codes: dict[tuple[str, ...], bytes] = {}  # a group's vias -> their codes (groups share a few patterns)
    lengths: list[int] = []
    whole: list[int] = []  # the position of a whole registry's first entry, or -1
    for g in groups:
        if g.entry_ids is None:
            lengths.append(len(registries.get(g.catalog, ())))
            whole.append(offsets[g.catalog])
        else:
            entry_at.extend(map(ranks[g.catalog].__getitem__, g.entry_ids))
            codes = via_codes.get(g.vias)
            if codes is None:
                codes = via_codes[g.vias] = bytes(map(via_code.__getitem__, g.vias))
            via_at.append(codes)
            lengths.append(len(g.entry_ids))
            whole.append(-1)
    n_rows = np.array(lengths, dtype=np.int64)
    total = int(n_rows.sum())
    if not total:
        return frame(schema, [])
    per_row = np.repeat(np.arange(len(groups)), n_rows)
    starts = np.array(whole, dtype=np.int64)
    in_whole = np.repeat(starts >= 0, n_rows)
    entries = np.arange(total) - np.repeat(np.cumsum(n_rows) - n_rows - starts, n_rows)  # right for whole registries
    entries[~in_whole] = entry_at
    vias = np.full(total, via_code["all"], dtype=np.int8)
    vias[~in_whole] = np.frombuffer(b"".join(via_at), dtype=np.int8)
    order = np.argsort(per_row * (len(names) + 1) + entries, kind="stable")  # runs already in order cost little
    return frame(
        schema,
        {
            "catalog": pd.Categorical.from_codes(
                np.array([catalog_rank[g.catalog] for g in groups])[per_row], dtype=schema["catalog"]
            ),
            "module_id": _strings([g.module_id for g in groups]).take(per_row),
            "entry_id": _strings(names).take(entries[order]),
            "via": pd.Categorical.from_codes(vias[order], dtype=schema["via"]),
        },
    )


def systems_frame(
    schema: Mapping[str, object], systems: Sequence[SystemDefinition], module_tags: RegistryTags
) -> pd.DataFrame:
    """The ``systems()`` frame: one row per direct reference and per member of a referenced tag (one row without a
    module for a missing, failed or empty tag); systems in the given order, references in written order.
    """
    module_codes: dict[str, int] = {}
    # The rows of each distinct reference (a direct id: one; a tag: its members, or one row without a module) are
    # laid out once in a pool; a reference points at its slice, and the rows are gathered from the pool at the end.
    pool_modules: list[int] = []  # -1: no module
    pool_required: list[bool] = []
    slices: dict[str, tuple[int, int, int]] = {}  # reference -> (first pool row, number of rows, 1 for a tag)
    refs: list[str] = []
    conditions: list[str] = []
    wheres: list[tuple[int, int, int]] = []
    for s in systems:
        own = s.condition
        for ref in s.refs:
            name, cond = ref.ref, ref.condition
            where = slices.get(name)
            if where is None:
                is_tag = name.startswith("#")
                if is_tag:
                    members = module_tags.members.get(name[1:], ())
                    codes = [module_codes.setdefault(m.member_id, len(module_codes)) for m in members] or [-1]
                    required = [m.required for m in members] or [False]
                else:
                    codes, required = [module_codes.setdefault(name, len(module_codes))], [True]
                where = slices[name] = (len(pool_modules), len(codes), int(is_tag))
                pool_modules.extend(codes)
                pool_required.extend(required)
            refs.append(name)
            # the reference's condition, or the system's; a JSON list of both when both exist
            conditions.append((own if not cond else f"[{own},{cond}]") if own else cond)
            wheres.append(where)
    if not refs:
        return frame(schema, [])
    starts, n_rows, kinds = np.array(wheres, dtype=np.int64).T
    per_row = np.repeat(np.arange(len(refs)), n_rows)
    first_row = np.cumsum(n_rows) - n_rows
    pool_at = np.repeat(starts - first_row, n_rows) + np.arange(len(per_row))
    system_i = np.repeat(np.arange(len(systems)), [len(s.refs) for s in systems])
    ref_system = system_i[per_row]
    module_arr = np.array(pool_modules, dtype=np.int64)[pool_at]
    missing = module_arr < 0
    return frame(
        schema,
        {
            "system_id": _strings([s.system_id for s in systems]).take(ref_system),
            "name": _strings([s.name for s in systems]).take(ref_system),
            "ref": _strings(refs).take(per_row),
            "ref_kind": pd.Categorical.from_codes(kinds.astype(np.int8)[per_row], dtype=schema["ref_kind"]),
            "module_id": _strings(list(module_codes) or [""]).take(module_arr, allow_fill=True),
            "required": pd.arrays.BooleanArray(np.array(pool_required, dtype=bool)[pool_at], missing),
            "condition": _strings(conditions).take(per_row),
        },
    )
