"""The top-k selection of ParagraphIndex: the block-maximum threshold never drops a paragraph of the exact ranking."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from kit import Document
from kit.retrieval import ParagraphIndex
from kit.retrieval._frames import SEARCH_SCHEMA
from kit.retrieval.selection import BLOCKS, top_threshold

WORDS = ["iron", "gold", "wood", "stone", "diamond", "pickaxe", "furnace", "铁镐", "金镐", "钻石"]


def _corpus(n_docs: int, seed: int) -> list[Document]:
    """Short documents drawn from a small vocabulary, so that many paragraphs tie on their score."""
    rng = np.random.default_rng(seed)
    docs = []
    for i in range(n_docs):
        paragraphs = [" ".join(rng.choice(WORDS, size=rng.integers(1, 4))) for _ in range(rng.integers(1, 3))]
        docs.append(Document(f"d{i:05d}", "", "\n\n".join(paragraphs)))
    return docs


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
    index = ParagraphIndex(weighting=weighting).fit(_corpus(1500, seed))
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


def test_search_frame_equals_one_built_by_pandas() -> None:
    index = ParagraphIndex().fit(_corpus(300, 5))
    got = index.search("iron gold 钻石", limit=8)
    expected = pd.DataFrame({name: got[name].tolist() for name in SEARCH_SCHEMA}).astype(SEARCH_SCHEMA)
    pd.testing.assert_frame_equal(got, expected)
    got.loc[0, "text"] = "changed"
    got.columns.name = "renamed"
    again = index.search("iron gold 钻石", limit=8)
    assert again.loc[0, "text"] == expected.loc[0, "text"] and again.columns.name is None
