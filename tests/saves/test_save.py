"""Opening a save folder (kit.saves.save): open_save's checks, the summary, problems and closing."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

import kit
from kit.core.problems import PROBLEM_SCHEMA
from tests.saves.saves_inputs import NOTES, PLAYER


def test_open_save_and_summary(tmp_path: Path) -> None:
    with pytest.raises(kit.SaveNotFoundError, match="no such save folder"):
        kit.open_save(tmp_path / "missing")
    with kit.open_save(tmp_path) as save:
        save.databases.player(PLAYER).put(NOTES, "k", "v")
        summary = save.summary()
    assert summary[["scope", "player_uuid", "path", "exists", "n_tables", "n_entries"]].to_dict("records") == [
        {
            "scope": "shared",
            "player_uuid": "",
            "path": "system/database/shared.dat",
            "exists": False,
            "n_tables": 0,
            "n_entries": 0,
        },
        {
            "scope": "player",
            "player_uuid": PLAYER,
            "path": f"system/database/players/{PLAYER}.dat",
            "exists": True,
            "n_tables": 1,
            "n_entries": 1,
        },
    ]


def test_an_unreadable_database_is_a_problem_row(tmp_path: Path) -> None:
    path = tmp_path / "system" / "database" / "players" / f"{PLAYER}.dat"
    path.parent.mkdir(parents=True)
    path.write_bytes(gzip.compress(b"\x0a\x00\x00\x01"))
    with kit.open_save(tmp_path) as save:
        problems = save.problems()
    assert problems["kind"].tolist() == ["unreadable_database"]
    assert problems["player_uuid"].tolist() == [PLAYER] and str(path) in problems["message"].iloc[0]


@pytest.mark.parametrize(
    ("path", "match"),
    [
        (42, r"The 'path' parameter of open_save must be a save folder .* Got int 42 instead"),
        (None, r"Got NoneType None instead"),
        (["world"], r"Got list \['world'\] instead"),
    ],
)
def test_open_save_refuses_what_is_not_a_path(path, match: str) -> None:
    with pytest.raises(kit.InvalidParameterError, match=match):
        kit.open_save(path)


def test_open_save_refuses_an_opened_save_and_a_file(tmp_path: Path) -> None:
    with kit.open_save(str(tmp_path)) as save:
        assert save.path == tmp_path and save.name == tmp_path.name
        with pytest.raises(kit.InvalidParameterError, match="Got an already opened Save of .*pass its .path"):
            kit.open_save(save)  # type: ignore[arg-type]
    file = tmp_path / "level.dat"
    file.write_bytes(b"")
    with pytest.raises(kit.SaveNotFoundError, match="level.dat: no such save folder"):
        kit.open_save(file)
    assert issubclass(kit.SaveNotFoundError, kit.KitError)


def test_problems_of_a_healthy_save_are_an_empty_frame_of_the_same_columns(tmp_path: Path) -> None:
    with kit.open_save(tmp_path) as save:
        save.databases.shared().put(NOTES, "k", "v")
        healthy = save.problems()
    (tmp_path / "system" / "database").rename(tmp_path / "elsewhere")
    with kit.open_save(tmp_path) as save:
        missing = save.problems()
    assert healthy.empty and list(healthy.columns) == [*PROBLEM_SCHEMA, "scope", "player_uuid"]
    assert list(missing.dtypes) == list(healthy.dtypes)
    assert missing[["kind", "scope", "player_uuid"]].values.tolist() == [["no_databases", "", ""]]


def test_close_invalidates_the_handles_and_saves_share_nothing(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with kit.open_save(tmp_path / "a") as a, kit.open_save(tmp_path / "b") as b:
        assert a.databases is not b.databases
        handle = a.databases.shared()
        handle.put(NOTES, "k", "v")
        assert b.databases.shared().get(NOTES, "k") is None
    with pytest.raises(kit.KitError):
        handle.get(NOTES, "k")
    with kit.open_save(tmp_path / "a") as again:  # what was written is on disk
        assert again.databases.shared().get(NOTES, "k") == "v"
