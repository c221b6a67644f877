"""World-book lint speed, against reading the same book (a baseline measured in the same run).

Run: ``.venv/bin/python benchmarks/bench_worldbook_lint.py``. Prints times measured in this one run; the machine
is shared, so the numbers are indicative only.

A SillyTavern world file of N entries (keys in Chinese and English, secondary keys, groups, a few regex keys,
constants, ``delayUntilRecursion`` on 2% of the entries) is written once; the baseline is
``read_world_book(path)`` (parse + map every entry), then ``lint(book)`` on the book already read. The ratio
lint / read says what the static checks cost on top of loading the book. No target is set by the issue; lint
should stay within a small multiple of reading.
"""

from __future__ import annotations

import json
import random
import tempfile
import time
from pathlib import Path

import kit.worldbook as wb

SIZES = (1_000, 5_000)
REPEATS = 3
ZH = [
    "魔法",
    "龙",
    "王国",
    "骑士",
    "精灵",
    "森林",
    "城堡",
    "宝石",
    "星辰",
    "海洋",
    "商人",
    "酒馆",
    "预言",
    "神殿",
    "雪山",
]
EN = [
    "dragon",
    "Knight",
    "forest",
    "castle",
    "gem",
    "ocean",
    "merchant",
    "tavern",
    "prophecy",
    "sword",
    "temple",
    "mountain",
    "captain",
    "witch",
    "Aurora",
    "Nyx",
]


def world_file(n: int, rng: random.Random) -> dict:
    entries = {}
    for uid in range(n):
        keys = [f"{rng.choice(ZH + EN)}{uid % 97}" for _ in range(rng.randint(1, 3))]
        if uid % 50 == 0:
            keys.append(f"/{rng.choice(EN)}\\d+/i")
        entry = {
            "uid": uid,
            "key": keys,
            "content": " ".join(rng.choice(ZH + EN) for _ in range(30)),
            "constant": uid % 200 == 0,
            "selective": uid % 5 == 0,
            "order": rng.randint(0, 200),
            "keysecondary": [rng.choice(EN)] if uid % 5 == 0 else [],
            "selectiveLogic": rng.randint(0, 3),
            "group": f"g{uid % 40}" if uid % 3 == 0 else "",
            "probability": 100,
            "useProbability": True,
            "delayUntilRecursion": uid % 50 == 1,
            "position": rng.randint(0, 7),
            "disable": uid % 101 == 0,
        }
        entries[str(uid)] = entry
    return {"entries": entries}


def best(function, repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    rng = random.Random(0)
    with tempfile.TemporaryDirectory() as folder:
        for n in SIZES:
            path = Path(folder) / f"book_{n}.json"
            path.write_text(json.dumps(world_file(n, rng), ensure_ascii=False), encoding="utf-8")
            book = wb.read_world_book(path)
            read = best(lambda path=path: wb.read_world_book(path))
            lint = best(lambda book=book: wb.lint(book))
            rows = wb.lint(book)
            kinds = rows["kind"].value_counts().to_dict()
            print(
                f"{n:>6} entries: read {read * 1000:8.1f} ms | lint {lint * 1000:8.1f} ms | lint/read {lint / read:5.2f}x "
                f"| {len(rows)} rows {kinds}"
            )


if __name__ == "__main__":
    main()
