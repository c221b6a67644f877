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


@pytest.mark.parametrize(
    "alias", ["PackSet.errors", "QuestBook.errors()", "Progress.errors()", "WorldBookLibrary.errors"]
)
def test_an_alias_warns_and_still_gives_the_problems(tmp_path: Path, alias: str) -> None:
    obj = _objects(tmp_path)[alias]
    with pytest.warns(DeprecationWarning, match=r"deprecated.*use .*problems\(\)"):
        value = obj.errors() if alias.endswith("()") else obj.errors  # type: ignore[attr-defined]
    assert value.equals(obj.problems())  # type: ignore[attr-defined]


def test_the_prepare_index_forwarder_warns_and_gives_the_database_index() -> None:
    from kit.saves import prepare_index

    save = kit.open_save(sample_save_path())
    db = save.databases.shared()
    with pytest.warns(DeprecationWarning, match=r"use db\.prepare_index"):
        index = prepare_index(db, kit.KNOWLEDGE, "en_us")
    assert index is db.prepare_index(kit.KNOWLEDGE, "en_us")


def test_analyzer_is_identity_warns() -> None:
    from kit.retrieval.analyzers import make_analyzer

    with pytest.warns(DeprecationWarning, match="is_identity is deprecated"):
        assert make_analyzer("char12").is_identity in (True, False)


def test_old_schema_names_are_the_new_dicts() -> None:
    import kit.core.problems as problems
    import kit.retrieval._frames as frames

    assert problems.PROBLEM_COLUMNS is problems.PROBLEM_SCHEMA
    assert frames.SEARCH_COLUMNS is frames.SEARCH_SCHEMA
    assert kit.fleet.SUMMARY_COLUMNS is kit.fleet.SUMMARY_SCHEMA
