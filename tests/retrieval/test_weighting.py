"""kit.retrieval.weighting: paragraphs -> term counts -> TF-IDF / BM25 weights, and the text columns of results."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pandas as pd
import pytest

from kit import Document
from kit.core.frames import TEXT, pandas_dtype
from kit.retrieval import ParagraphIndex, make_analyzer
from kit.retrieval._frames import SEARCH_SCHEMA
from kit.retrieval.weighting import TextColumns, count_terms, weigh
from tests.retrieval.retrieval_inputs import tie_corpus

ENGLISH = make_analyzer("default", stop_words="english")
DOCS = [
    Document("a", "Iron", "iron gold the\n\ngold gold"),
    Document("b", "", "   "),  # no paragraph: no row, but a place in doc_ptr
    Document("c", "", "钻石镐"),
]


def _dense_counts(parsed) -> list[Counter]:
    """Each row of the count matrix as a term -> count Counter."""
    terms = {column: term for term, column in parsed.vocabulary.items()}
    dense = parsed.counts.toarray()
    return [Counter({terms[j]: int(n) for j, n in enumerate(row) if n}) for row in dense]


def test_count_terms_counts_the_analysed_terms_of_every_paragraph() -> None:
    parsed = count_terms(DOCS, ENGLISH, include_title=False, max_chars=None)
    assert parsed.texts == ["iron gold the", "gold gold", "钻石镐"]
    assert _dense_counts(parsed) == [Counter(ENGLISH(text)) for text in parsed.texts]
    assert parsed.lengths.tolist() == [2, 2, 5]  # stop words do not count towards the length
    assert parsed.row_doc.tolist() == [0, 0, 2] and parsed.row_paragraph.tolist() == [0, 1, 0]
    assert parsed.doc_ptr.tolist() == [0, 2, 2, 3]
    assert parsed.counts.shape == (3, len(parsed.vocabulary))


def test_count_terms_adds_title_terms_to_every_paragraph_when_asked() -> None:
    parsed = count_terms(DOCS, ENGLISH, include_title=True, max_chars=None)
    counts = _dense_counts(parsed)
    assert counts[0] == Counter({"iron": 2, "gold": 1}) and counts[1] == Counter({"iron": 1, "gold": 2})
    assert parsed.lengths.tolist() == [3, 3, 5]


def test_count_terms_splits_long_paragraphs_at_max_chars() -> None:
    parsed = count_terms([Document("d", "", "One two. Three four.")], ENGLISH, include_title=False, max_chars=9)
    assert parsed.texts == ["One two.", "Three", "four."]
    assert parsed.row_paragraph.tolist() == [0, 1, 2]


def test_count_terms_of_no_documents_is_an_empty_matrix() -> None:
    parsed = count_terms([], ENGLISH, include_title=True, max_chars=None)
    assert parsed.counts.shape == (0, 0) and parsed.vocabulary == {} and parsed.texts == []
    assert parsed.doc_ptr.tolist() == [0]


def test_tfidf_weights_are_smoothed_idf_on_unit_length_rows() -> None:
    parsed = count_terms(DOCS, ENGLISH, include_title=False, max_chars=None)
    dense = parsed.counts.toarray()
    matrix, idf, avg_len = weigh(parsed.counts, parsed.lengths, weighting="tfidf", sublinear_tf=False, k1=1.2, b=0.75)
    df = (dense > 0).sum(axis=0)
    np.testing.assert_allclose(idf, np.log(4 / (1 + df)) + 1)
    expected = dense * idf
    expected /= np.linalg.norm(expected, axis=1, keepdims=True)
    np.testing.assert_allclose(matrix.toarray(), expected)
    assert matrix.format == "csc" and avg_len == pytest.approx(3.0)


def test_sublinear_tfidf_takes_one_plus_log_of_the_count() -> None:
    parsed = count_terms(DOCS, ENGLISH, include_title=True, max_chars=None)
    dense = parsed.counts.toarray()
    matrix, idf, _ = weigh(parsed.counts, parsed.lengths, weighting="tfidf", sublinear_tf=True, k1=1.2, b=0.75)
    expected = np.where(dense > 0, 1 + np.log(np.where(dense > 0, dense, 1)), 0.0) * idf
    expected /= np.linalg.norm(expected, axis=1, keepdims=True)
    np.testing.assert_allclose(matrix.toarray(), expected)
    row = matrix.toarray()[0]  # iron x2 (title and text), gold x1: 1 + log 2 against 1, times each idf
    ratio = row[parsed.vocabulary["iron"]] / row[parsed.vocabulary["gold"]]
    assert ratio == pytest.approx((1 + np.log(2)) * idf[parsed.vocabulary["iron"]] / idf[parsed.vocabulary["gold"]])


def test_bm25_weights_follow_the_lucene_formula() -> None:
    parsed = count_terms(DOCS, ENGLISH, include_title=True, max_chars=None)
    dense = parsed.counts.toarray()
    lengths = parsed.lengths.astype(float)
    matrix, idf, avg_len = weigh(parsed.counts, parsed.lengths, weighting="bm25", sublinear_tf=False, k1=1.5, b=0.5)
    n = len(lengths)
    df = (dense > 0).sum(axis=0)
    np.testing.assert_allclose(idf, np.log1p((n - df + 0.5) / (df + 0.5)))
    assert avg_len == pytest.approx(lengths.mean())
    norm = 1.5 * (1 - 0.5 + 0.5 * lengths / lengths.mean())
    expected = np.where(dense > 0, idf * dense / (dense + norm[:, None]), 0.0)
    np.testing.assert_allclose(matrix.toarray(), expected)


def test_bm25_of_empty_paragraphs_has_no_length_to_divide_by() -> None:
    parsed = count_terms([Document("d", "", "the of and")], ENGLISH, include_title=False, max_chars=None)
    matrix, idf, avg_len = weigh(parsed.counts, parsed.lengths, weighting="bm25", sublinear_tf=False, k1=1.2, b=0.75)
    assert avg_len == 0.0 and matrix.shape == (1, 0) and len(idf) == 0


def test_text_columns_take_rows_in_the_order_asked() -> None:
    columns = TextColumns({"doc_id": ["a", "b", "c"], "text": ["x", "y", "钻石"]})
    taken = columns.take(np.array([2, 0, 2]))
    assert {name: list(values) for name, values in taken.items()} == {
        "doc_id": ["c", "a", "c"],
        "text": ["钻石", "x", "钻石"],
    }
    assert all(values.dtype == pandas_dtype(TEXT) for values in taken.values())
    assert list(columns["text"]) == ["x", "y", "钻石"]
    empty = columns.take(np.array([], dtype=np.int64))
    assert [len(values) for values in empty.values()] == [0, 0]


def test_search_frame_equals_one_built_by_pandas() -> None:
    index = ParagraphIndex().fit(tie_corpus(300, 5))
    got = index.search("iron gold 钻石", limit=8)
    expected = pd.DataFrame({name: got[name].tolist() for name in SEARCH_SCHEMA}).astype(SEARCH_SCHEMA)
    pd.testing.assert_frame_equal(got, expected)
    got.loc[0, "text"] = "changed"
    got.columns.name = "renamed"
    again = index.search("iron gold 钻石", limit=8)
    assert again.loc[0, "text"] == expected.loc[0, "text"] and again.columns.name is None


@pytest.mark.parametrize("weighting", ["bm25", "tfidf"])
def test_counts_are_canonical_csc_and_weigh_converts_other_formats(weighting: str) -> None:
    docs = tie_corpus(200, 1)
    parsed = count_terms(docs, ENGLISH, include_title=True, max_chars=None)
    assert parsed.counts.format == "csc" and parsed.counts.has_canonical_format
    as_csr = parsed.counts.tocsr()
    got, idf, _ = weigh(as_csr, parsed.lengths, weighting=weighting, sublinear_tf=True, k1=0.9, b=0.75)
    expected, expected_idf, _ = weigh(
        parsed.counts, parsed.lengths, weighting=weighting, sublinear_tf=True, k1=0.9, b=0.75
    )
    assert got.format == "csc" and got.has_sorted_indices
    assert np.array_equal(got.indptr, expected.indptr) and np.array_equal(got.indices, expected.indices)
    assert np.array_equal(got.data, expected.data) and np.array_equal(idf, expected_idf)
