"""FTB SNBT parsing speed: kit.ftb.snbt against ftb-snbt-lib on every shared file, plus whole-book reads.

Run: ``.venv/bin/python benchmarks/bench_ftb.py``. Parses all ``.snbt`` files under
``../shared/data/ftbquests`` (about 9 MB: eight packs' books, lang tables and progress files) with
both parsers, best of ``REPEATS`` runs each, and prints MB/s and the kit/ftb-snbt-lib time ratio
measured in this run. It also checks that both give identical values (keys, values and tag types) on
every file, and times ``read_quest_book`` (parse + build records + text tables) per pack.

``--ask`` runs only the question-flow part: the cost of ``kit.ask(..., quest_book=book)`` (quest visibility,
the missing-language check and the re-check of returned guide text against the book) against the knowledge step
alone with the same allowed guide ids precomputed (``kit.saves.knowledge.ask(..., allowed_guide_ids=...)``), on
the sample save and on the largest shared pack, both measured in the same run. The machine is shared: the
numbers are indicative.
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


QUESTIONS = [
    "How do I stop a frost battery from leaking charge?",
    "where do I find iron",
    "quest reward",
    "what should I build first",
    "power generator setup",
]


def _ask_costs(label: str, save, book, progress, player: str, language: str) -> None:
    import kit
    import kit.ftb
    from kit.saves import knowledge

    allowed = kit.ftb.QuestGuides(book).readable_guide_ids(save, player, progress=progress)
    kit.ask(save, player, QUESTIONS[0], language=language, quest_book=book, progress=progress)  # warm the indexes

    def flow():
        for question in QUESTIONS:
            kit.ask(save, player, question, language=language, quest_book=book, progress=progress)

    def knowledge_only():
        for question in QUESTIONS:
            knowledge.ask(save, player, question, language=language, allowed_guide_ids=allowed)

    found = knowledge.ask(save, player, QUESTIONS[0], language=language, allowed_guide_ids=allowed)
    ids = list(dict.fromkeys(found.loc[found["scope"] == "ftb", "doc_id"]))

    def recheck_only():
        for _ in QUESTIONS:
            kit.ftb.QuestGuides(book).servable_guide_ids(save, language, ids)

    base = best_time(knowledge_only) / len(QUESTIONS)
    full = best_time(flow) / len(QUESTIONS)
    recheck = best_time(recheck_only) / len(QUESTIONS)
    print(
        f"{label:<26}{len(book.quest_by_id):>7}{len(allowed):>8}{base * 1e3:>11.1f}{full * 1e3:>11.1f}"
        f"{recheck * 1e3:>11.2f}{full / base:>8.2f}x"
    )


def bench_question_flow() -> None:
    """kit.ask with a quest book against the knowledge step with precomputed allowed ids (ms per question)."""
    import shutil
    import tempfile

    import kit
    import kit.ftb
    from kit.samples import sample_save_path
    from kit.samples.saves import PLAYERS

    print(f"{'question flow':<26}{'quests':>7}{'guides':>8}{'knowledge':>11}{'kit.ask':>11}{'recheck':>11}{'ratio':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(sample_save_path(), Path(tmp) / "sample")
        with kit.open_save(Path(tmp) / "sample") as save:
            book = kit.ftb.read_quest_book(save.path)
            _ask_costs("sample save (ms/question)", save, book, kit.ftb.read_progress(save), PLAYERS["alex"], "en_us")
        packs = (
            sorted((p for p in FTB_DATA.iterdir() if (p / "config").is_dir()), key=lambda p: p.name)
            if FTB_DATA.is_dir()
            else []
        )
        if packs:
            books = {p.name: read_quest_book(p) for p in packs}
            name = max(books, key=lambda n: len(books[n].quest_by_id))
            (Path(tmp) / "pack_save").mkdir()
            with kit.open_save(Path(tmp) / "pack_save") as save:
                book = books[name]
                kit.ftb.reload(save, book)
                team = kit.ftb.empty_team("11111111-2222-3333-4444-555555555555")
                _ask_costs(f"{name} (ms/question)", save, book, team, team.team_id, book.fallback_locale)
    print(
        "knowledge: the knowledge step alone with the allowed guide ids precomputed; kit.ask: the whole flow with "
        "visibility, the language check and the guide re-check; recheck: re-checking one answer's guides"
    )


def main() -> int:
    if "--ask" in sys.argv[1:]:
        bench_question_flow()
        return 0
    files = sorted(FTB_DATA.rglob("*.snbt"))
    if not files:
        print(f"no shared data at {FTB_DATA}", file=sys.stderr)
        return 1
    texts = [f.read_text("utf-8") for f in files]
    size_mb = sum(len(f.read_bytes()) for f in files) / 1e6
    print(f"{len(files)} files, {size_mb:.2f} MB")

    sys.path.insert(0, str(REPO))  # the comparison helpers live in the tests package
    from tests.ftb.test_snbt import _from_lib, _same

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        differing = [f.name for f, t in zip(files, texts) if not _same(loads(t), _from_lib(ftb_snbt_lib.loads(t)))]
    print(
        f"identical results on {len(files) - len(differing)}/{len(files)} files"
        + (f"; differing: {differing}" if differing else "")
    )

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
        seconds = best_time(lambda pack=pack: read_quest_book(pack), repeats=1)
        total += seconds
        print(f"{pack.name:<26}{seconds:>10.2f}{len(read_quest_book(pack).quest_by_id):>8}")
    print(f"{'all books':<26}{total:>10.2f}")
    print()
    bench_question_flow()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
