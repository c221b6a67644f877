"""The sample save's FTB Quests book and team progress (written by ``python -m kit.samples``).

A small, original quest book for the invented "Aurora" server in the 1.21 layout: ``data.snbt``,
``chapter_groups.snbt``, ``chapters/*.snbt`` and text in ``lang/en_us.snbt`` and ``lang/zh_cn.snbt``.
It has guide quests (checkmark-only or without tasks, with descriptions) next to ordinary item
quests, and exercises every visibility rule kit reproduces: ``hide_until_deps_complete``,
chapter-wide ``hide_quest_until_deps_visible``, ``invisible``, ``hide_details_until_startable``,
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

__all__ = ["write_quests", "quest_id", "PARTY_UUID", "QUEST_SLUGS"]

#: The party of alex and mei.
PARTY_UUID = str(uuid.uuid5(uuid.NAMESPACE_URL, "kit-sample:aurora-builders"))
_BASE_TIME = 1_767_225_600_000  # 2026-01-01T00:00:00Z in ms


def quest_id(slug: str) -> str:
    """The sample's deterministic 16-hex id for an object slug."""
    return hashlib.sha256(f"aurora-quests:{slug}".encode()).hexdigest()[:16].upper()


def _t(en: str | list[str] | None, zh: str | list[str] | None) -> dict[str, Any]:
    return {"en_us": en, "zh_cn": zh}


# chapter slug -> settings; quests: slug -> (tasks, dependencies, flags, title, subtitle, description)
_CHAPTERS: list[dict[str, Any]] = [
    dict(slug="welcome", order=0, group="basics", icon="minecraft:compass",
         title=_t("Welcome to Aurora", "欢迎来到 Aurora"), subtitle=_t(["Read me first"], ["请先阅读"]), quests=[
        dict(slug="welcome", tasks=["checkmark"], deps=[], flags={"optional": True},
             title=_t("Welcome, traveller", "欢迎你,旅行者"),
             subtitle=_t("How this book works", "任务书怎么用"),
             desc=_t(["&6Aurora&r is a cooperative modded survival server.",
                      "",
                      "Quests marked with a book are guides: read them and tick the checkmark. "
                      "Item quests ask you to bring the item shown.",
                      "{@pagebreak}",
                      "Open this book any time with the &eL&r key. Your team shares progress."],
                     ["&6Aurora&r 是一个合作向的模组生存服务器。",
                      "",
                      "带书本图标的任务是说明任务:读完后勾选完成即可。物品任务需要你提交所显示的物品。",
                      "{@pagebreak}",
                      "随时按 &eL&r 键打开任务书。队伍成员共享任务进度。"])),
        dict(slug="rules", tasks=["checkmark"], deps=["welcome"], flags={},
             title=_t("Server rules", "服务器规则"), subtitle=_t("Play fair", "公平游戏"),
             desc=_t(["No griefing, no stealing, no lag machines. Redstone clocks must have an off switch.",
                      "Ask staff before building within 200 blocks of spawn. Be kind in chat."],
                     ["禁止破坏、偷窃和制造卡顿的机器。红石时钟必须带有关闭开关。",
                      "在出生点 200 格内建造前请先询问管理员。聊天时请友善待人。"])),
        dict(slug="claims", tasks=[], deps=["rules"], flags={"hide_until_deps_complete": True},
             title=_t("Claiming land", "领地保护"), subtitle=_t("Protect your base", "保护你的基地"),
             desc=_t(["Open the map with &eM&r and drag over chunks to claim them. Every player gets 64 claimed "
                      "chunks; a party pools its members' chunks.",
                      "{image:aurora:textures/gui/claims.png width:120 height:80 align:center}",
                      "Claims stop explosions and block breaking by anyone outside your team."],
                     ["按 &eM&r 打开地图,拖动选择区块即可领取。每位玩家有 64 个领地区块;队伍会合并成员的区块数。",
                      "{image:aurora:textures/gui/claims.png width:120 height:80 align:center}",
                      "领地可以阻止爆炸,并禁止队伍外的人破坏方块。"])),
        dict(slug="crafting_table", tasks=[("item", "minecraft:crafting_table")], deps=["welcome"], flags={},
             title=_t(None, None), subtitle=_t(None, None),
             desc=_t(["A humble start."], ["朴素的开始。"])),
    ]),
    dict(slug="frostworks", order=1, group="basics", icon="minecraft:blue_ice",
         title=_t("Frostworks", "霜铸工业"), subtitle=_t(["Cold industry"], ["寒冷的工业"]), quests=[
        dict(slug="first_casing", tasks=[("item", "frostworks:casing")], deps=["welcome"], flags={},
             title=_t("First casing", "第一个机器外壳"), subtitle=_t(None, None),
             desc=_t(["Craft a Frostworks casing from iron and packed ice."], ["用铁和浮冰合成一个霜铸工业机器外壳。"])),
        dict(slug="cryo_press", tasks=["checkmark"], deps=["first_casing"],
             flags={"hide_details_until_startable": True},
             title=_t("How the cryo press works", "冷冻压机的原理"), subtitle=_t("Machines run cold", "机器靠寒冷运行"),
             desc=_t(["The cryo press needs coolant instead of fuel. Pipe water through a chiller next to it; "
                      "each bucket of coolant presses eight plates.",
                      "The press stops when its coolant tank is empty, so keep a buffer tank nearby."],
                     ["冷冻压机不用燃料,而是消耗冷却液。把水通过旁边的冷却器输入即可;每桶冷却液可以压制八块板。",
                      "冷却液耗尽时压机会停机,记得在旁边放一个缓冲储罐。"])),
        dict(slug="coolant_loops", tasks=["checkmark"], deps=["cryo_press"],
             flags={"hide_text_until_complete": True},
             title=_t("Coolant loops", "冷却液循环"), subtitle=_t("Recycle your coolant", "循环利用冷却液"),
             desc=_t(["Warm coolant leaving a machine can be cooled again in a radiator on a snowy biome. "
                      "A closed loop never runs dry."],
                     ["从机器流出的温热冷却液可以在雪地群系中的散热器里重新降温。闭合的循环永远不会干涸。"])),
        dict(slug="frozen_vault", tasks=["checkmark"], deps=["first_casing"], flags={"invisible": True},
             title=_t("The frozen vault", "冰封宝库"), subtitle=_t("A secret", "一个秘密"),
             desc=_t(["Deep under the glacier at the world's northern edge lies a vault sealed with blue ice. "
                      "Bring a cryo drill."],
                     ["在世界北端的冰川深处,有一座用蓝冰封住的宝库。记得带上冷冻钻头。"])),
        dict(slug="heat_exchangers", tasks=["checkmark"], deps=["first_casing"], flags={},
             title=_t("Heat exchangers", None), subtitle=_t("Warming up", None),
             desc=_t(["A heat exchanger moves heat from lava to coolant. Use it to thaw frozen ore before "
                      "crushing it."], None)),
    ]),
    dict(slug="skyrail", order=2, group="basics", icon="minecraft:rail",
         title=_t("Skyrail", "天轨"), subtitle=_t(["Travel above the clouds"], ["在云端旅行"]),
         defaults={"hide_quest_until_deps_visible": True}, quests=[
        dict(slug="skyrail_basics", tasks=["checkmark"], deps=["first_casing"], flags={},
             title=_t("Skyrail basics", "天轨入门"), subtitle=_t("Tracks in the sky", "空中的轨道"),
             desc=_t(["Skyrail track hangs from pylons every 16 blocks. Stations need a ticket machine and "
                      "one iron block of casing per platform."],
                     ["天轨轨道每隔 16 格挂在一座塔架上。车站需要一台售票机,每个站台需要一个铁块作为外壳。"])),
        dict(slug="vault_line", tasks=["checkmark"], deps=["frozen_vault"], flags={},
             title=_t("The vault line", "宝库专线"), subtitle=_t(None, None),
             desc=_t(["A hidden Skyrail line runs to the frozen vault. Its station is behind the waterfall."],
                     ["有一条隐藏的天轨线路通往冰封宝库,车站就在瀑布后面。"])),
    ]),
    dict(slug="paths", order=3, group="", icon="minecraft:oak_sign",
         title=_t("Choose your path", "选择你的道路"), subtitle=_t(None, None), quests=[
        dict(slug="crossroads", tasks=["checkmark"], deps=["welcome"], flags={"max_completable_dependents": 1},
             title=_t("Crossroads", "十字路口"), subtitle=_t("Only one", "只能选一条"),
             desc=_t(["Pick one of the two specialisations below. Once you finish one, the other closes."],
                     ["从下面两个专精中选择一个。完成其中一个后,另一个将关闭。"])),
        dict(slug="path_frost", tasks=["checkmark"], deps=["crossroads"], flags={},
             title=_t("Path of frost", "寒霜之路"), subtitle=_t(None, None),
             desc=_t(["Frost specialists build chillers at half cost and can walk on powder snow."],
                     ["寒霜专精建造冷却器只需一半材料,并且可以在细雪上行走。"])),
        dict(slug="path_sky", tasks=["checkmark"], deps=["crossroads"], flags={},
             title=_t("Path of sky", "天空之路"), subtitle=_t(None, None),
             desc=_t(["Sky specialists ride Skyrail for free and take no fall damage near pylons."],
                     ["天空专精免费乘坐天轨,在塔架附近不受摔落伤害。"])),
    ]),
    dict(slug="staff", order=4, group="", icon="minecraft:command_block",
         title=_t("Staff handbook", "管理员手册"), subtitle=_t(None, None), defaults={"always_invisible": True},
         quests=[
        dict(slug="staff_tools", tasks=["checkmark"], deps=[], flags={},
             title=_t("Staff tools", "管理工具"), subtitle=_t(None, None),
             desc=_t(["Use /aurora inspect to see who placed a block. Rollbacks need two staff members."],
                     ["使用 /aurora inspect 查看方块的放置者。回滚需要两名管理员共同确认。"])),
    ]),
]

#: Every quest slug of the sample book, in book order.
QUEST_SLUGS: tuple[str, ...] = tuple(q["slug"] for c in _CHAPTERS for q in c["quests"])

# Team progress: completed quests (their tasks complete too, the chapter/book start).
_PROGRESS = {
    PARTY_UUID: ["welcome", "rules", "first_casing", "crossroads", "path_frost"],
    PLAYERS["sam"]: ["welcome"],
}


def _task(quest_slug: str, index: int, spec: Any) -> dict[str, Any]:
    task: dict[str, Any] = {"id": quest_id(f"{quest_slug}/task{index}")}
    if spec == "checkmark":
        task["type"] = "checkmark"
    else:
        kind, item = spec
        task.update(type=kind, item={"id": item, "count": 1})
    return task


def _quest(chapter: dict[str, Any], spec: dict[str, Any], index: int) -> dict[str, Any]:
    slug = spec["slug"]
    quest: dict[str, Any] = {
        "id": quest_id(slug),
        "x": float(index * 2 % 8),
        "y": float(index // 4),
        "tasks": [_task(slug, i, t) for i, t in enumerate(spec["tasks"])],
        "rewards": [{"id": quest_id(f"{slug}/reward"), "type": "xp", "xp": 10}],
    }
    if spec["deps"]:
        quest["dependencies"] = [quest_id(d) for d in spec["deps"]]
    quest.update(spec["flags"])
    return quest


def _lang_tables() -> dict[str, dict[str, Any]]:
    tables: dict[str, dict[str, Any]] = {"en_us": {}, "zh_cn": {}}

    def put(key: str, texts: dict[str, Any]) -> None:
        for locale, text in texts.items():
            if text:
                tables[locale][key] = list(text) if isinstance(text, list) else text

    put(f"file.{'0' * 15}1.title", _t("Aurora Quests", "Aurora 任务书"))
    put(f"chapter_group.{quest_id('group/basics')}.title", _t("Basics", "基础"))
    for chapter in _CHAPTERS:
        cid = quest_id(f"chapter/{chapter['slug']}")
        put(f"chapter.{cid}.title", chapter["title"])
        put(f"chapter.{cid}.chapter_subtitle", chapter["subtitle"])
        for spec in chapter["quests"]:
            qid = quest_id(spec["slug"])
            put(f"quest.{qid}.title", spec["title"])
            put(f"quest.{qid}.quest_subtitle", spec["subtitle"])
            put(f"quest.{qid}.quest_desc", spec["desc"])
    return tables


def _write(path: Path, value: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(value), "utf-8", newline="\n")


def _team_file(team_id: str, name: str, members: list[str]) -> dict[str, Any]:
    completed: dict[str, Any] = {}
    started: dict[str, Any] = {}
    task_progress: dict[str, Any] = {}
    time = _BASE_TIME
    chapter_of = {q["slug"]: c["slug"] for c in _CHAPTERS for q in c["quests"]}
    spec_of = {q["slug"]: q for c in _CHAPTERS for q in c["quests"]}
    started["0000000000000001"] = Long(time)
    for slug in _PROGRESS.get(team_id, []):
        time += 60_000
        started.setdefault(quest_id(f"chapter/{chapter_of[slug]}"), Long(time))
        started[quest_id(slug)] = Long(time)
        for index, _ in enumerate(spec_of[slug]["tasks"]):
            tid = quest_id(f"{slug}/task{index}")
            task_progress[tid] = Long(1)
            started[tid] = Long(time)
            completed[tid] = Long(time)
        completed[quest_id(slug)] = Long(time)
    claimed = {f"{members[0].replace('-', '')}:{quest_id(slug + '/reward')}": Long(_BASE_TIME + 3_600_000)
               for slug in _PROGRESS.get(team_id, [])[:2]}
    return {
        "version": 1, "uuid": team_id.replace("-", ""), "name": name, "lock": False, "rewards_blocked": False,
        "task_progress": task_progress, "started": started, "completed": completed, "claimed_rewards": claimed,
        "repeatable": {}, "completion_count": {},
        "player_data": {m.replace("-", ""): {"auto_pin": False, "can_edit": False, "chapter_pinned": False,
                                             "pinned_quests": []} for m in members},
    }


def _team_properties(name: str, colour: str) -> dict[str, Any]:
    return {"ftbteams:color": colour, "ftbteams:description": "", "ftbteams:display_name": name,
            "ftbteams:free_to_join": Byte(0), "ftbteams:max_msg_history_size": 1000}


def write_quests(save_dir: Path) -> None:
    """(Re)write the sample quest book under ``<save_dir>/config/ftbquests/quests/`` and the team files
    under ``<save_dir>/ftbquests/`` and ``<save_dir>/ftbteams/``; the databases are not touched."""
    save_dir = Path(save_dir)
    for folder in (save_dir / "config" / "ftbquests", save_dir / "ftbquests", save_dir / "ftbteams"):
        if folder.exists():
            shutil.rmtree(folder)
    quests = save_dir / "config" / "ftbquests" / "quests"
    _write(quests / "data.snbt", {
        "version": 13, "default_autoclaim_rewards": "disabled", "default_quest_shape": "circle",
        "default_reward_team": False, "fallback_locale": "en_us", "hide_excluded_quests": True,
        "progression_mode": "linear", "icon": {"id": "minecraft:book"}, "grid_scale": 0.5})
    _write(quests / "chapter_groups.snbt", {"chapter_groups": [{"id": quest_id("group/basics")}]})
    for chapter in _CHAPTERS:
        cid = quest_id(f"chapter/{chapter['slug']}")
        data: dict[str, Any] = {
            "id": cid, "filename": chapter["slug"], "group": quest_id(f"group/{chapter['group']}")
            if chapter["group"] else "", "order_index": chapter["order"], "icon": {"id": chapter["icon"]},
            "default_quest_shape": "", "default_hide_dependency_lines": False, "quest_links": [], "images": [],
            "quests": [_quest(chapter, spec, i) for i, spec in enumerate(chapter["quests"])],
        }
        data.update(chapter.get("defaults", {}))
        _write(quests / "chapters" / f"{chapter['slug']}.snbt", data)
    for locale, table in _lang_tables().items():
        _write(quests / "lang" / f"{locale}.snbt", table)

    for name, player in sorted(PLAYERS.items()):
        _write(save_dir / "ftbteams" / "player" / f"{player}.snbt", {
            "id": player, "type": "player", "player_name": name, "ranks": {player: "owner"},
            "properties": _team_properties(name, "#59FF61"), "message_history": [], "extra": {}})
    party_members = [PLAYERS["alex"], PLAYERS["mei"]]
    _write(save_dir / "ftbteams" / "party" / f"{PARTY_UUID}.snbt", {
        "id": PARTY_UUID, "type": "party", "owner": PLAYERS["alex"],
        "ranks": {PLAYERS["alex"]: "owner", PLAYERS["mei"]: "member"},
        "properties": _team_properties("Aurora Builders", "#5BC0EB"), "message_history": [], "extra": {}})
    _write(save_dir / "ftbteams" / "ftbteams.snbt", {"id": str(uuid.uuid5(uuid.NAMESPACE_URL, "kit-sample:server"))})
    _write(save_dir / "ftbquests" / f"{PARTY_UUID}.snbt", _team_file(PARTY_UUID, "Aurora Builders", party_members))
    for name in ("alex", "mei", "sam"):
        player = PLAYERS[name]
        _write(save_dir / "ftbquests" / f"{player}.snbt", _team_file(player, name, [player]))
