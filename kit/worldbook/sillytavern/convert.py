"""SillyTavern's own conversions between a card's ``character_book`` and a world file.

:func:`character_book_to_world` is ``convertCharacterBook`` ("Import Card Lore"), field for field;
:func:`world_to_character_book` is the server's ``convertWorldInfoToCharacterBook`` (what ST embeds in a
card when it saves a character with a linked book). Both work on plain dicts.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from kit.worldbook.sillytavern._js import js_keys

__all__ = ["character_book_to_world", "world_to_character_book", "card_character_book"]

_MISSING = object()


def _ext(entry: Mapping[str, Any], name: str, default: Any) -> Any:
    ext = entry.get("extensions")
    if isinstance(ext, Mapping):
        value = ext.get(name)
        if value is not None:
            return value
    return default


def card_character_book(data: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The ``character_book`` of a V2/V3 card (``data.character_book``), of a V1-style card with a top-level
    ``character_book``, or ``data`` itself when it is a bare book (``entries`` is a list); else ``None``.
    """
    inner = data.get("data")
    if isinstance(inner, Mapping) and isinstance(inner.get("character_book"), Mapping):
        return inner["character_book"]
    if isinstance(data.get("character_book"), Mapping):
        return data["character_book"]
    if isinstance(data.get("entries"), list):
        return data
    return None


def character_book_to_world(book: Mapping[str, Any]) -> dict[str, Any]:
    """Convert a ``character_book`` to a SillyTavern world file the way ST imports card lore.

    ``uid = id ?? index``; ``key = keys``; ``selective = selective || false`` (false here, unlike the
    editor); ``position = extensions.position ?? (position == "before_char" ? 0 : 1)``; the other
    ``extensions`` fields with ST's defaults (note 1.14). Entries with the same id overwrite each other, as
    in ST. The input is not modified; ``originalData`` holds a copy of it.
    """
    original = copy.deepcopy(dict(book))
    entries: dict[str, Any] = {}
    raw_entries = book.get("entries")
    for index, entry in enumerate(raw_entries if isinstance(raw_entries, list) else []):
        if not isinstance(entry, Mapping):
            continue
        uid = entry.get("id", _MISSING)
        if uid is _MISSING:
            uid = index
            if isinstance(original.get("entries"), list) and isinstance(original["entries"][index], dict):
                original["entries"][index]["id"] = index
        pos = entry.get("position")
        ext_pos = _ext(entry, "position", None)
        out = {
            "uid": uid,
            "key": entry.get("keys"),
            "keysecondary": entry.get("secondary_keys") or [],
            "comment": entry.get("comment") or "",
            "content": entry.get("content"),
            "constant": entry.get("constant") or False,
            "selective": entry.get("selective") or False,
            "order": entry.get("insertion_order"),
            "position": ext_pos if ext_pos is not None else (0 if pos == "before_char" else 1),
            "excludeRecursion": _ext(entry, "exclude_recursion", False),
            "preventRecursion": _ext(entry, "prevent_recursion", False),
            "delayUntilRecursion": _ext(entry, "delay_until_recursion", False),
            "disable": not entry.get("enabled"),
            "addMemo": bool(entry.get("comment")),
            "displayIndex": _ext(entry, "display_index", index),
            "probability": _ext(entry, "probability", 100),
            "useProbability": _ext(entry, "useProbability", True),
            "depth": _ext(entry, "depth", 4),
            "selectiveLogic": _ext(entry, "selectiveLogic", 0),
            "outletName": _ext(entry, "outlet_name", ""),
            "group": _ext(entry, "group", ""),
            "groupOverride": _ext(entry, "group_override", False),
            "groupWeight": _ext(entry, "group_weight", 100),
            "scanDepth": _ext(entry, "scan_depth", None),
            "caseSensitive": _ext(entry, "case_sensitive", None),
            "matchWholeWords": _ext(entry, "match_whole_words", None),
            "useGroupScoring": _ext(entry, "use_group_scoring", None),
            "automationId": _ext(entry, "automation_id", ""),
            "role": _ext(entry, "role", 0),
            "vectorized": _ext(entry, "vectorized", False),
            "sticky": _ext(entry, "sticky", None),
            "cooldown": _ext(entry, "cooldown", None),
            "delay": _ext(entry, "delay", None),
            "matchPersonaDescription": _ext(entry, "match_persona_description", False),
            "matchCharacterDescription": _ext(entry, "match_character_description", False),
            "matchCharacterPersonality": _ext(entry, "match_character_personality", False),
            "matchCharacterDepthPrompt": _ext(entry, "match_character_depth_prompt", False),
            "matchScenario": _ext(entry, "match_scenario", False),
            "matchCreatorNotes": _ext(entry, "match_creator_notes", False),
            "extensions": copy.deepcopy(entry.get("extensions")) if entry.get("extensions") is not None else {},
            "triggers": _ext(entry, "triggers", None) or [],
            "ignoreBudget": _ext(entry, "ignore_budget", False),
        }
        if out["key"] is None:
            del out["key"]  # undefined in ST: the entry is skipped unless constant
        if out["content"] is None and "content" not in entry:
            del out["content"]
        entries[_js_key(uid)] = out
    return {"entries": entries, "originalData": original}


def _js_key(uid: Any) -> str:
    if isinstance(uid, bool):
        return "true" if uid else "false"
    if isinstance(uid, float) and uid.is_integer():
        return str(int(uid))
    if uid is None:
        return "null"
    return str(uid)


def world_to_character_book(world: Mapping[str, Any], name: str) -> dict[str, Any]:
    """Convert a world file to a card's ``character_book`` the way SillyTavern's server does.

    The result is ``{"entries": [...], "name": name}`` with no ``extensions`` key (as ST writes it); each
    entry carries ``id, keys, secondary_keys, comment, content, constant, selective, insertion_order,
    enabled, position ("before_char" for 0, else "after_char"), use_regex: true, extensions{...}``.
    ``characterFilter`` is lost, as in ST.
    """
    entries = raw_entries if isinstance(raw_entries := world.get("entries"), Mapping) else {}
    out = []
    for k in js_keys(entries):
        e = entries[k]
        if not isinstance(e, Mapping):
            continue
        ext = dict(e.get("extensions") or {}) if isinstance(e.get("extensions"), Mapping) else {}
        ext.update(
            {
                "position": e.get("position"),
                "exclude_recursion": e.get("excludeRecursion"),
                "display_index": e.get("displayIndex"),
                "probability": e.get("probability"),
                "useProbability": e.get("useProbability") if e.get("useProbability") is not None else False,
                "depth": e.get("depth") if e.get("depth") is not None else 4,
                "selectiveLogic": e.get("selectiveLogic") if e.get("selectiveLogic") is not None else 0,
                "outlet_name": e.get("outletName"),
                "group": e.get("group"),
                "group_override": e.get("groupOverride"),
                "group_weight": e.get("groupWeight"),
                "prevent_recursion": e.get("preventRecursion"),
                "delay_until_recursion": e.get("delayUntilRecursion"),
                "scan_depth": e.get("scanDepth"),
                "match_whole_words": e.get("matchWholeWords"),
                "use_group_scoring": e.get("useGroupScoring") if e.get("useGroupScoring") is not None else False,
                "case_sensitive": e.get("caseSensitive"),
                "automation_id": e.get("automationId"),
                "role": e.get("role") if e.get("role") is not None else 0,
                "vectorized": e.get("vectorized"),
                "sticky": e.get("sticky"),
                "cooldown": e.get("cooldown"),
                "delay": e.get("delay"),
                "match_persona_description": e.get("matchPersonaDescription"),
                "match_character_description": e.get("matchCharacterDescription"),
                "match_character_personality": e.get("matchCharacterPersonality"),
                "match_character_depth_prompt": e.get("matchCharacterDepthPrompt"),
                "match_scenario": e.get("matchScenario"),
                "match_creator_notes": e.get("matchCreatorNotes"),
                "triggers": e.get("triggers"),
                "ignore_budget": e.get("ignoreBudget"),
            }
        )
        out.append(
            {
                "id": e.get("uid"),
                "keys": e.get("key"),
                "secondary_keys": e.get("keysecondary"),
                "comment": e.get("comment"),
                "content": e.get("content"),
                "constant": e.get("constant"),
                "selective": e.get("selective"),
                "insertion_order": e.get("order"),
                "enabled": not e.get("disable"),
                "position": "before_char" if e.get("position") == 0 else "after_char",
                "use_regex": True,
                "extensions": ext,
            }
        )
    return {"entries": out, "name": name}
