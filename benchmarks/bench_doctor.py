"""The pack doctor's full run on the generated 200-mod server of bench_items, against open_server + indexing.

Run:  .venv/bin/python benchmarks/bench_doctor.py [--mods 200] [--sizes 25000,50000,100000]

For each size: a server with that many recipes is generated (``kit.samples.server.write_synthetic_server``, the
generator of ``bench_items.py`` part 4); the baseline is ``open_server`` + ``load_datapacks`` + the first
``item_sources`` query (the index build); the doctor's run is ``kit.items.doctor(packs)`` on the loaded packs plus
reading its four frames. The ratio doctor / baseline (target <= 2x) and the time per 1,000 recipes across sizes
(linear growth keeps it flat) are printed. The machine is shared: the numbers are indicative.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from _timing import best_time


def bench(n_mods: int, n_recipes: int) -> tuple[float, float]:
    import kit.items
    from kit.samples.server import write_synthetic_server
    from kit.servers import open_server

    with tempfile.TemporaryDirectory() as tmp:
        root = write_synthetic_server(Path(tmp) / "server", n_mods=n_mods, n_recipes=n_recipes)

        def baseline():
            packs = open_server(root).load_datapacks()
            packs.item_sources("minecraft:stone")
            return packs

        t_base = best_time(baseline, repeats=2)
        packs = baseline()

        def run():
            report = kit.items.doctor(packs)
            report.items(), report.recipes(), report.problems(), report.summary()
            return report

        t_doc = best_time(run, repeats=2)
        report = run()
        counts = dict(zip(report.summary()["kind"], report.summary()["n_problems"]))
        print(f"{n_recipes:>7} recipes: open_server + load + index {t_base:6.2f} s; doctor {t_doc:6.2f} s; "
              f"ratio {t_doc / t_base:.2f}x (target <= 2x: {'ok' if t_doc <= 2 * t_base else 'MISSED'}); "
              f"{1000 * t_doc / n_recipes:.3f} s per 1,000 recipes; {report!r}; conflicts {counts['recipe_conflict']}")
        return t_base, t_doc


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mods", type=int, default=200)
    parser.add_argument("--sizes", default="25000,50000,100000")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    start = time.perf_counter()
    results = {n: bench(args.mods, n) for n in sizes}
    per = [results[n][1] / n for n in sizes]
    print(f"doctor time per recipe, largest / smallest size: {per[-1] / per[0]:.2f} (1.0 = linear)")
    print(f"total {time.perf_counter() - start:.0f} s (shared machine: indicative numbers)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
