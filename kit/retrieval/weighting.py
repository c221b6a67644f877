"""The pure steps of :meth:`kit.retrieval.ParagraphIndex.fit`: documents -> term counts -> weighted matrix.

Nothing here reads files or keeps state: :func:`count_terms` turns paragraphs into a sparse count matrix
and :func:`weigh` applies the TF-IDF or BM25 formulas of :mod:`kit.retrieval.index` to it.
:class:`TextColumns` holds the text columns of search results so a query only takes rows.
"""

from __future__ import annotations

from array import array
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

import numpy as np

from kit.core.document import Document
from kit.retrieval.paragraphs import split_paragraphs

__all__ = ["ParagraphCounts", "TextColumns", "count_terms", "weigh"]


@dataclass(frozen=True)
class ParagraphCounts:
    """Term counts of every paragraph (rows) with where each row came from."""

    counts: Any  #: scipy.sparse.csc_matrix of float64 counts, paragraphs x terms (sorted, summed)
    lengths: np.ndarray  #: terms per paragraph
    vocabulary: dict[str, int]  #: term -> column
    row_doc: np.ndarray  #: row -> ordinal of its document
    row_paragraph: np.ndarray  #: row -> paragraph position within its document
    texts: list[str]  #: row -> paragraph text
    doc_ptr: np.ndarray  #: document ordinal -> first row (n_documents + 1 entries)


def count_terms(
    docs: Sequence[Document],
    analyze: Any,
    *,
    include_title: bool,
    max_chars: int | None,
) -> ParagraphCounts:
    """Split ``docs`` into paragraphs and count their terms (title terms in every paragraph when asked).

    Pass 1 maps raw tokens to ids of distinct raw tokens (C-speed regexes and look-ups, no per-token Python);
    pass 2 runs stop words and stemming once per distinct token, then remaps the ids with NumPy.
    """
    import scipy.sparse as sp

    tokenize: Callable[[str], list[str]] = analyze.tokenize
    raw_vocabulary: defaultdict[str, int] = defaultdict()
    raw_vocabulary.default_factory = raw_vocabulary.__len__
    raw_ids = array("i")  # 4 bytes per token instead of a list's 8-byte references
    token_ptr = [0]
    row_doc: list[int] = []
    paragraph_index: list[int] = []
    texts: list[str] = []
    doc_ptr = [0]
    for ordinal, doc in enumerate(docs):
        title_tokens = tokenize(doc.title) if (include_title and doc.title) else []
        for position, paragraph in enumerate(split_paragraphs(doc.text, max_chars=max_chars)):
            tokens = title_tokens + tokenize(paragraph)
            if len(tokens) > 1:  # one C call looks up (and numbers) every token: no per-token Python call
                raw_ids.extend(itemgetter(*tokens)(raw_vocabulary))
            elif tokens:
                raw_ids.append(raw_vocabulary[tokens[0]])
            token_ptr.append(len(raw_ids))
            row_doc.append(ordinal)
            paragraph_index.append(position)
            texts.append(paragraph)
        doc_ptr.append(len(row_doc))
    vocabulary: dict[str, int] = {}
    raw_to_term = np.fromiter(
        (
            vocabulary.setdefault(term, len(vocabulary)) if term else -1
            for term in analyze.terms_of(list(raw_vocabulary))
        ),
        dtype=np.int32,
        count=len(raw_vocabulary),
    )
    term_ids = raw_to_term[np.frombuffer(raw_ids, dtype=np.int32) if raw_ids else np.zeros(0, np.int32)]
    del raw_ids
    token_ptr_array = np.asarray(token_ptr, dtype=np.int64)
    dropped = (term_ids < 0).nonzero()[0]  # stop words
    if len(dropped):
        # each row pointer moves back by the number of dropped tokens before it
        token_ptr_array -= dropped.searchsorted(token_ptr_array)
        term_ids = term_ids[term_ids >= 0]
    # One token per stored value, transposed to columns by a counting sort (rows stay in order within a column, so
    # a term's repeats in one paragraph are neighbours), then summed: no per-row sort of the token lists.
    tokens = sp.csr_matrix(
        (np.ones(len(term_ids), dtype=np.int32), term_ids, token_ptr_array),
        shape=(len(row_doc), len(vocabulary)),
    )
    counts = tokens.tocsc()
    del tokens
    counts.sum_duplicates()
    counts.data = counts.data.astype(np.float64)
    return ParagraphCounts(
        counts=counts,
        lengths=np.diff(token_ptr_array),
        vocabulary=vocabulary,
        row_doc=np.asarray(row_doc, dtype=np.int64),
        row_paragraph=np.asarray(paragraph_index, dtype=np.int64),
        texts=texts,
        doc_ptr=np.asarray(doc_ptr, dtype=np.int64),
    )


def weigh(
    counts: Any,
    lengths: np.ndarray,
    *,
    weighting: str,
    sublinear_tf: bool,
    k1: float,
    b: float,
) -> tuple[Any, np.ndarray, float]:
    """Weight a paragraphs x terms count matrix; return ``(csc matrix, idf, average length)``.

    A CSC matrix with sorted, summed entries (as :func:`count_terms` makes it) is weighted in place; another matrix
    is converted first.

    The formulas are those of :mod:`kit.retrieval.index` (TF-IDF with unit-length rows, or Lucene BM25).
    """
    counts = counts.tocsc()  # the matrix itself when it is CSC already (as count_terms makes it)
    counts.sum_duplicates()  # sorted and summed: nothing to do for count_terms' matrix
    n_rows, n_terms = counts.shape
    n_in_column = np.diff(counts.indptr)
    df = n_in_column.astype(np.float64)
    rows_of_nnz = counts.indices
    tf = counts.data
    avg_len = float(lengths.mean()) if n_rows else 0.0
    if weighting == "tfidf":
        idf = np.log((1.0 + n_rows) / (1.0 + df)) + 1.0
        weights = (1.0 + np.log(tf) if sublinear_tf else tf) * idf.repeat(n_in_column)
        # each row's squares are summed in column order, as over the rows of a sorted CSR matrix
        norms = np.sqrt(np.bincount(rows_of_nnz, weights=weights * weights, minlength=n_rows))
        weights /= norms[rows_of_nnz]
    else:
        idf = np.log1p((n_rows - df + 0.5) / (df + 0.5))
        relative = lengths / avg_len if avg_len > 0 else np.ones(n_rows)
        # idf * tf / (tf + k1 * (1 - b + b * relative)), computed in place to bound peak memory
        weights = relative[rows_of_nnz]
        weights *= b
        weights += 1.0 - b
        weights *= k1
        weights += tf
        np.divide(tf, weights, out=weights)
        weights *= idf.repeat(n_in_column)
    counts.data = weights
    return counts, idf, avg_len


class TextColumns:
    """Named text columns of kit's string dtype (:data:`kit.core.frames.TEXT`), taken together by row positions.

    With pandas' Arrow-backed strings the columns are held once as one NumPy object array (column after
    column) of the given strings themselves, so a search result's text columns cost one gather and one conversion
    to Arrow, sliced into one pandas string array per column without copies (an Arrow ``take`` of a table costs
    about twice as much for ten rows); with Python-backed strings each column is taken on its own. A whole column
    (``columns[name]``) is converted to a pandas string array when first asked for: a search never needs one.
    """

    def __init__(self, columns: dict[str, Sequence[str | None] | np.ndarray]) -> None:
        import pandas as pd

        from kit.core.frames import TEXT, pandas_dtype

        self._dtype = pandas_dtype(TEXT)
        self._columns = {name: np.asarray(values, dtype=object) for name, values in columns.items()}
        self._arrays: dict[str, Any] = {}  # the pandas string arrays of whole columns, made on first use
        self._n = len(next(iter(self._columns.values()))) if self._columns else 0
        self._stacked: np.ndarray | None = None
        if getattr(self._dtype, "storage", None) == "pyarrow":
            try:
                import pyarrow as pa
            except ImportError:  # pragma: no cover - pandas chose Arrow strings, so pyarrow is there
                return
            self._pa = pa
            self._wrap = _arrow_wrapper(type(pd.array([], dtype=self._dtype)), self._dtype)
            # where each column starts in the stacked array, as a column to add row positions to
            self._starts = np.arange(len(self._columns))[:, None] * self._n
            self._stacked = (
                np.concatenate(list(self._columns.values())) if self._columns else np.array([], dtype=object)
            )

    def __getitem__(self, name: str) -> Any:
        """The whole column ``name`` (a pandas string array)."""
        values = self._arrays.get(name)
        if values is None:
            import pandas as pd

            values = self._arrays[name] = pd.array(self._columns[name], dtype=self._dtype)
        return values

    def take(self, rows: np.ndarray) -> dict[str, Any]:
        """Column name -> the string array of ``rows`` (in that order), each of kit's string dtype."""
        if self._stacked is None:
            return {name: self[name].take(rows) for name in self._columns}
        k = len(rows)
        positions = (rows + self._starts).ravel()
        pa = self._pa
        # One conversion and one chunked array, sliced per column (pandas holds chunked arrays): every pyarrow call
        # costs 20-80 µs when the caches are cold (other work between queries), so their number decides the time.
        taken = pa.chunked_array([pa.array(self._stacked[positions], type=pa.large_string(), from_pandas=False)])
        wrap = self._wrap
        return {name: wrap(taken.slice(i * k, k)) for i, name in enumerate(self._columns)}


def _arrow_wrapper(cls: Any, dtype: Any) -> Callable[[Any], Any]:
    """A function: a pyarrow chunked array of large strings -> the pandas string array ``cls`` of ``dtype`` over it.

    pandas' public constructor checks and casts the type, which costs as much as the conversion itself for ten rows;
    the wrapper sets the three attributes pandas' own ``_from_pyarrow_array`` (its constructor for results of Arrow
    operations) sets, without its type checks (kit hands over large strings only; with cold caches every pyarrow
    call, ``.type`` included, costs 20-80 µs). It is checked once against the public constructor: on another pandas
    whose arrays differ it is not used.
    """
    import pyarrow as pa
    from pandas.arrays import ArrowStringArray

    def public(values: Any) -> Any:
        return ArrowStringArray(values, dtype=dtype)

    def direct(values: Any) -> Any:
        made = cls.__new__(cls)
        made._pa_array = values
        made._dtype = dtype
        made._cache = {}
        return made

    sample = pa.chunked_array([pa.array(["a", None, "é"], type=pa.large_string())])
    try:
        made, expected = direct(sample), public(sample)
        same = type(made) is type(expected) and made.dtype == expected.dtype and bool(made.equals(expected))
        same = same and made[1:].tolist() == expected[1:].tolist() and len(made.copy()) == 3
    except Exception:  # pragma: no cover - another pandas: its internals differ, so the public path is taken
        same = False
    return direct if same else public
