"""The question flow with FTB guides: :func:`ask` (``kit.ask``) and :class:`QuestGuides`.

The flow itself lives one layer down (:func:`kit.saves.knowledge.ask`: player and shared knowledge, then the
guides). What it needs from FTB is declared there as a contract, :class:`kit.core.contracts.GuideSource`
(the design's ``ftb.guide`` tool); :class:`QuestGuides` provides it for a quest book and a guide rule:

- which guides the player's team may read (quest visibility, :func:`kit.ftb.visible_guides`);
- the guides of a language not yet ingested, built on its first query (:func:`kit.ftb.ensure_language`);
- before a guide paragraph is returned, its stored text re-checked against the current book
  (:mod:`kit.ftb.freshness`): a stale guide is withheld with a :class:`kit.ftb.StaleGuideWarning`.

:func:`ask` is the one API (``kit.ask`` is this function); ``kit.ftb.ask_with_visibility`` is its
deprecated alias.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kit.core.errors import InvalidParameterError
from kit.ftb.errors import StaleGuideWarning
from kit.ftb.freshness import stale_guide_ids
from kit.ftb.guides import DEFAULT_GUIDE_RULE, GuideRule, guide_id
from kit.ftb.ingest import ensure_language
from kit.ftb.model import QuestBook
from kit.ftb.progress import Progress, TeamProgress, read_progress
from kit.ftb.visibility import visible_guides
from kit.saves import knowledge

if TYPE_CHECKING:
    import pandas as pd

    from kit.core.contracts import GuideSource
    from kit.saves.save import Save

__all__ = ["QuestGuides", "ask", "ask_with_visibility"]


@dataclass(frozen=True)
class QuestGuides:
    """A quest book's guides as the question flow sees them (a :class:`kit.core.contracts.GuideSource`).

    Parameters
    ----------
    book : QuestBook
        The quest book as currently loaded (:func:`kit.ftb.read_quest_book`).
    rule : GuideRule, default=DEFAULT_GUIDE_RULE
        Which quests are guides.
    """

    book: QuestBook
    rule: GuideRule = DEFAULT_GUIDE_RULE

    def __post_init__(self) -> None:
        if not isinstance(self.book, QuestBook):
            raise InvalidParameterError(
                f"The 'book' parameter of QuestGuides must be a QuestBook (kit.ftb.read_quest_book(path)). "
                f"Got {type(self.book).__name__} instead."
            )
        if not isinstance(self.rule, GuideRule):
            raise InvalidParameterError(
                f"The 'rule' parameter of QuestGuides must be a GuideRule. Got {type(self.rule).__name__} instead."
            )

    def readable_guide_ids(
        self, save: Save, player_uuid: str, *, progress: Progress | TeamProgress | None = None
    ) -> list[str]:
        """Guide document ids (``"ftb:<quest id>"``) the player's team may read; progress read from the save if None."""
        if progress is None:
            progress = read_progress(save)
        return [guide_id(q) for q in visible_guides(self.book, progress, player_uuid, rule=self.rule)]

    def ensure_guides(self, save: Save, language: str) -> bool:
        """Build the book's guides in ``language`` when ``system:ftb_guides`` lacks it (:func:`ensure_language`).

        Returns True when it wrote the language.
        """
        return ensure_language(save, self.book, language)

    def servable_guide_ids(self, save: Save, language: str, guide_ids: Iterable[str]) -> list[str]:
        """The ``guide_ids`` whose stored text in ``language`` still matches the book, in the order given.

        The others are withheld, and a :class:`kit.ftb.StaleGuideWarning` names each with the reason
        (run :func:`kit.ftb.reload` to ingest the current text); :func:`kit.ftb.guide_freshness` lists them all.
        """
        ids = list(guide_ids)
        stale = stale_guide_ids(save, self.book, language, ids)
        if stale:
            shown = "; ".join(f"{doc_id}: {reason}" for doc_id, reason in sorted(stale.items()))
            warnings.warn(
                f"{len(stale)} stored FTB guide(s) in {language} no longer match the quest book and were "
                f"not served ({shown}); run kit.ftb.reload(save, book) to ingest the current text",
                StaleGuideWarning,
                stacklevel=5,
            )
        return [doc_id for doc_id in ids if doc_id not in stale]


def ask(
    save: Save,
    player_uuid: str,
    question: str,
    *,
    language: str = "zh_cn",
    allowed_guide_ids: Iterable[str] | None = None,
    quest_book: QuestBook | GuideSource | None = None,
    progress: Progress | TeamProgress | None = None,
    rule: GuideRule = DEFAULT_GUIDE_RULE,
    **search: Any,
) -> pd.DataFrame:
    """Gather the paragraphs an assistant would answer ``question`` from, as the design's question flow does.

    Up to 5 paragraphs from the player's private knowledge, up to 5 from the shared knowledge (both
    ``system:knowledge``) and, when the readable guides are known, up to 5 from the FTB guides
    (``system:ftb_guides``) the player's team may read. With ``quest_book``, a language not yet ingested
    is built first, and each guide's stored text is re-checked against the book before it is returned: a
    guide whose quest text changed since ingestion is withheld with a :class:`kit.ftb.StaleGuideWarning`
    (see :func:`kit.ftb.guide_freshness`). Details: :func:`kit.saves.knowledge.ask`.

    Parameters
    ----------
    save : Save
        The opened save (:func:`kit.open_save`).
    player_uuid : str
        The asking player (canonical UUID).
    question : str
        The question text.
    language : str, default="zh_cn"
        The player's language.
    allowed_guide_ids : iterable of str or None, default=None
        Guide document ids (``"ftb:<quest id>"``) this player may read; with ``quest_book`` it only narrows.
    quest_book : QuestBook or GuideSource, optional
        The modpack's quest book (:func:`kit.ftb.read_quest_book`), or a ready
        :class:`~kit.core.contracts.GuideSource` such as :class:`QuestGuides`.
    progress : Progress or TeamProgress, optional
        Team progress (:func:`kit.ftb.read_progress`); read from the save when omitted.
    rule : GuideRule, default=DEFAULT_GUIDE_RULE
        Which quests are guides (used when ``quest_book`` is a QuestBook).
    **search
        Passed on to :func:`kit.saves.knowledge.ask` (its search settings).

    Returns
    -------
    DataFrame
        Columns ``scope`` ("player", "shared" or "ftb"), ``source`` (the table id), ``rank`` (within the
        scope, from 1), ``doc_id``, ``paragraph_index``, ``score``, ``title``, ``text``; player rows
        first, then shared, then FTB. Empty (same columns) when nothing matches.
    """
    guides = QuestGuides(quest_book, rule) if isinstance(quest_book, QuestBook) else quest_book
    return knowledge.ask(
        save,
        player_uuid,
        question,
        language=language,
        allowed_guide_ids=allowed_guide_ids,
        quest_book=guides,
        progress=progress,
        **search,
    )


def ask_with_visibility(
    save: Save,
    book: QuestBook,
    progress: Progress | TeamProgress,
    player_uuid: str,
    question: str,
    *,
    language: str = "zh_cn",
    rule: GuideRule = DEFAULT_GUIDE_RULE,
) -> pd.DataFrame:
    """Deprecated alias of :func:`kit.ask` with ``quest_book=book, progress=progress`` (kept for one release).

    Returns
    -------
    DataFrame
        The columns of :func:`kit.ask` (``scope, source, rank, doc_id, paragraph_index, score, title, text``).
    """
    warnings.warn(
        "kit.ftb.ask_with_visibility(save, book, progress, player, question) is deprecated; use "
        "kit.ask(save, player, question, quest_book=book, progress=progress)",
        DeprecationWarning,
        stacklevel=2,
    )
    return ask(save, player_uuid, question, language=language, quest_book=book, progress=progress, rule=rule)
