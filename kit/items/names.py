"""Item names in requests: find the item a request names, and the source scope it asks for (pure logic).

:class:`NameIndex` (kit's one matcher, in :mod:`kit.items.matching`) finds the item; ``route_scope`` narrows the
scope only when the request says loot, recipe or tag.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from kit.core.errors import InvalidParameterError
from kit.items.errors import UnknownLanguageError
from kit.items.matching import NameIndex, find_item_id, rank_candidates

__all__ = [
    "NameIndex",
    "route_scope",
    "find_item_id",
    "lang_key_to_id",
    "display_names",
    "check_language",
    "item_spellings",
]

_NAME_RE = re.compile(r"^[a-z0-9_-]+\Z")

_ROUTES = (
    ("loot", re.compile(r"掉落|战利品|\bdrop(s|ped|ping)?\b|\bloot\b", re.I)),
    ("recipe", re.compile(r"配方|合成|\brecipes?\b|\bcraft(s|ed|ing)?\b", re.I)),
    ("tag", re.compile(r"标签|\btags?\b", re.I)),
)


def route_scope(text: str) -> str:
    """The item-source scope a request asks for.

    Returns ``"loot"`` for 掉落 / 战利品 / drop / loot, ``"recipe"`` for 配方 / 合成 / recipe / craft, ``"tag"`` for
    标签 / tag, and ``"all"`` when none or more than one of these is mentioned.
    """
    hits = [scope for scope, rx in _ROUTES if rx.search(text)]
    return hits[0] if len(hits) == 1 else "all"


def lang_key_to_id(key: str) -> tuple[str, str] | None:
    """``("item" or "block", item id)`` for a language key ``item.<ns>.<path>`` / ``block.<ns>.<path>``, else None."""
    parts = key.split(".")
    if (
        len(parts) != 3
        or parts[0] not in ("item", "block")
        or not _NAME_RE.match(parts[1])
        or not _NAME_RE.match(parts[2])
    ):
        return None
    return parts[0], f"{parts[1]}:{parts[2]}"


def display_names(table: Mapping[str, str]) -> dict[str, str]:
    """Item id -> display name from one language table (``item.*`` keys win over ``block.*``)."""
    out: dict[str, str] = {}
    for prefer in ("block", "item"):
        for key, value in table.items():
            parsed = lang_key_to_id(key)
            if parsed and parsed[0] == prefer:
                out[parsed[1]] = value
    return out


def check_language(language: str | None, languages: tuple[str, ...], owner: str) -> tuple[str, ...]:
    """The languages a query of ``owner`` uses: every loaded one for ``None``, else ``(language,)`` when loaded.

    Raises
    ------
    InvalidParameterError
        When ``language`` is neither a str nor None.
    UnknownLanguageError
        When no loaded pack has the language (the message lists the loaded ones and the nearest).
    """
    if language is None:
        return languages
    if not isinstance(language, str):
        raise InvalidParameterError(
            f"The 'language' parameter of {owner} must be a str such as 'zh_cn' or None "
            f"(every loaded language). Got {type(language).__name__} {language!r} instead."
        )
    if language not in languages:
        near = rank_candidates(language, {lang: (lang,) for lang in languages}, limit=3, threshold=0.3)
        raise UnknownLanguageError(
            f"no loaded pack has a {language!r} language file; loaded languages: "
            f"{', '.join(languages) or 'none'}" + (f"; nearest: {', '.join(near)}" if near else "")
        )
    return (language,)


def item_spellings(item_ids: Iterable[str], names: Iterable[Mapping[str, str]]) -> dict[str, list[str]]:
    """Item id -> the spellings a search matches: the id, its path, and its display name in each of ``names``."""
    spellings = {item_id: [item_id, item_id.split(":", 1)[-1]] for item_id in item_ids}
    for table in names:
        for item_id, name in table.items():
            if item_id in spellings:
                spellings[item_id].append(name)
    return spellings
