"""Is the stored guide text still the book's? The design's re-check of "实际内容" before a guide is served.

``system:ftb_guides`` holds each guide as it was when it was ingested (:func:`kit.ftb.reload`). When the quest
book changes afterwards (a quest's title, subtitle or description edited, a quest deleted or emptied), the
stored text is stale until the next reload. :func:`guide_freshness` compares the stored documents with the
ones the current book gives; the question flow (:class:`kit.ftb.QuestGuides`) withholds stale guides and
warns (:class:`kit.ftb.StaleGuideWarning`) instead of serving old text.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from kit.ftb.guides import guide_document, quest_id_of
from kit.saves.tables import FTB_GUIDES, check_language

if TYPE_CHECKING:
    import pandas as pd

    from kit.core.document import Document
    from kit.ftb.model import QuestBook
    from kit.saves.save import Save

__all__ = ["GUIDE_FRESHNESS_SCHEMA", "guide_freshness", "compare_guides", "stale_guide_ids"]

#: Columns (and dtypes) of :func:`guide_freshness`.
GUIDE_FRESHNESS_SCHEMA = dict(
    doc_id="string", quest_id="string", language="string", status="string", is_stale="bool", reason="string"
)


def _status(stored: Document, book: QuestBook, language: str) -> tuple[str, str]:
    """``(status, reason)`` of one stored guide document against the book."""
    quest_id = quest_id_of(stored.id)
    if quest_id not in book.quest_by_id:
        return "removed", "the quest is no longer in the book"
    current = guide_document(book, quest_id, language)
    if current is None:
        return "removed", f"the quest has no description in {language} any more"
    changed = [name for name in ("title", "text") if getattr(current, name) != getattr(stored, name)]
    if changed:
        return "changed", f"the quest's {' and '.join(changed)} changed since ingestion"
    return "current", ""


def compare_guides(stored: Iterable[Document], book: QuestBook, language: str) -> list[dict[str, object]]:
    """Rows of :data:`GUIDE_FRESHNESS_SCHEMA` for stored guide documents of one language (pure, no file access)."""
    rows = []
    for doc in stored:
        status, reason = _status(doc, book, language)
        rows.append(
            dict(
                doc_id=doc.id,
                quest_id=quest_id_of(doc.id),
                language=language,
                status=status,
                is_stale=status != "current",
                reason=reason,
            )
        )
    return rows


def stale_guide_ids(save: Save, book: QuestBook, language: str, guide_ids: Iterable[str]) -> dict[str, str]:
    """``doc_id -> reason`` for those of ``guide_ids`` whose stored text in ``language`` no longer matches the book.

    Ids that are not stored in that language are left out (there is nothing to serve).
    """
    wanted = set(guide_ids)
    stored = [doc for doc in save.databases.shared().get(FTB_GUIDES, language) or [] if doc.id in wanted]
    return {str(row["doc_id"]): str(row["reason"]) for row in compare_guides(stored, book, language) if row["is_stale"]}


def guide_freshness(save: Save, book: QuestBook, *, languages: Iterable[str] | None = None) -> pd.DataFrame:
    """Compare every stored guide in ``system:ftb_guides`` with the current quest book.

    Parameters
    ----------
    save : Save
        The opened save; only its shared database is read.
    book : QuestBook
        The quest book as it is now (:func:`kit.ftb.read_quest_book`).
    languages : iterable of str, optional
        The languages to check (default: every language stored in the table).

    Returns
    -------
    DataFrame
        One row per stored guide document and language: ``doc_id``, ``quest_id``, ``language``, ``status``
        (``"current"``; ``"changed"``: the quest's title or text differs from what was ingested;
        ``"removed"``: the quest is gone or has no description in that language any more), ``is_stale``
        (not ``current``: the question flow withholds it until :func:`kit.ftb.reload`), ``reason``.
        Sorted by language, then doc id.
    """
    from kit.core.frames import frame

    stored = save.databases.shared().entries(FTB_GUIDES)
    wanted = sorted(stored) if languages is None else sorted({check_language(code) for code in languages})
    rows = []
    for language in wanted:
        rows += compare_guides(sorted(stored.get(language, []), key=lambda d: d.id), book, language)
    return frame(GUIDE_FRESHNESS_SCHEMA, rows)
