"""Codecs: how a table's Python values become NBT and back.

A codec turns a value into an NBT tree (:mod:`kit.saves.nbt`) and a tree back into the value, checking types
on the way in both directions. Callers read and write Python objects, never raw tags.

>>> from kit.saves import codecs
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
import typing
from dataclasses import MISSING
from typing import Any, Generic, TypeVar

from kit.core.dataclass_fields import field_specs, optional_inner
from kit.core.errors import CodecError, InvalidParameterError
from kit.saves import nbt

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


def _type_name(tag: Any) -> str:
    try:
        return nbt.TAG_NAMES[nbt.tag_id_of(tag)]
    except nbt.NbtError:
        return type(tag).__name__


class Codec(Generic[T]):
    """Base class of codecs. Subclasses implement ``encode``, ``decode`` and ``signature``."""

    signature: str = ""

    def encode(self, value: T) -> Any:  # pragma: no cover - abstract
        """Return the NBT tree of ``value``; raise CodecError (with the field path) when it does not fit."""
        raise NotImplementedError

    def decode(self, tag: Any) -> T:  # pragma: no cover - abstract
        """Return the value of an NBT tree; raise CodecError (with the field path) when it does not fit."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"Codec({self.signature})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Codec) and other.signature == self.signature

    def __hash__(self) -> int:
        return hash(self.signature)


class _StringCodec(Codec[str]):
    signature = "string"

    def encode(self, value: str) -> str:
        if not isinstance(value, str):
            raise CodecError(f"expected str, got {type(value).__name__}")
        if len(value) > 10922:  # at most 6 bytes per character, so only longer strings can be over the limit
            size = nbt.modified_utf8_length(value)
            if size > 65535:
                raise CodecError(
                    f"string of {len(value)} characters takes {size} bytes in NBT (modified UTF-8), over NBT's "
                    "limit of 65535 bytes; split it or store it in a list of strings"
                )
        return value

    def decode(self, tag: Any) -> str:
        if not isinstance(tag, str):
            raise CodecError(f"expected String, got {_type_name(tag)}")
        return tag


class _IntegerCodec(Codec[int]):
    def __init__(self, signature: str, cls: type, bits: int) -> None:
        self.signature = signature
        self._cls = cls
        self._low, self._high = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1

    def encode(self, value: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise CodecError(f"expected int, got {type(value).__name__}")
        if not self._low <= value <= self._high:
            raise CodecError(f"{value} is outside the {self.signature} range [{self._low}, {self._high}]")
        return self._cls(value)

    def decode(self, tag: Any) -> int:
        if isinstance(tag, (nbt.Byte, nbt.Short, nbt.Int, nbt.Long)) and self._low <= tag <= self._high:
            return int(tag)
        raise CodecError(f"expected {self.signature}, got {_type_name(tag)} {tag!r}")


class _FloatCodec(Codec[float]):
    def __init__(self, signature: str, cls: type) -> None:
        self.signature = signature
        self._cls = cls

    def encode(self, value: float) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise CodecError(f"expected float, got {type(value).__name__}")
        return self._cls(value)

    def decode(self, tag: Any) -> float:
        if isinstance(tag, (nbt.Float, nbt.Double)):
            return float(tag)
        raise CodecError(f"expected {self.signature}, got {_type_name(tag)}")


class _BoolCodec(Codec[bool]):
    signature = "bool"

    def encode(self, value: bool) -> nbt.Byte:
        if not isinstance(value, bool):
            raise CodecError(f"expected bool, got {type(value).__name__}")
        return nbt.Byte(1 if value else 0)

    def decode(self, tag: Any) -> bool:
        if isinstance(tag, nbt.Byte):
            return tag != 0
        raise CodecError(f"expected bool (Byte), got {_type_name(tag)}")


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

    def encode(self, value: Any) -> nbt.List:
        if isinstance(value, (str, bytes, dict)) or not isinstance(value, (list, tuple)):
            raise CodecError(f"expected a list, got {type(value).__name__}")
        item = self.item.encode
        try:
            items = [item(v) for v in value]
        except CodecError as exc:
            raise exc.nest(_failing_index(item, value)) from None
        subtype = nbt.tag_id_of(items[0]) if items else nbt.TAG_END
        return nbt.List(items, subtype)

    def decode(self, tag: Any) -> Any:
        if not isinstance(tag, list) or isinstance(tag, (nbt.ByteArray, nbt.IntArray, nbt.LongArray)):
            raise CodecError(f"expected a List, got {_type_name(tag)}")
        item = self.item.decode
        try:
            return self.container([item(v) for v in tag])
        except CodecError as exc:
            raise exc.nest(_failing_index(item, tag)) from None


def _failing_index(function: Any, items: Any) -> int:
    """The index of the first item ``function`` rejects (only computed once an error happened)."""
    for i, value in enumerate(items):
        try:
            function(value)
        except CodecError:
            return i
    return -1  # pragma: no cover - the error came from elsewhere


class _DictCodec(Codec[dict]):
    def __init__(self, value: Codec) -> None:
        self.value = value
        self.signature = f"dict<{value.signature}>"

    def encode(self, value: Any) -> dict:
        if not isinstance(value, dict):
            raise CodecError(f"expected a dict, got {type(value).__name__}")
        out = {}
        encode = self.value.encode
        for key, item in value.items():
            if not isinstance(key, str):
                raise CodecError(f"dict keys must be str, got {key!r}")
            try:
                out[key] = encode(item)
            except CodecError as exc:
                raise exc.nest(key) from None
        return out

    def decode(self, tag: Any) -> dict:
        if not isinstance(tag, dict):
            raise CodecError(f"expected a Compound, got {_type_name(tag)}")
        out = {}
        decode = self.value.decode
        for key, item in tag.items():
            try:
                out[key] = decode(item)
            except CodecError as exc:
                raise exc.nest(key) from None
        return out


class _OptionalCodec(Codec[Any]):
    """``None`` or a value. Alone it is stored as ``{}`` / ``{"value": ...}``; in a record a ``None`` field is
    omitted.
    """

    def __init__(self, inner: Codec) -> None:
        self.inner = inner
        self.signature = f"optional<{inner.signature}>"

    def encode(self, value: Any) -> dict:
        return {} if value is None else {"value": self.inner.encode(value)}

    def decode(self, tag: Any) -> Any:
        if not isinstance(tag, dict) or set(tag) - {"value"}:
            raise CodecError(f"expected an optional Compound, got {_type_name(tag)}")
        return self.inner.decode(tag["value"]) if "value" in tag else None


class _RecordCodec(Codec[Any]):
    def __init__(self, cls: type) -> None:
        self.cls = cls
        # A recursive reference met while the fields are built sees this placeholder signature.
        self.signature = f"ref<{cls.__qualname__}>"
        self.fields: list[tuple[str, Codec, Any]] = []
        self._plan: list[tuple[str, Any, Any, bool, Any]] = []

    def build(self) -> None:
        cls = self.cls
        for spec in field_specs(cls):
            codec = codec_for_type(spec.hint, owner=f"{cls.__qualname__}.{spec.name}")
            default = spec.default if spec.default is not MISSING else spec.default_factory
            self.fields.append((spec.name, codec, default))
        inner = ",".join(f"{name}:{codec.signature}" for name, codec, _ in self.fields)
        self.signature = f"record{{{inner}}}"

    def _fields(self) -> list[tuple[str, Any, Any, bool, Any]]:
        """(name, encode, decode, is_optional, default) per field; optional fields use their inner codec."""
        if not self._plan:
            for name, codec, default in self.fields:
                is_optional = isinstance(codec, _OptionalCodec)
                inner = codec.inner if isinstance(codec, _OptionalCodec) else codec
                self._plan.append((name, inner.encode, inner.decode, is_optional, default))
        return self._plan

    def encode(self, value: Any) -> dict:
        if not isinstance(value, self.cls):
            raise CodecError(f"expected {self.cls.__qualname__}, got {type(value).__name__}")
        out = {}
        for name, encode, _, is_optional, _ in self._fields():
            item = getattr(value, name)
            if item is None and is_optional:
                continue
            try:
                out[name] = encode(item)
            except CodecError as exc:
                raise exc.nest(name) from None
        return out

    def decode(self, tag: Any) -> Any:
        if not isinstance(tag, dict):
            raise CodecError(f"expected a Compound for {self.cls.__qualname__}, got {_type_name(tag)}")
        kwargs = {}
        for name, _, decode, is_optional, default in self._fields():
            if name in tag:
                try:
                    kwargs[name] = decode(tag[name])
                except CodecError as exc:
                    raise exc.nest(name) from None
            elif is_optional:
                kwargs[name] = None
            elif default is MISSING:
                raise CodecError("required field is missing").nest(name)
        try:
            return self.cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise CodecError(f"{self.cls.__qualname__} rejected the value ({exc})") from None


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
        raise InvalidParameterError(f"record() needs a dataclass type, got {cls!r}")
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


_SIMPLE: dict[type, Codec[Any]] = {str: STRING, int: INT, float: DOUBLE, bool: BOOL}


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
    inner = optional_inner(hint)
    if inner is not None:
        return optional(codec_for_type(inner, owner=owner))
    if origin is list and len(args) == 1:
        return _ListCodec(codec_for_type(args[0], owner=owner))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _TupleCodec(codec_for_type(args[0], owner=owner))
    if origin is dict and len(args) == 2 and args[0] is str:
        return dict_of(codec_for_type(args[1], owner=owner))
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return record(hint)
    raise InvalidParameterError(f"{owner}: no codec for the type {hint!r}; use Annotated[T, codec] to pick one")


class _TupleCodec(_ListCodec):
    """``tuple[X, ...]``: stored like a list, decoded as a tuple (same signature as a list)."""

    def __init__(self, item: Codec) -> None:
        super().__init__(item, container=tuple)


def to_builtin(tag: Any) -> Any:
    """Convert a raw NBT tree into plain Python builtins (for showing tables whose codec is unknown)."""
    if isinstance(tag, dict):  # plain loops: one stack frame per nesting level (files may nest 512 deep)
        out_dict = {}
        for key, value in tag.items():
            out_dict[key] = to_builtin(value)
        return out_dict
    if isinstance(tag, list):
        out_list = []
        for value in tag:
            out_list.append(to_builtin(value))
        return out_list
    if isinstance(tag, bool):
        return tag
    if isinstance(tag, int):
        return int(tag)
    if isinstance(tag, float):
        return float(tag)
    return tag
