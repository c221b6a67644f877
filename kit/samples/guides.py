"""The text content of the embedded sample save: the "Aurora" server's knowledge, notes and guide quests.

Aurora is an invented modded survival server. Its game assistant keeps shared knowledge documents
(``system:knowledge``), per-player notes and private knowledge, FTB guide-quest texts
(``system:ftb_guides``) and quest background classes (``system:quest_backgrounds``). Everything here
is original text, generated deterministically from the fact tables in ``kit/samples/data/*.json`` by
the small template functions of this module: no randomness, no dependence on hash seeds.

Every table row carries its English and Chinese wording side by side (``phrase(en, zh)``), so the two
languages always hold the same document ids and the same facts. The text helpers and tables are in
:mod:`kit.samples._guide_text`, the shared knowledge pages in :mod:`kit.samples.guide_knowledge`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from kit.core.document import Document
from kit.samples._guide_text import (
    FTB_QUESTS,
    LANGUAGES,
    PLAYER_KNOWLEDGE,
    PLAYER_NOTES,
    QUESTIONS,
    Language,
    check_language,
    spaced,
    text_of,
)
from kit.samples.errors import UnknownSampleLanguageError, UnknownSamplePlayerError
from kit.samples.guide_knowledge import knowledge_documents

__all__ = [
    "LANGUAGES",
    "PLAYERS",
    "QUEST_BACKGROUND_CLASSES",
    "LabelledQuestion",
    "UnknownSampleLanguageError",
    "UnknownSamplePlayerError",
    "ftb_guides",
    "knowledge_documents",
    "labelled_questions",
    "player_knowledge",
    "player_notes",
    "quest_backgrounds",
]

#: The players of the sample save who own notes and private knowledge.
PLAYERS: tuple[str, ...] = ("alex", "mei", "sam")


@dataclass(frozen=True)
class LabelledQuestion:
    """A player question with the documents that answer it (for retrieval evaluation).

    Parameters
    ----------
    query_id : str
        ``"q001"`` ...; the English and Chinese phrasings of one question share it, so
        ``(language, query_id)`` is the unique key.
    language : str
        ``"en_us"`` or ``"zh_cn"``; the language of ``question`` and of the documents searched.
    question : str
        The question as a player would type it.
    relevant_ids : tuple of str
        The 1-3 document ids that answer it.
    scope : str
        Where those documents live: ``"shared"`` (the shared knowledge table), ``"player:<name>"``
        (that player's private knowledge) or ``"ftb"`` (the FTB guide table).
    """

    query_id: str
    language: str
    question: str
    relevant_ids: tuple[str, ...]
    scope: str


QUEST_BACKGROUND_CLASSES: tuple[str, ...] = (
    "building",
    "combat",
    "community",
    "economy",
    "exploration",
    "farming",
    "technology",
)


# ---------------------------------------------------------------------------------------------
# Public generators
# ---------------------------------------------------------------------------------------------


def _check_player(player: str, function: str) -> None:
    if player not in PLAYERS:
        raise UnknownSamplePlayerError(
            f"The 'player' parameter of {function} must be one of {', '.join(map(repr, PLAYERS))}. "
            f"Got {player!r} instead."
        )


def _quest_id(slug: str) -> str:
    """The FTB quest id of a guide quest: 16 upper-case hex digits derived from its slug."""
    return hashlib.sha256(f"aurora/ftb/{slug}".encode()).hexdigest()[:16].upper()


def _paragraphs_document(doc_id: str, row: dict[str, Any], language: str, tags: tuple[str, ...]) -> Document:
    return Document(
        id=doc_id,
        title=spaced(text_of(row["title"], language), language),
        text="\n\n".join(spaced(text_of(paragraph, language), language) for paragraph in row["paragraphs"]),
        tags=tags,
    )


def player_notes(player: str) -> dict[str, str]:
    """Return one player's private notes (a ``key -> text`` string table), keys in sorted order.

    Alex writes in English, Mei in Chinese and Sam in both.

    Raises
    ------
    UnknownSamplePlayerError
        If ``player`` is not one of :data:`PLAYERS`.
    """
    _check_player(player, "player_notes")
    return dict(sorted(PLAYER_NOTES[player]))


def player_knowledge(player: str, language: Language) -> list[Document]:
    """Return one player's private knowledge documents, sorted by id.

    Returns
    -------
    list of Document
        Six documents with ids ``"private/<player>/<slug>"``, 2-3 paragraphs each, tagged
        ``("private", player)``. No text appears in more than one player's documents.

    Raises
    ------
    UnknownSamplePlayerError, UnknownSampleLanguageError
        If ``player`` or ``language`` is not known.
    """
    _check_player(player, "player_knowledge")
    check_language(language, "player_knowledge")
    documents = [
        _paragraphs_document(f"private/{player}/{row['slug']}", dict(row), language, ("private", player))
        for row in PLAYER_KNOWLEDGE[player]
    ]
    return sorted(documents, key=lambda document: document.id)


def ftb_guides(language: Language) -> list[Document]:
    """Return the FTB guide-quest texts (``system:ftb_guides``), sorted by id.

    Returns
    -------
    list of Document
        One document per guide quest: id ``"ftb:<16-hex quest id>"``, the quest title, the
        description lines as paragraphs, tags ``("ftb", <chapter>)``.

    Raises
    ------
    UnknownSampleLanguageError
        If ``language`` is not one of :data:`LANGUAGES`.
    """
    check_language(language, "ftb_guides")
    documents = [
        _paragraphs_document(
            f"ftb:{_quest_id(str(row['slug']))}",
            dict(row, paragraphs=row["text"]),
            language,
            ("ftb", str(row["chapter"])),
        )
        for row in FTB_QUESTS
    ]
    return sorted(documents, key=lambda document: document.id)


def quest_backgrounds() -> dict[str, str]:
    """Return the background class of every guide quest (``system:quest_backgrounds``).

    Returns
    -------
    dict of str to str
        ``quest id -> class``, keys sorted. A quest id is the 16-hex FTB id (the guide document's
        id without its ``"ftb:"`` prefix); classes come from :data:`QUEST_BACKGROUND_CLASSES`.
    """
    return dict(sorted((_quest_id(str(row["slug"])), str(row["background"])) for row in FTB_QUESTS))


def _resolve(scope: str, doc_id: str) -> str:
    if scope == "ftb":
        return f"ftb:{_quest_id(doc_id)}"
    if scope.startswith("player:"):
        return f"private/{doc_id}"
    return doc_id


def labelled_questions(language: Language) -> list[LabelledQuestion]:
    """Return player questions labelled with the documents that answer them, sorted by query id.

    Returns
    -------
    list of LabelledQuestion
        53 questions: 38 answered by shared knowledge, 8 by one player's private knowledge
        (scope ``"player:<name>"``) and 7 by FTB guides (scope ``"ftb"``). The same ``query_id``
        is used for the English and Chinese phrasing of a question.

    Raises
    ------
    UnknownSampleLanguageError
        If ``language`` is not one of :data:`LANGUAGES`.
    """
    check_language(language, "labelled_questions")
    return [
        LabelledQuestion(
            query_id=query_id,
            language=language,
            question=zh if language == "zh_cn" else en,
            relevant_ids=tuple(_resolve(scope, doc_id) for doc_id in ids),
            scope=scope,
        )
        for query_id, scope, ids, en, zh in sorted(QUESTIONS)
    ]
