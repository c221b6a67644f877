"""The design's WebSocket message for an activation result (:func:`to_payload`), plain JSON only.

The payload follows the design's activation document: each entry carries the fields the front end reads,
``position_label`` is exactly the design's Chinese label (``宏替换``, ``角色定义之后``; the frames keep the
bilingual display label in their own ``position_label`` column) and ``weight`` the design's 权重 of the
position (``高``, ``中``, ``低``, ``极高``, ``最高``, ``-``). Every value is a plain Python value that
``json.dumps`` accepts: missing values (``pd.NA``, ``NaN``) become ``None``, numpy and pandas scalars their
Python value, tuples lists.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kit.worldbook.book.model import POSITION_LABELS_ZH, POSITION_WEIGHTS

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["PAYLOAD_FIELDS", "to_payload", "plain_json"]

#: The fields of each payload entry, in order.
PAYLOAD_FIELDS: tuple[str, ...] = (
    "uid",
    "content",
    "position",
    "order",
    "trigger_config",
    "book_id",
    "book_name",
    "book_scope",
    "trigger",
    "matched",
    "matched_keys",
    "position_label",
    "weight",
    "depth",
    "macro",
)


def plain_json(value: Any) -> Any:
    """``value`` with every missing value as ``None``, numpy/pandas scalars as Python values, tuples as lists
    and mapping keys as strings (recursively), so that ``json.dumps`` accepts it.
    """
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return None if math.isnan(value) else float(value)
    if isinstance(value, Mapping):
        return {str(k): plain_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_json(v) for v in value]
    import numpy as np
    import pandas as pd

    if isinstance(value, np.generic):
        return plain_json(value.item())
    if isinstance(value, np.ndarray):
        return plain_json(value.tolist())
    if value is pd.NA or value is pd.NaT:
        return None
    if isinstance(value, pd.Timestamp):
        return value.isoformat()
    return str(value)


def to_payload(result: pd.DataFrame) -> dict[str, Any]:
    """Return the design's WebSocket message for an activation result.

    Returns
    -------
    dict
        ``{"type": "worldbook_active", "entries": [{field: value for field in PAYLOAD_FIELDS}, ...]}`` in the
        result's order (only active rows): ``position_label`` the design's Chinese label, ``weight`` the
        design's 权重, ``macro`` ``None`` except at position 7, ``matched_keys`` every key that matched (empty
        for other triggers). Plain JSON: ``json.dumps`` accepts it.
    """
    active = result[result["is_active"]] if "is_active" in result else result
    entries = []
    for row in active.to_dict("records"):
        position = int(row["position"])
        keys = row.get("matched_keys")
        entries.append(
            plain_json(
                {
                    "uid": row["uid"],
                    "content": row["content"],
                    "position": position,
                    "order": row["order"],
                    "trigger_config": row["trigger_config"],
                    "book_id": row["book_id"],
                    "book_name": row["book_name"],
                    "book_scope": row["book_scope"],
                    "trigger": str(row["trigger"]),
                    "matched": row["matched"],
                    "matched_keys": list(keys) if isinstance(keys, (list, tuple)) else [],
                    "position_label": POSITION_LABELS_ZH[position],
                    "weight": POSITION_WEIGHTS[position],
                    "depth": row["depth"],
                    "macro": row["macro"],
                }
            )
        )
    return {"type": "worldbook_active", "entries": entries}
