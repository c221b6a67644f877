"""Opening data packs: folders, zip files, game jars and zips held in memory, each as a listing of its files.

A pack becomes a :class:`PackSource` (``relpath -> reader``); nothing is parsed here. Every reader is bounded
(:data:`MAX_MEMBER_BYTES`, or the smaller cap its caller passes), and a zip is refused before its directory is read
when it declares too many entries or too many bytes of data (a zip bomb). :mod:`kit.items.packs` reads the files.
"""

from __future__ import annotations

import os
import re
import stat
import zipfile
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kit.core.regular_files import FileRefusedError, file_kind, list_files, read_regular_file, read_regular_files
from kit.items.errors import DatapackError, PackFileRefusedError
from kit.items.zip_members import ZipArchive, ZipEntry, _zip_entry_count, open_zip

__all__ = [
    "PackBytes",
    "PackSource",
    "ZipMembers",
    "FolderFiles",
    "Reader",
    "open_sources",
    "MAX_MEMBER_BYTES",
    "MAX_ZIP_ENTRIES",
    "MAX_ZIP_DATA_BYTES",
]

#: Any other member (a texture, a model) larger than this once inflated is refused as an unreadable file.
MAX_MEMBER_BYTES = 64 << 20
#: A zip or jar with more entries than this is refused before its directory is read.
MAX_ZIP_ENTRIES = 65_536
#: A zip or jar whose data and language files declare more bytes than this in total is refused (a zip bomb).
MAX_ZIP_DATA_BYTES = 256 * 2**20

DATA_RE = re.compile(r"^data/([^/]+)/(recipe|recipes|loot_table|loot_tables|tags/item|tags/items)/(.+)\.json$")
FEATURE_RE = re.compile(r"^data/([^/]+)/datapacks/([^/]+)/")
LANG_RE = re.compile(r"^assets/([^/]+)/lang/(en_us|zh_cn)\.json$")

#: ``reader(max_bytes=None) -> bytes`` (at most MAX_MEMBER_BYTES in any case); raises
#: :class:`~kit.items.PackFileRefusedError` (an ``OSError``) with the reason.
Reader = Callable[..., bytes]


class PackSource:
    """Files of one pack: ``relpath -> reader`` (relative to the pack root, ``/`` separated).

    A reader takes an optional byte cap (``reader(MAX_DATA_FILE_BYTES)``) and returns the file's bytes, or raises
    :class:`~kit.items.PackFileRefusedError` (an ``OSError``) naming the reason: not a regular file, too large, a
    corrupt, encrypted or unsupported zip member.
    """

    def __init__(self, name: str, kind: str, location: str, files: Mapping[str, Reader]):
        self.name, self.kind, self.location, self.files = name, kind, location, files

    def read(self, rel: str, max_bytes: int | None = None) -> bytes:
        """The bytes of the file ``rel``: ``files[rel](max_bytes)``, without making a reader for a folder's file or a
        zip's member.

        Raises
        ------
        KeyError
            When the pack holds no such file.
        kit.items.PackFileRefusedError
            When the file is refused (see the class docstring).
        """
        files = self.files
        if isinstance(files, (FolderFiles, ZipMembers)):
            return files.read(rel, max_bytes)
        return files[rel](max_bytes)

    def read_many(self, rels: Sequence[str], max_bytes: int | None = None) -> Sequence[bytes | Exception | None]:
        """What :meth:`read` returns or raises for each of ``rels``, read in one loop where the pack is a folder or a
        zip (their thousands of small files cost a call through every layer each otherwise, and a zip's neighbouring
        members are read together); ``None`` for a file left to :meth:`read` (a zip member that cannot be read in one
        piece, or any other pack's file).
        """
        if isinstance(self.files, (FolderFiles, ZipMembers)):
            return self.files.read_many(rels, max_bytes)
        return [None] * len(rels)

    def features(self) -> dict[str, PackSource]:
        out: dict[str, dict[str, Callable[[], bytes]]] = {}
        for rel in self.files:  # names first: a zip's reader is made only for a member inside a feature pack
            m = FEATURE_RE.match(rel) if "/datapacks/" in rel else None
            if m:
                out.setdefault(m.group(2), {})[rel[m.end() :]] = self.files[rel]
        return {
            f: PackSource(f"{self.name}[{f}]", "feature", f"{self.location}!{f}", files)
            for f, files in sorted(out.items())
        }


def _folder_reader(full: str, listed_regular: bool = False) -> Reader:
    def read(max_bytes: int | None = None) -> bytes:
        return _read_folder_file(full, max_bytes, listed_regular)

    return read


def _read_folder_file(full: str, max_bytes: int | None, listed_regular: bool = False) -> bytes:
    """One file of a pack folder (what a folder pack's reader returns or raises); ``listed_regular``: the folder's
    listing saw a regular file there (see :func:`kit.core.regular_files.read_regular_file`).
    """
    try:
        return read_regular_file(full, max_bytes=_member_cap(max_bytes), listed_regular=listed_regular)
    except OSError as exc:
        raise _refusal(exc) from None


def _member_cap(max_bytes: int | None) -> int:
    """MAX_MEMBER_BYTES bounds every member; data and language files pass their own, smaller cap."""
    return MAX_MEMBER_BYTES if max_bytes is None else min(max_bytes, MAX_MEMBER_BYTES)


def _refusal(exc: OSError) -> PackFileRefusedError:
    """What a folder pack's reader raises for the error of :func:`~kit.core.regular_files.read_regular_file`."""
    if isinstance(exc, FileRefusedError):
        return PackFileRefusedError(exc.reason)
    return PackFileRefusedError(f"cannot read the file: {exc.strerror or exc}")


class FolderFiles(Mapping[str, Reader]):
    """The files of a pack folder as ``relpath -> reader``, each reader made when it is asked for (the listing holds
    one path string per file and whether it was seen as a regular file, not a closure per file).

    ``root`` is the folder's path with a trailing separator (a file's path is ``root + relpath``); ``files`` maps each
    relpath to whether the listing saw a regular file there, no link (see
    :func:`kit.core.regular_files.read_regular_file`'s ``listed_regular``).
    """

    __slots__ = ("_root", "_files")

    def __init__(self, root: str, files: dict[str, bool]) -> None:
        self._root, self._files = root, files

    def __getitem__(self, rel: str) -> Reader:
        listed_regular = self._files[rel]
        return _folder_reader(self._root + rel, listed_regular)

    def read(self, rel: str, max_bytes: int | None = None) -> bytes:
        """``self[rel](max_bytes)`` without making the reader."""
        listed_regular = self._files[rel]
        return _read_folder_file(self._root + rel, max_bytes, listed_regular)

    def read_many(self, rels: Sequence[str], max_bytes: int | None = None) -> list[bytes | PackFileRefusedError]:
        """:meth:`read` of each of ``rels`` (files of the listing), in one loop: each item the bytes or the error
        :meth:`read` raises.
        """
        root, files = self._root, self._files
        got = read_regular_files([(root + rel, files[rel]) for rel in rels], max_bytes=_member_cap(max_bytes))
        return [raw if type(raw) is bytes else _refusal(raw) for raw in got]  # type: ignore[arg-type]

    def __contains__(self, rel: object) -> bool:
        return rel in self._files

    def __iter__(self) -> Iterator[str]:
        return iter(self._files)

    def __len__(self) -> int:
        return len(self._files)


def _zip_reader(archive: ZipArchive, entry: ZipEntry) -> Reader:
    def read(max_bytes: int | None = None) -> bytes:
        return _read_zip_member(archive, entry, max_bytes)

    return read


def _read_zip_member(archive: ZipArchive, entry: ZipEntry, max_bytes: int | None) -> bytes:
    """One member of a zip (what a zip pack's reader returns or raises)."""
    max_bytes = _member_cap(max_bytes)
    if entry.file_size > max_bytes:
        raise _too_large(entry, max_bytes)
    data = archive.read_fast(entry)
    return data if data is not None else _zip_read(archive, entry, max_bytes)


def _too_large(entry: ZipEntry, max_bytes: int) -> PackFileRefusedError:
    return PackFileRefusedError(
        f"member {entry.filename} declares {entry.file_size} bytes, more than the {max_bytes} allowed"
    )


class ZipMembers(Mapping[str, Reader]):
    """The members of a zip as ``relpath -> reader``, each reader made when it is asked for (a 100,000-recipe modpack
    lists 100,000 members; making a closure for each up front costs time and leaves 400,000 objects for the garbage
    collector to walk).
    """

    __slots__ = ("_archive", "_entries")

    def __init__(self, archive: ZipArchive, entries: dict[str, ZipEntry]) -> None:
        self._archive, self._entries = archive, entries

    def __getitem__(self, rel: str) -> Reader:
        return _zip_reader(self._archive, self._entries[rel])

    def read(self, rel: str, max_bytes: int | None = None) -> bytes:
        """``self[rel](max_bytes)`` without making the reader."""
        return _read_zip_member(self._archive, self._entries[rel], max_bytes)

    def read_many(self, rels: Sequence[str], max_bytes: int | None = None) -> list[bytes | Exception | None]:
        """:meth:`read` of each of ``rels`` where it succeeds in one piece, neighbouring members read together (see
        :meth:`kit.items.zip_members.ZipArchive.read_fast_many`): each item the bytes, the refusal of a member over
        the cap, or ``None`` for a member left to :meth:`read` (which words whatever is wrong with it).
        """
        cap = _member_cap(max_bytes)
        out: list[bytes | Exception | None] = []
        wanted = []
        for rel in rels:
            entry = self._entries[rel]
            if entry.file_size > cap:
                out.append(_too_large(entry, cap))
            else:
                out.append(None)
                wanted.append(entry)
        got = iter(self._archive.read_fast_many(wanted))
        return [next(got) if item is None else item for item in out]

    def __contains__(self, rel: object) -> bool:
        return rel in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


def _zip_read(archive: ZipArchive, entry: ZipEntry, max_bytes: int) -> bytes:
    """One member through :mod:`zipfile`, inflated in bounded chunks; every failure a PackFileRefusedError."""
    try:
        parts: list[bytes] = []
        total = 0
        with archive.open(entry) as fh:
            while True:
                block = fh.read(min(1 << 20, max_bytes + 1 - total))
                if not block:
                    break
                total += len(block)
                if total > max_bytes:
                    raise PackFileRefusedError(f"member {entry.filename} inflates past the {max_bytes} bytes allowed")
                parts.append(block)
        return b"".join(parts)
    except zipfile.BadZipFile as exc:
        raise PackFileRefusedError(f"member {entry.filename} is corrupt: {exc}") from None
    except NotImplementedError as exc:  # before RuntimeError, its base class
        raise PackFileRefusedError(f"member {entry.filename} uses an unsupported compression method ({exc})") from None
    except RuntimeError as exc:  # zipfile's signal for an encrypted member
        raise PackFileRefusedError(f"member {entry.filename} is encrypted ({exc}); kit reads no passwords") from None
    except (zlib.error, EOFError, OSError, ValueError) as exc:
        raise PackFileRefusedError(f"member {entry.filename} cannot be inflated: {exc}") from None


def _wanted(rel: str) -> bool:
    """Whether a pack file is one kit reads (data and language files, also inside feature packs)."""
    m = FEATURE_RE.match(rel)
    if m:
        rel = rel[m.end() :]
    return bool(DATA_RE.match(rel) or LANG_RE.match(rel))


def _declared_bytes(infos: list[ZipEntry], prefix: str = "") -> int:
    """The inflated bytes declared by the data and language files among ``infos`` (those under ``prefix``).

    When all members together declare at most :data:`MAX_ZIP_DATA_BYTES`, that total is returned instead: the files
    kit reads are within the cap too, and no name needs matching (a modpack's jars list 100,000 of them).
    """
    total = sum(info.file_size for info in infos)
    if total <= MAX_ZIP_DATA_BYTES:
        return total
    cut = len(prefix)
    return sum(i.file_size for i in infos if i.filename.startswith(prefix) and _wanted(i.filename[cut:]))


def _open_pack(path: Path) -> PackSource:
    if not os.path.lexists(path) or not path.exists():
        raise DatapackError(f"{path}: data pack not found (expected a folder holding data/, a .zip or a .jar)")
    if path.is_dir():
        files: dict[str, bool] = {}
        tops = [top for top in ("data", "assets") if (path / top).is_dir()]
        if not tops:
            raise DatapackError(f"{path}: not a data pack (no data/ or assets/ folder inside)")
        root = os.path.join(str(path), "")
        for top in tops:
            files.update(list_files(root + top, top + "/"))
        return PackSource(path.name, "folder", str(path), FolderFiles(root, files))
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise DatapackError(f"{path}: not a data pack (a {file_kind(mode)}, not a folder, zip or jar file); refused")
    if not zipfile.is_zipfile(path):
        raise DatapackError(f"{path}: not a data pack (neither a folder nor a zip/jar file)")
    count = _zip_entry_count(path)
    if count is not None and count > MAX_ZIP_ENTRIES:
        raise DatapackError(
            f"{path}: the zip declares {count} entries, more than the {MAX_ZIP_ENTRIES} allowed; refused"
        )
    try:
        zf = open_zip(path)
        infos = [i for i in zf.infolist() if not i.filename.endswith("/")]  # is_dir(), without a call per member
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError) as exc:
        raise DatapackError(f"{path}: not a readable zip file: {exc}") from exc
    if len(infos) > MAX_ZIP_ENTRIES:
        raise DatapackError(
            f"{path}: the zip holds {len(infos)} entries, more than the {MAX_ZIP_ENTRIES} allowed; refused"
        )
    names = [i.filename for i in infos]
    prefix = ""
    if not any(n.startswith(("data/", "assets/")) for n in names):
        roots = {n.split("/", 1)[0] for n in names if "/" in n}
        if len(roots) == 1:
            prefix = roots.pop() + "/"
    members = {info.filename[len(prefix) :]: info for info in infos if info.filename.startswith(prefix)}
    declared = _declared_bytes(infos, prefix)
    if declared > MAX_ZIP_DATA_BYTES:
        raise DatapackError(
            f"{path}: its data and language files declare {declared} bytes once inflated, more than "
            f"the {MAX_ZIP_DATA_BYTES} allowed (a zip bomb?); refused"
        )
    kind = "jar" if path.suffix.lower() == ".jar" else "zip"
    return PackSource(path.name, kind, str(path), ZipMembers(zf, members))


def _open_bytes(pack: PackBytes) -> PackSource:
    """A zipped pack held in memory (a jar nested in a jar, the server jar inside a bundler)."""
    try:
        zf = ZipArchive(pack.data)
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError) as exc:
        raise DatapackError(f"{pack.location}: not a data pack (not a readable zip: {exc})") from None
    infos = [info for info in zf.infolist() if not info.is_dir()]
    if len(infos) > MAX_ZIP_ENTRIES:
        raise DatapackError(
            f"{pack.location}: the zip holds {len(infos)} entries, more than the {MAX_ZIP_ENTRIES} allowed; refused"
        )
    declared = _declared_bytes(infos)
    if declared > MAX_ZIP_DATA_BYTES:
        raise DatapackError(
            f"{pack.location}: its data and language files declare {declared} bytes once inflated, "
            f"more than the {MAX_ZIP_DATA_BYTES} allowed (a zip bomb?); refused"
        )
    members = {info.filename: info for info in infos}
    return PackSource(pack.name, pack.kind, pack.location, ZipMembers(zf, members))


@dataclass(frozen=True)
class PackBytes:
    """A zipped pack held in memory, for :func:`load_datapacks`: ``name`` shown in frames, ``location`` in messages."""

    name: str
    data: bytes = field(repr=False)
    location: str = ""
    kind: str = "jar"


def open_sources(paths: Any) -> list[PackSource]:
    """Open the packs of ``paths`` (a path, a :class:`PackBytes` or a sequence of them) in order; a name seen before
    gets ``#2``, ``#3``, ... Used by :func:`load_datapacks` and :func:`kit.items.pack_files`.

    Raises
    ------
    DatapackError
        When a path is missing or is not a data pack.
    """
    if isinstance(paths, (str, os.PathLike, PackBytes)):
        paths = [paths]
    sources = [_open_bytes(p) if isinstance(p, PackBytes) else _open_pack(Path(p)) for p in paths]
    used: dict[str, int] = {}
    for src in sources:
        n = used.get(src.name, 0)
        used[src.name] = n + 1
        if n:
            src.name = f"{src.name}#{n + 1}"
    return sources


#: The earlier, private name of :class:`PackSource` (kept for code that imported it).
_Source = PackSource
