"""kit.retrieval.selection: scores from the postings, and the top-k selection of ParagraphIndex (the block-maximum
threshold never drops a paragraph of the exact ranking)."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp

from kit.retrieval import ParagraphIndex, selection
from kit.retrieval.selection import BLOCKS, postings_scores, top_positions, top_threshold
from tests.retrieval.retrieval_inputs import tie_corpus


def _exact(index: ParagraphIndex, query: str, allowed: set[str] | None, limit: int) -> list[tuple[str, int]]:
    """The ranking by hand: every positive score, sorted by score descending, then doc id, then paragraph."""
    full = index.search(query, limit=len(index.paragraphs_) + 1)  # limit >= the block count: no threshold
    if allowed is not None:
        full = full[full["doc_id"].isin(allowed)]
    ranked = sorted(zip(-full["score"], full["doc_id"], full["paragraph_index"]))
    return [(doc_id, int(paragraph)) for _, doc_id, paragraph in ranked[:limit]]


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("weighting", ["bm25", "tfidf"])
def test_limited_searches_are_the_head_of_the_exact_ranking(seed: int, weighting: str) -> None:
    index = ParagraphIndex(weighting=weighting).fit(tie_corpus(1500, seed))
    assert len(index.paragraphs_) > 8 * BLOCKS  # large enough for the threshold to apply
    allowed = {f"d{i:05d}" for i in range(0, 1500, 7)}
    for query in ["iron", "iron gold", "钻石 pickaxe furnace", "stone stone wood 金镐"]:
        for limit in (1, 3, 10, 50):
            for mask in (None, allowed):
                got = index.search(query, limit=limit, allowed_ids=mask)
                assert list(zip(got["doc_id"], got["paragraph_index"])) == _exact(index, query, mask, limit)
                assert got["rank"].tolist() == list(range(1, len(got) + 1))


def test_threshold_is_a_positive_lower_bound_of_the_kth_best_score() -> None:
    rng = np.random.default_rng(3)
    for n in (10, 600, 1000, 5003):
        for density in (0.0, 0.01, 0.3, 1.0):
            scores = rng.random(n) * (rng.random(n) < density)
            scores[rng.integers(0, n, size=n // 10)] = 0.5  # ties
            for limit in (1, 5, 10, 63, 64, 100):
                threshold = top_threshold(scores, limit)
                positive = np.sort(scores[scores > 0])[::-1]
                assert threshold > 0
                assert (positive[:limit] >= threshold).all()


def test_postings_scores_equal_the_weighted_sum_of_the_query_columns() -> None:
    rng = np.random.default_rng(7)
    dense = rng.random((40, 12)) * (rng.random((40, 12)) < 0.3)
    matrix = sp.csc_matrix(dense)
    cols = np.array([3, 0, 11, 3])  # a repeated column counts twice
    weights = np.array([0.5, 2.0, 1.0, 1.5])
    np.testing.assert_allclose(postings_scores(matrix, cols, weights), dense[:, cols] @ weights)
    empty_column = sp.csc_matrix(np.zeros((5, 2)))
    assert postings_scores(empty_column, np.array([1]), np.array([1.0])).tolist() == [0.0] * 5


@pytest.mark.parametrize("n", [10, 2000])
def test_top_positions_are_the_best_positive_scores_ties_by_position(n: int) -> None:
    rng = np.random.default_rng(n)
    scores = np.round(rng.random(n), 1) * (rng.random(n) < 0.5)  # rounded: many ties, half zero
    for limit in (1, 3, 64, n + 5):
        ranked = sorted((-score, position) for position, score in enumerate(scores) if score > 0)
        assert top_positions(scores, limit).tolist() == [position for _, position in ranked[:limit]]


def test_top_positions_leave_out_masked_positions() -> None:
    scores = np.array([0.9, 0.8, 0.7, 0.0, 0.6])
    mask = np.array([False, True, True, True, True])
    assert top_positions(scores, 2, mask).tolist() == [1, 2]
    assert top_positions(scores, 10, mask).tolist() == [1, 2, 4]  # zero scores are no result
    assert top_positions(np.zeros(3), 2).tolist() == []


@pytest.mark.parametrize("direct_from", [0, 10**9])  # every column straight from the matrix / all gathered
def test_postings_scores_are_the_bincount_of_the_weighted_postings_to_the_bit(monkeypatch, direct_from) -> None:
    monkeypatch.setattr(selection, "_DIRECT_FROM", direct_from)
    rng = np.random.default_rng(11)
    matrix = sp.random(300, 50, density=0.2, format="csc", random_state=rng)
    matrix.sort_indices()
    cols = np.array([7, 3, 49, 7, 0, 21])
    weights = rng.random(len(cols)) * 3
    lengths = np.diff(matrix.indptr)[cols]
    positions = np.concatenate([np.arange(matrix.indptr[c], matrix.indptr[c + 1]) for c in cols])
    expected = np.bincount(
        matrix.indices[positions], weights=matrix.data[positions] * weights.repeat(lengths), minlength=300
    )
    assert np.array_equal(postings_scores(matrix, cols, weights), expected)


def test_the_compiled_routines_are_checked_once_and_used() -> None:
    assert selection._compiled() is not None  # this SciPy has them and adds without fused multiply-adds


def test_the_numpy_fallback_gives_the_same_scores_to_the_bit() -> None:
    rng = np.random.default_rng(5)
    matrix = sp.random(200, 30, density=0.3, format="csc", random_state=rng)
    matrix.sort_indices()
    cols, weights = np.array([4, 29, 4, 0]), rng.random(4)
    assert np.array_equal(selection._bincount_scores(matrix, cols, weights), postings_scores(matrix, cols, weights))
