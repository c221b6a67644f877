"""docs/conformance.md cannot rot: every kit name it cites resolves and every test it cites exists.

The conformance table lists each rule of the design with the kit function(s) that implement it and the
pytest node id(s) of the test(s) that prove it. This module parses the table's rows and checks

- every cited ``kit.x.y`` name resolves (the longest importable module prefix, then attributes);
- every cited ``tests/path/test_file.py::test_name`` (optionally ``::Class::test_name`` and ``[param]``)
  names a file that exists and defines that test, read with :mod:`ast` (test modules are never imported);
- every row has one of the known statuses, ``not applicable ...`` and ``not implemented ...`` say why,
  and the summary's counts per document equal the rows counted per document.

A name or test written with a trailing `` (pending merge)`` marker lives in a branch not merged yet and is
skipped here; the coordinator re-checks those rows after merging (and removes the marker).
"""

from __future__ import annotations

import ast
import functools
import importlib
import re
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "conformance.md"
PENDING = " (pending merge)"
STATUSES = ("implemented", "partly", "not applicable outside the game", "not implemented")
HEADER = ("#", "rule", "design", "kit", "tests", "status")

_CODE = re.compile(r"`([^`]+)`")
_NODE = re.compile(r"^(tests/[\w/]+\.py)((?:::\w+)+)(\[[^\]]*\])?$")
_KIT = re.compile(r"^kit(\.\w+)+$")
_SUMMARY = re.compile(r"^\|\s*(?P<doc>`[^`]+`)\s*\|" + r"\s*(\d+)\s*\|" * 5 + r"\s*$")


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


@functools.cache
def _parse() -> tuple[dict[str, list[list[str]]], dict[str, tuple[int, ...]]]:
    """The rule rows per document (``## `file` `` headings) and the summary's counts per document."""
    rows: dict[str, list[list[str]]] = {}
    summary: dict[str, tuple[int, ...]] = {}
    document = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^## .*`([\w.-]+\.(?:txt|md))`", line)
        if heading:
            document = heading.group(1)
            rows.setdefault(document, [])
            continue
        match = _SUMMARY.match(line)
        if match and document is None:
            summary[match.group("doc").strip("`")] = tuple(int(n) for n in match.groups()[1:])
            continue
        if document is None or not line.startswith("|"):
            continue
        cells = _cells(line)
        if tuple(cells) == HEADER or set("".join(cells)) <= set("-: "):
            continue
        rows[document].append(cells)
    return rows, summary


def _all_rows() -> list[tuple[str, list[str]]]:
    rows, _ = _parse()
    return [(document, cells) for document, cells_list in rows.items() for cells in cells_list]


def _cited(cell: str) -> list[tuple[str, bool]]:
    """The backticked names of a cell, each with whether it carries the pending-merge marker."""
    return [(m.group(1), cell[m.end() :].startswith(PENDING)) for m in _CODE.finditer(cell)]


@functools.cache
def _test_names(path: str) -> frozenset[str]:
    """``name`` and ``Class::name`` of every test function the file defines (read with ast, not imported)."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"), filename=path)
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    names.add(f"{node.name}::{item.name}")
    return frozenset(names)


def _resolve(dotted: str) -> object:
    """The object a dotted ``kit.`` name names: the longest importable module prefix, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            obj = getattr(obj, attribute)
        return obj
    raise ModuleNotFoundError(dotted)


def test_the_table_has_rows_for_all_four_documents() -> None:
    rows, summary = _parse()
    expected = {
        "databases-and-retrieval.txt",
        "item-sources-and-modules.txt",
        "book-storage.md",
        "worldbook-activation.md",
    }
    assert set(rows) == expected
    assert all(rows[document] for document in expected)
    assert set(summary) == expected


def test_every_row_has_six_cells_and_a_known_status() -> None:
    bad = []
    for document, cells in _all_rows():
        if len(cells) != len(HEADER) or not cells[4] or not any(cells[5].startswith(s) for s in STATUSES):
            bad.append((document, cells[:1], len(cells), cells[-1][:40]))
        elif cells[5].startswith(("not applicable", "not implemented")) and len(cells[5]) < len(STATUSES[2]) + 8:
            bad.append((document, cells[0], "a not-applicable/not-implemented status must say why"))
        elif cells[4] != "no test" and not _cited(cells[4]):
            bad.append((document, cells[0], "tests cell is neither 'no test' nor node ids"))
    assert not bad, bad


def test_the_summary_counts_the_rows() -> None:
    rows, summary = _parse()
    for document, cells_list in rows.items():
        counts = Counter(next(s for s in STATUSES if cells[5].startswith(s)) for cells in cells_list)
        assert summary[document] == (*(counts[s] for s in STATUSES), len(cells_list)), document


def test_every_cited_test_exists() -> None:
    missing = []
    for document, cells in _all_rows():
        for name, pending in _cited(cells[4]):
            match = _NODE.match(name)
            if pending:
                continue
            if not match:
                missing.append((document, cells[0], name, "not a node id"))
            elif not (ROOT / match.group(1)).is_file():
                missing.append((document, cells[0], name, "no such file"))
            elif match.group(2)[2:] not in _test_names(match.group(1)):
                missing.append((document, cells[0], name, "no such test"))
    assert not missing, missing


def test_every_cited_kit_name_resolves() -> None:
    broken = []
    for document, cells in _all_rows():
        for name, pending in _cited(cells[3]):
            if pending or not _KIT.match(name):
                continue
            try:
                _resolve(name)
            except (ImportError, AttributeError) as exc:
                broken.append((document, cells[0], name, repr(exc)))
    assert not broken, broken


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("`kit.a.b`, `kit.c` (pending merge)", [("kit.a.b", False), ("kit.c", True)]),
        ("no test", []),
    ],
)
def test_cited_reads_the_pending_marker(cell: str, expected: list[tuple[str, bool]]) -> None:
    assert _cited(cell) == expected


def test_the_checker_catches_a_missing_test_and_a_broken_name() -> None:
    assert "test_every_cited_test_exists" in _test_names("tests/test_conformance.py")
    assert "test_no_such_thing" not in _test_names("tests/test_conformance.py")
    assert _resolve("kit.core.frames.frame") is importlib.import_module("kit.core.frames").frame
    with pytest.raises(AttributeError):
        _resolve("kit.core.frames.no_such_function")
    assert _NODE.match("tests/a/test_b.py::TestC::test_d[x-1]")
    assert not _NODE.match("tests/a/test_b.py")
