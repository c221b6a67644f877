"""Small helpers shared by the sample-builder tests: file trees, minimal data packs, document paragraphs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from kit.core.document import Document


def tree(root: Path) -> dict[str, bytes]:
    """Every file below ``root``: relative POSIX path -> bytes."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def paragraphs(document: Document) -> list[str]:
    """A document's paragraphs (split on blank lines)."""
    return document.text.split("\n\n")


def write_pack(root: Path, files: dict[str, Any]) -> Path:
    """A data pack folder at ``root``: ``pack.mcmeta`` (format 57) and ``files`` (relative path -> JSON value)."""
    files = {"pack.mcmeta": {"pack": {"pack_format": 57, "description": "test pack"}}, **files}
    for rel, value in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")
    return root


def data_path(resource_id: str, folder: str) -> str:
    """``data/<namespace>/<folder>/<path>.json`` of a namespaced id."""
    namespace, path = resource_id.split(":", 1)
    return f"data/{namespace}/{folder}/{path}.json"
