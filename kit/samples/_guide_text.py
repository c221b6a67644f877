"""The sample guides' text machinery: phrases in both languages, the fact tables of ``kit/samples/data/*.json`` and
the small helpers that fill templates from table rows (shared by :mod:`kit.samples.guides` and
:mod:`kit.samples.guide_knowledge`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, NamedTuple

from kit.samples.errors import UnknownSampleLanguageError

__all__ = [
    "FTB_QUESTS",
    "LANGUAGES",
    "PLAYER_KNOWLEDGE",
    "PLAYER_NOTES",
    "QUESTIONS",
    "TABLES",
    "Language",
    "Phrase",
    "check_language",
    "filler",
    "phrase",
    "spaced",
    "text_of",
]

Language = Literal["zh_cn", "en_us"]

#: The languages every generator accepts, in a fixed order.
LANGUAGES: tuple[Language, ...] = ("en_us", "zh_cn")


class Phrase(NamedTuple):
    """One phrase in both languages."""

    en: str
    zh: str

    def pick(self, language: str) -> str:
        return self.zh if language == "zh_cn" else self.en


def phrase(en: str, zh: str) -> Phrase:
    return Phrase(en, zh)


# ---------------------------------------------------------------------------------------------
# Fact tables live in kit/samples/data/*.json: one row per document. A {"en": ..., "zh": ...} object
# is one phrase in both languages (picked per language), a list of them is joined into running text,
# and plain values are shared by both languages. The template functions below turn rows into text.
# ---------------------------------------------------------------------------------------------

_DATA = Path(__file__).resolve().parent / "data"


def _decode(value: Any) -> Any:
    """JSON -> the tables' Python shape: phrase objects become :class:`Phrase`, lists become tuples."""
    if isinstance(value, dict):
        if value.keys() == {"en", "zh"}:
            return Phrase(value["en"], value["zh"])
        return {key: _decode(item) for key, item in value.items()}
    if isinstance(value, list):
        return tuple(_decode(item) for item in value)
    return value


def _load(name: str) -> Any:
    with open(_DATA / name, encoding="utf-8") as handle:
        return json.load(handle)


TABLES: dict[str, tuple[dict[str, Any], ...]] = {
    topic: _decode(rows) for topic, rows in _load("knowledge.json").items()
}
_PLAYERS_DATA = _load("players.json")
PLAYER_NOTES: dict[str, tuple[tuple[str, str], ...]] = {
    player: tuple((key, text) for key, text in notes) for player, notes in _PLAYERS_DATA["notes"].items()
}
PLAYER_KNOWLEDGE: dict[str, tuple[dict[str, object], ...]] = _decode(_PLAYERS_DATA["knowledge"])
FTB_QUESTS: tuple[dict[str, object], ...] = _decode(_load("ftb_quests.json"))
QUESTIONS = tuple((q["query_id"], q["scope"], tuple(q["relevant"]), q["en"], q["zh"]) for q in _load("questions.json"))

_FIELD = re.compile(r"{(\w+)}")
_CJK_THEN_LATIN = re.compile(r"(?<=[\u4e00-\u9fff])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9%])(?=[\u4e00-\u9fff])")


def spaced(text: str, language: str) -> str:
    """Put a space between Chinese characters and Latin letters or digits, as Chinese game guides do."""
    return _CJK_THEN_LATIN.sub(" ", text) if language == "zh_cn" else text


def text_of(value: object, language: str) -> str:
    if isinstance(value, Phrase):
        return value.pick(language)
    if isinstance(value, tuple):
        parts = [text_of(item, language) for item in value]
        return ("" if language == "zh_cn" else " ").join(parts)
    return str(value)


def filler(row: dict[str, Any], language: str) -> Callable[[Phrase], str]:
    """Return ``f(template)``: the template pair in ``language`` with ``{field}`` replaced from ``row``."""

    def fill(template: Phrase) -> str:
        text = _FIELD.sub(lambda match: text_of(row[match.group(1)], language), template.pick(language))
        return spaced(text, language)

    return fill


def check_language(language: str, function: str) -> None:
    if language not in LANGUAGES:
        raise UnknownSampleLanguageError(
            f"The 'language' parameter of {function} must be one of {', '.join(map(repr, LANGUAGES))}. "
            f"Got {language!r} instead."
        )
