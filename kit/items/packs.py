"""Load data packs (folders, zip files, game jars) into a :class:`PackSet`.

File access lives here; parsing is delegated to :mod:`kit.items.recipes`, :mod:`kit.items.loot` and
:mod:`kit.items.tags`. The analysis methods of :class:`PackSet` live in :mod:`kit.items.packset`.
"""

from __future__ import annotations

import json
import os
import re
import stat
import struct
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from kit.items.errors import DatapackError, DatapackReadError, UnknownFeatureError
from kit.regular_files import FileRefusedError, file_kind, read_regular_file
from kit.items.loot import LootFormatError, LootTable, parse_loot_table
from kit.items.recipes import Recipe, RecipeFormatError, parse_recipe
from kit.items.tags import TagFile, parse_tag_file, resolve_tags

if TYPE_CHECKING:
    from kit.items.packset import PackSet

__all__ = ["PackInfo", "load_datapacks", "LANGUAGES", "MAX_DATA_FILE_BYTES", "MAX_LANG_FILE_BYTES",
           "MAX_ZIP_ENTRIES", "MAX_ZIP_DATA_BYTES", "MAX_JSON_CONTAINERS"]

#: Language files read for display names.
LANGUAGES = ("en_us", "zh_cn")
#: A recipe, loot table or tag file larger than this is refused (vanilla's largest is 14 KB).
MAX_DATA_FILE_BYTES = 2**20
#: A language file larger than this is refused (vanilla's en_us.json is 0.44 MB).
MAX_LANG_FILE_BYTES = 4 * 2**20
#: A JSON file with more opening brackets than this is refused before parsing (bounds the objects it builds).
MAX_JSON_CONTAINERS = 200_000
#: A zip or jar with more entries than this is refused before its directory is read.
MAX_ZIP_ENTRIES = 65_536
#: A zip or jar whose data and language files declare more bytes than this in total is refused (a zip bomb).
MAX_ZIP_DATA_BYTES = 256 * 2**20

_DATA_RE = re.compile(r"^data/([^/]+)/(recipe|recipes|loot_table|loot_tables|tags/item|tags/items)/(.+)\.json$")
_FEATURE_RE = re.compile(r"^data/([^/]+)/datapacks/([^/]+)/")
_LANG_RE = re.compile(r"^assets/([^/]+)/lang/(en_us|zh_cn)\.json$")
_KIND = {"recipe": "recipe", "recipes": "recipe", "loot_table": "loot_table", "loot_tables": "loot_table",
         "tags/item": "item_tag", "tags/items": "item_tag"}


@dataclass(frozen=True)
class PackInfo:
    """One loaded (or listed) pack: ``kind`` is ``folder``, ``zip``, ``jar`` or ``feature``."""

    pack: str
    kind: str
    location: str
    features: tuple[str, ...] = ()
    is_applied: bool = True


class _Refused(Exception):
    """Internal: one file of a pack cannot be read; the message is the reason (reported per file)."""


Reader = Callable[[int], bytes]


class _Source:
    """Files of one pack: ``relpath -> reader(max_bytes)`` (relative to the pack root, ``/`` separated).

    A reader returns the file's bytes or raises :class:`_Refused` with the reason.
    """

    def __init__(self, name: str, kind: str, location: str, files: dict[str, Reader]):
        self.name, self.kind, self.location, self.files = name, kind, location, files

    def features(self) -> dict[str, "_Source"]:
        out: dict[str, dict[str, Reader]] = {}
        for rel, reader in self.files.items():
            m = _FEATURE_RE.match(rel)
            if m:
                out.setdefault(m.group(2), {})[rel[m.end():]] = reader
        return {f: _Source(f"{self.name}[{f}]", "feature", f"{self.location}!{f}", files) for f, files in sorted(out.items())}


def _folder_reader(full: str) -> Reader:
    def read(max_bytes: int) -> bytes:
        try:
            return read_regular_file(full, max_bytes=max_bytes)
        except FileRefusedError as exc:
            raise _Refused(exc.reason) from None
        except OSError as exc:
            raise _Refused(f"cannot read the file: {exc.strerror or exc}") from None

    return read


def _zip_reader(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> Reader:
    def read(max_bytes: int) -> bytes:
        if info.file_size > max_bytes:
            raise _Refused(f"member {info.filename} declares {info.file_size} bytes, more than the {max_bytes} "
                           f"allowed")
        try:
            parts: list[bytes] = []
            total = 0
            with zf.open(info) as fh:
                while True:
                    block = fh.read(min(1 << 20, max_bytes + 1 - total))
                    if not block:
                        break
                    total += len(block)
                    if total > max_bytes:
                        raise _Refused(f"member {info.filename} inflates past the {max_bytes} bytes allowed")
                    parts.append(block)
            return b"".join(parts)
        except zipfile.BadZipFile as exc:
            raise _Refused(f"member {info.filename} is corrupt: {exc}") from None
        except NotImplementedError as exc:  # before RuntimeError, its base class
            raise _Refused(f"member {info.filename} uses an unsupported compression method ({exc})") from None
        except RuntimeError as exc:  # zipfile's signal for an encrypted member
            raise _Refused(f"member {info.filename} is encrypted ({exc}); kit reads no passwords") from None
        except (zlib.error, EOFError, OSError, ValueError) as exc:
            raise _Refused(f"member {info.filename} cannot be inflated: {exc}") from None

    return read


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
        if count != 0xFFFF or at < 20 or tail[at - 20:at - 16] != b"PK\x06\x07":
            return count
        offset = struct.unpack_from("<Q", tail, at - 20 + 8)[0]
        if offset + 56 > size:
            return None
        fh.seek(offset)
        record = fh.read(56)
        if record[:4] != b"PK\x06\x06":
            return None
        return struct.unpack_from("<Q", record, 32)[0]


def _wanted(rel: str) -> bool:
    """Whether a pack file is one kit reads (data and language files, also inside feature packs)."""
    m = _FEATURE_RE.match(rel)
    if m:
        rel = rel[m.end():]
    return bool(_DATA_RE.match(rel) or _LANG_RE.match(rel))


def _open_pack(path: Path) -> _Source:
    if not os.path.lexists(path) or not path.exists():
        raise DatapackError(f"{path}: data pack not found (expected a folder holding data/, a .zip or a .jar)")
    if path.is_dir():
        files: dict[str, Reader] = {}
        for top in ("data", "assets"):
            base = path / top
            if not base.is_dir():
                continue
            for dirpath, _dirs, names in os.walk(base):
                for n in names:
                    full = os.path.join(dirpath, n)
                    rel = os.path.relpath(full, path).replace(os.sep, "/")
                    files[rel] = _folder_reader(full)
        if not files:
            raise DatapackError(f"{path}: not a data pack (no data/ or assets/ folder inside)")
        return _Source(path.name, "folder", str(path), files)
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise DatapackError(f"{path}: not a data pack (a {file_kind(mode)}, not a folder, zip or jar file); refused")
    if not zipfile.is_zipfile(path):
        raise DatapackError(f"{path}: not a data pack (neither a folder nor a zip/jar file)")
    count = _zip_entry_count(path)
    if count is not None and count > MAX_ZIP_ENTRIES:
        raise DatapackError(f"{path}: the zip declares {count} entries, more than the {MAX_ZIP_ENTRIES} allowed; "
                            f"refused")
    try:
        zf = zipfile.ZipFile(path)
        infos = [i for i in zf.infolist() if not i.is_dir()]
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError) as exc:
        raise DatapackError(f"{path}: not a readable zip file: {exc}") from exc
    if len(infos) > MAX_ZIP_ENTRIES:
        raise DatapackError(f"{path}: the zip holds {len(infos)} entries, more than the {MAX_ZIP_ENTRIES} allowed; "
                            f"refused")
    names = [i.filename for i in infos]
    prefix = ""
    if not any(n.startswith(("data/", "assets/")) for n in names):
        tops = {n.split("/", 1)[0] for n in names if "/" in n}
        if len(tops) == 1:
            prefix = tops.pop() + "/"
    files = {}
    declared = 0
    for info in infos:
        rel = info.filename[len(prefix):]
        if info.filename.startswith(prefix):
            files[rel] = _zip_reader(zf, info)
            declared += info.file_size if _wanted(rel) else 0
    if declared > MAX_ZIP_DATA_BYTES:
        raise DatapackError(f"{path}: its data and language files declare {declared} bytes once inflated, more than "
                            f"the {MAX_ZIP_DATA_BYTES} allowed (a zip bomb?); refused")
    kind = "jar" if path.suffix.lower() == ".jar" else "zip"
    return _Source(path.name, kind, str(path), files)


def _decode(raw: bytes):
    containers = raw.count(b"{") + raw.count(b"[")  # an upper bound on the objects and arrays json builds
    if containers > MAX_JSON_CONTAINERS:
        raise ValueError(f"more than {MAX_JSON_CONTAINERS} objects and arrays ({containers} opening brackets)")
    return json.loads(raw.decode("utf-8-sig"))


@dataclass
class _Loaded:
    recipes: dict[str, Recipe]
    tables: dict[str, LootTable]
    tag_files: list[TagFile]
    lang: dict[str, dict[str, str]]
    errors: list[tuple[str, str, str, str, str]]
    packs: list[PackInfo]


def _read_source(src: _Source, out: _Loaded, strict: bool) -> None:
    def fail(resource_type: str, rel: str, rid: str, reason: str) -> None:
        if strict:
            raise DatapackReadError(src.name, rel, rid, reason)
        out.errors.append((resource_type, rid, reason, src.name, rel))

    for rel in sorted(src.files):
        m = _DATA_RE.match(rel)
        if m:
            ns, folder, rest = m.groups()
            kind = _KIND[folder]
            rid = f"{ns}:{rest}"
            try:
                data = _decode(src.files[rel](MAX_DATA_FILE_BYTES))
            except _Refused as exc:
                fail(kind, rel, rid, str(exc))
                continue
            except (ValueError, UnicodeDecodeError) as exc:
                fail(kind, rel, rid, f"invalid JSON: {exc}")
                continue
            except RecursionError:
                fail(kind, rel, rid, "invalid JSON: nested too deeply to read")
                continue
            try:
                if kind == "recipe":
                    out.recipes[rid] = parse_recipe(rid, data, pack=src.name, path=rel, folder=folder)
                elif kind == "loot_table":
                    out.tables[rid] = parse_loot_table(rid, data, pack=src.name, path=rel, folder=folder)
                else:
                    out.tag_files.append(parse_tag_file(rid, data, pack=src.name, path=rel, folder=folder))
            except (RecipeFormatError, LootFormatError, ValueError, TypeError, KeyError, AttributeError,
                    OverflowError) as exc:
                fail(kind, rel, rid, str(exc))
            except RecursionError:
                fail(kind, rel, rid, "nested too deeply to read")
            continue
        m = _LANG_RE.match(rel)
        if m:
            try:
                data = _decode(src.files[rel](MAX_LANG_FILE_BYTES))
                if not isinstance(data, dict):
                    raise ValueError("expected a JSON object of translation keys")
            except _Refused as exc:
                fail("lang", rel, f"{m.group(1)}:{m.group(2)}", str(exc))
                continue
            except (ValueError, UnicodeDecodeError, RecursionError) as exc:
                reason = "nested too deeply to read" if isinstance(exc, RecursionError) else str(exc)
                fail("lang", rel, f"{m.group(1)}:{m.group(2)}", f"invalid language file: {reason}")
                continue
            out.lang.setdefault(m.group(2), {}).update({k: v for k, v in data.items() if isinstance(v, str)})


def load_datapacks(paths: str | os.PathLike | Sequence[str | os.PathLike], *, strict: bool = False,
                   features: Iterable[str] = ()) -> "PackSet":
    """Load data packs in priority order (later packs override earlier ones for the same id).

    Parameters
    ----------
    paths : path or sequence of paths
        Folders holding ``data/`` (and optionally ``assets/``), zipped data packs, or game jars.
    strict : bool, default=False
        Raise :class:`~kit.items.DatapackReadError` on the first unreadable file instead of recording it in
        ``packs.errors``.
    features : iterable of str, default=()
        Built-in feature packs (``data/<ns>/datapacks/<name>/`` inside a pack, e.g. ``"winter_drop"``) to apply
        right after the pack that holds them. Feature packs are always listed in ``packs.packs()``.

    Returns
    -------
    PackSet

    Raises
    ------
    DatapackError
        When a path is missing or is not a data pack.
    UnknownFeatureError
        When a requested feature pack is in none of the packs.
    """
    from kit.items.packset import PackSet

    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    wanted = [features] if isinstance(features, str) else list(dict.fromkeys(features))
    out = _Loaded({}, {}, [], {}, [], [])
    sources = [_open_pack(Path(p)) for p in paths]
    used: dict[str, int] = {}
    found: set[str] = set()
    for src in sources:
        n = used.get(src.name, 0)
        used[src.name] = n + 1
        if n:
            src.name = f"{src.name}#{n + 1}"
        feats = src.features()
        out.packs.append(PackInfo(src.name, src.kind, src.location, tuple(feats)))
        _read_source(src, out, strict)
        for name, fsrc in feats.items():
            applied = name in wanted
            out.packs.append(PackInfo(fsrc.name, "feature", fsrc.location, (), applied))
            if applied:
                found.add(name)
                _read_source(fsrc, out, strict)
    missing = [f for f in wanted if f not in found]
    if missing:
        available = sorted({f for p in out.packs for f in p.features})
        raise UnknownFeatureError(
            f"feature pack(s) {', '.join(missing)} not found in the loaded packs; available: {', '.join(available) or 'none'}")
    tags = resolve_tags(out.tag_files)
    for tag_id, reason in sorted(tags.failed.items()):
        last = tags.sources[tag_id][-1]
        if strict:
            raise DatapackReadError(last.pack, last.path, "#" + tag_id, reason)
        out.errors.append(("item_tag", tag_id, reason, last.pack, last.path))
    return PackSet(out.recipes, out.tables, tags, out.lang, out.errors, out.packs)
