"""Run every benchmark, then print one summary table and write ``build/bench.json``.

``make bench`` runs this. Each ``benchmarks/bench_*.py`` runs in its own process with ``$KIT_BENCH_RESULTS`` set,
so its :func:`_timing.record` calls land in one file; a benchmark that fails does not stop the others, and the
exit status is 1 when any failed. ``build/bench.json`` is a list of objects with the keys ``work, kit, baseline,
ratio, target, met`` (plus ``better, unit, note``), one per target, so numbers can be compared between versions.

The whole run is a target too (issue 26: ``make bench`` within 25 minutes on 2 cores): the last row, ``bench make
bench end to end``, is the run's wall time against that budget, and the time of each benchmark is printed above the
table.

Usage: ``python benchmarks/run_all.py [--only NAME ...] [--out build/bench.json] [-- ARGS passed to each]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _timing import RESULTS_ENV  # noqa: E402

#: The budget of a whole ``make bench`` run on 2 cores (issue 26), in seconds.
BUDGET_S = 25 * 60


def _table(rows: list[dict[str, object]]) -> str:
    header = ("work", "kit", "baseline", "ratio", "target", "met")
    cells = [header]
    for row in rows:
        sign = "<=" if row.get("better") == "lower" else ">="
        unit = str(row.get("unit", "s"))
        cells.append(
            (
                str(row["work"]),
                f"{float(row['kit']):.4g} {unit}",  # type: ignore[arg-type]
                f"{float(row['baseline']):.4g} {unit}",  # type: ignore[arg-type]
                f"{float(row['ratio']):.2f}x",  # type: ignore[arg-type]
                f"{sign} {row['target']}x",
                "yes" if row["met"] else "NO",
            )
        )
    widths = [max(len(line[i]) for line in cells) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)) for line in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _whole_run(total: float, times: dict[str, float], everything: bool) -> dict[str, object]:
    """The run's own row: its wall time against :data:`BUDGET_S` (only a run of every benchmark can meet it)."""
    print("\ntime per benchmark: " + ", ".join(f"{name} {took:.0f} s" for name, took in times.items()))
    return {
        "work": "bench make bench end to end" + ("" if everything else " (a subset: --only)"),
        "kit": total,
        "baseline": float(BUDGET_S),
        "ratio": total / BUDGET_S,
        "target": 1.0,
        "met": everything and total <= BUDGET_S,
        "better": "lower",
        "unit": "s",
        "note": "wall time of the whole run against the 25-minute budget",
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=None, help="benchmark names (e.g. bench_fleet) to run")
    parser.add_argument("--out", default=str(HERE.parent / "build" / "bench.json"))
    args = parser.parse_args()
    scripts = sorted(HERE.glob("bench_*.py"))
    if args.only:
        wanted = {name.removesuffix(".py") for name in args.only}
        scripts = [s for s in scripts if s.stem in wanted]
    failed: list[str] = []
    times: dict[str, float] = {}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        results = Path(tmp) / "results.jsonl"
        results.touch()
        env = dict(os.environ, **{RESULTS_ENV: str(results)})
        for script in scripts:
            print(f"== {script.relative_to(HERE.parent)}", flush=True)
            start = time.perf_counter()
            status = subprocess.run([sys.executable, str(script)], env=env, check=False).returncode
            took = times[script.name] = time.perf_counter() - start
            print(f"== {script.name}: {'ok' if status == 0 else f'FAILED (exit {status})'} in {took:.0f} s", flush=True)
            if status != 0:
                failed.append(script.name)
        rows = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows.append(_whole_run(time.perf_counter() - started, times, everything=not args.only))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print("\nsummary (ratios against baselines measured in the same run):\n" + _table(rows))
    print(f"\n{sum(bool(r['met']) for r in rows)} of {len(rows)} targets met; written to {out}")
    if failed:
        print("failed benchmarks: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
