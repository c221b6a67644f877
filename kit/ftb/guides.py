"""Which quests are guides, and their text as documents for ``system:ftb_guides``.

The rule (format note, section 2.6): explanatory quests are those whose tasks are only
``checkmark`` tasks, or that have no tasks, and that carry a description. It is a visible,
tunable :class:`GuideRule`; :data:`DEFAULT_GUIDE_RULE` is::

    GuideRule(task_types=("checkmark",), allow_no_tasks=True, min_description_chars=40,
              long_description_chars=None)

``min_description_chars`` is measured on the cleaned description (markup, images and format codes
removed) in the language where it is longest, so a Chinese-first pack is judged by its Chinese text.
Set ``long_description_chars`` (for example 600) to also count any quest with that much description
(item quests that explain things), whatever its tasks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kit.core.document import Document
from kit.ftb.errors import GuideRuleError

if TYPE_CHECKING:
    import pandas as pd

    from kit.ftb.model import QuestBook

__all__ = [
    "GuideRule",
    "DEFAULT_GUIDE_RULE",
    "GUIDE_ID_PREFIX",
    "guide_id",
    "quest_id_of",
    "guide_quests",
    "guide_ids",
    "guide_documents",
    "guides_per_chapter",
    "GUIDE_SCHEMA",
    "PER_CHAPTER_SCHEMA",
]

#: Document ids of guides are ``"ftb:" + quest_id``.
GUIDE_ID_PREFIX = "ftb:"

GUIDE_SCHEMA = dict(
    quest_id="string",
    chapter_id="string",
    shape="string",
    n_tasks="int64",
    description_chars="int64",
    longest_language="string",
    is_guide="bool",
    reason="string",
)
PER_CHAPTER_SCHEMA = dict(
    chapter_id="string",
    chapter_title="string",
    language="string",
    n_quests="int64",
    n_guides="int64",
    n_guides_with_text="int64",
    n_guides_translated="int64",
)


__all__.append("GuideRuleError")


@dataclass(frozen=True)
class GuideRule:
    """Which quests count as guides.

    Parameters
    ----------
    task_types : tuple of str, default=("checkmark",)
        A quest qualifies by shape when every task is one of these types.
    allow_no_tasks : bool, default=True
        A quest without tasks qualifies by shape.
    min_description_chars : int, default=40
        A quest of that shape is a guide when its cleaned description has at least this many
        characters in some language.
    long_description_chars : int or None, default=None
        When set, any quest whose description reaches this length is a guide too.
    """

    task_types: tuple[str, ...] = ("checkmark",)
    allow_no_tasks: bool = True
    min_description_chars: int = 40
    long_description_chars: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.min_description_chars, int) or self.min_description_chars < 0:
            raise GuideRuleError(
                f"The 'min_description_chars' parameter of GuideRule must be an int in the range [0, inf). "
                f"Got {self.min_description_chars!r} instead."
            )
        if self.long_description_chars is not None and (
            not isinstance(self.long_description_chars, int) or self.long_description_chars < 1
        ):
            raise GuideRuleError(
                f"The 'long_description_chars' parameter of GuideRule must be None or an int in the range "
                f"[1, inf). Got {self.long_description_chars!r} instead."
            )
        if isinstance(self.task_types, str):
            raise GuideRuleError(
                f"The 'task_types' parameter of GuideRule must be a tuple of task types. "
                f"Got the string {self.task_types!r} instead."
            )


DEFAULT_GUIDE_RULE = GuideRule()


def guide_id(quest_id: str) -> str:
    """The guide document id of a quest: ``"ftb:" + quest_id``."""
    return GUIDE_ID_PREFIX + quest_id


def quest_id_of(document_id: str) -> str:
    """The quest id inside a guide document id."""
    return document_id[len(GUIDE_ID_PREFIX) :] if document_id.startswith(GUIDE_ID_PREFIX) else document_id


def _shape(book: QuestBook, quest_id: str, rule: GuideRule) -> str:
    quest = book.quest_by_id[quest_id]
    if not quest.task_ids:
        return "no_tasks"
    types = {book.task_by_id[t].type for t in quest.task_ids}
    if types <= set(rule.task_types):
        return "+".join(sorted(types)) + "_only"
    return "other"


def _judge(book: QuestBook, quest_id: str, rule: GuideRule, languages: list[str]) -> dict[str, object]:
    """One row of :func:`guide_quests` without the chapter id (pure)."""
    shape = _shape(book, quest_id, rule)
    best, best_language = 0, ""
    for language in languages:
        n = len(book.text(quest_id, "quest_desc", language))
        if n > best:
            best, best_language = n, language
    by_shape = shape != "other" and (shape != "no_tasks" or rule.allow_no_tasks)
    if by_shape and best >= rule.min_description_chars and best > 0:
        is_guide, reason = True, f"{shape}, description {best} >= {rule.min_description_chars} chars"
    elif rule.long_description_chars is not None and best >= rule.long_description_chars:
        is_guide, reason = True, f"description {best} >= {rule.long_description_chars} chars"
    elif by_shape:
        is_guide, reason = False, f"{shape}, description {best} < {max(rule.min_description_chars, 1)} chars"
    else:
        is_guide, reason = False, "has other tasks" if shape == "other" else "no tasks not allowed"
    return dict(
        quest_id=quest_id,
        shape=shape,
        n_tasks=len(book.quest_by_id[quest_id].task_ids),
        description_chars=best,
        longest_language=best_language,
        is_guide=is_guide,
        reason=reason,
    )


def guide_quests(book: QuestBook, *, rule: GuideRule = DEFAULT_GUIDE_RULE) -> pd.DataFrame:
    """Apply the guide rule to every quest.

    Returns
    -------
    DataFrame
        One row per quest (book order). Columns ``quest_id, chapter_id, shape`` (``"no_tasks"``,
        ``"checkmark_only"`` or ``"other"``), ``n_tasks, description_chars`` (longest cleaned description
        over the book's languages), ``longest_language, is_guide, reason`` (why it is or is not a guide).
    """
    from kit.core.frames import frame

    languages = book.language_codes or [book.fallback_locale]
    rows = [
        dict(_judge(book, quest_id, rule, languages), chapter_id=chapter.chapter_id)
        for chapter in book.chapter_by_id.values()
        for quest_id in chapter.quest_ids
    ]
    return frame(GUIDE_SCHEMA, rows)


def guide_ids(book: QuestBook, *, rule: GuideRule = DEFAULT_GUIDE_RULE) -> list[str]:
    """Quest ids of the guides, sorted (the quests :func:`guide_quests` marks ``is_guide``)."""
    languages = book.language_codes or [book.fallback_locale]
    return sorted(
        quest_id
        for chapter in book.chapter_by_id.values()
        for quest_id in chapter.quest_ids
        if _judge(book, quest_id, rule, languages)["is_guide"]
    )


def guide_document(book: QuestBook, quest_id: str, language: str) -> Document | None:
    """The document of one guide quest in ``language`` (fallback applied); None when it has no description there.

    ``title`` is the quest title (else its subtitle, else the quest id); ``text`` is the subtitle and the
    description separated by a blank line; tags are ``("ftb", <chapter file name>)``.
    """
    description = book.text(quest_id, "quest_desc", language)
    if not description:
        return None
    title = book.text(quest_id, "title", language)
    subtitle = book.text(quest_id, "quest_subtitle", language)
    text = f"{subtitle}\n\n{description}" if subtitle else description
    chapter = book.chapter_by_id[book.quest_by_id[quest_id].chapter_id]
    return Document(
        id=guide_id(quest_id), title=title or subtitle or quest_id, text=text, tags=("ftb", chapter.filename)
    )


def guide_documents(
    book: QuestBook, language: str, *, rule: GuideRule = DEFAULT_GUIDE_RULE, quest_ids: list[str] | None = None
) -> list[Document]:
    """Documents of the guides in ``language``, sorted by id (guides without text there are left out)."""
    ids = guide_ids(book, rule=rule) if quest_ids is None else sorted(quest_ids)
    docs = [guide_document(book, quest_id, language) for quest_id in ids]
    return [doc for doc in docs if doc is not None]


def guides_per_chapter(
    book: QuestBook, *, languages: list[str] | None = None, rule: GuideRule = DEFAULT_GUIDE_RULE
) -> pd.DataFrame:
    """Guide counts per chapter and language.

    Returns
    -------
    DataFrame
        Columns ``chapter_id, chapter_title`` (in that language), ``language, n_quests, n_guides,
        n_guides_with_text`` (a description after the fallback), ``n_guides_translated`` (the language's
        own description). Chapter display order, languages sorted.
    """
    from kit.core.frames import frame

    guides = guide_quests(book, rule=rule)
    by_chapter = guides[guides["is_guide"]].groupby("chapter_id")["quest_id"].apply(list).to_dict()
    rows = []
    for language in sorted(languages or book.language_codes or [book.fallback_locale]):
        for chapter in book.chapter_by_id.values():
            ids = by_chapter.get(chapter.chapter_id, [])
            rows.append(
                dict(
                    chapter_id=chapter.chapter_id,
                    chapter_title=book.text(chapter.chapter_id, "title", language),
                    language=language,
                    n_quests=len(chapter.quest_ids),
                    n_guides=len(ids),
                    n_guides_with_text=sum(bool(book.text(q, "quest_desc", language)) for q in ids),
                    n_guides_translated=sum(book.is_translated(q, "quest_desc", language) for q in ids),
                )
            )
    return frame(PER_CHAPTER_SCHEMA, rows)
