"""Decoding NBT bytes: decompression with a size bound, and the reader that charges each tag before building it."""

from __future__ import annotations

import array
import struct
import sys
import zlib
from typing import Any

from mutf8 import decode_modified_utf8

from kit.saves._nbt_tags import (
    _ARRAY_CLASSES,
    _ELEMENT_FORMATS,
    _SCALAR_CLASSES,
    TAG_BYTE,
    TAG_BYTE_ARRAY,
    TAG_COMPOUND,
    TAG_DOUBLE,
    TAG_END,
    TAG_FLOAT,
    TAG_INT,
    TAG_INT_ARRAY,
    TAG_LIST,
    TAG_LONG,
    TAG_LONG_ARRAY,
    TAG_SHORT,
    TAG_STRING,
    ByteArray,
    Compression,
    List,
    _new_list,
)
from kit.saves.errors import NbtError

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
    TAG_BYTE: "b",
    TAG_SHORT: "h",
    TAG_INT: "i",
    TAG_LONG: "q",
    TAG_FLOAT: "f",
    TAG_DOUBLE: "d",
    TAG_BYTE_ARRAY: "b",
    TAG_INT_ARRAY: "i",
    TAG_LONG_ARRAY: "q",
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
        items: list[Any] = []
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
                element, pos = compound(pos, depth + 1, allow_missing_end=False)
                append(element)
        elif subtype == TAG_LIST:
            sublist = self.list
            for _ in range(n):
                nested, pos = sublist(pos, depth + 1)  # called directly: one stack frame per nesting level
                append(nested)
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
