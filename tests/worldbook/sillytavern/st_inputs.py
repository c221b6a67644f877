"""Shared paths and helpers of the SillyTavern tests (no fixtures copied into the repo)."""

from __future__ import annotations

import json
import shutil
import subprocess
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


#: The ``node`` executable, for the differential tests against a real JavaScript engine (``None``: skipped).
NODE = shutil.which("node")


def node_json(script: str, payload: object) -> object:
    """Run ``script`` in Node.js with ``payload`` as JSON on standard input; its standard output as JSON."""
    assert NODE is not None
    out = subprocess.run(
        [NODE, "-e", script], input=json.dumps(payload), capture_output=True, text=True, timeout=60, check=True
    )
    return json.loads(out.stdout)


def run(*entries: dict[str, Any], messages: tuple[str, ...] = ("hello",), **scenario: Any) -> dict[str, Any]:
    """The first step of simulating ``entries`` (book ``B``) on ``messages`` with the other scenario fields."""
    from kit.worldbook.sillytavern import simulate

    sc = {"books": book(*entries), "chat": chat(*messages), **scenario}
    return simulate(sc)["steps"][0]


def act(*entries: dict[str, Any], **kw: Any) -> list[str]:
    """The activated entries of :func:`run`."""
    return run(*entries, **kw)["activated"]


def E(uid: int, keys: list[str] | None = None, content: str | None = None, **fields: Any) -> dict[str, Any]:
    """A world-file entry: ``uid``, ``key`` (when given), ``content`` (default ``"entry <uid>"``) and ``fields``."""
    e: dict[str, Any] = {"uid": uid, "content": content if content is not None else f"entry {uid}"}
    if keys is not None:
        e["key"] = keys
    e.update(fields)
    return e
