"""Shared inputs of the item-card tests: the sample data pack (loaded once per process) and what a card shows."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import kit.items
from tests.data_folder import SHARED_DATA

REPO = Path(__file__).resolve().parents[2]
SAMPLE_PACK = REPO / "sample_saves" / "aurora_server" / "datapacks" / "kit_sample"

VANILLA = SHARED_DATA / "vanilla" / "1.21.3"


@functools.cache
def sample_packs() -> kit.items.PackSet:
    """The sample data pack, loaded once and shared by the item-card test files (the cards only read it)."""
    if not SAMPLE_PACK.is_dir():
        from kit.samples import sample_save_path
        from kit.samples.datapack import write_datapack

        write_datapack(sample_save_path())
    return kit.items.load_datapacks([SAMPLE_PACK])


def _text(widget) -> str:
    """Every HTML value and button description under ``widget``, tags stripped (what a reader sees)."""
    parts = []
    stack = [widget]
    while stack:
        w = stack.pop(0)
        if hasattr(w, "children"):
            stack[:0] = list(w.children)
        elif hasattr(w, "description") and type(w).__name__ == "Button":
            parts.append(w.description)
        elif type(w).__name__ == "HTML":
            parts.append(re.sub(r"<[^>]+>", " ", w.value))
    return " ".join(" ".join(parts).split())


def _html(widget) -> str:
    out, stack = [], [widget]
    while stack:
        w = stack.pop(0)
        if hasattr(w, "children"):
            stack[:0] = list(w.children)
        elif type(w).__name__ == "HTML":
            out.append(w.value)
    return "".join(out)
