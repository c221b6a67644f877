"""A ``distributed`` cluster on this machine set up for kit's work: CPU-bound pure-Python tasks.

Dask's defaults suit interactive dashboards and numeric work; kit's tasks (decoding NBT, replaying world books)
are CPU-bound Python, where the workers' own housekeeping competes with the task for the interpreter. On a
2-core machine, replaying 1,000 chats took about 40% more CPU in a default worker than in a plain process (5.97
against ~4.2 CPU s, best of 3) and about 16% more with the first of the settings below (4.88); with all of them,
the garbage collector's startup objects frozen and the shorter switch interval (see :func:`_settle`), 2,000 chats
took 3% more (7.29 worker CPU s against the plain process's 7.07). ``benchmarks/bench_fleet.py`` compares both
kinds of cluster (``--setups default,kit``).
"""

from __future__ import annotations

import gc
import os
import sys
from typing import Any

from kit.fleet.errors import FleetParameterError

__all__ = ["WORKER_CONFIG", "local_client"]

#: Dask settings :func:`local_client` applies to its cluster (see the module documentation).
WORKER_CONFIG: dict[str, Any] = {
    # every server (scheduler, nannies, workers) wakes its event loop every 20 ms to notice a blocked loop: at rest
    # about 40 ms of CPU a second in the scheduler's process and 15 in each worker, and every wake-up takes the GIL
    # from the running task; once a second still notices a loop blocked for longer than the 3 s limit
    "distributed.admin.tick.interval": "1s",
    # the statistical profiler samples every worker thread's stack every 10 ms (shown on the dashboard)
    "distributed.worker.profile.enabled": False,
    # the nanny sets MALLOC_TRIM_THRESHOLD_=65536 in workers, which disables glibc's adaptive mmap threshold: every
    # NumPy array over 128 KiB becomes an mmap/munmap pair; unset, workers allocate like a plain Python process
    "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None,
    # host and memory monitors poll every 0.5 s / 0.1 s; once every 2 s / 1 s still enforces memory limits
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
}

#: Seconds a worker's event loop waits for the interpreter before the running task must hand it over (Python's
#: default is 0.005). See :func:`_settle`.
WORKER_SWITCH_INTERVAL = 0.0002

_ENVIRON = "distributed.nanny.pre-spawn-environ."
#: Variables WORKER_CONFIG removes from the workers' environment.
_UNSET_VARIABLES = tuple(k[len(_ENVIRON) :] for k, v in WORKER_CONFIG.items() if k.startswith(_ENVIRON) and v is None)


def local_client(n_workers: int | None = None, **cluster_options: Any) -> Any:
    """A ``distributed.Client`` on a new ``LocalCluster`` of single-threaded worker processes on loopback.

    Parameters
    ----------
    n_workers : int, optional
        Worker processes; default: the CPU count.
    **cluster_options
        Passed on to ``distributed.LocalCluster`` (``memory_limit=``, ...).

    Returns
    -------
    distributed.Client
        It owns its cluster: ``client.close()`` (or ``with local_client() as client:``) stops both. The workers
        run with :data:`WORKER_CONFIG`; Dask's dashboard is served on a free port (``client.dashboard_link``).
    """
    if n_workers is not None and (isinstance(n_workers, bool) or not isinstance(n_workers, int) or n_workers < 1):
        raise FleetParameterError(
            "The 'n_workers' parameter of local_client must be an int in the range [1, inf) or None. "
            f"Got {n_workers!r} instead."
        )
    import dask
    from distributed import Client

    options: dict[str, Any] = {
        "n_workers": n_workers or os.cpu_count() or 1,
        "threads_per_worker": 1,
        "processes": True,
        "host": "127.0.0.1",
        "dashboard_address": ":0",
        "worker_dashboard_address": None,
    }
    options.update(cluster_options)
    # A nanny copies its pre-spawn variables into this process's environment, where they then override the
    # configuration of every later cluster: keep them out while this one's workers are spawned.
    saved = {name: os.environ.pop(name) for name in _UNSET_VARIABLES if name in os.environ}
    try:
        with dask.config.set(WORKER_CONFIG):
            client = Client(**options)
    finally:
        os.environ.update(saved)
    # Importing Dask and starting the scheduler (which runs in this process) leave a full garbage collection of
    # this process due; run it now rather than in the middle of the first computation (about 0.1 s there).
    gc.collect()
    client.run(_settle)
    return client


def _settle(dask_worker: Any) -> None:
    """In a new worker: collect once, then move every object alive (Dask's, tornado's, the imported modules') out of
    the garbage collector's view. A worker holds about four times the objects of a plain Python process with kit
    imported, which every full collection during a task would walk again (2-4% of a long replay's CPU).

    Then shorten the worker's switch interval to :data:`WORKER_SWITCH_INTERVAL`: the event loop (heartbeats, the
    memory monitor, messages) waits that long for the interpreter held by the running task before asking it to let
    go. On the 2-core VM of ``benchmarks/bench_fleet.py`` each of the loop's wake-ups cost the task far more than the
    callback's own work at Python's 5 ms: a 1,000-chat replay in one task took 3.87-3.97 thread CPU s there and
    3.54-3.58 at 0.2 ms (the same as with the loop's periodic callbacks stopped), and the loop itself spent ~0.03 CPU
    s instead of ~0.14. Only in a single-threaded worker (the default): several task threads would hand the
    interpreter to each other that much more often.
    """
    gc.collect()
    gc.freeze()
    if dask_worker.state.nthreads == 1:
        sys.setswitchinterval(WORKER_SWITCH_INTERVAL)
