"""kit.worldbook's subpackages import one another only downwards: book < engine < conversations < analysis, checks."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import kit.worldbook

ROOT = Path(kit.worldbook.__file__).parent
# what each subpackage may import from kit.worldbook besides itself (the top-level errors / _deprecation always;
# the book's readers and the checks hand SillyTavern files to kit.worldbook.sillytavern, which sits beside them)
ALLOWED = {
    "book": {"sillytavern"},
    "engine": {"book"},
    "conversations": {"book"},
    "analysis": {"book", "engine", "conversations"},
    "checks": {"book", "sillytavern"},
}
ALWAYS = {"errors", "_deprecation"}


def _worldbook_imports(path: Path) -> list[tuple[str, int]]:
    """(first part after ``kit.worldbook.``, line) for each import of kit.worldbook in the file, lazy ones too."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = (
            [node.module or ""]
            if isinstance(node, ast.ImportFrom)
            else ([a.name for a in node.names] if isinstance(node, ast.Import) else [])
        )
        for name in names:
            parts = name.split(".")
            if parts[:2] == ["kit", "worldbook"] and len(parts) > 2:
                out.append((parts[2], node.lineno))
    return out


def _wrong(subpackage: str) -> list[str]:
    wrong = []
    for path in sorted((ROOT / subpackage).glob("*.py")):
        for target, line in _worldbook_imports(path):
            if target not in ALLOWED[subpackage] | ALWAYS | {subpackage}:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports kit.worldbook.{target}")
    return wrong


def test_every_subpackage_has_a_place_in_the_order():
    found = {p.name for p in ROOT.iterdir() if (p / "__init__.py").exists()} - {"sillytavern"}
    assert found == set(ALLOWED)


def test_subpackages_import_only_downwards():
    wrong = [w for sub in ALLOWED for w in _wrong(sub)]
    assert not wrong, "\n".join(wrong)


def test_the_check_sees_an_upward_import(tmp_path, monkeypatch):
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "bad.py").write_text("def f():\n    from kit.worldbook.analysis.outcomes import why\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert _wrong("engine") == ["engine/bad.py:2 imports kit.worldbook.analysis"]
