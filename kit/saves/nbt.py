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

import gzip
import sys
import zlib
from typing import Any, Literal

from kit.core.errors import InvalidParameterError
from kit.saves._nbt_read import (  # noqa: F401  (the charges are re-exported for tests and docs)
    _ARRAY_COST,
    _ARRAY_ELEMENT,
    _COMPOUND_COST,
    _ENTRY_COST,
    _LIST_COST,
    _LIST_SLOT,
    _SCALAR_COST,
    TAG_CHARGES,
    _decompress,
    _Reader,
)
from kit.saves._nbt_tags import (
    DEFAULT_MAX_SIZE,
    DEFAULT_QUOTA,
    MAX_DEPTH,
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
    TAG_NAMES,
    TAG_SHORT,
    TAG_STRING,
    Byte,
    ByteArray,
    Compression,
    Double,
    Float,
    Int,
    IntArray,
    List,
    Long,
    LongArray,
    NbtFile,
    Short,
    modified_utf8_length,
    tag_id_of,
)
from kit.saves._nbt_write import _Writer
from kit.saves.errors import NbtError

__all__ = [
    "NbtError",
    "TAG_BYTE",
    "TAG_BYTE_ARRAY",
    "TAG_DOUBLE",
    "TAG_FLOAT",
    "TAG_INT",
    "TAG_INT_ARRAY",
    "TAG_LIST",
    "TAG_LONG",
    "TAG_LONG_ARRAY",
    "TAG_SHORT",
    "TAG_STRING",
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
    "QUOTA_PER_BYTE",
    "scaled_quota",
]

#: The general decoder's default quota per byte of (inflated) NBT. Game data costs kit at most about 12 per byte
#: (a structure file, the densest: blocks of ``pos`` Int lists; a real structure-cache file of 4 MB of NBT was
#: charged 41,943,054 bytes, about 10.5 per byte), while the shapes built only to cost memory cost more (a list
#: of empty Compounds 80 per byte, of Bytes 56, a Byte_Array 48).
QUOTA_PER_BYTE = 16


def scaled_quota(n_bytes: int) -> int:
    """The default ``quota`` of :func:`decode_nbt` for ``n_bytes`` of inflated NBT.

    ``max(DEFAULT_QUOTA, QUOTA_PER_BYTE * n_bytes)``: a file of game data is read whatever its size (up to
    ``max_size``), and memory stays proportional to the input. The save databases do not use it: they keep the
    fixed :data:`DEFAULT_QUOTA` (:class:`kit.saves.AgentDatabases`' ``quota=``).
    """
    return max(DEFAULT_QUOTA, QUOTA_PER_BYTE * n_bytes)


def decode_nbt(
    data: bytes,
    *,
    max_size: int = DEFAULT_MAX_SIZE,
    byteorder: Literal["big", "little"] = "big",
    allow_missing_root_end: bool = False,
    quota: int | None = None,
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
    quota : int or None, default=None
        Refuse a file whose tags would cost more than this many bytes, charged per tag before it is built
        as the game's ``NbtAccounter`` does, at kit's own cost where that is higher (:data:`TAG_CHARGES`).
        ``None`` scales it to the input (:func:`scaled_quota`: at least :data:`DEFAULT_QUOTA`, 16 per byte of
        NBT), so every file of game data up to ``max_size`` is read while object bombs are still refused.
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
    reader = _Reader(raw, byteorder, scaled_quota(len(raw)) if quota is None else quota, max_depth)
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
    raise InvalidParameterError(
        f"The 'compression' parameter must be one of 'gzip', 'zlib', 'none'. Got {compression!r} instead."
    )
