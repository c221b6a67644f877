"""The quest book model: :class:`QuestBook` holds a parsed book's records and text, and reads them.

It imports none of the functions over it: :mod:`kit.ftb.loader` builds it (:func:`kit.ftb.read_quest_book`),
:mod:`kit.ftb.guides`, :mod:`kit.ftb.visibility`, :mod:`kit.ftb.progress` and :mod:`kit.ftb.ingest` take it
as an argument, and :mod:`kit.ftb.questions` connects it to the question flow.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kit.core.validation import nearest_names
from kit.ftb import lang as _lang
from kit.ftb.errors import QuestBookError, UnknownQuestError
from kit.ftb.records import Chapter, ChapterGroup, Quest, QuestLink, Reward, RewardTable, Task

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "QuestBook",
    "ERROR_KINDS",
    "CHAPTER_SCHEMA",
    "QUEST_SCHEMA",
    "TASK_SCHEMA",
    "REWARD_SCHEMA",
    "REWARD_TABLE_SCHEMA",
    "LINK_SCHEMA",
    "TEXT_SCHEMA",
    "LANGUAGE_SCHEMA",
    "MISSING_SCHEMA",
]

#: Problem kinds that mean something was skipped (severity ``error``); every other kind is a ``warning``.
ERROR_KINDS = frozenset({"syntax", "file", "bad_id", "duplicate_id"})

CHAPTER_SCHEMA = dict(
    chapter_id="string",
    title="string",
    subtitle="string",
    language="string",
    group_id="string",
    group_title="string",
    order_index="int64",
    n_quests="int64",
    n_quest_links="int64",
    is_always_invisible="bool",
    progression_mode="string",
    filename="string",
    path="string",
)
QUEST_SCHEMA = dict(
    quest_id="string",
    chapter_id="string",
    title="string",
    subtitle="string",
    description="string",
    language="string",
    has_translation="bool",
    n_tasks="int64",
    task_types="string",
    n_rewards="int64",
    dependencies="string",
    n_dependencies="int64",
    dependency_requirement="string",
    min_required_dependencies="int64",
    is_optional="bool",
    can_repeat="bool",
    invisible="bool",
    invisible_until_tasks="int64",
    hide_until_deps_visible="bool",
    hide_until_deps_complete="bool",
    hide_details_until_startable="bool",
    hide_text_until_complete="bool",
    progression_mode="string",
    x="float64",
    y="float64",
    path="string",
)
TASK_SCHEMA = dict(
    task_id="string",
    quest_id="string",
    chapter_id="string",
    index="int64",
    type="string",
    detail="string",
    count="int64",
    is_optional="bool",
    title="string",
    language="string",
)
REWARD_SCHEMA = dict(
    reward_id="string",
    quest_id="string",
    chapter_id="string",
    index="int64",
    type="string",
    detail="string",
    reward_table_id="string",
    is_team_reward="boolean",
)
REWARD_TABLE_SCHEMA = dict(
    reward_table_id="string", title="string", n_rewards="int64", loot_size="int64", filename="string", path="string"
)
LINK_SCHEMA = dict(link_id="string", chapter_id="string", quest_id="string")
TEXT_SCHEMA = dict(
    object_id="string", object_type="string", field="string", language="string", n_lines="int64", text="string"
)
LANGUAGE_SCHEMA = dict(
    language="string",
    source="string",
    is_fallback="bool",
    n_keys="int64",
    n_json_keys="int64",
    n_reference_keys="int64",
    n_translated="int64",
    n_missing="int64",
)
MISSING_SCHEMA = dict(
    object_id="string",
    object_type="string",
    field="string",
    language="string",
    reference_language="string",
    reference_text="string",
)


#: Each quest visibility flag -> the chapter attribute giving its default (:meth:`QuestBook.effective`).
_CHAPTER_DEFAULTS = {
    "hide_until_deps_visible": "hide_quest_until_deps_visible",
    "hide_until_deps_complete": "hide_quest_until_deps_complete",
    "hide_details_until_startable": "hide_quest_details_until_startable",
    "hide_text_until_complete": "hide_text_until_complete",
}


@dataclass
class QuestBook:
    """A parsed quest book. Build it with :func:`read_quest_book`.

    Attributes
    ----------
    path : Path
        The ``quests`` folder.
    settings : dict
        ``data.snbt`` as read.
    group_by_id, chapter_by_id, quest_by_id, task_by_id, reward_by_id, link_by_id, reward_table_by_id : dict
        Records by id, in file order (chapters sorted by group order, then ``order_index``).
    texts_by_locale : dict
        ``locale -> {(object_id, field): str or tuple of lines}`` (inline text under ``en_us``).
    text_sources : dict
        ``locale -> "inline" | "file" | "folder" | "json"`` (joined with ``+`` when several).
    json_tables : dict
        ``locale -> {key: text}`` from JSON language files (``{key}`` references).
    object_types : dict
        ``object_id -> object type`` (``file``, ``chapter``, ``quest``, ``task``, ...).
    """

    path: Path
    settings: dict[str, Any]
    group_by_id: dict[str, ChapterGroup] = field(default_factory=dict)
    chapter_by_id: dict[str, Chapter] = field(default_factory=dict)
    quest_by_id: dict[str, Quest] = field(default_factory=dict)
    task_by_id: dict[str, Task] = field(default_factory=dict)
    reward_by_id: dict[str, Reward] = field(default_factory=dict)
    link_by_id: dict[str, QuestLink] = field(default_factory=dict)
    reward_table_by_id: dict[str, RewardTable] = field(default_factory=dict)
    texts_by_locale: dict[str, dict[tuple[str, str], Any]] = field(default_factory=dict)
    text_sources: dict[str, str] = field(default_factory=dict)
    json_tables: dict[str, dict[str, str]] = field(default_factory=dict)
    object_types: dict[str, str] = field(default_factory=dict)
    error_rows: list[dict[str, Any]] = field(default_factory=list)
    _dependents: dict[str, tuple[str, ...]] | None = field(default=None, repr=False)
    _text_cache: dict[tuple[str, str, str], str] = field(default_factory=dict, repr=False)

    def __repr__(self) -> str:
        return (
            f"QuestBook(path={str(self.path)!r}, chapters={len(self.chapter_by_id)}, "
            f"quests={len(self.quest_by_id)}, "
            f"tasks={len(self.task_by_id)}, languages={self.language_codes}, errors={len(self.error_rows)})"
        )

    # -- text --------------------------------------------------------------------------------
    @property
    def fallback_locale(self) -> str:
        """``fallback_locale`` of ``data.snbt``; an empty or missing value means ``en_us``."""
        value = self.settings.get("fallback_locale")
        return value if isinstance(value, str) and value else "en_us"

    @property
    def progression_mode(self) -> str:
        """The book's progression mode (``linear`` unless ``flexible``)."""
        return "flexible" if self.settings.get("progression_mode") == "flexible" else "linear"

    @property
    def language_codes(self) -> list[str]:
        """Locales with text: lang tables, inline text (en_us) and JSON files, sorted."""
        return sorted(set(self.texts_by_locale) | set(self.json_tables))

    def raw_text(self, object_id: str, field: str, language: str) -> Any:
        """The stored value for ``(object_id, field)`` in ``language``, then the fallback locale; or None."""
        for locale in (language, self.fallback_locale):
            value = self.texts_by_locale.get(locale, {}).get((object_id, field))
            if value is not None:
                return value
        return None

    def text(self, object_id: str, field: str, language: str) -> str:
        """Plain text of a field in ``language`` (fallback chain, ``{key}`` resolved, markup cleaned); "" if none."""
        key = (object_id, field, language)
        cached = self._text_cache.get(key)
        if cached is None:
            value = self.raw_text(object_id, field, language)
            cached = "" if value is None else _lang.clean_lines(value, locale=language, json_tables=self.json_tables)
            self._text_cache[key] = cached
        return cached

    def is_translated(self, object_id: str, field: str, language: str) -> bool:
        """True when ``language`` has its own text for the field (its lang table, or every ``{key}`` in its JSON)."""
        if (object_id, field) in self.texts_by_locale.get(language, {}):
            value = self.texts_by_locale[language][(object_id, field)]
        else:
            value = self.texts_by_locale.get(self.fallback_locale, {}).get((object_id, field))
            if value is None or not self.json_tables:
                return False
            lines = (value,) if isinstance(value, str) else value
            refs = [r for line in lines for r in _lang.references(line)]
            table = self.json_tables.get(language)
            return bool(refs) and table is not None and all(r in table for r in refs)
        lines = (value,) if isinstance(value, str) else value
        refs = [r for line in lines for r in _lang.references(line)]
        if not refs or not self.json_tables:
            return True
        table = self.json_tables.get(language, {})
        return all(r in table for r in refs)

    # -- graph -------------------------------------------------------------------------------
    def dependents(self, object_id: str) -> tuple[str, ...]:
        """Quest ids that depend on ``object_id``."""
        if self._dependents is None:
            found: dict[str, list[str]] = {}
            for quest in self.quest_by_id.values():
                for dep in quest.dependencies:
                    found.setdefault(dep, []).append(quest.quest_id)
            self._dependents = {k: tuple(v) for k, v in found.items()}
        return self._dependents.get(object_id, ())

    def quest(self, quest_id: str) -> Quest:
        """The quest with this id.

        Raises
        ------
        UnknownQuestError
            When the book has no such quest (the message gives the book, its quest count and the nearest ids).
        """
        quest = self.quest_by_id.get(quest_id)
        if quest is not None:
            return quest
        near = nearest_names(str(quest_id).upper(), self.quest_by_id)
        hint = f"; nearest: {', '.join(near)}" if near else ""
        raise UnknownQuestError(
            f"quest {quest_id!r} is not in the quest book {self.path} ({len(self.quest_by_id)} quests){hint}"
        )

    def quest_chapter(self, quest_id: str) -> Chapter:
        """The chapter holding a quest (:class:`UnknownQuestError` for an unknown id, as :meth:`quest`)."""
        return self.chapter_by_id[self.quest(quest_id).chapter_id]

    # -- frames ------------------------------------------------------------------------------
    def _language(self, language: str | None) -> str:
        return language if language is not None else self.fallback_locale

    def effective(self, quest_id: str, flag: str) -> bool:
        """A quest's visibility flag with the chapter default applied.

        ``flag`` is one of ``hide_until_deps_visible``, ``hide_until_deps_complete``,
        ``hide_details_until_startable``, ``hide_text_until_complete``. An unknown quest id raises
        :class:`UnknownQuestError` and an unknown flag :class:`QuestBookError`, each naming what exists.
        """
        if flag not in _CHAPTER_DEFAULTS:
            raise QuestBookError(f"unknown visibility flag {flag!r}; the flags are {', '.join(_CHAPTER_DEFAULTS)}")
        quest = self.quest(quest_id)
        own = getattr(quest, flag)
        if own is not None:
            return own
        return bool(getattr(self.chapter_by_id[quest.chapter_id], _CHAPTER_DEFAULTS[flag]))

    def quest_progression_mode(self, quest_id: str) -> str:
        """``linear`` or ``flexible``: the quest's mode, else its chapter's, else the book's."""
        quest = self.quest(quest_id)
        if quest.progression_mode != "default":
            return quest.progression_mode
        chapter = self.chapter_by_id[quest.chapter_id]
        if chapter.progression_mode != "default":
            return chapter.progression_mode
        return self.progression_mode

    def chapters(self, *, language: str | None = None) -> pd.DataFrame:
        """One row per chapter, in display order (group order, then ``order_index``).

        Returns
        -------
        DataFrame
            Columns ``chapter_id, title, subtitle, language, group_id, group_title, order_index, n_quests,
            n_quest_links, is_always_invisible, progression_mode, filename, path``. Text is in ``language``
            (default: the book's fallback locale) with the fallback applied.
        """
        from kit.core.frames import frame

        lang = self._language(language)
        rows = [
            dict(
                chapter_id=c.chapter_id,
                title=self.text(c.chapter_id, "title", lang),
                subtitle=self.text(c.chapter_id, "chapter_subtitle", lang),
                language=lang,
                group_id=c.group_id,
                group_title=self.text(c.group_id, "title", lang) if c.group_id else "",
                order_index=c.order_index,
                n_quests=len(c.quest_ids),
                n_quest_links=len(c.link_ids),
                is_always_invisible=c.is_always_invisible,
                progression_mode=c.progression_mode,
                filename=c.filename,
                path=c.path,
            )
            for c in self.chapter_by_id.values()
        ]
        return frame(CHAPTER_SCHEMA, rows)

    def quests(self, *, language: str | None = None) -> pd.DataFrame:
        """One row per quest (chapter display order, then file order).

        Returns
        -------
        DataFrame
            Columns ``quest_id, chapter_id, title, subtitle, description, language, has_translation``
            (the quest's title or description has text of its own in ``language``), ``n_tasks, task_types``
            (sorted distinct types joined by ","), ``n_rewards, dependencies`` (ids joined by ","),
            ``n_dependencies, dependency_requirement, min_required_dependencies, is_optional, can_repeat,
            invisible, invisible_until_tasks, hide_until_deps_visible, hide_until_deps_complete,
            hide_details_until_startable, hide_text_until_complete`` (chapter defaults applied),
            ``progression_mode`` (effective), ``x, y, path``.
        """
        from kit.core.frames import frame

        lang = self._language(language)
        rows = []
        for chapter in self.chapter_by_id.values():
            for quest_id in chapter.quest_ids:
                q = self.quest_by_id[quest_id]
                types = sorted({self.task_by_id[t].type for t in q.task_ids})
                rows.append(
                    dict(
                        quest_id=quest_id,
                        chapter_id=q.chapter_id,
                        title=self.text(quest_id, "title", lang),
                        subtitle=self.text(quest_id, "quest_subtitle", lang),
                        description=self.text(quest_id, "quest_desc", lang),
                        language=lang,
                        has_translation=self.is_translated(quest_id, "title", lang)
                        or self.is_translated(quest_id, "quest_desc", lang),
                        n_tasks=len(q.task_ids),
                        task_types=",".join(types),
                        n_rewards=len(q.reward_ids),
                        dependencies=",".join(q.dependencies),
                        n_dependencies=len(q.dependencies),
                        dependency_requirement=q.dependency_requirement,
                        min_required_dependencies=q.min_required_dependencies,
                        is_optional=q.is_optional,
                        can_repeat=q.can_repeat,
                        invisible=q.invisible,
                        invisible_until_tasks=q.invisible_until_tasks,
                        hide_until_deps_visible=self.effective(quest_id, "hide_until_deps_visible"),
                        hide_until_deps_complete=self.effective(quest_id, "hide_until_deps_complete"),
                        hide_details_until_startable=self.effective(quest_id, "hide_details_until_startable"),
                        hide_text_until_complete=self.effective(quest_id, "hide_text_until_complete"),
                        progression_mode=self.quest_progression_mode(quest_id),
                        x=q.x,
                        y=q.y,
                        path=chapter.path,
                    )
                )
        return frame(QUEST_SCHEMA, rows)

    def tasks(self, *, language: str | None = None) -> pd.DataFrame:
        """One row per task. Columns ``task_id, quest_id, chapter_id, index, type, detail, count, is_optional,
        title, language``.
        """
        from kit.core.frames import frame

        lang = self._language(language)
        rows = [
            dict(
                task_id=t.task_id,
                quest_id=t.quest_id,
                chapter_id=self.quest_by_id[t.quest_id].chapter_id,
                index=t.index,
                type=t.type,
                detail=t.detail,
                count=t.count,
                is_optional=t.is_optional,
                title=self.text(t.task_id, "title", lang),
                language=lang,
            )
            for t in self.task_by_id.values()
        ]
        return frame(TASK_SCHEMA, rows)

    def rewards(self) -> pd.DataFrame:
        """One row per quest reward. Columns ``reward_id, quest_id, chapter_id, index, type, detail,
        reward_table_id`` ("" when none), ``is_team_reward`` (None when the book default applies).
        """
        from kit.core.frames import frame

        rows = [
            dict(
                reward_id=r.reward_id,
                quest_id=r.quest_id,
                chapter_id=self.quest_by_id[r.quest_id].chapter_id,
                index=r.index,
                type=r.type,
                detail=r.detail,
                reward_table_id=r.reward_table_id,
                is_team_reward=r.is_team_reward,
            )
            for r in self.reward_by_id.values()
        ]
        return frame(REWARD_SCHEMA, rows)

    def reward_tables(self) -> pd.DataFrame:
        """One row per reward table. Columns ``reward_table_id, title, n_rewards, loot_size, filename, path``."""
        from kit.core.frames import frame

        lang = self.fallback_locale
        rows = [
            dict(
                reward_table_id=t.reward_table_id,
                title=self.text(t.reward_table_id, "title", lang),
                n_rewards=t.n_rewards,
                loot_size=t.loot_size,
                filename=t.filename,
                path=t.path,
            )
            for t in self.reward_table_by_id.values()
        ]
        return frame(REWARD_TABLE_SCHEMA, rows)

    def quest_links(self) -> pd.DataFrame:
        """One row per quest link. Columns ``link_id, chapter_id, quest_id``."""
        from kit.core.frames import frame

        rows = [dict(link_id=k.link_id, chapter_id=k.chapter_id, quest_id=k.quest_id) for k in self.link_by_id.values()]
        return frame(LINK_SCHEMA, rows)

    def texts(self) -> pd.DataFrame:
        """Every stored text value, long format.

        Returns
        -------
        DataFrame
            Columns ``object_id, object_type, field, language, n_lines, text`` (raw lines joined by
            newlines, before cleaning). Sorted by language, object id and field.
        """
        from kit.core.frames import frame

        rows = []
        for locale in sorted(self.texts_by_locale):
            for (object_id, fld), value in sorted(self.texts_by_locale[locale].items()):
                lines = (value,) if isinstance(value, str) else value
                rows.append(
                    dict(
                        object_id=object_id,
                        object_type=self.object_types.get(object_id, ""),
                        field=fld,
                        language=locale,
                        n_lines=len(lines),
                        text="\n".join(lines),
                    )
                )
        return frame(TEXT_SCHEMA, rows)

    def reference_keys(self) -> list[tuple[str, str]]:
        """Every ``(object_id, field)`` that has text in at least one locale, sorted."""
        keys: set[tuple[str, str]] = set()
        for table in self.texts_by_locale.values():
            keys.update(table)
        return sorted(keys)

    def _reference_value(self, key: tuple[str, str]) -> tuple[str, Any]:
        for locale in [self.fallback_locale, *sorted(self.texts_by_locale)]:
            value = self.texts_by_locale.get(locale, {}).get(key)
            if value is not None:
                return locale, value
        return self.fallback_locale, ""

    def languages(self) -> pd.DataFrame:
        """Text coverage per locale.

        The reference keys are every ``(object, field)`` with text in any locale; a locale translates a
        key when its own table has it, or when it comes from ``{key}`` references that its JSON file
        resolves.

        Returns
        -------
        DataFrame
            Columns ``language, source`` (``inline``, ``file``, ``folder``, ``json``, joined by "+"),
            ``is_fallback, n_keys`` (lang-table values stored for it), ``n_json_keys`` (JSON translation
            keys), ``n_reference_keys``, ``n_translated, n_missing`` (see :meth:`missing_translations`).
            Sorted by language.
        """
        from kit.core.frames import frame

        reference = self.reference_keys()
        rows = []
        for locale in self.language_codes:
            n_translated = sum(self.is_translated(o, f, locale) for (o, f) in reference)
            rows.append(
                dict(
                    language=locale,
                    source=self.text_sources.get(locale, ""),
                    is_fallback=locale == self.fallback_locale,
                    n_keys=len(self.texts_by_locale.get(locale, {})),
                    n_json_keys=len(self.json_tables.get(locale, {})),
                    n_reference_keys=len(reference),
                    n_translated=n_translated,
                    n_missing=len(reference) - n_translated,
                )
            )
        return frame(LANGUAGE_SCHEMA, rows)

    def missing_translations(self, language: str) -> pd.DataFrame:
        """Reference keys (text in some locale) that ``language`` has no text of its own for.

        Returns
        -------
        DataFrame
            Columns ``object_id, object_type, field, language, reference_language, reference_text``
            (the fallback locale's text when it has one, else the first locale with text; cleaned),
            sorted by object type, object id and field.
        """
        from kit.core.frames import frame

        rows = []
        for object_id, fld in self.reference_keys():
            if not self.is_translated(object_id, fld, language):
                ref_locale, value = self._reference_value((object_id, fld))
                rows.append(
                    dict(
                        object_id=object_id,
                        object_type=self.object_types.get(object_id, ""),
                        field=fld,
                        language=language,
                        reference_language=ref_locale,
                        reference_text=_lang.clean_lines(value, locale=ref_locale, json_tables=self.json_tables),
                    )
                )
        rows.sort(key=lambda r: (r["object_type"], r["object_id"], r["field"]))
        return frame(MISSING_SCHEMA, rows)

    def problems(self) -> pd.DataFrame:
        """Problems found while reading (never silently dropped).

        Returns
        -------
        DataFrame
            The shared problems shape (:mod:`kit.core.problems`): ``severity`` (``error`` for ``syntax``,
            ``file``, ``bad_id`` and ``duplicate_id``, which skip something; ``warning`` otherwise), ``kind``
            (``syntax``, ``file``, ``bad_id``, ``duplicate_id``, ``bad_field``, ``unknown_group``,
            ``unknown_dependency``,
            ``self_dependency``, ``dependency_cycle``, ``unknown_lang_object``, ``bad_lang_key``,
            ``bad_lang_value``, ``duplicate_lang_key``, ``unknown_reward_table``), ``object_id``, ``field``,
            ``message``, ``path``. Sorted by kind, object id, field and path.
        """
        from kit.core.problems import problems_frame

        rows = sorted(self.error_rows, key=lambda r: (r["kind"], r["object_id"], r["field"], r["path"], r["message"]))
        return problems_frame({"severity": "error" if r["kind"] in ERROR_KINDS else "warning", **r} for r in rows)

    def errors(self) -> pd.DataFrame:
        """Deprecated alias of :meth:`problems` (kept for one release; warns with DeprecationWarning)."""
        import warnings

        warnings.warn("QuestBook.errors() is deprecated; use QuestBook.problems()", DeprecationWarning, stacklevel=2)
        return self.problems()
