"""Build DataFrames from one column schema, so empty results keep exactly their columns and dtypes.

Every DataFrame-returning function in kit declares its columns once (name -> pandas dtype) and builds
its result with :func:`frame`, whether it has rows or not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["frame"]


def frame(schema: Mapping[str, Any], rows: Iterable[Mapping[str, Any]] | Mapping[str, Sequence[Any]] = ()) -> pd.DataFrame:
    """A DataFrame with exactly ``schema``'s columns, in its order, each of its dtype.

    Parameters
    ----------
    schema : mapping of column name to dtype
        Any dtype pandas accepts (``"int64"``, ``"object"``, a ``CategoricalDtype``, ...).
    rows : iterable of mappings, or mapping of column name to values
        Rows (each must hold every column), or whole columns (a missing column is empty).
    """
    import pandas as pd

    if isinstance(rows, Mapping):
        data = {name: rows.get(name, []) for name in schema}
    else:
        rows = list(rows)
        data = {name: [row[name] for row in rows] for name in schema}
    return pd.DataFrame(
        {name: pd.Series(data[name], dtype=dtype) for name, dtype in schema.items()}, columns=list(schema)
    )
