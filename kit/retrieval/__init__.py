"""Paragraph retrieval: a sparse TF-IDF / BM25 index over documents, and its evaluation.

Import explicitly (``import kit.retrieval``); it needs numpy, scipy and pandas, which ``import kit``
does not load.

- :class:`ParagraphIndex` - fit on ``kit.Document`` records, ``search``, ``explain``, ``stats``.
- :func:`split_paragraphs` - the paragraph splitting rules.
- :func:`make_analyzer` - the analyzers (``"default"``, ``"word"``, ``"char12"``, ``"jieba"``).
- :func:`load_beir`, :func:`evaluate`, :func:`summarize`, :func:`make_run`, :class:`Metric` -
  labelled collections and trec_eval-compatible metrics.
"""

from __future__ import annotations

from kit.retrieval.analyzers import LUCENE_ENGLISH_STOP_WORDS, make_analyzer
from kit.retrieval.beir import BeirCollection, load_beir
from kit.retrieval.errors import (
    BeirFormatError,
    BeirReadError,
    DuplicateDocumentError,
    InvalidParameterError,
    MetricError,
    MissingDependencyError,
    NotFittedError,
    RunFormatError,
    UnknownParagraphError,
)
from kit.retrieval.evaluation import DEFAULT_METRICS, Metric, evaluate, make_run, summarize
from kit.retrieval.index import ParagraphIndex
from kit.retrieval.paragraphs import DEFAULT_MAX_CHARS, split_paragraphs

__all__ = [
    "ParagraphIndex",
    "split_paragraphs",
    "make_analyzer",
    "load_beir",
    "BeirCollection",
    "evaluate",
    "summarize",
    "make_run",
    "Metric",
    "DEFAULT_METRICS",
    "DEFAULT_MAX_CHARS",
    "LUCENE_ENGLISH_STOP_WORDS",
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
