"""The flat module paths of kit.worldbook before the subpackages keep importing, as the very same modules."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import kit.worldbook as wb

MOVED = {
    "book": ["model", "conditions", "logic", "normalize", "cards", "io", "_files"],
    "engine": [
        "matching",
        "conflicts",
        "reasons",
        "activation",
        "payload",
        "prompt_assembly",
        "reporting",
        "near_miss",
        "judge",
    ],
    "conversations": ["chats", "studio"],
    "analysis": ["trigger_coverage", "outcomes", "explanation", "token_budget", "tokens", "tuning"],
    "checks": ["linting", "card_portability"],
}
PAIRS = [(f"kit.worldbook.{old}", f"kit.worldbook.{sub}.{old}") for sub, olds in MOVED.items() for old in olds]


@pytest.mark.parametrize("old, new", PAIRS)
def test_an_old_path_is_the_moved_module(old, new):
    moved = importlib.import_module(new)
    assert importlib.import_module(old) is moved
    assert sys.modules[old] is moved


def test_from_imports_of_old_paths_give_the_same_objects():
    import kit.worldbook.analysis.trigger_coverage as tc
    from kit.worldbook.activation import Activator
    from kit.worldbook.model import WorldBook
    from kit.worldbook.trigger_coverage import _plan  # private names too: it is the module itself
    from kit.worldbook.tuning import entry_outcomes

    assert (Activator, WorldBook) == (wb.Activator, wb.WorldBook)
    assert _plan is tc._plan
    assert entry_outcomes.__module__ == "kit.worldbook.analysis.tuning"


def test_a_patch_through_an_old_path_reaches_the_moved_module(monkeypatch):
    import kit.worldbook.book.io as new_io
    import kit.worldbook.io as old_io

    monkeypatch.setattr(old_io, "MAX_FILE_BYTES", 7)
    assert new_io.MAX_FILE_BYTES == 7


@pytest.mark.parametrize("old, new", PAIRS[:3] + PAIRS[-2:])
def test_an_old_path_imports_first_in_a_fresh_interpreter(old, new):
    code = f"import {old} as m, {new} as n, kit.worldbook as wb; assert m is n; assert wb.WorldBook"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_subpackages_are_not_named_like_exported_names():
    assert not set(MOVED) & set(wb.__all__)
