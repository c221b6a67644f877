"""Reading a labelled retrieval collection in the BEIR layout.

A BEIR folder holds ``corpus.jsonl`` (one JSON object per line with ``_id``, ``title``, ``text``),
``queries.jsonl`` (``_id``, ``text``) and ``qrels/<split>.tsv`` (a header line, then
``query-id <TAB> corpus-id <TAB> score``). Extra JSON fields (``metadata``) are ignored.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kit.core.document import Document
from kit.core.frames import frame
from kit.retrieval._frames import QRELS_SCHEMA, QUERIES_SCHEMA
from kit.retrieval.errors import BeirFormatError, BeirReadError

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["BeirCollection", "load_beir"]


@dataclass(frozen=True)
class BeirCollection:
    """A labelled collection: documents, queries and relevance judgments.

    Attributes
    ----------
    name : str
        The folder name (``"scifact"``).
    corpus : list of kit.Document
        The documents in file order, ready for :meth:`kit.retrieval.ParagraphIndex.fit`
        (``Document(id=_id, title=title, text=text)``).
    queries : pandas.DataFrame
        Columns ``query_id, text``: the queries that have at least one judgment in the split, in file order.
    qrels : pandas.DataFrame
        Columns ``query_id, doc_id, relevance`` (int), sorted by ``query_id`` then ``doc_id``.
    """

    name: str
    corpus: list[Document]
    queries: pd.DataFrame
    qrels: pd.DataFrame

    def __repr__(self) -> str:
        return (
            f"BeirCollection(name={self.name!r}, documents={len(self.corpus)}, "
            f"queries={len(self.queries)}, judgments={len(self.qrels)})"
        )


def _read_jsonl(path: Path, fields: tuple[str, ...]) -> list[dict[str, str]]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise BeirReadError(
            f"{path}: file not found (a BEIR folder needs corpus.jsonl, queries.jsonl and qrels/<split>.tsv)"
        ) from None
    except (OSError, UnicodeDecodeError) as error:
        raise BeirReadError(f"{path}: cannot read ({error})") from error
    records = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise BeirFormatError(f"{path}, line {number}: not valid JSON ({error.msg})") from None
        if not isinstance(record, dict):
            raise BeirFormatError(f"{path}, line {number}: expected a JSON object")
        for field in fields:
            value = record.get(field, "" if field == "title" else None)
            if value is None:
                raise BeirFormatError(f"{path}, line {number}: field {field!r} is missing")
            if not isinstance(value, (str, int)):
                raise BeirFormatError(f"{path}, line {number}: field {field!r} must be a string")
            record[field] = str(value)
        records.append(record)
    return records


def load_beir(folder: str | os.PathLike[str], *, split: str = "test") -> BeirCollection:
    """Read a BEIR-layout folder.

    Parameters
    ----------
    folder : str or Path
        Folder with ``corpus.jsonl``, ``queries.jsonl`` and ``qrels/<split>.tsv``.
    split : str, default="test"
        Which qrels file to read.

    Returns
    -------
    BeirCollection
        ``corpus`` (list of :class:`kit.Document`), ``queries`` (``query_id, text``; only queries
        judged in the split, as BEIR's own loader does) and ``qrels`` (``query_id, doc_id, relevance``).
        All ids are strings, also when they look like numbers.

    Raises
    ------
    BeirReadError
        The folder or a file is missing or unreadable.
    BeirFormatError
        A line lacks a field, is not JSON, or a qrels row does not have three columns with an int score.
    """
    root = Path(folder)
    if not root.is_dir():
        raise BeirReadError(f"{root}: not a folder (expected a BEIR layout folder)")
    corpus = [
        Document(id=r["_id"], title=r["title"], text=r["text"])
        for r in _read_jsonl(root / "corpus.jsonl", ("_id", "title", "text"))
    ]
    query_records = _read_jsonl(root / "queries.jsonl", ("_id", "text"))

    qrels_path = root / "qrels" / f"{split}.tsv"
    try:
        lines = qrels_path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise BeirReadError(f"{qrels_path}: file not found (no qrels for split {split!r})") from None
    except (OSError, UnicodeDecodeError) as error:
        raise BeirReadError(f"{qrels_path}: cannot read ({error})") from error
    judged: dict[tuple[str, str], int] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip() or (number == 1 and line.lower().startswith("query-id")):
            continue
        parts = line.split("\t") if "\t" in line else line.split()
        if len(parts) != 3:
            raise BeirFormatError(
                f"{qrels_path}, line {number}: expected 3 columns (query-id, corpus-id, score), got {len(parts)}"
            )
        try:
            relevance = int(parts[2])
        except ValueError:
            raise BeirFormatError(f"{qrels_path}, line {number}: score {parts[2]!r} is not an integer") from None
        judged[(parts[0].strip(), parts[1].strip())] = relevance
    pairs = sorted(judged.items())
    qrels = frame(
        QRELS_SCHEMA,
        {
            "query_id": [q for (q, _), _ in pairs],
            "doc_id": [d for (_, d), _ in pairs],
            "relevance": [r for _, r in pairs],
        },
    )
    judged_queries = {q for q, _ in judged}
    kept = [r for r in query_records if r["_id"] in judged_queries]
    queries = frame(QUERIES_SCHEMA, {"query_id": [r["_id"] for r in kept], "text": [r["text"] for r in kept]})
    return BeirCollection(name=root.resolve().name, corpus=corpus, queries=queries, qrels=qrels)
