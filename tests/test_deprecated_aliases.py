"""Deprecated aliases keep working for one release and warn with DeprecationWarning (issue 23)."""

from __future__ import annotations

from pathlib import Path

import pytest

import kit
from kit.samples import sample_save_path


def _objects(tmp_path: Path) -> dict[str, object]:
    save = sample_save_path()
    return {
        "PackSet.errors": kit.items.load_datapacks(save / "datapacks" / "kit_sample"),
        "QuestBook.errors()": kit.ftb.read_quest_book(save),
        "Progress.errors()": kit.ftb.read_progress(save),
        "WorldBookLibrary.errors": kit.worldbook.scan_world_books(tmp_path),
    }


@pytest.mark.parametrize("alias", ["PackSet.errors", "QuestBook.errors()", "Progress.errors()",
                                   "WorldBookLibrary.errors"])
def test_an_alias_warns_and_still_gives_the_problems(tmp_path: Path, alias: str) -> None:
    obj = _objects(tmp_path)[alias]
    with pytest.warns(DeprecationWarning, match=r"deprecated.*use .*problems\(\)"):
        value = obj.errors() if alias.endswith("()") else obj.errors  # type: ignore[attr-defined]
    assert value.equals(obj.problems())  # type: ignore[attr-defined]
