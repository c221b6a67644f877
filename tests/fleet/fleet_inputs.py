"""Helpers of the fleet tests: single-save reference readers and the chat options of the generated corpus."""

from __future__ import annotations

import pandas as pd

import kit
from kit.core.frames import pandas_dtype
from kit.samples.fleet import CHARACTER_BOOKS

CHAT_OPTIONS = {"character_books": CHARACTER_BOOKS, "global_book_ids": ["aetheria", "starport_nyx"]}


def as_schema(df: pd.DataFrame, schema: dict) -> pd.DataFrame:
    """A single-save frame with the fleet frame's dtypes (text as pandas strings), in the same order."""
    return df[list(schema)].astype({c: pandas_dtype(d) for c, d in schema.items()}).reset_index(drop=True)


def reference_summary(item) -> pd.DataFrame:
    """What ``Save.summary()`` gives for one fleet save, with ``save_id`` in front."""
    with kit.open_save(item.path) as save:
        return save.summary().assign(save_id=item.save_id)


def sample_collections() -> dict:
    """The sample save's shared knowledge and its labelled shared questions, per language, as collections."""
    from kit.retrieval import BeirCollection
    from kit.samples import guides

    collections = {}
    for language in ("en_us", "zh_cn"):
        items = [q for q in guides.labelled_questions(language) if q.scope == "shared"]
        queries = pd.DataFrame({"query_id": [q.query_id for q in items], "text": [q.question for q in items]})
        qrels = pd.DataFrame(
            [(q.query_id, d, 1) for q in items for d in q.relevant_ids], columns=["query_id", "doc_id", "relevance"]
        ).sort_values(["query_id", "doc_id"], ignore_index=True)
        collections[language] = BeirCollection(language, guides.knowledge_documents(language), queries, qrels)
    return collections
