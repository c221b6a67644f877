"""``python -m kit server PATH``: print a server's mod list, its data packs in load order and the problem rows."""

from __future__ import annotations

import argparse

__all__ = ["register", "run_server"]


def register(subparsers) -> None:
    """Add the ``server`` subcommand to an argparse ``subparsers`` object."""
    p = subparsers.add_parser("server", help="a server folder's mods, data pack order and problems",
                              description="Open a server (or modpack) folder and print its mods, its data packs in "
                                          "load order and every problem found (data packs loaded).")
    p.add_argument("path", metavar="PATH", help="the server folder")
    p.add_argument("--client-jar", default=None, help="take vanilla data from this client jar")
    p.set_defaults(func=run_server)


def run_server(args: argparse.Namespace) -> int:
    """Run the subcommand; kit errors (not a server folder) are reported by ``kit.cli.main`` with status 2."""
    import pandas as pd

    from kit.servers import open_server

    with open_server(args.path, client_jar=args.client_jar) as server:
        print(f"server: {server.path.name}  loader: {server.loader}  minecraft: {server.minecraft_version or '?'}  "
              f"world: {server.level_name}")
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
