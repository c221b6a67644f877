"""The sample FTB Quests book and team progress: deterministic files that kit.ftb reads without a problem."""

from __future__ import annotations

import re

import pytest

import kit.ftb
from kit.samples import sample_save_path
from kit.samples.quests import PARTY_UUID, quest_id, sample_quest_ids, write_quests
from kit.samples.saves import PLAYERS
from tests.samples.samples_inputs import tree

FOLDERS = ("config/ftbquests", "ftbquests", "ftbteams")


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    save = tmp_path_factory.mktemp("save")
    write_quests(save)
    return save


def test_quest_ids_are_16_hex_digits_and_stable():
    assert re.fullmatch(r"[0-9A-F]{16}", quest_id("crossroads"))
    assert quest_id("crossroads") == quest_id("crossroads") != quest_id("crossroads/task0")
    ids = sample_quest_ids()
    assert len(set(ids.values())) == len(ids) >= 30
    assert ids["crossroads"] == quest_id("crossroads") and next(iter(ids)).startswith("entry/")


def test_the_committed_book_and_teams_are_what_the_writer_writes(written):
    for folder in FOLDERS:
        assert tree(written / folder) == tree(sample_save_path() / folder), folder


def test_rewriting_replaces_the_old_folders(written, tmp_path):
    (tmp_path / "ftbquests").mkdir()
    (tmp_path / "ftbquests" / "stale.snbt").write_text("{}", encoding="utf-8")
    write_quests(tmp_path)
    for folder in FOLDERS:
        assert tree(tmp_path / folder) == tree(written / folder), folder


def test_kit_reads_the_book_without_problems_in_both_languages(written):
    book = kit.ftb.read_quest_book(written)
    assert len(book.problems()) == 0
    quests = book.quests()
    assert set(quests["quest_id"]) == set(sample_quest_ids().values())
    languages = book.languages().set_index("language")
    assert set(languages.index) == {"en_us", "zh_cn"} and languages.loc["en_us", "n_missing"] == 0
    assert languages.loc["zh_cn", "n_missing"] > 0  # one guide has English text only


def test_kit_reads_the_teams_and_their_progress(written):
    progress = kit.ftb.read_progress(written)
    assert len(progress.problems()) == 0
    assert progress.player_names == {uuid: name for name, uuid in PLAYERS.items()}
    assert progress.player_team[PLAYERS["alex"]] == progress.player_team[PLAYERS["mei"]] == PARTY_UUID
    assert progress.player_team[PLAYERS["sam"]] == PLAYERS["sam"]
    ids = sample_quest_ids()
    party = progress.team_of(PLAYERS["mei"])
    assert party.is_completed(ids["crossroads"]) and party.is_completed(ids["path_frost"])
    sam = progress.team_of(PLAYERS["sam"])
    assert sam.is_completed(ids["entry/getting_started"]) and not sam.is_completed(ids["crossroads"])
