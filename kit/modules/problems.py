"""The problems a module inventory reports: one record type and the shared problems frame (pure).

Severity ``error`` marks what the game refuses (the world does not load, or a tag is dropped); ``warning`` marks
what loads but is probably not what the pack author meant (a malformed ``order`` is one: the design's game uses the
default 0 instead of refusing the file). Kinds:

=====================  ========  ==========================================================================
kind                   severity  meaning
=====================  ========  ==========================================================================
``invalid_json``       error     a file is not JSON (or is larger than the read bound)
``invalid_definition`` error     a file has the wrong shape (a field of the wrong type, a malformed id)
``unknown_server_type`` error    ``server.type`` is not a registered server module type
``bad_catalog_field``  error     ``rewards`` / ``offers`` / ``pools`` is not an id, a ``#tag`` or a list of them
``unknown_catalog_entry`` error  a catalog field names an entry its registry does not define
``unknown_module``     error     a system names a module configuration id that no pack defines
``unknown_tag_member`` error     a tag lists a required id or ``#tag`` that does not exist (the tag is dropped)
``tag_cycle``          error     tags reference each other in a cycle (every tag on it is dropped)
``dangling_tag``       error     a system or catalog field refers to a tag that is not defined (selects nothing)
``bad_order``          warning   ``order`` is not an integer: 0 is used
``missing_order``      warning   a module with a client entry has no ``order``: 0 is used
``unknown_client``     warning   ``client`` names no known client implementation (only its UI is missing)
``empty_module``       warning   a configuration has neither ``server`` nor ``client``
``overlapping_candidates`` warning  a system enables two configurations of one server type, neither conditional
``unavailable_module`` warning   the type needs an optional mod the server lacks (FTB without FTB Quests)
``builtin_without_default`` warning  a built-in catalog configuration does not select ``#system:default``
``unexpected_parameters`` warning  parameters on a built-in type that takes none (``MapCodec.unit`` ignores them)
``unknown_registry_folder`` warning  a file in a ``system/*`` folder the game does not read (legacy or misspelt)
=====================  ========  ==========================================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

import pandas as pd

from kit.core.dataclass_fields import direct_init
from kit.core.frames import frame
from kit.core.problems import problem_schema

__all__ = ["Problem", "PROBLEM_KINDS", "PROBLEM_SCHEMA", "SEVERITY", "problems_frame"]

#: The ordered severity categories of the shared problems shape.
SEVERITY = pd.CategoricalDtype(["warning", "error"], ordered=True)

#: kind -> severity of every problem kind :mod:`kit.modules` reports.
PROBLEM_KINDS: dict[str, Literal["warning", "error"]] = {
    "invalid_json": "error",
    "invalid_definition": "error",
    "unknown_server_type": "error",
    "bad_catalog_field": "error",
    "unknown_catalog_entry": "error",
    "unknown_module": "error",
    "unknown_tag_member": "error",
    "tag_cycle": "error",
    "dangling_tag": "error",
    "bad_order": "warning",
    "missing_order": "warning",
    "unknown_client": "warning",
    "empty_module": "warning",
    "overlapping_candidates": "warning",
    "unavailable_module": "warning",
    "builtin_without_default": "warning",
    "unexpected_parameters": "warning",
    "unknown_registry_folder": "warning",
}

PROBLEM_SCHEMA = problem_schema({"pack": "string"})


@direct_init
@dataclass(frozen=True)
class Problem:
    """One reported mistake: ``object_id`` is the module, system, tag (``#id``) or catalog entry it is about."""

    kind: str
    object_id: str
    field: str
    message: str
    path: str
    pack: str

    @property
    def severity(self) -> Literal["warning", "error"]:
        return PROBLEM_KINDS[self.kind]


def problems_frame(problems: Iterable[Problem], packs: Sequence[str] = ()) -> pd.DataFrame:
    """The problems as the shared frame: errors first, then by pack (in the order of ``packs``), path, object, field."""
    rank = {name: i for i, name in enumerate(packs)}
    rows = [(p.severity, p.kind, p.object_id, p.field, p.message, p.path, p.pack) for p in problems]
    # severity, kind, object_id, field, message, path, pack: errors first, then pack, path, object, field, kind
    rows.sort(key=lambda r: (r[0] != "error", rank.get(r[6], len(rank)), r[6], r[5], r[2], r[3], r[1]))
    return frame(PROBLEM_SCHEMA, rows)
