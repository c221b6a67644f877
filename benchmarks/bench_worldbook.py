"""World-book activation speed against a plain reference loop, and coverage replay throughput.

Run: ``.venv/bin/python benchmarks/bench_worldbook.py``. Prints times measured in this one run.

1. **Activation.** 5,000 entries (keywords in Chinese and English with mixed case / whole-word options,
   table conditions, constants, some disabled) against a 50-message history. The reference is the design's
   algorithm written plainly (kept below): loop over entries, then over keys, testing each key against the
   message and then each history message with ``in`` (lower-casing both for case-insensitive keys) or a
   whole-word regular expression; conditions parsed and evaluated per entry. Both must give identical
   results (entry, trigger, matched key/conditions, where, order). Target: kit at least 20x faster.
   kit's time is per request with the text cache cleared (every message scanned afresh); the one-off
   compile time is printed separately.
2. **Coverage replay.** Turns per second replaying every conversation of the sample studio
   (``kit.samples.studio``) through :func:`kit.worldbook.coverage`.
"""

from __future__ import annotations

import os
import random
import re
import sys
import tempfile
import time
from pathlib import Path

from _timing import RESULTS_ENV
from _vocab import EN, FILLER

import kit.worldbook as wb
from kit.worldbook.book.conditions import parse_condition
from kit.worldbook.engine.matching import whole_word_regex

N_ENTRIES = 5_000
N_HISTORY = 50
REPEATS = 5

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
    "剑",
    "神殿",
    "雪山",
    "沙漠",
    "船长",
    "女巫",
    "火焰",
    "冰霜",
    "月亮",
    "太阳",
    "影子",
    "钥匙",
    "地图",
    "书库",
    "学院",
    "市场",
    "港口",
]
FIELDS = ["力量", "敏捷", "好感", "金币", "hp", "态度", "地点"]


def make_books(rng: random.Random) -> list[wb.WorldBook]:
    vocab = ZH + EN + [f"{a}{b}" for a in ZH[:12] for b in ZH[12:24]] + [f"{w}{i}" for w in EN for i in range(40)]
    books = []
    per_book = N_ENTRIES // 4
    for b in range(4):
        entries = []
        for i in range(per_book):
            kind = rng.random()
            cs, ww = rng.random() < 0.2, rng.random() < 0.3
            keyword = wb.KeywordTrigger(tuple(rng.sample(vocab, rng.randint(1, 4))), cs, ww)
            if kind < 0.05:
                trig = wb.Triggers(constant=True)
            elif kind < 0.70:
                trig = wb.Triggers(keyword=keyword)
            elif kind < 0.85:
                conds = [
                    f"tb.{rng.choice(FIELDS[:5])} {rng.choice(['>', '<', '>=', '<=', '==', '!='])} {rng.randint(0, 100)}"
                    for _ in range(rng.randint(1, 2))
                ]
                if rng.random() < 0.3:
                    conds.append(f'tb.态度 包括 "{rng.choice(["友好", "敌对", "中立"])}"')
                trig = wb.Triggers(conditions=tuple(conds))
            else:
                trig = wb.Triggers(
                    keyword=keyword, conditions=(f"tb.{rng.choice(FIELDS[:5])} > {rng.randint(0, 100)}",)
                )
            entries.append(
                wb.Entry(
                    f"e{i}",
                    f"content {b}-{i}",
                    position=rng.randint(0, 7),
                    order=rng.randint(0, 200),
                    disable=rng.random() < 0.03,
                    triggers=trig,
                )
            )
        books.append(wb.WorldBook(f"book{b}", f"Book {b}", tuple(entries)))
    return books


def make_history(rng: random.Random) -> tuple[str, list[str], dict]:
    words = ZH + EN + FILLER * 6

    def sentence() -> str:
        return "".join(
            w if rng.random() < 0.5 else " " + w for w in (rng.choice(words) for _ in range(rng.randint(20, 60)))
        )

    history = [sentence() for _ in range(N_HISTORY)]
    table = {
        "力量": rng.randint(0, 100),
        "敏捷": rng.randint(0, 100),
        "好感": str(rng.randint(0, 100)),
        "金币": rng.randint(0, 100),
        "态度": "友好而谨慎",
    }
    return sentence(), history, table


# -- the reference: the design's algorithm, written plainly -------------------------------------------------
def _ref_key(key: str, text: str, cs: bool, ww: bool) -> bool:
    if not cs:
        key, text = key.lower(), text.lower()
    if ww:
        return re.search(whole_word_regex(key), text) is not None
    return key in text


def reference(books, message, history, table):
    active = []
    n = 0
    for book in books:
        for entry in book.entries:
            n += 1
            if entry.disable:
                continue
            t = entry.triggers
            hit = None
            if t.constant:
                hit = ("constant", "", "always")
            if hit is None and t.keyword is not None:
                kw = t.keyword
                keys = [k for k in kw.keys if k]
                for key in keys:
                    if _ref_key(key, message, kw.case_sensitive, kw.match_whole_words):
                        hit = ("keyword", key, "message")
                        break
                if hit is None:
                    for key in keys:
                        if any(_ref_key(key, h, kw.case_sensitive, kw.match_whole_words) for h in history):
                            hit = ("keyword", key, "history")
                            break
            if hit is None and t.conditions:
                if all(parse_condition(c).evaluate(table).holds for c in t.conditions):
                    hit = ("condition", " && ".join(parse_condition(c).text for c in t.conditions), "table")
            if hit is not None:
                active.append((entry.position, entry.order, n, f"{book.id}/{entry.uid}", *hit))
    active.sort(key=lambda r: (r[0], r[1], r[2]))
    return [(r[3], r[4], r[5], r[6], r[0], r[1]) for r in active]


def kit_rows(frame):
    return list(
        zip(
            frame["entry_id"],
            frame["trigger"].astype(str),
            frame["matched"],
            frame["matched_in"],
            frame["position"].astype(int),
            frame["order"].astype(int),
        )
    )


def bench_activation() -> float:
    rng = random.Random(11)
    books = make_books(rng)
    requests = [make_history(rng) for _ in range(REPEATS)]
    start = time.perf_counter()
    engine = wb.Activator(books)
    compile_s = time.perf_counter() - start
    kit_t, ref_t = [], []
    n_active = []
    for message, history, table in requests:
        engine.scanner.clear_cache()
        t0 = time.perf_counter()
        got = engine.activate(message, history, table)
        t1 = time.perf_counter()
        expected = reference(books, message, history, table)
        t2 = time.perf_counter()
        if kit_rows(got) != expected:
            sys.exit("kit and the reference disagree")
        kit_t.append(t1 - t0)
        ref_t.append(t2 - t1)
        n_active.append(len(got))
    k, r = min(kit_t), min(ref_t)
    print(
        f"activation: {N_ENTRIES} entries, {N_HISTORY} history messages, {REPEATS} requests "
        f"(active per request: {min(n_active)}-{max(n_active)}); results identical"
    )
    print(f"  compile once:   {compile_s * 1000:8.1f} ms")
    print(f"  kit request:    {k * 1000:8.2f} ms (best of {REPEATS})")
    print(f"  reference loop: {r * 1000:8.2f} ms (best of {REPEATS})")
    print(f"  speed-up:       {r / k:8.1f}x (target >= 20x)")
    return r / k


def bench_coverage() -> None:
    from kit.samples.studio import write_worldbooks

    with tempfile.TemporaryDirectory() as tmp:
        write_worldbooks(Path(tmp))
        studio = wb.read_studio(Path(tmp))
        n_turns = sum(len(c.turns) for c in studio.conversations)
        wb.entry_coverage(studio.library, studio.conversations[:1], progress=False)  # warm-up: imports scipy/sklearn
        times = []
        for _ in range(3):
            t0 = time.perf_counter()
            wb.entry_coverage(studio.library, studio.conversations, progress=False)
            times.append(time.perf_counter() - t0)
        best = min(times)
        print(
            f"coverage replay: {len(studio.conversations)} conversations, {n_turns} turns, "
            f"{sum(len(b) for b in studio.library.values())} entries"
        )
        print(f"  all triggers:        {best * 1000:7.1f} ms, {n_turns / best:7,.0f} turns/s (best of 3)")
        from dataclasses import replace

        no_rag = [
            replace(b, entries=tuple(e for e in b.entries if e.triggers.rag is None)) for b in studio.library.values()
        ]
        times = []
        for _ in range(3):
            t0 = time.perf_counter()
            wb.entry_coverage(no_rag, studio.conversations, progress=False)
            times.append(time.perf_counter() - t0)
        best = min(times)
        print(
            f"  without RAG entries: {best * 1000:7.1f} ms, {n_turns / best:7,.0f} turns/s (best of 3; "
            "the retrieval search per turn dominates)"
        )


if __name__ == "__main__":
    bench_activation()
    if "--no-coverage" not in sys.argv:
        bench_coverage()
    # make bench (run_all.py, which sets $KIT_BENCH_RESULTS) runs bench_sillytavern.py on its own: not twice there
    if "--no-sillytavern" not in sys.argv and not os.environ.get(RESULTS_ENV):
        # the SillyTavern simulator against kit's engine on one synthetic 1,000-entry book (bench_sillytavern.py)
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import bench_sillytavern

        bench_sillytavern.main()
