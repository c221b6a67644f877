"""The shared knowledge documents of the sample save (``system:knowledge``): one template function per topic
(ores, mobs, biomes, ...) turning a row of ``kit/samples/data/knowledge.json`` into a game-guide page.
"""

from __future__ import annotations

from typing import Any

from kit.core.document import Document
from kit.samples._guide_text import TABLES, Language, Phrase, check_language, filler, phrase

__all__ = ["knowledge_documents"]


def _document(kind: str, row: dict[str, Any], language: str, title: Phrase, paragraphs: list[Phrase]) -> Document:
    f = filler(row, language)
    return Document(
        id=f"guide/{kind}/{row['slug']}",
        title=f(title),
        text="\n\n".join(f(paragraph) for paragraph in paragraphs),
        tags=(kind,),
    )


def _ore(row: dict[str, Any], language: str) -> Document:
    return _document(
        "ores",
        row,
        language,
        phrase("{name}: where to find and how to mine", "{name}：分布与开采"),
        [
            phrase(
                "## Where to find it\n{name} (`{item}`) generates {where}, anywhere from Y={ymin} up to Y={ymax}. "
                "It is most common around Y={peak}.",
                "## 分布\n{name}（`{item}`）{where}生成，高度范围为 Y={ymin} 到 Y={ymax}，在 Y={peak} 附近最为密集。",
            ),
            phrase(
                "## Mining\nYou need at least {tool} to mine it, and each block drops {drop}.",
                "## 开采\n至少需要{tool}才能采集，每个矿石掉落{drop}。",
            ),
            phrase("## Uses\n{use}", "## 用途\n{use}"),
            phrase("Tip: {tip}", "小贴士：{tip}"),
        ],
    )


def _mob(row: dict[str, Any], language: str) -> Document:
    first = (
        phrase(
            "The {name} (`{entity}`) is harmless and has {health} health. {spawn}",
            "{name}（`{entity}`）不会伤人，拥有 {health} 点生命值。{spawn}",
        )
        if row["damage"] == 0
        else phrase(
            "The {name} (`{entity}`) has {health} health and hits for up to {damage} damage. {spawn}",
            "{name}（`{entity}`）拥有 {health} 点生命值，单次攻击最多造成 {damage} 点伤害。{spawn}",
        )
    )
    return _document(
        "mobs",
        row,
        language,
        phrase("Mob guide: {name}", "生物图鉴：{name}"),
        [
            first,
            phrase("{behavior}", "{behavior}"),
            phrase("How to handle it: {counter}", "应对方法：{counter}"),
            phrase("Loot: {drops}.", "掉落物：{drops}。"),
        ],
    )


def _biome(row: dict[str, Any], language: str) -> Document:
    return _document(
        "biomes",
        row,
        language,
        phrase("Biome: {name}", "生物群系：{name}"),
        [
            phrase(
                "{name} (`{biome}`) is found {where}. Climate: {climate}.",
                "{name}（`{biome}`）{where}。气候：{climate}。",
            ),
            phrase("## Resources\nLook for {resources}.", "## 资源\n这里可以找到{resources}。"),
            phrase("## Mobs\nExpect {mobs}.", "## 生物\n常见生物：{mobs}。"),
            phrase("{detail}", "{detail}"),
        ],
    )


def _machine(row: dict[str, Any], language: str) -> Document:
    return _document(
        "machines",
        row,
        language,
        phrase("{name} ({mod})", "{name}（{mod}）"),
        [
            phrase("The {name} (`{block}`) from {mod} {function}.", "{mod}的{name}（`{block}`）{function}。"),
            phrase(
                "## Crafting and energy\nRecipe: {recipe}. Energy: {power}.",
                "## 合成与能耗\n配方：{recipe}。能耗：{power}。",
            ),
            phrase("## Settings\n{setting}", "## 使用提示\n{setting}"),
        ],
    )


def _crop(row: dict[str, Any], language: str) -> Document:
    return _document(
        "farming",
        row,
        language,
        phrase("Farming: {name}", "种植养殖：{name}"),
        [
            phrase("{name} (`{item}`) needs {needs}.", "{name}（`{item}`）需要{needs}。"),
            phrase("Growth: {growth}. Harvest: {harvest}.", "生长：{growth}。收获：{harvest}。"),
            phrase("Uses: {use}.", "用途：{use}。"),
        ],
    )


def _enchantment(row: dict[str, Any], language: str) -> Document:
    return _document(
        "enchanting",
        row,
        language,
        phrase("Enchantment: {name}", "附魔：{name}"),
        [
            phrase(
                "{name} (`{ench}`, maximum level {max_level}) can be applied to {applies}. Effect: {effect}.",
                "{name}（`{ench}`，最高 {max_level} 级）可以附在{applies}上。效果：{effect}。",
            ),
            phrase(
                "Getting {name}: {obtain}. Conflicts with: {conflicts}.",
                "{name}的获取方式：{obtain}。冲突附魔：{conflicts}。",
            ),
            phrase("On Aurora: {tip}", "服务器说明：{tip}"),
        ],
    )


def _rule(row: dict[str, Any], language: str) -> Document:
    return _document(
        "rules",
        row,
        language,
        phrase("Server rule {number}: {name}", "服务器规则第 {number} 条：{name}"),
        [
            phrase("{rule}", "{rule}"),
            phrase("Why: {reason}", "原因：{reason}"),
            phrase("Penalty: {penalty}.", "处罚：{penalty}。"),
            phrase("Example: {example}", "例如：{example}"),
        ],
    )


def _command(row: dict[str, Any], language: str) -> Document:
    return _document(
        "commands",
        row,
        language,
        phrase("Command {syntax}", "指令 {syntax}"),
        [
            phrase("`{syntax}` {purpose}.", "`{syntax}`：{purpose}。"),
            phrase("Limits: {limit}.", "限制：{limit}。"),
            phrase("Example: `{example}`. {note}", "示例：`{example}`。{note}"),
        ],
    )


def _economy(row: dict[str, Any], language: str) -> Document:
    return _document(
        "economy",
        row,
        language,
        phrase("Economy: {name}", "经济：{name}"),
        [
            phrase("{summary}", "{summary}"),
            phrase("## In numbers\n{numbers}", "## 数据\n{numbers}"),
            phrase("Advice: {advice}", "建议：{advice}"),
        ],
    )


def _quest_chapter(row: dict[str, Any], language: str) -> Document:
    if row["quests"]:
        title = phrase("Quest chapter: {name}", "任务章节：{name}")
        first = phrase(
            "{name} is a chapter of the quest book with {quests} quests. Unlocks: {unlock}.",
            "任务书中的“{name}”章节共有 {quests} 个任务。解锁条件：{unlock}。",
        )
    else:
        title = phrase("Quests: {name}", "任务：{name}")
        first = phrase("{name}: the rules below {unlock}.", "{name}：以下规则{unlock}。")
    return _document(
        "quests",
        row,
        language,
        title,
        [
            first,
            phrase("{content}", "{content}"),
            phrase("Rewards: {reward}.", "奖励：{reward}。"),
            phrase("Tip: {tip}", "提示：{tip}"),
        ],
    )


def _dimension(row: dict[str, Any], language: str) -> Document:
    return _document(
        "dimensions",
        row,
        language,
        phrase("Dimension: {name}", "维度：{name}"),
        [
            phrase("## Getting there\n{name} (`{dim}`): {access}.", "## 如何前往\n{name}（`{dim}`）：{access}。"),
            phrase("## About\n{lore} A sensible first visit: {route}", "## 概况\n{lore}第一次去的建议：{route}"),
            phrase(
                "## Dangers\nWatch out for {hazards}. Above all, {safety}.",
                "## 危险\n需要警惕{hazards}。最重要的是：{safety}。",
            ),
        ],
    )


def _boss(row: dict[str, Any], language: str) -> Document:
    phases = dict(row, phase1=row["phases"][0], phase2=row["phases"][1], phase3=row["phases"][2])
    return _document(
        "bosses",
        phases,
        language,
        phrase("Boss: {name}", "Boss：{name}"),
        [
            phrase(
                "{name} (`{entity}`) has {health} health. Arena: {arena}. Summoning: {summon}.",
                "{name}（`{entity}`）拥有 {health} 点生命值。战斗地点：{arena}。召唤方式：{summon}。",
            ),
            phrase(
                "## The fight\nPhase one: {phase1} Phase two: {phase2} Phase three: {phase3}",
                "## 战斗流程\n第一阶段：{phase1}第二阶段：{phase2}第三阶段：{phase3}",
            ),
            phrase("Bring {prep}.", "建议携带：{prep}。"),
            phrase("Loot: {loot}.", "战利品：{loot}。"),
        ],
    )


def _structure(row: dict[str, Any], language: str) -> Document:
    return _document(
        "structures",
        row,
        language,
        phrase("Structure: {name}", "结构：{name}"),
        [
            phrase(
                "Where to find the {name}: {where}. Layout: {layout}.", "{name}的位置：{where}。结构布局：{layout}。"
            ),
            phrase("Loot: {loot}.", "战利品：{loot}。"),
            phrase("Danger: {danger}.", "危险：{danger}。"),
        ],
    )


def _potion(row: dict[str, Any], language: str) -> Document:
    return _document(
        "brewing",
        row,
        language,
        phrase("Potion: {name}", "药水：{name}"),
        [
            phrase(
                "Brew {name} (`{potion}`) by adding {ingredient} to an Awkward Potion. Duration: {duration}.",
                "在粗制的药水中加入{ingredient}即可酿造{name}药水（`{potion}`）。持续时间：{duration}。",
            ),
            phrase("Effect: {effect}.", "效果：{effect}。"),
            phrase("When to use it: {use}.", "适用场合：{use}。"),
        ],
    )


def _villager(row: dict[str, Any], language: str) -> Document:
    return _document(
        "villagers",
        row,
        language,
        phrase("Villager trades: {name}", "村民交易：{name}"),
        [
            phrase(
                "{name} villagers (profession `{profession}`) claim {workstation} as their job site.",
                "{name}村民（职业 `{profession}`）以{workstation}作为工作站点。",
            ),
            phrase("Typical trades: {trades}.", "常见交易：{trades}。"),
            phrase("Best deal on Aurora: {best}.", "本服最划算的交易：{best}。"),
            phrase("Tip: {tip}", "提示：{tip}"),
        ],
    )


def _gear(row: dict[str, Any], language: str) -> Document:
    return _document(
        "gear",
        row,
        language,
        phrase("Gear: {name}", "装备：{name}"),
        [
            phrase(
                "{name} (`{item}`) has {durability} durability. {stats}",
                "{name}（`{item}`）的耐久度为 {durability}。{stats}",
            ),
            phrase("## How to get it\n{craft}", "## 获取方式\n{craft}"),
            phrase("## On Aurora\n{note}", "## 本服说明\n{note}"),
        ],
    )


def _problem(row: dict[str, Any], language: str) -> Document:
    return _document(
        "help",
        row,
        language,
        phrase("Help: {problem}", "常见问题：{problem}"),
        [
            phrase("Why it happens: {cause}", "原因：{cause}"),
            phrase("What to do: {fix}", "解决办法：{fix}"),
            phrase("Good to know: {more}", "补充说明：{more}"),
        ],
    )


def _server_page(row: dict[str, Any], language: str) -> Document:
    paragraphs = {f"p{index}": sentences for index, sentences in enumerate(row["paragraphs"])}
    return _document(
        "server",
        dict(row, **paragraphs),
        language,
        phrase("{name}", "{name}"),
        [phrase(f"{{{key}}}", f"{{{key}}}") for key in paragraphs],
    )


_KNOWLEDGE = (
    ("ores", _ore),
    ("mobs", _mob),
    ("biomes", _biome),
    ("machines", _machine),
    ("crops", _crop),
    ("enchantments", _enchantment),
    ("rules", _rule),
    ("commands", _command),
    ("economy", _economy),
    ("quest_chapters", _quest_chapter),
    ("dimensions", _dimension),
    ("bosses", _boss),
    ("structures", _structure),
    ("potions", _potion),
    ("villagers", _villager),
    ("gear", _gear),
    ("problems", _problem),
    ("server_pages", _server_page),
)


def knowledge_documents(language: Language) -> list[Document]:
    """Return the shared knowledge documents (``system:knowledge``) of the sample save.

    Parameters
    ----------
    language : {"en_us", "zh_cn"}
        The language of the texts. Both languages hold the same ids and facts.

    Returns
    -------
    list of Document
        207 game-guide pages sorted by id (``"guide/<topic>/<slug>"``, for example
        ``"guide/ores/iron"``), each with 3-6 paragraphs separated by blank lines and its topic as
        the only tag. Some paragraphs start with a ``## heading`` line; ``guide/server/history`` and
        ``guide/server/borealis`` hold one paragraph longer than 1,200 characters in both languages.

    Raises
    ------
    UnknownSampleLanguageError
        If ``language`` is not one of :data:`LANGUAGES`.
    """
    check_language(language, "knowledge_documents")
    documents = [build(row, language) for topic, build in _KNOWLEDGE for row in TABLES[topic]]
    return sorted(documents, key=lambda document: document.id)
