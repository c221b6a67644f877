"""kit.ftb.progress: team progress and membership files (read_progress) on the shared packs and bad input."""

from __future__ import annotations

import dataclasses

import pytest

from kit.ftb.errors import SnbtSyntaxError
from kit.ftb.loader import read_quest_book
from kit.ftb.progress import (
    COMPLETION_SCHEMA,
    PLAYER_SCHEMA,
    TEAM_SCHEMA,
    ZERO_UUID,
    ProgressBookMismatchError,
    ProgressNotFoundError,
    UnknownPlayerError,
    empty_team,
    read_progress,
    require_book,
)
from kit.ftb.visibility import visible_guides
from kit.samples.saves import PLAYERS
from tests.ftb.ftb_inputs import pack, write_small_book

ALEX = PLAYERS["alex"]


def test_beyond_ascension_progress():
    progress = read_progress(pack("beyond-ascension-server") / "world")
    teams = progress.teams()
    assert list(teams.columns) == list(TEAM_SCHEMA)
    assert len(teams) == 4 and teams["n_completed"].between(11, 17).all()
    assert set(teams["layout"]) == {"player_data"}
    book = read_quest_book(pack("beyond-ascension-server"))
    assert progress.check(book).empty  # every id in the progress is in the book
    players = progress.players()
    assert list(players.columns) == list(PLAYER_SCHEMA) and len(players) == 4


def test_techscape_team_reward_and_group_ids():
    progress = read_progress(pack("techscape-eras"))
    claimed = [r for t in progress.teams_by_id.values() for r in t.claimed_rewards]
    assert any(player == ZERO_UUID for player, _ in claimed)
    book = read_quest_book(pack("techscape-eras"))
    completed = {o for t in progress.teams_by_id.values() for o in t.completed}
    assert any(book.object_types.get(o) == "chapter_group" for o in completed)


def test_old_layout_and_a_different_book():
    progress = read_progress(pack("server-1.18-progress-only"))
    team = next(iter(progress.teams_by_id.values()))
    assert team.layout == "top_level" and team.task_progress == {"7CE16FEEA03DBE1F": 1}
    other = read_quest_book(pack("beyond-ascension-server"))
    assert len(progress.check(other)) == 4
    with pytest.raises(ProgressBookMismatchError, match="3 of 4 object ids .* belongs to another book"):
        visible_guides(other, progress, team.team_id)


def test_progress_errors(tmp_path):
    with pytest.raises(ProgressNotFoundError, match="no FTB Quests progress"):
        read_progress(tmp_path)
    (tmp_path / "ftbquests").mkdir()
    bad = tmp_path / "ftbquests" / "11111111-2222-3333-4444-555555555555.snbt"
    bad.write_text("{\n\tcompleted: { 0A: 1L\n", "utf-8")
    with pytest.raises(SnbtSyntaxError, match=r"555555555555\.snbt:3:1: unexpected end of file"):
        read_progress(tmp_path, strict=True)
    lenient = read_progress(tmp_path)  # lenient by default
    assert lenient.problems()["kind"].tolist() == ["syntax"] and lenient.teams().empty
    assert list(lenient.completions().columns) == list(COMPLETION_SCHEMA)
    with pytest.raises(UnknownPlayerError, match="has no team progress here"):
        lenient.team_of(ALEX)


def test_a_team_file_is_read_into_team_progress(tmp_path):
    folder = tmp_path / "ftbquests"
    folder.mkdir()
    team_uuid = "11111111-2222-3333-4444-555555555555"
    (folder / f"{team_uuid}.snbt").write_text(
        "{\n"
        f'\tuuid: "{team_uuid.replace("-", "")}"\n'
        '\tname: "Alex"\n'
        '\tcompleted: { "00000000000000A1": 1700000000000L }\n'
        '\tstarted: { "00000000000000A1": 1690000000000L, "00000000000000A2": 1690000000001L }\n'
        '\ttask_progress: { "00000000000000B1": 3L }\n'
        '\tclaimed_rewards: { "00000000000000000000000000000000:00000000000000D1": 1700000000000L }\n'
        "}\n",
        "utf-8",
    )
    (folder / "notateam.snbt").write_text("{ broken", "utf-8")  # no dash in the name: not read, as FTB does
    progress = read_progress(tmp_path, strict=True)
    team = progress.teams_by_id[team_uuid]
    assert team.is_completed("00000000000000A1") and not team.is_completed("00000000000000A2")
    assert team.is_started("00000000000000A2") and not team.is_started("00000000000000B1")
    assert team.task_progress == {"00000000000000B1": 3}
    assert team.claimed_rewards == ((ZERO_UUID, "00000000000000D1"),)
    assert team.recorded_ids == {"00000000000000A1", "00000000000000A2", "00000000000000B1", "00000000000000D1"}
    assert progress.problems().empty


def test_an_empty_team_has_no_progress_and_itself_as_member():
    team = empty_team(ALEX, name="Alex")
    assert (team.team_id, team.name, team.members, team.team_type) == (ALEX, "Alex", (ALEX,), "player")
    assert team.recorded_ids == set() and not team.is_completed("00000000000000A1")


def test_require_book_refuses_progress_of_another_book(tmp_path):
    book = read_quest_book(write_small_book(tmp_path / "book"))
    team = dataclasses.replace(empty_team(ALEX), path="team.snbt")
    require_book(team, book)  # nothing recorded: nothing to compare
    known = dataclasses.replace(team, completed={"00000000000000A1": 1, "00000000000000FF": 1})
    require_book(known, book)  # half unknown: within the default bound
    with pytest.raises(ProgressBookMismatchError, match=r"team\.snbt: 1 of 2 object ids .* are not in the quest book"):
        require_book(known, book, max_unknown=0.25)
    other = dataclasses.replace(team, completed={"00000000000000EE": 1, "00000000000000FF": 1, "00000000000000A1": 1})
    with pytest.raises(ProgressBookMismatchError, match=r"for example 00000000000000EE, 00000000000000FF"):
        require_book(other, book)
