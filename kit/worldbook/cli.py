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
        scenario = _load_scenario(path)
    except _Refused as exc:
        print(f"kit st-simulate: {path!r}: {exc}", file=sys.stderr)
        return 2
    try:
        result = simulate(scenario, trace=True if args.trace else None)
    except KitError as exc:
        print(f"kit st-simulate: {path!r}: {exc}", file=sys.stderr)
        return 1
    json.dump(result, sys.stdout, ensure_ascii=False, indent=None if args.compact else 1)
    sys.stdout.write("\n")
    return 0


class _Refused(Exception):
    pass


def _load_scenario(path: str) -> Any:
    """The scenario JSON of a file (or standard input): a regular file of at most 32 MB, nested at most 100
    deep, with no integer too long to convert."""
    from kit.core.regular_files import FileRefusedError, read_regular_file
    from kit.worldbook._files import JsonRefused, huge_ints, parse_json
    from kit.worldbook.io import MAX_FILE_BYTES

    try:
        raw = sys.stdin.buffer.read(MAX_FILE_BYTES + 1) if path == "-" else read_regular_file(path, max_bytes=MAX_FILE_BYTES)
    except FileRefusedError as exc:
        raise _Refused(f"cannot read: {exc.reason}") from None
    except OSError as exc:
        raise _Refused(f"cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise _Refused(f"more than the limit of {MAX_FILE_BYTES} bytes")
    try:
        scenario = parse_json(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise _Refused(f"not UTF-8 text (byte {exc.start})") from None
    except JsonRefused as exc:
        raise _Refused(exc.reason) from None
    for where, big in huge_ints(scenario):
        field = ".".join(str(p) for p in where)
        raise _Refused(f"scenario field {field!r} holds an integer of {big.n_digits} digits, more than 4300")
    return scenario


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
