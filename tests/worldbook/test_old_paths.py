"""The flat module paths of kit.worldbook before the subpackages keep importing, as the very same modules, and
warn with a DeprecationWarning naming the new path (for one release); the package's own names never warn."""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings
from pathlib import Path

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


def _import_old(old: str):
    """Import ``old`` as a first import would (the shim runs again), returning the module and the warnings."""
    sys.modules.pop(old, None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        __import__(old)  # as an import statement does: the warning then points at this line
    module = sys.modules[old]
    return module, [w for w in caught if issubclass(w.category, DeprecationWarning)]


@pytest.mark.parametrize("old, new", PAIRS)
def test_an_old_path_is_the_moved_module_and_warns_naming_the_new_one(old, new):
    moved = importlib.import_module(new)
    module, caught = _import_old(old)
    assert module is moved
    assert sys.modules[old] is moved
    assert len(caught) == 1
    message = str(caught[0].message)
    assert message.startswith(f"{old} is deprecated") and f"import {new} instead" in message
    assert caught[0].filename == __file__  # stacklevel=2: the warning points at the importing line


def test_the_shims_are_exactly_the_old_modules():
    shims = {
        path.stem
        for path in Path(wb.__file__).parent.glob("*.py")
        if "sys.modules[__name__] = _moved" in path.read_text(encoding="utf-8")
    }
    assert shims == {old for olds in MOVED.values() for old in olds}


def test_from_imports_of_old_paths_give_the_same_objects():
    import kit.worldbook.analysis.trigger_coverage as tc

    for old in ("activation", "model", "trigger_coverage", "tuning"):
        sys.modules.pop(f"kit.worldbook.{old}", None)
    with pytest.warns(DeprecationWarning, match=r"kit\.worldbook\.activation is deprecated"):
        from kit.worldbook.activation import Activator
    with pytest.warns(DeprecationWarning, match=r"import kit\.worldbook\.book\.model instead"):
        from kit.worldbook.model import WorldBook
    with pytest.warns(DeprecationWarning):
        from kit.worldbook.trigger_coverage import _plan  # private names too: it is the module itself
    with pytest.warns(DeprecationWarning):
        from kit.worldbook.tuning import entry_outcomes

    assert (Activator, WorldBook) == (wb.Activator, wb.WorldBook)
    assert _plan is tc._plan
    assert entry_outcomes.__module__ == "kit.worldbook.analysis.tuning"


def test_a_patch_through_an_old_path_reaches_the_moved_module(monkeypatch):
    import kit.worldbook.book.io as new_io

    old_io, _ = _import_old("kit.worldbook.io")
    monkeypatch.setattr(old_io, "MAX_FILE_BYTES", 7)
    assert new_io.MAX_FILE_BYTES == 7


@pytest.mark.parametrize("old, new", PAIRS[:3] + PAIRS[-2:])
def test_an_old_path_imports_first_in_a_fresh_interpreter(old, new):
    code = f"import {old} as m, {new} as n, kit.worldbook as wb; assert m is n; assert wb.WorldBook"
    done = subprocess.run(
        [sys.executable, "-W", "always::DeprecationWarning", "-c", code], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert f"DeprecationWarning: {old} is deprecated" in done.stderr


def test_the_package_and_its_public_names_import_without_warnings():
    code = (
        "import kit, kit.worldbook, kit.widgets, kit.worldbook.sillytavern, kit.worldbook.cli, kit.samples\n"
        "from kit.worldbook import *\n"
        "import kit.worldbook.sillytavern.simulator, kit.worldbook.sillytavern.reader\n"
        "import kit.widgets.trigger_tuner\n"
    )
    done = subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", "-c", code], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


def test_the_subpackages_are_not_named_like_exported_names():
    assert not set(MOVED) & set(wb.__all__)
