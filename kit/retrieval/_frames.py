"""Column schemas of the DataFrames :mod:`kit.retrieval` returns, and a builder that keeps dtypes
identical for empty and non-empty frames."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

SEARCH_COLUMNS: dict[str, str] = {
    "rank": "int64",
    "doc_id": "str",
    "paragraph_index": "int64",
    "score": "float64",
    "title": "str",
    "text": "str",
}
EXPLAIN_COLUMNS: dict[str, str] = {
    "term": "str",
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
    "doc_id": "str",
    "paragraph_index": "int64",
    "title": "str",
    "text": "str",
    "n_terms": "int64",
}
RUN_COLUMNS: dict[str, str] = {"query_id": "str", "doc_id": "str", "rank": "int64", "score": "float64"}
QRELS_COLUMNS: dict[str, str] = {"query_id": "str", "doc_id": "str", "relevance": "int64"}
QUERIES_COLUMNS: dict[str, str] = {"query_id": "str", "text": "str"}
EVALUATION_COLUMNS: dict[str, str] = {"query_id": "str", "metric": "str", "value": "float64"}


def frame(schema: Mapping[str, str], data: Mapping[str, Any] | None = None) -> pd.DataFrame:
    """Build a DataFrame with exactly the columns of ``schema`` in its order and dtypes.

    ``data`` maps column names to equal-length sequences; ``None`` (or length 0) gives an empty frame.
    """
    import pandas as pd

    if data is None:
        return pd.DataFrame({name: pd.Series(dtype=dtype) for name, dtype in schema.items()})
    out = pd.DataFrame({name: data[name] for name in schema}, copy=False)
    if len(out) == 0:
        return frame(schema)
    wrong = {
        name: dtype for (name, dtype), actual in zip(schema.items(), out.dtypes) if actual != dtype
    }
    return out.astype(wrong) if wrong else out
