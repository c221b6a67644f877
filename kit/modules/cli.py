"""``python -m kit modules PATH...``: print the module inventory and its problems; exit 1 when there are errors."""

from __future__ import annotations

import argparse

__all__ = ["register", "run_modules"]


def register(subparsers) -> None:
    """Add the ``modules`` subcommand to an argparse ``subparsers`` object (``func`` returns an exit code)."""
    p = subparsers.add_parser(
        "modules",
        help="lint the assistant's module, system, tag and catalog definitions of data packs",
        description="Read module configurations, systems, module tags and catalogs from data packs (or a world "
        "folder holding datapacks/), print them and every problem. Exit status 1 when a problem is an "
        "error (the game would refuse the packs or drop a tag), 0 otherwise, 2 when a path is unreadable.",
    )
    p.add_argument(
        "paths",
        metavar="PATH",
        nargs="+",
        help="data pack folder, zip or jar, or a world folder; in priority order (later overrides earlier)",
    )
    p.add_argument(
        "--server-type",
        dest="server_types",
        metavar="ID",
        action="append",
        default=[],
        help="an extra registered server module type (from an extension mod); repeatable",
    )
    p.add_argument(
        "--client",
        dest="client_ids",
        metavar="ID",
        action="append",
        default=[],
        help="an extra known client implementation id; repeatable",
    )
    p.add_argument("--problems-only", action="store_true", help="print only the problems")
    p.set_defaults(func=run_modules)


def _table(df, columns) -> str:
    return df[columns].to_string(index=False) if len(df) else "  (none)"


def run_modules(args: argparse.Namespace) -> int:
    """Run the subcommand: 1 if the packs hold an error, else 0 (a ``KitError`` is turned into 2 by ``kit.cli``)."""
    import pandas as pd

    from kit.modules.builtin import CLIENT_IDS, SERVER_TYPES
    from kit.modules.reader import read_modules

    inv = read_modules(
        args.paths,
        server_types=[*SERVER_TYPES, *args.server_types],
        client_ids=[*CLIENT_IDS, *args.client_ids],
        strict=False,
    )
    problems = inv.problems()
    with pd.option_context("display.width", 200, "display.max_colwidth", 100):
        if not args.problems_only:
            modules = inv.modules()
            print(f"packs: {', '.join(inv.packs) or '(none)'}")
            print(f"\nmodules ({len(modules)}):")
            print(_table(modules, ["module_id", "order", "server_type", "client", "server_params", "pack"]))
            print("\nclient entries:")
            print(_table(inv.client_entries(), ["rank", "client_id", "order", "module_ids"]))
            systems = inv.systems()
            print(f"\nsystems ({systems['system_id'].nunique()}):")
            for system_id, rows in systems.groupby("system_id", sort=False):
                marked = (r + (" [if]" if c else "") for r, c in zip(rows["ref"], rows["condition"]))
                refs = ", ".join(dict.fromkeys(marked))
                print(f"  {system_id} ({rows['name'].iloc[0]}): {rows['module_id'].nunique()} modules from {refs}")
            catalogs = inv.catalogs()
            print("\ncatalogs (entries selected per module):")
            counts = catalogs.groupby(["catalog", "module_id"], observed=True).size().reset_index(name="n_entries")
            print(_table(counts, ["catalog", "module_id", "n_entries"]))
            print()
        n_errors = int((problems["severity"] == "error").sum())
        print(f"problems: {n_errors} errors, {len(problems) - n_errors} warnings")
        for p in problems.itertuples(index=False):
            field = f" {p.field}" if p.field else ""
            print(f"  {p.severity} {p.kind}: {p.object_id}{field} ({p.pack}: {p.path}): {p.message}")
    return 1 if n_errors else 0
