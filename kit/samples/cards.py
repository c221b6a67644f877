"""Writes the card library of the sample studio: ``<save_dir>/studio/`` (books, card assets, play books).

Everything is deterministic: fixed ids, fixed timestamps (each book has its own fixed clock), avatars drawn
with Pillow and encoded by :func:`kit.core.png.encode_png` (no timestamps or other metadata), so the same
code writes the same bytes. All characters are invented for kit.

What gets written:

* ``studio/cards/``: five card files: two PNG cards with drawn avatars (exported from the two card books),
  a V2 JSON card with a lorebook, a V3 JSON card with a lorebook and a custom extension, and a V1 JSON card;
* ``studio/books/``: two card design books (20+ design-trace entries each, with accepted, draft and rejected
  artifacts), two play books (play trace, messages, run state, snapshots) and one novel project book with
  an outline and chapters;
* ``studio/assets/cards/`` and ``studio/assets/worlds/``: the five card assets and their bound world books;
* ``studio/sessions/``: one working-copy session of the novel.

The three JSON cards are built in :mod:`kit.samples.card_files`.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

from kit.core.errors import InvalidParameterError
from kit.samples.card_files import ilse_brandt_card, old_cat_card, su_xiaoman_card

__all__ = ["AVATAR_SIZE", "write_cards"]

AVATAR_SIZE = 128

_CARD_BOOKS = ("cb-zhou-wanghai", "cb-mira-vance")
_PLAY_BOOKS = ("pb-lighthouse-night", "pb-ilse-storm")
_PROJECT_BOOKS = ("novel-fog-harbour",)
_ASSETS = ("zhou-wanghai", "mira-vance", "su-xiaoman", "ilse-brandt", "old-cat")
_CARD_FILES = (
    "zhou-wanghai.png",
    "mira-vance.png",
    "su-xiaoman.card_v2.json",
    "ilse-brandt.card_v3.json",
    "old-cat.card_v1.json",
)
_SESSIONS = ("sess-novel-01",)


def _clock(start: str, step_s: int = 90) -> Callable[[], str]:
    """A fixed clock: ``start``, then ``step_s`` seconds later on every call."""
    base = datetime.fromisoformat(start.replace("Z", "+00:00"))
    ticks = iter(range(10_000))

    def now() -> str:
        moment = base + timedelta(seconds=step_s * next(ticks))
        return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

    return now


# ------------------------------------------------------------------------------------------------ avatars


def _avatar(kind: str) -> bytes:
    """Draw one of the two sample avatars (``"lighthouse"`` or ``"cartographer"``) as PNG bytes."""
    from PIL import Image, ImageDraw

    from kit.core.png import encode_png

    size = AVATAR_SIZE
    image = Image.new("RGB", (size, size))
    draw = ImageDraw.Draw(image)
    if kind == "lighthouse":
        for y in range(size):  # night sky gradient
            shade = 20 + y * 50 // size
            draw.line([(0, y), (size, y)], fill=(shade // 2, shade // 2 + 10, shade + 40))
        draw.polygon([(64, 40), (10, 20), (10, 36)], fill=(250, 226, 140))  # light beam
        draw.polygon([(64, 40), (118, 14), (118, 30)], fill=(250, 226, 140))
        draw.polygon([(52, 112), (76, 112), (70, 44), (58, 44)], fill=(236, 236, 228))  # tower
        for y in (60, 80, 100):
            draw.rectangle([54, y, 74, y + 6], fill=(196, 48, 48))
        draw.rectangle([56, 32, 72, 44], fill=(255, 236, 150))
        draw.polygon([(54, 32), (74, 32), (64, 22)], fill=(60, 60, 70))
        draw.rectangle([0, 112, size, size], fill=(26, 44, 70))  # sea
        for x in range(0, size, 16):
            draw.arc([x, 108, x + 16, 120], 200, 340, fill=(120, 160, 200))
    elif kind == "cartographer":
        draw.rectangle([0, 0, size, size], fill=(236, 222, 190))  # parchment
        for i in range(0, size, 16):
            draw.line([(i, 0), (i, size)], fill=(214, 198, 160))
            draw.line([(0, i), (size, i)], fill=(214, 198, 160))
        draw.ellipse([34, 20, 94, 80], fill=(214, 170, 132))  # face
        draw.chord([30, 12, 98, 60], 180, 360, fill=(92, 58, 36))  # hair
        draw.ellipse([44, 40, 60, 56], outline=(150, 110, 40), width=3)  # brass goggles
        draw.ellipse([68, 40, 84, 56], outline=(150, 110, 40), width=3)
        draw.line([(60, 48), (68, 48)], fill=(150, 110, 40), width=2)
        draw.arc([52, 58, 76, 72], 20, 160, fill=(120, 60, 50), width=2)
        draw.polygon([(24, 128), (40, 88), (88, 88), (104, 128)], fill=(46, 84, 98))  # coat
        draw.ellipse([96, 92, 120, 116], outline=(150, 110, 40), width=2)  # compass
        draw.line([(108, 96), (108, 112)], fill=(180, 40, 40), width=2)
    else:  # pragma: no cover - only the two kinds above are drawn
        raise InvalidParameterError(f"unknown avatar kind {kind!r}")
    raw = image.tobytes()
    rows = [raw[y * size * 3 : (y + 1) * size * 3] for y in range(size)]
    return encode_png(rows, size, size)


# ------------------------------------------------------------------------------------------- card books

# (kind, ...): "trace" type summary [skill] [tool] | "art" tag value status [skill] | "msg" role text;
# None stands for a skill a trace step does not name
_Step = tuple[str | None, ...]

_ZHOU_STEPS: list[_Step] = [
    # (kind, ...): "trace" type summary [skill] [tool] | "art" tag value status [skill] | "msg" role text
    ("msg", "user", "我想做一个守灯塔的老人角色，沉默但温柔。"),
    ("trace", "user_input", "用户提出需求：守灯塔的老人，沉默、温柔"),
    ("trace", "skill_invoked", "调用人设草拟技能", "persona-draft"),
    ("art", "角色.名字", "老周", "draft", "persona-draft"),
    ("msg", "assistant", "先叫他“老周”如何？守了大半辈子灯塔。"),
    ("msg", "user", "名字要完整一点，有海的意象。"),
    ("trace", "user_input", "用户要求名字带海的意象"),
    ("art", "角色.名字", "周望海", "accepted", "persona-draft"),
    ("trace", "agent_tool", "查询灯塔守护人的日常作息", None, "search_notes"),
    (
        "art",
        "角色.设定",
        "周望海，六十七岁，在雾岬灯塔值守四十年。妻子早逝，独自照看灯塔与一只叫“锚”的老猫。",
        "draft",
        "persona-draft",
    ),
    (
        "art",
        "角色.设定",
        "周望海，六十七岁，在雾岬灯塔值守四十年。妻子早逝，独自照看灯塔与一只叫“锚”的老猫。每晚在航海日志上记下过往船只。",
        "accepted",
        "persona-draft",
    ),
    ("trace", "skill_invoked", "调用性格塑造技能", "persona-traits"),
    ("art", "角色.性格", "暴躁、爱骂人", "rejected", "persona-traits"),
    ("msg", "user", "不要暴躁，他是沉默寡言但心软的人。"),
    ("art", "角色.性格", "沉默寡言，心软，说话慢，习惯用天气和潮汐打比方。", "accepted", "persona-traits"),
    ("trace", "skill_invoked", "调用口吻校准技能", "persona-voice"),
    ("art", "角色.口吻", "短句，少用感叹号；提到妻子时会停顿。称呼用户为“小同志”。", "draft", "persona-voice"),
    ("art", "角色.口吻", "短句，少用感叹号；提到过去时会停顿。称呼来客为“后生”。", "accepted", "persona-voice"),
    ("trace", "skill_invoked", "调用场景设定技能", "scene-night"),
    ("art", "角色.场景", "暴风雨夜，一艘迷航的小船靠岸，{{user}}敲响了灯塔的门。", "accepted", "scene-night"),
    (
        "art",
        "角色.开场白",
        "*门吱呀一声开了，一盏马灯照在你脸上。* 后生，这种天气还出海？进来吧，炉子上有姜汤。",
        "accepted",
        "scene-night",
    ),
    ("art", "角色.标签", "灯塔、老人、治愈、海", "accepted"),
    ("trace", "agent_tool", "检查角色卡字段完整性", None, "validate_card"),
    (
        "art",
        "角色.对话示例",
        "<START>\n{{user}}: 灯塔会熄灭吗？\n{{char}}: 只要我还在，就不会。",
        "draft",
        "persona-voice",
    ),
    ("trace", "user_rejected", "用户暂不需要对话示例"),
    ("msg", "assistant", "角色卡已经完整：名字、设定、性格、口吻、场景、开场白和标签都已确认。"),
    ("trace", "user_confirmed", "用户确认整张角色卡"),
    ("trace", "declare_ready", "设计完成，可以导出角色卡"),
]

_MIRA_BOOK = {
    "name": "The Brass Atlas",
    "description": "Places Mira has mapped.",
    "extensions": {},
    "entries": [
        {
            "id": 0,
            "keys": ["Veldt Spire", "spire"],
            "content": "The Veldt Spire is a clocktower city whose streets rotate every noon.",
            "comment": "Veldt Spire",
            "enabled": True,
            "insertion_order": 100,
            "position": "before_char",
            "constant": False,
            "selective": False,
            "use_regex": False,
            "extensions": {"position": 0, "depth": 4},
        },
        {
            "id": 1,
            "keys": ["Gearwater", "canal"],
            "content": "Gearwater's canals are locked by brass sluices that only open to a whistled tune.",
            "comment": "Gearwater",
            "enabled": True,
            "insertion_order": 110,
            "position": "after_char",
            "constant": False,
            "selective": False,
            "use_regex": False,
            "extensions": {"position": 1, "depth": 4},
        },
        {
            "id": 2,
            "keys": ["Cartographers' Guild", "guild"],
            "content": "The Guild forbids mapping the Hollow Sea; Mira does it anyway.",
            "comment": "Guild",
            "enabled": True,
            "insertion_order": 90,
            "position": "before_char",
            "constant": True,
            "selective": False,
            "use_regex": False,
            "extensions": {"position": 4, "depth": 2, "role": 0},
        },
        {
            "id": 3,
            "keys": ["Hollow Sea"],
            "content": "The Hollow Sea is a basin of fog where compasses spin.",
            "comment": "Hollow Sea (draft)",
            "enabled": False,
            "insertion_order": 80,
            "position": "after_char",
            "constant": False,
            "selective": False,
            "use_regex": False,
            "extensions": {"position": 1, "depth": 4},
        },
    ],
}

_MIRA_STEPS: list[_Step] = [
    ("msg", "user", "I want a cheerful inventor who draws maps of impossible cities."),
    ("trace", "user_input", "User asks for a cheerful map-making inventor"),
    ("trace", "skill_invoked", "persona draft", "persona-draft"),
    ("art", "角色.名字", "Mira Gearhart", "draft", "persona-draft"),
    ("msg", "user", "Gearhart is too on the nose. Something softer."),
    ("art", "角色.名字", "Mira Vance", "accepted", "persona-draft"),
    ("trace", "agent_tool", "look up clockwork city tropes", None, "search_notes"),
    (
        "art",
        "角色.设定",
        "Mira Vance, 29, a clockwork cartographer who maps cities that rearrange themselves.",
        "draft",
        "persona-draft",
    ),
    (
        "art",
        "角色.设定",
        "Mira Vance, 29, a clockwork cartographer. Her brass atlas redraws itself whenever a city moves; "
        "she sells maps to lost travellers.",
        "accepted",
        "persona-draft",
    ),
    ("trace", "skill_invoked", "traits pass", "persona-traits"),
    ("art", "角色.性格", "gloomy, secretive", "rejected", "persona-traits"),
    (
        "art",
        "角色.性格",
        "curious, talkative, easily distracted by interesting machinery, fiercely loyal",
        "accepted",
        "persona-traits",
    ),
    ("trace", "skill_invoked", "voice calibration", "persona-voice"),
    (
        "art",
        "角色.口吻",
        "Quick sentences, technical metaphors, calls the user 'navigator'.",
        "accepted",
        "persona-voice",
    ),
    ("trace", "skill_invoked", "world lore pass", "world-lore"),
    ("art", "角色卡.世界书", json.dumps(_MIRA_BOOK, ensure_ascii=False), "accepted", "world-lore"),
    (
        "art",
        "角色.场景",
        "A rooftop workshop in the Veldt Spire, minutes before the noon rotation.",
        "accepted",
        "scene-setup",
    ),
    (
        "art",
        "角色.开场白",
        "*A brass compass clatters onto the table.* Navigator! You're just in time, "
        "the whole district moves in four minutes.",
        "accepted",
        "scene-setup",
    ),
    ("art", "角色.开场白", "Hello.", "rejected", "scene-setup"),
    ("art", "角色.标签", "steampunk, maps, inventor, English", "accepted"),
    ("trace", "agent_tool", "validate card fields", None, "validate_card"),
    ("msg", "assistant", "The card is complete, with a four-entry lorebook (one entry disabled as a draft)."),
    ("trace", "user_confirmed", "User confirms the card"),
    ("trace", "declare_ready", "Design finished, ready to export"),
]


def _run_design(store: Any, book_id: str, steps: list[_Step]) -> None:
    for step in steps:
        kind, rest = step[0], step[1:]
        if kind == "msg":
            store.add_message(book_id, rest[0], rest[1])
        elif kind == "trace":
            type_, summary = rest[0], rest[1]
            skill = rest[2] if len(rest) > 2 else None
            tool = rest[3] if len(rest) > 3 else None
            store.append_design_trace(book_id, type_, summary, skill_id=skill, tool=tool)
        else:
            tag, value, status = rest[0], rest[1], rest[2]
            event = "user_accepted_artifact" if status == "accepted" else None  # only an event writes the Book
            store.record_artifact(
                book_id, tag, value, status=status, event=event, skill_id=rest[3] if len(rest) > 3 else None
            )


# -------------------------------------------------------------------------------------------- play books

_NIGHT_TURNS = [
    ("user", "*你浑身湿透地敲门。* 有人吗？我的船被浪打坏了。", None),
    ("assistant", "*马灯的光照到你脸上。* 后生，进来，先把湿衣服脱了。", ("运行.地点", "灯塔底层的小厨房")),
    ("user", "谢谢您……这灯塔就您一个人吗？", None),
    ("assistant", "还有锚。*一只老猫从炉子后面探出头。* 它比我更会看天。", ("运行.心情", "警惕但友善")),
    ("user", "风这么大，灯会不会灭？", None),
    (
        "assistant",
        "*他看了看窗外。* 只要我还在，就不会。后半夜要换一次灯芯，你来搭把手？",
        ("运行.任务", "后半夜换灯芯"),
    ),
    ("user", "好，我来帮忙。", None),
    ("assistant", "*他递给你一件旧雨衣。* 楼梯一百二十八级，数着走，别往下看。", ("运行.心情", "放松")),
]

_STORM_TURNS = [
    ("user", "Reporting for duty, Captain. Sorry I'm late.", None),
    (
        "assistant",
        "Save the apology for Greta, she's the one who waited. Chart us a line north of the squall.",
        ("运行.航向", "north of the squall"),
    ),
    ("user", "Plotting it now. Wind is shifting east.", None),
    (
        "assistant",
        "Then we climb. *She pulls a lever; the deck tilts.* Hold onto something.",
        ("运行.高度", "4,200 ft"),
    ),
    ("user", "Greta just coughed twice.", None),
    (
        "assistant",
        "Two coughs means the storm is ten minutes out. Good ears, navigator.",
        ("运行.风暴", "ten minutes out"),
    ),
    ("user", "We're through the first wall!", None),
    (
        "assistant",
        "First of three. *She grins for the first time.* Log it.",
        ("运行.航向", "through the first wall, bearing 010"),
    ),
]


def _run_play(
    store: Any, book_id: str, turns: list[tuple[str, str, tuple[str, str] | None]], snapshots: dict[int, str]
) -> None:
    turn = 0
    for index, (role, text, artifact) in enumerate(turns):
        store.add_message(book_id, role, text)
        if role == "user":
            turn += 1
            store.update_run_state(book_id, turn=turn)
            store.append_play_trace(book_id, "user_input", text[:40])
        else:
            store.append_play_trace(book_id, "skill_invoked", "narrate reply", skill_id="roleplay-narrate")
            if artifact is not None:
                store.record_artifact(
                    book_id, artifact[0], artifact[1], event="programmatic_pass", skill_id="state-tracker"
                )
            store.update_run_state(book_id, event=f"turn {turn}: {text[:30]}")
        if index in snapshots:
            store.save_snapshot(book_id, label=snapshots[index])
    store.record_artifact(
        book_id, "运行.备注", "draft note the player did not keep", status="draft", skill_id="state-tracker"
    )
    store.record_artifact(book_id, "运行.结局", "rejected ending", status="rejected", skill_id="state-tracker")


# -------------------------------------------------------------------------------------------------- novel

_CHAPTERS: list[tuple[Literal["outline", "chapter"], str, str]] = [
    ("outline", "大纲", "雾港纪事：一座常年起雾的港城里，灯塔守周望海、说书人苏小满和码头的老猫，卷进一桩走私案。\n"
     "第一章 雾夜来客；第二章 茶馆里的镖师；第三章 灯塔上的信号。"),
    ("chapter", "第一章 雾夜来客", "雾从海面漫上来的时候，周望海正在给灯芯剪花。敲门声很轻，像是怕惊动了谁。"),
    ("chapter", "第二章 茶馆里的镖师", "半盏茶馆的醒木拍下去，满堂都静了。苏小满说到女镖师护灯过城，窗外有人影一闪。"),
    ("chapter", "第三章 灯塔上的信号", "老猫蹲在仓库顶上，看见灯塔的光一明一灭，连着闪了三次——那不是周望海的习惯。"),
]  # fmt: skip


def _remove_previous(studio: Path) -> None:
    """Remove exactly the files this writer owns (other writers share ``studio/``)."""
    for book_id in (*_CARD_BOOKS, *_PLAY_BOOKS, *_PROJECT_BOOKS):
        shutil.rmtree(studio / "books" / book_id, ignore_errors=True)
    for asset_id in _ASSETS:
        for path in (studio / "assets/cards" / f"{asset_id}.json", studio / "assets/cards" / f"{asset_id}.png",
                     studio / "assets/worlds" / f"{asset_id}-world.json"):  # fmt: skip
            path.unlink(missing_ok=True)
    for name in _CARD_FILES:
        (studio / "cards" / name).unlink(missing_ok=True)
    for session in _SESSIONS:
        (studio / "sessions" / f"{session}.json").unlink(missing_ok=True)


def write_cards(save_dir: Path) -> None:
    """(Re)write the sample card library under ``<save_dir>/studio/`` (see the module docstring).

    Parameters
    ----------
    save_dir : Path
        The sample save folder (``sample_saves/aurora_server``).
    """
    from kit.books import open_store, read_card, write_card

    studio = Path(save_dir) / "studio"
    _remove_previous(studio)
    cards_dir = studio / "cards"
    cards_dir.mkdir(parents=True, exist_ok=True)

    # 1. two card design books, exported as assets with drawn avatars, and as PNG card files
    store = open_store(studio, clock=_clock("2026-05-01T09:00:00Z", 75))
    manifest = {"skills": ["roleplay-narrate", "state-tracker"], "contextVariant": "night-watch", "maxTurns": 40}
    store.create_card_book(
        "夜航灯塔守 · 周望海", book_id="cb-zhou-wanghai", orchestrator_id="card-designer", run_skill_manifest=manifest
    )
    _run_design(store, "cb-zhou-wanghai", _ZHOU_STEPS)
    store.update_book("cb-zhou-wanghai", readiness={"ready": True, "missing": []})
    store.export_asset("cb-zhou-wanghai", asset_id="zhou-wanghai", avatar=_avatar("lighthouse"))
    store.export_card("zhou-wanghai", cards_dir / "zhou-wanghai.png")

    store = open_store(studio, clock=_clock("2026-05-03T14:30:00Z", 64))
    manifest = {"skills": ["roleplay-narrate", "world-lore"], "contextVariant": "workshop", "maxTurns": 30}
    store.create_card_book(
        "Clockwork Cartographer", book_id="cb-mira-vance", orchestrator_id="card-designer", run_skill_manifest=manifest
    )
    _run_design(store, "cb-mira-vance", _MIRA_STEPS)
    store.update_book("cb-mira-vance", readiness={"ready": True, "missing": ["mes_example"]})
    store.export_asset("cb-mira-vance", asset_id="mira-vance", avatar=_avatar("cartographer"))
    store.export_card("mira-vance", cards_dir / "mira-vance.png")

    # 2. three JSON cards written as files, then imported into the library
    from kit.books import card_from_dict

    store = open_store(studio, clock=_clock("2026-05-05T08:00:00Z", 300))
    json_cards: tuple[tuple[str, dict[str, Any], Literal["v2", "v3"]], ...] = (
        ("su-xiaoman.card_v2.json", su_xiaoman_card(), "v2"),
        ("ilse-brandt.card_v3.json", ilse_brandt_card(), "v3"),
    )
    for name, raw, spec in json_cards:
        write_card(card_from_dict(raw), cards_dir / name, spec=spec)
        store.import_card(cards_dir / name)
    (cards_dir / "old-cat.card_v1.json").write_text(
        json.dumps(old_cat_card(), ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    store.import_card(cards_dir / "old-cat.card_v1.json")
    assert read_card(cards_dir / "old-cat.card_v1.json").spec == "v1"

    # 3. two play books
    store = open_store(studio, clock=_clock("2026-05-06T21:00:00Z", 140))
    store.create_play_book(
        "灯塔之夜", card_asset_id="zhou-wanghai", book_id="pb-lighthouse-night", orchestrator_id="roleplay",
        context_profile={"variant": "night-watch", "historyTurns": 12}, variables={"天气": "暴风雨"},
    )  # fmt: skip
    _run_play(store, "pb-lighthouse-night", _NIGHT_TURNS, {3: "进门之后", 7: "上楼换灯芯"})

    store = open_store(studio, clock=_clock("2026-05-07T19:00:00Z", 110))
    store.create_play_book(
        "Through the Stormline", card_asset_id="ilse-brandt", book_id="pb-ilse-storm", kind="roleplay",
        orchestrator_id="roleplay", context_profile={"variant": "storm", "historyTurns": 8}, variables={"crew": 6},
    )  # fmt: skip
    _run_play(store, "pb-ilse-storm", _STORM_TURNS, {1: "departure", 5: "storm warning", 7: "first wall"})

    # 4. a novel project book with contents and a working-copy session
    store = open_store(studio, clock=_clock("2026-05-08T10:00:00Z", 600))
    store.create_project_book("雾港纪事", book_id="novel-fog-harbour", orchestrator_id="novel-writer")
    store.append_design_trace("novel-fog-harbour", "user_input", "写一部发生在雾港的群像小说")
    store.append_design_trace("novel-fog-harbour", "skill_invoked", "生成大纲", skill_id="novel-outline")
    store.record_artifact(
        "novel-fog-harbour",
        "设计.主角",
        "周望海、苏小满、老猫",
        event="user_accepted_artifact",
        skill_id="novel-outline",
    )
    store.record_artifact("novel-fog-harbour", "设计.基调", "黑色幽默", status="rejected", skill_id="novel-outline")
    for kind, title, text in _CHAPTERS:
        store.save_content("novel-fog-harbour", text, kind=kind, title=title)
        if kind == "chapter":
            store.append_design_trace("novel-fog-harbour", "agent_tool", f"写完{title}", tool="write_chapter")
    store.save_session(
        "sess-novel-01",
        {
            "bookId": "novel-fog-harbour",
            "messages": [
                {"role": "user", "content": "继续写第四章。"},
                {"role": "assistant", "content": "好的，第四章从码头的搜查写起。"},
            ],
            "blackboard": {"运行.章节": "第四章"},
        },
    )
