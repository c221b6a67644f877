"""SearchExplorer driven headless: set values, click buttons, read what it shows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kit
from kit.core.errors import InvalidParameterError
from kit.retrieval.text import plain_text, query_language, script_language
from kit.widgets import SearchExplorer
from kit.widgets.search_explorer import MAX_LIMIT, player_names

ALEX = "6f1c2a4e-5b7d-4e21-9a3c-0d8e7f6a5b41"
D = kit.Document


@pytest.fixture
def save(tmp_path: Path):
    with kit.open_save(tmp_path) as opened:
        shared = opened.databases.shared()
        shared.put(
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
        shared.put(kit.KNOWLEDGE, "zh_cn", [D("ores/iron", "铁矿", "## 分布\n\n铁矿石分布在 **Y=-24** 到 Y=56 之间。")])
        shared.put(kit.FTB_GUIDES, "en_us", [D("ftb:0000000000000001", "Guide", "Craft a furnace first.")])
        opened.databases.player(ALEX).put(kit.KNOWLEDGE, "en_us", [D("alex/base", "My base", "My iron farm is north.")])
        yield opened


def test_initial_state_lists_scopes_sources_and_languages(save) -> None:
    explorer = SearchExplorer(save)
    assert [value for _, value in explorer.scope_box.options] == ["shared", ALEX]
    assert list(explorer.source_box.options) == ["system:ftb_guides", "system:knowledge"]
    assert explorer.source == "system:knowledge"
    assert [v for _, v in explorer.language_box.options] == ["auto", "en_us", "zh_cn"]
    assert explorer.language == "auto" and explorer.results.empty
    assert "Type a query" in explorer.status.value  # an empty query says so instead of "No paragraph matches ."


def test_query_given_to_the_constructor_is_searched_in_the_language_of_its_script(save) -> None:
    chinese = SearchExplorer(save, query="铁矿")
    assert chinese.effective_language == "zh_cn"
    assert chinese.results["doc_id"].tolist() == ["ores/iron"]
    assert "detected from the query" in chinese.status.value
    english = SearchExplorer(save, query="smelt iron")
    assert english.effective_language == "en_us" and english.results["doc_id"].tolist()[0] == "ores/iron"


def test_enter_in_the_query_box_searches(save) -> None:
    explorer = SearchExplorer(save)
    assert explorer.query_box.continuous_update is False  # the value arrives on Enter
    explorer.query_box.value = "gold"  # what Enter sends
    assert explorer.results["doc_id"].tolist() == ["ores/gold"]


def test_changing_a_control_searches_again(save) -> None:
    explorer = SearchExplorer(save, query="iron")
    assert set(explorer.results["doc_id"]) == {"ores/iron"}
    explorer.scope_box.value = ALEX
    assert list(explorer.source_box.options) == ["system:knowledge"]
    assert explorer.results["doc_id"].tolist() == ["alex/base"]
    explorer.scope_box.value = "shared"
    explorer.source_box.value = "system:ftb_guides"
    explorer.query_box.value = "furnace"
    assert explorer.results["doc_id"].tolist() == ["ftb:0000000000000001"]


def test_an_explicit_language_wins_over_the_script(save) -> None:
    explorer = SearchExplorer(save, query="Y=56", language="zh_cn")
    assert explorer.effective_language == "zh_cn"
    assert explorer.results["doc_id"].tolist() == ["ores/iron"]
    explorer.language_box.value = "en_us"
    assert explorer.effective_language == "en_us" and "detected" not in explorer.status.value


def test_limit_is_capped_with_a_visible_note(save) -> None:
    explorer = SearchExplorer(save, query="ore", limit=500)
    assert f"500 → {MAX_LIMIT}" in explorer.status.value
    explorer.limit_box.value = 0
    assert "0 → 1" in explorer.status.value and len(explorer.results) == 1


def test_snippets_are_plain_text_and_click_explains(save) -> None:
    explorer = SearchExplorer(save, query="铁矿石")
    snippet = explorer.result_list.children[0].children[1].value
    assert "##" not in snippet and "**" not in snippet and "分布 · <mark>铁矿石</mark>分布在 Y=-24" in snippet
    explorer.result_list.children[0].children[0].click()
    assert explorer.selected == 1 and "Why #1" in explorer.explanation.value


def test_no_match_says_so_and_clears(save) -> None:
    explorer = SearchExplorer(save, query="iron")
    explorer.result_list.children[0].children[0].click()
    explorer.query_box.value = "diamond"
    assert explorer.results.empty and "No paragraph matches 'diamond'" in explorer.status.value
    assert explorer.result_list.children == () and explorer.explanation.value == ""


def test_player_names_from_usercache_label_the_scopes(save) -> None:
    (Path(save.path) / "usercache.json").write_text(json.dumps([{"name": "Alex", "uuid": ALEX}]), encoding="utf-8")
    assert player_names(save) == {ALEX: "Alex"}
    explorer = SearchExplorer(save)
    labels = [label for label, _ in explorer.scope_box.options]
    assert any("Alex" in label and ALEX not in label for label in labels)


def test_static_snapshot_shows_the_current_view(save) -> None:
    explorer = SearchExplorer(save, query="gold")
    bundle = explorer._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "<mark>Gold</mark> is common" in bundle["text/html"] and "gold" in bundle["text/html"]
    assert bundle["text/plain"].startswith("SearchExplorer: 'gold'") and "children=" not in bundle["text/plain"]


def test_query_language_and_plain_text() -> None:
    assert script_language("钻石 Y=-58") == "zh_cn" and script_language("diamond") == "en_us"
    assert script_language("-58") is None
    assert query_language("钻石", ["en_us", "zh_cn"]) == "zh_cn"
    assert query_language("diamond", ["zh_cn"]) == "zh_cn"  # no English table: the only one
    assert query_language("42", ["en_us", "zh_cn"], default="zh_cn") == "zh_cn"
    with pytest.raises(ValueError, match="'languages' parameter"):
        query_language("x", [])
    assert plain_text("# Title\n\nSome *very* `code` [link](http://x).\n- item") == "Title · Some very code link. item"
    assert plain_text("abcdef", max_chars=4) == "abc…"


def test_a_language_the_table_lacks_or_a_bad_limit_is_a_kit_error(save) -> None:
    from kit.core.errors import InvalidParameterError

    with pytest.raises(
        InvalidParameterError,
        match=r"'language' parameter of SearchExplorer must be 'auto' or a language "
        r"of system:knowledge \('en_us', 'zh_cn'\)\. Got 'fr_fr'",
    ):
        SearchExplorer(save, query="iron", language="fr_fr")  # used to fall back to auto without a word
    with pytest.raises(InvalidParameterError, match=r"'limit' parameter of SearchExplorer must be an int"):
        SearchExplorer(save, limit="5")
    told = SearchExplorer(save, query="iron", language="zh_cn")
    assert told.effective_language == "zh_cn" and "detected" not in told.status.value


def test_snippets_mark_the_query_terms_not_its_stop_words(save) -> None:
    explorer = SearchExplorer(save, query="where is iron ore", language="en_us")
    snippet = explorer.result_list.children[0].children[1].value
    assert "<mark>" in snippet and "<mark>is</mark>" not in snippet and "<mark>where</mark>" not in snippet.lower()


def test_a_chinese_query_in_an_english_table_suggests_the_chinese_one(save) -> None:
    explorer = SearchExplorer(save, query="铁矿石", language="en_us")
    assert explorer.results.empty
    assert "no match in en_us; try zh_cn" in explorer.status.value and "试试 zh_cn" in explorer.status.value


def test_punctuation_only_is_no_script(save) -> None:
    explorer = SearchExplorer(save, query="？？？")
    assert "detected from the query" not in explorer.status.value
    assert "no script detected" in explorer.status.value


def test_the_explanation_is_a_styled_table_with_the_stop_words(save) -> None:
    explorer = SearchExplorer(save, query="铁矿石在哪里")
    explorer.result_list.children[0].children[0].click()
    value = explorer.explanation.value
    assert "<table class='kit-table'" in value and "词项 term" in value and "贡献 contribution" in value
    assert "stop words, not scored" in value and "<code>在哪里</code>" in value and "(tfidf)" in value


def test_weighting_is_the_servers_by_default_and_switchable(save) -> None:
    from kit.retrieval import ParagraphIndex

    tfidf = SearchExplorer(save, query="iron")
    bm25 = SearchExplorer(save, query="iron", weighting="bm25")
    db = save.databases.shared()
    language = tfidf.effective_language
    expected = db.search(tfidf.source, language, "iron", weighting="tfidf")["score"].tolist()
    assert tfidf.results["score"].tolist() == expected
    assert (
        bm25.results["score"].tolist() == db.search(bm25.source, language, "iron", weighting="bm25")["score"].tolist()
    )
    assert bm25.results["score"].tolist() != expected
    assert ParagraphIndex().weighting == "bm25"  # the index alone keeps its research default
    with pytest.raises(InvalidParameterError, match="'weighting' parameter of SearchExplorer"):
        SearchExplorer(save, weighting="BM25")


def test_the_constructor_takes_a_save_or_its_path(save, tmp_path) -> None:
    by_path = SearchExplorer(str(save.path), query="iron")
    assert by_path.results["doc_id"].tolist() == SearchExplorer(save, query="iron").results["doc_id"].tolist()
    with pytest.raises(
        InvalidParameterError,
        match=r"'save' parameter of SearchExplorer must be a Save or a save "
        r"folder path, got int 3: use SearchExplorer\(kit.open_save",
    ):
        SearchExplorer(3)
    (tmp_path / "x" / "server" / "world" / "system" / "database").mkdir(parents=True)
    too_high = SearchExplorer(tmp_path / "x" / "server", query="iron")  # opens, then says where databases are
    assert "no documents tables" in too_high.status.value
    assert f"{tmp_path / 'x' / 'server' / 'world'}" in too_high.status.value and "system/database/: open" in (
        too_high.status.value
    )
