"""Mapping between SillyTavern world entries and kit's :class:`~kit.worldbook.Entry`.

Positions
---------
SillyTavern stores positions as numbers that differ from the design's (and from the editor's display
order). The tables:

====  ==========================  =====================================================================
ST    SillyTavern meaning         kit position
====  ==========================  =====================================================================
0     before char (↑Char)         1 角色定义之前 (before character definition)
1     after char (↓Char)          0 角色定义之后 (after character definition)
2     author's note top           4 系统提示/作者注释 (system prompt / author's note)
3     author's note bottom        4 系统提示/作者注释
4     at depth (@D, depth, role)  6 深度插入 (depth insertion), ``Entry.depth`` = ``depth``
5     example messages top        2 示例对话之前 (before example dialogue)
6     example messages bottom     3 示例对话之后 (after example dialogue)
7     outlet                      7 宏替换 (macro replacement), ``Entry.macro`` = ``outletName``
else  lands nowhere (still        7 with macro ``"st-position-<value>"``: it activates but appears only
      activates, spends budget)   where that macro is used; reported
====  ==========================  =====================================================================

Writing, kit -> ST: 0 -> 1, 1 -> 0, 2 -> 5, 3 -> 6, 4 -> 3 (AN bottom), 6 -> 4 (@D), 7 -> 7, and 5
(as system message, which ST does not have) -> 4 (@D) with role 0 (system), the closest ST offers. The
original ST position (2 vs 3, the role) is kept in ``Entry.extra["sillytavern"]`` and written back
unchanged when the kit position still maps to it.

Other fields, read with SillyTavern's **scan-time** meaning (absent fields are not default-filled):

* ``key`` -> keyword keys (a non-array ``key`` gives no keyword trigger: ST skips such entries unless
  constant); ``keysecondary`` only when ``selective`` is truthy; ``selectiveLogic`` 0-3 -> and_any,
  not_all, not_any, and_all; ``caseSensitive``/``matchWholeWords`` (``null`` -> false).
* ``constant`` -> ``Triggers.constant``; ``@@activate`` -> constant, ``@@dont_activate`` -> disable (the
  decorator lines are removed from the content, as ST does before inserting it).
* ``useProbability`` truthy -> ``probability / 100`` (absent probability -> 0: ST never activates it).
* ``depth`` -> ``depth`` (ST uses it only at position 4, kit only at position 6; kept for all).
* ``disable == true`` (loose) -> ``disable``; ``order`` -> ``order`` (numbers written as strings are
  converted, as ST's sort coerces them); ``group`` split on ``/,\\s*/``; ``comment``.
* ``extensions.kit`` (written by kit) restores kit-only settings (conditions, logic expression, rag,
  requires, excludes, the kit uid and position).

Everything else (timed effects, recursion flags, scan sources, role, ...) stays in
``Entry.extra["sillytavern"]`` (the raw entry, verbatim) so that :mod:`~kit.worldbook.sillytavern.writer`
writes it back. kit's own engine does not use those fields; :func:`~kit.worldbook.sillytavern.simulate`
does.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from kit.worldbook.book.model import SECONDARY_LOGICS, Entry, KeywordTrigger, RagTrigger, SecondaryLogic, Triggers
from kit.worldbook.book.normalize import extension_triggers
from kit.worldbook.sillytavern._js import JS_WHITESPACE, js_loose_true, js_number, js_truthy
from kit.worldbook.sillytavern.decorators import parse_decorators
from kit.worldbook.sillytavern.errors import EntryError
from kit.worldbook.sillytavern.jsregex import parse_regex_key

__all__ = [
    "EntryError",
    "ST_TO_KIT_POSITION",
    "KIT_TO_ST_POSITION",
    "ST_POSITION_NAMES",
    "entry_from_st",
    "entry_to_st",
    "new_st_entry",
]

#: SillyTavern's stored position number -> kit position.
ST_TO_KIT_POSITION: dict[int, int] = {0: 1, 1: 0, 2: 4, 3: 4, 4: 6, 5: 2, 6: 3, 7: 7}
#: kit position -> SillyTavern's stored position number.
KIT_TO_ST_POSITION: dict[int, int] = {0: 1, 1: 0, 2: 5, 3: 6, 4: 3, 5: 4, 6: 4, 7: 7}
#: SillyTavern's names of its positions (``world_info_position``).
ST_POSITION_NAMES: dict[int, str] = {
    0: "before",
    1: "after",
    2: "ANTop",
    3: "ANBottom",
    4: "atDepth",
    5: "EMTop",
    6: "EMBottom",
    7: "outlet",
}

_GROUP_SPLIT = re.compile(f",[{re.escape(JS_WHITESPACE)}]*")
_MACRO = re.compile(r"\{\{\s*(user|char)\s*\}\}|<(USER|BOT|CHAR)>", re.IGNORECASE)


def _type(v: Any) -> str:
    return {
        type(None): "null",
        bool: "boolean",
        int: "number",
        float: "number",
        str: "string",
        list: "array",
        dict: "object",
    }.get(type(v), type(v).__name__)


def _str_list(value: Any, field: str) -> tuple[str, ...]:
    out = []
    for i, v in enumerate(value):
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            out.append(str(int(v)) if float(v).is_integer() else str(v))
        else:
            raise EntryError(f"{field}[{i}]", v, f"expected a string, got {_type(v)}")
    return tuple(out)


def _int(value: Any, field: str, default: int, notes: list[tuple[str, Any, str]]) -> int:
    if value is None:
        return default
    if isinstance(value, bool):
        raise EntryError(field, value, "expected a number, got a boolean")
    if isinstance(value, (int, float)):
        if float(value).is_integer():
            return int(value)
        notes.append((field, value, "not an integer; kit rounds it down"))
        return int(value // 1)
    if isinstance(value, str):
        n = js_number(value)
        if n == n and float(n).is_integer():
            notes.append(
                (field, value, "number written as a string; read as a number, as SillyTavern's arithmetic does")
            )
            return int(n)
    raise EntryError(field, value, f"expected a number, got {_type(value)} {value!r}")


def _kit_ext(raw: Mapping[str, Any]) -> Mapping[str, Any]:
    ext = raw.get("extensions")
    if isinstance(ext, Mapping) and isinstance(ext.get("kit"), Mapping):
        return ext["kit"]
    return {}


Notes = list[tuple[str, Any, str]]


def _uid(raw: Mapping[str, Any], key: str, kit: Mapping[str, Any], notes: Notes) -> str:
    uid_raw = raw.get("uid")
    if isinstance(kit.get("uid"), str) and kit["uid"]:
        return kit["uid"]
    if uid_raw is None:
        return key
    if isinstance(uid_raw, bool) or not isinstance(uid_raw, (int, float, str)):
        raise EntryError("uid", uid_raw, f"expected an integer, got {_type(uid_raw)}")
    text = str(int(uid_raw)) if isinstance(uid_raw, (int, float)) and float(uid_raw).is_integer() else str(uid_raw)
    if text != key:
        notes.append(
            (
                "uid",
                uid_raw,
                f"differs from the entry's key {key!r}; SillyTavern names the entry by uid, kit uses {text!r}",
            )
        )
    return text


def _position(raw: Mapping[str, Any], kit: Mapping[str, Any], uid: str, notes: Notes) -> tuple[int, int, str | None]:
    """``(position, depth, macro)`` of an entry."""
    pos_raw = raw.get("position", 0) if "position" in raw else 0
    macro = None
    if isinstance(kit.get("position"), int) and 0 <= kit["position"] <= 7:
        position = kit["position"]
    elif (
        isinstance(pos_raw, (int, float))
        and not isinstance(pos_raw, bool)
        and float(pos_raw).is_integer()
        and int(pos_raw) in ST_TO_KIT_POSITION
    ):
        position = ST_TO_KIT_POSITION[int(pos_raw)]
    else:
        position = 7
        macro = f"st-position-{pos_raw}"
        notes.append(
            (
                "position",
                pos_raw,
                "not a SillyTavern position (0-7): SillyTavern activates the entry but inserts it nowhere; "
                f"kit puts it at position 7 under the unused macro {macro!r}",
            )
        )
    depth = _int(raw.get("depth"), "depth", 4, notes if position == 6 else [])
    if position == 7 and "macro" in kit and kit["macro"] is None:
        pass  # written by kit from an entry whose macro name is its uid
    elif position == 7 and macro is None:
        outlet = raw.get("outletName")
        macro = str(outlet) if js_truthy(outlet) else None
        if macro is None and not (isinstance(kit.get("position"), int)):
            macro = f"st-outlet-{uid}"
            notes.append(
                (
                    "outletName",
                    outlet,
                    f"outlet entry without a name: SillyTavern drops its text; kit uses the unused macro {macro!r}",
                )
            )
    return position, depth, macro


def _keys(
    raw: Mapping[str, Any], constant: bool, notes: Notes
) -> tuple[tuple[str, ...], tuple[str, ...], SecondaryLogic]:
    """``(keys, secondary keys, secondary logic)`` with SillyTavern's scan-time reading."""
    keys_raw = raw.get("key")
    keys: tuple[str, ...] = ()
    if isinstance(keys_raw, list):
        keys = _str_list(keys_raw, "key")
    elif keys_raw is not None or not constant:
        if "key" in raw or not constant:
            notes.append(("key", keys_raw, "absent or not an array: SillyTavern never matches keys of this entry"))
    secondary: tuple[str, ...] = ()
    sec_raw = raw.get("keysecondary")
    if js_truthy(raw.get("selective")) and isinstance(sec_raw, list) and sec_raw:
        secondary = _str_list(sec_raw, "keysecondary")
    elif (
        isinstance(sec_raw, list)
        and any(isinstance(k, str) and k for k in sec_raw)
        and not js_truthy(raw.get("selective"))
    ):
        notes.append(
            ("selective", raw.get("selective"), "falsy: SillyTavern ignores the secondary keys (kit does too)")
        )
    logic_raw = raw.get("selectiveLogic")
    logic: SecondaryLogic = "and_any"
    if logic_raw is not None:
        if isinstance(logic_raw, (int, float)) and not isinstance(logic_raw, bool) and logic_raw in (0, 1, 2, 3):
            logic = SECONDARY_LOGICS[int(logic_raw)]
        elif secondary:
            notes.append(
                (
                    "selectiveLogic",
                    logic_raw,
                    "not 0-3: SillyTavern never activates this entry through its secondary keys; kit uses and_any",
                )
            )
    return keys, secondary, logic


def _key_notes(keys: tuple[str, ...], secondary: tuple[str, ...], notes: Notes) -> None:
    """Notes on keys kit's engine reads differently from SillyTavern (regexes, macros, white space)."""
    for field_name, ks in (("key", keys), ("keysecondary", secondary)):
        for i, k in enumerate(ks):
            if k.startswith("/"):
                rx = parse_regex_key(k.strip(JS_WHITESPACE))
                if rx is not None:
                    why = "regex key: kit's engine matches it as plain text (the simulator uses it as a regex)"
                    if rx.error:
                        why = f"regex key refused: {rx.error}; it never matches"
                    notes.append((f"{field_name}[{i}]", k, why))
            if _MACRO.search(k):
                notes.append(
                    (
                        f"{field_name}[{i}]",
                        k,
                        "macro in a key: SillyTavern expands it before matching; kit's engine matches it literally",
                    )
                )
            if k and not k.strip(JS_WHITESPACE):
                notes.append(
                    (f"{field_name}[{i}]", k, "white-space-only key: SillyTavern matches it against every text")
                )
            elif k != k.strip(JS_WHITESPACE) and not k.strip(JS_WHITESPACE).startswith("/"):
                notes.append(
                    (
                        f"{field_name}[{i}]",
                        k,
                        "leading or trailing white space: SillyTavern trims keys before matching; "
                        "kit's engine matches the key as written",
                    )
                )


def _probability(raw: Mapping[str, Any], notes: Notes) -> float:
    if not js_truthy(raw.get("useProbability")):
        return 1.0
    p = raw.get("probability")
    if p is None:
        notes.append(("probability", p, "absent while useProbability is on: SillyTavern never activates this entry"))
        return 0.0
    n = js_number(p)
    if n != n:
        raise EntryError("probability", p, f"expected a number, got {_type(p)}")
    if isinstance(p, str):
        notes.append(("probability", p, "number written as a string"))
    return min(max(n / 100.0, 0.0), 1.0)


def _kit_triggers(kit: Mapping[str, Any]) -> tuple[tuple[str, ...], RagTrigger | None, str | None]:
    """kit-only triggers written by kit in ``extensions.kit``: (conditions, rag, logic expression)."""
    kt = triggers if isinstance(triggers := kit.get("triggers"), Mapping) else {}
    condition = kt.get("condition")
    conditions = (
        tuple(str(c.get("text") if isinstance(c, Mapping) else c) for c in condition.get("conditions", []))
        if isinstance(condition, Mapping)
        else ()
    )
    rag = None
    if isinstance(rag_spec := kt.get("rag"), Mapping):
        rag = RagTrigger(threshold=float(rag_spec.get("threshold", 0.1)), top_k=int(rag_spec.get("topK", 3)))
    logic_expr = kt.get("logicExpression")
    return conditions, rag, str(logic_expr) if logic_expr else None


def entry_from_st(raw: Mapping[str, Any], key: str) -> tuple[Entry, list[tuple[str, Any, str]]]:
    """Map one SillyTavern entry (the object stored under ``key`` in ``entries``) onto kit's model.

    Returns
    -------
    (Entry, notes)
        The entry, and ``(field, value, reason)`` notes on values kit reads differently from what the file
        says or cannot reproduce (the entry is kept).

    Raises
    ------
    EntryError
        When a field has a type neither SillyTavern nor kit can use (for example ``content`` as an object
        or a key that is not a string).
    """
    notes: Notes = []
    kit = _kit_ext(raw)
    uid = _uid(raw, key, kit, notes)
    content = raw.get("content")
    if content is None:
        content = ""
    elif not isinstance(content, str):
        raise EntryError("content", content, f"expected a string, got {_type(content)}")
    decorators, stripped = parse_decorators(content) if content else ([], content)
    content = stripped
    constant = js_truthy(raw.get("constant")) or "@@activate" in decorators
    disable = js_loose_true(raw.get("disable")) or "@@dont_activate" in decorators
    if "@@dont_activate" in decorators:
        notes.append(
            ("content", "@@dont_activate", "decorator: SillyTavern never activates this entry; kit marks it disabled")
        )
    position, depth, macro = _position(raw, kit, uid, notes)
    order = _int(raw.get("order"), "order", 100, notes)
    group_raw = raw.get("group")
    group = None
    if js_truthy(group_raw):
        if not isinstance(group_raw, str):
            raise EntryError("group", group_raw, f"expected a string, got {_type(group_raw)}")
        group = tuple(g for g in _GROUP_SPLIT.split(group_raw) if g) or None
    comment = raw.get("comment")
    keys, secondary, logic = _keys(raw, constant, notes)
    _key_notes(keys, secondary, notes)
    keyword = None
    if keys or secondary:
        keyword = KeywordTrigger(
            keys=keys,
            case_sensitive=js_truthy(raw.get("caseSensitive")),
            match_whole_words=js_truthy(raw.get("matchWholeWords")),
            secondary_keys=secondary,
            secondary_logic=logic,
        )
    probability = _probability(raw, notes)
    conditions, rag, logic_expr = _kit_triggers(kit)
    entry = Entry(
        uid=uid,
        content=content,
        position=position,
        order=order,
        disable=disable,
        group=group,
        comment="" if comment is None else str(comment),
        depth=depth,
        macro=macro,
        requires=tuple(str(x) for x in kit.get("requires", ()) or ()),
        excludes=tuple(str(x) for x in kit.get("excludes", ()) or ()),
        triggers=Triggers(
            constant=constant,
            keyword=keyword,
            conditions=conditions,
            logic_expression=logic_expr,
            rag=rag,
            probability=probability,
        ),
        extra={"sillytavern": copy.deepcopy(dict(raw))},
    )
    return entry, notes


def new_st_entry(uid: int) -> dict[str, Any]:
    """A new SillyTavern entry with the editor's defaults (``newWorldInfoEntryDefinition``), as ST writes
    it for an entry created in the editor.
    """
    return {
        "uid": uid,
        "key": [],
        "keysecondary": [],
        "comment": "",
        "content": "",
        "constant": False,
        "vectorized": False,
        "selective": True,
        "selectiveLogic": 0,
        "addMemo": False,
        "order": 100,
        "position": 0,
        "disable": False,
        "ignoreBudget": False,
        "excludeRecursion": False,
        "preventRecursion": False,
        "matchPersonaDescription": False,
        "matchCharacterDescription": False,
        "matchCharacterPersonality": False,
        "matchCharacterDepthPrompt": False,
        "matchScenario": False,
        "matchCreatorNotes": False,
        "delayUntilRecursion": 0,
        "probability": 100,
        "useProbability": True,
        "depth": 4,
        "outletName": "",
        "group": "",
        "groupOverride": False,
        "groupWeight": 100,
        "scanDepth": None,
        "caseSensitive": None,
        "matchWholeWords": None,
        "useGroupScoring": None,
        "automationId": "",
        "role": 0,
        "sticky": None,
        "cooldown": None,
        "delay": None,
        "triggers": [],
        "displayIndex": uid,
        "characterFilter": {"isExclude": False, "names": [], "tags": []},
    }


def _kit_only(entry: Entry, uid_int: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    triggers = extension_triggers(entry.triggers)
    if triggers:
        out["triggers"] = triggers
    if entry.requires:
        out["requires"] = list(entry.requires)
    if entry.excludes:
        out["excludes"] = list(entry.excludes)
    if entry.uid != str(uid_int):
        out["uid"] = entry.uid
    if entry.position == 5:
        out["position"] = 5
    if entry.position == 7 and entry.macro is None:
        out["macro"] = None  # the outlet is named after the uid (Entry.macro_name)
    return out


def entry_to_st(entry: Entry, uid_int: int) -> dict[str, Any]:
    """Write a kit entry as a SillyTavern entry with integer uid ``uid_int``.

    An entry read from SillyTavern starts from its original object and only the fields whose kit value
    changed are rewritten, so an unchanged entry is written back exactly. A kit-made entry starts from the
    editor defaults (:func:`new_st_entry`). kit-only settings go to ``extensions.kit``.
    """
    raw = entry.extra.get("sillytavern") if isinstance(entry.extra, Mapping) else None
    base: Entry | None = None
    if isinstance(raw, Mapping):
        out = copy.deepcopy(dict(raw))
        try:
            base, _ = entry_from_st(raw, str(raw.get("uid", uid_int)))
        except EntryError:
            base = None
    else:
        out = new_st_entry(uid_int)

    def changed(get) -> bool:  # noqa: ANN001
        return base is None or get(base) != get(entry)

    if base is None or out.get("uid") != uid_int:
        out["uid"] = uid_int
    kw = entry.triggers.keyword or KeywordTrigger()
    bkw = (base.triggers.keyword or KeywordTrigger()) if base is not None else None
    if bkw is None or bkw.keys != kw.keys:
        out["key"] = list(kw.keys)
    if bkw is None or bkw.secondary_keys != kw.secondary_keys or bkw.secondary_logic != kw.secondary_logic:
        out["keysecondary"] = list(kw.secondary_keys)
        out["selective"] = True if kw.secondary_keys else bool(out.get("selective", True))
        out["selectiveLogic"] = SECONDARY_LOGICS.index(kw.secondary_logic)
    if bkw is None or bkw.case_sensitive != kw.case_sensitive:
        out["caseSensitive"] = kw.case_sensitive if kw.case_sensitive else None
    if bkw is None or bkw.match_whole_words != kw.match_whole_words:
        out["matchWholeWords"] = kw.match_whole_words if kw.match_whole_words else None
    if changed(lambda e: e.content):
        out["content"] = entry.content
    if changed(lambda e: e.comment):
        out["comment"] = entry.comment
    if changed(lambda e: e.triggers.constant):
        out["constant"] = entry.triggers.constant
    if changed(lambda e: e.disable):
        out["disable"] = entry.disable
    if changed(lambda e: e.order):
        out["order"] = entry.order
    if changed(lambda e: e.group):
        out["group"] = ",".join(entry.group or ())
    if changed(lambda e: e.depth):
        out["depth"] = entry.depth
    if changed(lambda e: (e.position, e.macro if e.position == 7 else None)):
        st_pos = KIT_TO_ST_POSITION[entry.position]
        if not (
            base is not None
            and base.position == entry.position
            and isinstance(out.get("position"), int)
            and out.get("position") in ST_TO_KIT_POSITION
            and ST_TO_KIT_POSITION[out["position"]] == entry.position
        ):
            out["position"] = st_pos
        if entry.position == 5:
            out["role"] = 0
        if entry.position == 7:
            out["outletName"] = entry.macro_name
    if changed(lambda e: e.triggers.probability):
        out["probability"] = round(entry.triggers.probability * 100, 6)
        if float(out["probability"]).is_integer():
            out["probability"] = int(out["probability"])
        out["useProbability"] = True
    kit_only = _kit_only(entry, uid_int)
    base_kit = _kit_only(base, uid_int) if base is not None else {}
    if base is None or kit_only != base_kit:
        ext = dict(out.get("extensions") or {}) if isinstance(out.get("extensions"), Mapping) else {}
        if kit_only:
            ext["kit"] = kit_only
        else:
            ext.pop("kit", None)
        if ext or "extensions" in out:
            out["extensions"] = ext
    return out
