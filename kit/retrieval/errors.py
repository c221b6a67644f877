"""The exceptions :mod:`kit.retrieval` raises (all derive from :class:`kit.core.errors.KitError`)."""

from __future__ import annotations

from kit.core.errors import InvalidParameterError, KitError

__all__ = [
    "NotFittedError",
    "InvalidParameterError",
    "DuplicateDocumentError",
    "UnknownParagraphError",
    "MissingDependencyError",
    "MetricError",
    "RunFormatError",
    "BeirReadError",
    "BeirFormatError",
]


class NotFittedError(KitError, ValueError, AttributeError):
    """An index was used (``search``, ``explain``, ``stats``) before ``fit`` was called.

    Derives from ``ValueError`` and ``AttributeError`` like scikit-learn's ``NotFittedError``.
    """


class DuplicateDocumentError(KitError, ValueError):
    """Two documents given to ``fit`` share one id (ids address paragraphs, so they must be unique)."""


class UnknownParagraphError(KitError, LookupError):
    """``explain`` was asked about a document id or paragraph index the index does not hold."""


class MissingDependencyError(KitError, ImportError):
    """An optional package (for example ``jieba``) is needed for the chosen setting but not installed."""


class MetricError(KitError, ValueError):
    """A metric name does not parse (known forms: ``ndcg@10``, ``mrr@10``, ``recall@100``, ...)."""


class RunFormatError(KitError, ValueError):
    """A run or qrels table lacks a column or repeats a ``(query_id, doc_id)`` pair."""


class BeirReadError(KitError, OSError):
    """A BEIR-layout folder or one of its files could not be read."""


class BeirFormatError(KitError, ValueError):
    """A line of a BEIR-layout file does not have the expected fields; the message names file and line."""
