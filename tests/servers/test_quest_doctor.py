"""The pack doctor with quest checks (kit.servers.doctor, Server.doctor) and ``python -m kit doctor``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kit
import kit.items
from kit.cli import main
from kit.ftb import read_quest_book
from kit.servers.quest_doctor import DEPENDENCY_SCHEMA, QUEST_KINDS

REPO = Path(__file__).resolve().parents[2]


def write(root: Path, files: dict) -> Path:
    for rel, value in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(value if isinstance(value, str) else json.dumps(value), encoding="utf-8")
    return root


PACK = {
    "assets/t/lang/en_us.json": {"item.t.gold": "Gold", "item.t.locked": "Locked", "item.t.part": "Part"},
    "data/t/loot_table/chests/x.json": {
        "type": "minecraft:chest",
        "pools": [{"rolls": 1, "entries": [{"type": "minecraft:item", "name": "t:gold"}]}],
    },
    "data/t/recipe/locked.json": {
        "type": "minecraft:crafting_shapeless",
        "ingredients": ["t:part"],
        "result": {"id": "t:locked"},
    },
}


def quest(qid: str, *, item: str = "", deps: tuple[str, ...] = (), extra: str = "") -> str:
    kind = f'type: "item", item: "{item}"' if item else 'type: "checkmark"'
    task = f'{{ id: "{qid[:-1]}F", {kind} }}'
    dep = f" dependencies: [{', '.join(chr(34) + d + chr(34) for d in deps)}]" if deps else ""
    return f'\t\t{{ id: "{qid}", x: 0.0d, y: 0.0d,{dep}{extra} tasks: [{task}] }}\n'


def chapter(cid: str, name: str, quests: list[str]) -> str:
    return f'{{\n\tid: "{cid}"\n\tfilename: "{name}"\n\torder_index: 0\n\tquests: [\n{"".join(quests)}\t]\n}}\n'


Q = {n: f"00000000000000{n}0" for n in range(1, 9)}
BOOK = {
    "config/ftbquests/quests/data.snbt": "{\n\tversion: 13\n}\n",
    "config/ftbquests/quests/chapters/a.snbt": chapter(
        "000000000000000A",
        "a",
        [
            quest(Q[1], item="t:gold"),
            quest(Q[2], item="t:ghost"),  # a missing item
            quest(Q[3], deps=(Q[2],)),  # waits for an uncompletable quest
            quest(Q[4], deps=(Q[5],)),
            quest(Q[5], deps=(Q[4],)),  # a cycle
            quest(Q[6], deps=("00000000DEADBEEF",)),  # a dependency no quest has
            quest(Q[8], deps=(Q[1], Q[2]), extra=' dependency_requirement: "one_completed"'),
        ],
    ),
    "config/ftbquests/quests/chapters/b.snbt": chapter(
        "000000000000000B",
        "b",
        [
            quest(Q[7], item="t:locked", deps=(Q[1],)),  # needs an unobtainable item, other chapter
        ],
    ),
}


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


def test_cli_doctor_formats_and_exit_status(tmp_path, capsys) -> None:
    pack = write(tmp_path / "p", PACK)
    book = write(tmp_path / "pack", BOOK)
    assert main(["doctor", str(pack), "--quest-book", str(book)]) == 1
    text = capsys.readouterr().out
    assert text.index("problems:") < text.index("uncompletable_quest (5):") and "unobtainable_item" in text
    assert main(["doctor", str(pack), "--format", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)  # stdout holds the one document
    assert doc["summary"]["unobtainable_item"] == 2 and doc["problems"][0]["kind"] == "unobtainable_item"
    assert main(["doctor", str(pack), "--format", "csv"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("severity,kind,object_id,field,message,path,related_id,pack\n") and out.count("\n") == 3
    clean = write(
        tmp_path / "clean",
        {
            "assets/t/lang/en_us.json": {"item.t.gold": "Gold"},
            "data/t/loot_table/chests/x.json": PACK["data/t/loot_table/chests/x.json"],
        },
    )
    assert main(["doctor", str(clean)]) == 0
    assert main(["doctor", str(tmp_path / "nope")]) == 2
