from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pandas as pd
import pytest

from kit import Document
from kit.core.errors import KitError
from kit.retrieval import (
    DuplicateDocumentError,
    InvalidParameterError,
    NotFittedError,
    ParagraphIndex,
    UnknownParagraphError,
    load_beir,
)
from kit.retrieval._frames import EXPLAIN_SCHEMA, PARAGRAPH_SCHEMA, SEARCH_SCHEMA, STATS_SCHEMA
from tests.retrieval.retrieval_inputs import IR, require

GUIDE = [
    Document("guide/iron", "Iron tools", "## Mining\n\nIron pickaxes mine diamonds.\n\n铁镐可以挖钻石。"),
    Document("guide/gold", "Gold tools", "Gold pickaxes are fast but break quickly.\n\n金镐速度快，但很快损坏。"),
    Document("guide/empty", "Nothing here", ""),
    Document("guide/wood", "木制工具", "木镐只能挖石头。\n\nWooden tools burn in furnaces."),
]


@pytest.fixture(scope="module")
def xquad_zh():
    return load_beir(require(IR / "xquad-zh"))


@pytest.fixture(scope="module")
def xquad_en():
    return load_beir(require(IR / "xquad-en"))


def assert_schema(frame, schema):
    assert list(frame.columns) == list(schema)
    expected = pd.DataFrame({c: pd.Series(dtype=t) for c, t in schema.items()}).dtypes
    assert (frame.dtypes == expected).all(), frame.dtypes


# ------------------------------------------------------------------ estimator shape
def test_fit_returns_self_and_sets_learned_attributes():
    index = ParagraphIndex()
    assert not hasattr(index, "vocabulary_") and not hasattr(index, "paragraphs_")
    assert index.fit(GUIDE) is index
    assert index.n_documents_ == 4
    paragraphs = index.paragraphs_
    assert_schema(paragraphs, PARAGRAPH_SCHEMA)
    assert paragraphs[["doc_id", "paragraph_index"]].values.tolist() == [
        ["guide/gold", 0],
        ["guide/gold", 1],
        ["guide/iron", 0],
        ["guide/iron", 1],
        ["guide/wood", 0],
        ["guide/wood", 1],
    ]
    assert paragraphs.loc[2, "text"] == "## Mining\n\nIron pickaxes mine diamonds."
    assert index.matrix_.shape == (6, len(index.vocabulary_))
    assert len(index.idf_) == len(index.vocabulary_)


@pytest.mark.parametrize("method", ["search", "explain", "stats"])
def test_use_before_fit_raises_not_fitted(method):
    index = ParagraphIndex()
    args = {"search": ("iron",), "explain": ("iron", "guide/iron", 0), "stats": ()}[method]
    with pytest.raises(NotFittedError, match=f"not fitted yet.*before using '{method}'") as info:
        getattr(index, method)(*args)
    assert isinstance(info.value, KitError)
    assert isinstance(info.value, ValueError) and isinstance(info.value, AttributeError)


def test_get_params_and_repr():
    index = ParagraphIndex(weighting="tfidf", k1=2.0)
    assert ParagraphIndex(**index.get_params()).get_params() == index.get_params()
    assert repr(index) == "ParagraphIndex(weighting='tfidf', k1=2.0)"
    assert repr(ParagraphIndex()) == "ParagraphIndex()"


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"weighting": "lsi"}, r"The 'weighting' parameter of ParagraphIndex must be a str among"),
        ({"analyzer": "ngram"}, r"The 'analyzer' parameter of ParagraphIndex must be a str among"),
        ({"k1": -1}, r"The 'k1' parameter of ParagraphIndex must be a float in the range \[0.0, inf\]"),
        ({"b": 1.5}, r"The 'b' parameter of ParagraphIndex must be a float in the range \[0.0, 1.0\]"),
        ({"sublinear_tf": "yes"}, r"The 'sublinear_tf' parameter of ParagraphIndex must be a bool"),
        ({"max_paragraph_chars": 0}, r"The 'max_paragraph_chars' parameter of ParagraphIndex must be an int"),
    ],
)
def test_bad_settings_are_reported_at_fit(params, message):
    index = ParagraphIndex(**params)  # the constructor only stores settings
    with pytest.raises(InvalidParameterError, match=message):
        index.fit(GUIDE)


def test_duplicate_ids_and_non_documents_are_refused():
    with pytest.raises(DuplicateDocumentError, match="'guide/iron' occurs more than once"):
        ParagraphIndex().fit([GUIDE[0], GUIDE[0]])
    with pytest.raises(InvalidParameterError, match="iterable of kit.Document. Got dict at position 1"):
        ParagraphIndex().fit([GUIDE[0], {"id": "x"}])


# ------------------------------------------------------------------ search
def test_search_finds_chinese_and_english_paragraphs():
    index = ParagraphIndex().fit(GUIDE)
    result = index.search("钻石")
    assert_schema(result, SEARCH_SCHEMA)
    assert result[["doc_id", "paragraph_index"]].values.tolist()[0] == ["guide/iron", 1]
    assert result.loc[0, "title"] == "Iron tools" and result.loc[0, "text"] == "铁镐可以挖钻石。"
    english = index.search("diamond pickaxe")
    assert english.loc[0, "doc_id"] == "guide/iron" and english.loc[0, "paragraph_index"] == 0
    assert english["rank"].tolist() == list(range(1, len(english) + 1))
    assert (english["score"].diff().dropna() <= 0).all() and (english["score"] > 0).all()


def test_title_terms_count_in_every_paragraph_of_the_document():
    with_title = ParagraphIndex().fit(GUIDE).search("制工")
    assert sorted(with_title[["doc_id", "paragraph_index"]].values.tolist()) == [
        ["guide/wood", 0],
        ["guide/wood", 1],
    ]
    assert ParagraphIndex(include_title=False).fit(GUIDE).search("制工").empty


def test_ties_are_broken_by_doc_id_then_paragraph():
    docs = [Document(i, "", "same words here\n\nsame words here") for i in ["c", "a", "b"]]
    for weighting in ("bm25", "tfidf"):
        result = ParagraphIndex(weighting=weighting).fit(docs).search("words", limit=10)
        assert result[["doc_id", "paragraph_index"]].values.tolist() == [
            ["a", 0],
            ["a", 1],
            ["b", 0],
            ["b", 1],
            ["c", 0],
            ["c", 1],
        ]
        assert result["score"].nunique() == 1
        cut = ParagraphIndex(weighting=weighting).fit(docs).search("words", limit=3)
        assert cut[["doc_id", "paragraph_index"]].values.tolist() == [["a", 0], ["a", 1], ["b", 0]]


def test_allowed_ids_is_a_mask_over_the_full_ranking(xquad_en):
    index = ParagraphIndex().fit(xquad_en.corpus)
    query = xquad_en.queries["text"].iloc[0]
    full = index.search(query, limit=len(index.paragraphs_))
    allowed = set(full["doc_id"].iloc[::3]) | {"not-a-document"}
    restricted = index.search(query, allowed_ids=allowed, limit=7)
    expected = full[full["doc_id"].isin(allowed)].head(7)
    assert restricted[["doc_id", "paragraph_index", "score"]].values.tolist() == (
        expected[["doc_id", "paragraph_index", "score"]].values.tolist()
    )
    assert restricted["rank"].tolist() == list(range(1, 8))
    for nothing in ([], ["not-a-document"], set()):
        empty = index.search(query, allowed_ids=nothing)
        assert empty.empty
        assert_schema(empty, SEARCH_SCHEMA)


def test_allowed_ids_must_not_be_a_single_string():
    index = ParagraphIndex().fit(GUIDE)
    with pytest.raises(InvalidParameterError, match="wrap a single id in a list"):
        index.search("iron", allowed_ids="guide/iron")


@pytest.mark.parametrize("limit", [0, -1, 1.5, True, "5", None])
def test_limit_must_be_an_int_at_least_one(limit):
    index = ParagraphIndex().fit(GUIDE)
    with pytest.raises(
        InvalidParameterError,
        match=re_escape(
            f"The 'limit' parameter of search must be an int in the range [1, inf). Got {limit!r} instead."
        ),
    ) as info:
        index.search("iron", limit=limit)
    assert isinstance(info.value, ValueError)


def re_escape(text):
    import re

    return re.escape(text)


def test_limit_caps_the_rows(xquad_en):
    index = ParagraphIndex().fit(xquad_en.corpus)
    query = "the city was the largest in the world during the year"
    full = index.search(query, limit=1000)
    assert len(full) > 13
    assert len(index.search(query, limit=1)) == 1
    pd.testing.assert_frame_equal(index.search(query, limit=13), full.head(13))


@pytest.mark.parametrize("query", ["", "   ", "，。！？……", "!!! ???", "zzzunknownzzz"])
def test_queries_without_indexed_terms_give_empty_frames(query):
    result = ParagraphIndex().fit(GUIDE).search(query)
    assert result.empty
    assert_schema(result, SEARCH_SCHEMA)


def test_query_must_be_a_str():
    with pytest.raises(InvalidParameterError, match="The 'query' parameter of search must be a str. Got 3"):
        ParagraphIndex().fit(GUIDE).search(3)  # type: ignore[arg-type]


def test_zero_documents_and_empty_texts_are_defined():
    empty = ParagraphIndex().fit([])
    assert empty.search("iron").empty and empty.paragraphs_.empty
    stats = empty.stats(["iron"])
    assert stats.loc[0, "n_paragraphs"] == 0 and stats.loc[0, "vocabulary_size"] == 0
    assert stats.loc[0, "zero_hit_query_rate"] == 1.0
    assert math.isnan(stats.loc[0, "terms_per_paragraph_p50"])
    with pytest.raises(UnknownParagraphError, match="'x' is not in this index"):
        empty.explain("iron", "x", 0)
    blank = ParagraphIndex(weighting="tfidf").fit([Document("a", "Title", ""), Document("b", "", " \n ")])
    assert blank.search("title").empty
    assert blank.stats().loc[0, "n_empty_documents"] == 2
    punctuation = ParagraphIndex().fit([Document("p", "", "!!!"), Document("q", "", "iron")])
    assert punctuation.search("iron")["doc_id"].tolist() == ["q"]


# ------------------------------------------------------------------ scores against independent computations
def test_tfidf_scores_equal_sklearn_on_the_same_terms(xquad_zh):
    from sklearn.feature_extraction.text import TfidfVectorizer

    docs = xquad_zh.corpus[:120]
    index = ParagraphIndex(weighting="tfidf", max_paragraph_chars=None).fit(docs)
    texts = index.paragraphs_["text"].tolist()  # titles are empty in this collection
    vectorizer = TfidfVectorizer(analyzer=index.analyzer_, sublinear_tf=True, lowercase=False)
    matrix = vectorizer.fit_transform(texts)
    for query in xquad_zh.queries["text"].iloc[:40]:
        expected = (matrix @ vectorizer.transform([query]).T).toarray().ravel()
        result = index.search(query, limit=len(texts))
        got = np.zeros(len(texts))
        got[[texts.index(t) for t in result["text"]]] = result["score"].to_numpy()
        np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)


def test_bm25_scores_equal_a_direct_computation(xquad_en):
    docs = xquad_en.corpus[:60]
    k1, b = 1.4, 0.6
    index = ParagraphIndex(weighting="bm25", k1=k1, b=b).fit(docs)
    paragraphs = index.paragraphs_
    counts = [Counter(index.analyzer_(text)) for text in paragraphs["text"]]
    n = len(counts)
    avg_len = sum(sum(c.values()) for c in counts) / n
    df = Counter(term for c in counts for term in c)
    for query in xquad_en.queries["text"].iloc[:30]:
        query_counts = Counter(index.analyzer_(query))
        expected = []
        for c in counts:
            length = sum(c.values())
            score = 0.0
            for term, q in query_counts.items():
                if c[term]:
                    idf = math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5))
                    score += q * idf * c[term] / (c[term] + k1 * (1 - b + b * length / avg_len))
            expected.append(score)
        result = index.search(query, limit=n)
        got = dict(zip(zip(result["doc_id"], result["paragraph_index"]), result["score"]))
        for row, value in enumerate(expected):
            key = (paragraphs.loc[row, "doc_id"], paragraphs.loc[row, "paragraph_index"])
            assert got.get(key, 0.0) == pytest.approx(value, rel=1e-12, abs=1e-12)


def test_bm25_ranking_agrees_with_bm25s_lucene(xquad_en):
    import bm25s

    index = ParagraphIndex(k1=1.5, b=0.75).fit(xquad_en.corpus)
    texts = index.paragraphs_["text"].tolist()
    retriever = bm25s.BM25(k1=1.5, b=0.75, method="lucene")
    retriever.index([index.analyzer_(t) for t in texts], show_progress=False)
    for query in xquad_en.queries["text"].iloc[:25]:
        terms = [t for t in index.analyzer_(query) if t in index.vocabulary_]
        docs, scores = retriever.retrieve([terms], k=5, show_progress=False)
        result = index.search(query, limit=5)
        np.testing.assert_allclose(result["score"].to_numpy(), scores[0], rtol=1e-5)


# ------------------------------------------------------------------ explain
@pytest.mark.parametrize("weighting", ["bm25", "tfidf"])
def test_explain_contributions_sum_to_the_score(xquad_zh, weighting):
    index = ParagraphIndex(weighting=weighting).fit(xquad_zh.corpus)
    for query in xquad_zh.queries["text"].iloc[:10]:
        for row in index.search(query, limit=3).itertuples():
            table = index.explain(query, row.doc_id, row.paragraph_index)
            assert_schema(table, EXPLAIN_SCHEMA)
            assert table["contribution"].sum() == pytest.approx(row.score, rel=1e-12)
            assert table["share"].sum() == pytest.approx(1.0)
            assert table["contribution"].is_monotonic_decreasing
            np.testing.assert_allclose(table["query_weight"] * table["doc_weight"], table["contribution"])
            assert (table["n_in_paragraph"] >= 1).all() and (table["n_in_query"] >= 1).all()


def test_explain_counts_and_errors():
    index = ParagraphIndex().fit(GUIDE)
    table = index.explain("钻石 钻石 iron", "guide/iron", 1)
    by_term = table.set_index("term")
    assert by_term.loc["钻石", "n_in_query"] == 2 and by_term.loc["钻石", "n_in_paragraph"] == 1
    assert by_term.loc["iron", "n_in_paragraph"] == 1  # from the title
    assert index.explain("gold", "guide/iron", 0).empty
    assert_schema(index.explain("", "guide/iron", 0), EXPLAIN_SCHEMA)
    with pytest.raises(UnknownParagraphError, match="'guide/nope' is not in this index") as info:
        index.explain("iron", "guide/nope", 0)
    assert isinstance(info.value, LookupError)
    with pytest.raises(UnknownParagraphError, match="has 2 paragraph\\(s\\).*paragraph_index 5"):
        index.explain("iron", "guide/iron", 5)
    with pytest.raises(UnknownParagraphError, match="has 0 paragraph"):
        index.explain("iron", "guide/empty", 0)


# ------------------------------------------------------------------ stats
def test_stats_describe_the_index(xquad_zh):
    index = ParagraphIndex().fit(xquad_zh.corpus)
    stats = index.stats()
    assert_schema(stats, STATS_SCHEMA)
    assert len(stats) == 1
    row = stats.iloc[0]
    lengths = index.paragraphs_["n_terms"]
    assert row["n_documents"] == 240 and row["n_paragraphs"] == len(index.paragraphs_)
    assert row["vocabulary_size"] == len(index.vocabulary_) and row["n_nonzeros"] == index.matrix_.nnz
    assert row["terms_per_paragraph_p50"] == lengths.median()
    assert row["terms_per_paragraph_max"] == lengths.max()
    assert row["memory_size_bytes"] > index.matrix_.data.nbytes
    assert row["n_queries"] == 0 and math.isnan(row["zero_hit_query_rate"])


def test_query_statistics_catch_an_analyzer_that_breaks_chinese(xquad_zh):
    queries = xquad_zh.queries.head(200)
    good = ParagraphIndex().fit(xquad_zh.corpus).stats(queries).iloc[0]
    bad = ParagraphIndex(analyzer="word").fit(xquad_zh.corpus).stats(queries["text"]).iloc[0]
    assert good["n_queries"] == bad["n_queries"] == 200
    assert good["zero_hit_query_rate"] < 0.01 and good["missing_query_term_share"] < 0.25
    assert bad["zero_hit_query_rate"] > 0.5 and bad["missing_query_term_share"] > 0.5


def test_stats_rates_by_hand():
    index = ParagraphIndex(analyzer="word", stem=None, stop_words=None).fit(
        [Document("a", "", "iron gold"), Document("b", "", "wood")]
    )
    row = index.stats(["iron copper", "tin", "", "wood wood"]).iloc[0]
    assert row["zero_hit_query_rate"] == pytest.approx(2 / 4)  # "tin" and the empty query
    assert row["missing_query_term_share"] == pytest.approx(2 / 5)  # copper, tin
    with pytest.raises(InvalidParameterError, match="wrap a single query in a list"):
        index.stats("iron")


def test_document_fields_must_be_strings():
    with pytest.raises(InvalidParameterError, match=r"documents\[1\].id must be a str. Got 7 instead"):
        ParagraphIndex().fit([GUIDE[0], Document(7, "", "x")])  # type: ignore[arg-type]


def test_stop_words_must_be_words():
    with pytest.raises(InvalidParameterError, match="The 'stop_words' parameter of ParagraphIndex"):
        ParagraphIndex(stop_words=5).fit(GUIDE)  # type: ignore[arg-type]


def test_search_frames_equal_frames_built_by_pandas_and_own_their_values():
    index = ParagraphIndex().fit(GUIDE)
    paragraphs = index.paragraphs_.set_index(["doc_id", "paragraph_index"])
    for query, limit in (("pickaxes 镐", 5), ("铁镐", 1), ("tools", 3)):
        got = index.search(query, limit=limit)
        keys = list(zip(got["doc_id"], got["paragraph_index"]))
        expected = pd.DataFrame(
            {
                "rank": pd.Series(range(1, len(keys) + 1), dtype="int64"),
                "doc_id": pd.Series([d for d, _ in keys], dtype="string"),
                "paragraph_index": pd.Series([p for _, p in keys], dtype="int64"),
                "score": pd.Series(got["score"].to_numpy(), dtype="float64"),
                "title": pd.Series([paragraphs.loc[k, "title"] for k in keys], dtype="string"),
                "text": pd.Series([paragraphs.loc[k, "text"] for k in keys], dtype="string"),
            }
        )
        assert 0 < len(got) <= limit
        pd.testing.assert_frame_equal(got, expected)
    first = index.search("pickaxes", limit=2)
    first.loc[0, "text"] = "changed"
    first.loc[0, "paragraph_index"] = 99
    again = index.search("pickaxes", limit=2)
    assert "changed" not in set(again["text"]) and 99 not in set(again["paragraph_index"])
    assert "changed" not in set(index.paragraphs_["text"])
