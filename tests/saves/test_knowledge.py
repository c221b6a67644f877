"""Indexes inside the databases (prepare_index / search) and question aggregation (kit.ask)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

import kit
from kit.saves.knowledge import ASK_COLUMNS, InvalidLanguageError, ask

ALEX = "6f1c2a4e-5b7d-4e21-9a3c-0d8e7f6a5b41"
MEI = "a2d4e6f8-1b3c-4d5e-8f70-91a2b3c4d5e6"
D = kit.Document


@pytest.fixture
def save(tmp_path: Path):
    with kit.open_save(tmp_path) as opened:
        dbs = opened.databases
        dbs.shared().put(
            kit.KNOWLEDGE,
            "en_us",
            [
                D(
                    "ores/iron",
                    "Iron ore",
                    "Iron ore appears between Y=-24 and Y=56.\n\nSmelt raw iron in a blast furnace.",
                ),
                D("ores/gold", "Gold ore", "Gold is common in badlands mesas."),
            ],
        )
        dbs.shared().put(kit.KNOWLEDGE, "zh_cn", [D("ores/iron", "铁矿", "铁矿石分布在 Y=-24 到 Y=56 之间。")])
        dbs.shared().put(
            kit.FTB_GUIDES,
            "en_us",
            [
                D("ftb:0000000000000001", "Chapter 1 guide", "Build a furnace and smelt iron."),
                D("ftb:0000000000000002", "Secret guide", "The hidden vault of iron lies under spawn."),
            ],
        )
        dbs.player(ALEX).put(kit.KNOWLEDGE, "en_us", [D("alex/base", "My base", "My iron farm is north of the base.")])
        dbs.player(MEI).put(kit.KNOWLEDGE, "en_us", [D("mei/notes", "Mei notes", "Mei keeps iron in chest 42.")])
        yield opened


def test_index_is_reused_until_the_table_changes(save) -> None:
    db = save.databases.shared()
    first = db.prepare_index(kit.KNOWLEDGE, "en_us")
    assert db.prepare_index("system:knowledge", "en_us") is first
    assert db.prepare_index(kit.KNOWLEDGE, "en_us", weighting="bm25") is not first  # settings are part of the key
    db.put(kit.KNOWLEDGE, "en_us", [D("ores/copper", "Copper", "Copper oxidises over time.")])
    second = db.prepare_index(kit.KNOWLEDGE, "en_us")
    assert second is not first
    assert db.search(kit.KNOWLEDGE, "en_us", "copper")["doc_id"].tolist() == ["ores/copper"]
    assert db.search(kit.KNOWLEDGE, "en_us", "iron").empty  # the old documents are gone from the index


def test_a_write_to_another_table_also_invalidates(save) -> None:
    db = save.databases.shared()
    first = db.prepare_index(kit.KNOWLEDGE, "en_us")
    db.put(kit.QUEST_BACKGROUNDS, "q", "combat")
    assert db.prepare_index(kit.KNOWLEDGE, "en_us") is not first


def test_background_build_returns_a_future(save) -> None:
    db = save.databases.shared()
    future = db.prepare_index(kit.KNOWLEDGE, "en_us", background=True)
    index = future.result(timeout=60)
    assert index is db.prepare_index(kit.KNOWLEDGE, "en_us")


def test_building_does_not_hold_the_write_lock(save, monkeypatch) -> None:
    import kit.saves.handle as database

    db = save.databases.shared()
    started, release = threading.Event(), threading.Event()
    real_build = database._build_index

    def slow_build(documents, settings):
        started.set()
        assert release.wait(10)
        return real_build(documents, settings)

    monkeypatch.setattr(database, "_build_index", slow_build)
    future = db.prepare_index(kit.KNOWLEDGE, "en_us", background=True)
    assert started.wait(10)
    db.put(kit.QUEST_BACKGROUNDS, "q", "combat")  # would deadlock if the build held the write lock
    release.set()
    monkeypatch.setattr(database, "_build_index", real_build)
    index = future.result(timeout=60)
    # the write happened during the build, so that build was discarded and a current one returned
    assert index is db.prepare_index(kit.KNOWLEDGE, "en_us")


def test_search_bad_input(save) -> None:
    db = save.databases.shared()
    empty = db.search(kit.KNOWLEDGE, "fr_fr", "iron")  # a language without documents
    assert empty.empty and list(empty.columns) == ["rank", "doc_id", "paragraph_index", "score", "title", "text"]
    assert db.search(kit.KNOWLEDGE, "en_us", "iron", allowed_ids=["nope"]).empty
    with pytest.raises(InvalidLanguageError, match="invalid language '../x'"):
        db.search(kit.KNOWLEDGE, "../x", "iron")
    with pytest.raises(TypeError, match="not a documents table"):
        db.search(kit.QUEST_BACKGROUNDS, "en_us", "iron")
    with pytest.raises(ValueError, match="limit"):
        db.search(kit.KNOWLEDGE, "en_us", "iron", limit=0)


def test_ask_gathers_player_shared_and_allowed_guides(save) -> None:
    result = ask(save, ALEX, "where is iron", language="en_us", allowed_guide_ids=["ftb:0000000000000001"])
    assert list(result.columns) == ASK_COLUMNS
    assert result["scope"].tolist() == ["player", "shared", "shared", "ftb"]
    assert result.loc[result.scope == "player", "doc_id"].tolist() == ["alex/base"]
    assert result.loc[result.scope == "ftb", "doc_id"].tolist() == ["ftb:0000000000000001"]
    assert "mei" not in " ".join(result["doc_id"])  # never another player's data


def test_ask_without_guide_permission_skips_guides(save) -> None:
    result = ask(save, MEI, "iron", language="en_us")
    assert set(result["scope"]) == {"player", "shared"}
    assert "ftb:0000000000000002" not in result["doc_id"].tolist()
    assert result.loc[result.scope == "player", "doc_id"].tolist() == ["mei/notes"]


def test_ask_has_no_language_fallback(save) -> None:
    result = ask(save, ALEX, "iron", language="zh_cn")
    assert result.empty or set(result["scope"]) == {"shared"}
    assert ask(save, ALEX, "铁矿", language="zh_cn")["doc_id"].tolist() == ["ores/iron"]
    assert ask(save, ALEX, "iron", language="de_de").empty


def test_ask_limits_each_scope_to_five(tmp_path: Path) -> None:
    with kit.open_save(tmp_path) as save:
        docs = [D(f"d{i:02d}", f"Iron {i}", f"iron fact number {i}") for i in range(12)]
        save.databases.shared().put(kit.KNOWLEDGE, "en_us", docs)
        save.databases.player(ALEX).put(kit.KNOWLEDGE, "en_us", docs)
        result = ask(save, ALEX, "iron fact", language="en_us")
    assert result["scope"].value_counts().to_dict() == {"player": 5, "shared": 5}
    assert result.groupby("scope")["rank"].apply(list).to_dict() == {
        "player": [1, 2, 3, 4, 5],
        "shared": [1, 2, 3, 4, 5],
    }


def test_ask_reports_storage_errors(save) -> None:
    path = save.databases.player_path(MEI)
    save.databases.close()
    path.write_bytes(b"corrupt")
    with kit.open_save(save.path) as again:
        with pytest.raises(kit.StorageError, match="cannot decode database"):
            ask(again, MEI, "iron", language="en_us")
        with pytest.raises(kit.InvalidIdentifierError):
            ask(again, "../" + MEI, "iron", language="en_us")


def test_ask_with_a_quest_book_never_shows_guides_the_team_cannot_see() -> None:
    """On the sample save: sam's solo team cannot read some guides that alex's party can."""
    import kit.ftb
    from kit.samples import sample_save_path
    from kit.samples.saves import PLAYERS

    with kit.open_save(sample_save_path()) as save:
        book = kit.ftb.read_quest_book(save.path)
        progress = kit.ftb.read_progress(save)
        sam_can = {kit.ftb.guide_id(q) for q in kit.ftb.visible_guides(book, progress, PLAYERS["sam"])}
        alex_can = {kit.ftb.guide_id(q) for q in kit.ftb.visible_guides(book, progress, PLAYERS["alex"])}
        hidden_from_sam = sorted(alex_can - sam_can)
        assert hidden_from_sam
        guides = {d.id: d for d in save.databases.shared().documents(kit.FTB_GUIDES)["en_us"]}
        for doc_id in hidden_from_sam:
            question = guides[doc_id].title
            for_alex = kit.ask(save, PLAYERS["alex"], question, language="en_us", quest_book=book, progress=progress)
            for_sam = kit.ask(save, PLAYERS["sam"], question, language="en_us", quest_book=book)
            assert doc_id in for_alex.loc[for_alex.scope == "ftb", "doc_id"].tolist()
            assert set(for_sam.loc[for_sam.scope == "ftb", "doc_id"]) <= sam_can
            assert doc_id not in for_sam["doc_id"].tolist()
        # an explicit allow-list can only narrow what the team may read, never widen it
        narrowed = kit.ask(
            save, PLAYERS["sam"], "guide", language="en_us", quest_book=book, allowed_guide_ids=hidden_from_sam
        )
        assert narrowed.loc[narrowed.scope == "ftb"].empty


class _Guides:
    """A GuideSource written for the test: it allows both guides and withholds the ones listed as stale."""

    def __init__(self, stale: set[str]) -> None:
        self.stale = stale
        self.calls: list[str] = []

    def readable_guide_ids(self, save, player_uuid, *, progress=None):
        self.calls.append("readable")
        return ["ftb:0000000000000001", "ftb:0000000000000002"]

    def ensure_guides(self, save, language):
        self.calls.append("ensure")
        return False

    def servable_guide_ids(self, save, language, guide_ids):
        self.calls.append("servable")
        return [g for g in guide_ids if g not in self.stale]


def test_ask_uses_the_guide_source_contract(save) -> None:
    from kit.core.contracts import GuideSource

    fresh = _Guides(stale=set())
    assert isinstance(fresh, GuideSource)
    found = ask(save, ALEX, "iron", language="en_us", quest_book=fresh)
    assert set(found.loc[found.scope == "ftb", "doc_id"]) == {"ftb:0000000000000001", "ftb:0000000000000002"}
    assert fresh.calls == ["readable", "ensure", "servable"]
    # a stale guide is never returned: the search is repeated without it and the other guide still comes back
    stale = _Guides(stale={"ftb:0000000000000002"})
    found = ask(save, ALEX, "iron", language="en_us", quest_book=stale)
    assert found.loc[found.scope == "ftb", "doc_id"].tolist() == ["ftb:0000000000000001"]
    assert stale.calls == ["readable", "ensure", "servable", "servable"]
    everything_stale = _Guides(stale={"ftb:0000000000000001", "ftb:0000000000000002"})
    found = ask(save, ALEX, "iron", language="en_us", quest_book=everything_stale)
    assert found.loc[found.scope == "ftb"].empty and not found.loc[found.scope == "shared"].empty


def test_ask_refuses_what_is_not_a_guide_source(save) -> None:
    with pytest.raises(kit.InvalidParameterError, match=r"'quest_book' parameter .*GuideSource .*Got str"):
        ask(save, ALEX, "iron", language="en_us", quest_book="config/ftbquests/quests")
