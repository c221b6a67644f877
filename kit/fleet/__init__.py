"""Fleets of saves and corpora of chats, analysed lazily and in parallel with Dask.

Import explicitly (``import kit.fleet``); Dask is imported when a fleet function runs.

- :func:`open_fleet` finds many saves (a glob, a folder, a list); :class:`Fleet` gives lazy Dask frames
  (``summary``, ``tables``, ``documents``, ``problems``) read by the single-save code, one partition per save
  or per group of small saves, and ``saves()`` / ``compute()`` that compute.
- :func:`coverage` (in :mod:`kit.fleet.chat_coverage`) replays world books over a large chat corpus
  (SillyTavern chat folders or conversations)
  and returns exactly what :func:`kit.worldbook.coverage` returns.
- :func:`evaluate_grid` evaluates retrieval configurations on collections, returning the long frame of
  :func:`kit.retrieval.evaluate` with ``collection`` and ``config`` labels.

Every function takes ``client=``: ``None`` (Dask's default scheduler on this machine), a
``distributed.Client``, or a scheduler address string. :func:`local_client` starts a cluster on this machine set up
for kit's CPU-bound tasks.
"""

from __future__ import annotations

from kit.fleet.chat_coverage import budget, coverage, why, why_summary
from kit.fleet.errors import FleetParameterError, FleetSourceError
from kit.fleet.grid import GRID_SCHEMA, evaluate_grid, evaluate_one
from kit.fleet.local_cluster import WORKER_CONFIG, local_client
from kit.fleet.saves import (
    DOCUMENTS_SCHEMA,
    FLEET_PROBLEM_SCHEMA,
    SAVES_SCHEMA,
    SUMMARY_SCHEMA,
    TABLES_SCHEMA,
    Fleet,
    FleetSave,
    open_fleet,
)

#: Old names of the schemas, kept for one release (issue 21: every column -> dtype dict is a ``*_SCHEMA``).
DOCUMENTS_COLUMNS, FLEET_PROBLEM_COLUMNS, GRID_COLUMNS = DOCUMENTS_SCHEMA, FLEET_PROBLEM_SCHEMA, GRID_SCHEMA
SAVES_COLUMNS, SUMMARY_COLUMNS, TABLES_COLUMNS = SAVES_SCHEMA, SUMMARY_SCHEMA, TABLES_SCHEMA

__all__ = [
    "DOCUMENTS_SCHEMA",
    "FLEET_PROBLEM_SCHEMA",
    "GRID_SCHEMA",
    "SAVES_SCHEMA",
    "SUMMARY_SCHEMA",
    "TABLES_SCHEMA",
    "WORKER_CONFIG",
    "Fleet",
    "FleetParameterError",
    "FleetSave",
    "FleetSourceError",
    "budget",
    "coverage",
    "why",
    "why_summary",
    "evaluate_grid",
    "evaluate_one",
    "local_client",
    "open_fleet",
]
