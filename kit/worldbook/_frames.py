"""Column schemas of the DataFrames kit.worldbook returns, and how to build them (also when empty)."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from kit.core.frames import frame as shared_frame
from kit.worldbook.model import POSITION_LABELS, TRIGGER_TYPES

__all__ = ["frame", "position_label_dtype", "trigger_dtype"]


def position_label_dtype() -> Any:
    """Ordered categorical of the eight position labels (position order)."""
    import pandas as pd

    return pd.CategoricalDtype([POSITION_LABELS[p] for p in range(8)], ordered=True)


def trigger_dtype() -> Any:
    """Ordered categorical of the trigger types (checking order)."""
    import pandas as pd

    return pd.CategoricalDtype(list(TRIGGER_TYPES), ordered=True)


def frame(schema: Mapping[str, Any], rows: Iterable[Mapping[str, Any]] | Mapping[str, list] = ()) -> Any:
    """Build a DataFrame with exactly ``schema``'s columns and dtypes (``"position_label"``/``"trigger"``
    name the categoricals); rows may be dicts or a dict of columns."""
    named = {"position_label": position_label_dtype, "trigger": trigger_dtype}
    dtypes = {col: named[dtype]() if isinstance(dtype, str) and dtype in named else dtype for col, dtype in schema.items()}
    return shared_frame(dtypes, rows)
