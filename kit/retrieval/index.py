"""The paragraph index: a sparse TF-IDF (or BM25) matrix over the paragraphs of a list of documents.

Scoring
-------
``weighting="tfidf"`` (cosine similarity, as scikit-learn's ``TfidfVectorizer`` with ``smooth_idf=True``
and ``norm="l2"``)::

    tf(t, p)   = 1 + ln(count(t, p))   if sublinear_tf else count(t, p)
    idf(t)     = ln((1 + N) / (1 + df(t))) + 1
    w(t, p)    = tf(t, p) * idf(t), then each paragraph vector is scaled to unit length
    q(t)       = the same weighting of the query's own term counts, scaled to unit length
    score(p)   = sum over query terms of q(t) * w(t, p)            (a cosine in [0, 1])

``weighting="bm25"`` (Lucene's BM25 since Lucene 8, the same as bm25s' ``method="lucene"``)::

    idf(t)     = ln(1 + (N - df(t) + 0.5) / (df(t) + 0.5))
    w(t, p)    = idf(t) * count(t, p) / (count(t, p) + k1 * (1 - b + b * len(p) / avg_len))
    score(p)   = sum over query terms of count(t, query) * w(t, p)

``N`` is the number of paragraphs, ``df(t)`` the number of paragraphs holding term ``t``, ``len(p)``
the number of terms of a paragraph. With ``include_title=True`` the document title's terms are counted
in every paragraph of that document. Paragraph weights are computed once in :meth:`ParagraphIndex.fit`
and stored column-wise (CSC), so a query only touches the postings of its own terms.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from kit.core.document import Document
from kit.core.frames import frame
from kit.core.validation import check_choice, check_int, check_real, check_str
from kit.retrieval._frames import EXPLAIN_SCHEMA, PARAGRAPH_SCHEMA, SEARCH_SCHEMA, STATS_SCHEMA
from kit.retrieval.analyzers import ANALYZERS, make_analyzer
from kit.retrieval.errors import (
    DuplicateDocumentError,
    InvalidParameterError,
    NotFittedError,
    UnknownParagraphError,
)
from kit.retrieval.paragraphs import DEFAULT_MAX_CHARS
from kit.retrieval.selection import postings_scores, top_positions
from kit.retrieval.weighting import TextColumns, count_terms, weigh

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["ParagraphIndex"]

_DEFAULTS: dict[str, Any] = {
    "analyzer": "default",
    "weighting": "bm25",
    "k1": 0.9,
    "b": 0.75,
    "sublinear_tf": True,
    "stem": "english",
    "stop_words": "english",
    "chinese_stop_words": True,
    "max_paragraph_chars": DEFAULT_MAX_CHARS,
    "include_title": True,
}


class ParagraphIndex:
    """Rank the paragraphs of a list of :class:`kit.Document` against free-text queries.

    The constructor only stores settings; :meth:`fit` splits the documents into paragraphs
    (:func:`kit.retrieval.split_paragraphs`), analyzes them and builds the weighted sparse matrix.

    Parameters
    ----------
    analyzer : {"default", "word", "char12", "jieba"}, default="default"
        How text becomes terms (see :mod:`kit.retrieval.analyzers`). ``"default"`` handles Chinese
        (character unigrams + bigrams) and Latin words in one string.
    weighting : {"bm25", "tfidf"}, default="bm25"
        ``"bm25"`` (Lucene BM25) or ``"tfidf"`` (sublinear TF-IDF, cosine). The formulas are in the
        module documentation. BM25 is the default because it ranks better on every benchmark
        collection (see ``benchmarks/bench_retrieval.py``); both live in the same sparse index.
    k1 : float, default=0.9
        BM25 term-frequency saturation (>= 0; Anserini's default 0.9 ranked better than Lucene's 1.2
        and bm25s' 1.5 on all three benchmark collections). Ignored by ``"tfidf"``.
    b : float, default=0.75
        BM25 length normalisation in [0, 1]. Ignored by ``"tfidf"``.
    sublinear_tf : bool, default=True
        TF-IDF only: use ``1 + ln(count)`` instead of the raw count.
    stem : str or None, default="english"
        Snowball stemmer language for Latin words (``None`` keeps words as they are).
    stop_words : "english", "sklearn", collection of str or None, default="english"
        Latin words left out (``"english"`` is Lucene's 33-word list, ``"sklearn"`` scikit-learn's 318).
    chinese_stop_words : bool or collection of str, default=True
        Chinese question and function words cut out of CJK text (``True``: kit's
        :data:`~kit.retrieval.analyzers.CHINESE_STOP_WORDS`; ``False``: none; see :mod:`kit.retrieval.analyzers`).
    max_paragraph_chars : int or None, default=2000
        Paragraphs longer than this are cut at sentence ends; ``None`` never cuts.
    include_title : bool, default=True
        Count the document title's terms in every paragraph of the document.

    Attributes
    ----------
    vocabulary_ : dict of str to int
        Term -> column of :attr:`matrix_`.
    idf_ : numpy.ndarray of float64
        Inverse document frequency per column (the formula of the chosen weighting).
    matrix_ : scipy.sparse.csc_matrix
        Paragraph x term weights (rows in :attr:`paragraphs_` order).
    paragraphs_ : pandas.DataFrame
        One row per paragraph: ``doc_id, paragraph_index, title, text, n_terms``, sorted by
        ``doc_id`` then ``paragraph_index`` (the tie-breaking order of :meth:`search`).
    n_documents_ : int
        Number of documents given to :meth:`fit` (also those without any paragraph).
    avg_paragraph_terms_ : float
        Mean number of terms per paragraph (BM25's ``avg_len``; 0.0 when there are no paragraphs).

    Examples
    --------
    >>> from kit import Document
    >>> index = ParagraphIndex().fit([Document("d1", "Iron", "Iron tools.\\n\\n铁镐可以挖钻石。")])
    >>> index.search("铁镐")[["rank", "doc_id", "paragraph_index"]].to_dict("records")
    [{'rank': 1, 'doc_id': 'd1', 'paragraph_index': 1}]
    """

    def __init__(
        self,
        *,
        analyzer: Literal["default", "word", "char12", "jieba"] = "default",
        weighting: Literal["bm25", "tfidf"] = "bm25",
        k1: float = 0.9,
        b: float = 0.75,
        sublinear_tf: bool = True,
        stem: str | None = "english",
        stop_words: str | Iterable[str] | None = "english",
        chinese_stop_words: bool | Iterable[str] = True,
        max_paragraph_chars: int | None = DEFAULT_MAX_CHARS,
        include_title: bool = True,
    ) -> None:
        self.analyzer = analyzer
        self.weighting = weighting
        self.k1 = k1
        self.b = b
        self.sublinear_tf = sublinear_tf
        self.stem = stem
        self.stop_words = stop_words
        self.chinese_stop_words = chinese_stop_words
        self.max_paragraph_chars = max_paragraph_chars
        self.include_title = include_title

    # ------------------------------------------------------------------ settings
    def get_params(self) -> dict[str, Any]:
        """Return the constructor settings as a dict (``ParagraphIndex(**index.get_params())`` copies them)."""
        return {name: getattr(self, name) for name in _DEFAULTS}

    def __repr__(self) -> str:
        changed = [f"{name}={value!r}" for name, value in self.get_params().items() if value != _DEFAULTS[name]]
        return f"ParagraphIndex({', '.join(changed)})"

    def _validate_params(self) -> None:
        owner = "ParagraphIndex"
        check_choice(self.analyzer, "analyzer", owner, ANALYZERS)
        check_choice(self.weighting, "weighting", owner, ("bm25", "tfidf"))
        check_real(self.k1, "k1", owner, low=0.0)
        check_real(self.b, "b", owner, low=0.0, high=1.0)
        for name in ("sublinear_tf", "include_title"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidParameterError(
                    f"The '{name}' parameter of {owner} must be a bool. Got {getattr(self, name)!r} instead."
                )
        if self.stem is not None:
            check_str(self.stem, "stem", owner)
        if self.max_paragraph_chars is not None:
            check_int(self.max_paragraph_chars, "max_paragraph_chars", owner)

    # ------------------------------------------------------------------ fitting
    def fit(self, documents: Iterable[Document]) -> ParagraphIndex:
        """Split, analyze and weight ``documents``; return ``self``.

        Parameters
        ----------
        documents : iterable of kit.Document
            Ids must be unique. Documents whose text has no paragraph (empty or blank text) are kept
            (they count in ``n_documents_``) but can never be found. Zero documents give an empty index
            whose searches return empty frames.

        Returns
        -------
        ParagraphIndex
            ``self``, fitted.
        """
        self._validate_params()
        analyze = make_analyzer(
            self.analyzer, stem=self.stem, stop_words=self.stop_words, chinese_stop_words=self.chinese_stop_words
        )
        docs = _checked_documents(documents)
        parsed = count_terms(docs, analyze, include_title=self.include_title, max_chars=self.max_paragraph_chars)
        matrix, idf, avg_len = weigh(
            parsed.counts,
            parsed.lengths,
            weighting=self.weighting,
            sublinear_tf=self.sublinear_tf,
            k1=self.k1,
            b=self.b,
        )
        n_rows = len(parsed.row_doc)
        self.analyzer_ = analyze
        self.vocabulary_ = parsed.vocabulary
        self._terms: list[str] | None = None  # column -> term, made by explain when first needed
        self.idf_ = idf
        self.matrix_ = matrix
        self.n_documents_ = len(docs)
        self.avg_paragraph_terms_ = avg_len
        self._lengths = parsed.lengths
        self._doc_ids = np.array([d.id for d in docs], dtype=object)
        self._doc_titles = np.array([d.title for d in docs], dtype=object)
        self._doc_ordinal = {d.id: i for i, d in enumerate(docs)}
        self._doc_ptr = parsed.doc_ptr
        self._row_doc = parsed.row_doc
        self._row_paragraph = parsed.row_paragraph
        self._row_text = np.array(parsed.texts, dtype=object)
        self._row_doc_id = self._doc_ids[self._row_doc] if n_rows else np.array([], dtype=object)
        self._row_title = self._doc_titles[self._row_doc] if n_rows else np.array([], dtype=object)
        # String columns converted once, so that search only takes rows (no dtype inference per query).
        self._search_strings = TextColumns(
            {"doc_id": self._row_doc_id, "title": self._row_title, "text": self._row_text}
        )
        return self

    # ------------------------------------------------------------------ helpers
    def _check_fitted(self, method: str) -> None:
        if not hasattr(self, "matrix_"):
            raise NotFittedError(
                f"This ParagraphIndex instance is not fitted yet. Call 'fit' with a list of "
                f"kit.Document before using '{method}'."
            )

    @property
    def paragraphs_(self) -> pd.DataFrame:
        self._check_fitted("paragraphs_")
        return frame(
            PARAGRAPH_SCHEMA,
            {
                "doc_id": self._row_doc_id,
                "paragraph_index": self._row_paragraph,
                "title": self._row_title,
                "text": self._row_text,
                "n_terms": self._lengths,
            },
        )

    def _query_weights(self, terms: Sequence[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Columns, weights and counts (float64) of the known query terms (unknown terms dropped)."""
        get = self.vocabulary_.get
        found = [col for col in map(get, terms) if col is not None]
        # the columns in the order of their first occurrence (the order in which their postings are summed, so
        # scores do not depend on how the terms were counted)
        counts = dict.fromkeys(found, 0)
        if len(counts) == len(found):
            n = np.ones(len(found), dtype=np.float64)
        else:
            for col in found:
                counts[col] += 1
            n = np.array(list(counts.values()), dtype=np.float64)
        cols = np.array(list(counts), dtype=self.matrix_.indptr.dtype)  # the dtype the compiled scoring takes
        if self.weighting == "tfidf" and len(cols):
            weights = (1.0 + np.log(n) if self.sublinear_tf else n) * self.idf_[cols]
            weights /= np.sqrt(np.dot(weights, weights))
        else:
            weights = n
        return cols, weights, n

    def _scores(self, cols: np.ndarray, weights: np.ndarray) -> np.ndarray:
        """Dense score vector over all paragraphs, from the query terms' postings only."""
        return postings_scores(self.matrix_, cols, weights)

    def _row_mask(self, allowed_ids: Iterable[str] | None) -> np.ndarray | None:
        if allowed_ids is None:
            return None
        if isinstance(allowed_ids, (str, bytes)):
            raise InvalidParameterError(
                "The 'allowed_ids' parameter of search must be a collection of document ids or None "
                f"(wrap a single id in a list). Got {allowed_ids!r} instead."
            )
        ordinal = self._doc_ordinal
        doc_mask = np.zeros(len(self._doc_ids), dtype=bool)
        doc_mask[[ordinal[i] for i in allowed_ids if i in ordinal]] = True
        return doc_mask[self._row_doc]

    @staticmethod
    def _top(scores: np.ndarray, limit: int, mask: np.ndarray | None) -> np.ndarray:
        """Positions of the ``limit`` best positive scores, ties broken by position (ascending)."""
        return top_positions(scores, limit, mask)

    # ------------------------------------------------------------------ queries
    def search(
        self,
        query: str,
        *,
        allowed_ids: Iterable[str] | None = None,
        limit: int = 5,
    ) -> pd.DataFrame:
        """Return the ``limit`` best paragraphs for ``query``.

        Parameters
        ----------
        query : str
            Free text in any language; it goes through the index's analyzer. A query without any
            indexed term (empty, only punctuation, only unknown words) gives an empty frame.
        allowed_ids : collection of str or None, default=None
            Only paragraphs of these document ids can be returned (a mask over the scores; unknown ids
            are ignored, an empty collection gives an empty frame).
        limit : int, default=5
            Maximum number of rows (>= 1).

        Returns
        -------
        pandas.DataFrame
            Columns ``rank`` (from 1), ``doc_id``, ``paragraph_index`` (from 0 within the document),
            ``score`` (> 0; see the module documentation), ``title`` (the document's) and ``text``
            (the paragraph's). Sorted by score descending, ties by ``doc_id`` then
            ``paragraph_index``; only paragraphs sharing at least one term with the query appear.
        """
        self._check_fitted("search")
        check_str(query, "query", "search")
        limit = check_int(limit, "limit", "search")
        mask = self._row_mask(allowed_ids)
        cols, weights, _ = self._query_weights(self.analyzer_(query))
        if len(cols) == 0:
            return frame(SEARCH_SCHEMA)
        scores = self._scores(cols, weights)
        rows = self._top(scores, limit, mask)
        if len(rows) == 0:
            return frame(SEARCH_SCHEMA)
        strings = self._search_strings.take(rows)
        return frame(
            SEARCH_SCHEMA,
            {
                "rank": np.arange(1, len(rows) + 1, dtype=np.int64),
                "doc_id": strings["doc_id"],
                "paragraph_index": self._row_paragraph[rows],
                "score": scores[rows],
                "title": strings["title"],
                "text": strings["text"],
            },
        )

    def top_documents(self, query: str, *, limit: int = 100) -> tuple[list[str], np.ndarray]:
        """Best documents for ``query``, each scored by its best paragraph.

        Parameters
        ----------
        query : str
            Free text, analyzed as in :meth:`search`.
        limit : int, default=100
            Maximum number of documents (>= 1).

        Returns
        -------
        (list of str, numpy.ndarray)
            Document ids and their scores (max over the document's paragraphs), best first, ties by id.
            Used by :func:`kit.retrieval.make_run`; plain arrays so that evaluating thousands of queries
            does not build thousands of DataFrames.
        """
        self._check_fitted("top_documents")
        check_str(query, "query", "top_documents")
        limit = check_int(limit, "limit", "top_documents")
        cols, weights, _ = self._query_weights(self.analyzer_(query))
        if len(cols) == 0:
            return [], np.array([], dtype=np.float64)
        scores = self._scores(cols, weights)
        if len(scores) == len(self._doc_ids):  # one paragraph per document: rows are documents
            doc_scores = scores
        else:
            has_rows = np.diff(self._doc_ptr) > 0
            doc_scores = np.zeros(len(self._doc_ids), dtype=np.float64)
            if has_rows.any():
                doc_scores[has_rows] = np.maximum.reduceat(scores, self._doc_ptr[:-1][has_rows])
        best = self._top(doc_scores, limit, None)
        return self._doc_ids[best].tolist(), doc_scores[best]

    def explain(self, query: str, doc_id: str, paragraph_index: int) -> pd.DataFrame:
        """Break the score of one paragraph for ``query`` down into its terms.

        Parameters
        ----------
        query : str
            The query, analyzed as in :meth:`search`.
        doc_id : str
            Document id of the paragraph.
        paragraph_index : int
            Position of the paragraph in its document (from 0, as in :meth:`search`).

        Returns
        -------
        pandas.DataFrame
            One row per query term found in the paragraph: ``term``, ``query_weight`` (TF-IDF: the
            unit-length query weight; BM25: the term's count in the query), ``doc_weight`` (the stored
            paragraph weight), ``contribution`` (their product; the contributions sum to the
            paragraph's :meth:`search` score), ``share`` (contribution / score), and the extras
            ``n_in_query``, ``n_in_paragraph`` (term counts, title terms included) and ``idf``.
            Sorted by contribution descending, then term. Empty when no query term is in the paragraph.

        Raises
        ------
        UnknownParagraphError
            The index holds no paragraph ``paragraph_index`` of document ``doc_id``.
        """
        self._check_fitted("explain")
        check_str(query, "query", "explain")
        check_str(doc_id, "doc_id", "explain")
        if isinstance(paragraph_index, bool) or not isinstance(paragraph_index, (int, np.integer)):
            raise InvalidParameterError(
                f"The 'paragraph_index' parameter of explain must be an int. Got {paragraph_index!r} instead."
            )
        ordinal = self._doc_ordinal.get(doc_id)
        if ordinal is None:
            raise UnknownParagraphError(f"Document id {doc_id!r} is not in this index.")
        start, end = self._doc_ptr[ordinal], self._doc_ptr[ordinal + 1]
        if not 0 <= paragraph_index < end - start:
            raise UnknownParagraphError(
                f"Document {doc_id!r} has {end - start} paragraph(s) in this index; "
                f"paragraph_index {paragraph_index} does not exist."
            )
        row = int(start + paragraph_index)
        cols, weights, n_query = self._query_weights(self.analyzer_(query))
        n_query = n_query.astype(np.int64)
        matrix = self.matrix_
        doc_weights = np.zeros(len(cols), dtype=np.float64)
        for k, col in enumerate(cols.tolist()):
            lo, hi = matrix.indptr[col], matrix.indptr[col + 1]
            pos = lo + np.searchsorted(matrix.indices[lo:hi], row)
            if pos < hi and matrix.indices[pos] == row:
                doc_weights[k] = matrix.data[pos]
        keep = doc_weights > 0
        if not keep.any():
            return frame(EXPLAIN_SCHEMA)
        cols, weights, n_query, doc_weights = cols[keep], weights[keep], n_query[keep], doc_weights[keep]
        contributions = weights * doc_weights
        if self._terms is None:
            self._terms = list(self.vocabulary_)  # columns were numbered in insertion order
        terms = [self._terms[c] for c in cols.tolist()]
        title = self._doc_titles[ordinal] if self.include_title and self._doc_titles[ordinal] else ""
        paragraph_counts = Counter((self.analyzer_(title) if title else []) + self.analyzer_(self._row_text[row]))
        out = frame(
            EXPLAIN_SCHEMA,
            {
                "term": np.array(terms, dtype=object),
                "query_weight": weights,
                "doc_weight": doc_weights,
                "contribution": contributions,
                "share": contributions / contributions.sum(),
                "n_in_query": n_query,
                "n_in_paragraph": np.array([paragraph_counts[t] for t in terms], dtype=np.int64),
                "idf": self.idf_[cols],
            },
        )
        return out.sort_values(["contribution", "term"], ascending=[False, True], ignore_index=True)

    def stats(self, queries: Iterable[str] | pd.Series | pd.DataFrame | None = None) -> pd.DataFrame:
        """Summarise the index (and, optionally, how well it covers a set of queries).

        Parameters
        ----------
        queries : iterable of str, Series, DataFrame with a ``text`` column, or None, default=None
            Queries to check against the vocabulary.

        Returns
        -------
        pandas.DataFrame
            One row: ``n_documents``, ``n_empty_documents`` (documents without any paragraph),
            ``n_paragraphs``, ``vocabulary_size``, ``n_nonzeros`` (stored weights),
            ``terms_per_paragraph_p50/p90/p99/max`` (NaN without paragraphs), ``memory_size_bytes``
            (sparse matrix, per-paragraph arrays and the vocabulary; not the paragraph texts),
            ``n_queries`` (0 without queries), ``zero_hit_query_rate`` (share of queries none of whose
            terms is in the vocabulary, so that they find nothing) and ``missing_query_term_share``
            (share of all query terms, repeats counted, that are not in the vocabulary); the last two
            are NaN without queries. A high value of either means the analyzer does not fit the
            language (for example a word analyzer on Chinese).
        """
        self._check_fitted("stats")
        lengths = self._lengths
        if len(lengths):
            p50, p90, p99 = np.percentile(lengths, [50, 90, 99])
            longest = float(lengths.max())
        else:
            p50 = p90 = p99 = longest = float("nan")
        matrix = self.matrix_
        arrays = (
            matrix.data,
            matrix.indices,
            matrix.indptr,
            self.idf_,
            self._lengths,
            self._row_doc,
            self._row_paragraph,
            self._doc_ptr,
        )
        memory = sum(a.nbytes for a in arrays) + sys.getsizeof(self.vocabulary_)
        memory += sum(sys.getsizeof(term) for term in self.vocabulary_)
        n_queries, zero_rate, missing_share = 0, float("nan"), float("nan")
        if queries is not None:
            texts = _query_texts(queries)
            n_queries = len(texts)
            vocabulary = self.vocabulary_
            zero_hits = n_tokens = n_missing = 0
            for text in texts:
                terms = self.analyzer_(text)
                missing = sum(1 for t in terms if t not in vocabulary)
                n_tokens += len(terms)
                n_missing += missing
                zero_hits += missing == len(terms)
            zero_rate = zero_hits / n_queries if n_queries else float("nan")
            missing_share = n_missing / n_tokens if n_tokens else float("nan")
        values = {
            "n_documents": self.n_documents_,
            "n_empty_documents": int(np.sum(np.diff(self._doc_ptr) == 0)),
            "n_paragraphs": matrix.shape[0],
            "vocabulary_size": len(self.vocabulary_),
            "n_nonzeros": matrix.nnz,
            "terms_per_paragraph_p50": p50,
            "terms_per_paragraph_p90": p90,
            "terms_per_paragraph_p99": p99,
            "terms_per_paragraph_max": longest,
            "memory_size_bytes": memory,
            "n_queries": n_queries,
            "zero_hit_query_rate": zero_rate,
            "missing_query_term_share": missing_share,
        }
        return frame(STATS_SCHEMA, {name: [value] for name, value in values.items()})


def _query_texts(queries: Iterable[str] | pd.Series | pd.DataFrame) -> list[str]:
    """The query strings of a list, a Series or a DataFrame with a ``text`` column."""
    import pandas as pd

    if isinstance(queries, pd.DataFrame):
        if "text" not in queries.columns:
            raise InvalidParameterError(
                "The 'queries' parameter of stats must have a 'text' column when it is a DataFrame. "
                f"Got columns {list(queries.columns)} instead."
            )
        queries = queries["text"]
    if isinstance(queries, str):
        raise InvalidParameterError(
            "The 'queries' parameter of stats must be a collection of str (wrap a single query in a "
            f"list). Got {queries!r} instead."
        )
    texts = list(queries)
    for position, text in enumerate(texts):
        if not isinstance(text, str):
            raise InvalidParameterError(
                f"The 'queries' parameter of stats must hold str. Got {text!r} at position {position}."
            )
    return texts


def _checked_documents(documents: Iterable[Document]) -> list[Document]:
    """``documents`` as a list sorted by id, after checking their types and that ids are unique."""
    docs = list(documents)
    for position, doc in enumerate(docs):
        if not isinstance(doc, Document):
            raise InvalidParameterError(
                "The 'documents' parameter of fit must be an iterable of kit.Document. "
                f"Got {type(doc).__name__} at position {position} instead."
            )
        for field in ("id", "title", "text"):
            if not isinstance(getattr(doc, field), str):
                raise InvalidParameterError(
                    f"documents[{position}].{field} must be a str. Got {getattr(doc, field)!r} instead."
                )
    seen: set[str] = set()
    for doc in docs:
        if doc.id in seen:
            raise DuplicateDocumentError(
                f"Document id {doc.id!r} occurs more than once in the documents given to fit; "
                "ids must be unique because they address paragraphs."
            )
        seen.add(doc.id)
    docs.sort(key=lambda d: d.id)
    return docs
