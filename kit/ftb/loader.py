"""Reading an FTB Quests book (``config/ftbquests/quests/``) into a :class:`kit.ftb.QuestBook`.

Loading order follows FTB Quests: ``data.snbt`` -> ``chapter_groups.snbt`` -> ``chapters/*.snbt``
-> ``reward_tables/*.snbt`` -> dependencies (:mod:`kit.ftb.dependencies`) -> text (:mod:`kit.ftb.booktext`:
inline fields as ``en_us``, then ``lang/<locale>.snbt`` or the split ``lang/<locale>/`` folders, then
``{key}`` references through JSON language files). One id map covers the whole book. Ids are 16-digit
upper-case hex strings.

Lenient by default: a malformed file, a bad or duplicate id becomes a problem row
(:meth:`kit.ftb.QuestBook.problems`) and the rest of the book loads; ``strict=True`` raises the first one.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kit.ftb.booktext import load_text
from kit.ftb.dependencies import resolve_dependencies
from kit.ftb.errors import QuestBookNotFoundError
from kit.ftb.model import QuestBook
from kit.ftb.reading import BookReader, _detail, _flag, _hex_id, _tristate
from kit.ftb.records import BOOK_ID, Chapter, ChapterGroup, Quest, QuestLink, Reward, RewardTable, Task

__all__ = ["read_quest_book", "find_quest_book"]


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


def read_quest_book(
    path: str | os.PathLike[str],
    *,
    translations: Mapping[str, Any] | None = None,
    strict: bool = False,
) -> QuestBook:
    """Read an FTB Quests book.

    Parameters
    ----------
    path : path-like
        The ``config/ftbquests/quests`` folder, or a pack/instance folder above it.
    translations : mapping, optional
        JSON language files for ``{key}`` references: ``locale -> path, [paths] or {key: text}``.
        By default ``<pack>/kubejs/assets/*/lang/*.json`` next to the book is used when present.
    strict : bool, default=False
        Lenient by default: a malformed SNBT file, a bad id or a duplicate id is skipped and reported as a
        problem row (:meth:`QuestBook.problems`), and the rest of the book loads, as FTB Quests does. With
        ``strict=True`` the first such problem raises. Dependency, cycle and lang-key problems are always
        rows (FTB loads such books too).

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
    return _load(BookReader(folder, strict), translations)


def _load(reader: BookReader, translations: Mapping[str, Any] | None) -> QuestBook:
    book = reader.book
    data_file = reader.dir / "data.snbt"
    if os.path.lexists(data_file) and not data_file.is_dir():  # a FIFO or device is refused by read()
        book.settings = reader.read(data_file) or {}
    book.object_types[BOOK_ID] = "file"
    title = book.settings.get("title")
    if isinstance(title, str) and title:
        reader.inline[(BOOK_ID, "title")] = title
    _load_groups(reader)
    _load_chapters(reader)
    _load_reward_tables(reader)
    resolve_dependencies(reader)
    load_text(reader, translations)
    return book


def _load_groups(reader) -> None:
    file = reader.dir / "chapter_groups.snbt"
    if not os.path.lexists(file) or file.is_dir():
        return
    data = reader.read(file) or {}
    for order, raw in enumerate(data.get("chapter_groups") or []):
        group_id = reader.register(raw, "chapter_group", file, f"chapter_groups[{order}]")
        if group_id is not None:
            reader.book.group_by_id[group_id] = ChapterGroup(group_id, order)


def _load_chapters(reader) -> None:
    folder = reader.dir / "chapters"
    loaded: list[Chapter] = []
    for file in sorted(folder.glob("*.snbt")) if folder.is_dir() else []:
        raw = reader.read(file)
        if raw is None:
            continue
        chapter = _load_chapter(reader, raw, file)
        if chapter is not None:
            loaded.append(chapter)
    group_order = {gid: g.order for gid, g in reader.book.group_by_id.items()}
    loaded.sort(
        key=lambda c: (
            c.group_id != "",
            group_order.get(c.group_id, len(group_order)),
            c.order_index,
            c.filename,
            c.chapter_id,
        )
    )
    reader.book.chapter_by_id = {c.chapter_id: c for c in loaded}


def _load_chapter(reader, raw: dict[str, Any], file: Path) -> Chapter | None:
    chapter_id = reader.register(raw, "chapter", file, "chapter")
    if chapter_id is None:
        return None
    group = _hex_id(raw.get("group")) if raw.get("group") else ""
    if group is None or (group and group not in reader.book.group_by_id):
        reader.error(
            "unknown_group",
            chapter_id,
            "group",
            f"{file}: chapter {chapter_id}: group {raw.get('group')!r} is not in chapter_groups.snbt; "
            f"shown without a group",
            str(file),
        )
        group = ""
    quest_ids = []
    for index, quest_raw in enumerate(raw.get("quests") or []):
        quest_id = _load_quest(reader, quest_raw, chapter_id, file, index)
        if quest_id is not None:
            quest_ids.append(quest_id)
    link_ids = []
    for index, link_raw in enumerate(raw.get("quest_links") or []):
        link_id = reader.register(link_raw, "quest_link", file, f"quest_links[{index}]")
        if link_id is None:
            continue
        target = _hex_id(link_raw.get("linked_quest"))
        reader.book.link_by_id[link_id] = QuestLink(link_id, chapter_id, target or "")
        link_ids.append(link_id)
    mode = raw.get("progression_mode")
    return Chapter(
        chapter_id=chapter_id,
        filename=str(raw.get("filename") or file.stem),
        group_id=group,
        order_index=reader.number(raw, "order_index", 0, chapter_id, file),
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


def _load_quest(reader, raw: Any, chapter_id: str, file: Path, index: int) -> str | None:
    quest_id = reader.register(raw, "quest", file, f"chapter {chapter_id} quests[{index}]")
    if quest_id is None:
        return None
    task_ids = []
    for t_index, task_raw in enumerate(raw.get("tasks") or []):
        task_id = reader.register(task_raw, "task", file, f"quest {quest_id} tasks[{t_index}]")
        if task_id is None:
            continue
        count = task_raw.get("count")
        if count is None and isinstance(task_raw.get("item"), dict):
            count = task_raw["item"].get("count", task_raw["item"].get("Count"))
        reader.book.task_by_id[task_id] = Task(
            task_id=task_id,
            quest_id=quest_id,
            index=t_index,
            type=str(task_raw.get("type") or "item"),
            detail=_detail(
                task_raw, "item", "entity", "advancement", "stat", "structure", "dimension", "biome", "stage"
            ),
            count=int(count) if isinstance(count, (int, float)) else 1,
            is_optional=_flag(task_raw.get("optional_task")),
        )
        task_ids.append(task_id)
    reward_ids = []
    for r_index, reward_raw in enumerate(raw.get("rewards") or []):
        reward_id = reader.register(reward_raw, "reward", file, f"quest {quest_id} rewards[{r_index}]")
        if reward_id is None:
            continue
        table = reward_raw.get("table_id")
        table_id = _hex_id(table) if table is not None else ""
        reader.book.reward_by_id[reward_id] = Reward(
            reward_id=reward_id,
            quest_id=quest_id,
            index=r_index,
            type=str(reward_raw.get("type") or "item"),
            detail=_detail(reward_raw, "item", "command", "stage"),
            reward_table_id=table_id or "",
            is_team_reward=_tristate(reward_raw.get("team_reward")),
        )
        reward_ids.append(reward_id)
    deps = raw.get("dependencies")
    reader.raw_deps[quest_id] = list(deps) if isinstance(deps, list) else ([deps] if deps is not None else [])
    mode = raw.get("progression_mode")
    requirement = raw.get("dependency_requirement")
    # the legacy key "hide" wins when present, as in FTB Quests
    hide_visible = raw["hide"] if "hide" in raw else raw.get("hide_until_deps_visible")
    reader.book.quest_by_id[quest_id] = Quest(
        quest_id=quest_id,
        chapter_id=chapter_id,
        task_ids=tuple(task_ids),
        reward_ids=tuple(reward_ids),
        dependencies=(),
        dependency_requirement=requirement
        if requirement in ("all_completed", "one_completed", "all_started", "one_started")
        else "all_completed",
        min_required_dependencies=reader.number(raw, "min_required_dependencies", 0, quest_id, file),
        max_completable_dependents=reader.number(raw, "max_completable_dependents", 0, quest_id, file),
        is_optional=_flag(raw.get("optional")),
        can_repeat=_flag(raw.get("can_repeat")),
        invisible=_flag(raw.get("invisible")),
        invisible_until_tasks=reader.number(raw, "invisible_until_tasks", 0, quest_id, file),
        hide_until_deps_visible=_tristate(hide_visible),
        hide_until_deps_complete=_tristate(raw.get("hide_until_deps_complete")),
        hide_details_until_startable=_tristate(raw.get("hide_details_until_startable")),
        hide_text_until_complete=_tristate(raw.get("hide_text_until_complete")),
        progression_mode=mode if mode in ("linear", "flexible") else "default",
        x=float(reader.number(raw, "x", 0.0, quest_id, file, real=True)),
        y=float(reader.number(raw, "y", 0.0, quest_id, file, real=True)),
    )
    return quest_id


def _load_reward_tables(reader) -> None:
    folder = reader.dir / "reward_tables"
    for file in sorted(folder.glob("*.snbt")) if folder.is_dir() else []:
        raw = reader.read(file)
        if raw is None:
            continue
        table_id = reader.register(raw, "reward_table", file, "reward table")
        if table_id is None:
            continue
        reader.book.reward_table_by_id[table_id] = RewardTable(
            reward_table_id=table_id,
            filename=file.stem,
            n_rewards=len(raw.get("rewards") or []),
            loot_size=reader.number(raw, "loot_size", 1, table_id, file),
            path=str(file),
        )
    for reward in reader.book.reward_by_id.values():
        if reward.reward_table_id and reward.reward_table_id not in reader.book.reward_table_by_id:
            quest = reader.book.quest_by_id[reward.quest_id]
            reader.error(
                "unknown_reward_table",
                reward.reward_id,
                "table_id",
                f"reward {reward.reward_id} of quest {reward.quest_id}: reward table "
                f"{reward.reward_table_id} does not exist",
                reader.chapter_path(quest.chapter_id),
            )
