"""Where fleet work runs: Dask's local scheduler, or a ``distributed`` cluster named by the caller."""

from __future__ import annotations

import contextlib
from typing import Any, Iterator

from kit.fleet.errors import FleetParameterError

__all__ = ["resolve_client", "compute", "progress_bar"]


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


@contextlib.contextmanager
def progress_bar(show: bool, client: Any) -> Iterator[None]:
    """Dask's text progress bar around a local computation (a cluster shows progress on its dashboard)."""
    if show and client is None:
        from dask.diagnostics import ProgressBar

        with ProgressBar():
            yield
    else:
        yield


def compute(*collections: Any, client: Any = None, progress: bool = False) -> tuple[Any, ...]:
    """Compute Dask collections on ``client`` (a resolved client or ``None`` for the default scheduler).

    With ``progress``: Dask's text progress bar on the local scheduler; on a cluster, one line naming its
    dashboard (``client.dashboard_link``), where the tasks are shown as they run.
    """
    import dask

    if client is None:
        with progress_bar(progress, client):
            return dask.compute(*collections)
    link = getattr(client, "dashboard_link", None)
    if progress and link:
        print(f"Dask dashboard: {link}")
    return dask.compute(*collections, scheduler=client)
