"""Small data packs written by the tests: ``make_pack(name, files)`` and JSON helpers for the module registries."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


def module_file(module_id: str) -> str:
    ns, path = module_id.split(":", 1)
    return f"data/{ns}/system/system_module/{path}.json"


def system_file(system_id: str) -> str:
    ns, path = system_id.split(":", 1)
    return f"data/{ns}/system/system/{path}.json"


def entry_file(registry: str, entry_id: str) -> str:
    ns, path = entry_id.split(":", 1)
    return f"data/{ns}/system/{registry}/{path}.json"


def tag_file(registry: str, tag_id: str) -> str:
    ns, path = tag_id.lstrip("#").split(":", 1)
    return f"data/{ns}/tags/system/{registry}/{path}.json"


#: Three configurations: a core one and two sign-in ones of namespaces a and b (candidates of one type).
SIGNIN_MODULES = {
    module_file("a:core"): {"server": {"type": "system:core"}},
    module_file("a:signin"): {"order": 80, "server": {"type": "system:signin"}, "client": "system:signin"},
    module_file("b:signin"): {"order": 85, "server": {"type": "system:signin"}, "client": "system:signin"},
}


@pytest.fixture
def make_pack(tmp_path: Path) -> Callable[..., Path]:
    """Write a pack folder ``tmp_path/<name>``; values are JSON (``str`` values are written verbatim)."""

    def make(name: str, files: dict[str, Any]) -> Path:
        root = tmp_path / name
        (root / "data").mkdir(parents=True, exist_ok=True)
        for rel, value in files.items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(value if isinstance(value, str) else json.dumps(value), encoding="utf-8")
        return root

    return make


def kinds(inv) -> list[str]:
    """The problem kinds of an inventory, sorted."""
    return sorted(inv.problems()["kind"])
