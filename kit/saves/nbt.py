"""Binary NBT (Named Binary Tag) reading and writing.

kit keeps its own small NBT codec because the databases read and write whole files often: decoding
straight into Python builtins (``dict``, ``list``, ``str``) and thin ``int`` / ``float`` subclasses is
several times faster than building a full tag-object tree. Modified UTF-8 (Java's string encoding) is
handled by the ``mutf8`` package.

The tree
--------
============  ==========================================
NBT tag       Python value
============  ==========================================
Byte          :class:`Byte` (an ``int``)
Short         :class:`Short` (an ``int``)
Int           :class:`Int` (an ``int``)
Long          :class:`Long` (an ``int``)
Float         :class:`Float` (a ``float``)
Double        :class:`Double` (a ``float``)
Byte_Array    :class:`ByteArray` (a ``list`` of ``int``)
String        ``str``
List          :class:`List` (a ``list`` with ``subtype``)
Compound      ``dict`` (insertion order = file order)
Int_Array     :class:`IntArray` (a ``list`` of ``int``)
Long_Array    :class:`LongArray` (a ``list`` of ``int``)
============  ==========================================

When writing, plain builtins are accepted too: ``bool`` becomes Byte, ``int`` becomes Int (Long when
it does not fit), ``float`` becomes Double, a plain ``list`` takes the tag of its first element.
"""

from __future__ import annotations

import array
import gzip
import struct
import sys
import zlib
from dataclasses import dataclass
from typing import Any, Callable, Literal

from mutf8 import decode_modified_utf8, encode_modified_utf8

from kit.core.errors import InvalidParameterError, KitError

__all__ = [
    "NbtError",
    "Byte",
    "Short",
    "Int",
    "Long",
    "Float",
    "Double",
    "ByteArray",
    "IntArray",
    "LongArray",
    "List",
    "NbtFile",
    "decode_nbt",
    "encode_nbt",
    "tag_id_of",
    "modified_utf8_length",
    "TAG_NAMES",
    "DEFAULT_MAX_SIZE",
    "DEFAULT_QUOTA",
    "MAX_DEPTH",
    "TAG_CHARGES",
]

TAG_END, TAG_BYTE, TAG_SHORT, TAG_INT, TAG_LONG, TAG_FLOAT, TAG_DOUBLE = 0, 1, 2, 3, 4, 5, 6
TAG_BYTE_ARRAY, TAG_STRING, TAG_LIST, TAG_COMPOUND, TAG_INT_ARRAY, TAG_LONG_ARRAY = 7, 8, 9, 10, 11, 12

TAG_NAMES = {
    0: "End", 1: "Byte", 2: "Short", 3: "Int", 4: "Long", 5: "Float", 6: "Double", 7: "Byte_Array",
    8: "String", 9: "List", 10: "Compound", 11: "Int_Array", 12: "Long_Array",
}

#: Largest uncompressed size accepted when decoding (a guard against decompression bombs).
DEFAULT_MAX_SIZE = 16 * 1024 * 1024
#: Most bytes the decoded tags may cost, charged per tag as the game's ``NbtAccounter`` does (see
#: ``TAG_CHARGES``). Together with ``DEFAULT_MAX_SIZE`` it keeps a refused file under about 64 MB of memory.
DEFAULT_QUOTA = 40 * 1024 * 1024
#: Deepest nesting accepted, as in Minecraft's own reader (``NbtAccounter``'s depth limit).
MAX_DEPTH = 512

Compression = Literal["gzip", "zlib", "none"]


class NbtError(KitError, ValueError):
    """Bytes that are not valid NBT, or a value that cannot be written as NBT."""


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
    TAG_BYTE: Byte, TAG_SHORT: Short, TAG_INT: Int, TAG_LONG: Long, TAG_FLOAT: Float, TAG_DOUBLE: Double,
}
_ARRAY_CLASSES: dict[int, type] = {TAG_BYTE_ARRAY: ByteArray, TAG_INT_ARRAY: IntArray, TAG_LONG_ARRAY: LongArray}
_CLASS_TAGS: dict[type, int] = {
    Byte: TAG_BYTE, Short: TAG_SHORT, Int: TAG_INT, Long: TAG_LONG, Float: TAG_FLOAT, Double: TAG_DOUBLE,
    ByteArray: TAG_BYTE_ARRAY, IntArray: TAG_INT_ARRAY, LongArray: TAG_LONG_ARRAY, List: TAG_LIST,
    str: TAG_STRING, dict: TAG_COMPOUND, list: TAG_LIST, tuple: TAG_LIST, bool: TAG_BYTE, float: TAG_DOUBLE,
}
# struct format letter and byte size of each fixed-size element.
_ELEMENT_FORMATS = {
    TAG_BYTE: ("b", 1), TAG_SHORT: ("h", 2), TAG_INT: ("i", 4), TAG_LONG: ("q", 8),
    TAG_FLOAT: ("f", 4), TAG_DOUBLE: ("d", 8),
    TAG_BYTE_ARRAY: ("b", 1), TAG_INT_ARRAY: ("i", 4), TAG_LONG_ARRAY: ("q", 8),
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


# ---------------------------------------------------------------------------------------------
# compression


def _decompress(data: bytes, max_size: int) -> tuple[bytes, Compression]:
    if data[:2] == b"\x1f\x8b":
        return _inflate(data, max_size, wbits=16 + zlib.MAX_WBITS, kind="gzip"), "gzip"
    if len(data) >= 2 and data[0] == 0x78 and (data[0] * 256 + data[1]) % 31 == 0:
        return _inflate(data, max_size, wbits=zlib.MAX_WBITS, kind="zlib"), "zlib"
    if len(data) > max_size:
        raise NbtError(f"uncompressed NBT of {len(data)} bytes exceeds the size quota of {max_size} bytes")
    return data, "none"


def _inflate(data: bytes, max_size: int, *, wbits: int, kind: str) -> bytes:
    """Inflate gzip (possibly multi-member) or zlib data, refusing to produce more than ``max_size`` bytes."""
    out: list[bytes] = []
    total = 0
    rest = data
    while rest:
        inflater = zlib.decompressobj(wbits)
        try:
            chunk = inflater.decompress(rest, max_size + 1 - total)
        except zlib.error as exc:
            raise NbtError(f"corrupt {kind} data: {exc}") from None
        total += len(chunk)
        out.append(chunk)
        if total > max_size or inflater.unconsumed_tail:
            raise NbtError(f"{kind} data inflates beyond the size quota of {max_size} bytes")
        if not inflater.eof:
            raise NbtError(f"truncated {kind} data: the compressed stream ends early")
        rest = inflater.unused_data
        if kind != "gzip" or not rest.startswith(b"\x1f\x8b"):
            if rest.strip(b"\x00"):
                raise NbtError(f"{len(rest)} unexpected bytes after the {kind} stream")
            break
    return b"".join(out)


# ---------------------------------------------------------------------------------------------
# decoding


# What each tag costs when it is read: the game's ``NbtAccounter`` charges (1.20.2+), raised to what the
# Python value kit builds really costs where that is more (kit keeps scalars as int/float objects and
# arrays as lists of ints, where the game keeps packed Java primitives). See ``TAG_CHARGES``.
_ARRAY_CODES = {
    TAG_BYTE: "b", TAG_SHORT: "h", TAG_INT: "i", TAG_LONG: "q", TAG_FLOAT: "f", TAG_DOUBLE: "d",
    TAG_BYTE_ARRAY: "b", TAG_INT_ARRAY: "i", TAG_LONG_ARRAY: "q",
}
_SCALAR_COST = {TAG_BYTE: 32, TAG_SHORT: 32, TAG_INT: 32, TAG_LONG: 40, TAG_FLOAT: 32, TAG_DOUBLE: 32}
_STRING_COST = 36  # + 2 per byte of the (modified) UTF-8 text, as the game's 2 per UTF-16 unit or more
_LIST_COST, _LIST_SLOT = 72, 8  # the game: 37 + 4 per element
_PACKED_SLOT = 24  # a number's list slot, with the list's growth while it fills
_COMPOUND_COST = 72  # the game: 48
_ENTRY_COST = 96  # the game: 28 for the name plus 36 for the map entry, and 2 per character of the name
_ARRAY_COST, _ARRAY_ELEMENT = 96, 48  # the game: 24 + 1, 4 or 8 per element
_SCALAR_ENTRY_COST = {tag: _ENTRY_COST + cost for tag, cost in _SCALAR_COST.items()}

#: Per tag: ``(game's NbtAccounter charge, kit's charge)``; ``n`` is the element count or text length.
TAG_CHARGES: dict[str, tuple[str, str]] = {
    "Byte": ("9", "32"),
    "Short": ("10", "32"),
    "Int": ("12", "32"),
    "Long": ("16", "40"),
    "Float": ("12", "32"),
    "Double": ("16", "32"),
    "String": ("36 + 2 per UTF-16 unit", "36 + 2 per UTF-8 byte"),
    "List": ("37 + 4n", "72 + 8n (numbers: 24n)"),
    "Compound": ("48 + per entry 64 + 2 per name character", "72 + per entry 96 + 2 per name byte"),
    "Byte_Array": ("24 + n", "96 + 48n"),
    "Int_Array": ("24 + 4n", "96 + 48n"),
    "Long_Array": ("24 + 8n", "96 + 48n"),
}


class _Reader:
    """Decodes one buffer; offsets are passed explicitly for speed.

    Like the game's ``NbtAccounter`` it charges every tag before building it (``used`` against
    ``quota``) and bounds the nesting depth, so a hostile file is refused before it costs memory.
    """

    def __init__(self, data: bytes, byteorder: str, quota: int, max_depth: int) -> None:
        self.data = data
        self.prefix = ">" if byteorder == "big" else "<"
        p = self.prefix
        self.u16 = struct.Struct(p + "H").unpack_from
        self.i32 = struct.Struct(p + "i").unpack_from
        self.scalar = {tag: struct.Struct(p + fmt).unpack_from for tag, (fmt, _) in _ELEMENT_FORMATS.items() if tag < 7}
        self.sizes = {tag: size for tag, (_, size) in _ELEMENT_FORMATS.items()}
        self.swap = (byteorder == "big") != (sys.byteorder == "big")
        self.quota = quota
        self.used = 0
        self.max_depth = max_depth

    def fail(self, pos: int, reason: str) -> NbtError:
        return NbtError(f"{reason} at byte {pos}")

    def over_quota(self, pos: int, used: int) -> NbtError:
        return NbtError(
            f"tried to read an NBT tag that is too big: it would cost {used} bytes where the quota is "
            f"{self.quota} bytes (kit charges each tag as the game's NbtAccounter does; raise quota= to read it)"
            f" at byte {pos}"
        )

    def account(self, pos: int, n: int) -> None:
        used = self.used + n
        if used > self.quota:
            raise self.over_quota(pos, used)
        self.used = used

    def too_deep(self, pos: int) -> NbtError:
        return self.fail(pos, f"nesting deeper than {self.max_depth} (the game's limit)")

    def need(self, pos: int, n: int) -> None:
        if pos + n > len(self.data):
            raise self.fail(pos, f"unexpected end of data (needed {n} more bytes)")

    def string(self, pos: int) -> tuple[str, int]:
        self.need(pos, 2)
        (n,) = self.u16(self.data, pos)
        pos += 2
        end = pos + n
        if end > len(self.data):
            raise self.fail(pos, f"unexpected end of data inside a string of {n} bytes")
        raw = self.data[pos:end]
        try:
            return raw.decode("utf-8"), end
        except UnicodeDecodeError:
            try:
                return decode_modified_utf8(raw), end
            except UnicodeDecodeError as exc:
                raise self.fail(pos, f"invalid modified UTF-8 string ({exc.reason})") from None

    def payload(self, tag: int, pos: int, depth: int) -> tuple[Any, int]:
        """Read one value of type ``tag`` (its charge is the caller's, except for containers and arrays)."""
        data = self.data
        if tag == TAG_STRING:
            return self.string(pos)
        if tag == TAG_COMPOUND:
            return self.compound(pos, depth + 1, allow_missing_end=False)
        if 1 <= tag <= 6:
            size = self.sizes[tag]
            self.need(pos, size)
            return _SCALAR_CLASSES[tag](self.scalar[tag](data, pos)[0]), pos + size
        if tag == TAG_LIST:
            return self.list(pos, depth + 1)
        if tag in _ARRAY_CLASSES:
            self.need(pos, 4)
            (n,) = self.i32(data, pos)
            pos += 4
            size = self.sizes[tag]
            if n < 0 or pos + n * size > len(data):
                raise self.fail(pos, f"array length {n} runs past the end of data")
            self.account(pos, _ARRAY_COST + _ARRAY_ELEMENT * n)  # before anything is allocated
            if tag == TAG_BYTE_ARRAY:
                return ByteArray(memoryview(data)[pos : pos + n].cast("b").tolist()), pos + n
            end = pos + n * size
            return _ARRAY_CLASSES[tag](self.packed(tag, pos, end)), end
        raise self.fail(pos, f"unknown tag type {tag}")

    def packed(self, tag: int, pos: int, end: int) -> array.array:
        """The fixed-size numbers in ``data[pos:end]`` as a compact array (4 or 8 bytes each, not objects)."""
        values = array.array(_ARRAY_CODES[tag], self.data[pos:end])
        if self.swap and values.itemsize > 1:
            values.byteswap()
        return values

    def list(self, pos: int, depth: int) -> tuple[List, int]:
        if depth > self.max_depth:
            raise self.too_deep(pos)
        data = self.data
        self.need(pos, 5)
        subtype = data[pos]
        (n,) = self.i32(data, pos + 1)
        pos += 5
        if n < 0 or (n > 0 and subtype == TAG_END):
            if n > 0:
                raise self.fail(pos, f"list of {n} End tags")
            n = 0
        if 1 <= subtype <= 6:
            size = self.sizes[subtype]
            if pos + n * size > len(data):
                raise self.fail(pos, f"list length {n} runs past the end of data")
            self.account(pos, _LIST_COST + (_SCALAR_COST[subtype] + _PACKED_SLOT) * n)
            end = pos + n * size
            out = list.__new__(List)
            out.extend(map(_SCALAR_CLASSES[subtype], self.packed(subtype, pos, end)))
            out.subtype = subtype
            return out, end
        if n > len(data) - pos:
            raise self.fail(pos, f"list length {n} runs past the end of data")
        used = self.used + _LIST_COST + _LIST_SLOT * n
        if used > self.quota:
            raise self.over_quota(pos, used)
        self.used = used
        items = []
        append = items.append
        if subtype == TAG_STRING:
            u16 = self.u16
            size = len(data)
            quota = self.quota
            used = self.used
            string_cost = _STRING_COST
            for _ in range(n):
                if pos + 2 > size:
                    raise self.fail(pos, "unexpected end of data in a string")
                length = u16(data, pos)[0]
                end = pos + 2 + length
                if end > size:
                    raise self.fail(pos, "unexpected end of data inside a string")
                used += string_cost + 2 * length
                if used > quota:
                    raise self.over_quota(pos, used)
                raw = data[pos + 2 : end]
                try:
                    append(raw.decode("utf-8"))
                except UnicodeDecodeError:
                    append(self.string(pos)[0])
                pos = end
            self.used = used
        elif subtype == TAG_COMPOUND:
            compound = self.compound
            for _ in range(n):
                value, pos = compound(pos, depth + 1, allow_missing_end=False)
                append(value)
        elif subtype == TAG_LIST:
            sublist = self.list
            for _ in range(n):
                value, pos = sublist(pos, depth + 1)  # called directly: one stack frame per nesting level
                append(value)
        else:
            payload = self.payload
            for _ in range(n):
                value, pos = payload(subtype, pos, depth)
                append(value)
        return _new_list(items, subtype), pos

    def compound(self, pos: int, depth: int, *, allow_missing_end: bool) -> tuple[dict, int]:
        # The hot loop of every database load: names and String values are read and charged inline.
        if depth > self.max_depth:
            raise self.too_deep(pos)
        data = self.data
        size = len(data)
        u16 = self.u16
        payload = self.payload
        scalar = self.scalar
        sizes = self.sizes
        quota = self.quota
        string_entry = _ENTRY_COST + _STRING_COST
        scalar_entry = _SCALAR_ENTRY_COST
        used = self.used + _COMPOUND_COST
        if used > quota:
            raise self.over_quota(pos, used)
        out: dict[str, Any] = {}
        while True:
            if pos >= size:
                if allow_missing_end:
                    self.used = used
                    return out, pos
                raise self.fail(pos, "unexpected end of data inside a compound")
            tag = data[pos]
            if tag == TAG_END:
                self.used = used
                return out, pos + 1
            if pos + 3 > size:
                raise self.fail(pos, "unexpected end of data in a tag name")
            name_length = u16(data, pos + 1)[0]
            end = pos + 3 + name_length
            if end > size:
                raise self.fail(pos, "unexpected end of data in a tag name")
            raw = data[pos + 3 : end]
            try:
                name = raw.decode("utf-8")
            except UnicodeDecodeError:
                name, _ = self.string(pos + 1)
            pos = end
            if tag == TAG_STRING:
                if pos + 2 > size:
                    raise self.fail(pos, "unexpected end of data in a string")
                length = u16(data, pos)[0]
                end = pos + 2 + length
                if end > size:
                    raise self.fail(pos, "unexpected end of data inside a string")
                used += string_entry + 2 * (name_length + length)
                if used > quota:
                    raise self.over_quota(pos, used)
                raw = data[pos + 2 : end]
                try:
                    out[name] = raw.decode("utf-8")
                except UnicodeDecodeError:
                    out[name], _ = self.string(pos)
                pos = end
            elif 1 <= tag <= 6:
                end = pos + sizes[tag]
                if end > size:
                    raise self.fail(pos, "unexpected end of data in a number")
                used += scalar_entry[tag] + 2 * name_length
                if used > quota:
                    raise self.over_quota(pos, used)
                out[name] = _SCALAR_CLASSES[tag](scalar[tag](data, pos)[0])
                pos = end
            else:
                used += _ENTRY_COST + 2 * name_length
                if used > quota:
                    raise self.over_quota(pos, used)
                self.used = used
                if tag == TAG_COMPOUND:  # called directly: one stack frame per nesting level
                    out[name], pos = self.compound(pos, depth + 1, allow_missing_end=False)
                elif tag == TAG_LIST:
                    out[name], pos = self.list(pos, depth + 1)
                else:
                    out[name], pos = payload(tag, pos, depth)
                used = self.used


def decode_nbt(
    data: bytes,
    *,
    max_size: int = DEFAULT_MAX_SIZE,
    byteorder: Literal["big", "little"] = "big",
    allow_missing_root_end: bool = False,
    quota: int = DEFAULT_QUOTA,
    max_depth: int = MAX_DEPTH,
) -> NbtFile:
    """Decode an NBT file's bytes (gzip, zlib or uncompressed).

    Parameters
    ----------
    data : bytes
        The file's bytes.
    max_size : int, default=DEFAULT_MAX_SIZE
        Refuse to inflate more than this many bytes.
    byteorder : {"big", "little"}, default="big"
        Java edition files are big-endian; Bedrock files are little-endian.
    allow_missing_root_end : bool, default=False
        Accept a root compound whose closing End tag is missing (a quirk of some hand-made files).
    quota : int, default=DEFAULT_QUOTA
        Refuse a file whose tags would cost more than this many bytes, charged per tag before it is built
        as the game's ``NbtAccounter`` does, at kit's own cost where that is higher (:data:`TAG_CHARGES`).
    max_depth : int, default=MAX_DEPTH
        Refuse nesting (Compounds and Lists) deeper than this; 512 as in the game.

    Returns
    -------
    NbtFile
        The root tag's name, its value and the compression found.

    Raises
    ------
    NbtError
        With the byte offset and the reason, for anything that is not well-formed NBT, too big for
        ``max_size`` or ``quota``, or nested deeper than ``max_depth``.
    """
    raw, compression = _decompress(bytes(data), max_size)
    if not raw:
        raise NbtError("empty data: no root tag")
    reader = _Reader(raw, byteorder, quota, max_depth)
    tag = raw[0]
    if tag == TAG_END or tag not in TAG_NAMES:
        raise NbtError(f"the root tag has type {tag}, which is not a valid NBT root")
    name, pos = reader.string(1)
    try:
        if tag == TAG_COMPOUND:
            root, pos = reader.compound(pos, 1, allow_missing_end=allow_missing_root_end)
        else:
            root, pos = reader.payload(tag, pos, 0)
    except RecursionError:
        raise NbtError(
            f"nesting too deep for Python's stack (limit {sys.getrecursionlimit()}) before the depth limit of "
            f"{max_depth}; pass a smaller max_depth="
        ) from None
    if pos != len(raw) and raw[pos:].strip(b"\x00"):
        raise NbtError(f"{len(raw) - pos} unexpected bytes after the root tag at byte {pos}")
    return NbtFile(name=name, root=root, compression=compression)


# ---------------------------------------------------------------------------------------------
# encoding


class _Writer:
    def __init__(self, byteorder: str) -> None:
        p = ">" if byteorder == "big" else "<"
        self.prefix = p
        self.u16 = struct.Struct(p + "H").pack
        self.i32 = struct.Struct(p + "i").pack
        self.scalar = {tag: struct.Struct(p + fmt).pack for tag, (fmt, _) in _ELEMENT_FORMATS.items() if tag < 7}
        self.chunks: list[bytes] = []
        self.depth = 0
        self.handlers: dict[int, Callable[[Any, str], None]] = {
            TAG_STRING: self.string, TAG_COMPOUND: self.compound, TAG_LIST: self.list,
            TAG_BYTE_ARRAY: self.array, TAG_INT_ARRAY: self.array, TAG_LONG_ARRAY: self.array,
        }

    def string(self, value: str, path: str) -> None:
        if value.isascii() and "\x00" not in value:
            raw = value.encode("ascii")
        else:
            raw = encode_modified_utf8(value)
        if len(raw) > 65535:
            # Another tool may have stored this string in standard UTF-8 (4-byte characters, raw NULs), where
            # it fits; kit reads that form too, so it is written back exactly as it was stored.
            try:
                standard = value.encode("utf-8")
            except UnicodeEncodeError:
                standard = raw
            if len(standard) > 65535:
                raise NbtError(
                    f"{path or 'value'}: string of {len(raw)} bytes exceeds NBT's limit of 65535 bytes"
                )
            raw = standard
        self.chunks.append(self.u16(len(raw)))
        self.chunks.append(raw)

    def value(self, tag: int, value: Any, path: str) -> None:
        handler = self.handlers.get(tag)
        if handler is not None:
            handler(value, path)
            return
        try:
            self.chunks.append(self.scalar[tag](value))
        except (struct.error, TypeError, KeyError) as exc:
            raise NbtError(f"{path or 'value'}: cannot write {value!r} as {TAG_NAMES.get(tag, tag)} ({exc})") from None

    def too_deep(self, path: str) -> NbtError:
        return NbtError(f"{path or 'value'}: nesting deeper than {MAX_DEPTH}, which the game (and kit) refuse to read")

    def compound(self, value: dict, path: str) -> None:
        if not isinstance(value, dict):
            raise NbtError(f"{path or 'value'}: expected a dict for a Compound, got {type(value).__name__}")
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.too_deep(path)
        chunks = self.chunks
        for key, item in value.items():
            if not isinstance(key, str):
                raise NbtError(f"{path or 'value'}: compound keys must be str, got {key!r}")
            tag = tag_id_of(item)
            chunks.append(bytes((tag,)))
            self.string(key, path)
            handler = self.handlers.get(tag)
            if handler is not None:  # called directly: one stack frame per nesting level
                handler(item, f"{path}.{key}" if path else key)
            else:
                self.value(tag, item, f"{path}.{key}" if path else key)
        chunks.append(b"\x00")
        self.depth -= 1

    def list(self, value: list, path: str) -> None:
        subtype = getattr(value, "subtype", None)
        if subtype is None:
            subtype = tag_id_of(value[0]) if value else TAG_END
        n = len(value)
        if not 0 <= subtype <= 12:
            raise NbtError(f"{path or 'value'}: unknown list element tag {subtype}")
        self.chunks.append(bytes((subtype,)) + self.i32(n))
        if 1 <= subtype <= 6:
            fmt, _ = _ELEMENT_FORMATS[subtype]
            try:
                self.chunks.append(struct.pack(f"{self.prefix}{n}{fmt}", *value))
            except struct.error as exc:
                raise NbtError(f"{path or 'value'}: cannot write list as {TAG_NAMES[subtype]} ({exc})") from None
            return
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.too_deep(path)
        # containers are written by calling their handler directly: one stack frame per nesting level
        write = self.handlers.get(subtype) or (lambda item, where: self.value(subtype, item, where))
        for i, item in enumerate(value):
            tag = tag_id_of(item)
            if tag != subtype:
                raise NbtError(
                    f"{path}[{i}]: list of {TAG_NAMES.get(subtype)} holds a {TAG_NAMES.get(tag, tag)} element"
                )
            write(item, f"{path}[{i}]")
        self.depth -= 1

    def array(self, value: list, path: str) -> None:
        tag = tag_id_of(value)
        fmt, _ = _ELEMENT_FORMATS[tag]
        try:
            self.chunks.append(self.i32(len(value)) + struct.pack(f"{self.prefix}{len(value)}{fmt}", *value))
        except struct.error as exc:
            raise NbtError(f"{path or 'value'}: cannot write {TAG_NAMES[tag]} ({exc})") from None


def encode_nbt(
    root: Any,
    name: str = "",
    *,
    compression: Compression = "gzip",
    byteorder: Literal["big", "little"] = "big",
    compresslevel: int = 6,
) -> bytes:
    """Encode a value as an NBT file's bytes.

    Parameters
    ----------
    root : dict or any NBT value
        The root tag's value (a ``dict`` for a normal file).
    name : str, default=""
        The root tag's name (empty in current game files).
    compression : {"gzip", "zlib", "none"}, default="gzip"
        The container; ``gzip`` is what the game and kit's databases write.
    compresslevel : int, default=6
        The deflate level (6 is Java's default, the one the game uses).

    Returns
    -------
    bytes
    """
    writer = _Writer(byteorder)
    tag = tag_id_of(root)
    writer.chunks.append(bytes((tag,)))
    writer.string(name, "")
    try:
        writer.value(tag, root, "")
    except RecursionError:
        raise NbtError(f"value nested too deep to write (Python's stack limit {sys.getrecursionlimit()})") from None
    raw = b"".join(writer.chunks)
    if compression == "gzip":
        return gzip.compress(raw, compresslevel=compresslevel, mtime=0)
    if compression == "zlib":
        return zlib.compress(raw, compresslevel)
    if compression == "none":
        return raw
    raise InvalidParameterError(f"The 'compression' parameter must be one of 'gzip', 'zlib', 'none'. Got {compression!r} instead.")
