"""What bench_fleet measures inside the workers: each task's own CPU time, and the figures built on it that a busy
machine does not change (task count, CPU per partition and per worker, their balance).

Wall times on a shared 2-core machine mostly measure the other work running there; CPU time per task mostly does
not. :class:`TaskCpu` is a Dask worker plugin that reads the worker process's CPU clock when a task starts and when
it stops executing (the worker runs one task at a time: 1 thread), so the difference is that task's CPU.
"""

from __future__ import annotations

import resource
from collections import defaultdict

from distributed import WorkerPlugin

PLUGIN = "kit-bench-task-cpu"


def _process_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class TaskCpu(WorkerPlugin):
    """CPU seconds of every task this worker executed, by key (read with :func:`task_cpu`)."""

    def setup(self, worker) -> None:
        self.started: dict = {}
        self.cpu: dict = {}

    def transition(self, key, start, finish, **kwargs) -> None:
        if finish == "executing":
            self.started[key] = _process_cpu()
        elif start == "executing" and key in self.started:
            self.cpu[key] = _process_cpu() - self.started.pop(key)


def _collect(dask_worker) -> dict:
    plugin = dask_worker.plugins[PLUGIN]
    found, plugin.cpu = plugin.cpu, {}
    return found


def task_cpu(client) -> dict[str, dict[str, float]]:
    """Worker address -> {task key -> CPU seconds} since the last call (the plugin is installed on first use)."""
    if not all(PLUGIN in plugins for plugins in client.run(lambda dask_worker: list(dask_worker.plugins)).values()):
        client.register_plugin(TaskCpu(), name=PLUGIN)
        return {}
    return {worker: {str(k): v for k, v in found.items()} for worker, found in client.run(_collect).items()}


def structure(per_worker: dict[str, dict[str, float]], weights: list[int] | None = None, only: str = "") -> dict:
    """The load-independent figures of a run from its tasks' CPU (and the partitions' planned work, when given);
    ``only``: count only the tasks whose key holds it (a bag's tasks that merely hold its input or join its output
    take no time worth counting and would hide the spread of the real ones)."""
    per_worker = {w: {k: v for k, v in found.items() if only in k} for w, found in per_worker.items()}
    tasks = sorted((v for found in per_worker.values() for v in found.values()), reverse=True)
    sums = [sum(found.values()) for found in per_worker.values()]
    counts = [len(found) for found in per_worker.values()]
    mean = sum(sums) / len(sums) if sums else 0.0
    out = {
        "task_cpu": tasks,
        "task_cpu_seconds": sum(tasks),
        "worker_task_cpu": sums,
        "worker_task_counts": counts,
        "worker_balance": max(sums) / mean if mean else 1.0,
    }
    if weights:
        out["weight_spread"] = max(weights) / min(weights)
    return out


def describe(s: dict) -> str:
    """One line of :func:`structure`'s figures."""
    tasks = s["task_cpu"]
    if not tasks:
        return "no task CPU recorded"
    spread = f", planned work max/min {s['weight_spread']:.2f}" if "weight_spread" in s else ""
    return (
        f"{len(tasks)} tasks, task CPU {s['task_cpu_seconds']:.3f} s in all (per task {min(tasks):.3f}-{max(tasks):.3f} s, "
        f"max/mean {max(tasks) / (sum(tasks) / len(tasks)):.2f}{spread}); per worker "
        + " / ".join(f"{c} tasks {w:.3f} s" for c, w in zip(s["worker_task_counts"], s["worker_task_cpu"]))
        + f" (busiest {s['worker_balance']:.2f}x the mean)"
    )


def by_worker_stream(stream: list[dict]) -> dict[str, float]:
    """Worker -> the wall seconds its tasks spent computing (from Dask's task stream)."""
    spans: dict[str, float] = defaultdict(float)
    for t in stream:
        for s in t["startstops"]:
            if s["action"] == "compute":
                spans[t["worker"]] += s["stop"] - s["start"]
    return dict(spans)
