"""Column schemas of the DataFrames :mod:`kit.retrieval` returns (built with :func:`kit.core.frames.frame`)."""

from __future__ import annotations

SEARCH_COLUMNS: dict[str, str] = {
    "rank": "int64",
    "doc_id": "string",
    "paragraph_index": "int64",
    "score": "float64",
    "title": "string",
    "text": "string",
}
EXPLAIN_COLUMNS: dict[str, str] = {
    "term": "string",
    "query_weight": "float64",
    "doc_weight": "float64",
    "contribution": "float64",
    "share": "float64",
    "n_in_query": "int64",
    "n_in_paragraph": "int64",
    "idf": "float64",
}
STATS_COLUMNS: dict[str, str] = {
    "n_documents": "int64",
    "n_empty_documents": "int64",
    "n_paragraphs": "int64",
    "vocabulary_size": "int64",
    "n_nonzeros": "int64",
    "terms_per_paragraph_p50": "float64",
    "terms_per_paragraph_p90": "float64",
    "terms_per_paragraph_p99": "float64",
    "terms_per_paragraph_max": "float64",
    "memory_size_bytes": "int64",
    "n_queries": "int64",
    "zero_hit_query_rate": "float64",
    "missing_query_term_share": "float64",
}
PARAGRAPH_COLUMNS: dict[str, str] = {
    "doc_id": "string",
    "paragraph_index": "int64",
    "title": "string",
    "text": "string",
    "n_terms": "int64",
}
RUN_COLUMNS: dict[str, str] = {"query_id": "string", "doc_id": "string", "rank": "int64", "score": "float64"}
QRELS_COLUMNS: dict[str, str] = {"query_id": "string", "doc_id": "string", "relevance": "int64"}
QUERIES_COLUMNS: dict[str, str] = {"query_id": "string", "text": "string"}
EVALUATION_COLUMNS: dict[str, str] = {"query_id": "string", "metric": "string", "value": "float64"}

