"""Helpers every benchmark uses (the benchmarks are run as scripts, so this folder is on ``sys.path``).

- :func:`best_time` times a callable;
- :func:`record` prints one target's result and, when ``$KIT_BENCH_RESULTS`` names a file (``make bench`` sets it),
  appends it there as one JSON line, so that ``benchmarks/run_all.py`` can print the summary table and write
  ``build/bench.json``.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable
from typing import Literal

__all__ = ["RESULTS_ENV", "best_time", "record"]

#: Environment variable naming the JSON-lines file that :func:`record` appends to.
RESULTS_ENV = "KIT_BENCH_RESULTS"


def best_time(fn: Callable[[], object], repeats: int = 3) -> float:
    """The fastest of ``repeats`` runs of ``fn()``, in seconds (the least disturbed by other work on the machine)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def record(
    work: str,
    *,
    kit: float,
    baseline: float,
    target: float,
    better: Literal["lower", "higher"] = "lower",
    unit: str = "s",
    note: str = "",
) -> dict[str, object]:
    """Report one target: kit's figure against a baseline measured in the same run.

    Parameters
    ----------
    work : str
        What was measured, starting with its area (``"fleet 1,000 save summaries, 2 workers"``,
        ``"retrieval scifact query"``, ``"server 100k recipes open + index"``, ...).
    kit, baseline : float
        kit's figure and the baseline's, in ``unit`` (seconds unless said otherwise).
    target : float
        The ratio to reach.
    better : {"lower", "higher"}, default="lower"
        ``"lower"``: the ratio is ``kit / baseline`` and must be at most ``target`` (kit within ``target`` times
        its floor); ``"higher"``: the ratio is ``baseline / kit`` and must be at least ``target`` (a speed-up).
    unit, note : str
        Shown beside the figures.

    Returns
    -------
    dict
        ``work, kit, baseline, ratio, target, met, better, unit, note`` (``met`` a bool).
    """
    if better == "lower":
        ratio = kit / baseline if baseline > 0 else math.inf
        met = ratio <= target
    else:
        ratio = baseline / kit if kit > 0 else math.inf
        met = ratio >= target
    row: dict[str, object] = {
        "work": work,
        "kit": kit,
        "baseline": baseline,
        "ratio": round(ratio, 3),
        "target": target,
        "met": bool(met),
        "better": better,
        "unit": unit,
        "note": note,
    }
    sign = "<=" if better == "lower" else ">="
    print(
        f"[target] {work}: kit {kit:.4g} {unit}, baseline {baseline:.4g} {unit}, ratio {ratio:.2f}x "
        f"(target {sign} {target}x): {'met' if met else 'NOT met'}"
    )
    path = os.environ.get(RESULTS_ENV)
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    return row
