"""The one schema-to-DataFrame builder of kit, and its dtype vocabulary.

Every DataFrame-returning function in kit declares its columns once, as a schema (column name ->
dtype), and builds its result with :func:`frame`, whether it has rows or not, so an empty result has
exactly the columns and dtypes of a full one.

The dtype vocabulary (:data:`DTYPES`):

- ``"string"`` (pandas' string dtype, missing values are ``pd.NA``) for text and ids;
- ``"int64"`` / ``"float64"`` / ``"bool"`` for numbers and flags that are always present;
- ``"Int64"`` / ``"Float64"`` / ``"boolean"`` (nullable) where a value can be missing;
- ordered categoricals (:func:`ordered`, declared without importing pandas) for enumerations:
  positions, kinds, severities; a value outside the categories is an error, not a silent ``NaN``;
- ``"datetime64[ns, UTC]"`` (:data:`UTC_TIME`) for times (ISO 8601 strings and datetimes are converted);
- ``"object"`` only for values that are not scalars (lists, dicts, records).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kit.core.errors import InvalidParameterError

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["frame", "ordered", "Ordered", "pandas_dtype", "check_schema", "DTYPES", "UTC_TIME", "TEXT"]

#: The text dtype: pandas' string dtype with ``pd.NA`` for missing values.
TEXT = "string"
#: The time dtype: nanosecond timestamps in UTC.
UTC_TIME = "datetime64[ns, UTC]"
#: Every dtype name a schema may use (ordered categoricals come from :func:`ordered`).
DTYPES = frozenset({TEXT, "int64", "float64", "bool", "Int64", "Float64", "boolean", UTC_TIME, "object"})

_COLUMN_INDEXES: dict[tuple[str, ...], Any] = {}


@dataclass(frozen=True)
class Ordered:
    """An ordered categorical column type, declared without importing pandas (see :func:`ordered`)."""

    categories: tuple[str, ...]

    def to_pandas(self) -> pd.CategoricalDtype:
        """The pandas dtype (built once per set of categories)."""
        return _categorical(self.categories)


@functools.cache
def _categorical(categories: tuple[str, ...]) -> pd.CategoricalDtype:
    import pandas as pd

    return pd.CategoricalDtype(list(categories), ordered=True)


def ordered(categories: Iterable[str]) -> Ordered:
    """The ordered categorical type of an enumeration (its categories in their natural order)."""
    return Ordered(tuple(categories))


def pandas_dtype(dtype: Any) -> Any:
    """The pandas dtype object a schema entry stands for (an :class:`Ordered` becomes a ``CategoricalDtype``)."""
    if isinstance(dtype, Ordered):
        return dtype.to_pandas()
    return _named_dtype(dtype) if isinstance(dtype, str) else dtype


@functools.cache
def _named_dtype(name: str) -> Any:
    import pandas as pd

    return pd.api.types.pandas_dtype(name)


def check_schema(schema: Mapping[str, Any]) -> None:
    """Raise :class:`~kit.core.errors.InvalidParameterError` when a schema uses a dtype outside the vocabulary."""
    import pandas as pd

    for name, dtype in schema.items():
        if isinstance(dtype, Ordered):
            continue
        if isinstance(dtype, pd.CategoricalDtype):
            if not dtype.ordered:
                raise InvalidParameterError(f"Column {name!r}: categoricals in kit schemas must be ordered.")
        elif dtype not in DTYPES:
            raise InvalidParameterError(
                f"Column {name!r}: dtype {dtype!r} is not in kit's vocabulary {sorted(DTYPES)}."
            )


def frame(
    schema: Mapping[str, Any],
    rows: Iterable[Any] | Mapping[str, Any] = (),
    *,
    sort: Sequence[str] = (),
) -> pd.DataFrame:
    """A DataFrame with exactly ``schema``'s columns, in its order, each of its dtype.

    Parameters
    ----------
    schema : mapping of column name to dtype
        A dtype of the vocabulary (see the module documentation): ``"string"``, ``"int64"``,
        ``"float64"``, ``"bool"``, ``"Int64"``, ``"Float64"``, ``"boolean"``,
        ``"datetime64[ns, UTC]"``, ``"object"``, or an ordered categorical (:func:`ordered`).
    rows : iterable of mappings, tuples or dataclass records, or mapping of column name to values
        Rows (a column a mapping row lacks is missing there; a tuple row holds every column in schema
        order; a record gives each column from its attribute of that name), or whole columns (a column
        the mapping lacks is missing everywhere). Columns that are already arrays of their schema dtype are used as they
        are, without conversion (the fast path of sub-millisecond searches).
    sort : sequence of str, default=()
        Columns to sort by (stable), after which the index is ``0..n-1``.

    Returns
    -------
    pandas.DataFrame
        The schema's columns and dtypes, also when there are no rows.
    """
    import numpy as np
    import pandas as pd

    schema = {name: pandas_dtype(dtype) for name, dtype in schema.items()}
    if isinstance(rows, Mapping):
        given = [rows.get(name) for name in schema]
        lengths = {len(values) for values in given if values is not None}
        if len(lengths) > 1:
            raise InvalidParameterError(
                f"The columns given for {list(schema)} have different lengths {sorted(lengths)}."
            )
        n = lengths.pop() if lengths else 0
        if (
            n
            and not sort
            and all(
                isinstance(values, (np.ndarray, pd.api.extensions.ExtensionArray)) and _same_dtype(values.dtype, dtype)
                for values, dtype in zip(given, schema.values())
            )
        ):
            return _from_arrays(schema, given, n)
        data = [[None] * n if values is None else values for values in given]
    else:
        rows = list(rows)
        n = len(rows)
        if rows and dataclasses.is_dataclass(rows[0]):
            data = [[getattr(row, name) for row in rows] for name in schema]
        elif rows and not isinstance(rows[0], Mapping):
            data = [list(column) for column in zip(*rows)] if rows else []
            if len(data) != len(schema):
                raise InvalidParameterError(
                    f"Rows of {len(data)} values do not fit the {len(schema)} columns {list(schema)}."
                )
        else:
            data = [[row.get(name) for row in rows] for name in schema]
    out = _from_arrays(schema, [_column_values(values, dtype) for values, dtype in zip(data, schema.values())], n)
    if sort and len(out):
        out = out.sort_values(list(sort), kind="stable")
    return out.reset_index(drop=True)


def _same_dtype(actual: Any, dtype: Any) -> bool:
    """Exact dtype equality between dtype objects (pandas says ``StringDtype(na_value=nan) == "string"``)."""
    return bool(actual == dtype)


def _column(values: Any, dtype: Any) -> pd.Series:
    import pandas as pd

    if dtype == UTC_TIME:
        return pd.to_datetime(pd.Series(values, dtype=object), utc=True, format="ISO8601").astype(UTC_TIME)
    if isinstance(dtype, pd.CategoricalDtype):
        values = pd.Series(values, dtype=object)
        unknown = set(values.dropna()) - set(dtype.categories)
        if unknown:
            raise InvalidParameterError(
                f"Values {sorted(map(str, unknown))} are not among the categories {list(dtype.categories)}."
            )
    return pd.Series(values, dtype=dtype)


def _column_values(values: Any, dtype: Any) -> Any:
    """The array of one column (a NumPy array, or pandas' extension array for extension dtypes)."""
    import pandas as pd

    column = _column(values, dtype)
    if isinstance(column.dtype, pd.api.extensions.ExtensionDtype):
        return column.array
    return column.to_numpy(copy=False)


def _from_arrays(schema: Mapping[str, Any], arrays: list[Any], n: int) -> pd.DataFrame:
    """Assemble arrays already of the schema's dtypes without re-inference or copies of extension arrays.

    The blocks are handed to pandas' public ``pandas.api.internals.create_dataframe_from_blocks`` (the entry
    point pandas offers downstream libraries): NumPy columns of one dtype are stacked into one 2-D block, each
    extension array is its own block. That skips the dtype grouping pandas' constructors repeat on every call
    (a six-column search result: about half the assembly time of ``DataFrame._from_arrays``, which stays the
    fallback, as ``pd.DataFrame(dict)`` is for a pandas without either).
    """
    import pandas as pd

    key = tuple(schema)
    columns = _COLUMN_INDEXES.get(key)
    if columns is None:
        columns = _COLUMN_INDEXES[key] = pd.Index(list(schema))
    index = pd.RangeIndex(n)
    try:
        from pandas.api.internals import create_dataframe_from_blocks
    except ImportError:  # pragma: no cover - depends on the pandas version
        create_dataframe_from_blocks = None
    if create_dataframe_from_blocks is not None:
        return create_dataframe_from_blocks(_blocks(arrays), index=index, columns=columns)
    try:  # pragma: no cover - depends on the pandas version
        return pd.DataFrame._from_arrays(arrays, columns=columns, index=index, verify_integrity=False)
    except AttributeError:  # pragma: no cover - depends on the pandas version
        return pd.DataFrame(dict(zip(schema, arrays)), copy=False)


def _blocks(arrays: list[Any]) -> list[tuple[Any, Any]]:
    """(values, column positions) blocks: NumPy columns grouped by dtype into 2-D blocks, extension arrays alone."""
    import numpy as np

    blocks: list[tuple[Any, Any]] = []
    by_dtype: dict[Any, list[int]] = {}
    for position, values in enumerate(arrays):
        if isinstance(values, np.ndarray):
            by_dtype.setdefault(values.dtype, []).append(position)
        else:
            blocks.append((values, np.array([position], dtype=np.intp)))
    for positions in by_dtype.values():
        stacked = np.stack([arrays[i] for i in positions]) if len(positions) > 1 else arrays[positions[0]][None, :]
        blocks.append((stacked, np.array(positions, dtype=np.intp)))
    return blocks
