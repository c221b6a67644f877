"""Item icons from resource files: the item's model texture or ``textures/item/<name>.png`` (pure, no file access).

The lookup follows what the game draws for simple items and blocks: the item definition
(``assets/<ns>/items/<name>.json``, 1.21.4+) or the item model (``assets/<ns>/models/item/<name>.json``), its
``layer0`` texture, or for block items the parent block model's ``all`` / ``side`` / ``top`` / ``particle``
texture, following ``parent`` links a few steps; then ``textures/item/<name>.png`` and
``textures/block/<name>.png``. Only real PNG files of at most 1 MiB are returned. Nothing is fetched from a network.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kit.core.json_files import decode_json

__all__ = ["find_icon", "item_icon", "MAX_ICON_BYTES"]

MAX_ICON_BYTES = 1 << 20
_PNG = b"\x89PNG\r\n\x1a\n"
_TEXTURE_KEYS = ("layer0", "all", "side", "top", "front", "particle", "texture", "cross", "end")

Reader = Callable[[str], "bytes | None"]


def _split(ref: str) -> tuple[str, str]:
    ref = ref.lstrip("#")
    return tuple(ref.split(":", 1)) if ":" in ref else ("minecraft", ref)  # type: ignore[return-value]


def _json(read: Reader, rel: str) -> Any:
    raw = read(rel)
    if raw is None or len(raw) > MAX_ICON_BYTES:
        return None
    try:
        return decode_json(raw.decode("utf-8-sig"))  # depth-capped: a model file is hostile input too
    except (ValueError, UnicodeDecodeError):
        return None


def _png(read: Reader, texture: str) -> bytes | None:
    ns, path = _split(texture)
    raw = read(f"assets/{ns}/textures/{path}.png")
    if raw is not None and raw.startswith(_PNG) and len(raw) <= MAX_ICON_BYTES:
        return raw
    return None


def _model_texture(read: Reader, model: str) -> bytes | None:
    seen: set[str] = set()
    textures: dict[str, str] = {}
    while model and model not in seen and len(seen) < 8:
        seen.add(model)
        ns, path = _split(model)
        data = _json(read, f"assets/{ns}/models/{path}.json")
        if not isinstance(data, dict):
            break
        for key, value in (data.get("textures") or {}).items():
            if isinstance(value, str):
                textures.setdefault(key, value)
        parent = data.get("parent")
        model = parent if isinstance(parent, str) else ""
    for key in _TEXTURE_KEYS:
        value = textures.get(key)
        for _ in range(4):  # "#all" refers to another texture variable
            if value and value.startswith("#"):
                value = textures.get(value[1:])
        if value:
            png = _png(read, value)
            if png is not None:
                return png
    return None


def find_icon(item_id: str, read: Reader) -> bytes | None:
    """The PNG bytes of an item's icon, or ``None``.

    Parameters
    ----------
    item_id : str
        Namespaced item id.
    read : callable
        ``read(relpath) -> bytes or None`` for resource paths such as ``assets/ns/models/item/x.json``.
    """
    ns, name = _split(item_id)
    definition = _json(read, f"assets/{ns}/items/{name}.json")
    if isinstance(definition, dict) and isinstance(definition.get("model"), dict):
        model = definition["model"].get("model")
        if isinstance(model, str):
            png = _model_texture(read, model)
            if png is not None:
                return png
    png = _model_texture(read, f"{ns}:item/{name}")
    if png is not None:
        return png
    return _png(read, f"{ns}:item/{name}") or _png(read, f"{ns}:block/{name}")


def item_icon(packs: Any, item_id: str) -> bytes | None:
    """The PNG bytes of ``item_id``'s icon in a :class:`~kit.items.PackSet`'s textures, or ``None``."""
    return packs.item_icon(item_id)
