"""Cards between formats without loss: what each entry field and CCv3 decorator becomes in V2, V3 and a
SillyTavern world file (:func:`portability`), and the lossless conversions kit uses between them.

Character cards move between Chub/RisuAI (V3, with content decorators such as ``@@depth 4``), SillyTavern
(V2 and its world file) and kit. SillyTavern's own conversions lose fields (the card → world import drops
``name``, ``priority``, the top-level ``case_sensitive``, ``use_regex`` and the book's ``scan_depth``/
``token_budget``; the world → card export drops ``characterFilter``); kit's conversions carry them:

* :func:`card_to_world_file` is SillyTavern's import (``convertCharacterBook``), which keeps the whole book as
  the world file's ``originalData``;
* :func:`world_file_to_character_book` starts from ``originalData`` and writes into it only what changed in
  the world file (compared with what the original converts to), so V2 → V3 → world file → V2 gives back the
  same book, ``extensions`` objects included. The one change: an entry without ``id`` gets its index as id,
  as SillyTavern's import writes it.

Statuses of :func:`portability`: ``kept`` (the same field in the target), ``mapped`` (another field of the
target holds it; the note names it), ``dropped`` (the target has no place for it or its readers ignore it;
the note says what happens, and whether kit still carries it for the way back).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from kit.cards import Card, card_from_dict
from kit.core.errors import InvalidParameterError
from kit.core.frames import frame, ordered
from kit.worldbook.sillytavern._js import js_keys
from kit.worldbook.sillytavern.convert import card_character_book, character_book_to_world, world_to_character_book

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "PORTABILITY_SCHEMA",
    "TARGETS",
    "STATUSES",
    "DECORATORS",
    "portability",
    "card_to_world_file",
    "world_file_to_character_book",
]

#: The target formats, in the order of the rows.
TARGETS: tuple[str, ...] = ("v2", "v3", "sillytavern")
#: The statuses, best first.
STATUSES: tuple[str, ...] = ("kept", "mapped", "dropped")
#: Columns of :func:`portability`.
PORTABILITY_SCHEMA: dict[str, Any] = {
    "entry": "string",
    "field": "string",
    "target": ordered(TARGETS),
    "status": ordered(STATUSES),
    "note": "string",
}

_CARRIED = "kit keeps it in the world file's originalData and restores it on the way back"

# field -> (v2, v3, sillytavern): each (status, note)
_FIELDS: dict[str, tuple[tuple[str, str], tuple[str, str], tuple[str, str]]] = {
    "keys": (("kept", ""), ("kept", ""), ("mapped", "key")),
    "secondary_keys": (("kept", ""), ("kept", ""), ("mapped", "keysecondary")),
    "content": (("kept", ""), ("kept", ""), ("kept", "")),
    "enabled": (("kept", ""), ("kept", ""), ("mapped", "disable = not enabled")),
    "insertion_order": (("kept", ""), ("kept", ""), ("mapped", "order")),
    "constant": (("kept", ""), ("kept", ""), ("kept", "")),
    "selective": (("kept", ""), ("kept", ""), ("kept", "absent means false here (true in SillyTavern's editor)")),
    "comment": (("kept", ""), ("kept", ""), ("kept", "")),
    "id": (("kept", ""), ("kept", "V3 allows a string id"), ("mapped", "uid, and the entry's key in 'entries'")),
    "position": (
        ("kept", ""),
        ("kept", ""),
        ("mapped", "position 0 (before_char) or 1 (after_char), unless extensions.position gives SillyTavern's number"),
    ),
    "case_sensitive": (
        ("kept", ""),
        ("kept", ""),
        ("dropped", f"SillyTavern reads extensions.case_sensitive only; {_CARRIED}"),
    ),
    "name": (("kept", ""), ("kept", ""), ("dropped", f"no such field in a world entry; {_CARRIED}")),
    "priority": (("kept", ""), ("kept", ""), ("dropped", f"SillyTavern ignores it; {_CARRIED}")),
    "use_regex": (
        ("kept", "not in the V2 spec: kept verbatim, V2 readers ignore it"),
        ("kept", ""),
        ("dropped", f"SillyTavern treats a key as a regex by its /pattern/flags shape; {_CARRIED}"),
    ),
    "extensions": (("kept", ""), ("kept", ""), ("kept", "the world entry keeps the extensions object")),
}
_UNKNOWN_FIELD = (
    ("kept", "not in the spec: kept verbatim"),
    ("kept", "not in the spec: kept verbatim"),
    ("dropped", f"no such field in a world entry; {_CARRIED}"),
)

#: SillyTavern's entry extensions (``character_book`` name -> world-file field), from ``convertCharacterBook``.
ST_EXTENSIONS: dict[str, str] = {
    "position": "position",
    "exclude_recursion": "excludeRecursion",
    "prevent_recursion": "preventRecursion",
    "delay_until_recursion": "delayUntilRecursion",
    "display_index": "displayIndex",
    "probability": "probability",
    "useProbability": "useProbability",
    "depth": "depth",
    "selectiveLogic": "selectiveLogic",
    "outlet_name": "outletName",
    "group": "group",
    "group_override": "groupOverride",
    "group_weight": "groupWeight",
    "scan_depth": "scanDepth",
    "case_sensitive": "caseSensitive",
    "match_whole_words": "matchWholeWords",
    "use_group_scoring": "useGroupScoring",
    "automation_id": "automationId",
    "role": "role",
    "vectorized": "vectorized",
    "sticky": "sticky",
    "cooldown": "cooldown",
    "delay": "delay",
    "match_persona_description": "matchPersonaDescription",
    "match_character_description": "matchCharacterDescription",
    "match_character_personality": "matchCharacterPersonality",
    "match_character_depth_prompt": "matchCharacterDepthPrompt",
    "match_scenario": "matchScenario",
    "match_creator_notes": "matchCreatorNotes",
    "triggers": "triggers",
    "ignore_budget": "ignoreBudget",
}

_ST_KNOWS = "SillyTavern understands it in the content"
_V2_NONE = "V2 has no decorators: the line stays in the content (SillyTavern strips unknown decorator lines)"
_ST_DROPS = "SillyTavern removes the line and ignores it"
#: CCv3 decorators kit reports, with what SillyTavern offers instead (by hand) when it ignores them.
DECORATORS: dict[str, str] = {
    "@@activate": "",
    "@@dont_activate": "",
    "@@depth": "closest setting: position 4 (@D) with depth",
    "@@role": "closest setting: role (position 4 only)",
    "@@scan_depth": "closest setting: scanDepth",
    "@@activate_only_after": "closest setting: delay",
    "@@activate_only_every": "no equivalent",
    "@@keep_activate_after_match": "closest setting: sticky",
    "@@dont_activate_after_match": "closest setting: cooldown",
    "@@position": "closest setting: position",
    "@@additional_keys": "closest setting: secondary keys with AND_ANY",
    "@@exclude_keys": "closest setting: secondary keys with NOT_ANY",
    "@@is_greeting": "no equivalent",
    "@@is_user_icon": "no equivalent",
    "@@ignore_on_max_context": "no equivalent",
    "@@disable_ui_prompt": "no equivalent",
    "@@instruct_depth": "closest setting: position 4 (@D) with depth",
    "@@reverse_depth": "closest setting: position 4 (@D) with depth",
    "@@reverse_instruct_depth": "closest setting: position 4 (@D) with depth",
    "@@match_full_word": "closest setting: matchWholeWords",
    "@@match_partial_word": "closest setting: matchWholeWords false",
    "@@probability": "closest setting: probability with useProbability",
}


def _decorators(content: Any) -> list[str]:
    """The decorator names of the leading ``@@`` lines of a content (``@@@`` fallbacks included)."""
    if not isinstance(content, str):
        return []
    out = []
    for line in content.split("\n"):
        if not line.startswith("@@"):
            break
        name = line.lstrip("@").split(" ", 1)[0].split("\t", 1)[0]
        out.append(f"@@{name}")
    return list(dict.fromkeys(out))


def _decorator_rows(name: str) -> tuple[tuple[str, str], tuple[str, str], tuple[str, str]]:
    if name in ("@@activate", "@@dont_activate"):
        return (("kept", f"not in the V2 spec; {_ST_KNOWS}"), ("kept", ""), ("kept", _ST_KNOWS))
    known = DECORATORS.get(name)
    hint = known or "not a decorator kit knows"
    return (
        ("dropped", f"{_V2_NONE}; {hint}"),
        ("kept", "" if known is not None else "not a CCv3 decorator kit knows"),
        ("dropped", f"{_ST_DROPS} (kit keeps the line in the content); {hint}"),
    )


def _entry_rows(label: str, entry: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    def emit(field: str, statuses: tuple[tuple[str, str], ...]) -> Iterator[dict[str, Any]]:
        for target, (status, note) in zip(TARGETS, statuses):
            yield {"entry": label, "field": field, "target": target, "status": status, "note": note}

    for field, value in entry.items():
        if value is None:
            continue
        yield from emit(field, _FIELDS.get(field, _UNKNOWN_FIELD))
        if field == "extensions" and isinstance(value, Mapping):
            for name, inner in value.items():
                if inner is None:
                    continue
                st = ST_EXTENSIONS.get(name)
                target = (
                    ("mapped", f"{st} (SillyTavern's field; the extensions object is kept too)")
                    if st
                    else ("kept", "inside the extensions object")
                )
                yield from emit(f"extensions.{name}", (("kept", ""), ("kept", ""), target))
    for name in _decorators(entry.get("content")):
        yield from emit(name, _decorator_rows(name))


def _card_book(card: Any) -> Mapping[str, Any]:
    book: Mapping[str, Any] | None
    if isinstance(card, Card):
        book = card.character_book
    elif isinstance(card, Mapping):
        book = card_character_book(card)
        if book is None and card.get("spec") == "lorebook_v3" and isinstance(card.get("data"), Mapping):
            book = card["data"]
    else:
        raise InvalidParameterError(
            f"The 'card' parameter of portability must be a kit.cards.Card or a card JSON object (V2/V3, or a "
            f"character_book). Got {type(card).__name__} instead: read a file with kit.cards.read_card(path)."
        )
    if book is None or not isinstance(book.get("entries"), list):
        raise InvalidParameterError(
            "The 'card' parameter of portability must hold a character_book with a list of "
            "entries. Got a card without one."
        )
    return book


def portability(card: Any) -> pd.DataFrame:
    """What each entry field and CCv3 decorator in use becomes in V2, V3 and a SillyTavern world file.

    Parameters
    ----------
    card : kit.cards.Card or dict
        A card (V1/V2/V3) or its JSON, or a bare ``character_book`` / standalone ``lorebook_v3``.

    Returns
    -------
    DataFrame
        One row per entry, field in use (non-null top-level fields, each ``extensions.<name>``, each leading
        ``@@decorator`` of the content) and target: ``entry`` (the entry's ``id``, else its index),
        ``field``, ``target`` (ordered categorical ``v2``, ``v3``, ``sillytavern``), ``status`` (ordered
        categorical ``kept``, ``mapped``, ``dropped``) and ``note`` (the target field, or what happens).
        In entry order, then field order.

    Raises
    ------
    InvalidParameterError
        When ``card`` is neither a card nor card JSON, or holds no ``character_book``.
    """
    book = _card_book(card)
    rows: list[dict[str, Any]] = []
    for index, entry in enumerate(book["entries"]):
        if isinstance(entry, Mapping):
            label = str(entry["id"]) if entry.get("id") is not None else str(index)
            rows.extend(_entry_rows(label, entry))
    return frame(PORTABILITY_SCHEMA, rows)


# -- the lossless conversions -----------------------------------------------------------------------------
def card_to_world_file(card: Any) -> dict[str, Any]:
    """A card's ``character_book`` as a SillyTavern world file, as SillyTavern imports card lore, with the whole
    book kept as ``originalData`` (see :func:`world_file_to_character_book`).
    """
    if isinstance(card, Mapping) and not isinstance(card.get("entries"), list):
        card = card_from_dict(dict(card))
    return character_book_to_world(_card_book(card))


def _js_key(uid: Any) -> str:
    return str(int(uid)) if isinstance(uid, float) and uid.is_integer() else str(uid)


def _overlay(original: dict[str, Any], before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    """``original`` with the fields that differ between the card forms ``before`` and ``after`` taken from ``after``."""
    out = copy.deepcopy(original)
    for field, value in after.items():
        if field == "extensions":
            old_ext = before.get("extensions") or {}
            ext = dict(out.get("extensions") or {})
            for name, inner in (value or {}).items():
                if old_ext.get(name) != inner:
                    ext[name] = copy.deepcopy(inner)
            out["extensions"] = ext
        elif before.get(field) != value:
            out[field] = copy.deepcopy(value)
    return out


def world_file_to_character_book(world: Mapping[str, Any], *, name: str | None = None) -> dict[str, Any]:
    """A SillyTavern world file as a card's ``character_book``, losing nothing kit can carry.

    Without ``originalData`` this is SillyTavern's export (``convertWorldInfoToCharacterBook``) plus an empty
    ``extensions``. With it, each entry of the original book is kept as it was and only the fields whose world
    value changed (compared with what the original converts to) are written; entries new in the world file are
    appended in SillyTavern's export shape, entries removed from it are left out.

    Parameters
    ----------
    world : mapping
        The world file (``{"entries": {...}, "originalData": {...}?}``).
    name : str, optional
        The book's name when the original has none (default: the world's ``name``).
    """
    original = world.get("originalData")
    entries = raw_entries if isinstance(raw_entries := world.get("entries"), Mapping) else {}
    book_name = name or str(world.get("name") or "")
    if not isinstance(original, Mapping) or not isinstance(original.get("entries"), list):
        out = world_to_character_book(world, book_name)
        out["extensions"] = {}
        return out
    out = copy.deepcopy(dict(original))
    base_world = character_book_to_world(original)["entries"]
    result: list[Any] = []
    seen: set[str] = set()
    for index, raw in enumerate(original["entries"]):
        if not isinstance(raw, Mapping):
            result.append(copy.deepcopy(raw))  # SillyTavern skips it; kit keeps it
            continue
        key = _js_key(raw["id"] if "id" in raw else index)
        if key not in entries or key in seen or key not in base_world:
            continue  # removed in the world file (or a repeated id, which SillyTavern overwrites)
        seen.add(key)
        source = {**copy.deepcopy(dict(raw)), "id": raw.get("id", index)}
        before = world_to_character_book({"entries": {key: base_world[key]}}, book_name)["entries"][0]
        current = world_to_character_book({"entries": {key: entries[key]}}, book_name)["entries"][0]
        result.append(_overlay(source, before, current))
    for key in js_keys(entries):
        if key not in seen:
            result.extend(world_to_character_book({"entries": {key: entries[key]}}, book_name)["entries"])
    out["entries"] = result
    return out
