"""Shared paths and tables for the kit.ftb tests (the real books live in ../shared/data/ftbquests)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from kit.ftb.loader import read_quest_book
from kit.ftb.model import QuestBook
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


@cache
def book(name: str) -> QuestBook:
    """The quest book of one shared pack, read once per test process (skips when the shared data is absent)."""
    return read_quest_book(pack(name))


def write_book(folder: Path, chapter_text: str) -> None:
    """A minimal book in ``folder``: ``data.snbt`` and one chapter file ``chapters/c.snbt`` holding ``chapter_text``."""
    (folder / "chapters").mkdir(parents=True)
    (folder / "data.snbt").write_text("{ version: 13 }\n", "utf-8")
    (folder / "chapters" / "c.snbt").write_text(chapter_text, "utf-8")


#: A small book written by :func:`write_small_book`: three quests of one chapter, a task and a reward, a Chinese title.
SMALL_CHAPTER = """{
\tid: "00000000000000C1"
\tfilename: "c"
\thide_quest_until_deps_complete: true
\tprogression_mode: "linear"
\tquests: [
\t\t{ id: "00000000000000A1", title: "First", subtitle: "Start here", x: 1.0d, y: 2.0d,
\t\t  tasks: [{ id: "00000000000000B1", type: "item", item: "minecraft:stone", count: 4L }],
\t\t  rewards: [{ id: "00000000000000D1", type: "xp", xp: 10 }] }
\t\t{ id: "00000000000000A2", dependencies: ["00000000000000A1"], hide_until_deps_complete: false,
\t\t  tasks: [{ id: "00000000000000B2", type: "checkmark" }] }
\t\t{ id: "00000000000000A3", dependencies: ["00000000000000A1", "00000000000000A2"], progression_mode: "flexible" }
\t]
}
"""


def write_small_book(folder: Path) -> Path:
    """Write the small book (``data.snbt`` in flexible mode, :data:`SMALL_CHAPTER`, a zh_cn lang table); return it."""
    write_book(folder, SMALL_CHAPTER)
    (folder / "data.snbt").write_text('{ version: 13, progression_mode: "flexible" }\n', "utf-8")
    (folder / "lang").mkdir()
    (folder / "lang" / "zh_cn.snbt").write_text('{ quest.00000000000000A1.title: "第一" }\n', "utf-8")
    return folder
