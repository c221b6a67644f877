"""kit.ftb.ingest: reload (re-ingestion into system:ftb_guides), reload_languages and ensure_language."""

from __future__ import annotations

import pytest

import kit
from kit.ftb.guides import GuideRule, guide_ids
from kit.ftb.ingest import RELOAD_SCHEMA, reload, reload_languages
from kit.ftb.loader import read_quest_book
from tests.ftb.ftb_inputs import book

NOTES = kit.DatabaseTable("test:notes", kit.saves.codecs.STRING)


def _save(tmp_path):
    folder = tmp_path / "save"
    folder.mkdir()
    return kit.open_save(folder)


def test_reload_writes_only_the_guides_table(tmp_path):
    save = _save(tmp_path)
    shared = save.databases.shared()
    shared.put(NOTES, "keep", "unchanged")
    shared.put(kit.FTB_GUIDES, "fr_fr", [kit.Document("ftb:00000000000000AA", "stale", "old text")])
    shared.put(kit.FTB_GUIDES, "en_us", [kit.Document("ftb:00000000000000AB", "gone", "old guide")])
    shared.put(kit.FTB_GUIDES, "Klingon", [kit.Document("ftb:00000000000000AC", "odd", "not a language key")])
    b = book("craftoria")
    report = reload(save, b, languages=["es_es"])
    assert list(report.columns) == list(RELOAD_SCHEMA)
    rows = report.set_index("language")
    assert rows.index.tolist() == ["Klingon", "en_us", "es_es", "fr_fr", "*"]
    n = len(guide_ids(b))
    # the cached fr_fr is rebuilt with the others (FTB's fallback gives it the English text), not kept stale
    assert rows.loc["fr_fr", "status"] == "processed" and rows.loc["fr_fr", "n_removed"] == 1
    assert rows.loc["fr_fr", "n_added"] == n
    assert rows.loc["Klingon", "status"] == "dropped" and rows.loc["Klingon", "n_removed"] == 1
    assert rows.loc["en_us", "n_added"] == n and rows.loc["en_us", "n_removed"] == 1
    assert rows.loc["*", "n_removed"] == 3 and rows.loc["*", "n_added"] == n
    assert sorted(shared.entries(kit.FTB_GUIDES)) == ["en_us", "es_es", "fr_fr"]  # asked + cached + fallback
    assert "ftb:00000000000000AA" not in {d.id for d in shared.get(kit.FTB_GUIDES, "fr_fr")}
    assert shared.get(NOTES, "keep") == "unchanged"
    assert save.databases.player_uuids() == []  # no player database was created
    # the index is ready and finds guides
    found = shared.search(kit.FTB_GUIDES, "en_us", "storage", allowed_ids=None)
    assert len(found) > 0 and found["doc_id"].str.startswith("ftb:").all()


def test_reload_again_changes_nothing(tmp_path):
    save = _save(tmp_path)
    b = book("beyond-ascension-server")
    reload(save, b)
    path = save.databases.shared().path
    before = path.read_bytes(), path.stat().st_mtime_ns
    report = reload(save, b).set_index("language")
    assert report.loc["en_us", "n_unchanged"] == report.loc["en_us", "n_guides"] > 0
    assert report.loc["*", ["n_added", "n_updated", "n_removed"]].tolist() == [0, 0, 0]
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def test_reload_counts_updates_and_rule_changes(tmp_path):
    save = _save(tmp_path)
    b = book("enigmatica6")
    reload(save, b)
    first = {d.id: d for d in save.databases.shared().entries(kit.FTB_GUIDES)["en_us"]}
    victim = sorted(first)[0]
    edited = [d if d.id != victim else kit.Document(d.id, d.title, "edited") for d in first.values()]
    save.databases.shared().put(kit.FTB_GUIDES, "en_us", edited)
    report = reload(save, b, rule=GuideRule(min_description_chars=300)).set_index("language")
    strict = set(guide_ids(b, rule=GuideRule(min_description_chars=300)))
    assert report.loc["en_us", "n_guides"] == len(strict)
    assert report.loc["en_us", "n_removed"] == len(first) - len(strict)
    assert report.loc["en_us", "n_updated"] == (1 if victim[4:] in strict else 0)


def test_reload_languages():
    b = book("flywheel-new-continent")
    assert reload_languages(b) == ["en_us"]
    assert reload_languages(b, ["zh_cn", "zh_cn"]) == ["en_us", "zh_cn"]
    assert reload_languages(b, ["zh_cn"], cached=["ja_jp", "Bad key"]) == ["en_us", "ja_jp", "zh_cn"]
    with pytest.raises(kit.InvalidLanguageError, match="invalid language 'Chinese'"):
        reload_languages(b, ["Chinese"])


def test_sample_book_reproduces_the_sample_guide_table(tmp_path):
    """The sample book's guides are the sample database's system:ftb_guides, plus the book's own five."""
    from kit.samples.guides import ftb_guides
    from kit.samples.quests import write_quests

    save = _save(tmp_path)
    write_quests(save.path)
    shared = save.databases.shared()
    for language in ("en_us", "zh_cn"):
        shared.put(kit.FTB_GUIDES, language, ftb_guides(language))
    report = reload(save, read_quest_book(save.path), languages=["zh_cn"]).set_index("language")
    for language in ("en_us", "zh_cn"):
        n = len(ftb_guides(language))
        assert report.loc[language, ["n_unchanged", "n_updated", "n_removed", "n_added"]].tolist() == [n, 0, 0, 5]


def test_a_second_reload_of_the_same_save_is_refused_while_one_runs(tmp_path):
    from kit.ftb.ingest import ReloadBusyError, _reload_lock

    save = _save(tmp_path)
    b = book("techscape-eras")
    lock = _reload_lock(str(save.databases.shared().path.resolve()))
    with lock:  # as if another reload were running
        with pytest.raises(ReloadBusyError, match="already running; try again"):
            reload(save, b)
    assert reload(save, b).set_index("language").loc["en_us", "status"] == "processed"


def test_reload_leaves_player_databases_and_quest_state_alone(tmp_path):
    """On the full sample save, only the shared database file (and its lock) change on disk."""
    from kit.samples.quests import write_quests
    from kit.samples.saves import write_databases

    root = tmp_path / "save"
    root.mkdir()
    write_databases(root)
    write_quests(root)
    save = kit.open_save(root)
    shared = save.databases.shared()
    players = save.databases.player_uuids()
    assert len(players) >= 3 and list(root.rglob("ftbquests/*.snbt"))  # player databases and team progress exist
    other_tables = {t: shared.entries(t) for t in (kit.KNOWLEDGE, kit.QUEST_BACKGROUNDS)}
    shared.put(kit.FTB_GUIDES, "fr_fr", [kit.Document("ftb:00000000000000AA", "stale", "old text")])

    def files():
        return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}

    before = files()
    reload(save, read_quest_book(root), languages=["zh_cn"])
    after = files()
    changed = {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}
    shared_rel = shared.path.relative_to(root).as_posix()
    assert changed <= {shared_rel, shared_rel + ".lock"} and shared_rel in changed
    assert {t: shared.entries(t) for t in other_tables} == other_tables
    assert sorted(shared.entries(kit.FTB_GUIDES)) == ["en_us", "fr_fr", "zh_cn"]  # cached fr_fr rebuilt
    assert "ftb:00000000000000AA" not in {d.id for d in shared.get(kit.FTB_GUIDES, "fr_fr")}
    assert save.databases.player_uuids() == players


def test_a_new_language_is_built_on_its_first_question(tmp_path):
    from kit.ftb import ensure_language, read_progress
    from kit.samples.quests import write_quests

    save = _save(tmp_path)
    write_quests(save.path)
    b = read_quest_book(save.path)
    reload(save, b, rule=GuideRule(min_description_chars=300))  # a stricter rule than the default
    shared = save.databases.shared()
    assert sorted(shared.entries(kit.FTB_GUIDES)) == [b.fallback_locale]
    stored = {d.id for d in shared.get(kit.FTB_GUIDES, b.fallback_locale)}
    assert 0 < len(stored) < len(guide_ids(b))
    players = read_progress(save).players()["player_uuid"].tolist()
    found = kit.ask(save, players[0], "quest", language="ja_jp", quest_book=b)
    built = shared.get(kit.FTB_GUIDES, "ja_jp")
    assert built is not None and {d.id for d in built} == stored  # the last reload's guides, per-key fallback text
    assert set(found.loc[found["scope"] == "ftb", "doc_id"]) <= stored
    before = shared.path.read_bytes()
    assert ensure_language(save, b, "ja_jp") is False  # built once; a reload refreshes it
    assert shared.path.read_bytes() == before
    report = reload(save, b).set_index("language")
    assert report.loc["ja_jp", "status"] == "processed"  # now cached: rebuilt with the others
    with pytest.raises(kit.InvalidLanguageError):
        ensure_language(save, b, "Japanese")
