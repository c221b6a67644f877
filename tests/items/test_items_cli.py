"""The item-sources subcommand."""

from __future__ import annotations

import argparse
import json

import pytest

from kit.items.cli import register
from items_inputs import vanilla


def _parse(argv):
    parser = argparse.ArgumentParser(prog="kit")
    register(parser.add_subparsers(dest="command"))
    return parser.parse_args(argv)


def test_prints_json_and_returns_zero(capsys):
    args = _parse(["item-sources", "minecraft:iron_ingot", "loot", "--pack", str(vanilla("1.21.3"))])
    assert args.func(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["item"] == "minecraft:iron_ingot" and data["scope"] == "loot"
    assert {s["kind"] for s in data["sources"]} == {"loot"}


def test_default_scope_features_and_errors(capsys):
    args = _parse(["item-sources", "minecraft:pale_oak_planks", "--pack", str(vanilla("1.21.3")),
                   "--feature", "winter_drop"])
    assert args.scope == "all" and args.func(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert "scope" not in data and any(s["kind"] == "recipe" for s in data["sources"])
    args = _parse(["item-sources", "minecraft:stone", "nope", "--pack", str(vanilla("1.21.3"))])
    assert args.func(args) == 2
    assert "must be one of all, loot, recipe, tag" in capsys.readouterr().err


def test_pack_is_required():
    with pytest.raises(SystemExit):
        _parse(["item-sources", "minecraft:stone"])
