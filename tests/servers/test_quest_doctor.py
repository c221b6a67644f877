"""The pack doctor with quest checks (kit.servers.doctor, Server.doctor); the CLI is in test_cli.py."""

from __future__ import annotations

from pathlib import Path

import pytest

import kit
import kit.items
from kit.ftb import read_quest_book
from kit.servers.quest_doctor import DEPENDENCY_SCHEMA, QUEST_KINDS
from tests.servers.servers_inputs import BOOK, PACK, Q, write

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def report(tmp_path):
    packs = kit.items.load_datapacks(write(tmp_path / "p", PACK), strict=False)
    book = read_quest_book(write(tmp_path / "pack", BOOK), strict=False)
    return kit.servers.doctor(packs, book)


def test_quest_checks(report) -> None:
    p = report.problems()
    by_kind = {k: g.set_index("object_id") for k, g in p.groupby("kind")}
    bad = by_kind["uncompletable_quest"]
    assert sorted(bad.index) == sorted([Q[2], Q[3], Q[4], Q[5], Q[7]])
    assert "needs t:ghost" in bad.loc[Q[2], "message"] and "no language key" in bad.loc[Q[2], "message"]
    assert f"waits for quest {Q[2]}" in bad.loc[Q[3], "message"]
    assert "dependency cycle" in bad.loc[Q[4], "message"]
    assert "needs t:locked" in bad.loc[Q[7], "message"] and "recipe t:locked needs t:part" in bad.loc[Q[7], "message"]
    assert list(by_kind["quest_dependency_cycle"].index) == [Q[4]]
    assert Q[5] in by_kind["quest_dependency_cycle"].iloc[0]["message"]
    assert list(by_kind["missing_dependency"].index) == [Q[6]]
    assert "DEADBEEF" in by_kind["missing_dependency"].iloc[0]["message"]
    assert "t:ghost" in set(by_kind["missing_item"].index)  # the quest's item is checked like any other
    assert Q[8] not in bad.index  # "one_completed": one obtainable dependency is enough
    assert set(QUEST_KINDS) <= set(report.summary()["kind"]) and report.has_errors


def test_quest_dependencies_across_chapters(report) -> None:
    deps = report.quest_dependencies()
    assert list(deps.columns) == list(DEPENDENCY_SCHEMA)
    cross = deps[~deps["same_chapter"]]
    assert list(zip(cross["quest_id"], cross["depends_on"])) == [(Q[7], Q[1])]
    assert (cross["depends_on_chapter_id"] == "000000000000000A").all()
    assert Q[6] not in set(deps["quest_id"])  # FTB dropped the missing dependency


def test_without_a_quest_book_only_the_item_checks_run(tmp_path) -> None:
    r = kit.servers.doctor(kit.items.load_datapacks(write(tmp_path / "p", PACK), strict=False))
    assert set(r.problems()["kind"]) == {"unobtainable_item"} and len(r.quest_dependencies()) == 0


def test_server_doctor_uses_the_servers_quest_book_and_extra_packs(tmp_path) -> None:
    server = kit.open_server(REPO / "sample_saves" / "modded_server")
    report = server.doctor()
    assert "uncompletable_quest" in set(report.problems()["kind"])
    draft = write(
        tmp_path / "draft",
        {
            "data/t/recipe/x.json": {
                "type": "minecraft:crafting_shapeless",
                "ingredients": ["#t:nowhere"],
                "result": "t:x",
            }
        },
    )
    with_draft = server.doctor(extra_packs=[draft])
    assert "t:nowhere" in set(with_draft.problems().query("kind == 'undefined_tag'")["object_id"])
    assert "t:nowhere" not in set(report.problems()["object_id"])
