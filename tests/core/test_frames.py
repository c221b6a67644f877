"""kit.core.frames.frame: every row form gives the same frame, with the schema's dtypes."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd
import pytest

from kit.core.errors import InvalidParameterError
from kit.core.frames import UTC_TIME, column_arrays, frame, ordered

SCHEMA = {
    "name": "string",
    "n": "int64",
    "score": "Float64",
    "ok": "boolean",
    "kind": ordered(["low", "high"]),
    "at": UTC_TIME,
    "tags": "object",
}


@dataclass(frozen=True)
class Row:
    name: str
    n: int
    score: float | None
    ok: bool | None
    kind: str
    at: str
    tags: list[str]


ROWS = [
    Row("a", 1, 0.5, True, "high", "2026-01-02T03:04:05Z", ["x"]),
    Row("b", 2, None, None, "low", "2026-01-02T03:04:06+01:00", []),
]


def test_records_tuples_mappings_and_columns_give_the_same_frame() -> None:
    from_records = frame(SCHEMA, ROWS)
    from_dicts = frame(SCHEMA, [vars(r) for r in ROWS])
    from_tuples = frame(SCHEMA, [tuple(vars(r).values()) for r in ROWS])
    from_columns = frame(SCHEMA, {name: [getattr(r, name) for r in ROWS] for name in SCHEMA})
    for other in (from_dicts, from_tuples, from_columns):
        pd.testing.assert_frame_equal(from_records, other)
    assert [str(t) for t in from_records.dtypes] == [
        "string",
        "int64",
        "Float64",
        "boolean",
        "category",
        "datetime64[ns, UTC]",
        "object",
    ]
    assert from_records["score"].isna().tolist() == [False, True]
    assert from_records["at"].iloc[1] == pd.Timestamp("2026-01-02T02:04:06Z")
    assert from_records["tags"].tolist() == [["x"], []]
    assert isinstance(from_records.index, pd.RangeIndex)


def test_empty_frames_keep_columns_and_dtypes() -> None:
    empty = frame(SCHEMA)
    assert list(empty.columns) == list(SCHEMA) and empty.empty
    pd.testing.assert_series_equal(empty.dtypes, frame(SCHEMA, ROWS).dtypes)


def test_sort_is_stable_and_reindexes() -> None:
    rows = [{"k": "b", "v": 1}, {"k": "a", "v": 2}, {"k": "b", "v": 3}]
    out = frame({"k": "string", "v": "int64"}, rows, sort=["k"])
    assert out.to_dict("records") == [{"k": "a", "v": 2}, {"k": "b", "v": 1}, {"k": "b", "v": 3}]
    assert out.index.tolist() == [0, 1, 2]


def test_series_columns_are_taken_by_position_not_index() -> None:
    names = pd.Series(["x", "y"], index=[7, 3])
    out = frame({"name": "string", "n": "int64"}, {"name": names, "n": [1, 2]})
    assert out.to_dict("records") == [{"name": "x", "n": 1}, {"name": "y", "n": 2}]


def test_bad_rows_are_refused() -> None:
    with pytest.raises(InvalidParameterError, match="not among the categories"):
        frame({"kind": ordered(["low", "high"])}, [{"kind": "medium"}])
    with pytest.raises(InvalidParameterError, match="different lengths"):
        frame({"a": "int64", "b": "int64"}, {"a": [1], "b": [1, 2]})
    with pytest.raises(InvalidParameterError, match="do not fit"):
        frame({"a": "int64", "b": "int64"}, [(1, 2, 3)])


ARRAY_SCHEMA = {
    "rank": "int64",
    "name": "string",
    "n": "int64",
    "score": "float64",
    "ok": "boolean",
    "kind": ordered(["low", "high"]),
    "tags": "object",
}


def _arrays() -> dict[str, object]:
    import numpy as np

    return {
        "rank": np.array([1, 2, 3]),
        "name": pd.array(["a", None, "c"], dtype="string"),
        "n": np.array([7, 8, 9]),
        "score": np.array([0.5, 0.25, 0.125]),
        "ok": pd.array([True, None, False], dtype="boolean"),
        "kind": pd.Categorical(["low", "high", "low"], categories=["low", "high"], ordered=True),
        "tags": np.array([["x"], [], None], dtype=object),
    }


def test_frames_made_from_blocks_equal_the_public_constructors(monkeypatch) -> None:
    from kit.core import frames

    for rows in (_arrays(), {name: list(values) for name, values in _arrays().items()}, {}):
        fast = frame(ARRAY_SCHEMA, rows)
        layout = frames._layout_of(ARRAY_SCHEMA)
        monkeypatch.setattr(layout, "_direct", None)  # pandas' create_dataframe_from_blocks
        public = frame(ARRAY_SCHEMA, rows)
        monkeypatch.undo()
        expected = pd.DataFrame(
            {
                name: pd.Series(list(rows.get(name, [])), dtype=frames.pandas_dtype(t))
                for name, t in ARRAY_SCHEMA.items()
            }
        )
        pd.testing.assert_frame_equal(fast, public)
        pd.testing.assert_frame_equal(fast, expected)
    assert frame(ARRAY_SCHEMA, _arrays())["n"].sum() == 24  # the two int64 columns are one block, in order


def test_each_frame_has_its_own_column_index_and_copies_stacked_columns() -> None:
    arrays = _arrays()
    first = frame(ARRAY_SCHEMA, arrays)
    first.columns.name = "renamed"
    first.loc[0, "n"] = 100
    second = frame(ARRAY_SCHEMA, arrays)
    assert second.columns.name is None
    assert arrays["n"][0] == 7 and second.loc[0, "n"] == 7


def test_frames_of_one_layout_share_no_values_and_take_any_length() -> None:
    import numpy as np

    schema = {"a": "int64", "s": "string", "b": "int64", "x": "float64"}
    frames_made = []
    for n in (3, 1, 2):
        arrays = {
            "a": np.arange(n, dtype=np.int64),
            "s": pd.array([f"v{i}" for i in range(n)], dtype="string"),
            "b": np.arange(n, dtype=np.int64) * 10,
            "x": np.linspace(0.0, 1.0, n),
        }
        out = frame(schema, arrays)
        expected = pd.DataFrame({name: pd.Series(values) for name, values in arrays.items()})
        pd.testing.assert_frame_equal(out, expected)
        frames_made.append(out)
    frames_made[0].loc[0, "s"] = "changed"
    frames_made[0].loc[0, "x"] = 5.0
    assert frames_made[1].loc[0, "s"] == "v0" and frames_made[1].loc[0, "x"] == 0.0
    assert [len(f) for f in frames_made] == [3, 1, 2]


def test_frames_built_in_parts_equal_one_frame_of_all_rows() -> None:
    from kit.core.frames import column_arrays, concat_arrays

    rows = ROWS * 3
    pieces = [rows[:1], rows[1:4], [], rows[4:]]
    parts = [column_arrays(SCHEMA, [[getattr(r, name) for r in piece] for name in SCHEMA]) for piece in pieces]
    pd.testing.assert_frame_equal(concat_arrays(SCHEMA, parts), frame(SCHEMA, rows))
    pd.testing.assert_frame_equal(concat_arrays(SCHEMA, parts[:1]), frame(SCHEMA, rows[:1]))
    pd.testing.assert_frame_equal(concat_arrays(SCHEMA, []), frame(SCHEMA))
    with pytest.raises(InvalidParameterError, match="Part 1 holds 2 arrays for the 7 columns"):
        concat_arrays(SCHEMA, [parts[0], parts[1][:2]])
    with pytest.raises(InvalidParameterError, match="2 columns were given for the 7 columns"):
        column_arrays(SCHEMA, [["a"], [1]])
    with pytest.raises(InvalidParameterError, match="not among the categories"):
        column_arrays({"kind": ordered(["low", "high"])}, [["middle"]])


@pytest.mark.parametrize(
    "values",
    [
        ["minecraft:stone", None, "", "ü 中文 🎲"],
        [],
        [None, None],
        [1, "a", None],  # not all text: pandas converts (1 -> "1")
        ["a", float("nan"), pd.NA],  # pandas' missing values
        [b"raw", "a"],  # bytes are not text: pandas writes their repr
    ],
)
def test_text_columns_are_pandas_string_arrays(values: list) -> None:
    # a column of str and None is handed to pyarrow in one call; the result is what pandas itself makes
    expected = pd.Series(values, dtype="string")
    got = frame({"x": "string"}, {"x": values})["x"]
    assert got.dtype == expected.dtype and type(got.array) is type(expected.array)
    assert got.tolist() == expected.tolist()
    assert got.array._pa_array.type == expected.array._pa_array.type
    (part,) = column_arrays({"x": "string"}, [values])
    assert type(part) is type(expected.array) and list(part) == expected.tolist()


def test_text_that_cannot_be_utf8_is_refused_as_pandas_refuses_it() -> None:
    with pytest.raises(UnicodeEncodeError):
        pd.Series(["\ud83d"], dtype="string")
    with pytest.raises(UnicodeEncodeError):
        frame({"x": "string"}, {"x": ["\ud83d"]})
