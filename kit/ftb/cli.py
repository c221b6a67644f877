"""``python -m kit ftb-book PATH`` and ``python -m kit ftb-reload SAVE``: FTB Quests from the command line.

``ftb-reload`` is the notebook-side counterpart of the design's ``/system ftb reload``: it re-ingests the
guide quests of the save's quest book (``<save>/config/ftbquests/quests`` unless ``--book`` is given)
into the shared database's ``system:ftb_guides`` and prints the report.
"""

from __future__ import annotations

import argparse
import sys

__all__ = ["register", "run_book", "run_reload"]


def register(subparsers) -> None:
    """Add ``ftb-book`` and ``ftb-reload`` to an argparse ``subparsers`` object (``func`` returns an exit code)."""
    book = subparsers.add_parser(
        "ftb-book",
        help="summarise an FTB Quests book (counts, languages, problems)",
        description="Read an FTB Quests book and print its counts, languages and problems.",
    )
    book.add_argument("path", help="config/ftbquests/quests, or a pack or save folder above it")
    book.add_argument(
        "--strict",
        action="store_true",
        help="fail on the first malformed file, bad or duplicate id (default: report them and go on)",
    )
    book.add_argument("--lenient", action="store_true", help=argparse.SUPPRESS)  # deprecated no-op, warns
    book.set_defaults(func=run_book)

    reload = subparsers.add_parser(
        "ftb-reload",
        help="re-ingest FTB guide quests into system:ftb_guides",
        description="Re-ingest the guide quests of a quest book into the save's shared "
        "database (system:ftb_guides) and print the report.",
    )
    reload.add_argument("save", help="the save folder")
    reload.add_argument("--book", default=None, help="the quest book (default: the save's config/ftbquests/quests)")
    reload.add_argument(
        "--language",
        dest="languages",
        action="append",
        default=[],
        help="a language to build besides the book's fallback (repeatable), e.g. zh_cn",
    )
    reload.add_argument(
        "--min-description-chars", type=int, default=None, help="guide rule: minimum description length (default 40)"
    )
    reload.set_defaults(func=run_reload)


def _print(frame) -> None:
    import pandas as pd

    with pd.option_context("display.width", 140, "display.max_columns", None, "display.max_colwidth", 60):
        print(frame.to_string(index=False))


def run_book(args: argparse.Namespace) -> int:
    """Print counts, languages and problems of a quest book; 0 on success (KitError -> exit 2 in kit.cli)."""
    from kit.ftb.guides import guide_ids
    from kit.ftb.loader import read_quest_book

    if args.lenient:
        print(
            "kit: warning: --lenient is deprecated and does nothing: reading is lenient by default "
            "(use --strict to fail on the first problem)",
            file=sys.stderr,
        )
    book = read_quest_book(args.path, strict=args.strict)
    print(f"book: {book.path}")
    print(
        f"chapters {len(book.chapter_by_id)}, groups {len(book.group_by_id)}, quests {len(book.quest_by_id)}, "
        f"tasks {len(book.task_by_id)}, rewards {len(book.reward_by_id)}, quest links {len(book.link_by_id)}, "
        f"reward tables {len(book.reward_table_by_id)}, guides {len(guide_ids(book))}"
    )
    print(f"fallback locale: {book.fallback_locale}")
    _print(book.languages())
    errors = book.problems()
    print(f"problems: {len(errors)}")
    if len(errors):
        _print(errors.groupby("kind").size().rename("n").reset_index())
    return 0


def run_reload(args: argparse.Namespace) -> int:
    """Re-ingest the guides and print the report; 0 on success."""
    from kit.ftb.guides import DEFAULT_GUIDE_RULE, GuideRule
    from kit.ftb.ingest import reload
    from kit.ftb.loader import read_quest_book
    from kit.saves.save import open_save

    rule = (
        DEFAULT_GUIDE_RULE
        if args.min_description_chars is None
        else GuideRule(min_description_chars=args.min_description_chars)
    )
    with open_save(args.save) as save:
        book = read_quest_book(args.book or save.path)
        _print(reload(save, book, languages=args.languages, rule=rule))
    return 0
