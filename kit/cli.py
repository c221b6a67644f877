"""The command line: ``python -m kit`` (also installed as ``kit``).

Commands
--------
``summary SAVE``
    Print the databases of a save (scope, file, layout, tables, entries, documents), the shared tables and
    the save's problems (:meth:`kit.Save.problems`: no databases where kit looked, legacy files, values kept raw).

A kit error (a :class:`kit.KitError`, whatever the command) prints one line, ``kit: error: <message>``, on
standard error and exits with status 2, as argparse does for a wrong command line.

Subsystems add their own commands through a ``register(subparsers)`` function in their ``cli`` module
(listed in ``_COMMAND_MODULES``), imported only when present.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from kit.core.errors import KitError

__all__ = ["main", "build_parser"]

_COMMAND_MODULES = ("kit.items.cli", "kit.worldbook.cli", "kit.ftb.cli", "kit.modules.cli", "kit.servers.cli")


def _summary(args: argparse.Namespace) -> int:
    import pandas as pd

    from kit.saves.save import open_save

    with open_save(args.save) as save:
        frame = save.summary()
        print(f"save: {save.name}")
        with pd.option_context("display.width", 120, "display.max_columns", None):
            print(frame.drop(columns=["path"]).to_string(index=False))
        shared = save.databases.shared()
        print()
        print("shared tables:")
        print(shared.tables().drop(columns=["codec"]).to_string(index=False))
        problems = save.problems()
        if len(problems):
            print()
            print("problems:")
            for row in problems.itertuples(index=False):
                print(f"  {row.severity}: {row.kind}: {row.message}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available command."""
    parser = argparse.ArgumentParser(prog="kit", description="Research kit for game-assistant and role-play data.")
    sub = parser.add_subparsers(dest="command", required=True)
    summary = sub.add_parser("summary", help="print a summary of a save's databases")
    summary.add_argument("save", help="the save folder (holding system/database/)")
    summary.set_defaults(func=_summary)
    for name in _COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is not None and name.startswith(exc.name):
                continue
            raise
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (errors kit expects print one line and return 2)."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KitError as exc:
        print(f"kit: error: {exc}", file=sys.stderr)
        return 2
