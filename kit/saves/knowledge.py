"""Question answering over a save's knowledge: per-database paragraph indexes and :func:`ask`.

Indexes are derived in memory, one per database, source (documents table) and language. Each is
tied to the exact database state it was built from: any write to the database publishes a new state,
so an index of an older state is never returned. Building reads a published snapshot and never holds
the database's write lock; ``background=True`` builds on a worker thread and returns a future.
"""

from __future__ import annotations

from collections.abc import Iterable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from kit.core.contracts import GuideSource
from kit.core.errors import InvalidParameterError
from kit.core.frames import frame
from kit.saves.handle import DEFAULT_WEIGHTING, Weighting
from kit.saves.tables import FTB_GUIDES, KNOWLEDGE, DatabaseTable, InvalidLanguageError, check_language

if TYPE_CHECKING:
    import pandas as pd

    from kit.core.document import Document
    from kit.retrieval import ParagraphIndex
    from kit.saves.database import AgentDatabase
    from kit.saves.save import Save

__all__ = ["prepare_index", "ask", "ASK_COLUMNS", "ASK_SCHEMA", "InvalidLanguageError", "PER_SCOPE_LIMIT"]

#: At most this many paragraphs come from each scope in :func:`ask`.
PER_SCOPE_LIMIT = 5
#: The columns of :func:`ask`'s frame.
#: Columns (and dtypes) of :func:`ask`: the scope, the table searched, then :meth:`ParagraphIndex.search`'s.
ASK_SCHEMA: dict[str, Any] = {
    "scope": "string", "source": "string", "rank": "int64", "doc_id": "string",
    "paragraph_index": "int64", "score": "float64", "title": "string", "text": "string",
}  # fmt: skip
ASK_COLUMNS = list(ASK_SCHEMA)


def prepare_index(
    db: AgentDatabase,
    source: str | DatabaseTable[list[Document]],
    language: str,
    *,
    background: bool = False,
    **settings: Any,
) -> ParagraphIndex | Future[ParagraphIndex]:
    """Deprecated forwarder of :meth:`kit.AgentDatabase.prepare_index` (kept for one release; it warns).

    The index belongs to the database: call ``db.prepare_index(source, language, ...)``.
    """
    import warnings

    warnings.warn(
        "kit.saves.prepare_index(db, ...) is deprecated and will be removed in the next release: "
        "use db.prepare_index(source, language, ...)",
        DeprecationWarning,
        stacklevel=2,
    )
    return db.prepare_index(source, language, background=background, **settings)


def ask(
    save: Save,
    player_uuid: str,
    question: str,
    *,
    language: str = "zh_cn",
    allowed_guide_ids: Iterable[str] | None = None,
    quest_book: GuideSource | None = None,
    progress: Any = None,
    weighting: Weighting = DEFAULT_WEIGHTING,
) -> pd.DataFrame:
    """Gather the paragraphs an assistant would answer ``question`` from, as the design's question flow does.

    This is the flow's knowledge step; :func:`kit.ask` is the one public entry point (it accepts a
    :class:`kit.ftb.QuestBook` and passes it here as a :class:`kit.ftb.QuestGuides`).

    Up to 5 paragraphs come from the player's private knowledge, up to 5 from the shared knowledge
    (both ``system:knowledge``), and, only when the readable guides are known, up to 5 from the FTB
    guides (``system:ftb_guides``) restricted to them, so that quest visibility is never bypassed.
    The readable guides are known when ``quest_book`` is given (a :class:`kit.core.contracts.GuideSource`:
    its :meth:`~kit.core.contracts.GuideSource.readable_guide_ids`) or when ``allowed_guide_ids`` lists
    them; with both, only guides allowed by both are searched. With ``quest_book``, a language missing from
    ``system:ftb_guides`` is built there first (:meth:`~kit.core.contracts.GuideSource.ensure_guides`), and
    every guide paragraph is re-checked against the current book before it is returned
    (:meth:`~kit.core.contracts.GuideSource.servable_guide_ids`): a guide whose text changed since
    ingestion is withheld and reported (a :class:`kit.ftb.StaleGuideWarning`), and the search is repeated
    without it. No other player's data is read, and there is no fallback to another language.

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
        Guide document ids (``"ftb:<quest id>"``) this player may read.
    quest_book : GuideSource, optional
        The FTB guides of the modpack's quest book (``kit.ftb.QuestGuides(book)``); enables visibility
        filtering and the re-check of guide text.
    progress : kit.ftb.Progress, optional
        Team progress (:func:`kit.ftb.read_progress`); read from the save when ``quest_book`` is given
        without it.
    weighting : {"tfidf", "bm25"}, default="tfidf"
        How paragraphs are ranked (:meth:`kit.AgentDatabase.search`); TF-IDF reproduces the design's server.

    Returns
    -------
    DataFrame
        Columns ``scope`` ("player", "shared" or "ftb"), ``source`` (the table id), ``rank`` (within the
        scope, from 1), ``doc_id``, ``paragraph_index``, ``score``, ``title``, ``text``; player rows
        first, then shared, then FTB. Empty (same columns) when nothing matches.

    Raises
    ------
    StorageError
        When a database cannot be read: a storage error is never reported as "no results".
    InvalidParameterError
        When ``quest_book`` is not a :class:`~kit.core.contracts.GuideSource`.
    """
    import pandas as pd

    _check_ask_arguments(save, player_uuid, question, language)
    if quest_book is not None:
        if not isinstance(quest_book, GuideSource):
            raise InvalidParameterError(
                "The 'quest_book' parameter of kit.saves.knowledge.ask must be a kit.core.contracts.GuideSource "
                f"(kit.ftb.QuestGuides(book)). Got {type(quest_book).__name__} instead; kit.ask accepts a "
                "kit.ftb.QuestBook directly."
            )
        readable = quest_book.readable_guide_ids(save, player_uuid, progress=progress)
        if allowed_guide_ids is not None:
            narrowed = set(allowed_guide_ids)
            readable = [g for g in readable if g in narrowed]
        allowed_guide_ids = readable
        quest_book.ensure_guides(save, language)  # a language not yet in system:ftb_guides is built on its first query
    dbs = save.databases
    searches: list[tuple[str, AgentDatabase, DatabaseTable[list[Document]], Any]] = [
        ("player", dbs.player(player_uuid), KNOWLEDGE, None),
        ("shared", dbs.shared(), KNOWLEDGE, None),
    ]
    frames = []
    for scope, db, table, allowed in searches:
        frames.append(_search(scope, db, table, language, question, allowed, weighting))
    if allowed_guide_ids is not None:
        frames.append(_search_guides(save, language, question, list(allowed_guide_ids), quest_book, weighting))
    result = pd.concat(frames, ignore_index=True)
    return frame(ASK_SCHEMA, {name: result[name].array for name in ASK_SCHEMA})


def _check_ask_arguments(save: object, player_uuid: object, question: object, language: object) -> None:
    """Raise InvalidParameterError naming the argument, what it got and what to pass."""
    from kit.saves.save import Save

    if not isinstance(save, Save):
        raise InvalidParameterError(
            f"The 'save' parameter of ask must be a Save, got {type(save).__name__} {save!r}: "
            "use kit.open_save(<save folder>)"
        )
    _require_str("player_uuid", player_uuid, "the player's UUID as a str")
    _require_str("question", question, "the question text")
    check_language(_require_str("language", language, "a game language code such as 'zh_cn'"))


def _require_str(name: str, value: object, what: str) -> str:
    """Return ``value`` when it is a str; otherwise raise InvalidParameterError naming the ``ask`` parameter."""
    if not isinstance(value, str):
        raise InvalidParameterError(
            f"The '{name}' parameter of ask must be a str ({what}). Got {type(value).__name__} {value!r} instead."
        )
    return value


def _search(
    scope: str,
    db: AgentDatabase,
    table: DatabaseTable[list[Document]],
    language: str,
    question: str,
    allowed: list[str] | None,
    weighting: Weighting = DEFAULT_WEIGHTING,
) -> pd.DataFrame:
    found = db.search(table, language, question, allowed_ids=allowed, limit=PER_SCOPE_LIMIT, weighting=weighting)
    found.insert(0, "source", table.id)
    found.insert(0, "scope", scope)
    return found


def _search_guides(
    save: Save,
    language: str,
    question: str,
    allowed: list[str],
    guides: GuideSource | None,
    weighting: Weighting = DEFAULT_WEIGHTING,
) -> pd.DataFrame:
    """The FTB scope: search the allowed guides; with ``guides``, withhold stale ones and search again without them."""
    db = save.databases.shared()
    while True:
        found = _search("ftb", db, FTB_GUIDES, language, question, allowed, weighting)
        if guides is None or found.empty:
            return found
        returned = list(dict.fromkeys(found["doc_id"]))
        servable = set(guides.servable_guide_ids(save, language, returned))
        withheld = {doc_id for doc_id in returned if doc_id not in servable}
        if not withheld:
            return found
        allowed = [doc_id for doc_id in allowed if doc_id not in withheld]
