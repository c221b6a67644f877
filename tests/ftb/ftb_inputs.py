"""Shared paths and tables for the kit.ftb tests (the real books live in ../shared/data/ftbquests)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.data_folder import REPO, SHARED, SHARED_DATA, missing_reason, require  # noqa: F401

FTB_DATA = SHARED_DATA / "ftbquests"

#: SOURCES.md, "What each book contains": chapters, groups, quests, tasks, checkmark-only, no task,
#: quest links, reward tables.
PACK_COUNTS = {
    "farming-crossing-5": (8, 1, 606, 620, 10, 0, 0, 4),
    "craftoria": (29, 7, 1393, 1951, 95, 0, 8, 17),
    "flywheel-new-continent": (9, 6, 318, 638, 15, 0, 0, 2),
    "monifactory": (14, 2, 848, 1376, 31, 2, 140, 1),
    "enigmatica6": (38, 5, 1413, 1945, 118, 0, 0, 0),
    "beyond-ascension-server": (27, 3, 583, 992, 40, 0, 0, 4),
    "techscape-eras": (1, 9, 2, 2, 1, 0, 0, 0),
}

#: SOURCES.md, "Languages present".
PACK_LANGUAGES = {
    "farming-crossing-5": ["de_de", "en_us", "es_mx", "fr_fr", "ja_jp", "ko_kr", "lo_la", "pt_br", "zh_cn", "zh_tw"],
    "craftoria": ["en_us", "es_es", "pt_br"],
    "flywheel-new-continent": ["en_us", "zh_cn"],
    "monifactory": ["en_us", "zh_cn"],
    "enigmatica6": ["en_us"],
    "beyond-ascension-server": ["en_us"],
    "techscape-eras": ["en_us"],
}


def pack(name: str) -> Path:
    """The folder of one shared pack; skip when the shared data is absent."""
    path = FTB_DATA / name
    if not path.is_dir():
        pytest.skip(missing_reason(path))
    return path


def all_snbt_files() -> list[Path]:
    """Every shared .snbt file (books, lang tables, progress and team files)."""
    if not FTB_DATA.is_dir():
        return []
    return sorted(FTB_DATA.rglob("*.snbt"))
