"""Zip and jar members for :mod:`kit.items.packs`, read fast: a plain stored or deflated member in one positional
read (its local header, name, size and CRC-32 checked; anything unusual is left to :mod:`zipfile`, which words every
refusal), and jars shared while someone holds them (:func:`open_zip`), so a server's jars have their directory read
once.
"""

from __future__ import annotations

import os
import struct
import weakref
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

__all__ = ["open_zip"]


#: ``raw(offset, size) -> bytes``: the bytes of a zip file at an offset (``os.pread`` on a file, a slice in memory).
RawReader = Callable[[int, int], bytes]
_LOCAL_HEADER = struct.Struct("<4sHHHHHIIIHH")


def _file_raw(zf: zipfile.ZipFile) -> RawReader | None:
    """Positional reads of a zip opened from a file, through the ZipFile's own descriptor (``os.pread`` leaves its
    position alone); None where ``os.pread`` is missing.
    """
    fp = zf.fp
    if not hasattr(os, "pread") or fp is None:
        return None

    def raw(offset: int, size: int) -> bytes:
        return os.pread(fp.fileno(), size, offset)

    return raw


def _bytes_raw(data: bytes) -> RawReader:
    view = memoryview(data)

    def raw(offset: int, size: int) -> bytes:
        return bytes(view[offset : offset + size])

    return raw


def _fast_member(raw: RawReader, info: zipfile.ZipInfo) -> bytes | None:
    """A stored or deflated, unencrypted member read in one piece (its local header, size and CRC-32 checked), or
    None for anything else (then :mod:`zipfile` reads it and words any error): the same bytes as ``zf.read``
    without its per-member file object.
    """
    if info.flag_bits & 0x1 or info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        return None
    # one read for the header, the name, the usual extra field and the data; a longer extra field needs a second
    encoded = info.orig_filename.encode("utf-8")
    guess = _LOCAL_HEADER.size + len(encoded) + len(info.extra) + info.compress_size
    block = raw(info.header_offset, guess)
    if len(block) < _LOCAL_HEADER.size:
        return None
    fields = _LOCAL_HEADER.unpack_from(block)
    if fields[0] != b"PK\x03\x04" or fields[2] & 0x61:  # encrypted, patched or strongly encrypted: zipfile words it
        return None
    n_name, n_extra = fields[9], fields[10]
    start = _LOCAL_HEADER.size + n_name + n_extra
    size = start + info.compress_size
    if len(block) < size:
        block = raw(info.header_offset, size)
        if len(block) != size:
            return None
    header_name = block[_LOCAL_HEADER.size : _LOCAL_HEADER.size + n_name]
    if header_name != encoded or not (fields[2] & 0x800 or encoded.isascii()):  # else the same name, no codec
        if header_name.decode("utf-8" if fields[2] & 0x800 else "cp437") != info.orig_filename:
            return None
    packed = memoryview(block)[start:size]  # no copy of the compressed bytes
    try:
        if info.compress_type == zipfile.ZIP_STORED:
            data = bytes(packed)
        else:
            inflater = zlib.decompressobj(-15)
            data = inflater.decompress(packed, info.file_size + 1)
            if not inflater.eof:
                return None
    except zlib.error:
        return None
    if len(data) != info.file_size or zlib.crc32(data) != info.CRC:
        return None
    return data


#: The zips opened by :func:`open_zip` that someone still holds, by the file's identity and version.
_OPEN_ZIPS: weakref.WeakValueDictionary[tuple[int, int, int, int], zipfile.ZipFile] = weakref.WeakValueDictionary()


def open_zip(path: str | os.PathLike[str]) -> zipfile.ZipFile:
    """A :class:`zipfile.ZipFile` for a zip or jar on disk, shared while any reader still holds it.

    Opening a jar reads its whole central directory; a server's jars are opened once for their mod metadata and
    again for their data. The second open of the same unchanged file (same device, inode, size and modification
    time) gets the first one's ZipFile instead of reading the directory again. Nobody closes a shared ZipFile: it
    closes when the last holder drops it.

    Raises
    ------
    zipfile.BadZipFile, OSError
        As :class:`zipfile.ZipFile` does.
    """
    st = os.stat(path)
    key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
    zf = _OPEN_ZIPS.get(key)
    if zf is None or zf.fp is None:
        zf = zipfile.ZipFile(path)
        _OPEN_ZIPS[key] = zf
    return zf


def _zip_entry_count(path: Path) -> int | None:
    """The number of entries the zip's end-of-central-directory record declares (Zip64 included), or None."""
    with open(path, "rb") as fh:
        size = fh.seek(0, os.SEEK_END)
        tail_start = max(0, size - (22 + 65_535 + 20))
        fh.seek(tail_start)
        tail = fh.read()
        at = tail.rfind(b"PK\x05\x06")
        if at < 0 or len(tail) - at < 22:
            return None
        count = struct.unpack_from("<H", tail, at + 10)[0]
        if count != 0xFFFF or at < 20 or tail[at - 20 : at - 16] != b"PK\x06\x07":
            return count
        offset = struct.unpack_from("<Q", tail, at - 20 + 8)[0]
        if offset + 56 > size:
            return None
        fh.seek(offset)
        record = fh.read(56)
        if record[:4] != b"PK\x06\x06":
            return None
        return struct.unpack_from("<Q", record, 32)[0]
