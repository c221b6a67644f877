"""Chinese question words and particles are stop words (on by default, switchable, documented, measured)."""

from __future__ import annotations

import pytest

from kit import Document
from kit.retrieval import InvalidParameterError, ParagraphIndex, evaluate, load_beir, make_analyzer, make_run, summarize
from kit.retrieval.analyzers import CHINESE_STOP_WORDS
from tests.data_folder import shared_file

DOCS = [
    Document("rules", "服务器规则", "在哪里都要友善。不知道在哪里提问？哪里有问题就去帮助频道问。"),
    Document("diamond", "钻石矿石", "钻石生成在深层，Y=-58 附近最多，用铁镐开采。"),
    Document("farm", "农场", "小麦种在耕地上，旁边要有水。"),
]


def test_question_words_are_cut_before_terms_are_formed() -> None:
    assert make_analyzer()("钻石在哪里") == ["钻", "石", "钻石"]  # no 石在 bigram across the cut either
    assert make_analyzer()("钻石怎么合成呢？") == ["钻", "石", "合", "成", "钻石", "合成"]
    assert make_analyzer("char12")("钻石在哪里") == ["钻", "石", "钻石"]
    assert make_analyzer("word")("钻石 在哪里 吗") == ["钻石"]  # whole tokens equal to a stop word


def test_the_stop_list_is_switchable() -> None:
    assert make_analyzer(chinese_stop_words=False)("钻石在哪里") == [
        "钻",
        "石",
        "在",
        "哪",
        "里",
        "钻石",
        "石在",
        "在哪",
        "哪里",
    ]
    assert make_analyzer(chinese_stop_words=["钻石"])("钻石在哪里") == ["在", "哪", "里", "在哪", "哪里"]
    with pytest.raises(InvalidParameterError, match="'chinese_stop_words' parameter of make_analyzer"):
        make_analyzer(chinese_stop_words="chinese")
    assert ParagraphIndex(chinese_stop_words=False).fit(DOCS).analyzer_("哪里") == ["哪", "里", "哪里"]
    assert "chinese_stop_words=False" in repr(ParagraphIndex(chinese_stop_words=False))


def test_the_stop_words_a_text_lost_are_listed() -> None:
    analyze = make_analyzer(stop_words="english")
    assert analyze.stop_words_in("钻石在哪里？哪里 where is the pickaxe") == ["在哪里", "哪里", "is", "the"]
    assert make_analyzer(chinese_stop_words=False).stop_words_in("钻石在哪里") == []
    assert {"哪里", "什么", "怎么", "吗"} <= CHINESE_STOP_WORDS


@pytest.mark.parametrize("weighting", ["tfidf", "bm25"])
def test_a_chinese_question_ranks_the_paragraph_about_its_topic_first(weighting: str) -> None:
    found = ParagraphIndex(weighting=weighting).fit(DOCS).search("钻石在哪里")
    assert found["doc_id"].tolist() == ["diamond"]
    # without the stop list the question words carry the score to the rules
    before = ParagraphIndex(weighting=weighting, chinese_stop_words=False).fit(DOCS).search("钻石在哪里")
    assert before["doc_id"].iloc[0] == "rules"


@pytest.mark.slow  # memory-bound or whole-collection: make test runs it, make test-fast does not
@pytest.mark.parametrize("name", ["xquad-zh-sent", "cmrc2018-dev-sent"])
def test_quality_on_the_chinese_collections_does_not_drop(name: str) -> None:
    collection = load_beir(shared_file("ir", "derived", name))
    for weighting in ("bm25", "tfidf"):
        scores = {}
        for stop in (False, True):
            index = ParagraphIndex(weighting=weighting, chinese_stop_words=stop).fit(collection.corpus)
            run = make_run(index, collection.queries, limit=10)
            scores[stop] = float(summarize(evaluate(run, collection.qrels, ["ndcg@10"]))["ndcg@10"].iloc[0])
        # measured: xquad-zh-sent .832 -> .838 (BM25), .815 -> .824 (TF-IDF); cmrc2018-dev-sent .749 -> .757, .708 -> .721
        assert scores[True] >= scores[False] + 0.003, (weighting, scores)
