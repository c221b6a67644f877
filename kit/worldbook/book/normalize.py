"""Normalisation of kit's native world-book JSON into the model, and back.

Rules (the design's ``_normalize_worldbook_entry``, made strict about what cannot be repaired):

* ``uid`` becomes a string (integers and integral floats are written without a decimal point); a missing or
  structured uid is an error.
* ``content`` becomes a string (``null`` -> ``""``, numbers -> their text); lists or objects are errors.
* ``position`` becomes an int in 0-7 (``"3"`` and ``3.0`` are accepted); ``"abc"``, ``12`` or ``true`` are
  errors. Missing means 0.
* ``order`` and ``depth`` become ints (missing: 0 and 4); ``disable`` a bool with the design's truthiness
  (``if entry_data.get("disable")``: any non-empty string, ``"false"`` included, disables; such a string is
  also reported as a warning issue; never an error).
* ``group`` becomes a tuple of names or ``None``: a string is split on commas, empty names are dropped.
* ``requires`` / ``excludes`` become tuples of uid strings.
* Triggers: ``constant`` ``[true]`` or ``true``; a list is read as the design reads it, ``constant[0] == true``
  (``[true, false]`` is constant, ``[]`` and ``["true"]`` are not, the latter with a warning issue);
  ``keyword`` ``{key, caseSensitive, matchWholeWords, secondaryKey, secondaryLogic}``; ``condition``
  ``{conditions: [{text}]}`` (each parsed, see :mod:`kit.worldbook.book.conditions`); ``logicExpression``
  (a string or ``{expression}``); ``rag`` ``{threshold, topK}``; ``probability`` (in ``trigger_config``, a
  number in [0, 1]).

An error names the book, the uid and the field. In strict mode the first error raises
(:class:`~kit.worldbook.WorldBookFormatError`, or :class:`~kit.worldbook.ConditionSyntaxError` /
:class:`~kit.worldbook.LogicSyntaxError` for malformed expressions); in lenient mode the entry is skipped and
the error is kept in ``WorldBook.issues``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.worldbook._deprecation import renamed_attributes
from kit.worldbook.book.conditions import parse_condition
from kit.worldbook.book.logic import parse_logic
from kit.worldbook.book.model import SECONDARY_LOGICS, Entry, Issue, KeywordTrigger, RagTrigger, Triggers, WorldBook
from kit.worldbook.errors import ConditionSyntaxError, WorldBookFormatError

__all__ = ["world_book_from_dict", "world_book_to_dict", "entry_from_dict", "entry_to_dict", "key_whitespace_issues"]

_ENTRY_KEYS = {
    "uid",
    "content",
    "position",
    "order",
    "disable",
    "group",
    "comment",
    "depth",
    "macro",
    "requires",
    "excludes",
    "trigger_config",
}
_TRIGGER_KEYS = {"constant", "keyword", "condition", "logicExpression", "rag", "probability"}
_BOOK_KEYS = {"id", "name", "description", "entries"}


class _Bad(Exception):
    def __init__(self, field: str, value: Any, reason: str, syntax: ConditionSyntaxError | None = None) -> None:
        self.field, self.value, self.reason, self.syntax = field, value, reason, syntax


def _to_str_id(value: Any, field: str) -> str:
    if isinstance(value, bool) or value is None or isinstance(value, (list, dict)):
        raise _Bad(field, value, f"expected a string or an integer, got {_type(value)}")
    if isinstance(value, float):
        if not value.is_integer():
            raise _Bad(field, value, f"expected a string or an integer, got the float {value!r}")
        return str(int(value))
    text = str(value)
    if not text.strip():
        raise _Bad(field, value, "must not be empty")
    return text


def _type(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _to_int(value: Any, field: str, *, default: int) -> int:
    if value is None:
        return default
    if isinstance(value, bool):
        raise _Bad(field, value, "expected an integer, got a boolean")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        try:
            return int(text)
        except ValueError:
            pass
    raise _Bad(field, value, f"expected an integer, got {value!r}")


def _to_bool(value: Any, field: str, *, default: bool) -> bool:
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("true", "false", "0", "1"):
        return value.strip().lower() in ("true", "1")
    if isinstance(value, list) and len(value) == 1:
        return _to_bool(value[0], field, default=default)
    raise _Bad(field, value, f"expected true or false, got {value!r}")


def _design_truthy(value: Any, field: str, notes: list[tuple[str, Any, str]] | None) -> bool:
    """Python truthiness, as the design's ``if entry_data.get("disable")`` reads the value (never an error)."""
    if isinstance(value, str) and value.strip().lower() in ("false", "0", "no", "off"):
        if notes is not None:
            notes.append(
                (
                    field,
                    value,
                    f"the design's server reads every non-empty string as true: {value!r} "
                    "disables the entry (write false)",
                )
            )
    return bool(value)


def _design_constant(value: Any, field: str, notes: list[tuple[str, Any, str]] | None) -> bool:
    """``constant[0] == true`` as the design reads a list (the first element counts); other values as booleans."""
    if not isinstance(value, list):
        return _to_bool(value, field, default=False)
    if not value:
        return False
    first = value[0]
    if isinstance(first, str):
        if notes is not None and first.strip().lower() in ("true", "1"):
            notes.append(
                (
                    field,
                    value,
                    f"the design's server compares constant[0] == true, so the string {first!r} "
                    "is not constant (write [true])",
                )
            )
        return False
    return not isinstance(first, (list, dict)) and first == True  # noqa: E712 - the design's comparison


def _to_str_list(value: Any, field: str, *, split_commas: bool = False) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        parts = value.split(",") if split_commas else [value]
        return tuple(p.strip() for p in parts if p.strip())
    if isinstance(value, (list, tuple)):
        out = []
        for i, v in enumerate(value):
            if isinstance(v, (list, dict)) or isinstance(v, bool) or v is None:
                raise _Bad(f"{field}[{i}]", v, f"expected a string, got {_type(v)}")
            out.append(_to_str_id(v, f"{field}[{i}]") if not isinstance(v, str) else v)
        return tuple(out)
    raise _Bad(field, value, f"expected a list of strings, got {_type(value)}")


def _to_text(value: Any, field: str) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or isinstance(value, (list, dict)):
        raise _Bad(field, value, f"expected a string, got {_type(value)}")
    return str(value)


def _probability(value: Any, field: str) -> float:
    if value is None:
        return 1.0
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise _Bad(field, value, f"expected a number in [0, 1] (50% is 0.5), got {value!r}")
    return float(value)


def _triggers(config: Any, notes: list[tuple[str, Any, str]] | None = None) -> Triggers:
    if config is None:
        return Triggers()
    if not isinstance(config, Mapping):
        raise _Bad("trigger_config", config, f"expected an object, got {_type(config)}")
    trig = config.get("triggers", {}) or {}
    if not isinstance(trig, Mapping):
        raise _Bad("trigger_config.triggers", trig, f"expected an object, got {_type(trig)}")
    base = "trigger_config.triggers"
    constant = _design_constant(trig.get("constant"), f"{base}.constant", notes) if "constant" in trig else False
    keyword = None
    if trig.get("keyword") is not None:
        kw = trig["keyword"]
        if not isinstance(kw, Mapping):
            raise _Bad(f"{base}.keyword", kw, f"expected an object, got {_type(kw)}")
        logic = kw.get("secondaryLogic", "and_any")
        if logic not in SECONDARY_LOGICS:
            raise _Bad(f"{base}.keyword.secondaryLogic", logic, f"expected one of {', '.join(SECONDARY_LOGICS)}")
        keyword = KeywordTrigger(
            keys=_to_str_list(kw.get("key"), f"{base}.keyword.key"),
            case_sensitive=_to_bool(kw.get("caseSensitive"), f"{base}.keyword.caseSensitive", default=False),
            match_whole_words=_to_bool(kw.get("matchWholeWords"), f"{base}.keyword.matchWholeWords", default=False),
            secondary_keys=_to_str_list(kw.get("secondaryKey"), f"{base}.keyword.secondaryKey"),
            secondary_logic=logic,
        )
    conditions: tuple[str, ...] = ()
    if trig.get("condition") is not None:
        cond = trig["condition"]
        items = cond.get("conditions", []) if isinstance(cond, Mapping) else cond
        if not isinstance(items, list):
            raise _Bad(f"{base}.condition.conditions", items, f"expected a list, got {_type(items)}")
        texts = []
        for i, item in enumerate(items):
            text = item.get("text") if isinstance(item, Mapping) else item
            field = f"{base}.condition.conditions[{i}].text"
            if not isinstance(text, str):
                raise _Bad(field, text, f"expected a string, got {_type(text)}")
            try:
                parse_condition(text)
            except ConditionSyntaxError as exc:
                raise _Bad(field, text, str(exc), syntax=exc) from None
            texts.append(text)
        conditions = tuple(texts)
    logic_expression = None
    if trig.get("logicExpression") is not None:
        raw = trig["logicExpression"]
        text = raw.get("expression") if isinstance(raw, Mapping) else raw
        if not isinstance(text, str):
            raise _Bad(f"{base}.logicExpression", raw, f"expected a string, got {_type(raw)}")
        try:
            parse_logic(text)
        except ConditionSyntaxError as exc:
            raise _Bad(f"{base}.logicExpression", text, str(exc), syntax=exc) from None
        logic_expression = text
    rag = None
    if trig.get("rag") not in (None, False):
        raw = trig["rag"]
        raw = {} if raw is True else raw
        if not isinstance(raw, Mapping):
            raise _Bad(f"{base}.rag", raw, f"expected an object, got {_type(raw)}")
        threshold = raw.get("threshold", 0.1)
        if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not 0 <= threshold <= 1:
            raise _Bad(f"{base}.rag.threshold", threshold, f"expected a number in [0, 1], got {threshold!r}")
        top_k = _to_int(raw.get("topK"), f"{base}.rag.topK", default=3)
        if top_k < 1:
            raise _Bad(f"{base}.rag.topK", top_k, f"expected an integer >= 1, got {top_k}")
        rag = RagTrigger(threshold=float(threshold), top_k=top_k)
    probability = _probability(config.get("probability", trig.get("probability")), "trigger_config.probability")
    extra = {k: v for k, v in trig.items() if k not in _TRIGGER_KEYS}
    extra.update({f"trigger_config.{k}": v for k, v in config.items() if k not in ("triggers", "probability")})
    return Triggers(
        constant=constant,
        keyword=keyword,
        conditions=conditions,
        logic_expression=logic_expression,
        rag=rag,
        probability=probability,
        extra=extra,
    )


def entry_from_dict(data: Any, *, index: int = 0, notes: list[tuple[str, Any, str]] | None = None) -> Entry:
    """Normalise one native entry object; raises ``_Bad`` (internal) on the first bad value.

    ``notes`` (when given) receives ``(field, value, reason)`` for values read as the design reads them but
    probably not meant so (a ``disable`` of ``"false"``); the entry is kept.
    """
    if not isinstance(data, Mapping):
        raise _Bad(f"entries[{index}]", data, f"expected an object, got {_type(data)}")
    if "uid" not in data:
        raise _Bad("uid", None, "missing")
    uid = _to_str_id(data["uid"], "uid")
    position = _to_int(data.get("position"), "position", default=0)
    if not 0 <= position <= 7:
        raise _Bad("position", data.get("position"), f"expected a position in 0-7, got {position}")
    depth = _to_int(data.get("depth"), "depth", default=4)
    if depth < 0:
        raise _Bad("depth", depth, f"expected an integer >= 0, got {depth}")
    group = _to_str_list(data.get("group"), "group", split_commas=True) or None
    macro = data.get("macro")
    if macro is not None and not isinstance(macro, str):
        raise _Bad("macro", macro, f"expected a string, got {_type(macro)}")
    return Entry(
        uid=uid,
        content=_to_text(data.get("content"), "content"),
        position=position,
        order=_to_int(data.get("order"), "order", default=0),
        disable=_design_truthy(data.get("disable"), "disable", notes),
        group=group,
        comment=_to_text(data.get("comment"), "comment"),
        depth=depth,
        macro=macro or None,
        requires=_to_str_list(data.get("requires"), "requires"),
        excludes=_to_str_list(data.get("excludes"), "excludes"),
        triggers=_triggers(data.get("trigger_config"), notes),
        extra={k: v for k, v in data.items() if k not in _ENTRY_KEYS},
    )


def world_book_from_dict(
    data: Any, *, file: str | None = None, default_id: str | None = None, strict: bool = True
) -> WorldBook:
    """Build a :class:`~kit.worldbook.WorldBook` from kit's native JSON object.

    Parameters
    ----------
    data : dict
        ``{"id", "name", "entries": [...]}`` (entries may also be an object keyed by uid).
    file : str, optional
        Named in errors and stored as ``source``.
    default_id : str, optional
        Book id when ``data`` has none (readers pass the file stem).
    strict : bool, default=True
        Raise on the first value that cannot be normalised; when false, skip that entry and record an
        :class:`~kit.worldbook.book.model.Issue` in ``book.issues``.

    Returns
    -------
    WorldBook
    """
    if not isinstance(data, Mapping):
        raise WorldBookFormatError(f"expected a JSON object, got {_type(data)}", file=file)
    book_id = data.get("id", default_id)
    if book_id is None:
        raise WorldBookFormatError("missing (and no file name to use instead)", file=file, field="id")
    try:
        book_id = _to_str_id(book_id, "id")
    except _Bad as bad:
        raise WorldBookFormatError(bad.reason, file=file, field="id", value=book_id) from None
    name = data.get("name")
    name = book_id if name is None else str(name)
    raw_entries = data.get("entries", [])
    if isinstance(raw_entries, Mapping):
        raw_entries = list(raw_entries.values())
    if not isinstance(raw_entries, list):
        raise WorldBookFormatError(
            f"expected a list, got {_type(raw_entries)}", file=file, book_id=book_id, field="entries"
        )
    entries: list[Entry] = []
    issues: list[Issue] = []
    seen: set[str] = set()
    for i, raw in enumerate(raw_entries):
        raw_uid = raw.get("uid") if isinstance(raw, Mapping) else None
        uid_text = None if raw_uid is None else str(raw_uid)
        notes: list[tuple[str, Any, str]] = []
        try:
            entry = entry_from_dict(raw, index=i, notes=notes)
            if entry.uid in seen:
                raise _Bad("uid", raw_uid, f"duplicate uid {entry.uid!r} in the book")
        except _Bad as bad:
            if strict:
                if bad.syntax is not None:
                    raise bad.syntax.with_entry(f"{book_id}/{uid_text}") from None
                raise WorldBookFormatError(
                    bad.reason, file=file, book_id=book_id, uid=uid_text, field=bad.field, value=bad.value
                ) from None
            issues.append(Issue(book_id, uid_text, bad.field, bad.value, bad.reason, file))
            continue
        seen.add(entry.uid)
        entries.append(entry)
        issues.extend(Issue(book_id, entry.uid, f, v, r, file, "warning") for f, v, r in notes)
        issues.extend(key_whitespace_issues(entry, book_id=book_id, file=file))
    return WorldBook(
        id=book_id,
        name=name,
        entries=tuple(entries),
        description="" if data.get("description") is None else str(data.get("description")),
        extra={k: v for k, v in data.items() if k not in _BOOK_KEYS},
        source=file,
        issues=tuple(issues),
    )


#: White space as JavaScript's ``trim()`` sees it (SillyTavern trims every key before matching).
_JS_SPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)


def key_whitespace_issues(
    entry: Entry,
    *,
    book_id: str,
    file: str | None,
    fields: tuple[str, str] = ("trigger_config.triggers.keyword.key", "trigger_config.triggers.keyword.secondaryKey"),
) -> list[Issue]:
    """Issues for keys with leading or trailing white space: SillyTavern trims keys before matching, kit's
    engine matches them as written, so the same book activates differently. The entry is kept.
    """
    kw = entry.triggers.keyword
    if kw is None:
        return []
    out = []
    for field, keys in zip(fields, (kw.keys, kw.secondary_keys)):
        for i, key in enumerate(keys):
            if key != key.strip(_JS_SPACE):
                out.append(
                    Issue(
                        book_id,
                        entry.uid,
                        f"{field}[{i}]",
                        key,
                        "leading or trailing white space: SillyTavern trims keys before matching; "
                        "kit's engine matches the key as written",
                        file,
                        "warning",
                    )
                )
    return out


def extension_triggers(triggers: Triggers) -> dict[str, Any]:
    """The triggers only kit knows (conditions, logic expression, retrieval) in kit's JSON form.

    Formats without these triggers (character cards, SillyTavern) keep them under their kit extension.
    """
    out: dict[str, Any] = {}
    if triggers.conditions:
        out["condition"] = {"conditions": [{"text": c} for c in triggers.conditions]}
    if triggers.logic_expression:
        out["logicExpression"] = triggers.logic_expression
    if triggers.rag is not None:
        out["rag"] = {"threshold": triggers.rag.threshold, "topK": triggers.rag.top_k}
    return out


def entry_to_dict(entry: Entry) -> dict[str, Any]:
    """Write an entry as kit's native JSON object (unknown fields from ``extra`` kept)."""
    t = entry.triggers
    triggers: dict[str, Any] = {}
    if t.constant:
        triggers["constant"] = [True]
    if t.keyword is not None:
        kw: dict[str, Any] = {
            "key": list(t.keyword.keys),
            "caseSensitive": t.keyword.case_sensitive,
            "matchWholeWords": t.keyword.match_whole_words,
        }
        if t.keyword.secondary_keys:
            kw["secondaryKey"] = list(t.keyword.secondary_keys)
            kw["secondaryLogic"] = t.keyword.secondary_logic
        triggers["keyword"] = kw
    triggers.update(extension_triggers(t))
    config_extra = {}
    for k, v in t.extra.items():
        if k.startswith("trigger_config."):
            config_extra[k[len("trigger_config.") :]] = v
        else:
            triggers[k] = v
    config: dict[str, Any] = {"triggers": triggers, **config_extra}
    if t.probability != 1.0:
        config["probability"] = t.probability
    out: dict[str, Any] = {
        "uid": entry.uid,
        "comment": entry.comment,
        "content": entry.content,
        "position": entry.position,
        "order": entry.order,
        "disable": entry.disable,
        "group": list(entry.group) if entry.group else None,
    }
    if entry.position == 6 or entry.depth != 4:
        out["depth"] = entry.depth
    if entry.macro:
        out["macro"] = entry.macro
    if entry.requires:
        out["requires"] = list(entry.requires)
    if entry.excludes:
        out["excludes"] = list(entry.excludes)
    out["trigger_config"] = config
    out.update(entry.extra)
    return out


def world_book_to_dict(book: WorldBook) -> dict[str, Any]:
    """Write a book as kit's native JSON object (``id``, ``name``, ``description``, ``entries``)."""
    out: dict[str, Any] = {"id": book.id, "name": book.name}
    if book.description:
        out["description"] = book.description
    out.update(book.extra)
    out["entries"] = [entry_to_dict(e) for e in book.entries]
    return out


__getattr__ = renamed_attributes(
    __name__, {"book_from_dict": "world_book_from_dict", "book_to_dict": "world_book_to_dict"}, globals()
)
