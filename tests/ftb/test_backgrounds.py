"""Quest backgrounds (system:quest_backgrounds) with content and prompt fingerprints, and which are stale."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import kit
import kit.ftb
from kit.ftb.backgrounds import QuestBackground, decode_background, encode_background
from kit.samples import sample_save_path

PROMPT = "Classify the quest's background: combat, exploration, building, story."
BATTERY = "71590D60C21C5F8F"


@pytest.fixture()
def save_copy(tmp_path: Path):
    shutil.copytree(sample_save_path(), tmp_path / "save")
    with kit.open_save(tmp_path / "save") as save:
        yield save


def test_encoding_round_trips_and_plain_labels_have_no_fingerprint() -> None:
    record = QuestBackground("探索 exploration", "sha256:0123456789abcdef", "sha256:fedcba9876543210")
    assert decode_background(encode_background(record)) == record
    assert decode_background("combat") == QuestBackground("combat", "", "")
    assert decode_background("{not json") == QuestBackground("{not json", "", "")
    assert decode_background('{"label": "x"}') == QuestBackground('{"label": "x"}', "", "")


def test_fingerprints_follow_content_and_prompt(save_copy) -> None:
    book = kit.ftb.read_quest_book(save_copy.path)
    first = kit.ftb.content_fingerprint(book, BATTERY)
    assert first.startswith("sha256:") and len(first) == len("sha256:") + 16
    assert first == kit.ftb.content_fingerprint(kit.ftb.read_quest_book(save_copy.path), BATTERY)
    assert first != kit.ftb.content_fingerprint(book, "57973949FF5A19A3")
    assert kit.ftb.prompt_fingerprint(PROMPT) != kit.ftb.prompt_fingerprint(PROMPT + " ")
    with pytest.raises(
        kit.ftb.UnknownQuestError, match=r"quest '71590D60C21C5F8E' is not in .*nearest: 71590D60C21C5F8F"
    ):
        kit.ftb.content_fingerprint(book, "71590D60C21C5F8E")


def test_the_sample_stores_plain_labels_that_would_all_be_regenerated(save_copy) -> None:
    book = kit.ftb.read_quest_book(save_copy.path)
    stored = kit.ftb.read_backgrounds(save_copy)
    assert len(stored) == 22 and not stored["has_fingerprint"].any()
    report = kit.ftb.background_freshness(save_copy, book, prompt=PROMPT)
    assert set(report["quest_id"]) == set(kit.ftb.guide_ids(book)) | set(stored["quest_id"])
    counts = report["status"].value_counts().to_dict()
    assert counts == {"no_fingerprint": 22, "missing": len(report) - 22}
    assert report["would_regenerate"].all()
    assert report.loc[report["status"] == "missing", "is_stale"].eq(False).all()


def test_stored_backgrounds_go_stale_when_the_quest_or_the_prompt_changes(save_copy) -> None:
    book = kit.ftb.read_quest_book(save_copy.path)
    labels = {q: "exploration" for q in kit.ftb.guide_ids(book)}
    kit.ftb.store_backgrounds(save_copy, book, labels, prompt=PROMPT)
    stored = kit.ftb.read_backgrounds(save_copy)
    assert stored["has_fingerprint"].all() and set(stored["background"]) == {"exploration"}
    report = kit.ftb.background_freshness(save_copy, book, prompt=PROMPT)
    assert set(report["status"]) == {"current"} and not report["would_regenerate"].any()

    lang = save_copy.path / "config" / "ftbquests" / "quests" / "lang" / "en_us.snbt"
    text = lang.read_text(encoding="utf-8")
    lang.write_text(text.replace("six blocks of packed ice", "six blocks of blue ice"), encoding="utf-8")
    edited = kit.ftb.read_quest_book(save_copy.path)
    report = kit.ftb.background_freshness(save_copy, edited, prompt=PROMPT).set_index("quest_id")
    assert report.loc[BATTERY, "status"] == "content_changed"
    assert report.loc[BATTERY, "reason"] == "the quest content changed since it was made"
    assert report["would_regenerate"].sum() == 1 and report.loc[BATTERY, "is_stale"]

    both = kit.ftb.background_freshness(save_copy, edited, prompt="another prompt").set_index("quest_id")
    assert both.loc[BATTERY, "status"] == "content_and_prompt_changed"
    assert set(both.drop(BATTERY)["status"]) == {"prompt_changed"} and both["would_regenerate"].all()

    kit.ftb.store_backgrounds(save_copy, edited, {BATTERY: "building"}, prompt=PROMPT)  # regenerated one only
    report = kit.ftb.background_freshness(save_copy, edited, prompt=PROMPT).set_index("quest_id")
    assert set(report["status"]) == {"current"} and report.loc[BATTERY, "background"] == "building"


def test_orphans_and_bad_input(save_copy) -> None:
    book = kit.ftb.read_quest_book(save_copy.path)
    save_copy.databases.shared().put(kit.QUEST_BACKGROUNDS, "00000000000000FF", "combat")
    report = kit.ftb.background_freshness(save_copy, book, prompt=PROMPT, quest_ids=[BATTERY]).set_index("quest_id")
    assert report.loc["00000000000000FF", "status"] == "orphan"
    assert not report.loc["00000000000000FF", "would_regenerate"]
    with pytest.raises(kit.ftb.UnknownQuestError, match="nearest"):
        kit.ftb.store_backgrounds(save_copy, book, {"71590D60C21C5F8": "combat"}, prompt=PROMPT)
    with pytest.raises(kit.InvalidParameterError, match="must be a str label"):
        kit.ftb.store_backgrounds(save_copy, book, {BATTERY: 3}, prompt=PROMPT)
    with pytest.raises(kit.InvalidParameterError, match="'prompt' parameter must be a str"):
        kit.ftb.background_freshness(save_copy, book, prompt=None)
    assert kit.ftb.read_backgrounds(save_copy).set_index("quest_id").loc["00000000000000FF", "background"] == "combat"
