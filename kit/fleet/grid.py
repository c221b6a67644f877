"""A grid of retrieval configurations evaluated on several collections in parallel with Dask."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from kit.fleet._dask import compute, resolve_client
from kit.fleet.errors import FleetParameterError
from kit.retrieval import DEFAULT_METRICS, ParagraphIndex, evaluate, load_beir, make_run

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["GRID_COLUMNS", "evaluate_grid", "evaluate_one"]

#: Columns of :func:`evaluate_grid`: the labels, then those of :func:`kit.retrieval.evaluate`.
GRID_COLUMNS = ["collection", "config", "query_id", "metric", "value"]


def _load(collection: Any) -> Any:
    return load_beir(collection) if isinstance(collection, (str, os.PathLike)) else collection


def evaluate_one(collection: Any, settings: Mapping[str, Any], *, metrics: Iterable[str] = DEFAULT_METRICS,
                 limit: int = 100) -> pd.DataFrame:
    """Fit ``ParagraphIndex(**settings)`` on a collection's corpus, run its queries, and score the run:
    the frame of :func:`kit.retrieval.evaluate` (``query_id, metric, value``). What each grid task does."""
    col = _load(collection)
    index = ParagraphIndex(**dict(settings)).fit(col.corpus)
    return evaluate(make_run(index, col.queries, limit=limit), col.qrels, list(metrics))


def _labelled(frame: pd.DataFrame, collection: str, config: str) -> pd.DataFrame:
    out = frame.copy()
    out.insert(0, "config", config)
    out.insert(0, "collection", collection)
    return out


def evaluate_grid(
    collections: Mapping[str, Any],
    configs: Mapping[str, Mapping[str, Any]],
    client: Any = None,
    *,
    metrics: Iterable[str] = DEFAULT_METRICS,
    limit: int = 100,
    progress: bool | None = None,
) -> pd.DataFrame:
    """Evaluate every configuration on every collection in parallel. Computes.

    Parameters
    ----------
    collections : mapping of name to BeirCollection or folder
        A :class:`kit.retrieval.BeirCollection` (or any object with ``corpus``, ``queries``, ``qrels``), or a
        BEIR folder, loaded once inside the cluster and shared by its configurations.
    configs : mapping of name to settings
        Keyword arguments of :class:`kit.retrieval.ParagraphIndex` (``{"weighting": "tfidf"}``).
    client : distributed.Client, str or None, default=None
        ``None``: Dask's default scheduler on this machine.
    metrics, limit
        As for :func:`kit.retrieval.evaluate` and :func:`kit.retrieval.make_run`.
    progress : bool or None, default=None
        Dask's progress bar on the local scheduler, the dashboard link on a cluster; ``None``: from 20 tasks on.

    Returns
    -------
    pandas.DataFrame
        Columns ``collection, config`` then those of :func:`kit.retrieval.evaluate` (``query_id, metric,
        value``): in collection order, then configuration order, then evaluate's order. Average with
        ``kit.retrieval.summarize(result, by=["collection", "config"])``.
    """
    import dask
    import pandas as pd

    if not isinstance(collections, Mapping) or not isinstance(configs, Mapping):
        raise FleetParameterError("evaluate_grid needs mappings: collections {name: collection}, configs {name: settings}.")
    metrics = list(metrics)
    tasks = []
    labels = []
    for cname, collection in collections.items():
        loaded = dask.delayed(_load, pure=True)(collection)
        for kname, settings in configs.items():
            if not isinstance(settings, Mapping):
                raise FleetParameterError(
                    f"The settings of configuration {kname!r} must be a mapping of ParagraphIndex parameters. "
                    f"Got {type(settings).__name__} instead."
                )
            tasks.append(dask.delayed(evaluate_one)(loaded, dict(settings), metrics=metrics, limit=limit))
            labels.append((str(cname), str(kname)))
    if not tasks:
        return pd.DataFrame({c: pd.Series(dtype="object" if c != "value" else "float64") for c in GRID_COLUMNS})
    client = resolve_client(client)
    results = compute(*tasks, client=client, progress=len(tasks) >= 20 if progress is None else progress)
    return pd.concat([_labelled(r, c, k) for r, (c, k) in zip(results, labels)], ignore_index=True)
