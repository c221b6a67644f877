"""Find the data packs to read and list their files (the only module of :mod:`kit.modules` that touches disk).

A path is a data pack folder (holding ``data/``), a zipped pack (``.zip``; one top folder is allowed), a game or mod
jar, or a world folder holding ``datapacks/`` (its packs are read in name order, as a server lists new packs). A
:class:`kit.items.PackSet` is read through its pack list, so the packs and applied feature packs of
``kit.items.load_datapacks`` are read in the same order with the same names.
"""

from __future__ import annotations

import os
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from kit.items.errors import DatapackError

__all__ = ["PackFiles", "MAX_FILE_BYTES", "open_packs"]

#: Files larger than this are reported, not parsed (a module definition is a few hundred bytes).
MAX_FILE_BYTES = 4 * 1024 * 1024

_FEATURE_RE = re.compile(r"^data/([^/]+)/datapacks/([^/]+)/")


@dataclass(frozen=True)
class PackFiles:
    """One pack: its name, kind (``folder``, ``zip``, ``jar``, ``feature``), location, and its ``data/`` files.

    ``files`` maps a path inside the pack (``/``-separated) to a function returning the file's bytes (or raising
    ``OSError``); ``sizes`` holds the size of each file.
    """

    pack: str
    kind: str
    location: str
    files: dict[str, Callable[[], bytes]]
    sizes: dict[str, int]


def _folder(path: Path, name: str) -> PackFiles:
    files: dict[str, Callable[[], bytes]] = {}
    sizes: dict[str, int] = {}
    base = path / "data"
    for dirpath, dirs, names in os.walk(base):
        dirs[:] = sorted(d for d in dirs if not os.path.islink(os.path.join(dirpath, d)))
        for n in sorted(names):
            full = os.path.join(dirpath, n)
            if os.path.islink(full) or not os.path.isfile(full):
                continue
            rel = os.path.relpath(full, path).replace(os.sep, "/")
            files[rel] = (lambda p=full: Path(p).read_bytes())
            sizes[rel] = os.path.getsize(full)
    return PackFiles(name, "folder", str(path), files, sizes)


def _zip(path: Path, name: str) -> PackFiles:
    try:
        zf = zipfile.ZipFile(path)
        infos = [i for i in zf.infolist() if not i.is_dir()]
    except (OSError, zipfile.BadZipFile) as exc:
        raise DatapackError(f"{path}: cannot read the zip file: {exc}") from exc
    prefix = ""
    if not any(i.filename.startswith(("data/", "assets/")) for i in infos):
        tops = {i.filename.split("/", 1)[0] for i in infos if "/" in i.filename}
        if len(tops) == 1:
            prefix = tops.pop() + "/"
    files: dict[str, Callable[[], bytes]] = {}
    sizes: dict[str, int] = {}
    for info in infos:
        rel = info.filename[len(prefix):]
        if info.filename.startswith(prefix) and rel.startswith("data/"):
            files[rel] = (lambda n=info.filename: zf.read(n))
            sizes[rel] = info.file_size
    kind = "jar" if path.suffix.lower() == ".jar" else "zip"
    return PackFiles(name, kind, str(path), files, sizes)


def _is_pack_dir(path: Path) -> bool:
    return (path / "data").is_dir()


def _expand(path: Path) -> list[Path]:
    if not path.exists():
        raise DatapackError(f"{path}: data pack not found (expected a folder holding data/, a .zip, a .jar, "
                            "or a world folder holding datapacks/)")
    if path.is_dir() and not _is_pack_dir(path):
        packs_dir = path / "datapacks"
        if packs_dir.is_dir():
            return [p for p in sorted(packs_dir.iterdir(), key=lambda p: p.name) if not p.is_symlink()
                    and ((p.is_dir() and _is_pack_dir(p)) or (p.is_file() and p.suffix.lower() == ".zip"))]
        raise DatapackError(f"{path}: not a data pack (no data/ folder inside) and not a world (no datapacks/ folder)")
    if path.is_file() and not zipfile.is_zipfile(path):
        raise DatapackError(f"{path}: not a data pack (neither a folder nor a zip/jar file)")
    return [path]


def _feature(parent: PackFiles, feature: str, name: str) -> PackFiles:
    files: dict[str, Callable[[], bytes]] = {}
    sizes: dict[str, int] = {}
    for rel, reader in parent.files.items():
        m = _FEATURE_RE.match(rel)
        if m and m.group(2) == feature and rel[m.end():].startswith("data/"):
            files[rel[m.end():]] = reader
            sizes[rel[m.end():]] = parent.sizes[rel]
    return PackFiles(name, "feature", f"{parent.location}!{feature}", files, sizes)


def _from_packset(packset: Any) -> list[PackFiles]:
    out: list[PackFiles] = []
    last: PackFiles | None = None
    for row in packset.packs().itertuples(index=False):
        if row.kind == "feature":
            if row.is_applied and last is not None:
                feature = str(row.pack).rsplit("[", 1)[-1].rstrip("]")
                out.append(_feature(last, feature, str(row.pack)))
            continue
        path = Path(str(row.location))
        last = _folder(path, str(row.pack)) if path.is_dir() else _zip(path, str(row.pack))
        out.append(last)
    return out


def open_packs(source: Any) -> list[PackFiles]:
    """The packs of ``source`` in priority order (lowest first).

    Parameters
    ----------
    source : path, sequence of paths, or kit.items.PackSet
        See the module docstring.

    Raises
    ------
    DatapackError
        When a path is missing or is neither a data pack nor a world folder.
    """
    if hasattr(source, "packs") and callable(getattr(source, "packs")) and not isinstance(source, (str, os.PathLike)):
        return _from_packset(source)
    paths: Sequence[Any] = [source] if isinstance(source, (str, os.PathLike)) else list(source)
    out: list[PackFiles] = []
    used: dict[str, int] = {}
    for given in paths:
        for path in _expand(Path(given)):
            n = used.get(path.name, 0)
            used[path.name] = n + 1
            name = path.name if n == 0 else f"{path.name}#{n + 1}"
            out.append(_folder(path, name) if path.is_dir() else _zip(path, name))
    return out
