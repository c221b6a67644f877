"""The NBT tag types as Python values, the tag ids and the small helpers both directions share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from kit.saves.errors import NbtError

TAG_END, TAG_BYTE, TAG_SHORT, TAG_INT, TAG_LONG, TAG_FLOAT, TAG_DOUBLE = 0, 1, 2, 3, 4, 5, 6
TAG_BYTE_ARRAY, TAG_STRING, TAG_LIST, TAG_COMPOUND, TAG_INT_ARRAY, TAG_LONG_ARRAY = 7, 8, 9, 10, 11, 12

TAG_NAMES = {
    0: "End",
    1: "Byte",
    2: "Short",
    3: "Int",
    4: "Long",
    5: "Float",
    6: "Double",
    7: "Byte_Array",
    8: "String",
    9: "List",
    10: "Compound",
    11: "Int_Array",
    12: "Long_Array",
}

#: Largest uncompressed size accepted when decoding (a guard against decompression bombs).
DEFAULT_MAX_SIZE = 16 * 1024 * 1024
#: Most bytes the decoded tags may cost, charged per tag as the game's ``NbtAccounter`` does (see
#: ``TAG_CHARGES``). Together with ``DEFAULT_MAX_SIZE`` it keeps a refused file under about 64 MB of memory.
DEFAULT_QUOTA = 40 * 1024 * 1024
#: Deepest nesting accepted, as in Minecraft's own reader (``NbtAccounter``'s depth limit).
MAX_DEPTH = 512

Compression = Literal["gzip", "zlib", "none"]


class Byte(int):
    """An NBT Byte (signed 8-bit)."""

    __slots__ = ()


class Short(int):
    """An NBT Short (signed 16-bit)."""

    __slots__ = ()


class Int(int):
    """An NBT Int (signed 32-bit)."""

    __slots__ = ()


class Long(int):
    """An NBT Long (signed 64-bit)."""

    __slots__ = ()


class Float(float):
    """An NBT Float (IEEE-754 binary32)."""

    __slots__ = ()


class Double(float):
    """An NBT Double (IEEE-754 binary64)."""

    __slots__ = ()


class ByteArray(list):
    """An NBT Byte_Array: a list of signed bytes."""


class IntArray(list):
    """An NBT Int_Array: a list of signed 32-bit ints."""


class LongArray(list):
    """An NBT Long_Array: a list of signed 64-bit ints."""


class List(list):
    """An NBT List: a list whose elements all have the tag ``subtype`` (0 = End for an empty list)."""

    __slots__ = ("subtype",)

    def __init__(self, items: Any = (), subtype: int | None = None) -> None:
        super().__init__(items)
        if subtype is None:
            subtype = tag_id_of(self[0]) if self else TAG_END
        self.subtype = subtype

    def __repr__(self) -> str:
        return f"List[{TAG_NAMES.get(self.subtype, self.subtype)}]({list.__repr__(self)})"


def _new_list(items: list, subtype: int) -> List:
    """Build a List without running ``List.__init__`` (the reader's fast path)."""
    out = list.__new__(List)
    out.extend(items)
    out.subtype = subtype
    return out


@dataclass(frozen=True)
class NbtFile:
    """A decoded NBT file.

    Attributes
    ----------
    name : str
        The root tag's name (empty in current game files; older files use names such as ``"Level"``).
    root : Any
        The root value, normally a ``dict`` (Compound).
    compression : {"gzip", "zlib", "none"}
        How the bytes were compressed.
    """

    name: str
    root: Any
    compression: Compression


_SCALAR_CLASSES: dict[int, type] = {
    TAG_BYTE: Byte,
    TAG_SHORT: Short,
    TAG_INT: Int,
    TAG_LONG: Long,
    TAG_FLOAT: Float,
    TAG_DOUBLE: Double,
}
_ARRAY_CLASSES: dict[int, type] = {TAG_BYTE_ARRAY: ByteArray, TAG_INT_ARRAY: IntArray, TAG_LONG_ARRAY: LongArray}
_CLASS_TAGS: dict[type, int] = {
    Byte: TAG_BYTE,
    Short: TAG_SHORT,
    Int: TAG_INT,
    Long: TAG_LONG,
    Float: TAG_FLOAT,
    Double: TAG_DOUBLE,
    ByteArray: TAG_BYTE_ARRAY,
    IntArray: TAG_INT_ARRAY,
    LongArray: TAG_LONG_ARRAY,
    List: TAG_LIST,
    str: TAG_STRING,
    dict: TAG_COMPOUND,
    list: TAG_LIST,
    tuple: TAG_LIST,
    bool: TAG_BYTE,
    float: TAG_DOUBLE,
}
# struct format letter and byte size of each fixed-size element.
_ELEMENT_FORMATS = {
    TAG_BYTE: ("b", 1),
    TAG_SHORT: ("h", 2),
    TAG_INT: ("i", 4),
    TAG_LONG: ("q", 8),
    TAG_FLOAT: ("f", 4),
    TAG_DOUBLE: ("d", 8),
    TAG_BYTE_ARRAY: ("b", 1),
    TAG_INT_ARRAY: ("i", 4),
    TAG_LONG_ARRAY: ("q", 8),
}


def modified_utf8_length(text: str) -> int:
    """The number of bytes ``text`` takes as an NBT String (Java's modified UTF-8), without encoding it."""
    if text.isascii():
        return len(text) + text.count("\x00")
    size = len(text.encode("utf-8", "surrogatepass"))
    # NUL takes 2 bytes instead of 1; a character beyond U+FFFF takes 6 (a surrogate pair) instead of 4.
    astral = len(text.encode("utf-16-le", "surrogatepass")) // 2 - len(text)
    return size + text.count("\x00") + 2 * astral


def tag_id_of(value: Any) -> int:
    """Return the NBT tag id a value is written as (``Int`` -> 3, ``dict`` -> 10, plain ``int`` -> 3 or 4)."""
    tag = _CLASS_TAGS.get(type(value))
    if tag is not None:
        return tag
    if isinstance(value, bool):
        return TAG_BYTE
    if isinstance(value, int):
        return TAG_INT if -(2**31) <= value < 2**31 else TAG_LONG
    for cls, tag in _CLASS_TAGS.items():
        if isinstance(value, cls):
            return tag
    raise NbtError(f"cannot write a value of type {type(value).__name__} as NBT")
