"""Item-source speed on the vanilla 1.21.3 data: loading, queries, exact loot statistics.

Run: ``.venv/bin/python benchmarks/bench_items.py [PATH_TO_1.21.3]``. Prints times measured in this one run, as
ratios against baselines measured in the same run.

1. **Load + index.** :func:`kit.items.load_datapacks` on the 1.21.3 folder plus the first ``item_sources`` query
   (which builds the recipe / loot / tag indexes). Baseline: ``json.loads`` of every recipe, loot table and tag
   file alone (the floor any loader pays). Target: under 2 s.
2. **Query latency.** ``packs.item_sources(item)`` for 200 item ids, against the straightforward approach kept
   here: re-read and re-parse every file for each query and scan recipes, loot entries and tags for the item.
   Target: at least 100x faster.
3. **Exact loot statistics.** ``packs.loot_expectations()`` over all 1227 tables (fresh calculator). Baseline:
   the Monte-Carlo sampler at 1000 draws per table, timed on 25 tables and scaled to all tables. Target: under 5 s.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import kit.items

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "vanilla" / "1.21.3"


def _best(fn, repeats: int = 3) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def _data_files(root: Path) -> list[Path]:
    base = root / "data" / "minecraft"
    return sorted(p for sub in ("recipe", "loot_table", "tags/item") for p in (base / sub).rglob("*.json"))


def naive_sources(root: Path, item_id: str) -> list[tuple[str, str]]:
    """The plain approach: parse every file again and look for the item (direct ids and one tag level)."""
    found: list[tuple[str, str]] = []
    base = root / "data" / "minecraft"
    tags: dict[str, list[str]] = {}
    for path in sorted((base / "tags" / "item").rglob("*.json")):
        tid = "minecraft:" + path.relative_to(base / "tags" / "item").with_suffix("").as_posix()
        tags[tid] = [v if isinstance(v, str) else v["id"] for v in json.loads(path.read_text())["values"]]
        if item_id in tags[tid]:
            found.append(("tag", tid))
    for path in sorted((base / "recipe").rglob("*.json")):
        data = json.loads(path.read_text())
        result = data.get("result")
        rid = result if isinstance(result, str) else (result or {}).get("id")
        if rid == item_id:
            found.append(("recipe", "minecraft:" + path.stem))

    def walk(entries, tid):
        for e in entries:
            if e.get("type") == "minecraft:item" and e.get("name") == item_id:
                found.append(("loot", tid))
            elif e.get("type") == "minecraft:tag" and item_id in tags.get(e.get("name", ""), []):
                found.append(("loot", tid))
            walk(e.get("children", []), tid)

    for path in sorted((base / "loot_table").rglob("*.json")):
        tid = "minecraft:" + path.relative_to(base / "loot_table").with_suffix("").as_posix()
        for pool in json.loads(path.read_text()).get("pools", []):
            walk(pool.get("entries", []), tid)
    return found


def main(argv: list[str]) -> int:
    root = Path(argv[0]) if argv else DEFAULT
    if not root.is_dir():
        print(f"vanilla data not found at {root}; pass the 1.21.3 folder as the first argument")
        return 1
    files = _data_files(root)
    print(f"data: {len(files)} recipe/loot/tag files")

    # 1. load + index
    def load_and_index():
        packs = kit.items.load_datapacks(root)
        packs.item_sources("minecraft:stone")
        return packs

    t_parse = _best(lambda: [json.loads(p.read_bytes()) for p in files])
    t_load = _best(load_and_index)
    print(f"1. load + index: {t_load:.3f} s (target < 2 s: {'ok' if t_load < 2 else 'MISSED'}); "
          f"json.loads of every file alone {t_parse:.3f} s; ratio {t_load / t_parse:.2f}x the parse floor")

    # 2. query latency
    packs = load_and_index()
    items = list(packs.items().item_id)
    step = max(len(items) // 200, 1)
    queries = items[::step][:200]
    t_kit = _best(lambda: [packs.item_sources(i) for i in queries]) / len(queries)
    naive_q = queries[:: max(len(queries) // 5, 1)][:5]
    t_naive = _best(lambda: [naive_sources(root, i) for i in naive_q], repeats=1) / len(naive_q)
    print(f"2. item_sources: {t_kit * 1e3:.3f} ms per query ({len(queries)} items); plain re-scan "
          f"{t_naive * 1e3:.1f} ms per query; speed-up {t_naive / t_kit:.0f}x "
          f"(target >= 100x: {'ok' if t_naive / t_kit >= 100 else 'MISSED'})")

    # 3. exact loot statistics over all tables
    def exact_all():
        packs._calc.clear()
        return packs.loot_expectations()

    t_exact = _best(exact_all)
    n_rows = len(exact_all())
    tables = sorted(packs.loot_tables().loot_table_id)
    sample = tables[:: max(len(tables) // 25, 1)][:25]
    start = time.perf_counter()
    for tid in sample:
        packs.sample_loot(tid, 1000, seed=1)
    t_mc = (time.perf_counter() - start) / len(sample) * len(tables)
    print(f"3. loot_expectations over {len(tables)} tables ({n_rows} rows): {t_exact:.3f} s "
          f"(target < 5 s: {'ok' if t_exact < 5 else 'MISSED'}); Monte-Carlo at 1000 draws per table "
          f"~{t_mc:.1f} s (scaled from {len(sample)} tables); exact is {t_mc / t_exact:.0f}x faster")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
