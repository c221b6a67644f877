"""The sample role-play studio: world books and conversations, written deterministically from code.

``write_worldbooks(save_dir)`` writes ``<save_dir>/studio/worldbooks/*.json`` (kit's native world-book
format) and ``<save_dir>/studio/conversations/*.json``; :func:`kit.worldbook.read_studio` reads them back.

Contents: two global books (``aetheria``, Chinese fantasy; ``starport_nyx``, English science fiction) and two
character-bound books (``lin_wan``, a Chinese swordswoman; ``mara_vance``, an English starship captain), 60+
entries covering every trigger type (constant, keyword with case / whole-word / secondary keys, condition,
logic expression, RAG), every position 0-7 (depth insertion and macros included), probability, groups,
``requires`` / ``excludes`` and a few disabled entries; and 12 conversations of 10-30 turns whose dynamic
table states change as the story goes. Everything is generated from fixed tables and a seeded
``random.Random``, so the files are identical on every run.

The books are in :mod:`kit.samples.studio_global_books` and :mod:`kit.samples.studio_character_books` (entries
built by :func:`kit.samples.studio_entry.E`); this module makes the conversations and writes the files.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from kit.samples.studio_character_books import LIN_WAN, MARA
from kit.samples.studio_entry import E  # noqa: F401 - the entry builder's old home
from kit.samples.studio_global_books import AETHERIA, STARPORT

__all__ = ["write_worldbooks", "STUDIO_FOLDER"]

STUDIO_FOLDER = "studio"


BOOKS = [AETHERIA, STARPORT, LIN_WAN, MARA]

# -- conversations ---------------------------------------------------------------------------------------
ZH_USER = [
    "你好，林晚，今天我们去哪里？",
    "听说北方的雪山里有龙，是真的吗？",
    "你的剑叫什么名字？",
    "我想去醉月酒馆打听消息。",
    "公会有新的委托吗？",
    "你左臂的伤疤是怎么来的？",
    "你的师父是谁？",
    "我们要不要找月光石进入精灵森林？",
    "传说中的失落的王冠在哪里？",
    "天快黑了，我们找个地方休息吧。",
    "我的钱不够了，怎么办？",
    "你会用魔法吗？",
    "外面在下雪，冰原上太冷了。",
    "我们和那群强盗战斗吧！",
    "霜翼真的守护着王冠吗？",
    "这里的火球咒文好像很厉害。",
    "以太灼伤要怎么治疗？身上出现了蓝色裂纹。",
    "早上好，林晚。",
    "来一杯酒吗？",
    "精灵会欢迎我们吗？",
]
ZH_BOT = [
    "林晚看了你一眼，没有说话。",
    "「别多问。」她握紧了剑柄。",
    "她点点头，示意你跟上。",
    "林晚望向远方的雪山。",
    "「酒馆里人多眼杂，小心些。」",
    "她沉默片刻，轻声说：「那是很久以前的事了。」",
    "「先去公会看看吧。」",
    "风雪中，她的身影显得格外单薄。",
    "「森林里有雾，跟紧我。」",
    "她拔出听雪，剑身映着寒光。",
]
EN_USER = [
    "Captain, where are we headed next?",
    "Is the Kestrel ready for the jump?",
    "Jun says the drive core is running hot.",
    "Let's hit the night market on deck 7.",
    "Customs wants to inspect our cargo.",
    "Are those Red Comet pirates on the scanner?",
    "How much do we owe Meridian?",
    "Ask NYX for the docking schedule.",
    "Ask nyx about the weather.",
    "Oda, take us out of the hangar.",
    "A solar flare just knocked out comms.",
    "Why did you leave the navy?",
    "What are your orders, captain?",
    "We could hide the cargo in the coolant tanks like the smugglers do.",
    "The Archivists want their data cores back.",
    "Which faction runs the docks?",
    "Can we afford a new drive coil?",
    "Let's talk to the Union rep.",
    "Is the jump drive safe?",
    "What's in the cargo hold behind that wall?",
]
EN_BOT = [
    'Mara shrugs. "We\'ll see."',
    '"Strap in." She doesn\'t look up from the console.',
    "Jun swears at the engine panel.",
    "The station hums around you.",
    '"Keep your voice down."',
    'Mara taps the comm. "Oda, prep the ship."',
    "She pours a coffee that smells like engine grease.",
    '"Don\'t touch that crate."',
    "The docks are louder than usual tonight.",
    "Mara studies the star map in silence.",
]


def _zh_table(rng: random.Random, state: dict[str, Any]) -> dict[str, Any]:
    state = dict(state)
    state["好感"] = max(0, min(100, state["好感"] + rng.choice([-10, -5, 0, 5, 10, 15])))
    state["力量"] = max(1, state["力量"] + rng.choice([-1, 0, 0, 1, 2]))
    state["金币"] = max(0, state["金币"] + rng.choice([-40, -15, 0, 10, 30, 60]))
    state["生命"] = max(5, min(100, state["生命"] + rng.choice([-25, -10, 0, 5, 10])))
    state["态度"] = "友好" if state["好感"] >= 60 else ("敌对" if state["好感"] < 15 else "中立")
    state["时间"] = rng.choice(["黎明", "白天", "黄昏", "夜晚"]) if rng.random() < 0.4 else state["时间"]
    state["天气"] = rng.choice(["晴", "小雪", "暴雪", "阴"]) if rng.random() < 0.3 else state["天气"]
    state["地点"] = rng.choice(["城邦", "冰原", "森林", "酒馆"]) if rng.random() < 0.25 else state["地点"]
    return state


def _en_table(rng: random.Random, state: dict[str, Any]) -> dict[str, Any]:
    state = dict(state)
    state["trust"] = max(0, min(100, state["trust"] + rng.choice([-15, -5, 0, 5, 10, 15])))
    state["hp"] = max(5, min(100, state["hp"] + rng.choice([-30, -10, 0, 5, 15])))
    state["credits"] = max(0, state["credits"] + rng.choice([-200, -50, 0, 40, 150, 300]))
    state["alert"] = max(0, min(4, state["alert"] + rng.choice([-1, 0, 0, 0, 1])))
    state["mood"] = rng.choice(["calm", "calm", "tense", "angry"]) if rng.random() < 0.3 else state["mood"]
    state["location"] = (
        rng.choice(["docks", "market", "ship", "upper decks"]) if rng.random() < 0.3 else state["location"]
    )
    return state


def _conversation(i: int, rng: random.Random, zh: bool) -> dict[str, Any]:
    n = rng.randint(10, 30)
    if zh:
        state = {
            "好感": rng.choice([20, 40, 55, 70]),
            "力量": rng.randint(6, 14),
            "金币": rng.choice([10, 50, 120]),
            "生命": rng.choice([100, 80, 50]),
            "态度": "中立",
            "时间": "白天",
            "天气": "晴",
            "地点": "城邦",
        }
        step, users, bots = _zh_table, ZH_USER, ZH_BOT
        meta = {"title": f"林晚的旅途 第{i}章", "character_book_id": "lin_wan", "global_book_ids": ["aetheria"]}
    else:
        state = {
            "trust": rng.choice([10, 35, 60, 80]),
            "hp": rng.choice([100, 70, 45]),
            "credits": rng.choice([30, 200, 800]),
            "alert": rng.choice([0, 0, 1, 2]),
            "mood": "calm",
            "location": "ship",
        }
        step, users, bots = _en_table, EN_USER, EN_BOT
        meta = {"title": f"Kestrel log {i}", "character_book_id": "mara_vance", "global_book_ids": ["starport_nyx"]}
    if i == 12:  # a crossover: both global books in play
        meta["global_book_ids"] = ["starport_nyx", "aetheria"]
    turns = []
    for t in range(n):
        user_turn = t % 2 == 0
        changed = step(rng, state) if user_turn and t > 0 else state
        turn: dict[str, Any] = {
            "role": "user" if user_turn else "assistant",
            "message": rng.choice(users) if user_turn else rng.choice(bots),
        }
        if changed != state or t == 0:
            turn["table"] = {k: v for k, v in changed.items() if t == 0 or changed[k] != state.get(k)}
        state = changed
        turns.append(turn)
    return {"id": f"c{i:02d}", **meta, "turns": turns}


def write_worldbooks(save_dir: Path) -> None:
    """Write the sample studio under ``<save_dir>/studio/`` (world books and conversations).

    Existing ``*.json`` files in ``studio/worldbooks`` and ``studio/conversations`` are replaced, so the
    folders hold exactly the generated files.
    """
    root = Path(save_dir) / STUDIO_FOLDER
    books_dir, convs_dir = root / "worldbooks", root / "conversations"
    for folder in (books_dir, convs_dir):
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.json"):
            old.unlink()
    for book in BOOKS:
        _write_json(books_dir / f"{book['id']}.json", book)
    rng = random.Random(20261130)
    for i in range(1, 13):
        conv = _conversation(i, rng, zh=i % 2 == 1)
        _write_json(convs_dir / f"{conv['id']}.json", conv)


def _write_json(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
