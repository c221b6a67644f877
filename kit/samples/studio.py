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
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

__all__ = ["write_worldbooks", "STUDIO_FOLDER"]

STUDIO_FOLDER = "studio"


def E(
    uid: str,
    comment: str,
    content: str,
    *,
    position: int = 0,
    order: int = 100,
    keys: list[str] | None = None,
    cs: bool = False,
    ww: bool = False,
    secondary: list[str] | None = None,
    secondary_logic: str = "and_any",
    cond: list[str] | None = None,
    logic: str | None = None,
    rag: tuple[float, int] | None = None,
    constant: bool = False,
    probability: float | None = None,
    group: list[str] | None = None,
    requires: list[str] | None = None,
    excludes: list[str] | None = None,
    depth: int | None = None,
    macro: str | None = None,
    disable: bool = False,
) -> dict[str, Any]:
    """One entry in kit's native JSON."""
    triggers: dict[str, Any] = {}
    if constant:
        triggers["constant"] = [True]
    if keys is not None:
        kw: dict[str, Any] = {"key": keys, "caseSensitive": cs, "matchWholeWords": ww}
        if secondary:
            kw["secondaryKey"] = secondary
            kw["secondaryLogic"] = secondary_logic
        triggers["keyword"] = kw
    if cond:
        triggers["condition"] = {"conditions": [{"text": c} for c in cond]}
    if logic:
        triggers["logicExpression"] = logic
    if rag:
        triggers["rag"] = {"threshold": rag[0], "topK": rag[1]}
    config: dict[str, Any] = {"triggers": triggers}
    if probability is not None:
        config["probability"] = probability
    out: dict[str, Any] = {
        "uid": uid,
        "comment": comment,
        "content": content,
        "position": position,
        "order": order,
        "disable": disable,
        "group": group,
    }
    if depth is not None:
        out["depth"] = depth
    if macro is not None:
        out["macro"] = macro
    if requires:
        out["requires"] = requires
    if excludes:
        out["excludes"] = excludes
    out["trigger_config"] = config
    return out


AETHERIA = {
    "id": "aetheria",
    "name": "艾瑟兰大陆 (Aetheria)",
    "description": "全局世界书：奇幻大陆艾瑟兰的地理、势力与魔法。",
    "entries": [
        E(
            "world",
            "世界观",
            "艾瑟兰大陆被三条山脉分割，北方是冰原王国，南方是商业城邦联盟，中部是古老的精灵森林。",
            position=1,
            order=10,
            constant=True,
        ),
        E("calendar", "历法", "大陆使用星辰历，今年是星辰历1024年，正值霜月。", position=1, order=20, constant=True),
        E(
            "magic",
            "魔法体系",
            "魔法源自大地深处的以太脉络。施法者需要吟唱咒文并消耗体力，过度施法会导致以太灼伤。",
            position=0,
            order=30,
            keys=["魔法", "咒文", "以太"],
        ),
        E(
            "fire-magic",
            "火系魔法",
            "火系魔法是最常见的攻击魔法，在冰原上威力减半。",
            position=0,
            order=40,
            keys=["火球", "火系"],
            secondary=["魔法", "咒文"],
        ),
        E(
            "elf-forest",
            "精灵森林",
            "精灵森林终年被雾气笼罩，只有持有月光石的人才能找到通往精灵王庭的道路。",
            position=0,
            order=50,
            keys=["精灵", "森林"],
        ),
        E(
            "moonstone",
            "月光石",
            "月光石在月圆之夜会发出微光，是进入精灵王庭的信物。",
            position=0,
            order=55,
            keys=["月光石"],
            requires=["elf-forest"],
        ),
        E(
            "dragon",
            "龙",
            "北方雪山中沉睡着远古巨龙「霜翼」，传说它守护着失落的王冠。",
            position=2,
            order=60,
            keys=["龙", "霜翼"],
        ),
        E(
            "crown",
            "失落的王冠",
            "失落的王冠能号令冰原的所有部族，三百年前随末代国王一起消失。",
            position=2,
            order=65,
            logic="王冠 AND (龙 OR 霜翼)",
        ),
        E(
            "guild",
            "冒险者公会",
            "冒险者公会在每座城市都有分部，接取委托需要出示铜牌以上的徽章。",
            position=3,
            order=70,
            keys=["公会", "委托"],
        ),
        E(
            "tavern",
            "醉月酒馆",
            "醉月酒馆是城邦联盟最大的情报集散地，老板娘据说曾是宫廷法师。",
            position=3,
            order=75,
            keys=["酒馆"],
            probability=0.8,
        ),
        E("rich", "富裕", "你的钱袋沉甸甸的，商人们对你格外殷勤。", position=4, order=80, cond=["tb.金币 >= 100"]),
        E("poor", "拮据", "你的钱袋几乎空了，连一碗热汤都要犹豫。", position=4, order=81, cond=["tb.金币 < 20"]),
        E(
            "night",
            "夜晚",
            "夜色降临，街道上只剩巡逻的卫兵和醉汉。",
            position=4,
            order=85,
            cond=['tb.时间 = "夜晚"'],
            group=["time-of-day"],
        ),
        E(
            "dawn",
            "黎明",
            "天边泛起鱼肚白，集市开始热闹起来。",
            position=4,
            order=84,
            cond=['tb.时间 = "黎明"'],
            group=["time-of-day"],
        ),
        E(
            "storm",
            "暴风雪",
            "暴风雪席卷冰原，能见度不足十步。",
            position=6,
            depth=2,
            order=90,
            cond=['tb.天气 包括 "雪"', 'tb.地点 = "冰原"'],
        ),
        E("weather-macro", "天气宏", "寒风凛冽", position=7, macro="天气", order=95, keys=["冰原", "雪山"]),
        E("rules", "叙事规则", "保持第三人称叙述，每次回复不超过三段。", position=5, order=5, constant=True),
        E("danger", "危险提示", "生命垂危：角色应当优先撤退或治疗。", position=5, order=6, cond=["tb.生命 <= 30"]),
        E(
            "lore-rag",
            "以太灼伤",
            "以太灼伤是施法过度后皮肤上出现的蓝色裂纹，需要用雪莲草熬制的药膏治疗，否则会蔓延到心脏。",
            position=0,
            order=99,
            rag=(0.4, 2),
        ),
        E("old-map", "旧地图（停用）", "一张已经失效的旧地图。", position=3, order=100, keys=["地图"], disable=True),
    ],
}

STARPORT = {
    "id": "starport_nyx",
    "name": "Starport Nyx",
    "description": "Global world book: a trading starport on the edge of charted space.",
    "entries": [
        E(
            "station",
            "Overview",
            "Starport Nyx is a ring station orbiting a dying red giant. "
            "Forty thousand people live on its twelve decks.",
            position=1,
            order=10,
            constant=True,
        ),
        E(
            "factions",
            "Factions",
            "Three factions share the station: the Dock Union, the Meridian Trade Company and the quiet Archivists.",
            position=1,
            order=20,
            keys=["faction", "Union", "Meridian", "Archivist"],
            ww=True,
        ),
        E(
            "ai",
            "Station AI",
            "The station AI is called NYX. It speaks only when addressed by its full name in capitals.",
            position=0,
            order=30,
            keys=["NYX"],
            cs=True,
            ww=True,
        ),
        E(
            "docks",
            "The Docks",
            "Deck 1 holds the docks: noisy, crowded and full of smugglers.",
            position=0,
            order=40,
            keys=["dock", "docks", "hangar"],
            ww=True,
        ),
        E(
            "market",
            "Night Market",
            "The night market on deck 7 sells anything from spare drive coils to forged transit papers.",
            position=0,
            order=45,
            keys=["market", "bazaar"],
            ww=True,
        ),
        E(
            "jump",
            "Jump drives",
            "Jump drives need a cooled core; a hot jump can tear a ship apart.",
            position=2,
            order=50,
            keys=["jump", "drive"],
            ww=True,
            secondary=["hot", "overheat", "core"],
        ),
        E(
            "pirates",
            "Pirates",
            "The Red Comet pirates raid freighters near the asteroid belt.",
            position=2,
            order=55,
            keys=["pirate", "pirates", "Red Comet"],
            ww=True,
        ),
        E(
            "customs",
            "Customs",
            "Customs officers scan every crate; bribes start at fifty credits.",
            position=3,
            order=60,
            keys=["customs", "inspection"],
            ww=True,
        ),
        E(
            "alert-high",
            "Red alert",
            "RED ALERT: the station is sealing bulkheads; movement between decks is restricted.",
            position=5,
            order=5,
            cond=["tb.alert >= 3"],
            group=["alert"],
        ),
        E(
            "alert-low",
            "Yellow alert",
            "Yellow alert: security patrols are doubled.",
            position=5,
            order=4,
            cond=["tb.alert >= 1"],
            group=["alert"],
        ),
        E(
            "broke",
            "Out of credits",
            "Your account is nearly empty; vendors refuse credit.",
            position=4,
            order=70,
            cond=["tb.credits < 50"],
        ),
        E(
            "wealthy",
            "Deep pockets",
            "Your credit balance opens doors on the upper decks.",
            position=4,
            order=71,
            cond=["tb.credits > 500"],
            excludes=["broke"],
        ),
        E(
            "red-giant",
            "The red giant",
            "The star Nyx flares every few weeks; flares knock out long-range comms for hours.",
            position=6,
            depth=1,
            order=80,
            keys=["flare", "solar"],
            ww=True,
            probability=0.7,
        ),
        E(
            "deck-macro",
            "Current deck",
            "Deck 7, near the night market",
            position=7,
            macro="deck",
            order=90,
            cond=['tb.location = "market"'],
        ),
        E(
            "deck-macro-2",
            "Current deck",
            "Deck 1, by the docks",
            position=7,
            macro="deck",
            order=91,
            cond=['tb.location = "docks"'],
        ),
        E(
            "smuggling-rag",
            "Smuggling routes",
            "Smugglers hide cargo in the coolant tanks of old freighters and bribe customs scanners at the docks.",
            position=3,
            order=95,
            rag=(0.45, 2),
        ),
        E(
            "style",
            "Style guide",
            "Write in second person, present tense, with short punchy sentences.",
            position=5,
            order=1,
            constant=True,
        ),
        E(
            "legacy",
            "Legacy note (disabled)",
            "Old station layout before the refit.",
            position=0,
            order=99,
            keys=["layout"],
            disable=True,
        ),
    ],
}

LIN_WAN = {
    "id": "lin_wan",
    "name": "林晚 (Lin Wan)",
    "description": "角色世界书：流浪剑客林晚。",
    "entries": [
        E(
            "persona",
            "林晚设定",
            "林晚，二十四岁，来自南方城邦的流浪剑客，性格冷静，话不多，左臂有一道旧伤疤。",
            position=1,
            order=1,
            constant=True,
        ),
        E(
            "sword",
            "佩剑「听雪」",
            "林晚的佩剑名为「听雪」，剑身如霜，出鞘时会发出清鸣。",
            position=0,
            order=10,
            keys=["剑", "听雪"],
        ),
        E(
            "scar",
            "伤疤",
            "那道伤疤是五年前在冰原与霜翼交战留下的，她从不主动提起。",
            position=0,
            order=20,
            keys=["伤疤", "伤"],
            secondary=["问", "怎么"],
            probability=0.9,
        ),
        E(
            "master",
            "师父",
            "林晚的师父是隐居雪山的剑圣「白衣客」，已失踪多年。",
            position=0,
            order=30,
            keys=["师父", "白衣客"],
        ),
        E(
            "friendly",
            "态度·友好",
            "林晚对你放下了戒心，偶尔会露出浅浅的笑。",
            position=4,
            order=40,
            cond=['tb.态度 包括 "友好"', "tb.好感 >= 60"],
            group=["attitude"],
        ),
        E(
            "cold",
            "态度·冷淡",
            "林晚保持着距离，回答简短。",
            position=4,
            order=39,
            cond=["tb.好感 < 60"],
            group=["attitude"],
        ),
        E(
            "hostile",
            "态度·敌对",
            "林晚的手按在剑柄上，随时准备出手。",
            position=4,
            order=41,
            cond=['tb.态度 = "敌对"'],
            group=["attitude"],
        ),
        E("strong", "力量", "以林晚现在的力量，足以一剑劈开冰墙。", position=0, order=50, cond=["tb.力量 > 10"]),
        E(
            "fight",
            "战斗风格",
            "林晚出剑极快，擅长以守代攻，在雪地里步法尤其轻盈。",
            position=2,
            order=55,
            logic="(战斗 OR 出手 OR 剑) AND NOT tb.生命 < 20",
        ),
        E(
            "secret",
            "秘密",
            "林晚一直在寻找失落的王冠，因为师父的下落与它有关。",
            position=3,
            order=60,
            keys=["王冠"],
            requires=["master"],
        ),
        E("wine", "酒", "林晚滴酒不沾，闻到酒味会皱眉。", position=6, depth=0, order=70, keys=["酒"]),
        E("name-macro", "称呼", "林姑娘", position=7, macro="称呼", order=80, cond=["tb.好感 >= 40"]),
        E(
            "greeting",
            "问候",
            "林晚会用{{wb:称呼}}回应熟人的招呼。",
            position=3,
            order=85,
            keys=["你好", "早上好", "晚上好"],
        ),
        E("draft", "草稿（停用）", "未完成的设定。", position=0, order=99, constant=True, disable=True),
    ],
}

MARA = {
    "id": "mara_vance",
    "name": "Captain Mara Vance",
    "description": "Character book: Mara Vance, captain of the freighter Kestrel.",
    "entries": [
        E(
            "persona",
            "Mara",
            "Mara Vance, 41, captain of the freighter Kestrel. Dry humour, ex-navy, "
            "owes money to the Meridian Trade Company.",
            position=1,
            order=1,
            constant=True,
        ),
        E(
            "ship",
            "The Kestrel",
            "The Kestrel is an old Class-C freighter with a temperamental jump drive and a cargo hold full of secrets.",
            position=0,
            order=10,
            keys=["Kestrel", "ship"],
            ww=True,
        ),
        E(
            "crew-jun",
            "Jun",
            "Jun is the Kestrel's young engineer, brilliant with drives and terrible at cards.",
            position=0,
            order=20,
            keys=["Jun", "engineer"],
            ww=True,
        ),
        E(
            "crew-oda",
            "Oda",
            "Oda is the ship's pilot, a former racer who never flies sober.",
            position=0,
            order=21,
            keys=["Oda", "pilot"],
            ww=True,
            probability=0.85,
        ),
        E(
            "debt",
            "The debt",
            "Mara owes 20,000 credits to Meridian; their agents have started following her.",
            position=2,
            order=30,
            keys=["debt", "Meridian", "owe"],
            ww=True,
        ),
        E(
            "navy",
            "Navy past",
            "Mara left the navy after refusing an order to fire on refugees.",
            position=2,
            order=35,
            logic='navy AND NOT tb.mood = "angry"',
        ),
        E(
            "trust-high",
            "Trust: high",
            "Mara trusts you and shares her plans openly.",
            position=4,
            order=40,
            cond=["tb.trust >= 70"],
            group=["trust"],
        ),
        E(
            "trust-mid",
            "Trust: guarded",
            "Mara is guarded; she tells you only what you need to know.",
            position=4,
            order=39,
            cond=["tb.trust >= 30"],
            group=["trust"],
        ),
        E(
            "trust-low",
            "Trust: none",
            "Mara keeps a hand near her sidearm when you are around.",
            position=4,
            order=38,
            cond=["tb.trust < 30"],
            group=["trust"],
        ),
        E(
            "hurt",
            "Wounded",
            "Mara is hurt and moves stiffly, favouring her left leg.",
            position=5,
            order=8,
            cond=["tb.hp < 40"],
        ),
        E(
            "angry",
            "Angry",
            "Mara's voice is clipped and cold.",
            position=6,
            depth=1,
            order=50,
            cond=['tb.mood = "angry"'],
        ),
        E("captain-macro", "Title", "Captain", position=7, macro="title", order=60, constant=True),
        E(
            "orders",
            "Orders",
            "{{wb:title}} Vance gives orders in a calm, level voice.",
            position=3,
            order=65,
            keys=["orders", "order"],
            ww=True,
            excludes=["angry"],
        ),
        E(
            "cargo-rag",
            "Hidden cargo",
            "The Kestrel carries sealed Archivist data cores hidden behind a false wall in the cargo hold.",
            position=3,
            order=70,
            rag=(0.45, 1),
            requires=["ship"],
        ),
        E(
            "old-ship",
            "Old ship (disabled)",
            "Mara's first ship, the Sparrow, now scrapped.",
            position=0,
            order=99,
            keys=["Sparrow"],
            disable=True,
        ),
    ],
}

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
