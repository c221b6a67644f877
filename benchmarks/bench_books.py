"""Book store speed: append-only traces against rewriting a whole JSON record, and card reading.

Run: ``.venv/bin/python benchmarks/bench_books.py``. Prints times measured in this one run, as ratios against
a baseline measured in the same run.

1. **Trace append.** 500 design-trace entries appended with :meth:`BookStore.append_design_trace` (one line
   each, flushed and fsynced, after validation and the secret check). The baseline is the older flat layout:
   the whole book record (with its growing ``designTrace`` array) rewritten atomically (tmp file, fsync,
   rename) for every entry. Both do the same number of fsyncs per entry; the flat layout's cost grows with the
   trace length.
2. **Trace read.** ``store.traces(book_id)`` (parse + validate + DataFrame) for the 500-entry book, against a
   baseline of ``json.loads`` on every line alone; 5 interleaved rounds, each the best of 9 runs; the target
   (issue 26: <= 4x) is recorded in CPU time of this thread (best against best, with the range of the rounds),
   wall clock shown beside it. The records alone (``store.book(book_id)``, no frame) are shown too.
3. **Write lock.** The same 500 appends with the store's write lock (every mutation takes an ``flock`` on
   the studio folder) against the unlocked method body (``BookStore.append_design_trace.__wrapped__``).
4. **Card reading.** :func:`kit.books.read_card` on a PNG card against Pillow opening the same PNG and
   decoding its ``chara`` text chunk (``Image.open(...).text``) plus ``json.loads``.
"""

from __future__ import annotations

import base64
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _timing import best_time, record

import kit.books as kb
from kit.books.store import BookStore

N_ENTRIES = 500
CARD_REPEATS = 300
ROUNDS = 5


def _stamp(i: int) -> str:
    return f"2026-01-01T{i // 3600:02d}:{i // 60 % 60:02d}:{i % 60:02d}Z"


def bench_append(root: Path) -> None:
    counter = iter(range(10**9))

    def kit_append() -> None:
        store = kb.open_store(root / f"kit{next(counter)}")
        store.create_card_book("bench", book_id="b", at=_stamp(0))
        for i in range(N_ENTRIES):
            store.append_design_trace("b", "agent_tool", f"step {i}", tool="t", at=_stamp(i))

    def flat_rewrite() -> None:
        folder = root / f"flat{next(counter)}"
        folder.mkdir()
        record = {"id": "b", "title": "bench", "kind": "character_card_design", "lifecycleStage": "design",
                  "createdAt": _stamp(0), "updatedAt": _stamp(0), "designTrace": []}  # fmt: skip
        path = folder / "b.json"
        for i in range(N_ENTRIES):
            record["designTrace"].append({"at": _stamp(i), "type": "agent_tool", "summary": f"step {i}", "tool": "t"})
            tmp = path.with_suffix(".tmp")
            with open(tmp, "w", encoding="utf-8") as handle:
                json.dump(record, handle, ensure_ascii=False, indent=2)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)

    kit_t = best_time(kit_append, 1)
    base_t = best_time(flat_rewrite, 1)
    print(f"trace append, {N_ENTRIES} entries: kit {kit_t * 1e3 / N_ENTRIES:.2f} ms/entry, "
          f"flat rewrite baseline {base_t * 1e3 / N_ENTRIES:.2f} ms/entry, ratio baseline/kit {base_t / kit_t:.2f}x")  # fmt: skip


def bench_read(root: Path) -> None:
    """Trace read against json.loads of the same file: interleaved rounds, each the best of 9 runs."""
    store = BookStore(root / "kit0")
    path = store.root / "books" / "b" / "traces.jsonl"

    def kit_read() -> None:
        frame = store.traces("b")
        assert len(frame) == N_ENTRIES

    def kit_records() -> None:
        assert len(store.book("b").design_trace) == N_ENTRIES

    def plain() -> None:
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        assert len(rows) == N_ENTRIES

    rounds = []
    for _ in range(ROUNDS):  # interleaved: each round measures the baseline, the records and the frame once more
        rounds.append((best_time(plain, 9), best_time(kit_records, 9), best_time(kit_read, 9),
                       best_cpu(plain, 9), best_cpu(kit_read, 9)))  # fmt: skip
    ratios = [r[2] / r[0] for r in rounds]
    record_ratios = [r[1] / r[0] for r in rounds]
    cpu_ratios = [r[4] / r[3] for r in rounds]
    base_cpu = min(r[3] for r in rounds)
    kit_cpu = min(r[4] for r in rounds)
    # The target is recorded in CPU time: on the shared machine, wall clock mostly measures the neighbours (single
    # rounds of the same code range over 3x).
    record(
        f"trace read {N_ENTRIES} entries (validation + frame) vs json.loads",
        kit=kit_cpu,
        baseline=base_cpu,
        target=4.0,
        note=f"CPU seconds of this thread, best of {ROUNDS} interleaved rounds (per round {min(cpu_ratios):.1f}-"
        f"{max(cpu_ratios):.1f}x); wall best {min(ratios):.1f}x (range {min(ratios):.1f}-{max(ratios):.1f}x)",
    )
    print(f"trace read, {N_ENTRIES} entries: kit {kit_cpu * 1e3:.1f} ms CPU, json.loads baseline {base_cpu * 1e3:.1f} ms "
          f"CPU, ratio {kit_cpu / base_cpu:.1f}x (per round {min(cpu_ratios):.1f}-{max(cpu_ratios):.1f}x over {ROUNDS} "
          f"interleaved rounds; target <= 4x) (validation + DataFrame)")  # fmt: skip
    print(f"  wall clock: best {min(ratios):.1f}x (range {min(ratios):.1f}-{max(ratios):.1f}x); of which records "
          f"(read + validate, no frame): best {min(record_ratios):.1f}x "
          f"(range {min(record_ratios):.1f}-{max(record_ratios):.1f}x)")  # fmt: skip


def best_cpu(fn: Callable[[], object], repeats: int) -> float:
    """The least CPU time of this thread over ``repeats`` runs of ``fn()`` (``time.thread_time``), in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.thread_time()
        fn()
        best = min(best, time.thread_time() - start)
    return best


def bench_lock(root: Path) -> None:
    store = kb.open_store(root / "lock")
    store.create_card_book("bench", book_id="b", at=_stamp(0))
    unlocked = BookStore.append_design_trace.__wrapped__

    def locked_append() -> None:
        for i in range(N_ENTRIES):
            store.append_design_trace("b", "agent_tool", f"step {i}", at=_stamp(i))

    def bare_append() -> None:
        for i in range(N_ENTRIES):
            unlocked(store, "b", "agent_tool", f"step {i}", at=_stamp(i))

    lock_t, bare_t = best_time(locked_append, 1), best_time(bare_append, 1)
    print(f"write lock, {N_ENTRIES} appends: locked {lock_t * 1e3 / N_ENTRIES:.2f} ms/entry, unlocked baseline "
          f"{bare_t * 1e3 / N_ENTRIES:.2f} ms/entry, ratio locked/unlocked {lock_t / bare_t:.2f}x")  # fmt: skip


def bench_cards(root: Path) -> None:
    from PIL import Image

    card = kb.card_from_dict(
        {"spec": "chara_card_v2", "spec_version": "2.0", "data": {"name": "Bench", "description": "x" * 2000}}
    )
    png = kb.write_card(card, root / "card.png")

    def kit_read() -> None:
        for _ in range(CARD_REPEATS):
            kb.read_card(png)

    def pillow_read() -> None:
        for _ in range(CARD_REPEATS):
            with Image.open(png) as image:
                image.load()
                json.loads(base64.b64decode(image.text["chara"]))

    kit_t, base_t = best_time(kit_read), best_time(pillow_read)
    print(f"PNG card read: kit {kit_t * 1e6 / CARD_REPEATS:.0f} us/card, Pillow baseline {base_t * 1e6 / CARD_REPEATS:.0f} us/card, "
          f"ratio baseline/kit {base_t / kit_t:.2f}x")  # fmt: skip


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        bench_append(root)
        bench_read(root)
        bench_lock(root)
        bench_cards(root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
