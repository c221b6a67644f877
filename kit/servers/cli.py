"""``python -m kit server PATH`` (a server's mods, data packs in load order and problems) and ``python -m kit doctor
PATH...`` (the pack doctor on a server folder or on packs in load order).
"""

from __future__ import annotations

import argparse

__all__ = ["register", "run_server", "register_doctor", "run_doctor"]


def register(subparsers) -> None:
    """Add the ``server`` subcommand to an argparse ``subparsers`` object."""
    p = subparsers.add_parser(
        "server",
        help="a server folder's mods, data pack order and problems",
        description="Open a server (or modpack) folder and print its mods, its data packs in "
        "load order and every problem found (data packs loaded).",
    )
    p.add_argument("path", metavar="PATH", help="the server folder")
    p.add_argument("--client-jar", default=None, help="take vanilla data from this client jar")
    p.set_defaults(func=run_server)
    register_doctor(subparsers)


def run_server(args: argparse.Namespace) -> int:
    """Run the subcommand; kit errors (not a server folder) are reported by ``kit.cli.main`` with status 2."""
    import pandas as pd

    from kit.servers import open_server

    with open_server(args.path, client_jar=args.client_jar) as server:
        print(
            f"server: {server.path.name}  loader: {server.loader}  minecraft: {server.minecraft_version or '?'}  "
            f"world: {server.level_name}"
        )
        with pd.option_context("display.width", 160, "display.max_columns", None, "display.max_colwidth", 60):
            mods = server.mods()
            print(f"\nmods ({len(mods)}):")
            print(mods.to_string(index=False) if len(mods) else "  (none)")
            packs = server.datapacks()
            print(f"\ndata packs in load order ({len(packs)}):")
            print(packs.drop(columns=["description"]).to_string(index=False) if len(packs) else "  (none)")
            problems = server.problems(data=True)
            print(f"\nproblems ({len(problems)}):")
            cols = ["severity", "kind", "object_id", "message", "path"]
            print(problems[cols].to_string(index=False) if len(problems) else "  (none)")
    return 0


def register_doctor(subparsers) -> None:
    """Add the ``doctor`` subcommand: the pack doctor on a server folder or on packs in load order."""
    p = subparsers.add_parser(
        "doctor",
        help="what is broken in a server's (or packs') items, recipes, tags and quests",
        description="Run the pack doctor: unobtainable and loop-only items, missing items, undefined and empty tags, "
        "recipe conflicts, missing loot tables and (with a quest book) quests that cannot be completed. "
        "Exit status 1 when a problem is an error, 0 otherwise, 2 when a path is unreadable.",
    )
    p.add_argument(
        "paths",
        metavar="PATH",
        nargs="+",
        help="a server folder, or data packs (folders, zips, jars) in load order (later overrides earlier)",
    )
    p.add_argument("--quest-book", default=None, help="an FTB quest book to check (default: the server's own)")
    p.add_argument(
        "--format",
        choices=("text", "json", "csv"),
        default="text",
        help="text (readable, the default), or json / csv: only that document on stdout",
    )
    p.set_defaults(func=run_doctor)


def _is_server(paths: list[str]) -> bool:
    from pathlib import Path

    return len(paths) == 1 and Path(paths[0]).is_dir() and not (Path(paths[0]) / "data").is_dir()


def run_doctor(args: argparse.Namespace) -> int:
    """Run the doctor; print the report in the chosen format; 1 when there are errors."""
    import json

    import pandas as pd

    from kit.ftb import read_quest_book
    from kit.items import load_datapacks
    from kit.servers import doctor, open_server

    book = read_quest_book(args.quest_book, strict=False) if args.quest_book else None
    if _is_server(args.paths):
        with open_server(args.paths[0]) as server:
            report = server.doctor(quest_book=book)
    else:
        report = doctor(load_datapacks(args.paths, strict=False), book)
    problems, summary = report.problems(), report.summary()
    if args.format == "json":
        doc = {
            "summary": {k: int(n) for k, n in zip(summary["kind"], summary["n_problems"])},
            "problems": [
                {k: (None if pd.isna(v) else str(v)) for k, v in row.items()}
                for row in problems.astype(object).to_dict("records")
            ],
        }
        print(json.dumps(doc, ensure_ascii=False, indent=1))
    elif args.format == "csv":
        print(problems.to_csv(index=False), end="")
    else:
        _print_text(report, problems, summary)
    return 1 if report.has_errors else 0


def _print_text(report, problems, summary) -> None:
    n_err = int((problems["severity"] == "error").sum())
    print(f"{report!r}\n\nproblems: {n_err} errors, {len(problems) - n_err} warnings")
    for kind, severity, n in zip(summary["kind"], summary["severity"], summary["n_problems"]):
        print(f"  {kind:<24} {severity:<8} {n}")
    for kind, rows in problems.groupby("kind", sort=False):
        print(f"\n{kind} ({len(rows)}):")
        for r in rows.itertuples(index=False):
            where = f" [{r.pack}: {r.path}]" if r.path else ""
            print(f"  {r.object_id}: {r.message}{where}")
