"""kit.core.problems: the one problems shape (severity, kind, object_id, field, message, path, then extras)."""

from __future__ import annotations

import pandas as pd
import pytest

from kit.core.errors import InvalidParameterError
from kit.core.problems import PROBLEM_SCHEMA, SEVERITIES, problem_schema, problems_frame

SHARED = ["severity", "kind", "object_id", "field", "message", "path"]


def test_an_empty_frame_has_the_shared_columns_and_dtypes() -> None:
    empty = problems_frame()
    assert list(empty.columns) == SHARED and len(empty) == 0
    assert list(empty["severity"].dtype.categories) == list(SEVERITIES) and empty["severity"].dtype.ordered
    assert all(empty[c].dtype == "string" for c in SHARED[1:])
    assert list(PROBLEM_SCHEMA) == SHARED


def test_rows_keep_their_order_missing_keys_are_na_and_severity_defaults_to_error() -> None:
    rows = [
        {"severity": "warning", "kind": "order", "object_id": "a:daily", "message": "no order", "path": "p.json"},
        {"kind": "type", "object_id": "a:shop", "field": "server.type", "message": "unknown type"},
    ]
    got = problems_frame(rows)
    assert got["severity"].tolist() == ["warning", "error"]
    assert got["kind"].tolist() == ["order", "type"]
    assert got["field"].isna().tolist() == [True, False] and got["path"].isna().tolist() == [False, True]
    assert (got["severity"] > "warning").tolist() == [False, True]  # ordered: error is the more serious


def test_extra_columns_follow_the_shared_ones_and_sorting_is_stable() -> None:
    rows = [
        {"kind": "b", "message": "1", "line": 3},
        {"kind": "a", "message": "2", "line": 1},
        {"kind": "b", "message": "3", "line": 2},
    ]
    got = problems_frame(rows, {"line": "Int64"}, sort=["kind"])
    assert list(got.columns) == SHARED + ["line"] and got["line"].dtype == "Int64"
    assert got["message"].tolist() == ["2", "1", "3"]
    assert list(problem_schema({"line": "Int64"})) == SHARED + ["line"]


def test_an_unknown_severity_is_refused_and_an_extra_cannot_shadow_a_shared_column() -> None:
    with pytest.raises(ValueError):
        problems_frame([{"severity": "fatal", "kind": "x", "message": "m"}])
    with pytest.raises(InvalidParameterError, match="'path' is already one of the shared columns"):
        problem_schema({"path": "string"})
    assert isinstance(problems_frame(), pd.DataFrame)
