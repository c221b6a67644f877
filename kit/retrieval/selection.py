"""The two pure steps of a query against the weighted matrix: scores from the postings, then the best positions.

:func:`postings_scores` sums the postings of the query terms per paragraph; :func:`top_positions` selects the
best ``limit`` positive scores, ties broken by position, after filtering by a cheap lower bound of the
``limit``-th best score (:func:`top_threshold`), which leaves a few dozen candidates for the exact selection.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

__all__ = ["postings_scores", "top_positions", "top_threshold"]

BLOCKS = 64  #: number of blocks :func:`top_threshold` cuts the scores into
#: postings longer than this many entries per query column on average are summed straight from the matrix, not gathered
_DIRECT_FROM = 128
#: up to this many candidates are sorted as they are (after the block threshold there are a few dozen): pruning them
#: to the ``limit`` best first takes five more NumPy calls than sorting the rest costs
_SORT_UP_TO = 256
_TINY = float(np.nextafter(0.0, 1.0))  # the smallest positive float: every positive score reaches it


def postings_scores(matrix: Any, cols: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Dense score vector over the rows of a CSC ``matrix``: ``sum over k of weights[k] * matrix[:, cols[k]]``.

    SciPy's compiled CSC product adds every weighted posting to its row's score, column after column in the order
    given: long postings straight from the matrix, one call per query column (no copy); short ones, where a call per
    column would cost more than the work, after SciPy's compiled row copy (of the transposed matrix: the columns
    here) has put them into one small CSC matrix. Five C calls replace a dozen NumPy ones (each costs microseconds
    when other work has left the caches cold). A score is the same sum, to the bit, as a ``np.bincount`` of the
    weighted postings (the path taken when SciPy lacks those routines). ``cols`` must not be empty.
    """
    indptr, indices, data = matrix.indptr, matrix.indices, matrix.data
    routines = _compiled() if indices.dtype == indptr.dtype and data.dtype == np.float64 else None
    if routines is None:  # pragma: no cover - depends on the SciPy version
        return _bincount_scores(matrix, cols, weights)
    csc_matvec, csr_row_index = routines
    n_cols, n_rows = len(cols), matrix.shape[0]
    cols = cols.astype(indptr.dtype, copy=False)
    weights = weights.astype(np.float64, copy=False)
    ptr = np.zeros(n_cols + 1, dtype=indptr.dtype)  # where each column starts in the copied postings
    (indptr[cols + 1] - indptr[cols]).cumsum(out=ptr[1:])
    total = int(ptr[-1])
    scores = np.zeros(n_rows, dtype=np.float64)
    if total > _DIRECT_FROM * n_cols:
        for k, col in enumerate(cols.tolist()):  # the column's [start, end) from indptr, its weight first in x
            csc_matvec(n_rows, 1, indptr[col : col + 2], indices, data, weights[k:], scores)
        return scores
    rows, values = np.empty(total, dtype=indices.dtype), np.empty(total, dtype=np.float64)
    csr_row_index(n_cols, cols, indptr, indices, data, rows, values)
    csc_matvec(n_rows, n_cols, ptr, rows, values, weights, scores)
    return scores


def _bincount_scores(matrix: Any, cols: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """:func:`postings_scores` in NumPy: the postings gathered by position, weighted, summed by ``np.bincount``."""
    indptr = matrix.indptr
    starts = indptr[cols]
    lengths = indptr[cols + 1] - starts
    ends = lengths.cumsum()  # platform integers, as NumPy wants the positions of a gather
    # position of each posting: its column's start plus its offset in the concatenation, minus the concatenation's
    # offset where that column begins
    positions = (starts - (ends - lengths)).repeat(lengths)
    positions += np.arange(ends[-1])
    values = matrix.data[positions]
    values *= weights.repeat(lengths)
    return np.bincount(matrix.indices[positions], weights=values, minlength=matrix.shape[0])


@functools.cache
def _compiled() -> tuple[Any, Any] | None:
    """SciPy's compiled ``y += A @ x`` for CSC arrays and row copy for CSR arrays, or None.

    ``scipy.sparse._sparsetools.csc_matvec`` and ``csr_row_index`` are the loops behind SciPy's own sparse products
    and row selection, called without building matrix objects (whose format checks cost more than a query's work).
    Checked once against NumPy (the copy) and ``np.bincount`` (the sums, to the bit): on a SciPy without them, or
    where they sum otherwise (a fused multiply-add), :func:`postings_scores` takes the NumPy path.
    """
    try:
        from scipy.sparse._sparsetools import csc_matvec, csr_row_index

        # every row in both columns, with weights whose products round: a fused multiply-add would show
        rng = np.random.default_rng(0)
        indptr = np.array([0, 64, 128], dtype=np.int32)
        indices = np.tile(np.arange(64, dtype=np.int32), 2)
        data = rng.random(128)
        cols = np.array([1, 0], dtype=np.int32)
        rows, values = np.empty(128, dtype=np.int32), np.empty(128)
        csr_row_index(2, cols, indptr, indices, data, rows, values)
        copied = np.array_equal(values, np.concatenate([data[64:], data[:64]])) and np.array_equal(rows, indices)
        weights = np.array([1.0 / 3.0, 0.7])
        got = np.zeros(64)
        csc_matvec(64, 2, indptr, rows, values, weights, got)
        expected = np.bincount(rows, weights=values * weights.repeat(64), minlength=64)
    except Exception:  # pragma: no cover - another SciPy: its private routines differ
        return None
    return (csc_matvec, csr_row_index) if copied and np.array_equal(got, expected) else None


def top_positions(scores: np.ndarray, limit: int, mask: np.ndarray | None = None) -> np.ndarray:
    """Positions of the ``limit`` best positive scores (``scores >= 0``), best first, ties by position ascending.

    ``mask`` (booleans, one per score) leaves out the positions where it is False.
    """
    if mask is not None:
        scores = scores * mask
    candidates = (scores >= top_threshold(scores, limit)).nonzero()[0]
    values = scores[candidates]
    if len(candidates) > max(limit, _SORT_UP_TO):  # many candidates: keep those reaching the limit-th best first
        partitioned = values.copy()
        partitioned.partition(len(values) - limit)
        keep = values >= partitioned[len(values) - limit]
        candidates, values = candidates[keep], values[keep]
    # the candidates ascend, so a stable sort by descending score breaks ties by position
    return candidates[(-values).argsort(kind="stable")[:limit]]


def top_threshold(scores: np.ndarray, limit: int) -> float:
    """A positive lower bound of the ``limit``-th largest positive score (the smallest positive float when unsure).

    The scores are cut into :data:`BLOCKS` blocks and each block's maximum taken: at least ``limit`` scores
    reach the ``limit``-th largest block maximum, so the ``limit`` best are all at or above it. Filtering by it
    leaves a few dozen candidates for the exact selection, where partitioning all scores costs ten times as much.
    """
    n = len(scores)
    if limit >= BLOCKS or n < 8 * BLOCKS:
        return _TINY
    maxima = np.maximum.reduceat(scores, _block_starts(n))
    if limit > len(maxima):
        return _TINY
    maxima.sort()
    return max(float(maxima[-limit]), _TINY)


@functools.lru_cache(maxsize=16)
def _block_starts(n: int) -> np.ndarray:
    """Where each of the :data:`BLOCKS` blocks of ``n`` scores starts (read-only; one array per index size)."""
    starts = np.arange(0, n, -(-n // BLOCKS))
    starts.flags.writeable = False
    return starts
