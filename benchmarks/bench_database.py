"""Database load/save speed against nbtlib, and batch versus per-put writes.

Run: ``.venv/bin/python benchmarks/bench_database.py``. Prints times and kit/nbtlib ratios measured in
this one run (target: kit's load and save at most 0.5x nbtlib's time).

The data: one table of 20,000 records (about 5 MB of uncompressed NBT). kit's load includes decoding
every value through its codec into dataclasses; nbtlib's load only builds its tag tree. kit's save
includes the atomic write (tmp file, fsync, rename, folder fsync); nbtlib's save writes the file.
"""

from __future__ import annotations

import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import nbtlib

import kit
from kit.saves import codecs, nbt


@dataclass(frozen=True)
class Entry:
    title: str
    text: str
    score: float
    count: int
    tags: tuple[str, ...]


TABLE = kit.DatabaseTable("bench:entries", codecs.record(Entry))
N_ENTRIES = 20_000
REPEATS = 5


def make_values(rng: random.Random) -> dict[str, Entry]:
    words = [
        "iron",
        "gold",
        "diamond",
        "creeper",
        "village",
        "nether",
        "钻石",
        "村庄",
        "下界",
        "红石",
        "farm",
        "portal",
    ]
    values = {}
    for i in range(N_ENTRIES):
        text = " ".join(rng.choice(words) for _ in range(26))
        values[f"entry/{i:05d}"] = Entry(f"Entry {i}", text, rng.random(), rng.randrange(1000), ("a", "b", str(i % 7)))
    return values


def best_pair(a, b, repeats: int = REPEATS) -> tuple[float, float]:
    """Best-of-N times of ``a`` and ``b``, run alternately so both see the same machine load."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeats):
        for fn, out in ((a, times[0]), (b, times[1])):
            start = time.perf_counter()
            fn()
            out.append(time.perf_counter() - start)
    return min(times[0]), min(times[1])


def main() -> None:
    rng = random.Random(7)
    values = make_values(rng)
    with tempfile.TemporaryDirectory() as tmp:
        save = Path(tmp)
        with kit.AgentDatabases(save) as dbs:
            dbs.shared().replace(TABLE, values)
        path = save / "system" / "database" / "shared.dat"
        raw_size = len(nbt.encode_nbt(nbt.decode_nbt(path.read_bytes()).root, compression="none"))
        print(
            f"database: {N_ENTRIES} entries, {raw_size / 1e6:.2f} MB uncompressed NBT, {path.stat().st_size / 1e6:.2f} MB on disk"
        )

        def kit_load() -> None:
            with kit.AgentDatabases(save) as dbs:
                assert len(dbs.shared().entries(TABLE)) == N_ENTRIES

        ref_path = save / "nbtlib.dat"
        nbtlib.load(path).save(ref_path, gzipped=True)

        def nbtlib_load() -> None:
            assert len(nbtlib.load(ref_path)["tables"]["bench:entries"]["entries"]) == N_ENTRIES

        holder = kit.AgentDatabases(save)
        db = holder.shared()
        db.entries(TABLE)
        flip = [0]

        def kit_save() -> None:
            flip[0] ^= 1  # alternate one value so every save really rewrites different data
            db.put(TABLE, "entry/00000", Entry("x", "y", 0.0, flip[0], ()))

        loaded = nbtlib.load(ref_path)

        def nbtlib_save() -> None:
            loaded.save(ref_path, gzipped=True)

        t_kit_load, t_ref_load = best_pair(kit_load, nbtlib_load)
        t_kit_save, t_ref_save = best_pair(kit_save, nbtlib_save)
        print(
            f"load   kit {t_kit_load * 1e3:8.1f} ms   nbtlib {t_ref_load * 1e3:8.1f} ms   ratio {t_kit_load / t_ref_load:.2f}x (target <= 0.5x)"
        )
        print(
            f"save   kit {t_kit_save * 1e3:8.1f} ms   nbtlib {t_ref_save * 1e3:8.1f} ms   ratio {t_kit_save / t_ref_save:.2f}x (target <= 0.5x)"
        )
        holder.close()

    with tempfile.TemporaryDirectory() as tmp:
        small = {k: values[k] for k in list(values)[:300]}
        with kit.AgentDatabases(tmp) as dbs:
            db = dbs.shared()
            start = time.perf_counter()
            for key, value in small.items():
                db.put(TABLE, key, value)
            per_put = time.perf_counter() - start
            db.replace(TABLE, {})
            start = time.perf_counter()
            with db.batch():
                for key, value in small.items():
                    db.put(TABLE, key, value)
            batched = time.perf_counter() - start
        print(
            f"300 puts: one by one {per_put * 1e3:.1f} ms, in one batch {batched * 1e3:.1f} ms, ratio {per_put / batched:.1f}x"
        )


if __name__ == "__main__":
    main()
