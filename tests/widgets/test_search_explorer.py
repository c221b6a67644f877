"""SearchExplorer driven headless: set values, click buttons, read what it shows."""

from __future__ import annotations

from pathlib import Path

import pytest

import kit
from kit.widgets import SearchExplorer

ALEX = "6f1c2a4e-5b7d-4e21-9a3c-0d8e7f6a5b41"
D = kit.Document


@pytest.fixture
def save(tmp_path: Path):
    with kit.open_save(tmp_path) as opened:
        shared = opened.databases.shared()
        shared.put(kit.KNOWLEDGE, "en_us", [
            D("ores/iron", "Iron ore", "Iron ore appears between Y=-24 and Y=56.\n\nSmelt raw iron in a blast furnace."),
            D("ores/gold", "Gold ore", "Gold is common in badlands mesas."),
        ])
        shared.put(kit.KNOWLEDGE, "zh_cn", [D("ores/iron", "铁矿", "铁矿石分布在 Y=-24 到 Y=56 之间。")])
        shared.put(kit.FTB_GUIDES, "en_us", [D("ftb:0000000000000001", "Guide", "Craft a furnace first.")])
        opened.databases.player(ALEX).put(kit.KNOWLEDGE, "en_us", [D("alex/base", "My base", "My iron farm is north.")])
        yield opened


def test_initial_state_lists_scopes_sources_and_languages(save) -> None:
    explorer = SearchExplorer(save)
    assert [value for _, value in explorer.scope_box.options] == ["shared", ALEX]
    assert list(explorer.source_box.options) == ["system:ftb_guides", "system:knowledge"]
    assert explorer.source == "system:knowledge"
    assert list(explorer.language_box.options) == ["en_us", "zh_cn"]


def test_search_click_and_explain(save) -> None:
    explorer = SearchExplorer(save)
    explorer.query_box.value = "smelt iron"
    explorer.search_button.click()
    assert explorer.results["doc_id"].tolist()[0] == "ores/iron"
    assert len(explorer.result_list.children) == len(explorer.results)
    assert "paragraphs, best first" in explorer.status.value
    first_button = explorer.result_list.children[0].children[0]
    first_button.click()
    assert explorer.selected == 1
    assert "Why #1" in explorer.explanation.value and "smelt" in explorer.explanation.value


def test_switching_scope_searches_only_that_database(save) -> None:
    explorer = SearchExplorer(save, query="iron")
    explorer.scope_box.value = ALEX
    assert list(explorer.source_box.options) == ["system:knowledge"]
    assert list(explorer.language_box.options) == ["en_us"]
    explorer.search_button.click()
    assert explorer.results["doc_id"].tolist() == ["alex/base"]


def test_language_and_empty_results(save) -> None:
    explorer = SearchExplorer(save)
    explorer.language_box.value = "zh_cn"
    explorer.query_box.value = "铁矿"
    explorer.search_button.click()
    assert explorer.results["doc_id"].tolist() == ["ores/iron"]
    explorer.query_box.value = "diamond"
    explorer.search_button.click()
    assert explorer.results.empty and "No paragraph matches" in explorer.status.value
    assert explorer.result_list.children == () and explorer.explanation.value == ""
