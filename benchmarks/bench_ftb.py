"""FTB SNBT parsing speed: kit.ftb.snbt against ftb-snbt-lib on every shared file, plus whole-book reads.

Run: ``.venv/bin/python benchmarks/bench_ftb.py``. Parses all ``.snbt`` files under
``../shared/data/ftbquests`` (about 9 MB: eight packs' books, lang tables and progress files) with
both parsers, best of ``REPEATS`` runs each, and prints MB/s and the kit/ftb-snbt-lib time ratio
measured in this run. It also checks that both give identical values (keys, values and tag types) on
every file, and times ``read_quest_book`` (parse + build records + text tables) per pack.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

import ftb_snbt_lib
from _timing import best_time

from kit.ftb import read_quest_book
from kit.ftb.snbt import loads

REPO = Path(__file__).resolve().parents[1]
FTB_DATA = REPO.parent / "shared" / "data" / "ftbquests"
REPEATS = 3


def main() -> int:
    files = sorted(FTB_DATA.rglob("*.snbt"))
    if not files:
        print(f"no shared data at {FTB_DATA}", file=sys.stderr)
        return 1
    texts = [f.read_text("utf-8") for f in files]
    size_mb = sum(len(f.read_bytes()) for f in files) / 1e6
    print(f"{len(files)} files, {size_mb:.2f} MB")

    sys.path.insert(0, str(REPO / "tests" / "ftb"))
    sys.path.insert(0, str(REPO))  # the test helpers import tests.data_folder
    from test_ftb_snbt import _from_lib, _same

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        differing = [f.name for f, t in zip(files, texts) if not _same(loads(t), _from_lib(ftb_snbt_lib.loads(t)))]
    print(f"identical results on {len(files) - len(differing)}/{len(files)} files"
          + (f"; differing: {differing}" if differing else ""))

    kit_time = best_time(lambda: [loads(t) for t in texts])

    def lib_parse():
        with contextlib.redirect_stdout(io.StringIO()):
            return [ftb_snbt_lib.loads(t) for t in texts]

    lib_time = best_time(lib_parse)
    print(f"{'parser':<16}{'seconds':>10}{'MB/s':>10}")
    print(f"{'kit.ftb.snbt':<16}{kit_time:>10.2f}{size_mb / kit_time:>10.2f}")
    print(f"{'ftb-snbt-lib':<16}{lib_time:>10.2f}{size_mb / lib_time:>10.2f}")
    print(f"kit time / ftb-snbt-lib time: {kit_time / lib_time:.2f}x (speed-up {lib_time / kit_time:.1f}x)")

    print()
    print(f"{'read_quest_book':<26}{'seconds':>10}{'quests':>8}")
    total = 0.0
    for pack in sorted(p for p in FTB_DATA.iterdir() if (p / "config").is_dir()):
        seconds = best_time(lambda: read_quest_book(pack), repeats=1)
        total += seconds
        print(f"{pack.name:<26}{seconds:>10.2f}{len(read_quest_book(pack).quest_by_id):>8}")
    print(f"{'all books':<26}{total:>10.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
