"""A grid of retrieval configurations evaluated on several collections in parallel with Dask."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from kit.core.frames import frame
from kit.fleet._dask import check_progress, compute, resolve_client
from kit.fleet.errors import FleetParameterError
from kit.retrieval import DEFAULT_METRICS, ParagraphIndex, evaluate, load_beir, make_run
from kit.retrieval.evaluation import EVALUATION_SCHEMA

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["GRID_SCHEMA", "evaluate_grid", "evaluate_one"]

#: Columns of :func:`evaluate_grid`: the labels ``collection, config``, then the schema of
#: :func:`kit.retrieval.evaluate` itself (``query_id, metric, value``, the same dtypes).
GRID_SCHEMA: dict[str, Any] = {"collection": "string", "config": "string", **EVALUATION_SCHEMA}


def _load(collection: Any) -> Any:
    return load_beir(collection) if isinstance(collection, (str, os.PathLike)) else collection


def evaluate_one(
    collection: Any, settings: Mapping[str, Any], *, metrics: Iterable[str] = DEFAULT_METRICS, limit: int = 100
) -> pd.DataFrame:
    """Fit ``ParagraphIndex(**settings)`` on a collection's corpus, run its queries, and score the run:
    the frame of :func:`kit.retrieval.evaluate` (``query_id, metric, value``). What each grid task does.
    """
    col = _load(collection)
    index = ParagraphIndex(**dict(settings)).fit(col.corpus)
    return evaluate(make_run(index, col.queries, limit=limit), col.qrels, list(metrics))


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
        Dask's progress bar on the local scheduler, the dashboard link on a cluster; ``None``: once it has run 2 s.

    Returns
    -------
    pandas.DataFrame
        :data:`GRID_SCHEMA`: ``collection, config``, then exactly the long frame of
        :func:`kit.retrieval.evaluate` (``query_id, metric, value``, its schema and values): in collection
        order, then configuration order, then evaluate's order; the same columns and dtypes when empty. Average with
        ``kit.retrieval.summarize(result, by=["collection", "config"])``.
    """
    import dask
    import numpy as np
    import pandas as pd

    if not isinstance(collections, Mapping) or not isinstance(configs, Mapping):
        raise FleetParameterError(
            "evaluate_grid needs mappings: collections {name: collection}, configs {name: settings}."
        )
    check_progress(progress, "evaluate_grid")
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
        return frame(GRID_SCHEMA)
    client = resolve_client(client)
    results = compute(*tasks, client=client, progress=progress)
    columns: dict[str, Any] = {
        "collection": np.repeat([c for c, _ in labels], [len(r) for r in results]),
        "config": np.repeat([k for _, k in labels], [len(r) for r in results]),
    }
    for name in EVALUATION_SCHEMA:
        columns[name] = pd.concat([r[name] for r in results], ignore_index=True)
    return frame(GRID_SCHEMA, columns)


#: Old names of the schemas above, kept for one release (issue 21: every column -> dtype dict is a ``*_SCHEMA``).
GRID_COLUMNS = GRID_SCHEMA
