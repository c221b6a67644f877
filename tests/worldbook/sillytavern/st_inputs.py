"""Shared paths and helpers of the SillyTavern tests (no fixtures copied into the repo)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.data_folder import REPO, SHARED, SHARED_DATA, missing_reason, require  # noqa: F401

WORLDBOOKS = SHARED_DATA / "worldbooks"
SCENARIOS = SHARED_DATA / "st-scenarios"


def shared(path: Path) -> Path:
    """Return ``path``; skip the test when the shared folder is absent."""
    if not path.exists():
        pytest.skip(missing_reason(path))
    return path


def load_json(path: Path) -> Any:
    return json.loads(shared(path).read_text(encoding="utf-8"))


def scenario_names() -> list[str]:
    folder = SCENARIOS / "scenarios"
    return sorted(p.stem for p in folder.glob("*.json")) if folder.exists() else []


def without_hashes(result: dict[str, Any]) -> dict[str, Any]:
    """A copy of a simulate result without the ``hash`` values of timed effects, traces and outcomes."""
    out = json.loads(json.dumps(result))
    for step in out["steps"]:
        step.pop("trace", None)
        step.pop("outcomes", None)
        for kind in ("sticky", "cooldown"):
            for record in step["timedWorldInfo"][kind].values():
                record.pop("hash", None)
    return out


def book(*entries: dict[str, Any], name: str = "B") -> dict[str, Any]:
    """A scenario ``books`` value with one world file holding ``entries`` (uids from the entries)."""
    return {name: {"entries": {str(e["uid"]): e for e in entries}}}


def chat(*messages: str, names: tuple[str, str] = ("User", "Char")) -> list[dict[str, Any]]:
    """Alternating user/character messages, oldest first."""
    return [{"name": names[i % 2], "is_user": i % 2 == 0, "mes": m} for i, m in enumerate(messages)]
