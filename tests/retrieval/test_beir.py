from __future__ import annotations

import pytest

from kit import Document
from kit.retrieval import BeirFormatError, BeirReadError, load_beir
from kit.retrieval._frames import QRELS_SCHEMA, QUERIES_SCHEMA
from tests.retrieval.retrieval_inputs import IR, require


def test_load_scifact():
    collection = load_beir(require(IR / "scifact"))
    assert collection.name == "scifact"
    assert len(collection.corpus) == 5183 and isinstance(collection.corpus[0], Document)
    assert len(collection.queries) == 300 and len(collection.qrels) == 339
    assert list(collection.queries.columns) == list(QUERIES_SCHEMA)
    assert list(collection.qrels.columns) == list(QRELS_SCHEMA)
    assert collection.queries.loc[0, "query_id"] == "1"  # ids stay strings
    assert collection.qrels["relevance"].dtype == "int64"
    assert set(collection.qrels["doc_id"]) <= {d.id for d in collection.corpus}
    assert collection.qrels.equals(collection.qrels.sort_values(["query_id", "doc_id"], ignore_index=True))
    assert repr(collection) == "BeirCollection(name='scifact', documents=5183, queries=300, judgments=339)"


def test_load_graded_cranfield():
    collection = load_beir(require(IR / "cranfield"))
    assert set(collection.qrels["relevance"]) == {1, 2, 3, 4}
    assert len(collection.qrels) == 1612
    assert collection.queries["query_id"].is_unique


def test_missing_folder_and_files(tmp_path):
    with pytest.raises(BeirReadError, match="not a folder") as info:
        load_beir(tmp_path / "nope")
    assert isinstance(info.value, OSError)
    with pytest.raises(BeirReadError, match="corpus.jsonl: file not found"):
        load_beir(tmp_path)
    (tmp_path / "corpus.jsonl").write_text('{"_id": "d1", "title": "", "text": "x"}\n', encoding="utf-8")
    (tmp_path / "queries.jsonl").write_text('{"_id": "q1", "text": "x"}\n', encoding="utf-8")
    with pytest.raises(BeirReadError, match=r"test.tsv: file not found \(no qrels for split 'test'\)"):
        load_beir(tmp_path)


def write_folder(root, corpus, queries, qrels):
    (root / "qrels").mkdir(parents=True, exist_ok=True)
    (root / "corpus.jsonl").write_text(corpus, encoding="utf-8")
    (root / "queries.jsonl").write_text(queries, encoding="utf-8")
    (root / "qrels" / "test.tsv").write_text(qrels, encoding="utf-8")


def test_bad_lines_name_file_line_and_field(tmp_path):
    good_queries = '{"_id": "q1", "text": "x"}\n'
    write_folder(tmp_path, '{"_id": "d1", "text": "x"}\n{"title": "t"}\n', good_queries, "")
    with pytest.raises(BeirFormatError, match=r"corpus.jsonl, line 2: field '_id' is missing"):
        load_beir(tmp_path)
    write_folder(tmp_path, '{"_id": "d1", "text": "x"}\nnot json\n', good_queries, "")
    with pytest.raises(BeirFormatError, match=r"corpus.jsonl, line 2: not valid JSON"):
        load_beir(tmp_path)
    write_folder(tmp_path, '{"_id": "d1", "text": "x"}\n', good_queries, "query-id\tcorpus-id\tscore\nq1\td1\n")
    with pytest.raises(BeirFormatError, match=r"test.tsv, line 2: expected 3 columns"):
        load_beir(tmp_path)
    write_folder(tmp_path, '{"_id": "d1", "text": "x"}\n', good_queries, "q1\td1\thigh\n")
    with pytest.raises(BeirFormatError, match=r"test.tsv, line 1: score 'high' is not an integer"):
        load_beir(tmp_path)


def test_minimal_folder_and_unjudged_queries(tmp_path):
    write_folder(
        tmp_path,
        '{"_id": 7, "text": "x", "metadata": {}}\n\n',
        '{"_id": "q1", "text": "a"}\n{"_id": "q2", "text": "b"}\n',
        "query-id\tcorpus-id\tscore\nq1\t7\t2\n",
    )
    collection = load_beir(tmp_path)
    assert collection.corpus == [Document("7", "", "x")]
    assert collection.queries["query_id"].tolist() == ["q1"]
    assert collection.qrels.values.tolist() == [["q1", "7", 2]]
