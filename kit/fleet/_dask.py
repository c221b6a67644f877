"""Where fleet work runs: Dask's local scheduler, or a ``distributed`` cluster named by the caller."""

from __future__ import annotations

import math
import os
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from kit.fleet.errors import FleetParameterError

__all__ = [
    "resolve_client",
    "compute",
    "compute_with_calls",
    "worker_threads",
    "partition_size",
    "LONG_RUN_SECONDS",
    "TASKS_PER_THREAD",
]

#: With ``progress=None`` a computation shows its progress once it has run this long (seconds).
LONG_RUN_SECONDS = 2.0
#: Default grouping of fleet work: about this many partitions per worker thread. Fewer, larger tasks cost less
#: scheduling, serialisation and per-call setup; a few per thread still even out uneven partitions.
TASKS_PER_THREAD = 4


def worker_threads(client: Any) -> int:
    """Worker threads of the client's cluster (the local CPUs for Dask's default scheduler or an empty cluster)."""
    if client is not None:
        total = sum(client.nthreads().values())
        if total:
            return int(total)
    return os.cpu_count() or 1


def partition_size(n_items: int, client: Any, maximum: int) -> int:
    """Items per partition for about :data:`TASKS_PER_THREAD` partitions per worker thread, at most ``maximum``."""
    return min(maximum, max(1, math.ceil(n_items / (TASKS_PER_THREAD * worker_threads(client)))))


def resolve_client(client: Any) -> Any:
    """``None`` (Dask's default scheduler), a ``distributed.Client``, or an address string (connected here)."""
    if client is None:
        return None
    if isinstance(client, str):
        from distributed import Client

        return Client(client)
    from distributed import Client

    if isinstance(client, Client):
        return client
    raise FleetParameterError(
        "The 'client' parameter must be None, a distributed.Client or a scheduler address string. "
        f"Got {type(client).__name__} instead."
    )


def check_progress(progress: Any, function: str) -> None:
    """Refuse a ``progress`` that is not ``True``, ``False`` or ``None``."""
    if progress is not None and not isinstance(progress, bool):
        raise FleetParameterError(
            f"The 'progress' parameter of {function} must be a bool or None. Got {type(progress).__name__} instead."
        )


def compute(*collections: Any, client: Any = None, progress: bool | None = None) -> tuple[Any, ...]:
    """Compute Dask collections on ``client`` (a resolved client or ``None`` for the default scheduler).

    ``progress=True``: Dask's text progress bar on the local scheduler; on a cluster, one line naming its dashboard
    (``client.dashboard_link``), where the tasks are shown as they run. ``None``: the same, but only once the
    computation has run :data:`LONG_RUN_SECONDS` (short runs print nothing). ``False``: nothing.
    """
    results, _ = compute_with_calls(collections, (), client=client, progress=progress)
    return results


def compute_with_calls(
    collections: Sequence[Any],
    calls: Sequence[tuple[Callable[[Any], Any], Sequence[Any], str]],
    *,
    client: Any = None,
    progress: bool | None = None,
) -> tuple[tuple[Any, ...], list[list[Any]]]:
    """Compute Dask collections and run batches of plain calls, all in one submission.

    ``calls`` holds ``(function, inputs, label)``: ``function(x)`` runs as one task for every ``x`` of ``inputs``
    (tasks named ``label-<token>-<batch>-<i>`` on the dashboard). This is Dask's leanest route for work that is a
    list of independent pieces: on a cluster, one ``client.map`` per batch (no graph of collections to build,
    optimise or tokenize); on the local scheduler, ``dask.delayed`` calls. ``progress`` as for :func:`compute`.

    Returns
    -------
    tuple
        The collections' results, then one list per batch of calls with the results in the order of its inputs.
    """
    import dask

    if client is None:
        delayed = [[dask.delayed(function, pure=False)(x) for x in inputs] for function, inputs, _ in calls]
        flat = [d for batch in delayed for d in batch]
        if progress is False:
            results = dask.compute(*collections, *flat)
        else:
            from dask.diagnostics import ProgressBar

            with ProgressBar(minimum=0 if progress else LONG_RUN_SECONDS):
                results = dask.compute(*collections, *flat)
        done, rest = tuple(results[: len(collections)]), list(results[len(collections) :])
        batches = []
        for batch in delayed:
            batches.append(rest[: len(batch)])
            rest = rest[len(batch) :]
        return done, batches
    futures = client.compute(list(collections)) if collections else []
    token = uuid.uuid4().hex  # a fresh name for every batch and input: two batches never share a task
    batch_futures = [
        client.map(function, list(inputs), key=[f"{label}-{token}-{b}-{i}" for i in range(len(inputs))], pure=False)
        for b, (function, inputs, label) in enumerate(calls)
    ]
    _show_progress(client, [*futures, *(f for batch in batch_futures for f in batch)], progress)
    done, batches = client.gather([futures, batch_futures])
    return tuple(done), batches


def _show_progress(client: Any, futures: list[Any], progress: bool | None) -> None:
    """Print the dashboard link (``progress=True``, or ``None`` once the futures have run :data:`LONG_RUN_SECONDS`)."""
    link = getattr(client, "dashboard_link", None)
    if progress is False or not link or not futures:
        return
    if progress is None:
        from distributed import as_completed

        try:  # the client given, not the default one (which may be another cluster, or none)
            for _ in as_completed(futures, loop=client.loop, timeout=LONG_RUN_SECONDS):
                pass
            return
        except TimeoutError:
            pass
    print(f"Dask dashboard: {link}")
