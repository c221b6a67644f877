"""The question flow with a quest book (kit.ask = kit.ftb.questions.ask), its contract, and stale guide text."""

from __future__ import annotations

import shutil
import warnings
from pathlib import Path

import pandas as pd
import pytest

import kit
import kit.ftb
from kit.core.contracts import GuideSource
from kit.ftb.questions import QuestGuides
from kit.samples import sample_save_path
from kit.samples.saves import PLAYERS

ALEX, SAM = PLAYERS["alex"], PLAYERS["sam"]
BATTERY = "71590D60C21C5F8F"  # "Keeping Batteries Cold", readable by alex's party
QUESTION = "How do I stop a frost battery from leaking charge?"


@pytest.fixture()
def save_copy(tmp_path: Path):
    shutil.copytree(sample_save_path(), tmp_path / "save")
    with kit.open_save(tmp_path / "save") as save:
        yield save


def _edit_battery_text(save: kit.Save) -> kit.ftb.QuestBook:
    lang = save.path / "config" / "ftbquests" / "quests" / "lang" / "en_us.snbt"
    text = lang.read_text(encoding="utf-8")
    edited = text.replace("six blocks of packed ice", "eight blocks of blue ice")
    assert edited != text
    lang.write_text(edited, encoding="utf-8")
    return kit.ftb.read_quest_book(save.path)


def test_kit_ask_is_the_one_question_api() -> None:
    assert kit.ask is kit.ftb.ask is kit.ftb.questions.ask


def test_quest_guides_is_the_guide_source_contract(save_copy) -> None:
    book = kit.ftb.read_quest_book(save_copy.path)
    guides = QuestGuides(book)
    assert isinstance(guides, GuideSource)
    assert not isinstance(book, GuideSource)  # the model holds data; the contract lives beside it
    readable = guides.readable_guide_ids(save_copy, SAM)
    progress = kit.ftb.read_progress(save_copy)
    assert readable == [kit.ftb.guide_id(q) for q in kit.ftb.visible_guides(book, progress, SAM)]
    with pytest.raises(kit.InvalidParameterError, match="'book' parameter of QuestGuides must be a QuestBook"):
        QuestGuides("config/ftbquests/quests")


def test_ask_with_visibility_is_a_deprecated_alias_with_identical_results(save_copy) -> None:
    book = kit.ftb.read_quest_book(save_copy.path)
    progress = kit.ftb.read_progress(save_copy)
    for player, language in ((ALEX, "en_us"), (SAM, "zh_cn")):
        new = kit.ask(save_copy, player, QUESTION, language=language, quest_book=book, progress=progress)
        with pytest.warns(DeprecationWarning, match="ask_with_visibility.*is deprecated; use kit.ask"):
            old = kit.ftb.ask_with_visibility(save_copy, book, progress, player, QUESTION, language=language)
        pd.testing.assert_frame_equal(old, new)
        assert (new["scope"] == "ftb").any()


def test_ask_with_visibility_now_builds_a_missing_language_too(save_copy) -> None:
    book = kit.ftb.read_quest_book(save_copy.path)
    with pytest.warns(DeprecationWarning):
        found = kit.ftb.ask_with_visibility(
            save_copy, book, kit.ftb.read_progress(save_copy), ALEX, "frost battery", language="ja_jp"
        )
    assert "ja_jp" in save_copy.databases.shared().entries(kit.FTB_GUIDES)
    assert f"ftb:{BATTERY}" in found.loc[found["scope"] == "ftb", "doc_id"].tolist()


def test_stale_guide_text_is_withheld_with_a_warning_until_a_reload(save_copy) -> None:
    before = kit.ask(save_copy, ALEX, QUESTION, language="en_us", quest_book=kit.ftb.read_quest_book(save_copy.path))
    assert before.loc[before["scope"] == "ftb", "doc_id"].iloc[0] == f"ftb:{BATTERY}"
    book = _edit_battery_text(save_copy)
    with pytest.warns(kit.ftb.StaleGuideWarning, match=rf"ftb:{BATTERY}: the quest's text changed since ingestion"):
        found = kit.ask(save_copy, ALEX, QUESTION, language="en_us", quest_book=book)
    ftb = found[found["scope"] == "ftb"]
    assert f"ftb:{BATTERY}" not in ftb["doc_id"].tolist()
    assert not ftb.empty  # the other readable guides are still searched
    assert not ftb["text"].str.contains("six blocks of packed ice").any()
    # zh_cn text of that quest did not change: served without a warning
    with warnings.catch_warnings():
        warnings.simplefilter("error", kit.ftb.StaleGuideWarning)
        kit.ask(save_copy, ALEX, "霜能电池", language="zh_cn", quest_book=book)
    freshness = kit.ftb.guide_freshness(save_copy, book).set_index(["language", "doc_id"])
    assert freshness.loc[("en_us", f"ftb:{BATTERY}"), "status"] == "changed"
    assert freshness["is_stale"].sum() == 1
    kit.ftb.reload(save_copy, book)
    with warnings.catch_warnings():
        warnings.simplefilter("error", kit.ftb.StaleGuideWarning)
        after = kit.ask(save_copy, ALEX, QUESTION, language="en_us", quest_book=book)
    assert after.loc[after["scope"] == "ftb", "doc_id"].iloc[0] == f"ftb:{BATTERY}"
    assert after["text"].str.contains("eight blocks of blue ice").any()
    assert not kit.ftb.guide_freshness(save_copy, book)["is_stale"].any()
