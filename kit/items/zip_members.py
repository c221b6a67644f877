"""Zip and jar archives for :mod:`kit.items.packs` and :mod:`kit.servers.mods`, read fast.

:class:`ZipArchive` lists an archive's members from its central directory as :class:`ZipEntry` tuples and reads a
plain stored or deflated member in one positional read (its local header, name, size and CRC-32 checked).
:mod:`zipfile` builds a :class:`zipfile.ZipInfo` object for every member (about 2.4 microseconds each; a modpack's
jars hold 100,000 members), so the directory of an ordinary archive is read here instead; anything unusual (Zip64,
an encrypted or oddly compressed member, a directory that does not add up) is left to :mod:`zipfile`, opened when
first needed, which reads it or words the refusal exactly as before. :func:`open_zip` shares an archive on disk
while someone holds it, so a server's jars have their directory read once.
"""

from __future__ import annotations

import io
import os
import struct
import weakref
import zipfile
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, NamedTuple

from kit.core.errors import InvalidParameterError, StorageError

__all__ = ["ZipArchive", "ZipEntry", "open_zip"]


#: ``raw(offset, size) -> bytes``: the bytes of a zip file at an offset (``os.pread`` on a file, a slice in memory).
RawReader = Callable[[int, int], bytes]
_LOCAL_HEADER = struct.Struct("<4sHHHHHIIIHH")
#: A central directory record (``zipfile.structCentralDir``): signature, versions, flags, method, time, date, CRC,
#: sizes, name/extra/comment lengths, disk, attributes, local header offset.
_CENTRAL = struct.Struct("<4s4B4HL2L5H2L")
#: The end of central directory record (``zipfile.structEndArchive``).
_END = struct.Struct("<4s4H2LH")
_MAX_COMMENT = 1 << 16
_ZIP64_LOCATOR_SIZE = 20
#: The highest "version needed to extract" zipfile accepts (``zipfile.MAX_EXTRACT_VERSION``).
_MAX_EXTRACT_VERSION = 63
_ZIP64_LIMIT = 0xFFFFFFFF


class ZipEntry(NamedTuple):
    """One member of a :class:`ZipArchive`, with the attribute names of :class:`zipfile.ZipInfo` that kit reads."""

    #: The name as :mod:`zipfile` gives it (cut at a NUL character).
    filename: str
    #: The name as stored.
    orig_filename: str
    flag_bits: int
    compress_type: int
    CRC: int
    compress_size: int
    file_size: int
    #: Where the member's local header starts in the file.
    header_offset: int
    #: The central directory's extra field.
    extra: bytes
    #: The member's position in the central directory (and in ``zipfile.ZipFile.filelist``).
    position: int

    def is_dir(self) -> bool:
        """Whether the member is a folder (its name ends with ``/``), as ``ZipInfo.is_dir``."""
        return self.filename.endswith("/")


def _plain_extra(extra: bytes) -> bool:
    """Whether an extra field is well formed and holds nothing :mod:`zipfile` interprets (no Zip64 sizes, no Unicode
    path): then zipfile's member is the central directory's record as it stands.
    """
    at, end = 0, len(extra)
    while end - at >= 4:
        kind, length = struct.unpack_from("<HH", extra, at)
        if kind in (0x0001, 0x7075) or at + 4 + length > end:
            return False
        at += 4 + length
    return True


def _end_record(raw: RawReader, file_size: int) -> tuple[int, bytes, int] | None:
    """The end of central directory record where :mod:`zipfile` finds it: ``(tail_start, tail, at)``, the record at
    ``tail[at:]`` of the file's last bytes read from ``tail_start`` (20 more than a record and the longest comment, so
    that a Zip64 locator before the record is there too); None when there is none.
    """
    if file_size < _END.size:
        return None
    tail_start = max(0, file_size - _END.size - _MAX_COMMENT - _ZIP64_LOCATOR_SIZE)
    tail = raw(tail_start, file_size - tail_start)
    at = len(tail) - _END.size
    if tail[at : at + 4] != b"PK\x05\x06" or tail[-2:] != b"\0\0":  # zipfile's test for an archive without comment
        at = tail.rfind(b"PK\x05\x06", max(0, len(tail) - _END.size - _MAX_COMMENT))  # else the last one, as zipfile
        if at < 0 or len(tail) - at < _END.size:
            return None
    return tail_start, tail, at


def _directory(raw: RawReader, file_size: int) -> list[ZipEntry] | None:
    """The members an ordinary zip's central directory lists, in its order, as :mod:`zipfile` would name and place
    them (an archive appended to other data included); None for anything else (Zip64, several disks, a record that
    does not add up, a name that does not decode), which :mod:`zipfile` then reads or refuses in its own words.
    """
    end = _end_record(raw, file_size)
    if end is None:
        return None
    tail_start, tail, at = end
    _, disk, cd_disk, n_here, n_total, cd_size, cd_offset, _ = _END.unpack_from(tail, at)
    if disk or cd_disk or 0xFFFF in (n_here, n_total) or _ZIP64_LIMIT in (cd_size, cd_offset):
        return None
    if tail[max(0, at - _ZIP64_LOCATOR_SIZE) : at - 16] == b"PK\x06\x07":  # a Zip64 locator
        return None
    concat = tail_start + at - cd_size - cd_offset  # bytes before the archive (a self-extracting or appended zip)
    start = cd_offset + concat
    if start < 0:
        return None
    cd = tail[start - tail_start : at] if start >= tail_start else raw(start, cd_size)
    if len(cd) != cd_size:
        return None
    entries: list[ZipEntry] = []
    unpack, make, sep = _CENTRAL.unpack_from, ZipEntry._make, os.sep
    pos = 0
    while pos < cd_size:
        if cd_size - pos < _CENTRAL.size:
            return None
        (sig, _, _, version, _, flags, method, _, _, crc, packed, size, n_name, n_extra, n_comment, _, _, _, offset) = (
            unpack(cd, pos)
        )
        name_at = pos + _CENTRAL.size
        extra_at = name_at + n_name
        pos = extra_at + n_extra + n_comment
        if sig != b"PK\x01\x02" or version > _MAX_EXTRACT_VERSION or pos > cd_size:
            return None
        if _ZIP64_LIMIT in (packed, size, offset):
            return None
        encoded = cd[name_at:extra_at]
        try:
            name = encoded.decode("utf-8" if flags & 0x800 or encoded.isascii() else "cp437")
        except UnicodeDecodeError:
            return None
        extra = cd[extra_at : extra_at + n_extra] if n_extra else b""
        if n_extra and not _plain_extra(extra):
            return None
        filename = name
        if "\0" in name:  # zipfile cuts a name at a NUL
            filename = name[: name.index("\0")]
        if sep != "/" and sep in filename:
            filename = filename.replace(sep, "/")
        entries.append(make((filename, name, flags, method, crc, packed, size, offset + concat, extra, len(entries))))
    return entries


def _entry(info: zipfile.ZipInfo, index: int) -> ZipEntry:
    return ZipEntry(
        info.filename,
        info.orig_filename,
        info.flag_bits,
        info.compress_type,
        info.CRC,
        info.compress_size,
        info.file_size,
        info.header_offset,
        info.extra,
        index,
    )


def _pread_raw(fd: int) -> RawReader:
    """Positional reads of an open file (``os.pread`` leaves the file's position alone)."""

    def raw(offset: int, size: int) -> bytes:
        return os.pread(fd, size, offset)

    return raw


def _seek_raw(fh: IO[bytes]) -> RawReader:
    def raw(offset: int, size: int) -> bytes:
        fh.seek(offset)
        return fh.read(size)

    return raw


def _bytes_raw(data: bytes) -> RawReader:
    view = memoryview(data)

    def raw(offset: int, size: int) -> bytes:
        return bytes(view[offset : offset + size])

    return raw


def _fast_member(raw: RawReader, info: ZipEntry | zipfile.ZipInfo) -> bytes | None:
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


#: :meth:`ZipArchive.read_fast_many` reads members in one piece when at most this many bytes lie between them...
READ_GAP_BYTES = 16 * 1024
#: ... and the piece stays this long at most.
READ_BLOCK_BYTES = 4 * 1024 * 1024


def _local_span(entry: ZipEntry) -> int:
    """The bytes of a member from its local header to the end of its data, as :func:`_fast_member` first reads them."""
    return _LOCAL_HEADER.size + len(entry.orig_filename.encode("utf-8")) + len(entry.extra) + entry.compress_size


def _block_raw(raw: RawReader, start: int, block: bytes) -> RawReader:
    """Reads within ``block`` (the file's bytes from ``start``) served from it, any other through ``raw``."""
    end = start + len(block)

    def read(offset: int, size: int) -> bytes:
        if start <= offset and offset + size <= end:
            return block[offset - start : offset - start + size]
        return raw(offset, size)

    return read


class ZipArchive:
    """A zip or jar, on disk or in memory: its members listed and read fast, :mod:`zipfile` for anything unusual.

    The members are :class:`ZipEntry` tuples, in the central directory's order, named as :mod:`zipfile` names them.
    An archive whose directory is not an ordinary one is listed by :class:`zipfile.ZipFile` instead, and a member that
    cannot be read in one piece is read by it; every error is zipfile's (:class:`zipfile.BadZipFile`,
    ``NotImplementedError`` for an unsupported method, ``RuntimeError`` for an encrypted member, ``OSError``).

    Parameters
    ----------
    source : path or bytes
        A file (kept open until :meth:`close`, or until the archive is dropped) or the archive's bytes.

    Raises
    ------
    zipfile.BadZipFile, NotImplementedError, OSError
        As :class:`zipfile.ZipFile` does for a file that is not a readable zip. Reading a member after :meth:`close`
        raises :class:`kit.StorageError` (an ``OSError``).
    kit.InvalidParameterError
        When ``source`` is neither a path nor bytes.
    """

    __slots__ = ("location", "_file", "_data", "_raw", "_entries", "_by_name", "_zipfile", "__weakref__")

    def __init__(self, source: str | os.PathLike[str] | bytes) -> None:
        self._file: IO[bytes] | None = None  # first: close() (from __del__) needs them whatever raises below
        self._data: bytes | None = None
        self._zipfile: zipfile.ZipFile | None = None
        self._raw: RawReader | None = None
        if not isinstance(source, (bytes, str, os.PathLike)):
            raise InvalidParameterError(
                "The 'source' parameter of ZipArchive must be a path or the archive's bytes. "
                f"Got {type(source).__name__} instead: pass a str or pathlib.Path of a .zip or .jar, or its bytes."
            )
        #: The file, or ``"<memory>"``: what messages name.
        self.location = "<memory>" if isinstance(source, bytes) else os.fspath(source)
        if isinstance(source, bytes):
            self._data = source
            raw: RawReader | None = _bytes_raw(source)
            size = len(source)
        else:
            self._file = open(source, "rb")  # noqa: SIM115 - held until close(), as zipfile.ZipFile holds its file
            size = os.fstat(self._file.fileno()).st_size
            raw = _pread_raw(self._file.fileno()) if hasattr(os, "pread") else None
        try:
            found = _directory(raw or _seek_raw(self._file), size)  # type: ignore[arg-type]
            if found is None:
                found = [_entry(info, i) for i, info in enumerate(self.as_zipfile().filelist)]
        except BaseException:
            self.close()
            raise
        # without os.pread, members go through zipfile, which serialises its reads of the shared file
        self._raw = raw
        self._entries = found
        self._by_name = {entry.filename: entry for entry in found}  # the last of a repeated name, as zipfile

    def infolist(self) -> list[ZipEntry]:
        """Every member, in the central directory's order (folders included)."""
        return list(self._entries)

    def namelist(self) -> list[str]:
        """Every member's name, in the central directory's order."""
        return [entry.filename for entry in self._entries]

    def getinfo(self, name: str) -> ZipEntry:
        """The member named ``name`` (the last one, when a name repeats); ``KeyError`` for a name not in the archive."""
        return self._by_name[name]

    def read_fast(self, entry: ZipEntry) -> bytes | None:
        """The member's bytes read in one piece, or None when :meth:`read` must leave it to :mod:`zipfile`."""
        if self._raw is None:
            return None
        try:
            return _fast_member(self._raw, entry)
        except (OSError, ValueError, struct.error):  # a closed or unreadable file: zipfile words it
            return None

    def read_fast_many(self, entries: Sequence[ZipEntry]) -> list[bytes | None]:
        """:meth:`read_fast` of each entry, members stored near each other read together: one system call for a run
        of members at most :data:`READ_GAP_BYTES` apart and :data:`READ_BLOCK_BYTES` long in all (a jar's data files
        are usually stored one after another; a read each cost more than the JSON decoding of a small file).
        """
        out: list[bytes | None] = [None] * len(entries)
        base = self._raw
        if base is None:
            return out
        spans = [(e.header_offset, e.header_offset + _local_span(e), i) for i, e in enumerate(entries)]
        spans.sort()
        at = 0
        while at < len(spans):
            start, end, _ = spans[at]
            last = at + 1
            while last < len(spans):
                begin, finish, _ = spans[last]
                if begin - end > READ_GAP_BYTES or finish - start > READ_BLOCK_BYTES:
                    break
                end = max(end, finish)
                last += 1
            try:
                raw = _block_raw(base, start, base(start, end - start))
                for _, _, i in spans[at:last]:
                    out[i] = _fast_member(raw, entries[i])
            except (OSError, ValueError, struct.error):  # a closed or unreadable file: read() words it
                pass
            at = last
        return out

    def read(self, member: str | ZipEntry) -> bytes:
        """A member's bytes (by name or entry), as ``zipfile.ZipFile.read`` gives them or raises."""
        entry = self.getinfo(member) if isinstance(member, str) else member
        data = self.read_fast(entry)
        return data if data is not None else self.as_zipfile().read(self.zipinfo(entry))

    def open(self, entry: ZipEntry) -> IO[bytes]:
        """A member as :mod:`zipfile`'s stream (for reading in bounded chunks)."""
        return self.as_zipfile().open(self.zipinfo(entry))

    def as_zipfile(self) -> zipfile.ZipFile:
        """The archive as a :class:`zipfile.ZipFile`, opened on first use (on the same open file)."""
        if self._zipfile is None:
            if self._file is not None:
                self._zipfile = zipfile.ZipFile(self._file)
            elif self._data is not None:
                self._zipfile = zipfile.ZipFile(io.BytesIO(self._data))
            else:
                raise StorageError(f"{self.location}: the zip archive was closed; open it again to read it")
        return self._zipfile

    def zipinfo(self, entry: ZipEntry) -> zipfile.ZipInfo:
        """Zipfile's record of the member ``entry``."""
        return self.as_zipfile().filelist[entry.position]

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` has run (members can no longer be read)."""
        return self._file is None and self._data is None

    def close(self) -> None:
        """Close the file (and zipfile's view of it)."""
        zf, fh = self._zipfile, self._file
        self._zipfile = self._file = self._data = None
        self._raw = None
        if zf is not None:
            zf.close()
        if fh is not None:
            fh.close()

    def __enter__(self) -> ZipArchive:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()


#: The archives opened by :func:`open_zip` that someone still holds, by the file's identity and version.
_OPEN_ZIPS: weakref.WeakValueDictionary[tuple[int, int, int, int], ZipArchive] = weakref.WeakValueDictionary()


def open_zip(path: str | os.PathLike[str]) -> ZipArchive:
    """A :class:`ZipArchive` for a zip or jar on disk, shared while any reader still holds it.

    Opening a jar reads its whole central directory; a server's jars are opened once for their mod metadata and
    again for their data. The second open of the same unchanged file (same device, inode, size and modification
    time) gets the first one's archive instead of reading the directory again. Nobody closes a shared archive: it
    closes when the last holder drops it.

    Raises
    ------
    zipfile.BadZipFile, NotImplementedError, OSError
        As :class:`zipfile.ZipFile` does.
    """
    st = os.stat(path)
    key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
    archive = _OPEN_ZIPS.get(key)
    if archive is None or archive.closed:
        archive = ZipArchive(path)
        _OPEN_ZIPS[key] = archive
    return archive


def _zip_entry_count(path: Path) -> int | None:
    """The number of entries the zip's end-of-central-directory record declares (Zip64 included), or None."""
    with open(path, "rb") as fh:
        size = fh.seek(0, os.SEEK_END)
        end = _end_record(_seek_raw(fh), size)
        if end is None:
            return None
        _, tail, at = end
        count = struct.unpack_from("<H", tail, at + 10)[0]
        if count != 0xFFFF or at < _ZIP64_LOCATOR_SIZE or tail[at - 20 : at - 16] != b"PK\x06\x07":
            return count
        offset = struct.unpack_from("<Q", tail, at - 20 + 8)[0]
        if offset + 56 > size:
            return None
        fh.seek(offset)
        record = fh.read(56)
        if record[:4] != b"PK\x06\x06":
            return None
        return struct.unpack_from("<Q", record, 32)[0]
