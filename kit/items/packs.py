"""Load data packs (folders, zip files, game jars) into a :class:`PackSet`.

File access lives here; parsing is delegated to :mod:`kit.items.recipes`, :mod:`kit.items.loot` and
:mod:`kit.items.tags`. The analysis methods of :class:`PackSet` live in :mod:`kit.items.packset`.
"""

from __future__ import annotations

import json
import os
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from kit.core.errors import FieldError
from kit.items.errors import DatapackError, DatapackReadError, UnknownFeatureError
from kit.items.loot import LootFormatError, LootTable, parse_loot_table
from kit.items.recipes import Recipe, RecipeFormatError, parse_recipe
from kit.items.tags import TagFile, parse_tag_file, resolve_tags

if TYPE_CHECKING:
    from kit.items.packset import PackSet

__all__ = ["PackInfo", "load_datapacks", "LANGUAGES"]

#: Language files read for display names.
LANGUAGES = ("en_us", "zh_cn")

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


class _Source:
    """Files of one pack: ``relpath -> reader`` (relative to the pack root, ``/`` separated)."""

    def __init__(self, name: str, kind: str, location: str, files: dict[str, Callable[[], bytes]]):
        self.name, self.kind, self.location, self.files = name, kind, location, files

    def features(self) -> dict[str, "_Source"]:
        out: dict[str, dict[str, Callable[[], bytes]]] = {}
        for rel, reader in self.files.items():
            m = _FEATURE_RE.match(rel)
            if m:
                out.setdefault(m.group(2), {})[rel[m.end():]] = reader
        return {f: _Source(f"{self.name}[{f}]", "feature", f"{self.location}!{f}", files) for f, files in sorted(out.items())}


def _open_pack(path: Path) -> _Source:
    if not path.exists():
        raise DatapackError(f"{path}: data pack not found (expected a folder holding data/, a .zip or a .jar)")
    if path.is_dir():
        files: dict[str, Callable[[], bytes]] = {}
        for top in ("data", "assets"):
            base = path / top
            if not base.is_dir():
                continue
            for dirpath, _dirs, names in os.walk(base):
                for n in names:
                    full = os.path.join(dirpath, n)
                    rel = os.path.relpath(full, path).replace(os.sep, "/")
                    files[rel] = (lambda p=full: Path(p).read_bytes())
        if not any(r.startswith("data/") for r in files) and not any(r.startswith("assets/") for r in files):
            raise DatapackError(f"{path}: not a data pack (no data/ or assets/ folder inside)")
        return _Source(path.name, "folder", str(path), files)
    if not zipfile.is_zipfile(path):
        raise DatapackError(f"{path}: not a data pack (neither a folder nor a zip/jar file)")
    zf = zipfile.ZipFile(path)
    names = [n for n in zf.namelist() if not n.endswith("/")]
    prefix = ""
    if not any(n.startswith(("data/", "assets/")) for n in names):
        tops = {n.split("/", 1)[0] for n in names if "/" in n}
        if len(tops) == 1:
            prefix = tops.pop() + "/"
    files = {n[len(prefix):]: (lambda n=n: zf.read(n)) for n in names if n.startswith(prefix)}
    kind = "jar" if path.suffix.lower() == ".jar" else "zip"
    return _Source(path.name, kind, str(path), files)


def _decode(raw: bytes):
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
                data = _decode(src.files[rel]())
            except (ValueError, UnicodeDecodeError, OSError) as exc:
                fail(kind, rel, rid, f"invalid JSON: {exc}")
                continue
            try:
                if kind == "recipe":
                    out.recipes[rid] = parse_recipe(rid, data, pack=src.name, path=rel, folder=folder)
                elif kind == "loot_table":
                    out.tables[rid] = parse_loot_table(rid, data, pack=src.name, path=rel, folder=folder)
                else:
                    out.tag_files.append(parse_tag_file(rid, data, pack=src.name, path=rel, folder=folder))
            except (RecipeFormatError, LootFormatError, ValueError, TypeError, KeyError) as exc:
                fail(kind, rel, rid, str(exc))
            continue
        m = _LANG_RE.match(rel)
        if m:
            try:
                data = _decode(src.files[rel]())
                if not isinstance(data, dict):
                    raise FieldError("expected a JSON object of translation keys")
            except (ValueError, UnicodeDecodeError, OSError) as exc:
                fail("lang", rel, f"{m.group(1)}:{m.group(2)}", f"invalid language file: {exc}")
                continue
            out.lang.setdefault(m.group(2), {}).update({k: v for k, v in data.items() if isinstance(v, str)})


def load_datapacks(paths: str | os.PathLike | Sequence[str | os.PathLike], *, strict: bool = True,
                   features: Iterable[str] = ()) -> "PackSet":
    """Load data packs in priority order (later packs override earlier ones for the same id).

    Parameters
    ----------
    paths : path or sequence of paths
        Folders holding ``data/`` (and optionally ``assets/``), zipped data packs, or game jars.
    strict : bool, default=True
        Raise :class:`~kit.items.DatapackReadError` on the first unreadable file; with ``strict=False`` skip
        it and record it in ``packs.problems()``.
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
