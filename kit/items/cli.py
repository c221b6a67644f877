"""``python -m kit item-sources ITEM_ID [SCOPE] --pack PATH ...``: print the item-source JSON."""

from __future__ import annotations

import argparse
import sys

__all__ = ["register", "run_item_sources"]


def register(subparsers) -> None:
    """Add the ``item-sources`` subcommand to an argparse ``subparsers`` object (``func`` returns an exit code)."""
    p = subparsers.add_parser(
        "item-sources",
        help="where an item comes from (recipes, loot tables, tags), as the design's JSON",
        description="Print the item sources of ITEM_ID found in the given data packs, as JSON.",
    )
    p.add_argument("item_id", metavar="ITEM_ID", help="namespaced item id, e.g. minecraft:iron_ingot")
    p.add_argument(
        "scope",
        metavar="SCOPE",
        nargs="?",
        default="all",
        help="all (default), a provider path (recipe, loot, tag) or a provider id (system:recipe)",
    )
    p.add_argument(
        "--pack",
        dest="packs",
        metavar="PATH",
        action="append",
        required=True,
        help="data pack folder, zip or game jar; repeat in priority order (later overrides earlier)",
    )
    p.add_argument(
        "--feature",
        dest="features",
        metavar="NAME",
        action="append",
        default=[],
        help="apply a built-in feature pack found inside a pack (e.g. winter_drop); repeatable",
    )
    p.add_argument(
        "--strict",
        action="store_true",
        help="fail on the first unreadable file or broken tag (default: report them and go on, as the game)",
    )
    p.add_argument("--lenient", action="store_true", help=argparse.SUPPRESS)  # deprecated no-op: lenient is the default
    p.add_argument("--indent", type=int, default=None, help="indent the JSON by this many spaces")
    p.set_defaults(func=run_item_sources)


def run_item_sources(args: argparse.Namespace) -> int:
    """Run the subcommand; returns 0 on success, 2 for a bad scope or unreadable pack."""
    from kit.core.errors import KitError
    from kit.items.packs import load_datapacks

    if args.lenient:
        print(
            "kit: warning: --lenient is deprecated and does nothing: lenient loading is the default "
            "(use --strict to fail on the first problem)",
            file=sys.stderr,
        )
    try:
        packs = load_datapacks(args.packs, strict=args.strict, features=args.features)
        out = packs.item_sources(args.item_id, args.scope)
    except KitError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(out.to_json(indent=args.indent))
    return 0
