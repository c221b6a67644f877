"""The item-sources subcommand."""

from __future__ import annotations

import argparse
import json

import pytest

from kit.items.cli import register
from tests.items.items_inputs import vanilla


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
    args = _parse(
        ["item-sources", "minecraft:pale_oak_planks", "--pack", str(vanilla("1.21.3")), "--feature", "winter_drop"]
    )
    assert args.scope == "all" and args.func(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert "scope" not in data and any(s["kind"] == "recipe" for s in data["sources"])
    args = _parse(["item-sources", "minecraft:stone", "nope", "--pack", str(vanilla("1.21.3"))])
    assert args.func(args) == 2
    assert "must be one of all, loot, recipe, tag" in capsys.readouterr().err


def test_pack_is_required():
    with pytest.raises(SystemExit):
        _parse(["item-sources", "minecraft:stone"])


def test_lenient_by_default_strict_on_request_and_lenient_is_a_warned_no_op(tmp_path, capsys):
    from tests.items.items_inputs import write_pack

    root = write_pack(
        tmp_path / "p",
        {
            "data/t/recipe/gem.json": {
                "type": "minecraft:crafting_shapeless",
                "ingredients": ["#t:broken"],
                "result": {"id": "t:gem"},
            },
            "data/t/tags/item/broken.json": {"values": ["#t:absent"]},
            "data/t/recipe/bad.json": "[oops",
        },
    )
    args = _parse(["item-sources", "t:gem", "--pack", str(root)])
    assert args.func(args) == 0
    captured = capsys.readouterr()
    source = json.loads(captured.out)["sources"][0]
    assert source["inputs"] == [{"unresolved": ["#t:broken"]}] and captured.err == ""
    args = _parse(["item-sources", "t:gem", "--pack", str(root), "--strict"])
    assert args.func(args) == 2
    assert "error:" in capsys.readouterr().err
    args = _parse(["item-sources", "t:gem", "--pack", str(root), "--lenient"])
    assert args.func(args) == 0
    assert "--lenient is deprecated and does nothing" in capsys.readouterr().err


def test_unknown_item_is_exit_2_with_the_nearest_ids(capsys):
    args = _parse(["item-sources", "minecraft:iron_ingott", "--pack", str(vanilla("1.21.3"))])
    assert args.func(args) == 2
    err = capsys.readouterr().err
    assert "no loaded pack knows the item 'minecraft:iron_ingott'" in err and "minecraft:iron_ingot" in err
