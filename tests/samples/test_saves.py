"""The sample save's databases: written deterministically, read back by kit's database reader as written."""

from __future__ import annotations

import pytest

import kit
from kit.samples import guides, sample_save_path
from kit.samples.saves import LEGACY_PLAYER, NOTES, PLAYERS, WAYPOINTS, Waypoint, write_databases
from kit.saves.database import DATABASE_FOLDER
from kit.saves.tables import FTB_GUIDES, KNOWLEDGE, QUEST_BACKGROUNDS
from tests.samples.samples_inputs import tree


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    save = tmp_path_factory.mktemp("save")
    write_databases(save)
    return save


def test_writing_twice_gives_the_same_bytes_without_lock_files(written, tmp_path):
    write_databases(tmp_path)
    (tmp_path / DATABASE_FOLDER / "players" / "stale.dat").write_bytes(b"old")
    write_databases(tmp_path)  # the folder is rewritten, not merged
    files = tree(tmp_path / DATABASE_FOLDER)
    assert files == tree(written / DATABASE_FOLDER)
    assert not any(name.endswith(".lock") for name in files)


def test_the_committed_player_databases_are_what_the_writer_writes(written):
    # the shared database of the committed save also holds the ingested quest guides (kit.samples.saves.ingest_guides)
    committed = tree(sample_save_path() / DATABASE_FOLDER / "players")
    assert tree(written / DATABASE_FOLDER / "players") == committed


def test_kit_reads_every_database_back(written):
    with kit.open_save(written) as save:
        dbs = save.databases
        assert sorted(dbs.player_uuids()) == sorted([*PLAYERS.values(), LEGACY_PLAYER])
        shared = dbs.shared()
        assert len(shared.problems()) == 0
        for language in ("en_us", "zh_cn"):
            assert shared.get(KNOWLEDGE, language) == guides.knowledge_documents(language)
            assert shared.get(FTB_GUIDES, language) == guides.ftb_guides(language)
        assert shared.entries(QUEST_BACKGROUNDS) == guides.quest_backgrounds()
        for name, player_uuid in PLAYERS.items():
            db = dbs.player(player_uuid)
            assert len(db.problems()) == 0, name
            assert db.entries(NOTES) == guides.player_notes(name)
            assert db.get(KNOWLEDGE, "zh_cn") == guides.player_knowledge(name, "zh_cn")
        assert dbs.player(PLAYERS["alex"]).get(WAYPOINTS, "home") == Waypoint(
            "minecraft:overworld", 2210, 71, -870, "Copperhold workshop"
        )
        assert dbs.player(PLAYERS["sam"]).entries(WAYPOINTS) == {
            "stash": Waypoint("minecraft:overworld", 6120, 38, 7340, "Sunken Observatory #3")
        }


def test_the_legacy_player_file_is_read_like_the_others(written):
    path = written / DATABASE_FOLDER / "players" / f"{LEGACY_PLAYER}.dat"
    assert not path.read_bytes().startswith(b"\x1f\x8b")  # not gzip: the old uncompressed form
    with kit.open_save(written) as save:
        notes = save.databases.player(LEGACY_PLAYER).entries(NOTES)
    assert list(notes) == ["welcome"] and "older server build" in notes["welcome"]
