"""kit.ftb.visibility: the visibility rules on the sample book and written books (read_progress is in test_progress.py)."""

from __future__ import annotations

import dataclasses

import pytest

import kit
from kit.ftb.book import read_quest_book
from kit.ftb.guides import GuideRule, guide_id
from kit.ftb.ingest import reload
from kit.ftb.progress import (
    empty_team,
    read_progress,
)
from kit.ftb.visibility import (
    VISIBILITY_SCHEMA,
    quest_visibility,
    visible_guides,
    visible_quests,
)
from kit.samples.quests import PARTY_UUID, sample_quest_ids, write_quests
from kit.samples.saves import PLAYERS

ALEX, MEI, SAM = PLAYERS["alex"], PLAYERS["mei"], PLAYERS["sam"]


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    folder = tmp_path_factory.mktemp("aurora")
    write_quests(folder)
    return folder, read_quest_book(folder), read_progress(folder)


KEYS = sample_quest_ids()  # quest key -> id
NAMES = {v: k for k, v in KEYS.items()}


def keys(ids):
    return sorted(NAMES[i] for i in ids)


# -- the sample book: one rule at a time ----------------------------------------------------------


def test_sample_teams(sample):
    _, book, progress = sample
    assert progress.team_of(ALEX).team_id == PARTY_UUID == progress.team_of(MEI).team_id
    assert progress.team_of(SAM).team_id == SAM
    assert progress.check(book).empty and book.problems().empty


def test_sample_visibility_rules(sample):
    _, book, progress = sample
    party = quest_visibility(book, progress, ALEX)
    solo = quest_visibility(book, progress, SAM)
    assert list(party.columns) == list(VISIBILITY_SCHEMA)
    p = party.set_index(party["quest_id"].map(NAMES))
    s = solo.set_index(solo["quest_id"].map(NAMES))
    # hide_until_deps_complete: the third getting-started guide needs the second one completed
    assert p.loc["guide/getting_started/2", "is_visible"] and not s.loc["guide/getting_started/2", "is_visible"]
    assert s.loc["guide/getting_started/2", "reason"] == "hidden until dependencies complete"
    # ...and what depends on it stays visible (default rule: any dependency visible) only when that is
    assert not s.loc["guide/getting_started/3", "is_visible"]
    # hide_details_until_startable: needs the Frost Age entry quest completed
    assert p.loc["guide/frost_age/0", "is_readable"] and not s.loc["guide/frost_age/0", "is_readable"]
    assert s.loc["guide/frost_age/0", "is_visible"]
    assert s.loc["guide/frost_age/0", "reason"] == "details hidden until startable"
    # hide_text_until_complete: nobody completed it
    assert p.loc["guide/frost_age/1", "is_visible"] and not p.loc["guide/frost_age/1", "is_readable"]
    # invisible, and the chapter-wide hide_quest_until_deps_visible of Skyways behind it
    assert not p.loc["guide/frost_age/2", "is_visible"] and not p.loc["guide/skyways/1", "is_visible"]
    assert p.loc["guide/skyways/0", "is_visible"]
    # exclusive choice: the party took the frost path, so the sky path is excluded
    assert not p.loc["path_sky", "is_visible"] and p.loc["path_sky", "reason"] == "excluded by another quest line"
    assert s.loc["path_sky", "is_visible"]
    # always_invisible chapter
    assert not p.loc["staff_tools", "is_readable"] and not p.loc["staff_tools", "is_reachable"]


def test_visible_guides_per_player(sample):
    _, book, progress = sample
    party = set(keys(visible_guides(book, progress, ALEX)))
    assert party == set(keys(visible_guides(book, progress, MEI)))
    solo = set(keys(visible_guides(book, progress, SAM)))
    assert party - solo == {"guide/getting_started/2", "guide/getting_started/3", "guide/frost_age/0"}
    assert solo - party == {"path_sky"}
    hidden_for_all = {"guide/frost_age/1", "guide/frost_age/2", "guide/skyways/1", "staff_tools"}
    assert not (party | solo) & hidden_for_all
    assert "staff_tools" not in keys(visible_quests(book, progress, SAM))


def test_invisible_until_completed(sample):
    _, book, _ = sample
    vault = KEYS["guide/frost_age/2"]
    team = empty_team(SAM)
    assert vault not in visible_quests(book, team)
    done = dataclasses.replace(team, completed={vault: 1})
    assert vault in visible_quests(book, done)
    assert KEYS["guide/skyways/1"] in visible_quests(book, done)  # its dependency became visible


def test_ask_with_a_quest_book_never_returns_hidden_guides(sample):
    folder, book, progress = sample
    save = kit.open_save(folder)
    reload(save, book, languages=["zh_cn"])
    shared = save.databases.shared()
    for language in ("en_us", "zh_cn"):
        for doc in shared.entries(kit.FTB_GUIDES)[language]:
            question = doc.title
            for player in (ALEX, SAM):
                allowed = {guide_id(q) for q in visible_guides(book, progress, player)}
                found = kit.ask(save, player, question, language=language, quest_book=book, progress=progress)
                ftb = set(found.loc[found["scope"] == "ftb", "doc_id"])
                assert ftb <= allowed
                if doc.id in allowed:
                    assert doc.id in ftb  # searching a readable guide's title finds it
    save.close()


def test_cycles_hide_quests(tmp_path):
    (tmp_path / "chapters").mkdir()
    (tmp_path / "data.snbt").write_text("{ version: 13 }", "utf-8")
    (tmp_path / "chapters" / "c.snbt").write_text(
        '{ id: "00000000000000C1", quests: [\n'
        '{ id: "00000000000000A1", dependencies: ["00000000000000A2"] }\n'
        '{ id: "00000000000000A2", dependencies: ["00000000000000A1"] }\n'
        '{ id: "00000000000000A3" } ] }',
        "utf-8",
    )
    book = read_quest_book(tmp_path)
    assert visible_quests(book, empty_team(SAM)) == ["00000000000000A3"]
    assert book.problems()["kind"].tolist() == ["dependency_cycle"]


def test_sample_is_deterministic(tmp_path):
    write_quests(tmp_path / "a")
    write_quests(tmp_path / "b")
    files_a = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.snbt"))
    files_b = sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*.snbt"))
    assert files_a == files_b and len(files_a) == 23  # 14 book files, 4 team files, 5 FTB Teams files
    assert all((tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes() for f in files_a)
    # writing again replaces the quest folders (no leftovers)
    (tmp_path / "a" / "ftbquests" / "stale-team.snbt").write_text("{}", "utf-8")
    write_quests(tmp_path / "a")
    assert not (tmp_path / "a" / "ftbquests" / "stale-team.snbt").exists()


def test_sample_book_languages(sample):
    _, book, _ = sample
    langs = book.languages().set_index("language")
    assert langs.loc["zh_cn", "n_missing"] == 3  # "heat_exchangers": title, subtitle, description
    missing = book.missing_translations("zh_cn")
    assert set(missing["object_id"]) == {KEYS["heat_exchangers"]}


def _book(tmp_path, chapters):
    """A book from {chapter hex id: (chapter fields, [quest dicts])}, written with kit's SNBT writer."""
    from kit.ftb.snbt import dumps

    (tmp_path / "chapters").mkdir()
    (tmp_path / "data.snbt").write_text(dumps({"version": 13, "hide_excluded_quests": True}), "utf-8")
    for chapter_id, (fields, quests) in chapters.items():
        data = {"id": chapter_id, "filename": chapter_id, "quests": quests, **fields}
        (tmp_path / "chapters" / f"{chapter_id}.snbt").write_text(dumps(data), "utf-8")
    return read_quest_book(tmp_path)


def _id(n):
    """Quest n -> id 0x100 + n (id 1 is the book's); a string is a chapter id suffix ("C2")."""
    return n.rjust(16, "0") if isinstance(n, str) else f"{0x100 + n:016X}"


def _q(n, deps=(), tasks=0, **flags):
    tasks = [{"id": f"{0x10000 + n * 16 + i:016X}", "type": "checkmark"} for i in range(1, tasks + 1)]
    quest = {"id": _id(n), "tasks": tasks}
    if deps:
        quest["dependencies"] = [_id(d) for d in deps]
    quest.update(flags)
    return quest


def _numbers(ids):
    return {int(q, 16) - 0x100 for q in ids}


def test_dependency_rules_in_detail(tmp_path):
    book = _book(
        tmp_path,
        {
            "00000000000000C1": (
                {},
                [
                    _q(1),
                    _q(2),
                    _q(3, invisible=True),
                    _q(10, [1, 2], hide_until_deps_complete=True, min_required_dependencies=3),  # min > deps: never
                    _q(11, [1, 2], hide_until_deps_complete=True, dependency_requirement="one_started"),
                    _q(12, [3], hide=True, hide_until_deps_visible=False),  # legacy "hide" wins
                    _q(13, ["C2"]),  # depends on a chapter (visible: it holds a visible quest)
                    _q(14, ["C3"]),  # depends on an always-invisible chapter
                    _q(15, [2], tasks=2, invisible=True, invisible_until_tasks=1),
                ],
            ),
            "00000000000000C2": ({}, [_q(20)]),
            "00000000000000C3": ({"always_invisible": True}, [_q(30)]),
        },
    )
    started = dataclasses.replace(empty_team(SAM), started={_id(2): 1}, completed={f"{0x10000 + 15 * 16 + 1:016X}": 1})
    visible = _numbers(visible_quests(book, started))
    assert 10 not in visible
    assert 11 in visible  # quest 2 is started
    assert 12 not in visible  # hidden until quest 3 (invisible) is visible
    assert 13 in visible and 14 not in visible
    assert 15 in visible  # one of its two tasks is complete
    assert 11 not in _numbers(visible_quests(book, empty_team(SAM)))


def test_exclusion_follows_quest_lines(tmp_path):
    # 1 allows one dependent; 2 and 3 depend on it; 4 depends on 3; 5 needs 3 or 6 (one_completed)
    book = _book(
        tmp_path,
        {
            "00000000000000C1": (
                {},
                [
                    _q(1, max_completable_dependents=1),
                    _q(2, [1]),
                    _q(3, [1]),
                    _q(4, [3]),
                    _q(5, [3, 6], dependency_requirement="one_completed"),
                    _q(6),
                ],
            )
        },
    )
    chose_2 = dataclasses.replace(empty_team(SAM), completed={_id(1): 1, _id(2): 1})
    visible = _numbers(visible_quests(book, chose_2))
    assert {1, 2, 6, 5} <= visible and not {3, 4} & visible  # 4 is excluded through 3; 5 still has 6


def test_visible_guides_are_the_readable_rows_of_quest_visibility(sample):
    folder, book, progress = sample
    for player in (ALEX, MEI, SAM):
        frame = quest_visibility(book, progress, player)
        assert visible_guides(book, progress, player) == sorted(frame.loc[frame["is_readable"], "quest_id"])
    for rule in (GuideRule(min_description_chars=300), GuideRule(long_description_chars=100)):
        frame = quest_visibility(book, progress, SAM, rule=rule)
        assert visible_guides(book, progress, SAM, rule=rule) == sorted(frame.loc[frame["is_readable"], "quest_id"])
