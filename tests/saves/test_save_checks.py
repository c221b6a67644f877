"""The save folder's own checks (kit.saves.save_checks): no databases where kit looks, nearby saves, legacy files."""

from __future__ import annotations

from pathlib import Path

import pytest

import kit
from kit.saves.save_checks import LEGACY_PATHS, folder_problems, nearby_saves


def _save(path: Path) -> Path:
    (path / "system" / "database").mkdir(parents=True)
    return path


def test_legacy_files_are_reported_never_read_nor_deleted(tmp_path: Path) -> None:
    (tmp_path / "system" / "database").mkdir(parents=True)
    legacy = tmp_path / "system-database"
    legacy.mkdir()
    (legacy / "shared.dat").write_bytes(b"not even NBT")
    (tmp_path / "system-quest-knowledge.json").write_text("{broken", encoding="utf-8")
    (tmp_path / "system-quest-backgrounds.json").write_text("[]", encoding="utf-8")
    with kit.open_save(tmp_path) as save:
        problems = save.problems()
        assert save.summary()["n_tables"].tolist() == [0]
    assert problems["kind"].tolist() == ["legacy_file"] * 3
    assert problems["field"].tolist() == [
        "system-database",
        "system-quest-knowledge.json",
        "system-quest-backgrounds.json",
    ]
    assert set(problems["severity"].astype(str)) == {"warning"}
    assert all("neither reads nor deletes" in m for m in problems["message"])
    assert (legacy / "shared.dat").read_bytes() == b"not even NBT"
    assert (tmp_path / "system-quest-knowledge.json").read_text(encoding="utf-8") == "{broken"


@pytest.mark.parametrize("where", ["parent", "empty"])
def test_a_folder_without_databases_says_where_it_looked(tmp_path: Path, where: str) -> None:
    save_dir = tmp_path / "server" / "world"
    (save_dir / "system" / "database").mkdir(parents=True)
    opened = tmp_path / "server" if where == "parent" else tmp_path / "empty"
    opened.mkdir(exist_ok=True)
    with kit.open_save(opened) as save:
        problems = save.problems()
        assert save.databases.shared().search(kit.KNOWLEDGE, "en_us", "x").empty
    assert problems["kind"].tolist() == ["no_databases"]
    message = problems["message"].iloc[0]
    assert str(opened / "system" / "database") in message
    if where == "parent":
        assert f"{save_dir} has system/database/: open it instead" in message
    else:
        assert "no folder nearby has one" in message


def test_nearby_saves_looks_at_children_grandchildren_parent_and_grandparent(tmp_path: Path) -> None:
    top = _save(tmp_path / "top")
    middle = top / "middle"
    child = _save(middle / "child")
    grandchild = _save(middle / "kid" / "grandchild")
    _save(middle / "kid" / "grandchild" / "too_deep")
    (middle / "kid" / "file.txt").parent.mkdir(parents=True, exist_ok=True)
    (middle / "kid" / "file.txt").write_text("not a folder")
    assert nearby_saves(middle) == sorted([top, child, grandchild])
    assert nearby_saves(child) == [top]  # the grandparent; child itself is never its own neighbour
    assert nearby_saves(tmp_path / "missing") == []  # a folder that does not exist: nothing to look at


def test_nearby_saves_does_not_follow_links(tmp_path: Path) -> None:
    outside = _save(tmp_path / "outside")
    opened = tmp_path / "deep" / "opened"
    opened.mkdir(parents=True)
    (opened / "link").symlink_to(outside, target_is_directory=True)
    assert nearby_saves(opened) == []


def test_folder_problems_of_a_save_with_databases_and_nothing_legacy(tmp_path: Path) -> None:
    assert folder_problems(_save(tmp_path / "world")) == []


def test_folder_problems_name_several_nearby_saves(tmp_path: Path) -> None:
    for name in ("a", "b", "c", "d"):
        _save(tmp_path / name)
    (row,) = folder_problems(tmp_path)
    assert (row["severity"], row["kind"], row["field"]) == ("error", "no_databases", "system/database")
    assert row["path"] == str(tmp_path / "system" / "database")
    named = ", ".join(str(tmp_path / n) for n in "abc")  # at most three are named
    assert f"; {named} have system/database/: open one of them instead" in row["message"]
    assert str(tmp_path / "d") not in row["message"]


def test_a_dangling_legacy_link_is_reported(tmp_path: Path) -> None:
    save = _save(tmp_path / "world")
    (save / "system-quest-knowledge.json").symlink_to(tmp_path / "gone.json")
    rows = folder_problems(save)
    assert [(r["kind"], r["field"], r["path"]) for r in rows] == [
        ("legacy_file", "system-quest-knowledge.json", str(save / "system-quest-knowledge.json"))
    ]
    assert LEGACY_PATHS["system-quest-knowledge.json"] in rows[0]["message"]
    assert not (tmp_path / "gone.json").exists()  # reported, never created nor followed
