"""The text content of the embedded sample save: the "Aurora" server's knowledge, notes and guide quests.

Aurora is an invented modded survival server. Its game assistant keeps shared knowledge documents
(``system:knowledge``), per-player notes and private knowledge, FTB guide-quest texts
(``system:ftb_guides``) and quest background classes (``system:quest_backgrounds``). Everything here
is original text, generated deterministically from the fact tables in ``kit/samples/data/*.json`` by
the small template functions of this module: no randomness, no dependence on hash seeds.

Every table row carries its English and Chinese wording side by side (``_t(en, zh)``), so the two
languages always hold the same document ids and the same facts.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, NamedTuple

from kit.core.document import Document
from kit.core.errors import KitError

__all__ = [
    "LANGUAGES",
    "PLAYERS",
    "QUEST_BACKGROUND_CLASSES",
    "LabelledQuestion",
    "UnknownSampleLanguageError",
    "UnknownSamplePlayerError",
    "ftb_guides",
    "knowledge_documents",
    "labelled_questions",
    "player_knowledge",
    "player_notes",
    "quest_backgrounds",
]

Language = Literal["zh_cn", "en_us"]

#: The languages every generator accepts, in a fixed order.
LANGUAGES: tuple[Language, ...] = ("en_us", "zh_cn")

#: The players of the sample save who own notes and private knowledge.
PLAYERS: tuple[str, ...] = ("alex", "mei", "sam")


class UnknownSampleLanguageError(KitError, ValueError):
    """A generator was asked for a language the sample save does not have."""


class UnknownSamplePlayerError(KitError, LookupError):
    """A generator was asked for a player the sample save does not have."""


@dataclass(frozen=True)
class LabelledQuestion:
    """A player question with the documents that answer it (for retrieval evaluation).

    Parameters
    ----------
    query_id : str
        ``"q001"`` ...; the English and Chinese phrasings of one question share it, so
        ``(language, query_id)`` is the unique key.
    language : str
        ``"en_us"`` or ``"zh_cn"``; the language of ``question`` and of the documents searched.
    question : str
        The question as a player would type it.
    relevant_ids : tuple of str
        The 1-3 document ids that answer it.
    scope : str
        Where those documents live: ``"shared"`` (the shared knowledge table), ``"player:<name>"``
        (that player's private knowledge) or ``"ftb"`` (the FTB guide table).
    """

    query_id: str
    language: str
    question: str
    relevant_ids: tuple[str, ...]
    scope: str


class _Text(NamedTuple):
    """One phrase in both languages."""

    en: str
    zh: str

    def pick(self, language: str) -> str:
        return self.zh if language == "zh_cn" else self.en


def _t(en: str, zh: str) -> _Text:
    return _Text(en, zh)


# ---------------------------------------------------------------------------------------------
# Fact tables live in kit/samples/data/*.json: one row per document. A {"en": ..., "zh": ...} object
# is one phrase in both languages (picked per language), a list of them is joined into running text,
# and plain values are shared by both languages. The template functions below turn rows into text.
# ---------------------------------------------------------------------------------------------

_DATA = Path(__file__).resolve().parent / "data"


def _decode(value: Any) -> Any:
    """JSON -> the tables' Python shape: phrase objects become :class:`_Text`, lists become tuples."""
    if isinstance(value, dict):
        if value.keys() == {"en", "zh"}:
            return _Text(value["en"], value["zh"])
        return {key: _decode(item) for key, item in value.items()}
    if isinstance(value, list):
        return tuple(_decode(item) for item in value)
    return value


def _load(name: str) -> Any:
    with open(_DATA / name, encoding="utf-8") as handle:
        return json.load(handle)


_TABLES: dict[str, tuple[dict[str, Any], ...]] = {
    topic: _decode(rows) for topic, rows in _load("knowledge.json").items()
}
_PLAYERS_DATA = _load("players.json")
_PLAYER_NOTES: dict[str, tuple[tuple[str, str], ...]] = {
    player: tuple((key, text) for key, text in notes) for player, notes in _PLAYERS_DATA["notes"].items()
}
_PLAYER_KNOWLEDGE: dict[str, tuple[dict[str, object], ...]] = _decode(_PLAYERS_DATA["knowledge"])
_FTB_QUESTS: tuple[dict[str, object], ...] = _decode(_load("ftb_quests.json"))
_QUESTIONS = tuple((q["query_id"], q["scope"], tuple(q["relevant"]), q["en"], q["zh"]) for q in _load("questions.json"))

QUEST_BACKGROUND_CLASSES: tuple[str, ...] = (
    "building",
    "combat",
    "community",
    "economy",
    "exploration",
    "farming",
    "technology",
)


_FIELD = re.compile(r"{(\w+)}")
_CJK_THEN_LATIN = re.compile(r"(?<=[\u4e00-\u9fff])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9%])(?=[\u4e00-\u9fff])")


def _space(text: str, language: str) -> str:
    """Put a space between Chinese characters and Latin letters or digits, as Chinese game guides do."""
    return _CJK_THEN_LATIN.sub(" ", text) if language == "zh_cn" else text


def _value(value: object, language: str) -> str:
    if isinstance(value, _Text):
        return value.pick(language)
    if isinstance(value, tuple):
        parts = [_value(item, language) for item in value]
        return ("" if language == "zh_cn" else " ").join(parts)
    return str(value)


def _filler(row: dict[str, Any], language: str) -> Callable[[_Text], str]:
    """Return ``f(template)``: the template pair in ``language`` with ``{field}`` replaced from ``row``."""

    def fill(template: _Text) -> str:
        text = _FIELD.sub(lambda match: _value(row[match.group(1)], language), template.pick(language))
        return _space(text, language)

    return fill


def _document(kind: str, row: dict[str, Any], language: str, title: _Text, paragraphs: list[_Text]) -> Document:
    f = _filler(row, language)
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
        _t("{name}: where to find and how to mine", "{name}：分布与开采"),
        [
            _t(
                "## Where to find it\n{name} (`{item}`) generates {where}, anywhere from Y={ymin} up to Y={ymax}. "
                "It is most common around Y={peak}.",
                "## 分布\n{name}（`{item}`）{where}生成，高度范围为 Y={ymin} 到 Y={ymax}，在 Y={peak} 附近最为密集。",
            ),
            _t(
                "## Mining\nYou need at least {tool} to mine it, and each block drops {drop}.",
                "## 开采\n至少需要{tool}才能采集，每个矿石掉落{drop}。",
            ),
            _t("## Uses\n{use}", "## 用途\n{use}"),
            _t("Tip: {tip}", "小贴士：{tip}"),
        ],
    )


def _mob(row: dict[str, Any], language: str) -> Document:
    first = (
        _t(
            "The {name} (`{entity}`) is harmless and has {health} health. {spawn}",
            "{name}（`{entity}`）不会伤人，拥有 {health} 点生命值。{spawn}",
        )
        if row["damage"] == 0
        else _t(
            "The {name} (`{entity}`) has {health} health and hits for up to {damage} damage. {spawn}",
            "{name}（`{entity}`）拥有 {health} 点生命值，单次攻击最多造成 {damage} 点伤害。{spawn}",
        )
    )
    return _document(
        "mobs",
        row,
        language,
        _t("Mob guide: {name}", "生物图鉴：{name}"),
        [
            first,
            _t("{behavior}", "{behavior}"),
            _t("How to handle it: {counter}", "应对方法：{counter}"),
            _t("Loot: {drops}.", "掉落物：{drops}。"),
        ],
    )


def _biome(row: dict[str, Any], language: str) -> Document:
    return _document(
        "biomes",
        row,
        language,
        _t("Biome: {name}", "生物群系：{name}"),
        [
            _t(
                "{name} (`{biome}`) is found {where}. Climate: {climate}.",
                "{name}（`{biome}`）{where}。气候：{climate}。",
            ),
            _t("## Resources\nLook for {resources}.", "## 资源\n这里可以找到{resources}。"),
            _t("## Mobs\nExpect {mobs}.", "## 生物\n常见生物：{mobs}。"),
            _t("{detail}", "{detail}"),
        ],
    )


def _machine(row: dict[str, Any], language: str) -> Document:
    return _document(
        "machines",
        row,
        language,
        _t("{name} ({mod})", "{name}（{mod}）"),
        [
            _t("The {name} (`{block}`) from {mod} {function}.", "{mod}的{name}（`{block}`）{function}。"),
            _t(
                "## Crafting and energy\nRecipe: {recipe}. Energy: {power}.",
                "## 合成与能耗\n配方：{recipe}。能耗：{power}。",
            ),
            _t("## Settings\n{setting}", "## 使用提示\n{setting}"),
        ],
    )


def _crop(row: dict[str, Any], language: str) -> Document:
    return _document(
        "farming",
        row,
        language,
        _t("Farming: {name}", "种植养殖：{name}"),
        [
            _t("{name} (`{item}`) needs {needs}.", "{name}（`{item}`）需要{needs}。"),
            _t("Growth: {growth}. Harvest: {harvest}.", "生长：{growth}。收获：{harvest}。"),
            _t("Uses: {use}.", "用途：{use}。"),
        ],
    )


def _enchantment(row: dict[str, Any], language: str) -> Document:
    return _document(
        "enchanting",
        row,
        language,
        _t("Enchantment: {name}", "附魔：{name}"),
        [
            _t(
                "{name} (`{ench}`, maximum level {max_level}) can be applied to {applies}. Effect: {effect}.",
                "{name}（`{ench}`，最高 {max_level} 级）可以附在{applies}上。效果：{effect}。",
            ),
            _t(
                "Getting {name}: {obtain}. Conflicts with: {conflicts}.",
                "{name}的获取方式：{obtain}。冲突附魔：{conflicts}。",
            ),
            _t("On Aurora: {tip}", "服务器说明：{tip}"),
        ],
    )


def _rule(row: dict[str, Any], language: str) -> Document:
    return _document(
        "rules",
        row,
        language,
        _t("Server rule {number}: {name}", "服务器规则第 {number} 条：{name}"),
        [
            _t("{rule}", "{rule}"),
            _t("Why: {reason}", "原因：{reason}"),
            _t("Penalty: {penalty}.", "处罚：{penalty}。"),
            _t("Example: {example}", "例如：{example}"),
        ],
    )


def _command(row: dict[str, Any], language: str) -> Document:
    return _document(
        "commands",
        row,
        language,
        _t("Command {syntax}", "指令 {syntax}"),
        [
            _t("`{syntax}` {purpose}.", "`{syntax}`：{purpose}。"),
            _t("Limits: {limit}.", "限制：{limit}。"),
            _t("Example: `{example}`. {note}", "示例：`{example}`。{note}"),
        ],
    )


def _economy(row: dict[str, Any], language: str) -> Document:
    return _document(
        "economy",
        row,
        language,
        _t("Economy: {name}", "经济：{name}"),
        [
            _t("{summary}", "{summary}"),
            _t("## In numbers\n{numbers}", "## 数据\n{numbers}"),
            _t("Advice: {advice}", "建议：{advice}"),
        ],
    )


def _quest_chapter(row: dict[str, Any], language: str) -> Document:
    if row["quests"]:
        title = _t("Quest chapter: {name}", "任务章节：{name}")
        first = _t(
            "{name} is a chapter of the quest book with {quests} quests. Unlocks: {unlock}.",
            "任务书中的“{name}”章节共有 {quests} 个任务。解锁条件：{unlock}。",
        )
    else:
        title = _t("Quests: {name}", "任务：{name}")
        first = _t("{name}: the rules below {unlock}.", "{name}：以下规则{unlock}。")
    return _document(
        "quests",
        row,
        language,
        title,
        [
            first,
            _t("{content}", "{content}"),
            _t("Rewards: {reward}.", "奖励：{reward}。"),
            _t("Tip: {tip}", "提示：{tip}"),
        ],
    )


def _dimension(row: dict[str, Any], language: str) -> Document:
    return _document(
        "dimensions",
        row,
        language,
        _t("Dimension: {name}", "维度：{name}"),
        [
            _t("## Getting there\n{name} (`{dim}`): {access}.", "## 如何前往\n{name}（`{dim}`）：{access}。"),
            _t("## About\n{lore} A sensible first visit: {route}", "## 概况\n{lore}第一次去的建议：{route}"),
            _t(
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
        _t("Boss: {name}", "Boss：{name}"),
        [
            _t(
                "{name} (`{entity}`) has {health} health. Arena: {arena}. Summoning: {summon}.",
                "{name}（`{entity}`）拥有 {health} 点生命值。战斗地点：{arena}。召唤方式：{summon}。",
            ),
            _t(
                "## The fight\nPhase one: {phase1} Phase two: {phase2} Phase three: {phase3}",
                "## 战斗流程\n第一阶段：{phase1}第二阶段：{phase2}第三阶段：{phase3}",
            ),
            _t("Bring {prep}.", "建议携带：{prep}。"),
            _t("Loot: {loot}.", "战利品：{loot}。"),
        ],
    )


def _structure(row: dict[str, Any], language: str) -> Document:
    return _document(
        "structures",
        row,
        language,
        _t("Structure: {name}", "结构：{name}"),
        [
            _t("Where to find the {name}: {where}. Layout: {layout}.", "{name}的位置：{where}。结构布局：{layout}。"),
            _t("Loot: {loot}.", "战利品：{loot}。"),
            _t("Danger: {danger}.", "危险：{danger}。"),
        ],
    )


def _potion(row: dict[str, Any], language: str) -> Document:
    return _document(
        "brewing",
        row,
        language,
        _t("Potion: {name}", "药水：{name}"),
        [
            _t(
                "Brew {name} (`{potion}`) by adding {ingredient} to an Awkward Potion. Duration: {duration}.",
                "在粗制的药水中加入{ingredient}即可酿造{name}药水（`{potion}`）。持续时间：{duration}。",
            ),
            _t("Effect: {effect}.", "效果：{effect}。"),
            _t("When to use it: {use}.", "适用场合：{use}。"),
        ],
    )


def _villager(row: dict[str, Any], language: str) -> Document:
    return _document(
        "villagers",
        row,
        language,
        _t("Villager trades: {name}", "村民交易：{name}"),
        [
            _t(
                "{name} villagers (profession `{profession}`) claim {workstation} as their job site.",
                "{name}村民（职业 `{profession}`）以{workstation}作为工作站点。",
            ),
            _t("Typical trades: {trades}.", "常见交易：{trades}。"),
            _t("Best deal on Aurora: {best}.", "本服最划算的交易：{best}。"),
            _t("Tip: {tip}", "提示：{tip}"),
        ],
    )


def _gear(row: dict[str, Any], language: str) -> Document:
    return _document(
        "gear",
        row,
        language,
        _t("Gear: {name}", "装备：{name}"),
        [
            _t(
                "{name} (`{item}`) has {durability} durability. {stats}",
                "{name}（`{item}`）的耐久度为 {durability}。{stats}",
            ),
            _t("## How to get it\n{craft}", "## 获取方式\n{craft}"),
            _t("## On Aurora\n{note}", "## 本服说明\n{note}"),
        ],
    )


def _problem(row: dict[str, Any], language: str) -> Document:
    return _document(
        "help",
        row,
        language,
        _t("Help: {problem}", "常见问题：{problem}"),
        [
            _t("Why it happens: {cause}", "原因：{cause}"),
            _t("What to do: {fix}", "解决办法：{fix}"),
            _t("Good to know: {more}", "补充说明：{more}"),
        ],
    )


def _server_page(row: dict[str, Any], language: str) -> Document:
    paragraphs = {f"p{index}": sentences for index, sentences in enumerate(row["paragraphs"])}
    return _document(
        "server",
        dict(row, **paragraphs),
        language,
        _t("{name}", "{name}"),
        [_t(f"{{{key}}}", f"{{{key}}}") for key in paragraphs],
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


def _check_language(language: str, function: str) -> None:
    if language not in LANGUAGES:
        raise UnknownSampleLanguageError(
            f"The 'language' parameter of {function} must be one of {', '.join(map(repr, LANGUAGES))}. "
            f"Got {language!r} instead."
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
    _check_language(language, "knowledge_documents")
    documents = [build(row, language) for topic, build in _KNOWLEDGE for row in _TABLES[topic]]
    return sorted(documents, key=lambda document: document.id)


# ---------------------------------------------------------------------------------------------
# Public generators
# ---------------------------------------------------------------------------------------------


def _check_player(player: str, function: str) -> None:
    if player not in PLAYERS:
        raise UnknownSamplePlayerError(
            f"The 'player' parameter of {function} must be one of {', '.join(map(repr, PLAYERS))}. "
            f"Got {player!r} instead."
        )


def _quest_id(slug: str) -> str:
    """The FTB quest id of a guide quest: 16 upper-case hex digits derived from its slug."""
    return hashlib.sha256(f"aurora/ftb/{slug}".encode()).hexdigest()[:16].upper()


def _paragraphs_document(doc_id: str, row: dict[str, Any], language: str, tags: tuple[str, ...]) -> Document:
    return Document(
        id=doc_id,
        title=_space(_value(row["title"], language), language),
        text="\n\n".join(_space(_value(paragraph, language), language) for paragraph in row["paragraphs"]),
        tags=tags,
    )


def player_notes(player: str) -> dict[str, str]:
    """Return one player's private notes (a ``key -> text`` string table), keys in sorted order.

    Alex writes in English, Mei in Chinese and Sam in both.

    Raises
    ------
    UnknownSamplePlayerError
        If ``player`` is not one of :data:`PLAYERS`.
    """
    _check_player(player, "player_notes")
    return dict(sorted(_PLAYER_NOTES[player]))


def player_knowledge(player: str, language: Language) -> list[Document]:
    """Return one player's private knowledge documents, sorted by id.

    Returns
    -------
    list of Document
        Six documents with ids ``"private/<player>/<slug>"``, 2-3 paragraphs each, tagged
        ``("private", player)``. No text appears in more than one player's documents.

    Raises
    ------
    UnknownSamplePlayerError, UnknownSampleLanguageError
        If ``player`` or ``language`` is not known.
    """
    _check_player(player, "player_knowledge")
    _check_language(language, "player_knowledge")
    documents = [
        _paragraphs_document(f"private/{player}/{row['slug']}", dict(row), language, ("private", player))
        for row in _PLAYER_KNOWLEDGE[player]
    ]
    return sorted(documents, key=lambda document: document.id)


def ftb_guides(language: Language) -> list[Document]:
    """Return the FTB guide-quest texts (``system:ftb_guides``), sorted by id.

    Returns
    -------
    list of Document
        One document per guide quest: id ``"ftb:<16-hex quest id>"``, the quest title, the
        description lines as paragraphs, tags ``("ftb", <chapter>)``.

    Raises
    ------
    UnknownSampleLanguageError
        If ``language`` is not one of :data:`LANGUAGES`.
    """
    _check_language(language, "ftb_guides")
    documents = [
        _paragraphs_document(
            f"ftb:{_quest_id(str(row['slug']))}",
            dict(row, paragraphs=row["text"]),
            language,
            ("ftb", str(row["chapter"])),
        )
        for row in _FTB_QUESTS
    ]
    return sorted(documents, key=lambda document: document.id)


def quest_backgrounds() -> dict[str, str]:
    """Return the background class of every guide quest (``system:quest_backgrounds``).

    Returns
    -------
    dict of str to str
        ``quest id -> class``, keys sorted. A quest id is the 16-hex FTB id (the guide document's
        id without its ``"ftb:"`` prefix); classes come from :data:`QUEST_BACKGROUND_CLASSES`.
    """
    return dict(sorted((_quest_id(str(row["slug"])), str(row["background"])) for row in _FTB_QUESTS))


def _resolve(scope: str, doc_id: str) -> str:
    if scope == "ftb":
        return f"ftb:{_quest_id(doc_id)}"
    if scope.startswith("player:"):
        return f"private/{doc_id}"
    return doc_id


def labelled_questions(language: Language) -> list[LabelledQuestion]:
    """Return player questions labelled with the documents that answer them, sorted by query id.

    Returns
    -------
    list of LabelledQuestion
        53 questions: 38 answered by shared knowledge, 8 by one player's private knowledge
        (scope ``"player:<name>"``) and 7 by FTB guides (scope ``"ftb"``). The same ``query_id``
        is used for the English and Chinese phrasing of a question.

    Raises
    ------
    UnknownSampleLanguageError
        If ``language`` is not one of :data:`LANGUAGES`.
    """
    _check_language(language, "labelled_questions")
    return [
        LabelledQuestion(
            query_id=query_id,
            language=language,
            question=zh if language == "zh_cn" else en,
            relevant_ids=tuple(_resolve(scope, doc_id) for doc_id in ids),
            scope=scope,
        )
        for query_id, scope, ids, en, zh in sorted(_QUESTIONS)
    ]
