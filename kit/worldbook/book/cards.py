"""Character-card world books (``character_book`` of V2/V3 cards) to and from kit's model.

Mapping of a card entry onto :class:`~kit.worldbook.Entry`:

============================  =========================================================================
card field                    kit
============================  =========================================================================
``id``                        ``uid`` (as a string; the entry index when absent)
``keys`` / ``secondary_keys``  ``KeywordTrigger.keys`` / ``secondary_keys`` (secondary keys only when
                              ``selective`` is true; ``extensions.selectiveLogic`` 0-3 picks the logic)
``case_sensitive``            ``KeywordTrigger.case_sensitive`` (``null`` -> false)
``extensions.match_whole_words``  ``KeywordTrigger.match_whole_words`` (``null`` -> false)
``constant``                  ``Triggers.constant``
``enabled``                   ``not disable``
``insertion_order``           ``order``
``comment`` (else ``name``)   ``comment``
``position``                  ``"before_char"`` -> 1 (角色定义之前), ``"after_char"`` -> 0 (角色定义之后);
                              when ``extensions.position`` holds SillyTavern's number it wins:
                              0 -> 1, 1 -> 0, 2/3 (author's note top/bottom) -> 4, 4 (at depth) -> 6 with
                              ``extensions.depth``, 5 -> 2, 6 -> 3 (example messages top/bottom), 7 (outlet)
                              -> 7 with ``extensions.outlet_name`` as macro. Absent: 1.
``extensions.group``          ``group`` (comma-separated)
``extensions.probability``    ``Triggers.probability`` / 100 when ``useProbability`` is not false
``extensions.kit``            kit-only settings (conditions, logic expression, rag, requires, excludes)
============================  =========================================================================

Writing maps kit positions back through :data:`KIT_TO_ST_POSITION`; kit's 5 (as system message), which
SillyTavern lacks, becomes at-depth (4) with ``extensions.role`` 0 (system) and ``extensions.kit.position`` 5,
which reading restores.

The whole original entry is kept in ``Entry.extra["character_book"]`` (and the book's own fields in
``WorldBook.extra["character_book"]``). :func:`to_character_book` starts from that original and rewrites
only the fields whose kit value differs from what the original maps to, so an unchanged book comes back
exactly as it was read, extensions and unknown fields included.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, Literal

from kit.cards import Card
from kit.core.errors import InvalidParameterError
from kit.worldbook.book.model import SECONDARY_LOGICS, Entry, Issue, KeywordTrigger, SecondaryLogic, Triggers, WorldBook
from kit.worldbook.book.normalize import (
    _Bad,
    _to_int,
    _to_str_id,
    _to_str_list,
    _triggers,
    extension_triggers,
    key_whitespace_issues,
)
from kit.worldbook.errors import WorldBookFormatError

__all__ = ["from_card", "from_character_book", "to_character_book", "ST_TO_KIT_POSITION", "KIT_TO_ST_POSITION"]

#: SillyTavern's stored position number -> kit position.
ST_TO_KIT_POSITION: dict[int, int] = {0: 1, 1: 0, 2: 4, 3: 4, 4: 6, 5: 2, 6: 3, 7: 7}
#: kit position -> SillyTavern's stored position number (4 -> author's note bottom; 5, as system message,
#: which SillyTavern lacks -> at depth with the system role, ``extensions.kit.position`` = 5 restoring it).
KIT_TO_ST_POSITION: dict[int, int] = {1: 0, 0: 1, 4: 3, 6: 4, 2: 5, 3: 6, 7: 7, 5: 4}


def _entry_from_card(raw: Mapping[str, Any], index: int) -> Entry:
    ext = raw.get("extensions") or {}
    if not isinstance(ext, Mapping):
        raise _Bad("extensions", ext, "expected an object")
    uid = _to_str_id(raw["id"], "id") if raw.get("id") is not None else str(index)
    keys = _to_str_list(raw.get("keys"), "keys")
    selective = bool(raw.get("selective", False))
    secondary = _to_str_list(raw.get("secondary_keys"), "secondary_keys") if selective else ()
    logic_code = ext.get("selectiveLogic", 0)
    logic: SecondaryLogic = (
        SECONDARY_LOGICS[logic_code] if isinstance(logic_code, int) and 0 <= logic_code <= 3 else "and_any"
    )
    keyword = KeywordTrigger(
        keys=keys,
        case_sensitive=bool(raw.get("case_sensitive") or False),
        match_whole_words=bool(ext.get("match_whole_words") or False),
        secondary_keys=secondary,
        secondary_logic=logic,
    )
    kit_ext = ext.get("kit") or {}
    extra_trig = _triggers({"triggers": kit_ext.get("triggers", {})}) if kit_ext else Triggers()
    probability = 1.0
    if ext.get("useProbability", True) is not False and ext.get("probability") is not None:
        try:
            probability = min(max(float(ext["probability"]) / 100.0, 0.0), 1.0)
        except (TypeError, ValueError):
            raise _Bad("extensions.probability", ext["probability"], "expected a number") from None
    position, depth, macro = 1, 4, None
    st_pos = ext.get("position")
    if isinstance(st_pos, str) and st_pos.strip().isdigit():
        st_pos = int(st_pos)
    if isinstance(st_pos, int) and not isinstance(st_pos, bool) and st_pos in ST_TO_KIT_POSITION:
        position = ST_TO_KIT_POSITION[st_pos]
        if position == 6:
            depth = _to_int(ext.get("depth"), "extensions.depth", default=4)
        if position == 7:
            macro = ext.get("outlet_name") or ext.get("outletName") or None
        if position == 6 and kit_ext.get("position") == 5:
            position = 5  # kit's "as system message", written as at-depth with the system role
    elif raw.get("position") == "after_char":
        position = 0
    elif raw.get("position") not in (None, "before_char"):
        raise _Bad("position", raw.get("position"), "expected 'before_char' or 'after_char'")
    group = _to_str_list(ext.get("group"), "extensions.group", split_commas=True) or None
    comment = raw.get("comment") or raw.get("name") or ""
    return Entry(
        uid=uid,
        content="" if raw.get("content") is None else str(raw.get("content")),
        position=position,
        order=_to_int(raw.get("insertion_order"), "insertion_order", default=100),
        disable=not bool(raw.get("enabled", True)),
        group=group,
        comment=str(comment),
        depth=depth,
        macro=macro,
        requires=_to_str_list(kit_ext.get("requires"), "extensions.kit.requires"),
        excludes=_to_str_list(kit_ext.get("excludes"), "extensions.kit.excludes"),
        triggers=Triggers(
            constant=bool(raw.get("constant") or False),
            keyword=keyword if keys or secondary else None,
            conditions=extra_trig.conditions,
            logic_expression=extra_trig.logic_expression,
            rag=extra_trig.rag,
            probability=probability,
        ),
        extra={"character_book": copy.deepcopy(dict(raw))},
    )


def from_character_book(
    data: Mapping[str, Any], *, book_id: str, name: str | None = None, strict: bool = False, file: str | None = None
) -> WorldBook:
    """Map a character card's ``character_book`` onto kit's model.

    Parameters
    ----------
    data : dict
        The ``character_book`` object (``{"name"?, "entries": [...], "extensions"?, ...}``), or a whole
        V2/V3 card (``data.character_book`` is taken).
    book_id : str
        Id of the resulting book.
    name : str, optional
        Display name; by default the book's ``name``, else ``book_id``.
    strict : bool, default=False
        Lenient by default: an entry with a field that cannot be mapped is skipped and an
        :class:`~kit.worldbook.book.model.Issue` recorded in ``book.issues``; ``strict=True`` raises on the first.
    file : str, optional
        Named in errors and issues, and stored as ``source``.

    Returns
    -------
    WorldBook
        Entries in card order; see the module docstring for the mapping. An entry whose ``id`` repeats an
        earlier one is skipped and reported in ``book.issues`` (in both modes; SillyTavern's import also
        keeps one entry per id).

    Raises
    ------
    WorldBookFormatError
        When an entry field cannot be mapped (strict; naming the book, the entry id and the field).
    """
    if isinstance(data, Mapping) and isinstance(data.get("data"), Mapping) and "character_book" in data["data"]:
        data = data["data"]["character_book"]
    if not isinstance(data, Mapping):
        raise WorldBookFormatError(f"expected a character_book object, got {type(data).__name__}", book_id=book_id)
    raw_entries = data.get("entries", [])
    if not isinstance(raw_entries, list):
        raise WorldBookFormatError("expected a list", book_id=book_id, field="entries", value=raw_entries)
    entries = []
    issues: list[Issue] = []
    seen: set[str] = set()
    for i, raw in enumerate(raw_entries):
        uid = None if not isinstance(raw, Mapping) or raw.get("id") is None else str(raw.get("id"))
        try:
            if not isinstance(raw, Mapping):
                raise _Bad(f"entries[{i}]", raw, f"expected an object, got {type(raw).__name__}")
            entry = _entry_from_card(raw, i)
        except _Bad as bad:
            if strict:
                raise WorldBookFormatError(
                    bad.reason, file=file, book_id=book_id, uid=uid or str(i), field=bad.field, value=bad.value
                ) from None
            issues.append(Issue(book_id, uid or str(i), bad.field, bad.value, f"{bad.reason}; entry skipped", file))
            continue
        if entry.uid in seen:
            issues.append(
                Issue(
                    book_id,
                    entry.uid,
                    "id",
                    raw.get("id"),
                    f"duplicate id {entry.uid!r} (entries[{i}]); kit keeps the first, entry skipped",
                    file,
                )
            )
            continue
        seen.add(entry.uid)
        entries.append(entry)
        issues.extend(key_whitespace_issues(entry, book_id=book_id, file=file, fields=("keys", "secondary_keys")))
    book_extra = {k: copy.deepcopy(v) for k, v in data.items() if k != "entries"}
    return WorldBook(
        id=book_id,
        name=name or str(data.get("name") or book_id),
        entries=tuple(entries),
        description=str(data.get("description") or ""),
        extra={"character_book": book_extra},
        source=file,
        issues=tuple(issues),
    )


def from_card(card: Card, *, book_id: str, name: str | None = None, strict: bool = False) -> WorldBook | None:
    """Return the lore embedded in a :class:`kit.cards.Card` (its ``character_book``) as a world book, or None.

    Parameters
    ----------
    card : kit.cards.Card
    book_id : str
        Id of the world book created.
    name : str, optional
        Display name; by default the book's own ``name`` or ``"<character>'s Lorebook"``.
    strict : bool, default=False
        As for :func:`from_character_book`.
    """
    book = card.character_book
    if book is None:
        return None
    return from_character_book(
        book, book_id=book_id, name=name or book.get("name") or f"{card.name}'s Lorebook", strict=strict
    )


def _kit_extension(entry: Entry) -> dict[str, Any]:
    triggers = extension_triggers(entry.triggers)
    out: dict[str, Any] = {}
    if triggers:
        out["triggers"] = triggers
    if entry.requires:
        out["requires"] = list(entry.requires)
    if entry.excludes:
        out["excludes"] = list(entry.excludes)
    if entry.position == 5:
        out["position"] = 5
    return out


def _entry_to_card(entry: Entry, index: int) -> dict[str, Any]:
    raw = entry.extra.get("character_book")
    base: Entry | None = None
    if isinstance(raw, Mapping):
        out = copy.deepcopy(dict(raw))
        try:
            base = _entry_from_card(raw, index)
        except _Bad:
            base = None
    else:
        out = {}
    ext = dict(out.get("extensions") or {})
    kw = entry.triggers.keyword or KeywordTrigger()
    bkw = (base.triggers.keyword or KeywordTrigger()) if base is not None else None

    def changed(get) -> bool:  # noqa: ANN001
        return base is None or get(base) != get(entry)

    if changed(lambda e: e.uid):
        out["id"] = int(entry.uid) if entry.uid.isdigit() else entry.uid
    if bkw is None or bkw.keys != kw.keys:
        out["keys"] = list(kw.keys)
    if bkw is None or bkw.secondary_keys != kw.secondary_keys or bkw.secondary_logic != kw.secondary_logic:
        out["secondary_keys"] = list(kw.secondary_keys)
        out["selective"] = bool(kw.secondary_keys) or bool(out.get("selective", False))
        ext["selectiveLogic"] = SECONDARY_LOGICS.index(kw.secondary_logic)
    if changed(lambda e: e.comment):
        out["comment"] = entry.comment
    if changed(lambda e: e.content):
        out["content"] = entry.content
    if changed(lambda e: e.triggers.constant):
        out["constant"] = entry.triggers.constant
    if changed(lambda e: e.order):
        out["insertion_order"] = entry.order
    if changed(lambda e: e.disable):
        out["enabled"] = not entry.disable
    if bkw is None or bkw.case_sensitive != kw.case_sensitive:
        out["case_sensitive"] = kw.case_sensitive
    if bkw is None or bkw.match_whole_words != kw.match_whole_words:
        ext["match_whole_words"] = kw.match_whole_words
    if changed(lambda e: (e.position, e.depth if e.position == 6 else None, e.macro if e.position == 7 else None)):
        out["position"] = "before_char" if entry.position == 1 else "after_char"
        ext["position"] = KIT_TO_ST_POSITION[entry.position]
        if entry.position == 6:
            ext["depth"] = entry.depth
        if entry.position == 5:
            ext["role"] = 0  # system
        if entry.position == 7 and entry.macro:
            ext["outlet_name"] = entry.macro
    if changed(lambda e: e.group):
        ext["group"] = ",".join(entry.group or ())
    if changed(lambda e: e.triggers.probability):
        ext["probability"] = round(entry.triggers.probability * 100, 6)
        ext["useProbability"] = True
    kit_ext = _kit_extension(entry)
    if base is None or _kit_extension(base) != kit_ext:
        if kit_ext:
            ext["kit"] = kit_ext
        else:
            ext.pop("kit", None)
    if ext or "extensions" in out or base is None:
        out["extensions"] = ext
    return out


def to_character_book(book: WorldBook, *, style: Literal["kit", "sillytavern"] = "kit") -> dict[str, Any]:
    """Write a book as a V2 ``character_book`` object (the one writer of card lore in kit).

    With ``style="kit"`` a book that came from :func:`from_character_book` is written from its original:
    fields whose kit value is unchanged keep their original form, so an unchanged book round-trips
    exactly, and kit-only settings go to ``extensions.kit`` of each entry. With ``style="sillytavern"``
    the book is written the way SillyTavern embeds a world in a card (its world file converted by the
    server's ``convertWorldInfoToCharacterBook``, plus ``extensions``), so SillyTavern reads it back as it
    would its own export.

    Parameters
    ----------
    book : WorldBook
    style : {"kit", "sillytavern"}, default="kit"

    Returns
    -------
    dict
        ``{"name", "entries": [...], "extensions": {...}, ...}``.
    """
    if style == "sillytavern":
        from kit.worldbook.sillytavern.writer import sillytavern_character_book

        return sillytavern_character_book(book)
    if style != "kit":
        raise InvalidParameterError(
            f"The 'style' parameter of to_character_book must be 'kit' or 'sillytavern'. Got {style!r} instead."
        )
    raw = book.extra.get("character_book")
    out: dict[str, Any] = copy.deepcopy(dict(raw)) if isinstance(raw, Mapping) else {"extensions": {}}
    if out.get("name", book.id) != book.name or (not isinstance(raw, Mapping)):
        out["name"] = book.name
    if book.description and out.get("description") != book.description:
        out["description"] = book.description
    out["entries"] = [_entry_to_card(e, i) for i, e in enumerate(book.entries)]
    return out
