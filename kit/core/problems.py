"""The one "problems" frame shape of every lenient reader.

A lenient reader (``strict=False``) does not stop at the first bad file or field: it keeps what it could
read and reports the rest as rows of its ``problems()`` method. Every such frame starts with exactly
:data:`PROBLEM_SCHEMA`:

- ``severity`` - ordered categorical ``["warning", "error"]``: an error means something was skipped,
  a warning that something was read but looks wrong;
- ``kind`` - a short snake_case code of what went wrong (``"syntax"``, ``"unknown_dependency"``, ...);
- ``object_id`` - the id of the object concerned (a book, quest, recipe, entry), ``<NA>`` when none;
- ``field`` - the key path inside it (``"entries[3].key"``), ``<NA>`` when the whole object is concerned;
- ``message`` - a readable sentence saying what is wrong;
- ``path`` - the file concerned, ``<NA>`` when not from a file;

followed by the reader's own columns (``pack``, ``team_id``, ``line``, ...).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kit.core.errors import InvalidParameterError
from kit.core.frames import frame, ordered

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["PROBLEM_SCHEMA", "SEVERITIES", "SEVERITY", "problem_schema", "problems_frame"]

#: The severities, least serious first.
SEVERITIES = ("warning", "error")
_NAMES = ("severity", "kind", "object_id", "field", "message", "path")
#: The ``severity`` column type.
SEVERITY = ordered(SEVERITIES)


def problem_schema(extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The schema of a problems frame: :data:`PROBLEM_SCHEMA`, then ``extra`` (a subsystem's columns)."""
    schema: dict[str, Any] = {"severity": SEVERITY}
    schema.update({name: "string" for name in _NAMES[1:]})
    for name, dtype in (extra or {}).items():
        if name in schema:
            raise InvalidParameterError(f"The extra problem column {name!r} is already one of the shared columns.")
        schema[name] = dtype
    return schema


def problems_frame(
    rows: Iterable[Mapping[str, Any]] = (),
    extra: Mapping[str, Any] | None = None,
    *,
    sort: Sequence[str] = (),
) -> pd.DataFrame:
    """A problems frame (see the module documentation) from row mappings.

    Parameters
    ----------
    rows : iterable of mappings
        One per problem, with the shared columns and the ``extra`` ones (a missing key is ``<NA>``;
        a missing ``severity`` is ``"error"``).
    extra : mapping of column name to dtype, optional
        The reader's own columns, placed after the shared ones.
    sort : sequence of str, default=()
        Columns to sort by (stable); by default the rows keep their order.

    Returns
    -------
    pandas.DataFrame
        Columns ``severity, kind, object_id, field, message, path`` and then ``extra``'s.
    """
    rows = [{"severity": "error", **row} for row in rows]
    return frame(problem_schema(extra), rows, sort=sort)


#: The shared first columns of every problems frame (column -> dtype).
PROBLEM_SCHEMA: dict[str, Any] = problem_schema()

#: Old names of the schemas above, kept for one release (issue 21: every column -> dtype dict is a ``*_SCHEMA``).
PROBLEM_COLUMNS = PROBLEM_SCHEMA
