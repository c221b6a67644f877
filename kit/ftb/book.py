"""Reading an FTB Quests book (``config/ftbquests/quests/``) into records and DataFrames.

Loading order follows FTB Quests: ``data.snbt`` -> ``chapter_groups.snbt`` -> ``chapters/*.snbt``
-> ``reward_tables/*.snbt`` -> text (inline fields as ``en_us``, then ``lang/<locale>.snbt`` or the
split ``lang/<locale>/`` folders, then ``{key}`` references through JSON language files). One id
map covers the whole book. Ids are 16-digit upper-case hex strings.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

from kit.core.errors import KitError
from kit.ftb import lang as _lang
from kit.ftb.snbt import SnbtFileError, SnbtSyntaxError, read_snbt

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "BOOK_ID",
    "QuestBook",
    "Chapter",
    "ChapterGroup",
    "Quest",
    "QuestLink",
    "Task",
    "Reward",
    "RewardTable",
    "QuestBookNotFoundError",
    "QuestBookError",
    "read_quest_book",
    "find_quest_book",
    "ERROR_COLUMNS",
]

#: The id of the quest file (book) object.
BOOK_ID = "0000000000000001"
#: Columns of :meth:`QuestBook.problems` (the shared problems shape, see :mod:`kit.core.problems`).
ERROR_COLUMNS = ["severity", "kind", "object_id", "field", "message", "path"]
#: Problem kinds that mean something was skipped (severity ``error``); every other kind is a ``warning``.
ERROR_KINDS = frozenset({"syntax", "file", "bad_id", "duplicate_id"})

CHAPTER_SCHEMA = dict(chapter_id="string", title="string", subtitle="string", language="string", group_id="string", group_title="string",
                      order_index="int64", n_quests="int64", n_quest_links="int64", is_always_invisible="bool",
                      progression_mode="string", filename="string", path="string")
QUEST_SCHEMA = dict(quest_id="string", chapter_id="string", title="string", subtitle="string", description="string", language="string",
                    has_translation="bool", n_tasks="int64", task_types="string", n_rewards="int64", dependencies="string",
                    n_dependencies="int64", dependency_requirement="string", min_required_dependencies="int64",
                    is_optional="bool", can_repeat="bool", invisible="bool", invisible_until_tasks="int64",
                    hide_until_deps_visible="bool", hide_until_deps_complete="bool",
                    hide_details_until_startable="bool", hide_text_until_complete="bool",
                    progression_mode="string", x="float64", y="float64", path="string")
TASK_SCHEMA = dict(task_id="string", quest_id="string", chapter_id="string", index="int64", type="string", detail="string",
                   count="int64", is_optional="bool", title="string", language="string")
REWARD_SCHEMA = dict(reward_id="string", quest_id="string", chapter_id="string", index="int64", type="string", detail="string",
                     reward_table_id="string", is_team_reward="boolean")
REWARD_TABLE_SCHEMA = dict(reward_table_id="string", title="string", n_rewards="int64", loot_size="int64", filename="string",
                           path="string")
LINK_SCHEMA = dict(link_id="string", chapter_id="string", quest_id="string")
TEXT_SCHEMA = dict(object_id="string", object_type="string", field="string", language="string", n_lines="int64", text="string")
LANGUAGE_SCHEMA = dict(language="string", source="string", is_fallback="bool", n_keys="int64", n_json_keys="int64",
                       n_reference_keys="int64", n_translated="int64", n_missing="int64")
MISSING_SCHEMA = dict(object_id="string", object_type="string", field="string", language="string", reference_language="string",
                      reference_text="string")


class QuestBookNotFoundError(KitError, FileNotFoundError):
    """No quest book (``data.snbt`` or ``chapters/``) at the given path."""


class QuestBookError(KitError, ValueError):
    """A structural problem in a quest book (bad id, duplicate id) found in strict mode."""


def _tristate(value: Any) -> bool | None:
    if value is None:
        return None
    if isinstance(value, str):
        low = value.lower()
        return True if low == "true" else False if low == "false" else None
    return bool(value)


def _flag(value: Any) -> bool:
    return bool(_tristate(value))


def _hex_id(value: Any) -> str | None:
    """A 16-hex upper-case id from a string or an int, or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return f"{value & 0xFFFFFFFFFFFFFFFF:016X}"
    if isinstance(value, str) and 0 < len(value) <= 16:
        try:
            int(value, 16)
        except ValueError:
            return None
        return value.upper().rjust(16, "0")
    return None


@dataclass(frozen=True)
class ChapterGroup:
    """A chapter group; ``order`` is its place in ``chapter_groups.snbt``."""

    group_id: str
    order: int


@dataclass(frozen=True)
class Chapter:
    """One chapter file.

    Visibility defaults (``hide_quest_*``) apply to quests whose own tristate is unset.
    """

    chapter_id: str
    filename: str
    group_id: str
    order_index: int
    quest_ids: tuple[str, ...]
    link_ids: tuple[str, ...]
    is_always_invisible: bool
    hide_quest_until_deps_visible: bool
    hide_quest_until_deps_complete: bool
    hide_quest_details_until_startable: bool
    hide_text_until_complete: bool
    progression_mode: str
    path: str


@dataclass(frozen=True)
class Quest:
    """One quest. Tristate flags are ``None`` when unset (the chapter default applies)."""

    quest_id: str
    chapter_id: str
    task_ids: tuple[str, ...]
    reward_ids: tuple[str, ...]
    dependencies: tuple[str, ...]
    dependency_requirement: str
    min_required_dependencies: int
    max_completable_dependents: int
    is_optional: bool
    can_repeat: bool
    invisible: bool
    invisible_until_tasks: int
    hide_until_deps_visible: bool | None
    hide_until_deps_complete: bool | None
    hide_details_until_startable: bool | None
    hide_text_until_complete: bool | None
    progression_mode: str
    x: float
    y: float


@dataclass(frozen=True)
class QuestLink:
    """A second placement of a quest in a chapter."""

    link_id: str
    chapter_id: str
    quest_id: str


@dataclass(frozen=True)
class Task:
    """One task of a quest; ``detail`` is the item, entity, advancement... it asks for, if any."""

    task_id: str
    quest_id: str
    index: int
    type: str
    detail: str
    count: int
    is_optional: bool


@dataclass(frozen=True)
class Reward:
    """One reward of a quest; ``reward_table_id`` for ``random``/``loot``/``choice`` rewards."""

    reward_id: str
    quest_id: str
    index: int
    type: str
    detail: str
    reward_table_id: str
    is_team_reward: bool | None


@dataclass(frozen=True)
class RewardTable:
    """A reward table file (the id inside the file counts, not the file name)."""

    reward_table_id: str
    filename: str
    n_rewards: int
    loot_size: int
    path: str


def _detail(obj: Mapping[str, Any], *keys: str) -> str:
    for key in keys:
        value = obj.get(key)
        if isinstance(value, str):
            return value
        if isinstance(value, dict) and isinstance(value.get("id"), str):
            return value["id"]
    return ""


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

    def readable_guide_ids(self, save: Any, player_uuid: str, *, progress: Any = None) -> list[str]:
        """Guide document ids (``"ftb:<quest id>"``) the player's team may read in ``save``.

        ``progress`` defaults to the save's team progress (:func:`kit.ftb.read_progress`). This is how
        :func:`kit.ask` restricts FTB guides to what the player may see.
        """
        from kit.ftb.guides import guide_id
        from kit.ftb.progress import read_progress
        from kit.ftb.visibility import visible_guides

        if progress is None:
            progress = read_progress(save)
        return [guide_id(q) for q in visible_guides(self, progress, player_uuid)]

    def ensure_guides(self, save: Any, language: str) -> bool:
        """Build this book's guides in ``language`` in ``system:ftb_guides`` when the table lacks that language.

        :func:`kit.ask` calls it, so a language is built on its first query; see :func:`kit.ftb.ensure_language`.
        Returns True when it wrote the language.
        """
        from kit.ftb.ingest import ensure_language

        return ensure_language(save, self, language)

    def __repr__(self) -> str:
        return (f"QuestBook(path={str(self.path)!r}, chapters={len(self.chapter_by_id)}, "
                f"quests={len(self.quest_by_id)}, "
                f"tasks={len(self.task_by_id)}, languages={self.language_codes}, errors={len(self.error_rows)})")

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

    def quest_chapter(self, quest_id: str) -> Chapter:
        """The chapter holding a quest."""
        return self.chapter_by_id[self.quest_by_id[quest_id].chapter_id]

    # -- frames ------------------------------------------------------------------------------
    def _language(self, language: str | None) -> str:
        return language if language is not None else self.fallback_locale

    def effective(self, quest_id: str, flag: str) -> bool:
        """A quest's visibility flag with the chapter default applied.

        ``flag`` is one of ``hide_until_deps_visible``, ``hide_until_deps_complete``,
        ``hide_details_until_startable``, ``hide_text_until_complete``.
        """
        quest = self.quest_by_id[quest_id]
        own = getattr(quest, flag)
        if own is not None:
            return own
        chapter = self.chapter_by_id[quest.chapter_id]
        default = {"hide_until_deps_visible": chapter.hide_quest_until_deps_visible,
                   "hide_until_deps_complete": chapter.hide_quest_until_deps_complete,
                   "hide_details_until_startable": chapter.hide_quest_details_until_startable,
                   "hide_text_until_complete": chapter.hide_text_until_complete}
        return default[flag]

    def quest_progression_mode(self, quest_id: str) -> str:
        """``linear`` or ``flexible``: the quest's mode, else its chapter's, else the book's."""
        quest = self.quest_by_id[quest_id]
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
        rows = [dict(chapter_id=c.chapter_id, title=self.text(c.chapter_id, "title", lang),
                     subtitle=self.text(c.chapter_id, "chapter_subtitle", lang), language=lang,
                     group_id=c.group_id, group_title=self.text(c.group_id, "title", lang) if c.group_id else "",
                     order_index=c.order_index, n_quests=len(c.quest_ids), n_quest_links=len(c.link_ids),
                     is_always_invisible=c.is_always_invisible, progression_mode=c.progression_mode,
                     filename=c.filename, path=c.path)
                for c in self.chapter_by_id.values()]
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
                rows.append(dict(
                    quest_id=quest_id, chapter_id=q.chapter_id, title=self.text(quest_id, "title", lang),
                    subtitle=self.text(quest_id, "quest_subtitle", lang),
                    description=self.text(quest_id, "quest_desc", lang), language=lang,
                    has_translation=self.is_translated(quest_id, "title", lang)
                    or self.is_translated(quest_id, "quest_desc", lang),
                    n_tasks=len(q.task_ids), task_types=",".join(types), n_rewards=len(q.reward_ids),
                    dependencies=",".join(q.dependencies), n_dependencies=len(q.dependencies),
                    dependency_requirement=q.dependency_requirement,
                    min_required_dependencies=q.min_required_dependencies, is_optional=q.is_optional,
                    can_repeat=q.can_repeat, invisible=q.invisible, invisible_until_tasks=q.invisible_until_tasks,
                    hide_until_deps_visible=self.effective(quest_id, "hide_until_deps_visible"),
                    hide_until_deps_complete=self.effective(quest_id, "hide_until_deps_complete"),
                    hide_details_until_startable=self.effective(quest_id, "hide_details_until_startable"),
                    hide_text_until_complete=self.effective(quest_id, "hide_text_until_complete"),
                    progression_mode=self.quest_progression_mode(quest_id), x=q.x, y=q.y, path=chapter.path))
        return frame(QUEST_SCHEMA, rows)

    def tasks(self, *, language: str | None = None) -> pd.DataFrame:
        """One row per task. Columns ``task_id, quest_id, chapter_id, index, type, detail, count, is_optional,
        title, language``."""
        from kit.core.frames import frame

        lang = self._language(language)
        rows = [dict(task_id=t.task_id, quest_id=t.quest_id, chapter_id=self.quest_by_id[t.quest_id].chapter_id,
                     index=t.index, type=t.type, detail=t.detail, count=t.count, is_optional=t.is_optional,
                     title=self.text(t.task_id, "title", lang), language=lang)
                for t in self.task_by_id.values()]
        return frame(TASK_SCHEMA, rows)

    def rewards(self) -> pd.DataFrame:
        """One row per quest reward. Columns ``reward_id, quest_id, chapter_id, index, type, detail,
        reward_table_id`` ("" when none), ``is_team_reward`` (None when the book default applies)."""
        from kit.core.frames import frame

        rows = [dict(reward_id=r.reward_id, quest_id=r.quest_id, chapter_id=self.quest_by_id[r.quest_id].chapter_id,
                     index=r.index, type=r.type, detail=r.detail, reward_table_id=r.reward_table_id,
                     is_team_reward=r.is_team_reward)
                for r in self.reward_by_id.values()]
        return frame(REWARD_SCHEMA, rows)

    def reward_tables(self) -> pd.DataFrame:
        """One row per reward table. Columns ``reward_table_id, title, n_rewards, loot_size, filename, path``."""
        from kit.core.frames import frame

        lang = self.fallback_locale
        rows = [dict(reward_table_id=t.reward_table_id, title=self.text(t.reward_table_id, "title", lang),
                     n_rewards=t.n_rewards, loot_size=t.loot_size, filename=t.filename, path=t.path)
                for t in self.reward_table_by_id.values()]
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
                rows.append(dict(object_id=object_id, object_type=self.object_types.get(object_id, ""), field=fld,
                                 language=locale, n_lines=len(lines), text="\n".join(lines)))
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
            rows.append(dict(language=locale, source=self.text_sources.get(locale, ""),
                             is_fallback=locale == self.fallback_locale,
                             n_keys=len(self.texts_by_locale.get(locale, {})),
                             n_json_keys=len(self.json_tables.get(locale, {})), n_reference_keys=len(reference),
                             n_translated=n_translated, n_missing=len(reference) - n_translated))
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
                rows.append(dict(object_id=object_id, object_type=self.object_types.get(object_id, ""), field=fld,
                                 language=language, reference_language=ref_locale,
                                 reference_text=_lang.clean_lines(value, locale=ref_locale,
                                                                  json_tables=self.json_tables)))
        rows.sort(key=lambda r: (r["object_type"], r["object_id"], r["field"]))
        return frame(MISSING_SCHEMA, rows)

    def problems(self) -> pd.DataFrame:
        """Problems found while reading (never silently dropped).

        Returns
        -------
        DataFrame
            The shared problems shape (:mod:`kit.core.problems`): ``severity`` (``error`` for ``syntax``,
            ``file``, ``bad_id`` and ``duplicate_id``, which skip something; ``warning`` otherwise), ``kind`` (``syntax``, ``file``, ``bad_id``, ``duplicate_id``, ``bad_field``, ``unknown_group``,
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

        warnings.warn("QuestBook.errors() is deprecated and will be removed in the next release: use QuestBook.problems()",
                      DeprecationWarning, stacklevel=2)
        return self.problems()


def find_quest_book(path: str | os.PathLike[str]) -> Path:
    """Return the ``quests`` folder for a pack root, ``config/ftbquests``, or the folder itself.

    Raises
    ------
    QuestBookNotFoundError
        When none of ``path``, ``path/quests``, ``path/ftbquests/quests``, ``path/config/ftbquests/quests``
        holds ``data.snbt`` or ``chapters/``.
    """
    base = Path(path)
    for candidate in (base, base / "quests", base / "ftbquests" / "quests", base / "config" / "ftbquests" / "quests"):
        if (candidate / "data.snbt").is_file() or (candidate / "chapters").is_dir():
            return candidate
    raise QuestBookNotFoundError(
        f"{base}: no FTB Quests book here (expected data.snbt or chapters/ in it, or in "
        f"config/ftbquests/quests/ below it)"
    )


class _Loader:
    """Builds a QuestBook; errors become rows, or raise in strict mode where the book would be wrong."""

    def __init__(self, quests_dir: Path, strict: bool) -> None:
        self.dir = quests_dir
        self.strict = strict
        self.book = QuestBook(path=quests_dir, settings={})
        self.raw_deps: dict[str, list[Any]] = {}
        self.inline: dict[tuple[str, str], Any] = {}

    def error(self, kind: str, object_id: str, field: str, message: str, path: str, *, fatal: bool = False) -> None:
        if fatal and self.strict:
            raise QuestBookError(message)
        self.book.error_rows.append(dict(kind=kind, object_id=object_id, field=field, message=message, path=path))

    def number(self, raw: dict[str, Any], key: str, default: Any, object_id: str, file: Path, *,
               real: bool = False) -> Any:
        """A numeric field; a value of another type is reported (``bad_field``) and replaced by the default."""
        value = raw.get(key)
        if value is None:
            return default
        if isinstance(value, (int, float)) and (real or float(value).is_integer()):
            return value if real else int(value)
        self.error("bad_field", object_id, key, f"{file}: {object_id}: field {key!r} should be a number, got "
                                               f"{value!r}; using {default!r}", str(file))
        return default

    def read(self, file: Path) -> dict[str, Any] | None:
        try:
            return read_snbt(file)
        except (SnbtSyntaxError, SnbtFileError) as exc:
            if self.strict:
                raise
            kind = "syntax" if isinstance(exc, SnbtSyntaxError) else "file"
            self.error(kind, "", "", str(exc), str(file))
            return None

    def register(self, raw: Any, kind: str, path: Path, where: str) -> str | None:
        object_id = _hex_id(raw.get("id")) if isinstance(raw, dict) else None
        if object_id is None:
            shown = raw.get("id") if isinstance(raw, dict) else raw
            self.error("bad_id", "", "id", f"{path}: {where}: id {shown!r} is not a 16-digit hex id; object skipped",
                       str(path), fatal=True)
            return None
        if object_id in self.book.object_types:
            self.error("duplicate_id", object_id, "id",
                       f"{path}: {where}: id {object_id} is already used by a {self.book.object_types[object_id]}; "
                       f"the later object is skipped", str(path), fatal=True)
            return None
        self.book.object_types[object_id] = kind
        if isinstance(raw, dict):
            for inline, lang_field in _lang.INLINE_FIELDS.get(kind, {}).items():
                value = raw.get(inline)
                if isinstance(value, str) and value:
                    self.inline[(object_id, lang_field)] = value
                elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
                    self.inline[(object_id, lang_field)] = tuple(value)
        return object_id

    def load(self, translations: Mapping[str, Any] | None) -> QuestBook:
        book = self.book
        data_file = self.dir / "data.snbt"
        if os.path.lexists(data_file) and not data_file.is_dir():  # a FIFO or device is refused by read()
            book.settings = self.read(data_file) or {}
        book.object_types[BOOK_ID] = "file"
        title = book.settings.get("title")
        if isinstance(title, str) and title:
            self.inline[(BOOK_ID, "title")] = title
        self.load_groups()
        self.load_chapters()
        self.load_reward_tables()
        self.resolve_dependencies()
        self.load_text(translations)
        return book

    def load_groups(self) -> None:
        file = self.dir / "chapter_groups.snbt"
        if not os.path.lexists(file) or file.is_dir():
            return
        data = self.read(file) or {}
        for order, raw in enumerate(data.get("chapter_groups") or []):
            group_id = self.register(raw, "chapter_group", file, f"chapter_groups[{order}]")
            if group_id is not None:
                self.book.group_by_id[group_id] = ChapterGroup(group_id, order)

    def load_chapters(self) -> None:
        folder = self.dir / "chapters"
        loaded: list[Chapter] = []
        for file in sorted(folder.glob("*.snbt")) if folder.is_dir() else []:
            raw = self.read(file)
            if raw is None:
                continue
            chapter = self.load_chapter(raw, file)
            if chapter is not None:
                loaded.append(chapter)
        group_order = {gid: g.order for gid, g in self.book.group_by_id.items()}
        loaded.sort(key=lambda c: (c.group_id != "", group_order.get(c.group_id, len(group_order)), c.order_index,
                                   c.filename, c.chapter_id))
        self.book.chapter_by_id = {c.chapter_id: c for c in loaded}

    def load_chapter(self, raw: dict[str, Any], file: Path) -> Chapter | None:
        chapter_id = self.register(raw, "chapter", file, "chapter")
        if chapter_id is None:
            return None
        group = _hex_id(raw.get("group")) if raw.get("group") else ""
        if group is None or (group and group not in self.book.group_by_id):
            self.error("unknown_group", chapter_id, "group",
                       f"{file}: chapter {chapter_id}: group {raw.get('group')!r} is not in chapter_groups.snbt; "
                       f"shown without a group", str(file))
            group = ""
        quest_ids = []
        for index, quest_raw in enumerate(raw.get("quests") or []):
            quest_id = self.load_quest(quest_raw, chapter_id, file, index)
            if quest_id is not None:
                quest_ids.append(quest_id)
        link_ids = []
        for index, link_raw in enumerate(raw.get("quest_links") or []):
            link_id = self.register(link_raw, "quest_link", file, f"quest_links[{index}]")
            if link_id is None:
                continue
            target = _hex_id(link_raw.get("linked_quest"))
            self.book.link_by_id[link_id] = QuestLink(link_id, chapter_id, target or "")
            link_ids.append(link_id)
        mode = raw.get("progression_mode")
        return Chapter(
            chapter_id=chapter_id,
            filename=str(raw.get("filename") or file.stem),
            group_id=group,
            order_index=self.number(raw, "order_index", 0, chapter_id, file),
            quest_ids=tuple(quest_ids),
            link_ids=tuple(link_ids),
            is_always_invisible=_flag(raw.get("always_invisible")),
            hide_quest_until_deps_visible=_flag(raw.get("hide_quest_until_deps_visible")),
            hide_quest_until_deps_complete=_flag(raw.get("hide_quest_until_deps_complete")),
            hide_quest_details_until_startable=_flag(raw.get("hide_quest_details_until_startable")),
            hide_text_until_complete=_flag(raw.get("hide_text_until_complete")),
            progression_mode=mode if mode in ("linear", "flexible") else "default",
            path=str(file),
        )

    def load_quest(self, raw: Any, chapter_id: str, file: Path, index: int) -> str | None:
        quest_id = self.register(raw, "quest", file, f"chapter {chapter_id} quests[{index}]")
        if quest_id is None:
            return None
        task_ids = []
        for t_index, task_raw in enumerate(raw.get("tasks") or []):
            task_id = self.register(task_raw, "task", file, f"quest {quest_id} tasks[{t_index}]")
            if task_id is None:
                continue
            count = task_raw.get("count")
            if count is None and isinstance(task_raw.get("item"), dict):
                count = task_raw["item"].get("count", task_raw["item"].get("Count"))
            self.book.task_by_id[task_id] = Task(
                task_id=task_id, quest_id=quest_id, index=t_index, type=str(task_raw.get("type") or "item"),
                detail=_detail(task_raw, "item", "entity", "advancement", "stat", "structure", "dimension",
                               "biome", "stage"),
                count=int(count) if isinstance(count, (int, float)) else 1,
                is_optional=_flag(task_raw.get("optional_task")),
            )
            task_ids.append(task_id)
        reward_ids = []
        for r_index, reward_raw in enumerate(raw.get("rewards") or []):
            reward_id = self.register(reward_raw, "reward", file, f"quest {quest_id} rewards[{r_index}]")
            if reward_id is None:
                continue
            table = reward_raw.get("table_id")
            table_id = _hex_id(table) if table is not None else ""
            self.book.reward_by_id[reward_id] = Reward(
                reward_id=reward_id, quest_id=quest_id, index=r_index, type=str(reward_raw.get("type") or "item"),
                detail=_detail(reward_raw, "item", "command", "stage"),
                reward_table_id=table_id or "",
                is_team_reward=_tristate(reward_raw.get("team_reward")),
            )
            reward_ids.append(reward_id)
        deps = raw.get("dependencies")
        self.raw_deps[quest_id] = list(deps) if isinstance(deps, list) else ([deps] if deps is not None else [])
        mode = raw.get("progression_mode")
        requirement = raw.get("dependency_requirement")
        # the legacy key "hide" wins when present, as in FTB Quests
        hide_visible = raw["hide"] if "hide" in raw else raw.get("hide_until_deps_visible")
        self.book.quest_by_id[quest_id] = Quest(
            quest_id=quest_id,
            chapter_id=chapter_id,
            task_ids=tuple(task_ids),
            reward_ids=tuple(reward_ids),
            dependencies=(),
            dependency_requirement=requirement if requirement in (
                "all_completed", "one_completed", "all_started", "one_started") else "all_completed",
            min_required_dependencies=self.number(raw, "min_required_dependencies", 0, quest_id, file),
            max_completable_dependents=self.number(raw, "max_completable_dependents", 0, quest_id, file),
            is_optional=_flag(raw.get("optional")),
            can_repeat=_flag(raw.get("can_repeat")),
            invisible=_flag(raw.get("invisible")),
            invisible_until_tasks=self.number(raw, "invisible_until_tasks", 0, quest_id, file),
            hide_until_deps_visible=_tristate(hide_visible),
            hide_until_deps_complete=_tristate(raw.get("hide_until_deps_complete")),
            hide_details_until_startable=_tristate(raw.get("hide_details_until_startable")),
            hide_text_until_complete=_tristate(raw.get("hide_text_until_complete")),
            progression_mode=mode if mode in ("linear", "flexible") else "default",
            x=float(self.number(raw, "x", 0.0, quest_id, file, real=True)),
            y=float(self.number(raw, "y", 0.0, quest_id, file, real=True)),
        )
        return quest_id

    def load_reward_tables(self) -> None:
        folder = self.dir / "reward_tables"
        for file in sorted(folder.glob("*.snbt")) if folder.is_dir() else []:
            raw = self.read(file)
            if raw is None:
                continue
            table_id = self.register(raw, "reward_table", file, "reward table")
            if table_id is None:
                continue
            self.book.reward_table_by_id[table_id] = RewardTable(
                reward_table_id=table_id, filename=file.stem, n_rewards=len(raw.get("rewards") or []),
                loot_size=self.number(raw, "loot_size", 1, table_id, file), path=str(file))
        for reward in self.book.reward_by_id.values():
            if reward.reward_table_id and reward.reward_table_id not in self.book.reward_table_by_id:
                quest = self.book.quest_by_id[reward.quest_id]
                self.error("unknown_reward_table", reward.reward_id, "table_id",
                           f"reward {reward.reward_id} of quest {reward.quest_id}: reward table "
                           f"{reward.reward_table_id} does not exist", self.chapter_path(quest.chapter_id))

    def resolve_dependencies(self) -> None:
        book = self.book
        types = book.object_types
        resolved: dict[str, tuple[str, ...]] = {}
        for quest_id, raw in self.raw_deps.items():
            quest = book.quest_by_id[quest_id]
            path = self.chapter_path(quest.chapter_id)
            deps: list[str] = []
            for value in raw:
                dep = _hex_id(value)
                if dep is None:
                    self.error("unknown_dependency", quest_id, "dependencies",
                               f"quest {quest_id}: dependency {value!r} is not a hex id; dropped", path)
                elif dep == quest_id:
                    self.error("self_dependency", quest_id, "dependencies",
                               f"quest {quest_id} depends on itself; dropped (as FTB does)", path)
                elif dep not in types or types[dep] == "file" or dep == quest.chapter_id:
                    what = "matches no object" if dep not in types else f"is a {types[dep]} it cannot depend on"
                    self.error("unknown_dependency", quest_id, "dependencies",
                               f"quest {quest_id}: dependency {dep} {what}; dropped (as FTB does)", path)
                elif dep not in deps:
                    deps.append(dep)
            resolved[quest_id] = tuple(deps)
        for quest_id, deps in resolved.items():
            book.quest_by_id[quest_id] = _replace(book.quest_by_id[quest_id], dependencies=deps)
        for cycle in _cycles({q: [d for d in deps if d in book.quest_by_id] for q, deps in resolved.items()}):
            shown = " -> ".join(cycle + [cycle[0]])
            self.error("dependency_cycle", cycle[0], "dependencies",
                       f"dependency cycle {shown}: these quests can never become available",
                       self.chapter_path(book.quest_by_id[cycle[0]].chapter_id))

    def chapter_path(self, chapter_id: str) -> str:
        chapter = self.book.chapter_by_id.get(chapter_id)
        return chapter.path if chapter else ""

    def load_text(self, translations: Mapping[str, Any] | None) -> None:
        book = self.book
        tables, sources, errors = _lang.read_lang_tables(self.dir, read=self.read)
        book.error_rows.extend(errors)
        if self.inline:
            book.texts_by_locale["en_us"] = dict(self.inline)
            book.text_sources["en_us"] = "inline"
        for locale, table in tables.items():
            path = str(self.dir / "lang" / (f"{locale}.snbt" if sources[locale] == "file" else locale))
            target = book.texts_by_locale.setdefault(locale, {})
            for key, value in table.items():
                parsed = _lang.parse_lang_key(key)
                if parsed is None:
                    self.error("bad_lang_key", "", key, f"{path}: key {key!r} is not <type>.<16-hex id>.<field>", path)
                    continue
                kind = book.object_types.get(parsed.object_id)
                if kind is None:
                    self.error("unknown_lang_object", parsed.object_id, key,
                               f"{path}: key {key!r}: no {parsed.object_type} {parsed.object_id} in the book; ignored",
                               path)
                    continue
                if kind != parsed.object_type:  # FTB looks text up by "<type>.<id>.<field>": never used
                    self.error("unknown_lang_object", parsed.object_id, key,
                               f"{path}: key {key!r}: {parsed.object_id} is a {kind} in the book, not a "
                               f"{parsed.object_type}; ignored", path)
                    continue
                if not _lang.is_text(value):
                    self.error("bad_lang_value", parsed.object_id, key,
                               f"{path}: key {key!r}: expected a string or a list of strings", path)
                    continue
                target[(parsed.object_id, parsed.field)] = value if isinstance(value, str) else tuple(value)
            book.text_sources[locale] = "+".join(filter(None, [book.text_sources.get(locale), sources[locale]]))
        if translations is None:
            translations = _lang.find_json_translations(self.dir)
        book.json_tables = _lang.read_json_translations(translations)
        for locale in book.json_tables:
            book.text_sources[locale] = "+".join(filter(None, [book.text_sources.get(locale), "json"]))


def _replace(obj: Any, **changes: Any) -> Any:
    from dataclasses import replace

    return replace(obj, **changes)


def _cycles(graph: dict[str, list[str]]) -> list[list[str]]:
    """Each elementary cycle found by an iterative DFS (one per strongly connected back edge), deterministic."""
    white, grey, black = 0, 1, 2
    colour = {node: white for node in graph}
    found: list[list[str]] = []
    for start in sorted(graph):
        if colour[start] != white:
            continue
        stack = [(start, iter(sorted(graph[start])))]
        path = [start]
        colour[start] = grey
        while stack:
            node, children = stack[-1]
            for child in children:
                if colour.get(child, black) == white:
                    colour[child] = grey
                    path.append(child)
                    stack.append((child, iter(sorted(graph[child]))))
                    break
                if colour.get(child) == grey:
                    cycle = path[path.index(child):]
                    low = cycle.index(min(cycle))
                    found.append(cycle[low:] + cycle[:low])
            else:
                colour[node] = black
                stack.pop()
                path.pop()
    return sorted(found)


def read_quest_book(
    path: str | os.PathLike[str],
    *,
    translations: Mapping[str, Any] | None = None,
    strict: bool = True,
) -> QuestBook:
    """Read an FTB Quests book.

    Parameters
    ----------
    path : path-like
        The ``config/ftbquests/quests`` folder, or a pack/instance folder above it.
    translations : mapping, optional
        JSON language files for ``{key}`` references: ``locale -> path, [paths] or {key: text}``.
        By default ``<pack>/kubejs/assets/*/lang/*.json`` next to the book is used when present.
    strict : bool, default=True
        Raise on the first malformed SNBT file, bad id or duplicate id. With ``strict=False`` such
        files and objects are skipped and reported in :meth:`QuestBook.errors`. Dependency,
        cycle and lang-key problems are always reported as error rows (FTB loads such books too).

    Returns
    -------
    QuestBook

    Raises
    ------
    QuestBookNotFoundError
        When no book is found at ``path``.
    SnbtSyntaxError
        Malformed SNBT (file, line and column in the message), in strict mode.
    QuestBookError
        A bad or duplicate id, in strict mode.
    """
    folder = find_quest_book(path)
    return _Loader(folder, strict).load(translations)
