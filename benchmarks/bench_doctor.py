"""The pack doctor's full run on the generated 200-mod server of bench_items, against open_server + indexing.

Run:  .venv/bin/python benchmarks/bench_doctor.py [--mods 200] [--sizes 25000,50000,100000]

For each size: a server with that many recipes is generated (``kit.samples.server.write_synthetic_server``, the
generator of ``bench_items.py`` part 4); the baseline is ``open_server`` + ``load_datapacks`` + the first
``item_sources`` query (the index build); the doctor's run is ``kit.items.doctor(packs)`` on the loaded packs plus
reading its four frames. Baseline and doctor are timed interleaved (baseline, doctor, baseline, doctor, ...), best
of 3, in wall and CPU seconds. The ratio doctor / baseline at the largest size is recorded as ``server doctor 100k
recipes vs open_server + index`` (target <= 2x, on wall time; the CPU ratio is printed beside it), and the doctor's
time per 1,000 recipes across sizes (linear growth keeps it flat). The machine is shared: the numbers are indicative.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from _timing import record


def bench(n_mods: int, n_recipes: int, repeats: int = 3) -> dict[str, tuple[float, float]]:
    """``{"baseline": (wall, cpu), "doctor": (wall, cpu)}``: the best of ``repeats`` interleaved rounds."""
    import kit.items
    from kit.samples.server import write_synthetic_server
    from kit.servers import open_server

    best = {"baseline": (float("inf"), float("inf")), "doctor": (float("inf"), float("inf"))}

    def timed(name: str, fn):
        wall, cpu = time.perf_counter(), time.process_time()
        out = fn()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
        return out

    def baseline():
        packs = open_server(root).load_datapacks()
        packs.item_sources(next(iter(packs.index.produced)))  # builds the recipe, loot and tag indexes
        return packs

    def run(packs):
        report = kit.items.doctor(packs)
        report.items(), report.recipes(), report.problems(), report.summary()
        return report

    with tempfile.TemporaryDirectory() as tmp:
        root = write_synthetic_server(Path(tmp) / "server", n_mods=n_mods, n_recipes=n_recipes)
        for _ in range(repeats):
            packs = timed("baseline", baseline)
            report = timed("doctor", lambda packs=packs: run(packs))
            del packs
    (w_base, c_base), (w_doc, c_doc) = best["baseline"], best["doctor"]
    summary = report.summary()
    counts = dict(zip(summary["kind"], summary["n_problems"]))
    print(
        f"{n_recipes:>7} recipes: open_server + load + index {w_base:6.2f} s ({c_base:.2f} s CPU); doctor "
        f"{w_doc:6.2f} s ({c_doc:.2f} s CPU); ratio {w_doc / w_base:.2f}x wall, {c_doc / c_base:.2f}x CPU "
        f"(target <= 2x); {1000 * c_doc / n_recipes:.3f} CPU s per 1,000 recipes; {report!r}; "
        f"conflicts {counts['recipe_conflict']}"
    )
    return best


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mods", type=int, default=200)
    parser.add_argument("--sizes", default="25000,50000,100000")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    start = time.perf_counter()
    results = {n: bench(args.mods, n) for n in sizes}
    per_wall = [results[n]["doctor"][0] / n for n in sizes]
    per_cpu = [results[n]["doctor"][1] / n for n in sizes]
    print(
        f"doctor time per recipe, largest / smallest size: {per_wall[-1] / per_wall[0]:.2f} wall, "
        f"{per_cpu[-1] / per_cpu[0]:.2f} CPU (1.0 = linear)"
    )
    largest = sizes[-1]
    (w_base, c_base), (w_doc, c_doc) = results[largest]["baseline"], results[largest]["doctor"]
    record(
        f"server doctor {largest // 1000}k recipes vs open_server + index",
        kit=w_doc,
        baseline=w_base,
        target=2.0,
        note=f"wall, best of 3 interleaved; CPU {c_doc:.2f} s vs {c_base:.2f} s = {c_doc / c_base:.2f}x",
    )
    print(f"total {time.perf_counter() - start:.0f} s (shared machine: indicative numbers)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
