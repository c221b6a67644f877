"""World-book commands for ``python -m kit``.

``st-simulate SCENARIO.json``
    Simulate SillyTavern's world-info activation on a scenario (see
    :func:`kit.worldbook.sillytavern.simulate`) and print the result as JSON, each step with kit's ``outcomes``
    (``--no-outcomes``: SillyTavern's keys only).

``worldbook-lint PATH...``
    Check world-book files or folders statically (:func:`kit.worldbook.lint`): counts per kind first, then
    one line per problem (``--format json`` or ``csv`` prints that one document only). Exit status 1 when
    there is an error row (a file that cannot be read is one), else 0.
"""

from __future__ import annotations

import argparse
import json
import os
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
        result = simulate(scenario, trace=True if args.trace else None, outcomes=not args.no_outcomes)
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
    deep, with no integer too long to convert.
    """
    from kit.core.regular_files import FileRefusedError, read_regular_file
    from kit.worldbook.book._files import JsonRefused, huge_ints, parse_json
    from kit.worldbook.book.io import MAX_FILE_BYTES

    try:
        if path == "-":
            raw = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        else:
            raw = read_regular_file(path, max_bytes=MAX_FILE_BYTES)
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


def _lint_paths(paths: list[str], budget_tokens: int | None, whole_words: bool) -> Any:
    """The lint rows of every path; a file that cannot be read is an error row of kind ``unreadable``.

    A path that does not exist is not content but a wrong argument: it raises (one line, exit 2).
    """
    import pandas as pd

    from kit.core.errors import KitError
    from kit.core.problems import problems_frame
    from kit.worldbook.checks.linting import LINT_EXTRA, lint
    from kit.worldbook.errors import WorldBookNotFoundError

    for path in paths:
        if not os.path.lexists(path):
            raise WorldBookNotFoundError(f"{path}: no such file or folder (pass world-book files or folders of them)")
    frames = []
    for path in paths:
        try:
            frames.append(lint(path, budget_tokens=budget_tokens, match_whole_words=whole_words))
        except (KitError, OSError) as exc:
            row = {"kind": "unreadable", "object_id": path, "message": str(exc), "path": path}
            frames.append(problems_frame([row], LINT_EXTRA))
    return pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]


def _worldbook_lint(args: argparse.Namespace) -> int:
    rows = _lint_paths(args.paths, args.budget_tokens, args.match_whole_words)
    if args.format == "json":
        records = json.loads(rows.to_json(orient="records", force_ascii=False))
        json.dump(records, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    elif args.format == "csv":
        rows.to_csv(sys.stdout, index=False)
    else:
        counts = rows.groupby(["severity", "kind"], observed=True).size()
        print(f"{len(rows)} problems" + (":" if len(rows) else ""))
        for (severity, kind), n in counts.items():
            print(f"  {kind} ({severity}): {n}")
        for row in rows.itertuples(index=False):
            field = f" [{row.field}]" if isinstance(row.field, str) else ""
            print(f"{row.severity} {row.kind} {row.object_id}{field}: {row.message}")
    return 1 if (rows["severity"] == "error").any() else 0


def register(subparsers: Any) -> None:
    """Add the world-book commands to the ``kit`` argument parser's subparsers."""
    p = subparsers.add_parser(
        "st-simulate",
        help="simulate SillyTavern 1.15.0 world-info activation on a scenario and print the result JSON",
        description="Simulate SillyTavern's world-info activation (kit.worldbook.sillytavern.simulate) "
        'on a scenario file and print {"steps": [...]} as JSON.',
    )
    p.add_argument("scenario", help="scenario JSON file ('-' reads standard input)")
    p.add_argument("--trace", action="store_true", help="add the per-entry trace to every step")
    p.add_argument("--compact", action="store_true", help="print the JSON on one line")
    p.add_argument(
        "--no-outcomes",
        action="store_true",
        help="leave out kit's per-entry outcomes: SillyTavern's own result shape (and faster)",
    )
    p.set_defaults(func=_st_simulate)
    lint = subparsers.add_parser(
        "worldbook-lint",
        help="check world books (kit's, SillyTavern world files, card lore) for dead entries and mistakes",
        description="Check world-book files or folders statically (kit.worldbook.lint); exit 1 on errors.",
    )
    lint.add_argument("paths", nargs="+", help="world-book files (.json, .png cards) or folders of them")
    lint.add_argument("--format", choices=("text", "json", "csv"), default="text", help="output format")
    lint.add_argument("--budget-tokens", type=int, default=None, help="world-info budget in tokens")
    lint.add_argument(
        "--match-whole-words",
        action="store_true",
        help="SillyTavern's global whole-word setting is on (for entries whose own setting is null)",
    )
    lint.set_defaults(func=_worldbook_lint)
