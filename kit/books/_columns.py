"""Columns already of their schema dtype, for :func:`kit.core.frames.frame`'s fast path (trace frames).

:func:`kit.core.frames.frame` converts each column through a pandas ``Series`` (about 0.1-0.4 ms a column
for 500 rows: timestamps and categoricals cost most). A trace frame has 13 columns, so building them directly
(Arrow strings, ``Categorical.from_codes``, NumPy's ISO 8601 parser for ``...Z`` stamps) is what brings
reading a 500-entry trace near ``json.loads`` of the same file (``benchmarks/bench_books.py``). Anything this
module does not handle exactly (a value of another type, a stamp with an offset) returns None and the caller
lets :func:`~kit.core.frames.frame` convert as usual, so the result is the same either way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kit.core.frames import UTC_TIME, pandas_dtype

__all__ = ["typed_columns"]


def _strings(values: Sequence[Any], dtype: Any) -> Any:
    import pandas as pd

    if getattr(dtype, "storage", None) != "pyarrow" or getattr(dtype, "na_value", None) is not pd.NA:
        return None
    import pyarrow as pa

    first = values[0] if len(values) else ""
    if (first is None or type(first) is str) and values.count(first) == len(values):  # one value (or all missing)
        array = (
            pa.nulls(len(values), type=pa.large_string())
            if first is None
            else pa.repeat(pa.scalar(first, type=pa.large_string()), len(values))
        )
    else:
        try:
            array = pa.array(values, type=pa.large_string())
        except (pa.ArrowInvalid, pa.ArrowTypeError):
            return None
    out = pd.arrays.ArrowStringArray(pa.chunked_array([array]))
    return out if out.dtype == dtype else None


def _times(values: Sequence[Any], dtype: Any) -> Any:
    import numpy as np
    import pandas as pd

    # Every value a string of one line ending in "Z" without a "+": checked on the joined text (in C).
    if not all(type(v) is str for v in values[:1]):
        return None
    try:
        joined = "\n".join(values)
    except TypeError:  # a value that is not a string
        return None
    n = len(values)
    if joined.count("\n") != n - 1 or joined.count("Z\n") != n - 1 or not joined.endswith("Z") or "+" in joined:
        return None
    try:
        naive = np.array(joined[:-1].split("Z\n"), dtype="datetime64[ns]")
    except ValueError:
        return None
    return pd.arrays.DatetimeArray._from_sequence(naive, dtype=dtype)


def _categories(values: Sequence[Any], dtype: Any) -> Any:
    import numpy as np
    import pandas as pd

    codes = {name: i for i, name in enumerate(dtype.categories)}
    try:
        return pd.Categorical.from_codes(np.array(list(map(codes.__getitem__, values)), dtype=np.int64), dtype=dtype)
    except (KeyError, TypeError):  # a value outside the categories (or not hashable): frame() words the error
        return None


def _only(values: Sequence[Any], *types: type) -> bool:
    """Whether every value is of exactly one of ``types`` (``type(v) is t``, so no ``bool`` passes for ``int``)."""
    return set(map(type, values)) <= set(types)


def _column(values: Sequence[Any], dtype: Any) -> Any:
    import numpy as np
    import pandas as pd

    if isinstance(dtype, pd.StringDtype):
        return _strings(values, dtype)
    if isinstance(dtype, pd.CategoricalDtype):
        return _categories(values, dtype)
    if dtype == pandas_dtype(UTC_TIME):
        return _times(values, dtype)
    if dtype == np.dtype("int64") and _only(values, int):
        return np.array(values, dtype=np.int64)
    if dtype == np.dtype("float64") and _only(values, int, float):
        return np.array(values, dtype=np.float64)
    if isinstance(dtype, pd.Int64Dtype) and _only(values, int, type(None)):
        if values.count(None) == len(values):
            return pd.arrays.IntegerArray(np.zeros(len(values), dtype=np.int64), np.ones(len(values), dtype=bool))
        mask = np.array([v is None for v in values], dtype=bool)
        data = np.array([0 if v is None else v for v in values], dtype=np.int64)
        return pd.arrays.IntegerArray(data, mask)
    return None


def typed_columns(schema: Mapping[str, Any], columns: Mapping[str, Sequence[Any]]) -> dict[str, Any] | None:
    """Every column of ``schema`` as an array of its dtype, or None when one of them needs :func:`frame`'s
    general conversion.
    """
    out = {}
    for name, dtype in schema.items():
        array = _column(columns[name], pandas_dtype(dtype))
        if array is None:
            return None
        out[name] = array
    return out
