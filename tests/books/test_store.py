"""kit.books.store: the BookStore facade over the store's modules, open_store, and what a store reports as a whole."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kit.books import (
    BookNotFoundError,
    TornTraceWarning,
    open_store,
)

REPO = Path(__file__).resolve().parents[2]


def test_problems_reports_broken_references_and_torn_lines(studio):
    (studio.root / "assets/cards/zhou.json").rename(studio.root / "zhou.bak")
    with open(studio.root / "books/cb/traces.jsonl", "ab") as handle:
        handle.write(b'{"trace": "des')
    (studio.root / "sessions").mkdir()
    (studio.root / "sessions/s1.json").write_text(json.dumps({"id": "s1", "bookId": "gone"}))
    problems = studio.problems()
    got = set(zip(problems["path"], problems["field"], problems["severity"]))
    assert got == {
        ("books/cb/traces.jsonl", "line 9", "warning"),
        ("books/pb/project.json", "cardRef.assetId", "error"),
        ("sessions/s1.json", "bookId", "error"),
    }
    with pytest.warns(TornTraceWarning):
        assert studio.traces("cb").shape[0] == 8


def test_open_store_without_create(tmp_path):
    with pytest.raises(BookNotFoundError, match="no book store here"):
        open_store(tmp_path / "missing", create=False)


def test_import_kit_books_stays_light():
    code = "import sys, kit.books; bad = {'pandas', 'ipywidgets', 'matplotlib', 'PIL'} & set(sys.modules); assert not bad, bad"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)
