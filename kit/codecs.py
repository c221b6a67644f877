"""Codecs: how a table's Python values become NBT and back.

A codec turns a value into an NBT tree (:mod:`kit.nbt`) and a tree back into the value, checking types
on the way in both directions. Callers read and write Python objects, never raw tags.

>>> from kit import codecs
>>> codecs.list_of(codecs.INT).signature
'list<int>'

Every codec has a ``signature``: a canonical string of its structure that the databases store with each
table so that a table id reused with a different structure is caught.

Record codecs are derived from a dataclass's type hints (:func:`record`): ``str`` -> STRING,
``int`` -> INT, ``float`` -> DOUBLE, ``bool`` -> BOOL, ``list[X]`` and ``tuple[X, ...]`` -> ``list_of``,
``dict[str, X]`` -> ``dict_of``, ``X | None`` -> ``optional``, a nested dataclass -> ``record``, and
``Annotated[T, codec]`` picks a codec explicitly (``Annotated[int, codecs.LONG]``).
"""

from __future__ import annotations

import dataclasses
import threading
import types
import typing
from dataclasses import MISSING
from typing import Any, Generic, TypeVar

from kit import nbt
from kit.errors import CodecError

__all__ = [
    "Codec",
    "STRING",
    "INT",
    "LONG",
    "FLOAT",
    "DOUBLE",
    "BOOL",
    "list_of",
    "dict_of",
    "optional",
    "record",
    "codec_for_type",
    "to_builtin",
]

T = TypeVar("T")


def _where(path: str) -> str:
    return f"at {path}" if path else "at the value"


def _type_name(tag: Any) -> str:
    try:
        return nbt.TAG_NAMES[nbt.tag_id_of(tag)]
    except nbt.NbtError:
        return type(tag).__name__


class Codec(Generic[T]):
    """Base class of codecs. Subclasses implement ``encode``, ``decode`` and ``signature``."""

    signature: str = ""

    def encode(self, value: T, path: str = "") -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def decode(self, tag: Any, path: str = "") -> T:  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"Codec({self.signature})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Codec) and other.signature == self.signature

    def __hash__(self) -> int:
        return hash(self.signature)


class _StringCodec(Codec[str]):
    signature = "string"

    def encode(self, value: str, path: str = "") -> str:
        if not isinstance(value, str):
            raise CodecError(f"{_where(path)}: expected str, got {type(value).__name__}", path)
        if len(value) > 21845 and len(value.encode("utf-8")) > 65535:
            raise CodecError(f"{_where(path)}: string longer than NBT's limit of 65535 bytes", path)
        return value

    def decode(self, tag: Any, path: str = "") -> str:
        if not isinstance(tag, str):
            raise CodecError(f"{_where(path)}: expected String, got {_type_name(tag)}", path)
        return tag


class _IntegerCodec(Codec[int]):
    def __init__(self, signature: str, cls: type, bits: int) -> None:
        self.signature = signature
        self._cls = cls
        self._low, self._high = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1

    def encode(self, value: int, path: str = "") -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise CodecError(f"{_where(path)}: expected int, got {type(value).__name__}", path)
        if not self._low <= value <= self._high:
            raise CodecError(
                f"{_where(path)}: {value} is outside the {self.signature} range [{self._low}, {self._high}]", path
            )
        return self._cls(value)

    def decode(self, tag: Any, path: str = "") -> int:
        if isinstance(tag, (nbt.Byte, nbt.Short, nbt.Int, nbt.Long)) and self._low <= tag <= self._high:
            return int(tag)
        raise CodecError(f"{_where(path)}: expected {self.signature}, got {_type_name(tag)} {tag!r}", path)


class _FloatCodec(Codec[float]):
    def __init__(self, signature: str, cls: type) -> None:
        self.signature = signature
        self._cls = cls

    def encode(self, value: float, path: str = "") -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise CodecError(f"{_where(path)}: expected float, got {type(value).__name__}", path)
        return self._cls(value)

    def decode(self, tag: Any, path: str = "") -> float:
        if isinstance(tag, (nbt.Float, nbt.Double)):
            return float(tag)
        raise CodecError(f"{_where(path)}: expected {self.signature}, got {_type_name(tag)}", path)


class _BoolCodec(Codec[bool]):
    signature = "bool"

    def encode(self, value: bool, path: str = "") -> nbt.Byte:
        if not isinstance(value, bool):
            raise CodecError(f"{_where(path)}: expected bool, got {type(value).__name__}", path)
        return nbt.Byte(1 if value else 0)

    def decode(self, tag: Any, path: str = "") -> bool:
        if isinstance(tag, nbt.Byte):
            return tag != 0
        raise CodecError(f"{_where(path)}: expected bool (Byte), got {_type_name(tag)}", path)


STRING: Codec[str] = _StringCodec()
INT: Codec[int] = _IntegerCodec("int", nbt.Int, 32)
LONG: Codec[int] = _IntegerCodec("long", nbt.Long, 64)
FLOAT: Codec[float] = _FloatCodec("float", nbt.Float)
DOUBLE: Codec[float] = _FloatCodec("double", nbt.Double)
BOOL: Codec[bool] = _BoolCodec()


class _ListCodec(Codec[list]):
    def __init__(self, item: Codec, container: type = list) -> None:
        self.item = item
        self.container = container
        self.signature = f"list<{item.signature}>"

    def encode(self, value: Any, path: str = "") -> nbt.List:
        if isinstance(value, (str, bytes, dict)) or not isinstance(value, (list, tuple)):
            raise CodecError(f"{_where(path)}: expected a list, got {type(value).__name__}", path)
        item = self.item.encode
        items = [item(v, f"{path}[{i}]") for i, v in enumerate(value)]
        subtype = nbt.tag_id_of(items[0]) if items else nbt.TAG_END
        return nbt.List(items, subtype)

    def decode(self, tag: Any, path: str = "") -> Any:
        if not isinstance(tag, list) or isinstance(tag, (nbt.ByteArray, nbt.IntArray, nbt.LongArray)):
            raise CodecError(f"{_where(path)}: expected a List, got {_type_name(tag)}", path)
        item = self.item.decode
        return self.container(item(v, f"{path}[{i}]") for i, v in enumerate(tag))


class _DictCodec(Codec[dict]):
    def __init__(self, value: Codec) -> None:
        self.value = value
        self.signature = f"dict<{value.signature}>"

    def encode(self, value: Any, path: str = "") -> dict:
        if not isinstance(value, dict):
            raise CodecError(f"{_where(path)}: expected a dict, got {type(value).__name__}", path)
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise CodecError(f"{_where(path)}: dict keys must be str, got {key!r}", path)
            out[key] = self.value.encode(item, _key_path(path, key))
        return out

    def decode(self, tag: Any, path: str = "") -> dict:
        if not isinstance(tag, dict):
            raise CodecError(f"{_where(path)}: expected a Compound, got {_type_name(tag)}", path)
        return {key: self.value.decode(item, _key_path(path, key)) for key, item in tag.items()}


def _key_path(path: str, key: str) -> str:
    if key.isidentifier():
        return f"{path}.{key}" if path else key
    return f"{path}[{key!r}]"


class _OptionalCodec(Codec[Any]):
    """``None`` or a value. Alone it is stored as ``{}`` / ``{"value": ...}``; in a record a ``None`` field is omitted."""

    def __init__(self, inner: Codec) -> None:
        self.inner = inner
        self.signature = f"optional<{inner.signature}>"

    def encode(self, value: Any, path: str = "") -> dict:
        return {} if value is None else {"value": self.inner.encode(value, path)}

    def decode(self, tag: Any, path: str = "") -> Any:
        if not isinstance(tag, dict) or set(tag) - {"value"}:
            raise CodecError(f"{_where(path)}: expected an optional Compound, got {_type_name(tag)}", path)
        return self.inner.decode(tag["value"], path) if "value" in tag else None


class _RecordCodec(Codec[Any]):
    def __init__(self, cls: type) -> None:
        self.cls = cls
        # A recursive reference met while the fields are built sees this placeholder signature.
        self.signature = f"ref<{cls.__qualname__}>"
        self.fields: list[tuple[str, Codec, Any]] = []

    def build(self) -> None:
        cls = self.cls
        hints = typing.get_type_hints(cls, include_extras=True)
        for f in dataclasses.fields(cls):
            if not f.init:
                continue
            codec = codec_for_type(hints[f.name], owner=f"{cls.__qualname__}.{f.name}")
            if f.default is not MISSING:
                default: Any = f.default
            elif f.default_factory is not MISSING:
                default = f.default_factory
            else:
                default = MISSING
            self.fields.append((f.name, codec, default))
        inner = ",".join(f"{name}:{codec.signature}" for name, codec, _ in self.fields)
        self.signature = f"record{{{inner}}}"

    def encode(self, value: Any, path: str = "") -> dict:
        if not isinstance(value, self.cls):
            raise CodecError(
                f"{_where(path)}: expected {self.cls.__qualname__}, got {type(value).__name__}", path
            )
        out = {}
        for name, codec, _ in self.fields:
            item = getattr(value, name)
            if item is None and isinstance(codec, _OptionalCodec):
                continue
            inner = codec.inner if isinstance(codec, _OptionalCodec) else codec
            out[name] = inner.encode(item, f"{path}.{name}" if path else name)
        return out

    def decode(self, tag: Any, path: str = "") -> Any:
        if not isinstance(tag, dict):
            raise CodecError(f"{_where(path)}: expected a Compound for {self.cls.__qualname__}, got {_type_name(tag)}", path)
        kwargs = {}
        for name, codec, default in self.fields:
            field_path = f"{path}.{name}" if path else name
            if name in tag:
                inner = codec.inner if isinstance(codec, _OptionalCodec) else codec
                kwargs[name] = inner.decode(tag[name], field_path)
            elif isinstance(codec, _OptionalCodec):
                kwargs[name] = None
            elif default is MISSING:
                raise CodecError(f"{_where(field_path)}: required field is missing", field_path)
        try:
            return self.cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise CodecError(f"{_where(path)}: {self.cls.__qualname__} rejected the value ({exc})", path) from None


def list_of(item: Codec[T]) -> Codec[list[T]]:
    """A list whose items use ``item``; decoded as a ``list``."""
    return _ListCodec(item)


def dict_of(value: Codec[T]) -> Codec[dict[str, T]]:
    """A ``dict`` with ``str`` keys whose values use ``value`` (stored as a Compound)."""
    return _DictCodec(value)


def optional(inner: Codec[T]) -> Codec[T | None]:
    """``None`` or a value of ``inner``."""
    return _OptionalCodec(inner)


# Derived record codecs, per dataclass (a pure cache: the codec depends only on the class).
_RECORD_CACHE: dict[type, _RecordCodec] = {}
_RECORD_LOCK = threading.RLock()


def record(cls: type[T]) -> Codec[T]:
    """A codec derived from a dataclass's type hints (see the module docstring for the mapping).

    Raises
    ------
    TypeError
        When ``cls`` is not a dataclass or a field's type has no codec.
    """
    if not dataclasses.is_dataclass(cls) or not isinstance(cls, type):
        raise TypeError(f"record() needs a dataclass type, got {cls!r}")
    with _RECORD_LOCK:
        codec = _RECORD_CACHE.get(cls)
        if codec is None:
            codec = _RECORD_CACHE[cls] = _RecordCodec(cls)
            try:
                codec.build()
            except BaseException:
                del _RECORD_CACHE[cls]
                raise
        return codec


_SIMPLE = {str: STRING, int: INT, float: DOUBLE, bool: BOOL}


def codec_for_type(hint: Any, *, owner: str = "type") -> Codec:
    """Return the codec for a type hint (``list[int]`` -> ``list_of(INT)``, ...).

    Raises
    ------
    TypeError
        Naming ``owner`` when the hint has no codec.
    """
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Annotated:
        for extra in args[1:]:
            if isinstance(extra, Codec):
                return extra
        return codec_for_type(args[0], owner=owner)
    if hint in _SIMPLE:
        return _SIMPLE[hint]
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1 and len(args) == 2:
            return optional(codec_for_type(rest[0], owner=owner))
    if origin is list and len(args) == 1:
        return _ListCodec(codec_for_type(args[0], owner=owner))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _TupleCodec(codec_for_type(args[0], owner=owner))
    if origin is dict and len(args) == 2 and args[0] is str:
        return dict_of(codec_for_type(args[1], owner=owner))
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return record(hint)
    raise TypeError(f"{owner}: no codec for the type {hint!r}; use Annotated[T, codec] to pick one")


class _TupleCodec(_ListCodec):
    """``tuple[X, ...]``: stored like a list, decoded as a tuple (same signature as a list)."""

    def __init__(self, item: Codec) -> None:
        super().__init__(item, container=tuple)


def to_builtin(tag: Any) -> Any:
    """Convert a raw NBT tree into plain Python builtins (for showing tables whose codec is unknown)."""
    if isinstance(tag, dict):
        return {key: to_builtin(value) for key, value in tag.items()}
    if isinstance(tag, list):
        return [to_builtin(value) for value in tag]
    if isinstance(tag, bool):
        return tag
    if isinstance(tag, int):
        return int(tag)
    if isinstance(tag, float):
        return float(tag)
    return tag
