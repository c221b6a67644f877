"""The two pure steps of a query against the weighted matrix: scores from the postings, then the best positions.

:func:`postings_scores` sums the postings of the query terms per paragraph; :func:`top_positions` selects the
best ``limit`` positive scores, ties broken by position, after filtering by a cheap lower bound of the
``limit``-th best score (:func:`top_threshold`), which leaves a few dozen candidates for the exact selection.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["postings_scores", "top_positions", "top_threshold"]

BLOCKS = 64  #: number of blocks :func:`top_threshold` cuts the scores into
_TINY = float(np.nextafter(0.0, 1.0))  # the smallest positive float: every positive score reaches it


def postings_scores(matrix: Any, cols: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Dense score vector over the rows of a CSC ``matrix``: ``sum over k of weights[k] * matrix[:, cols[k]]``.

    The postings of the query columns are gathered in one go (positions of the concatenated postings, no
    per-column Python) and summed per row with ``np.bincount``, column after column in the order given.
    ``cols`` must not be empty.
    """
    indptr = matrix.indptr
    starts = indptr[cols]
    lengths = indptr[cols + 1] - starts
    ends = lengths.cumsum()
    # position of each posting: its column's start plus its offset in the concatenation, minus the
    # concatenation's offset where that column begins (ndarray methods here and below: numpy's module-level
    # functions of the same names add a Python call each, a tenth of a sub-millisecond query)
    positions = (starts - (ends - lengths)).repeat(lengths)
    positions += np.arange(ends[-1])
    values = matrix.data[positions]
    values *= weights.repeat(lengths)
    return np.bincount(matrix.indices[positions], weights=values, minlength=matrix.shape[0])


def top_positions(scores: np.ndarray, limit: int, mask: np.ndarray | None = None) -> np.ndarray:
    """Positions of the ``limit`` best positive scores (``scores >= 0``), best first, ties by position ascending.

    ``mask`` (booleans, one per score) leaves out the positions where it is False.
    """
    if mask is not None:
        scores = scores * mask
    candidates = (scores >= top_threshold(scores, limit)).nonzero()[0]
    values = scores[candidates]
    if len(candidates) > limit:
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
    maxima = np.maximum.reduceat(scores, np.arange(0, n, -(-n // BLOCKS)))
    if limit > len(maxima):
        return _TINY
    maxima.sort()
    return max(float(maxima[-limit]), _TINY)
