"""Column schemas of the DataFrames :mod:`kit.retrieval` returns (built with :func:`kit.core.frames.frame`)."""

from __future__ import annotations

SEARCH_SCHEMA: dict[str, str] = {
    "rank": "int64",
    "doc_id": "string",
    "paragraph_index": "int64",
    "score": "float64",
    "title": "string",
    "text": "string",
}
EXPLAIN_SCHEMA: dict[str, str] = {
    "term": "string",
    "query_weight": "float64",
    "doc_weight": "float64",
    "contribution": "float64",
    "share": "float64",
    "n_in_query": "int64",
    "n_in_paragraph": "int64",
    "idf": "float64",
}
STATS_SCHEMA: dict[str, str] = {
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
PARAGRAPH_SCHEMA: dict[str, str] = {
    "doc_id": "string",
    "paragraph_index": "int64",
    "title": "string",
    "text": "string",
    "n_terms": "int64",
}
RUN_SCHEMA: dict[str, str] = {"query_id": "string", "doc_id": "string", "rank": "int64", "score": "float64"}
QRELS_SCHEMA: dict[str, str] = {"query_id": "string", "doc_id": "string", "relevance": "int64"}
QUERIES_SCHEMA: dict[str, str] = {"query_id": "string", "text": "string"}
EVALUATION_SCHEMA: dict[str, str] = {"query_id": "string", "metric": "string", "value": "float64"}

#: Old names of the schemas above, kept for one release (issue 21: every column -> dtype dict is a ``*_SCHEMA``).
SEARCH_COLUMNS = SEARCH_SCHEMA
EXPLAIN_COLUMNS = EXPLAIN_SCHEMA
STATS_COLUMNS = STATS_SCHEMA
PARAGRAPH_COLUMNS = PARAGRAPH_SCHEMA
RUN_COLUMNS = RUN_SCHEMA
QRELS_COLUMNS = QRELS_SCHEMA
QUERIES_COLUMNS = QUERIES_SCHEMA
EVALUATION_COLUMNS = EVALUATION_SCHEMA
