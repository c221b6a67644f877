"""Re-ingesting guide quests into the shared database (the design's "FTB 重新收录").

:func:`reload` rewrites only the ``system:ftb_guides`` table of the save's shared database: one
document per guide quest and language, guides that disappeared or no longer match the rule are
removed. As the design says (当前缓存语言、在线玩家语言和 FTB 回退语言一起处理), it processes the languages
already cached in the table together with the asked (online players') languages and the book's
fallback, so no cached language is left stale; a table key that is not a language code is dropped.
Any other language is built on its first query (:func:`ensure_language`, called by
``kit.ask(..., quest_book=...)``). Player databases, other shared tables and FTB's own quest state
are never touched.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING

from kit.ftb.errors import ReloadBusyError
from kit.ftb.guides import DEFAULT_GUIDE_RULE, GuideRule, guide_documents, guide_ids, quest_id_of
from kit.saves.tables import FTB_GUIDES, InvalidLanguageError, check_language

if TYPE_CHECKING:
    import pandas as pd

    from kit.core.document import Document
    from kit.ftb.model import QuestBook
    from kit.saves.database import AgentDatabase
    from kit.saves.save import Save

__all__ = ["reload", "reload_languages", "ensure_language", "RELOAD_SCHEMA", "ALL_LANGUAGES", "ReloadBusyError"]

#: The ``language`` of the report row that counts distinct quest ids over all languages.
ALL_LANGUAGES = "*"

_BUSY_GUARD = threading.Lock()
_BUSY: dict[str, threading.Lock] = {}


def _reload_lock(key: str) -> threading.Lock:
    with _BUSY_GUARD:
        return _BUSY.setdefault(key, threading.Lock())


RELOAD_SCHEMA = dict(
    language="string",
    status="string",
    is_fallback="bool",
    n_guides="int64",
    n_added="int64",
    n_updated="int64",
    n_removed="int64",
    n_unchanged="int64",
)


def reload_languages(
    book: QuestBook, languages: Iterable[str] | None = None, *, cached: Iterable[str] = ()
) -> list[str]:
    """The languages a reload processes: those asked for, those ``cached`` in the table already (keys that are
    not language codes are left out) and the book's fallback locale, sorted.

    Raises
    ------
    InvalidLanguageError
        For an asked code that is not of the game's form (``zh_cn``).
    """
    if isinstance(languages, str):
        languages = [languages]
    asked = {check_language(language) for language in (languages or ())}
    kept = {language for language in cached if _is_language(language)}
    return sorted(asked | kept | {book.fallback_locale})


def _is_language(code: str) -> bool:
    try:
        check_language(code)
    except InvalidLanguageError:
        return False
    return True


def reload(
    save: Save,
    book: QuestBook,
    *,
    languages: Iterable[str] | None = None,
    rule: GuideRule = DEFAULT_GUIDE_RULE,
) -> pd.DataFrame:
    """Re-ingest the book's guide quests into ``system:ftb_guides`` and rebuild its search indexes.

    Parameters
    ----------
    save : Save
        The opened save (:func:`kit.open_save`); only its shared database is written.
    book : QuestBook
        The quest book as currently loaded (:func:`kit.ftb.read_quest_book`).
    languages : iterable of str, optional
        Languages to (re)build, for example the online players' languages. The languages already in the
        table and the book's fallback locale are always rebuilt with them (table keys that are not language
        codes are removed).
    rule : GuideRule, default=DEFAULT_GUIDE_RULE
        Which quests are guides.

    Raises
    ------
    ReloadBusyError
        When another reload of the same save is running in this process (try again afterwards).
    InvalidLanguageError
        For a malformed language code.

    Returns
    -------
    DataFrame
        Columns ``language, status`` (``"processed"``, or ``"dropped"`` for a table key that is not a
        language code), ``is_fallback, n_guides``
        (documents now stored), ``n_added, n_updated, n_removed, n_unchanged``, counted by distinct
        quest id. One row per language (sorted), then a row with language ``"*"`` counting distinct
        quest ids over all languages (a quest added in one language and updated in another counts once
        in each column).
    """
    asked = reload_languages(book, languages)
    db = save.databases.shared()
    lock = _reload_lock(str(db.path.resolve()))
    if not lock.acquire(blocking=False):
        raise ReloadBusyError(f"{db.path}: a reload of the FTB guides is already running; try again when it ends")
    try:
        return _reload(db, book, asked, rule)
    finally:
        lock.release()


def ensure_language(save: Save, book: QuestBook, language: str) -> bool:
    """Build the guides of a language missing from ``system:ftb_guides`` (its first query); True when built.

    The guides are the quests already in the table in any language (so the rule of the last reload holds),
    or the default rule's when the table is empty; only this language's key is written. A language in the
    table is left as it is (a reload refreshes it). Waits for a running reload of the same save.

    Raises
    ------
    InvalidLanguageError
        For a code that is not of the game's form.
    """
    check_language(language)
    db = save.databases.shared()
    if language in db.entries(FTB_GUIDES):
        return False
    lock = _reload_lock(str(db.path.resolve()))
    with lock:
        current = db.entries(FTB_GUIDES)
        if language in current:  # built meanwhile
            return False
        known = {quest_id_of(doc.id) for docs in current.values() for doc in docs}
        ids = sorted(known & set(book.quest_by_id)) if known else guide_ids(book)
        db.put(FTB_GUIDES, language, guide_documents(book, language, quest_ids=ids))
        return True


def _reload(db: AgentDatabase, book: QuestBook, asked: list[str], rule: GuideRule) -> pd.DataFrame:
    from kit.core.frames import frame

    old: dict[str, list[Document]] = db.entries(FTB_GUIDES)
    processed = reload_languages(book, asked, cached=old)
    ids = guide_ids(book, rule=rule)
    new = {language: guide_documents(book, language, rule=rule, quest_ids=ids) for language in processed}

    rows: list[dict[str, object]] = []
    totals: dict[str, set[str]] = {k: set() for k in ("n_guides", "n_added", "n_updated", "n_removed", "n_unchanged")}
    for language in sorted(set(processed) | set(old)):
        before = {doc.id: doc for doc in old.get(language, [])}
        after = {doc.id: doc for doc in new.get(language, [])}
        counts = {
            "n_guides": set(after),
            "n_added": set(after) - set(before),
            "n_updated": {i for i in set(after) & set(before) if after[i] != before[i]},
            "n_removed": set(before) - set(after),
            "n_unchanged": {i for i in set(after) & set(before) if after[i] == before[i]},
        }
        row: dict[str, object] = dict(
            language=language,
            status="processed" if language in new else "dropped",
            is_fallback=language == book.fallback_locale,
        )
        for key, found in counts.items():
            quest_ids = {quest_id_of(i) for i in found}
            row[key] = len(quest_ids)
            totals[key] |= quest_ids
        rows.append(row)
    total: dict[str, object] = dict(language=ALL_LANGUAGES, status="total", is_fallback=False)
    total.update({key: len(found) for key, found in totals.items()})
    rows.append(total)

    if new != old:
        db.replace(FTB_GUIDES, new)
    for language in processed:
        db.prepare_index(FTB_GUIDES, language)
    return frame(RELOAD_SCHEMA, rows)
