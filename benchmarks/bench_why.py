"""Speed of ``why`` and ``budget`` against plain activation of the same turns, in one process and on the fleet.

Run: ``.venv/bin/python benchmarks/bench_why.py`` (scaled down) or ``... --full`` (the issue's sizes: ``why`` over
5,000 generated chats with a 1,000-entry book, ``budget`` over a 25,000-entry book x 10,000 turns). Prints times
measured in this one run; the machine is shared, so treat them as indicative. Target: each within 1.5x of the
baseline.

* **why**: a synthetic 1,000-entry book whose keys are words and character pairs of the sample studio's lines
  (which the generated chats are made of), plus the sample books, over chats from
  :func:`kit.samples.fleet.write_chat_corpus`. Baseline :func:`kit.worldbook.replay`; measured
  :func:`kit.worldbook.why_summary` (every entry's outcome every turn, counted) and
  :func:`kit.worldbook.why_chats` with near misses for 50 entries' rows (near misses are looked for every entry).
* **budget**: a synthetic book of N entries and conversations of 20 turns each; baseline :func:`kit.worldbook.replay`,
  measured :func:`kit.worldbook.budget` (guesstimate tokens).
* **fleet**: :func:`kit.fleet.coverage` against :func:`kit.fleet.why_summary` and :func:`kit.fleet.budget` on the
  chat folder, Dask's default scheduler.
"""

from __future__ import annotations

import argparse
import random
import re
import tempfile
import time

from _timing import record

import kit.fleet
import kit.worldbook as wb
from kit.samples import load_studio
from kit.samples.fleet import CHARACTER_BOOKS, write_chat_corpus
from kit.worldbook import Conversation, Entry, KeywordTrigger, Triggers, Turn, WorldBook

CHAT_OPTIONS = {"character_books": CHARACTER_BOOKS, "global_book_ids": ["aetheria", "starport_nyx", "big"]}


def timed(fn):
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def vocabulary(studio) -> list[str]:
    text = " ".join(t.message for c in studio.conversations for t in c.turns)
    words = sorted(set(re.findall(r"[A-Za-z]{4,}", text)))
    pairs = sorted({m[i : i + 2] for m in re.findall(r"[\u4e00-\u9fff]+", text) for i in range(len(m) - 1)})
    return words + pairs + [f"{w}{i}" for w in words[:50] for i in range(20)]  # and keys that never match


def make_book(n: int, vocab: list[str], seed: int = 0) -> WorldBook:
    rng = random.Random(seed)
    entries = []
    for i in range(n):
        keys = tuple(rng.sample(vocab, rng.randint(1, 3)))
        secondary = tuple(rng.sample(vocab, 1)) if rng.random() < 0.2 else ()
        triggers = Triggers(
            keyword=KeywordTrigger(keys, False, rng.random() < 0.3, secondary_keys=secondary),
            constant=rng.random() < 0.02,
            probability=0.5 if rng.random() < 0.1 else 1.0,
        )
        entries.append(
            Entry(
                f"e{i}",
                " ".join(rng.sample(vocab, 8)) * rng.randint(1, 4),
                order=rng.randint(0, 200),
                group=(f"g{rng.randint(0, 40)}",) if rng.random() < 0.1 else None,
                triggers=triggers,
            )
        )
    return WorldBook("big", "big", tuple(entries))


def ratio(name: str, base: float, other: float, unit: str, work: str = "") -> None:
    print(f"  {name:<38} {other:8.2f} s  {other / base:5.2f}x the baseline ({unit})")
    if work:  # an issue-26/25 target: within 1.5x the plain replay of the same turns
        record(work, kit=other, baseline=base, target=1.5, note=unit)


def chat_folder_and_library(n_chats: int, studio, vocab) -> tuple[str, dict]:
    """A temporary folder of ``n_chats`` generated chats, and the sample books plus the 1,000-entry "big" book."""
    library = dict(studio.library)
    library["big"] = make_book(1_000, vocab)
    folder = tempfile.mkdtemp(prefix="bench_why_")
    write_chat_corpus(folder, n_chats, seed=0, bad_every=0)
    return folder, library


def bench_why(n_chats: int, studio, vocab) -> tuple[str, dict]:
    folder, library = chat_folder_and_library(n_chats, studio, vocab)
    corpus = wb.read_chats(folder, **CHAT_OPTIONS)
    convs = corpus.conversations
    n_turns = sum(len(c.turns) for c in convs)
    print(f"why: {n_chats} chats, {n_turns:,} turns, {sum(len(b.entries) for b in library.values()):,} entries")
    base, _ = timed(lambda: wb.replay(library, convs, rng=0, progress=False))
    print(f"  {'replay (baseline)':<38} {base:8.2f} s  ({n_turns / base:,.0f} turns/s)")
    t, _ = timed(lambda: wb.why_summary(library, convs, rng=0))
    ratio(
        "why_summary (every outcome, counted)",
        base,
        t,
        "no near misses",
        work=f"worldbook why over {n_chats:,} chats x 1,000-entry book vs replay",
    )
    some = [f"big/e{i}" for i in range(50)]
    t, rows = timed(lambda: wb.why_chats(library, convs, rng=0, entry_ids=some))
    ratio("why_chats (50 entries' rows)", base, t, f"{len(rows):,} rows, near misses")
    return folder, library


def bench_budget(n_entries: int, n_turns: int, vocab) -> None:
    book = make_book(n_entries, vocab, seed=1)
    rng = random.Random(2)
    studio_lines = vocab[:2000]
    convs = []
    for c in range(n_turns // 20):
        turns = tuple(Turn(" ".join(rng.sample(studio_lines, 6))) for _ in range(20))
        convs.append(Conversation(f"c{c}", turns))
    print(f"budget: {n_entries:,} entries x {len(convs) * 20:,} turns")
    base, _ = timed(lambda: wb.replay([book], convs, rng=0, progress=False))
    print(f"  {'replay (baseline)':<38} {base:8.2f} s")
    t, report = timed(lambda: wb.budget([book], convs, max_context=4096, rng=0))
    ratio(
        "budget (guesstimate)",
        base,
        t,
        f"{int(report.entries['n_cut'].sum()):,} cuts",
        work=f"worldbook budget {n_entries:,} entries x {len(convs) * 20:,} turns vs replay",
    )


def bench_fleet(folder: str, library: dict) -> None:
    print("fleet (Dask's default scheduler, same chat folder):")
    base, _ = timed(lambda: kit.fleet.coverage(library, folder, chat_options=CHAT_OPTIONS, rng=0, progress=False))
    print(f"  {'kit.fleet.coverage (baseline)':<38} {base:8.2f} s")
    t, _ = timed(lambda: kit.fleet.why_summary(library, folder, chat_options=CHAT_OPTIONS, rng=0, progress=False))
    ratio("kit.fleet.why_summary", base, t, "partition counts added", work="fleet why_summary vs fleet coverage")
    t, _ = timed(lambda: kit.fleet.budget(library, folder, chat_options=CHAT_OPTIONS, rng=0, progress=False))
    ratio("kit.fleet.budget", base, t, "swipes replayed too", work="fleet budget vs fleet coverage")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--full", action="store_true", help="the issue's sizes (5,000 chats; 25,000 entries x 10,000 turns)"
    )
    parser.add_argument("--no-fleet", action="store_true", help="skip the Dask runs")
    parser.add_argument("--fleet-only", action="store_true", help="only the Dask runs (the same generated chats)")
    args = parser.parse_args()
    studio = load_studio()
    vocab = vocabulary(studio)
    n_chats = 5_000 if args.full else 300
    if args.fleet_only:
        folder, library = chat_folder_and_library(n_chats, studio, vocab)
    else:
        folder, library = bench_why(n_chats, studio, vocab)
        bench_budget(25_000 if args.full else 5_000, 10_000 if args.full else 2_000, vocab)
    if not args.no_fleet:
        bench_fleet(folder, library)
    import shutil

    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
