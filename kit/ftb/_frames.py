"""Building DataFrames from one column schema, so empty frames keep their columns and dtypes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

if TYPE_CHECKING:
    import pandas as pd

_DTYPES = {"str": "object", "int": "int64", "float": "float64", "bool": "bool", "obj": "object"}


def frame(schema: Mapping[str, str] | Sequence[str], rows: Iterable[Mapping[str, Any]]) -> pd.DataFrame:
    """A DataFrame with exactly the schema's columns (``name -> "str"|"int"|"float"|"bool"|"obj"``)."""
    import pandas as pd

    if not isinstance(schema, Mapping):
        schema = {name: "str" for name in schema}
    rows = list(rows)
    data = {name: [row[name] for row in rows] for name in schema}
    return pd.DataFrame({name: pd.Series(values, dtype=_DTYPES[schema[name]]) for name, values in data.items()},
                        columns=list(schema))
