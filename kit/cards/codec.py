"""Character cards: V1, V2 (``chara_card_v2``) and V3 (``chara_card_v3``), as JSON or PNG.

:func:`read_card` parses a card file into a :class:`Card`; :func:`write_card` writes one back. A card keeps
the raw JSON it was read from, so writing it again keeps every field, unknown extensions included; only the
fields changed through :meth:`Card.replace` (and ``spec``/``spec_version``) differ.

PNG cards carry the card as base64 JSON in ``tEXt`` chunks: ``ccv3`` (V3) is read first, then ``chara``
(V2 or V1). Writing a PNG writes both chunks, ``chara`` as V2 and ``ccv3`` as V3, as SillyTavern does.
"""

from __future__ import annotations

import base64
import binascii
import copy
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from kit.core.atomic_files import atomic_write_bytes, read_regular_file
from kit.core.errors import CardError, StorageError
from kit.core.json_files import MAX_FILE_BYTES, parse_json
from kit.core.png import is_png, placeholder_avatar, read_text_chunks, write_text_chunks

__all__ = [
    "CARD_BOOK_TAG",
    "CARD_DRAFT_TAG",
    "CARD_TAGS_TAG",
    "CARD_TAG_FIELDS",
    "CARD_TEXT_FIELDS",
    "Card",
    "card_from_dict",
    "card_from_png",
    "card_from_tags",
    "card_json_from_png",
    "card_to_png",
    "read_card",
    "write_card",
]

Spec = Literal["v1", "v2", "v3"]

#: String fields of a V2/V3 card's ``data`` (all required by the V2 spec; kit fills missing ones with "").
CARD_TEXT_FIELDS = (
    "name",
    "description",
    "personality",
    "scenario",
    "first_mes",
    "mes_example",
    "creator_notes",
    "system_prompt",
    "post_history_instructions",
    "creator",
    "character_version",
)
_V1_FIELDS = ("name", "description", "personality", "scenario", "first_mes", "mes_example")
_LIST_FIELDS = ("tags", "alternate_greetings", "group_only_greetings")
_SPECS = {"v2": ("chara_card_v2", "2.0"), "v3": ("chara_card_v3", "3.0")}


def _fail(where: str, field_path: str, reason: str) -> CardError:
    return CardError(f"{where}: field {field_path!r} {reason}", path=where, field=field_path)


def _check_data(data: Any, where: str, prefix: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _fail(where, prefix or "<card>", f"must be a JSON object, got {type(data).__name__}")
    p = f"{prefix}." if prefix else ""
    if "name" not in data or data["name"] is None:
        raise _fail(where, f"{p}name", "is missing (every card needs a name)")
    if not isinstance(data["name"], str) or not data["name"].strip():
        raise _fail(where, f"{p}name", f"must be a non-empty string, got {data['name']!r}")
    for key in CARD_TEXT_FIELDS:
        if data.get(key) is not None and not isinstance(data[key], str):
            raise _fail(where, f"{p}{key}", f"must be a string, got {type(data[key]).__name__}")
    for key in _LIST_FIELDS:
        value = data.get(key)
        if value is None:
            continue
        if not isinstance(value, list):
            raise _fail(where, f"{p}{key}", f"must be a JSON array of strings, got {type(value).__name__}")
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise _fail(where, f"{p}{key}[{i}]", f"must be a string, got {type(item).__name__}")
    if data.get("extensions") is not None and not isinstance(data["extensions"], dict):
        raise _fail(where, f"{p}extensions", f"must be a JSON object, got {type(data['extensions']).__name__}")
    book = data.get("character_book")
    if book is not None:
        if not isinstance(book, dict):
            raise _fail(where, f"{p}character_book", f"must be a JSON object, got {type(book).__name__}")
        entries = book.get("entries")
        if not isinstance(entries, list):
            raise _fail(where, f"{p}character_book.entries", "must be a JSON array of entries")
        for i, entry in enumerate(entries):
            if not isinstance(entry, dict):
                raise _fail(where, f"{p}character_book.entries[{i}]", "must be a JSON object")
            if not isinstance(entry.get("content"), str):
                raise _fail(where, f"{p}character_book.entries[{i}].content", "is missing or not a string")
            keys = entry.get("keys", [])
            if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
                raise _fail(where, f"{p}character_book.entries[{i}].keys", "must be a JSON array of strings")
    return data


@dataclass(frozen=True)
class Card:
    """A character card as read from a file, keeping every field of the original JSON.

    Parameters
    ----------
    spec : {"v1", "v2", "v3"}
        The format the card was read in.
    raw : mapping
        The whole card JSON as read (for V1 the flat object, for V2/V3 the object with ``spec`` and ``data``).
    avatar : bytes or None
        The PNG the card was read from (or will be written into), if any.
    source : str or None
        The file the card was read from.
    """

    spec: Spec
    raw: Mapping[str, Any]
    avatar: bytes | None = field(default=None, repr=False)
    source: str | None = None

    @property
    def data(self) -> dict[str, Any]:
        """A copy of the card fields (``data`` of a V2/V3 card; for a V1 card the flat object itself)."""
        return copy.deepcopy(dict(self.raw["data"] if self.spec != "v1" else self.raw))

    @property
    def _fields(self) -> Mapping[str, Any]:
        return self.raw["data"] if self.spec != "v1" else self.raw

    @property
    def name(self) -> str:
        """The character's name."""
        return self._fields["name"]

    @property
    def tags(self) -> tuple[str, ...]:
        """The card's tags (``data.tags``)."""
        return tuple(self._fields.get("tags") or ())

    @property
    def character_book(self) -> dict[str, Any] | None:
        """The embedded lorebook (``data.character_book``), or None."""
        book = self._fields.get("character_book")
        return None if book is None else copy.deepcopy(book)

    def get(self, key: str, default: Any = "") -> Any:
        """Return a card field (``"description"``, ``"first_mes"``, ...), or ``default`` when absent."""
        value = self._fields.get(key)
        return default if value is None else copy.deepcopy(value)

    def replace(self, **fields: Any) -> Card:
        """Return a copy with the given ``data`` fields set (``character_book=None`` removes the book).

        Every other field of the raw JSON is kept. Set ``avatar=`` to change the picture.
        """
        avatar = fields.pop("avatar", self.avatar)
        raw = copy.deepcopy(dict(self.raw))
        target = raw if self.spec == "v1" else raw["data"]
        for key, value in fields.items():
            if value is None and key == "character_book":
                target.pop(key, None)
            else:
                target[key] = copy.deepcopy(value)
        _check_data(target, "<Card.replace>", "" if self.spec == "v1" else "data")
        return Card(self.spec, raw, avatar, self.source)

    def to_dict(self, spec: Literal["v2", "v3"] = "v2") -> dict[str, Any]:
        """Return the card as a V2 or V3 JSON object.

        Every field of the original is kept. Missing spec fields are filled with empty values, ``spec`` and
        ``spec_version`` are set, and a V1 card's flat fields also stay at the top level, as SillyTavern
        writes them. Top-level copies of V1 fields are refreshed from ``data``.
        """
        if spec not in _SPECS:
            raise CardError(f"The 'spec' parameter of Card.to_dict must be 'v2' or 'v3'. Got {spec!r} instead.")
        raw = copy.deepcopy(dict(self.raw))
        if self.spec == "v1":
            data = {k: v for k, v in raw.items() if k in _V1_FIELDS or k == "tags"}
            if raw.get("creatorcomment") is not None:
                data["creator_notes"] = raw["creatorcomment"]
            ext = {k: raw[k] for k in ("talkativeness", "fav") if k in raw}
            data["extensions"] = ext
            out = raw
        else:
            data = raw["data"]
            out = raw
        for key in CARD_TEXT_FIELDS:
            data.setdefault(key, "")
        data.setdefault("tags", [])
        data.setdefault("alternate_greetings", [])
        data.setdefault("extensions", {})
        if spec == "v3":
            data.setdefault("group_only_greetings", [])
        out["spec"], out["spec_version"] = _SPECS[spec]
        out["data"] = data
        for key in (*_V1_FIELDS, "tags"):
            if key in out and key in data and self.spec != "v1":
                out[key] = copy.deepcopy(data[key])
        return out


def card_from_dict(value: Any, *, where: str = "<card>", avatar: bytes | None = None) -> Card:
    """Validate a card JSON object (V1, V2 or V3) and wrap it in a :class:`Card`.

    The only required field is the name (``name`` for V1, ``data.name`` for V2/V3); other spec fields may
    be absent (they read as empty). Present fields must have the spec's types.

    Raises
    ------
    CardError
        Names ``where`` and the field that is missing or has the wrong type.
    """
    if not isinstance(value, dict):
        raise CardError(f"{where}: a card must be a JSON object, got {type(value).__name__}", path=where)
    spec_name = value.get("spec")
    if spec_name is None:
        _check_data(value, where, "")
        return Card("v1", value, avatar, where)
    if spec_name == "chara_card_v2":
        spec: Spec = "v2"
    elif spec_name == "chara_card_v3":
        spec = "v3"
    else:
        raise _fail(where, "spec", f"must be 'chara_card_v2' or 'chara_card_v3' (or absent for V1), got {spec_name!r}")
    if "data" not in value:
        raise _fail(where, "data", f"is missing (a {spec_name} card keeps its fields in 'data')")
    _check_data(value["data"], where, "data")
    return Card(spec, value, avatar, where)


def _decode_chunk(keyword: str, text: str, where: str) -> Any:
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError) as exc:
        raise CardError(
            f"{where}: tEXt chunk {keyword!r}: the base64 text does not decode ({exc})", path=where, field=keyword
        ) from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CardError(
            f"{where}: tEXt chunk {keyword!r}: the decoded bytes are not UTF-8", path=where, field=keyword
        ) from exc
    return parse_json(text, where=f"{where}: tEXt chunk {keyword!r}", error=CardError, path=where)


def card_json_from_png(data: bytes, *, where: str = "<png>") -> tuple[Any, str]:
    """Return ``(card JSON, chunk keyword)`` from PNG bytes: the ``ccv3`` chunk first, then ``chara``.

    The JSON is returned as decoded, not validated as a card (world-book readers take the lore out of
    cards that are otherwise incomplete); :func:`card_from_png` validates it.

    Raises
    ------
    CardError
        A malformed PNG, a chunk that is not base64 UTF-8 JSON, or no card chunk (``field`` says which).
    """
    chunks: dict[str, tuple[str, str]] = {}
    for keyword, text in read_text_chunks(data, where=where):
        chunks.setdefault(keyword.lower(), (keyword, text))
    for wanted in ("ccv3", "chara"):
        if wanted in chunks:
            keyword, text = chunks[wanted]
            return _decode_chunk(keyword, text, where), keyword
    found = sorted(chunks) or ["none"]
    raise CardError(
        f"{where}: this PNG holds no character card: it has no 'ccv3' or 'chara' tEXt chunk "
        f"(tEXt keywords found: {', '.join(found)})",
        path=where,
        field="tEXt",
    )


def card_from_png(data: bytes, *, where: str = "<png>") -> Card:
    """Read a card out of PNG bytes (``ccv3`` chunk first, then ``chara``)."""
    value, keyword = card_json_from_png(data, where=where)
    return card_from_dict(value, where=f"{where} (tEXt chunk {keyword!r})", avatar=data)


def read_card(path: str | Path) -> Card:
    """Read a character card from a ``.json`` or ``.png`` file.

    The format is recognised from the content (PNG signature), not the file name.

    Returns
    -------
    Card
        The card with its raw JSON, its format (``spec``) and, for PNG files, the PNG bytes as ``avatar``.

    Raises
    ------
    CardError
        Malformed JSON, a PNG without ``ccv3``/``chara`` chunks, base64 that does not decode, or a card
        missing a required field; the message names the file and the field.
    """
    path = Path(path)
    try:
        data = read_regular_file(path, max_bytes=MAX_FILE_BYTES, what="card")
    except StorageError as exc:
        raise CardError(str(exc), path=str(path)) from None
    except OSError as exc:
        raise CardError(f"{path}: could not read the card ({exc.strerror or exc})", path=str(path)) from exc
    where = str(path)
    if is_png(data):
        return card_from_png(data, where=where)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CardError(f"{where}: neither a PNG nor UTF-8 JSON text", path=where) from exc
    return card_from_dict(parse_json(text, where=where, error=CardError), where=where)


def _b64(value: Mapping[str, Any]) -> str:
    return base64.b64encode(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")).decode(
        "ascii"
    )


def card_to_png(card: Card, *, avatar: bytes | None = None) -> bytes:
    """Return PNG bytes holding ``card``: ``chara`` (V2) and ``ccv3`` (V3) chunks on the card's avatar.

    The picture is ``avatar``, else the card's own avatar, else a :func:`~kit.core.png.placeholder_avatar`.
    """
    picture = avatar if avatar is not None else card.avatar
    if picture is None:
        picture = placeholder_avatar(card.name)
    return write_text_chunks(picture, {"chara": _b64(card.to_dict("v2")), "ccv3": _b64(card.to_dict("v3"))})


def write_card(card: Card, path: str | Path, *, spec: Literal["v2", "v3"] = "v2", avatar: bytes | None = None) -> Path:
    """Write ``card`` to ``path`` as JSON (``.json``) or PNG (``.png``), atomically.

    Parameters
    ----------
    card : Card
        The card; every field of its raw JSON is written back.
    path : path
        Target file; the suffix chooses the format.
    spec : {"v2", "v3"}, default="v2"
        The JSON format. PNG files always get both chunks (``chara`` as V2, ``ccv3`` as V3).
    avatar : bytes, optional
        PNG picture to embed the card into (PNG only); see :func:`card_to_png`.

    Returns
    -------
    Path
        The written file.
    """
    path = Path(path)
    if spec not in _SPECS:
        raise CardError(f"The 'spec' parameter of write_card must be 'v2' or 'v3'. Got {spec!r} instead.")
    suffix = path.suffix.lower()
    if suffix == ".png":
        payload = card_to_png(card, avatar=avatar)
    elif suffix == ".json":
        payload = (json.dumps(card.to_dict(spec), ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    else:
        raise CardError(
            f"{path}: cannot tell the card format from the suffix {path.suffix!r}; use .json or .png", path=str(path)
        )
    atomic_write_bytes(path, payload)
    return path


#: Accepted design tags that become card fields when a card book is exported (a leading ``设计.`` is ignored).
CARD_TAG_FIELDS: dict[str, str] = {
    "角色.名字": "name",
    "角色.设定": "description",
    "角色.性格": "personality",
    "角色.场景": "scenario",
    "角色.开场白": "first_mes",
    "角色.对话示例": "mes_example",
    "角色.口吻": "system_prompt",
    "角色.后置指令": "post_history_instructions",
    "角色.备注": "creator_notes",
    "角色.作者": "creator",
    "角色.版本": "character_version",
}
#: Tag holding the card's tags, separated by commas or ``、``.
CARD_TAGS_TAG = "角色.标签"
#: Tag holding a whole confirmed card as JSON (V1/V2/V3); mapped tags override its fields.
CARD_DRAFT_TAG = "角色卡.确认稿"
#: Tag holding the card's lorebook as JSON (a ``character_book`` object).
CARD_BOOK_TAG = "角色卡.世界书"


def card_from_tags(tags: Mapping[str, str], *, default_name: str, where: str = "<tags>") -> Card:
    """Build a V2 card from accepted design tags (see :data:`CARD_TAG_FIELDS`).

    ``角色卡.确认稿`` (a whole card as JSON) is the base when present; mapped tags override its fields;
    ``角色.标签`` gives the tags and ``角色卡.世界书`` the embedded ``character_book``. The name falls back to
    ``default_name``.

    Raises
    ------
    CardError
        A JSON tag does not parse or the result is not a valid card; the message names the tag.
    """
    plain = {(k[3:] if k.startswith("设计.") else k): v for k, v in tags.items()}

    def parse(tag: str) -> Any:
        return parse_json(
            plain[tag], where=f"{where}: tag {tag!r} must hold JSON:", error=CardError, field_prefix=tag, path=where
        )

    if CARD_DRAFT_TAG in plain:
        base = card_from_dict(parse(CARD_DRAFT_TAG), where=f"{where} tag {CARD_DRAFT_TAG!r}")
        raw = base.to_dict("v2")
    else:
        raw = {"spec": "chara_card_v2", "spec_version": "2.0", "data": {"name": default_name}}
    data = raw["data"]
    for tag, key in CARD_TAG_FIELDS.items():
        if tag in plain:
            data[key] = plain[tag]
    if CARD_TAGS_TAG in plain:
        data["tags"] = [t.strip() for t in plain[CARD_TAGS_TAG].replace("、", ",").split(",") if t.strip()]
    if CARD_BOOK_TAG in plain:
        data["character_book"] = parse(CARD_BOOK_TAG)
    card = card_from_dict(raw, where=where)
    return Card("v2", card.to_dict("v2"))
