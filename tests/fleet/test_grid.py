"""kit.fleet.evaluate_grid returns the long frame of kit.retrieval.evaluate for every pair (default scheduler)."""

from __future__ import annotations

import json

import pandas as pd
import pytest

import kit
import kit.fleet
import kit.retrieval as kr
from kit.retrieval.evaluation import EVALUATION_SCHEMA
from tests.fleet.fleet_inputs import sample_collections

CONFIGS = {"bm25": {}, "tfidf": {"weighting": "tfidf"}, "char12": {"analyzer": "char12"}}


def _reference(collections, configs, metrics=kr.DEFAULT_METRICS, limit=100) -> pd.DataFrame:
    frames = []
    for cname, col in collections.items():
        if not hasattr(col, "corpus"):
            col = kr.load_beir(col)
        for kname, settings in configs.items():
            index = kr.ParagraphIndex(**settings).fit(col.corpus)
            scores = kr.evaluate(kr.make_run(index, col.queries, limit=limit), col.qrels, list(metrics))
            frames.append(scores.assign(collection=cname, config=kname)[list(kit.fleet.GRID_SCHEMA)])
    return pd.concat(frames, ignore_index=True).astype({"collection": "string", "config": "string"})


def _write_beir(folder, col) -> None:
    folder.mkdir(parents=True)
    with open(folder / "corpus.jsonl", "w", encoding="utf-8") as f:
        for d in col.corpus:
            f.write(json.dumps({"_id": d.id, "title": d.title, "text": d.text}, ensure_ascii=False) + "\n")
    with open(folder / "queries.jsonl", "w", encoding="utf-8") as f:
        for q in col.queries.itertuples():
            f.write(json.dumps({"_id": q.query_id, "text": q.text}, ensure_ascii=False) + "\n")
    (folder / "qrels").mkdir()
    col.qrels.rename(columns={"query_id": "query-id", "doc_id": "corpus-id", "relevance": "score"}).to_csv(
        folder / "qrels" / "test.tsv", sep="\t", index=False
    )


def test_grid_equals_the_loop():
    collections = sample_collections()
    got = kit.fleet.evaluate_grid(collections, CONFIGS)
    assert list(got.columns) == list(kit.fleet.GRID_SCHEMA)
    expected = _reference(collections, CONFIGS)
    pd.testing.assert_frame_equal(got, expected)
    # after the labels, exactly kit.retrieval.evaluate's frame: its schema, and its rows per pair
    assert dict(list(kit.fleet.GRID_SCHEMA.items())[2:]) == EVALUATION_SCHEMA
    col = collections["en_us"]
    scores = kr.evaluate(kr.make_run(kr.ParagraphIndex().fit(col.corpus), col.queries), col.qrels)
    part = got[(got["collection"] == "en_us") & (got["config"] == "bm25")]
    pd.testing.assert_frame_equal(part.drop(columns=["collection", "config"]).reset_index(drop=True), scores)
    assert got.groupby(["collection", "config"]).ngroups == 6
    summary = kr.summarize(got, by=["collection", "config"])
    assert len(summary) == 6 and summary["ndcg@10"].between(0, 1).all()


def test_folders_options_and_empty(tmp_path):
    collections = sample_collections()
    _write_beir(tmp_path / "en", collections["en_us"])
    folders = {"en": tmp_path / "en"}
    got = kit.fleet.evaluate_grid(folders, {"bm25": {}}, metrics=["recall@5", "map@10"], limit=10)
    pd.testing.assert_frame_equal(got, _reference(folders, {"bm25": {}}, ["recall@5", "map@10"], 10))
    empty = kit.fleet.evaluate_grid({}, CONFIGS)
    assert list(empty.columns) == list(kit.fleet.GRID_SCHEMA) and empty.empty
    pd.testing.assert_series_equal(empty.dtypes, got.dtypes)
    with pytest.raises(kit.fleet.FleetParameterError, match="configuration 'x' must be a mapping"):
        kit.fleet.evaluate_grid(collections, {"x": 3})
    with pytest.raises(kr.InvalidParameterError):
        kit.fleet.evaluate_grid(collections, {"bad": {"weighting": "nope"}})
