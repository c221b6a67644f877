"""Measuring retrieval quality with trec_eval conventions.

Tables (tidy, one row per pair):

- a **run** has columns ``query_id, doc_id, rank, score`` (rank from 1 within each query);
- **qrels** have columns ``query_id, doc_id, relevance`` (an int; >= 1 means relevant).

Metrics are canonical strings that parse and print back (:class:`Metric`): ``"ndcg@10"``,
``"mrr@10"``, ``"recall@100"``, ``"precision@10"``, ``"map@100"``, or without ``@k`` for the whole run.
They follow trec_eval (and so ``pytrec_eval``): nDCG uses linear gains (the relevance value) and
``log2(rank + 1)`` discounts, the ideal ranking is built from all judged documents of the query; MRR@k
is the reciprocal rank of the first relevant document within the top k; recall@k divides by all relevant
documents; precision@k divides by k; MAP@k divides by all relevant documents. Every query with at least
one relevant document is evaluated (queries of the run without judgments are ignored) and a query
missing from the run scores 0 on every metric (trec_eval's ``-c``).

One deliberate difference: trec_eval re-sorts a run by score and breaks ties by document id in
*descending* order; :func:`evaluate` keeps the run's own order (``rank``; by score then ascending
``doc_id`` only when there is no ``rank`` column), so the ranking you evaluate is the ranking you see.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import numpy as np

from kit.core.frames import frame
from kit.core.validation import check_int
from kit.retrieval._frames import EVALUATION_SCHEMA, RUN_SCHEMA
from kit.retrieval.errors import InvalidParameterError, MetricError, RunFormatError

if TYPE_CHECKING:
    import pandas as pd

    from kit.retrieval.index import ParagraphIndex

__all__ = ["Metric", "evaluate", "summarize", "make_run", "DEFAULT_METRICS"]

MeasureName = Literal["ndcg", "mrr", "recall", "precision", "map"]
_MEASURES: tuple[MeasureName, ...] = ("ndcg", "mrr", "recall", "precision", "map")
_ALIASES = {"p": "precision", "rr": "mrr", "ap": "map"}
_METRIC_PATTERN = re.compile(r"\s*([A-Za-z]+)\s*(?:@\s*(\d+))?\s*")
DEFAULT_METRICS: tuple[str, ...] = ("ndcg@10", "mrr@10", "recall@100")


def _unknown_measure(name: object) -> MetricError:
    return MetricError(f"Unknown measure {name!r}; expected one of {', '.join(_MEASURES)}.")


@dataclass(frozen=True, order=True)
class Metric:
    """A retrieval metric with an optional rank cutoff; ``str(Metric.parse(s))`` is canonical.

    Parameters
    ----------
    measure : {"ndcg", "mrr", "recall", "precision", "map"}
        What is measured.
    cutoff : int or None, default=None
        Only the first ``cutoff`` results count; ``None`` means the whole run.

    Examples
    --------
    >>> Metric.parse("nDCG@10")
    Metric(measure='ndcg', cutoff=10)
    >>> str(Metric("recall", 100))
    'recall@100'
    """

    measure: MeasureName
    cutoff: int | None = None

    def __post_init__(self) -> None:
        if self.measure not in _MEASURES:
            raise _unknown_measure(self.measure)
        if self.cutoff is not None and (
            isinstance(self.cutoff, bool) or not isinstance(self.cutoff, int) or self.cutoff < 1
        ):
            raise MetricError(f"The cutoff of a metric must be an int >= 1 or None. Got {self.cutoff!r}.")

    @classmethod
    def parse(cls, text: str | Metric) -> Metric:
        """Parse ``"ndcg@10"`` (case-insensitive; aliases ``p``, ``rr``, ``ap``) into a :class:`Metric`."""
        if isinstance(text, Metric):
            return text
        match = _METRIC_PATTERN.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise MetricError(
                f"Cannot parse metric {text!r}; write a measure and an optional cutoff such as "
                "'ndcg@10', 'mrr@10', 'recall@100', 'precision@5' or 'map'."
            )
        name = match.group(1).lower()
        name = _ALIASES.get(name, name)
        measure = next((m for m in _MEASURES if m == name), None)
        if measure is None:
            raise _unknown_measure(name)
        cutoff = int(match.group(2)) if match.group(2) is not None else None
        return cls(measure, cutoff)

    def __str__(self) -> str:
        return self.measure if self.cutoff is None else f"{self.measure}@{self.cutoff}"

    def compute(self, ranked_gains: Sequence[float], all_gains: Sequence[float]) -> float:
        """Value for one query.

        Parameters
        ----------
        ranked_gains : sequence of float
            Relevance (clipped at 0) of each retrieved document in rank order.
        all_gains : sequence of float
            Positive relevance values of every judged relevant document of the query.
        """
        n_relevant = len(all_gains)
        if n_relevant == 0:
            return 0.0
        top = list(ranked_gains if self.cutoff is None else ranked_gains[: self.cutoff])
        if self.measure == "ndcg":
            ideal = sorted(all_gains, reverse=True)
            if self.cutoff is not None:
                ideal = ideal[: self.cutoff]
            dcg = sum(g / math.log2(i + 2) for i, g in enumerate(top) if g > 0)
            idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal))
            return dcg / idcg
        if self.measure == "mrr":
            return next((1.0 / (i + 1) for i, g in enumerate(top) if g > 0), 0.0)
        hits = sum(1 for g in top if g > 0)
        if self.measure == "recall":
            return hits / n_relevant
        if self.measure == "precision":
            denominator = self.cutoff if self.cutoff is not None else len(top)
            return hits / denominator if denominator else 0.0
        found, total = 0, 0.0
        for i, g in enumerate(top):
            if g > 0:
                found += 1
                total += found / (i + 1)
        return total / n_relevant


def _require(table: pd.DataFrame, columns: Iterable[str], what: str) -> None:
    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise RunFormatError(f"The {what} table lacks column(s) {missing}; it has {list(table.columns)}.")


def evaluate(
    run: pd.DataFrame,
    qrels: pd.DataFrame,
    metrics: Iterable[str | Metric] = DEFAULT_METRICS,
) -> pd.DataFrame:
    """Score a run against relevance judgments, per query and metric.

    Parameters
    ----------
    run : pandas.DataFrame
        Columns ``query_id, doc_id`` and ``rank`` and/or ``score`` (a ranking per query; see the module
        documentation for how ties are ordered). A ``(query_id, doc_id)`` pair may occur only once.
    qrels : pandas.DataFrame
        Columns ``query_id, doc_id, relevance``.
    metrics : iterable of str or Metric, default=("ndcg@10", "mrr@10", "recall@100")
        Metric names (see :class:`Metric`).

    Returns
    -------
    pandas.DataFrame
        Long table ``query_id, metric, value``: one row per judged query (at least one document
        with relevance >= 1) and metric, ``metric`` as the canonical string; sorted by the order of
        ``metrics`` then ``query_id``. Average with :func:`summarize`.
    """
    parsed = [Metric.parse(m) for m in metrics]
    if not parsed:
        raise InvalidParameterError("The 'metrics' parameter of evaluate must name at least one metric.")
    _require(qrels, ("query_id", "doc_id", "relevance"), "qrels")
    _require(run, ("query_id", "doc_id"), "run")
    if "rank" not in run.columns and "score" not in run.columns:
        raise RunFormatError(f"The run table needs a 'rank' or a 'score' column; it has {list(run.columns)}.")

    ordered = run.assign(query_id=run["query_id"].astype(str), doc_id=run["doc_id"].astype(str))
    duplicated = ordered.duplicated(["query_id", "doc_id"])
    if duplicated.any():
        first = ordered[duplicated].iloc[0]
        raise RunFormatError(
            f"The run lists document {first['doc_id']!r} more than once for query {first['query_id']!r}."
        )
    if "rank" in ordered.columns:
        keys = ["query_id", "rank"] + (["score"] if "score" in ordered.columns else []) + ["doc_id"]
        ascending = [True, True] + ([False] if "score" in ordered.columns else []) + [True]
    else:
        keys, ascending = ["query_id", "score", "doc_id"], [True, False, True]
    ordered = ordered.sort_values(keys, ascending=ascending, kind="stable")
    ranked: dict[str, list[str]] = {q: list(docs) for q, docs in ordered.groupby("query_id", sort=False)["doc_id"]}

    judgments: dict[str, dict[str, float]] = {}
    for q, d, r in zip(qrels["query_id"].astype(str), qrels["doc_id"].astype(str), qrels["relevance"].astype(float)):
        judgments.setdefault(q, {})[d] = r
    query_ids = sorted(q for q, judged in judgments.items() if any(r >= 1 for r in judged.values()))

    per_query = []
    for q in query_ids:
        judged = judgments[q]
        gains = [max(judged.get(d, 0.0), 0.0) for d in ranked.get(q, [])]
        relevant = [r for r in judged.values() if r >= 1]
        per_query.append((gains, relevant))
    metric_names, query_column, values = [], [], []
    for metric in parsed:
        name = str(metric)
        for q, (gains, relevant) in zip(query_ids, per_query):
            metric_names.append(name)
            query_column.append(q)
            values.append(metric.compute(gains, relevant))
    return frame(
        EVALUATION_SCHEMA,
        {"query_id": query_column, "metric": metric_names, "value": np.asarray(values, dtype=np.float64)},
    )


def summarize(results: pd.DataFrame, *, by: str | Sequence[str] | None = None) -> pd.DataFrame:
    """Average an :func:`evaluate` table per metric, one column per metric.

    Parameters
    ----------
    results : pandas.DataFrame
        Output of :func:`evaluate` (``query_id, metric, value``), possibly several concatenated with
        extra label columns (for example ``run``).
    by : str, list of str or None, default=None
        Label columns to group by (one output row per group); ``None`` gives one row.

    Returns
    -------
    pandas.DataFrame
        Columns: the ``by`` columns, then one column per metric (mean over queries, in order of first
        appearance), then ``n_queries``. Sorted by the ``by`` columns.
    """
    import pandas as pd

    _require(results, ("query_id", "metric", "value"), "results")
    groups = [by] if isinstance(by, str) else list(by or [])
    metric_order = list(dict.fromkeys(results["metric"]))
    if results.empty:
        columns = {**{g: pd.Series(dtype=results[g].dtype) for g in groups}}
        columns.update({m: pd.Series(dtype="float64") for m in metric_order})
        columns["n_queries"] = pd.Series(dtype="int64")
        return pd.DataFrame(columns)
    keys = groups + ["metric"]
    means = results.groupby(keys, sort=True)["value"].mean()
    counts = results.groupby(groups + ["metric"], sort=True)["query_id"].nunique()
    if groups:
        wide = means.unstack("metric")[metric_order]
        wide["n_queries"] = counts.groupby(groups).max().astype("int64")
        return wide.reset_index().sort_values(groups, ignore_index=True)
    wide = means.to_frame().T[metric_order].reset_index(drop=True)
    wide.columns.name = None
    wide["n_queries"] = np.int64(counts.max())
    return wide


def make_run(
    index: ParagraphIndex,
    queries: pd.DataFrame | Mapping[str, str],
    *,
    limit: int = 100,
) -> pd.DataFrame:
    """Search every query and return a document-level run.

    A document's score is the best score of its paragraphs (so documents split into several
    paragraphs are ranked by their best passage).

    Parameters
    ----------
    index : ParagraphIndex
        A fitted index.
    queries : pandas.DataFrame with ``query_id, text`` or mapping of query id to text
        The queries (for example ``load_beir(folder).queries``).
    limit : int, default=100
        Documents kept per query (>= 1).

    Returns
    -------
    pandas.DataFrame
        Columns ``query_id, doc_id, rank, score``, sorted by ``query_id`` then ``rank``; queries that
        match nothing have no rows.
    """
    limit = check_int(limit, "limit", "make_run")
    if isinstance(queries, Mapping):
        pairs = [(str(q), t) for q, t in queries.items()]
    else:
        _require(queries, ("query_id", "text"), "queries")
        pairs = list(zip(queries["query_id"].astype(str), queries["text"]))
    query_column: list[str] = []
    doc_column: list[str] = []
    rank_column: list[np.ndarray] = []
    score_column: list[np.ndarray] = []
    for query_id, text in sorted(pairs, key=lambda pair: pair[0]):
        doc_ids, scores = index.top_documents(text, limit=limit)
        query_column.extend([query_id] * len(doc_ids))
        doc_column.extend(doc_ids)
        rank_column.append(np.arange(1, len(doc_ids) + 1, dtype=np.int64))
        score_column.append(scores)
    if not query_column:
        return frame(RUN_SCHEMA)
    return frame(
        RUN_SCHEMA,
        {
            "query_id": query_column,
            "doc_id": doc_column,
            "rank": np.concatenate(rank_column),
            "score": np.concatenate(score_column),
        },
    )
