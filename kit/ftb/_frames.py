"""Building DataFrames from one column schema, so empty frames keep their columns and dtypes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from kit.core.frames import frame as shared_frame

if TYPE_CHECKING:
    import pandas as pd

_DTYPES = {"str": "object", "int": "int64", "float": "float64", "bool": "bool", "obj": "object"}


def frame(schema: Mapping[str, str] | Sequence[str], rows: Iterable[Mapping[str, Any]]) -> pd.DataFrame:
    """A DataFrame with exactly the schema's columns (``name -> "str"|"int"|"float"|"bool"|"obj"``)."""
    if not isinstance(schema, Mapping):
        schema = {name: "str" for name in schema}
    return shared_frame({name: _DTYPES[kind] for name, kind in schema.items()}, rows)
