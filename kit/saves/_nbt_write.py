"""Encoding Python values as NBT bytes."""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

from mutf8 import encode_modified_utf8

from kit.saves._nbt_tags import (
    _ELEMENT_FORMATS,
    MAX_DEPTH,
    TAG_BYTE_ARRAY,
    TAG_COMPOUND,
    TAG_END,
    TAG_INT_ARRAY,
    TAG_LIST,
    TAG_LONG_ARRAY,
    TAG_NAMES,
    TAG_STRING,
    ByteArray,
    IntArray,
    LongArray,
    tag_id_of,
)
from kit.saves.errors import NbtError

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
            TAG_STRING: self.string,
            TAG_COMPOUND: self.compound,
            TAG_LIST: self.list,
            TAG_BYTE_ARRAY: self.array,
            TAG_INT_ARRAY: self.array,
            TAG_LONG_ARRAY: self.array,
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
                raise NbtError(f"{path or 'value'}: string of {len(raw)} bytes exceeds NBT's limit of 65535 bytes")
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

    def array(self, value: ByteArray | IntArray | LongArray, path: str) -> None:
        tag = tag_id_of(value)
        fmt, _ = _ELEMENT_FORMATS[tag]
        try:
            self.chunks.append(self.i32(len(value)) + struct.pack(f"{self.prefix}{len(value)}{fmt}", *value))
        except struct.error as exc:
            raise NbtError(f"{path or 'value'}: cannot write {TAG_NAMES[tag]} ({exc})") from None
