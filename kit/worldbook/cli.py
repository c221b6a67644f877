"""World-book commands for ``python -m kit``.

``st-simulate SCENARIO.json``
    Simulate SillyTavern's world-info activation on a scenario (see
    :func:`kit.worldbook.sillytavern.simulate`) and print the result as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

__all__ = ["register"]


def _st_simulate(args: argparse.Namespace) -> int:
    from kit.core.errors import KitError
    from kit.worldbook.sillytavern import simulate

    path = args.scenario
    try:
        if path == "-":
            scenario = json.load(sys.stdin)
        else:
            with open(path, encoding="utf-8-sig") as fh:
                scenario = json.load(fh)
    except OSError as exc:
        print(f"kit st-simulate: cannot read {path!r}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except json.JSONDecodeError as exc:
        print(f"kit st-simulate: {path!r} is not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}", file=sys.stderr)
        return 2
    try:
        result = simulate(scenario, trace=True if args.trace else None)
    except KitError as exc:
        print(f"kit st-simulate: {path!r}: {exc}", file=sys.stderr)
        return 1
    json.dump(result, sys.stdout, ensure_ascii=False, indent=None if args.compact else 1)
    sys.stdout.write("\n")
    return 0


def register(subparsers: Any) -> None:
    """Add the world-book commands to the ``kit`` argument parser's subparsers."""
    p = subparsers.add_parser(
        "st-simulate",
        help="simulate SillyTavern 1.15.0 world-info activation on a scenario and print the result JSON",
        description="Simulate SillyTavern's world-info activation (kit.worldbook.sillytavern.simulate) "
        "on a scenario file and print {\"steps\": [...]} as JSON.",
    )
    p.add_argument("scenario", help="scenario JSON file ('-' reads standard input)")
    p.add_argument("--trace", action="store_true", help="add the per-entry trace to every step")
    p.add_argument("--compact", action="store_true", help="print the JSON on one line")
    p.set_defaults(func=_st_simulate)
