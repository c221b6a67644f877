from __future__ import annotations

import pandas as pd
import pytest
import pytrec_eval
from hypothesis import given
from hypothesis import strategies as st

from kit import Document
from kit.retrieval import (
    Metric,
    MetricError,
    ParagraphIndex,
    RunFormatError,
    evaluate,
    load_beir,
    make_run,
    summarize,
)
from kit.retrieval._frames import EVALUATION_SCHEMA, RUN_SCHEMA
from tests.retrieval.retrieval_inputs import IR, require

# kit metric -> (pytrec_eval measure, cutoff applied to the run before pytrec_eval, or None)
PYTREC = {
    "ndcg@10": ("ndcg_cut_10", None),
    "ndcg": ("ndcg", None),
    "recall@100": ("recall_100", None),
    "recall@5": ("recall_5", None),
    "precision@10": ("P_10", None),
    "map@100": ("map_cut_100", None),
    "map": ("map", None),
    "mrr@10": ("recip_rank", 10),
    "mrr": ("recip_rank", None),
}


@pytest.fixture(scope="module", params=["scifact", "cranfield"])
def real_run(request):
    collection = load_beir(require(IR / request.param))
    queries = collection.queries
    if request.param == "scifact":
        queries = queries.head(150)
    index = ParagraphIndex(weighting="tfidf").fit(collection.corpus)
    run = make_run(index, queries, limit=100)
    # one query left out of the run: it must count 0, as with trec_eval -c
    dropped = sorted(set(run["query_id"]))[3]
    return collection, run[run["query_id"] != dropped].reset_index(drop=True), dropped


def pytrec_values(run, qrels, measure, cutoff):
    judged = {}
    for q, d, r in qrels.itertuples(index=False):
        judged.setdefault(q, {})[d] = int(r)
    ranked = {}
    for q, d, rank in run[["query_id", "doc_id", "rank"]].itertuples(index=False):
        if cutoff is None or rank <= cutoff:
            ranked.setdefault(q, {})[d] = float(-rank)  # no ties: pytrec_eval sees the run's order
    return pytrec_eval.RelevanceEvaluator(judged, {measure}).evaluate(ranked)


def test_metrics_equal_pytrec_eval_on_real_runs(real_run):
    collection, run, dropped = real_run
    results = evaluate(run, collection.qrels, metrics=list(PYTREC))
    assert list(results.columns) == list(EVALUATION_SCHEMA)
    judged_queries = sorted(set(collection.qrels.loc[collection.qrels["relevance"] >= 1, "query_id"]))
    for name, (measure, cutoff) in PYTREC.items():
        ours = results[results["metric"] == name].set_index("query_id")["value"]
        assert sorted(ours.index) == judged_queries
        reference = pytrec_values(run, collection.qrels, measure, cutoff)
        assert len(reference) >= 140
        for query_id, values in reference.items():
            assert ours[query_id] == pytest.approx(values[measure], abs=1e-9), (name, query_id)
        assert dropped not in reference and ours[dropped] == 0.0
    assert set(results["metric"]) == set(PYTREC)


def test_graded_gains_are_linear():
    qrels = pd.DataFrame({"query_id": ["q"] * 2, "doc_id": ["a", "b"], "relevance": [3, 1]})
    run = pd.DataFrame({"query_id": ["q", "q"], "doc_id": ["b", "a"], "rank": [1, 2], "score": [2.0, 1.0]})
    value = evaluate(run, qrels, ["ndcg@10"])["value"].iloc[0]
    import math

    expected = (1 / math.log2(2) + 3 / math.log2(3)) / (3 / math.log2(2) + 1 / math.log2(3))
    assert value == pytest.approx(expected)


def test_unjudged_and_negative_queries_are_not_averaged():
    qrels = pd.DataFrame({"query_id": ["q1", "q2", "q3"], "doc_id": ["a", "b", "c"], "relevance": [1, 0, -1]})
    run = pd.DataFrame({"query_id": ["q1", "q9"], "doc_id": ["a", "a"], "rank": [1, 1], "score": [1.0, 1.0]})
    results = evaluate(run, qrels, ["mrr@10"])
    assert results["query_id"].tolist() == ["q1"] and results["value"].tolist() == [1.0]


def test_run_order_follows_rank_then_score():
    qrels = pd.DataFrame({"query_id": ["q"], "doc_id": ["b"], "relevance": [1]})
    by_rank = pd.DataFrame({"query_id": ["q", "q"], "doc_id": ["a", "b"], "rank": [2, 1], "score": [5.0, 1.0]})
    assert evaluate(by_rank, qrels, ["mrr"])["value"].iloc[0] == 1.0
    by_score = by_rank.drop(columns="rank")
    assert evaluate(by_score, qrels, ["mrr"])["value"].iloc[0] == 0.5
    tie = pd.DataFrame({"query_id": ["q", "q"], "doc_id": ["b", "a"], "score": [1.0, 1.0]})
    assert evaluate(tie, qrels, ["mrr"])["value"].iloc[0] == 0.5  # ties by ascending doc_id


def test_bad_runs_are_clear_errors():
    qrels = pd.DataFrame({"query_id": ["q"], "doc_id": ["a"], "relevance": [1]})
    twice = pd.DataFrame({"query_id": ["q", "q"], "doc_id": ["a", "a"], "rank": [1, 2]})
    with pytest.raises(RunFormatError, match="lists document 'a' more than once for query 'q'"):
        evaluate(twice, qrels)
    with pytest.raises(RunFormatError, match="needs a 'rank' or a 'score' column"):
        evaluate(twice[["query_id", "doc_id"]], qrels)
    with pytest.raises(RunFormatError, match=r"qrels table lacks column\(s\) \['relevance'\]"):
        evaluate(twice, qrels[["query_id", "doc_id"]])


def test_empty_run_scores_zero_and_keeps_columns():
    qrels = pd.DataFrame({"query_id": ["q1", "q2"], "doc_id": ["a", "b"], "relevance": [1, 2]})
    empty_run = pd.DataFrame({"query_id": [], "doc_id": [], "rank": []})
    results = evaluate(empty_run, qrels)
    assert len(results) == 6 and (results["value"] == 0).all()
    assert results["metric"].tolist() == ["ndcg@10"] * 2 + ["mrr@10"] * 2 + ["recall@100"] * 2
    no_qrels = evaluate(empty_run, qrels.iloc[:0])
    assert no_qrels.empty and list(no_qrels.columns) == list(EVALUATION_SCHEMA)


def test_summarize_means_per_metric_and_group():
    results = pd.DataFrame(
        {
            "query_id": ["q1", "q2", "q1", "q2"] * 2,
            "metric": ["ndcg@10", "ndcg@10", "mrr@10", "mrr@10"] * 2,
            "value": [1.0, 0.0, 0.5, 0.5, 0.2, 0.4, 1.0, 0.0],
            "run": ["a"] * 4 + ["b"] * 4,
        }
    )
    one = summarize(results[results["run"] == "a"])
    assert list(one.columns) == ["ndcg@10", "mrr@10", "n_queries"]
    assert one.iloc[0].tolist() == [0.5, 0.5, 2]
    both = summarize(results, by="run")
    assert list(both.columns) == ["run", "ndcg@10", "mrr@10", "n_queries"]
    assert both["ndcg@10"].tolist() == pytest.approx([0.5, 0.3])
    assert both["run"].tolist() == ["a", "b"]


def test_make_run_scores_documents_by_their_best_paragraph():
    docs = [
        Document("long", "", "iron\n\niron iron gold\n\nwood"),
        Document("short", "", "iron gold wood stone"),
        Document("none", "", "copper"),
    ]
    index = ParagraphIndex().fit(docs)
    run = make_run(index, {"q1": "iron", "q0": "copper", "q2": "zzz"}, limit=10)
    assert list(run.columns) == list(RUN_SCHEMA)
    assert run["query_id"].tolist() == ["q0", "q1", "q1"]  # sorted; q2 matches nothing
    best = index.search("iron", limit=10)
    expected = best.groupby("doc_id")["score"].max().sort_values(ascending=False)
    q1 = run[run["query_id"] == "q1"]
    assert q1["doc_id"].tolist() == expected.index.tolist()
    assert q1["score"].tolist() == pytest.approx(expected.tolist())
    assert q1["rank"].tolist() == [1, 2]
    assert make_run(index, {"q": "zzz"}).empty


# ------------------------------------------------------------------ metric names
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ndcg@10", Metric("ndcg", 10)),
        ("nDCG@10", Metric("ndcg", 10)),
        (" recall @ 100 ", Metric("recall", 100)),
        ("P@5", Metric("precision", 5)),
        ("RR@10", Metric("mrr", 10)),
        ("map", Metric("map")),
    ],
)
def test_metric_parse(text, expected):
    assert Metric.parse(text) == expected


@given(st.sampled_from(["ndcg", "mrr", "recall", "precision", "map"]), st.none() | st.integers(1, 10_000))
def test_metric_strings_round_trip(measure, cutoff):
    metric = Metric(measure, cutoff)
    assert Metric.parse(str(metric)) == metric
    assert str(Metric.parse(str(metric))) == str(metric)
    assert str(Metric.parse(str(metric).upper())) == str(metric)


@pytest.mark.parametrize("bad", ["bleu@4", "ndcg@0", "ndcg@x", "", "ndcg@10@5", 10])
def test_bad_metric_names(bad):
    with pytest.raises(MetricError, match="metric|measure|cutoff") as info:
        Metric.parse(bad)
    assert isinstance(info.value, ValueError)
