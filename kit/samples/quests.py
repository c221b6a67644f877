"""The sample save's FTB Quests book and team progress (written by ``python -m kit.samples``).

A small, original quest book for the invented "Aurora" server in the 1.21 layout: ``data.snbt``,
``chapter_groups.snbt``, ``chapters/*.snbt`` and text in ``lang/en_us.snbt`` and
``lang/zh_cn.snbt``. Its guide quests carry the guide texts of :func:`kit.samples.guides.ftb_guides`
(same quest ids, so the sample database's ``system:ftb_guides`` describes quests that exist) plus
five of this module's own; each chapter opens with an ordinary item quest. The book exercises every
visibility rule kit reproduces: ``hide_until_deps_complete``, chapter-wide
``hide_quest_until_deps_visible``, ``invisible``, ``hide_details_until_startable``,
``hide_text_until_complete``, an ``always_invisible`` chapter, and an exclusive choice
(``max_completable_dependents`` with ``hide_excluded_quests``). One guide has English text only (a
missing translation).

World side (FTB Teams / FTB Quests 1.21): alex and mei share the party "Aurora Builders", sam plays
alone. ``<save>/ftbteams/{player,party}/<uuid>.snbt`` and ``<save>/ftbquests/<team uuid>.snbt``.
Everything is deterministic: ids are derived from names, times are fixed.
"""

from __future__ import annotations

import hashlib
import shutil
import uuid
from pathlib import Path
from typing import Any

from kit.ftb.snbt import Byte, Long, dumps
from kit.samples.saves import PLAYERS

__all__ = ["write_quests", "quest_id", "sample_quest_ids", "PARTY_UUID"]

#: The party of alex and mei.
PARTY_UUID = str(uuid.uuid5(uuid.NAMESPACE_URL, "kit-sample:aurora-builders"))
_BASE_TIME = 1_767_225_600_000  # 2026-01-01T00:00:00Z in ms


def quest_id(slug: str) -> str:
    """The sample's deterministic 16-hex id for an object slug."""
    return hashlib.sha256(f"aurora-quests:{slug}".encode()).hexdigest()[:16].upper()


def _t(en: str | list[str] | None, zh: str | list[str] | None) -> dict[str, Any]:
    return {"en_us": en, "zh_cn": zh}


def _own(
    slug: str,
    chapter: str,
    tasks: list[Any],
    deps: list[str],
    flags: dict[str, Any],
    title: Any,
    subtitle: Any,
    desc: Any,
) -> dict[str, Any]:
    return dict(
        slug=slug, chapter=chapter, tasks=tasks, deps=deps, flags=flags, title=title, subtitle=subtitle, desc=desc
    )


# The chapters, in display order: the eight chapters of the sample's guide texts (kit.samples.guides)
# plus two of this module's own. "defaults" are chapter-wide flags; "entry" is an ordinary item quest
# that opens the chapter.
_CHAPTERS: list[dict[str, Any]] = [
    dict(
        slug="getting_started",
        group="",
        icon="minecraft:compass",
        entry="minecraft:crafting_table",
        title=_t("Getting Started", "新手入门"),
        subtitle=_t(["Read me first"], ["请先阅读"]),
    ),
    dict(
        slug="team_quests",
        group="",
        icon="minecraft:white_banner",
        entry="minecraft:white_banner",
        title=_t("Team Quests", "队伍任务"),
        subtitle=_t(["Play together"], ["一起游戏"]),
    ),
    dict(
        slug="ember_age",
        group="ages",
        icon="minecraft:blast_furnace",
        entry="minecraft:blast_furnace",
        title=_t("Ember Age", "余烬时代"),
        subtitle=_t(None, None),
    ),
    dict(
        slug="frost_age",
        group="ages",
        icon="minecraft:blue_ice",
        entry="minecraft:packed_ice",
        title=_t("Frost Age", "霜冻时代"),
        subtitle=_t(["Cold industry"], ["寒冷的工业"]),
    ),
    dict(
        slug="skyways",
        group="ages",
        icon="minecraft:rail",
        entry="minecraft:powered_rail",
        title=_t("Skyways", "天空航道"),
        subtitle=_t(None, None),
        defaults={"hide_quest_until_deps_visible": True},
    ),
    dict(
        slug="cartographer",
        group="side",
        icon="minecraft:filled_map",
        entry="minecraft:map",
        title=_t("Cartographer", "制图师"),
        subtitle=_t(None, None),
    ),
    dict(
        slug="verdant_path",
        group="side",
        icon="minecraft:wheat",
        entry="minecraft:wheat_seeds",
        title=_t("Verdant Path", "青翠之路"),
        subtitle=_t(None, None),
    ),
    dict(
        slug="monster_hunter",
        group="side",
        icon="minecraft:iron_sword",
        entry="minecraft:iron_sword",
        title=_t("Monster Hunter", "怪物猎人"),
        subtitle=_t(None, None),
    ),
    dict(
        slug="paths",
        group="",
        icon="minecraft:oak_sign",
        entry=None,
        title=_t("Choose Your Path", "选择你的道路"),
        subtitle=_t(None, None),
    ),
    dict(
        slug="staff",
        group="",
        icon="minecraft:command_block",
        entry=None,
        title=_t("Staff Handbook", "管理员手册"),
        subtitle=_t(None, None),
        defaults={"always_invisible": True},
    ),
]
_GROUPS = {"ages": _t("Ages", "时代"), "side": _t("Side Guides", "支线指南")}

# This module's own quests (the guide texts come from kit.samples.guides).
_OWN_QUESTS = [
    _own(
        "heat_exchangers",
        "frost_age",
        ["checkmark"],
        ["entry/frost_age"],
        {},
        _t("Heat Exchangers", None),
        _t("Warming up", None),
        _t(["A heat exchanger moves heat from lava to coolant. Use it to thaw frozen ore before crushing it."], None),
    ),
    _own(
        "crossroads",
        "paths",
        ["checkmark"],
        ["entry/getting_started"],
        {"max_completable_dependents": 1},
        _t("Crossroads", "十字路口"),
        _t("Only one", "只能选一条"),
        _t(
            ["Pick one of the two specialisations below. Once you finish one, the other closes."],
            ["从下面两个专精中选择一个。完成其中一个后，另一个将关闭。"],
        ),
    ),
    _own(
        "path_frost",
        "paths",
        ["checkmark"],
        ["crossroads"],
        {},
        _t("Path of Frost", "寒霜之路"),
        _t(None, None),
        _t(
            [
                "&bFrost&r specialists build chillers at half cost and can walk on powder snow.",
                "{image:aurora:textures/quests/frost.png width:64 height:64 align:center}",
            ],
            [
                "&b寒霜&r专精建造冷却器只需一半材料，并且可以在细雪上行走。",
                "{image:aurora:textures/quests/frost.png width:64 height:64 align:center}",
            ],
        ),
    ),
    _own(
        "path_sky",
        "paths",
        ["checkmark"],
        ["crossroads"],
        {},
        _t("Path of Sky", "天空之路"),
        _t(None, None),
        _t(
            ["Sky specialists ride the Skyrail for free.", "{@pagebreak}", "They take no fall damage near pylons."],
            ["天空专精可以免费乘坐天轨。", "{@pagebreak}", "他们在塔架附近不受摔落伤害。"],
        ),
    ),
    _own(
        "staff_tools",
        "staff",
        ["checkmark"],
        [],
        {},
        _t("Staff Tools", "管理工具"),
        _t(None, None),
        _t(
            ["Use /aurora inspect to see who placed a block. Rollbacks need two staff members."],
            ["使用 /aurora inspect 查看方块的放置者。回滚需要两名管理员共同确认。"],
        ),
    ),
]

# Visibility flags on guide quests, by chapter and position (0 = first guide of the chapter, id order).
_GUIDE_FLAGS: dict[tuple[str, int], dict[str, Any]] = {
    ("getting_started", 2): {"hide_until_deps_complete": True},
    ("frost_age", 0): {"hide_details_until_startable": True},
    ("frost_age", 1): {"hide_text_until_complete": True},
    ("frost_age", 2): {"invisible": True},
}
# Guides whose dependency is not the previous quest of their chapter.
_GUIDE_DEPENDENCIES: dict[tuple[str, int], str] = {
    ("frost_age", 2): "entry/frost_age",
    ("skyways", 1): "guide/frost_age/2",
}

# Team progress: completed quests, by quest key.
_PROGRESS_KEYS = {
    "party": [
        "entry/getting_started",
        "guide/getting_started/0",
        "guide/getting_started/1",
        "entry/team_quests",
        "entry/ember_age",
        "entry/frost_age",
        "crossroads",
        "path_frost",
    ],
    "sam": ["entry/getting_started", "guide/getting_started/0"],
}


def _guide_texts() -> dict[str, list[dict[str, Any]]]:
    """Chapter slug -> guides (id order): quest id and title/description per language, from kit.samples.guides."""
    from kit.samples.guides import ftb_guides

    by_id: dict[str, dict[str, Any]] = {}
    for language in ("en_us", "zh_cn"):
        for doc in ftb_guides(language):
            row = by_id.setdefault(doc.id, dict(quest_id=doc.id[len("ftb:") :], chapter=doc.tags[1], title={}, desc={}))
            row["title"][language] = doc.title
            row["desc"][language] = doc.text.split("\n")
    out: dict[str, list[dict[str, Any]]] = {}
    for row in sorted(by_id.values(), key=lambda r: r["quest_id"]):
        out.setdefault(row["chapter"], []).append(row)
    return out


def _layout() -> list[dict[str, Any]]:
    """Every chapter with its quests resolved: key, id, tasks, dependency keys, flags and texts."""
    guides = _guide_texts()
    chapters = []
    for chapter in _CHAPTERS:
        slug = chapter["slug"]
        quests: list[dict[str, Any]] = []
        if chapter["entry"]:
            index = [c["slug"] for c in _CHAPTERS].index(slug)
            deps = [f"entry/{_CHAPTERS[index - 1]['slug']}"] if index > 0 else []
            quests.append(
                dict(
                    key=f"entry/{slug}",
                    id=quest_id(f"entry/{slug}"),
                    tasks=[("item", chapter["entry"])],
                    deps=deps,
                    flags={},
                    title=_t(None, None),
                    subtitle=_t(None, None),
                    desc=_t(None, None),
                )
            )
        for position, guide in enumerate(guides.get(slug, [])):
            previous = quests[-1]["key"] if quests else None
            dep = _GUIDE_DEPENDENCIES.get((slug, position), previous)
            quests.append(
                dict(
                    key=f"guide/{slug}/{position}",
                    id=guide["quest_id"],
                    tasks=["checkmark"],
                    deps=[dep] if dep else [],
                    flags=dict(_GUIDE_FLAGS.get((slug, position), {})),
                    title=guide["title"],
                    subtitle=_t(None, None),
                    desc=guide["desc"],
                )
            )
        for own in _OWN_QUESTS:
            if own["chapter"] == slug:
                quests.append(
                    dict(
                        key=own["slug"],
                        id=quest_id(own["slug"]),
                        tasks=own["tasks"],
                        deps=own["deps"],
                        flags=own["flags"],
                        title=own["title"],
                        subtitle=own["subtitle"],
                        desc=own["desc"],
                    )
                )
        chapters.append(dict(chapter, id=quest_id(f"chapter/{slug}"), quests=quests))
    return chapters


def sample_quest_ids() -> dict[str, str]:
    """Quest key -> quest id of the sample book (keys such as ``entry/frost_age``, ``guide/frost_age/0``,
    ``crossroads``), in book order.
    """
    return {q["key"]: q["id"] for chapter in _layout() for q in chapter["quests"]}


def _task(quest_key: str, index: int, spec: Any) -> dict[str, Any]:
    task: dict[str, Any] = {"id": quest_id(f"{quest_key}/task{index}")}
    if spec == "checkmark":
        task["type"] = "checkmark"
    else:
        kind, item = spec
        task.update(type=kind, item={"id": item, "count": 1})
    return task


def _quest(spec: dict[str, Any], index: int, ids: dict[str, str]) -> dict[str, Any]:
    quest: dict[str, Any] = {
        "id": spec["id"],
        "x": float(index * 2 % 8),
        "y": float(index // 4),
        "tasks": [_task(spec["key"], i, t) for i, t in enumerate(spec["tasks"])],
        "rewards": [{"id": quest_id(f"{spec['key']}/reward"), "type": "xp", "xp": 10}],
    }
    if spec["deps"]:
        quest["dependencies"] = [ids[d] for d in spec["deps"]]
    quest.update(spec["flags"])
    return quest


def _lang_tables(chapters: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    tables: dict[str, dict[str, Any]] = {"en_us": {}, "zh_cn": {}}

    def put(key: str, texts: dict[str, Any]) -> None:
        for locale, text in texts.items():
            if text:
                tables[locale][key] = list(text) if isinstance(text, list) else text

    put("file.0000000000000001.title", _t("Aurora Quests", "Aurora 任务书"))
    for group, title in _GROUPS.items():
        put(f"chapter_group.{quest_id('group/' + group)}.title", title)
    for chapter in chapters:
        put(f"chapter.{chapter['id']}.title", chapter["title"])
        put(f"chapter.{chapter['id']}.chapter_subtitle", chapter["subtitle"])
        for spec in chapter["quests"]:
            put(f"quest.{spec['id']}.title", spec["title"])
            put(f"quest.{spec['id']}.quest_subtitle", spec["subtitle"])
            put(f"quest.{spec['id']}.quest_desc", spec["desc"])
    return tables


def _write(path: Path, value: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(value), "utf-8", newline="\n")


def _team_file(
    team_id: str, name: str, members: list[str], keys: list[str], layout: list[dict[str, Any]]
) -> dict[str, Any]:
    completed: dict[str, Any] = {}
    started: dict[str, Any] = {}
    task_progress: dict[str, Any] = {}
    time = _BASE_TIME
    where = {q["key"]: (chapter, q) for chapter in layout for q in chapter["quests"]}
    started["0000000000000001"] = Long(time)
    for key in keys:
        time += 60_000
        chapter, spec = where[key]
        started.setdefault(chapter["id"], Long(time))
        started[spec["id"]] = Long(time)
        for index, _ in enumerate(spec["tasks"]):
            task_id = quest_id(f"{key}/task{index}")
            task_progress[task_id] = Long(1)
            started[task_id] = Long(time)
            completed[task_id] = Long(time)
        completed[spec["id"]] = Long(time)
    claimed = {
        f"{members[0].replace('-', '')}:{quest_id(key + '/reward')}": Long(_BASE_TIME + 3_600_000) for key in keys[:2]
    }
    return {
        "version": 1,
        "uuid": team_id.replace("-", ""),
        "name": name,
        "lock": False,
        "rewards_blocked": False,
        "task_progress": task_progress,
        "started": started,
        "completed": completed,
        "claimed_rewards": claimed,
        "repeatable": {},
        "completion_count": {},
        "player_data": {
            m.replace("-", ""): {"auto_pin": False, "can_edit": False, "chapter_pinned": False, "pinned_quests": []}
            for m in members
        },
    }


def _team_properties(name: str, colour: str) -> dict[str, Any]:
    return {
        "ftbteams:color": colour,
        "ftbteams:description": "",
        "ftbteams:display_name": name,
        "ftbteams:free_to_join": Byte(0),
        "ftbteams:max_msg_history_size": 1000,
    }


def write_quests(save_dir: Path) -> None:
    """(Re)write the sample quest book under ``<save_dir>/config/ftbquests/quests/`` and the team files
    under ``<save_dir>/ftbquests/`` and ``<save_dir>/ftbteams/``; the databases are not touched.
    """
    save_dir = Path(save_dir)
    for folder in (save_dir / "config" / "ftbquests", save_dir / "ftbquests", save_dir / "ftbteams"):
        if folder.exists():
            shutil.rmtree(folder)
    layout = _layout()
    ids = {q["key"]: q["id"] for chapter in layout for q in chapter["quests"]}
    quests = save_dir / "config" / "ftbquests" / "quests"
    _write(
        quests / "data.snbt",
        {
            "version": 13,
            "default_autoclaim_rewards": "disabled",
            "default_quest_shape": "circle",
            "default_reward_team": False,
            "fallback_locale": "en_us",
            "hide_excluded_quests": True,
            "progression_mode": "linear",
            "icon": {"id": "minecraft:book"},
            "grid_scale": 0.5,
        },
    )
    _write(quests / "chapter_groups.snbt", {"chapter_groups": [{"id": quest_id(f"group/{g}")} for g in _GROUPS]})
    order = {group: 0 for group in [*_GROUPS, ""]}
    for chapter in layout:
        data: dict[str, Any] = {
            "id": chapter["id"],
            "filename": chapter["slug"],
            "group": quest_id(f"group/{chapter['group']}") if chapter["group"] else "",
            "order_index": order[chapter["group"]],
            "icon": {"id": chapter["icon"]},
            "default_quest_shape": "",
            "default_hide_dependency_lines": False,
            "quest_links": [],
            "images": [],
            "quests": [_quest(spec, i, ids) for i, spec in enumerate(chapter["quests"])],
        }
        order[chapter["group"]] += 1
        data.update(chapter.get("defaults", {}))
        _write(quests / "chapters" / f"{chapter['slug']}.snbt", data)
    for locale, table in _lang_tables(layout).items():
        _write(quests / "lang" / f"{locale}.snbt", table)

    for name, player in sorted(PLAYERS.items()):
        _write(
            save_dir / "ftbteams" / "player" / f"{player}.snbt",
            {
                "id": player,
                "type": "player",
                "player_name": name,
                "ranks": {player: "owner"},
                "properties": _team_properties(name, "#59FF61"),
                "message_history": [],
                "extra": {},
            },
        )
    party_members = [PLAYERS["alex"], PLAYERS["mei"]]
    _write(
        save_dir / "ftbteams" / "party" / f"{PARTY_UUID}.snbt",
        {
            "id": PARTY_UUID,
            "type": "party",
            "owner": PLAYERS["alex"],
            "ranks": {PLAYERS["alex"]: "owner", PLAYERS["mei"]: "member"},
            "properties": _team_properties("Aurora Builders", "#5BC0EB"),
            "message_history": [],
            "extra": {},
        },
    )
    _write(save_dir / "ftbteams" / "ftbteams.snbt", {"id": str(uuid.uuid5(uuid.NAMESPACE_URL, "kit-sample:server"))})
    _write(
        save_dir / "ftbquests" / f"{PARTY_UUID}.snbt",
        _team_file(PARTY_UUID, "Aurora Builders", party_members, _PROGRESS_KEYS["party"], layout),
    )
    for name in ("alex", "mei", "sam"):
        player = PLAYERS[name]
        _write(
            save_dir / "ftbquests" / f"{player}.snbt",
            _team_file(player, name, [player], _PROGRESS_KEYS.get(name, []), layout),
        )
