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

__all__ = [
    "frame",
    "column_arrays",
    "concat_arrays",
    "ordered",
    "Ordered",
    "pandas_dtype",
    "check_schema",
    "DTYPES",
    "UTC_TIME",
    "TEXT",
]

#: The text dtype: pandas' string dtype with ``pd.NA`` for missing values.
TEXT = "string"
#: The time dtype: nanosecond timestamps in UTC.
UTC_TIME = "datetime64[ns, UTC]"
#: Every dtype name a schema may use (ordered categoricals come from :func:`ordered`).
DTYPES = frozenset({TEXT, "int64", "float64", "bool", "Int64", "Float64", "boolean", UTC_TIME, "object"})


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
    layout = _layout_of(schema)
    names, dtypes = layout.names, layout.dtypes
    if type(rows) is dict or isinstance(rows, Mapping):  # a dict first: isinstance of an ABC costs more
        given = [rows.get(name) for name in names]
        lengths = {len(values) for values in given if values is not None}
        if len(lengths) > 1:
            raise InvalidParameterError(
                f"The columns given for {list(names)} have different lengths {sorted(lengths)}."
            )
        n = lengths.pop() if lengths else 0
        if n and not sort and layout.takes_as_is(given):
            return layout.assemble(given, n)
        data = [[None] * n if values is None else values for values in given]
    else:
        rows = list(rows)
        n = len(rows)
        if rows and dataclasses.is_dataclass(rows[0]):
            data = [[getattr(row, name) for row in rows] for name in names]
        elif rows and not isinstance(rows[0], Mapping):
            data = [list(column) for column in zip(*rows)] if rows else []
            if len(data) != len(names):
                raise InvalidParameterError(
                    f"Rows of {len(data)} values do not fit the {len(names)} columns {list(names)}."
                )
        else:
            data = [[row.get(name) for row in rows] for name in names]
    out = layout.assemble([_column_values(values, dtype) for values, dtype in zip(data, dtypes)], n)
    if sort and len(out):
        out = out.sort_values(list(sort), kind="stable")
    return out.reset_index(drop=True)


def column_arrays(schema: Mapping[str, Any], columns: Sequence[Any]) -> list[Any]:
    """The arrays a frame of ``schema`` holds for ``columns`` (one sequence of values per column, in schema order).

    The pieces of a frame built in parts (a fleet task's partition): each part's arrays convert and check their values
    where the part is made, and :func:`concat_arrays` joins the parts without converting again. Pandas' string
    arrays (Arrow-backed) and NumPy arrays also pickle several times faster than lists of Python values.
    """
    layout = _layout_of(schema)
    if len(columns) != len(layout.names):
        raise InvalidParameterError(
            f"{len(columns)} columns were given for the {len(layout.names)} columns {list(layout.names)}."
        )
    return [_column_values(values, dtype) for values, dtype in zip(columns, layout.dtypes)]


def concat_arrays(schema: Mapping[str, Any], parts: Iterable[Sequence[Any]]) -> pd.DataFrame:
    """One frame of ``schema`` from parts made by :func:`column_arrays` with the same schema, rows in part order.

    Returns
    -------
    pandas.DataFrame
        The schema's columns and dtypes (no rows when there are no parts), index ``0..n-1``.
    """
    import numpy as np

    layout = _layout_of(schema)
    parts = list(parts)
    if not parts:
        return frame(schema)
    for i, part in enumerate(parts):
        if len(part) != len(layout.names):
            raise InvalidParameterError(
                f"Part {i} holds {len(part)} arrays for the {len(layout.names)} columns {list(layout.names)}: "
                "make each part with column_arrays and the same schema."
            )
    joined = []
    for position, dtype in enumerate(layout.dtypes):
        pieces = [part[position] for part in parts]
        if len(pieces) == 1:
            joined.append(pieces[0])
        elif isinstance(dtype, np.dtype):
            joined.append(np.concatenate(pieces))
        else:
            joined.append(type(pieces[0])._concat_same_type(pieces))
    return frame(schema, dict(zip(layout.names, joined)))


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

    if type(values) is list and _is_arrow_text(dtype):
        text = _arrow_text(values)
        if text is not None:
            return text
    column = _column(values, dtype)
    if isinstance(column.dtype, pd.api.extensions.ExtensionDtype):
        return column.array
    return column.to_numpy(copy=False)


@functools.lru_cache(maxsize=16)
def _is_arrow_text(dtype: Any) -> bool:
    """Whether ``dtype`` is pandas' Arrow-backed string dtype with ``pd.NA`` (what ``"string"`` is with pyarrow)."""
    import pandas as pd

    return isinstance(dtype, pd.StringDtype) and dtype.storage == "pyarrow" and dtype.na_value is pd.NA


#: The values :func:`_arrow_text` hands to pyarrow as they are.
_TEXT_TYPES = frozenset({str, type(None)})


def _arrow_text(values: list[Any]) -> Any | None:
    """A column of ``str`` and ``None`` as pandas' Arrow-backed string array, converted by pyarrow in one call; None
    when any value is of another type (then pandas converts and checks each value, as ``pd.Series(values,
    dtype="string")`` does). The same array as pandas makes, 3-5 times faster: pandas first checks every value in a loop
    of its own (a 321,000-row column of the doctor's problems took 47-80 ms that way, 10-16 ms here).
    """
    if not set(map(type, values)) <= _TEXT_TYPES:
        return None
    import pandas as pd
    import pyarrow as pa

    return pd.arrays.ArrowStringArray(pa.array(values, type=pa.large_string()))


class _Layout:
    """What :func:`frame` needs of one schema, worked out once: names, pandas dtypes, column index, block plan.

    :meth:`assemble` turns arrays already of the schema's dtypes into a DataFrame without re-inference or
    copies of extension arrays: NumPy columns of one dtype are stacked into one 2-D block, each extension
    array is its own block (what pandas' constructors would do, without their dtype grouping on every call).
    """

    def __init__(self, schema: Mapping[str, Any]) -> None:
        import numpy as np
        import pandas as pd

        self.names = tuple(schema)
        self.dtypes = tuple(pandas_dtype(dtype) for dtype in schema.values())
        self.columns = pd.Index(list(self.names))
        # the array type a column must be to be taken as it is (see :meth:`takes_as_is`)
        self._array_types = tuple(
            np.ndarray if isinstance(dtype, np.dtype) else pd.api.extensions.ExtensionArray for dtype in self.dtypes
        )
        positions_of: dict[Any, list[int]] = {}
        self._extension: list[int] = []
        for position, dtype in enumerate(self.dtypes):
            if isinstance(dtype, np.dtype):
                positions_of.setdefault(dtype, []).append(position)
            else:
                self._extension.append(position)
        self._numpy = [(dtype, positions) for dtype, positions in positions_of.items()]
        # one (dtype, column positions) per block, in the order of :meth:`_block_values`
        plan = [(self.dtypes[position], [position]) for position in self._extension] + self._numpy
        self._placements = [np.array(positions, dtype=np.intp) for _, positions in plan]
        # Blocks pandas takes as they are: 2-D NumPy blocks and one-dimensional extension arrays; datetimes
        # (with or without a time zone) and periods are 2-D blocks inside pandas and take the public path.
        reshaped = any(
            (isinstance(dtype, np.dtype) and dtype.kind in "mM")
            or isinstance(dtype, (pd.DatetimeTZDtype, pd.PeriodDtype))
            for dtype in self.dtypes
        )
        self._direct = None if reshaped else _direct_assembly([dtype for dtype, _ in plan], self._placements)

    def takes_as_is(self, arrays: Sequence[Any]) -> bool:
        """Whether every one of ``arrays`` (one per column) is an array of exactly its column's dtype, to be used
        as it is: a NumPy array for a NumPy dtype, an extension array for an extension dtype.
        """
        for values, dtype, array_type in zip(arrays, self.dtypes, self._array_types):
            if not isinstance(values, array_type):
                return False
            actual = values.dtype
            if actual is not dtype and not _same_dtype(actual, dtype):
                return False
        return True

    def _block_values(self, arrays: Sequence[Any], n: int) -> list[Any]:
        """The values of each block: extension arrays alone, NumPy columns of one dtype in one 2-D block."""
        import numpy as np

        blocks = [arrays[position] for position in self._extension]
        for dtype, positions in self._numpy:
            if len(positions) == 1:
                values = arrays[positions[0]].reshape(1, n)
            else:
                values = np.empty((len(positions), n), dtype=dtype)
                for row, position in enumerate(positions):
                    values[row] = arrays[position]
            blocks.append(values)
        return blocks

    def assemble(self, arrays: Sequence[Any], n: int) -> pd.DataFrame:
        """The DataFrame of ``arrays`` (one per column, of the schema's dtypes, ``n`` values each)."""
        import pandas as pd

        blocks = self._block_values(arrays, n)
        columns = self.columns.view()  # a frame of its own: renaming its columns leaves the next frame alone
        if self._direct is not None:
            return self._direct(blocks, n, columns)
        index = pd.RangeIndex(n)
        try:
            from pandas.api.internals import create_dataframe_from_blocks
        except ImportError:  # pragma: no cover - depends on the pandas version
            try:
                return pd.DataFrame._from_arrays(list(arrays), columns=columns, index=index, verify_integrity=False)
            except AttributeError:
                return pd.DataFrame(dict(zip(self.names, arrays)), copy=False)
        return create_dataframe_from_blocks(list(zip(blocks, self._placements)), index=index, columns=columns)


def _layout_of(schema: Mapping[str, Any]) -> _Layout:
    """The layout of ``schema`` (cached per distinct schema; schemas are module-level constants)."""
    key = tuple(schema.items())
    try:
        layout = _LAYOUTS.get(key)
    except TypeError:  # an unhashable dtype object: worked out every time
        return _Layout(schema)
    if layout is None:
        layout = _LAYOUTS[key] = _Layout(schema)
    return layout


_LAYOUTS: dict[tuple[tuple[str, Any], ...], _Layout] = {}


@functools.cache
def _block_internals() -> tuple[Any, ...] | None:
    """The pandas internals :func:`_direct_assembly` builds with, or None when this pandas lacks them."""
    try:
        import pandas as pd
        from pandas._libs.internals import BlockPlacement
        from pandas.core.internals.blocks import get_block_type
        from pandas.core.internals.managers import BlockManager

        return BlockPlacement, get_block_type, BlockManager, pd.DataFrame._from_mgr, pd.RangeIndex._simple_new
    except (ImportError, AttributeError):  # pragma: no cover - depends on the pandas version
        return None


def _direct_assembly(dtypes: Sequence[Any], placements: Sequence[Any]) -> Any:
    """A block-level builder of the DataFrames of one layout, or None when this pandas lacks the internals it uses.

    ``pandas.api.internals.create_dataframe_from_blocks`` (the public entry point) re-checks every block through
    ``make_block``, works out each block's class and placement and verifies the manager; for 2-D NumPy blocks and
    one-dimensional extension arrays of the right length (what :class:`_Layout` hands over) those checks are
    no-ops, so the block classes and placements (immutable; pandas shares them between blocks itself) are worked
    out once per layout and the manager is not verified again: a third to a half of the time for a six-column search
    result. ``tests/core/test_frames.py`` checks both paths give equal frames.
    """
    internals = _block_internals()
    if internals is None:  # pragma: no cover - depends on the pandas version
        return None
    block_placement, get_block_type, block_manager, from_mgr, range_index = internals
    plan = [(get_block_type(dtype), block_placement(positions)) for dtype, positions in zip(dtypes, placements)]

    def build(blocks: list[Any], n: int, columns: Any) -> pd.DataFrame:
        # what pandas' new_block does, with the class looked up once
        made = [
            klass(values, ndim=2, placement=placement, refs=None) for values, (klass, placement) in zip(blocks, plan)
        ]
        manager = block_manager(made, [columns, range_index(range(n))], verify_integrity=False)
        return from_mgr(manager, manager.axes)

    return build
