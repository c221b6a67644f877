"""Load data packs (folders, zip files, game jars) into a :class:`PackSet`.

Opening the packs lives in :mod:`kit.items.pack_sources`; reading their files by id lives here; parsing is
delegated to :mod:`kit.items.recipes`, :mod:`kit.items.loot` and :mod:`kit.items.tags`. The analysis methods of
:class:`PackSet` live in :mod:`kit.items.packset`.
"""

from __future__ import annotations

import codecs
import json
import os
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from kit.core.collector import building_tables
from kit.core.errors import FieldError
from kit.core.json_files import MAX_JSON_DEPTH, JsonRefusedError, decode_json
from kit.items.conditions import CONDITION_KEYS, ConditionContext, evaluate, file_conditions, unwrap_conditional
from kit.items.errors import DatapackReadError, PackFileRefusedError, UnknownFeatureError
from kit.items.loot import LootFormatError, LootTable, parse_loot_table
from kit.items.pack_sources import (  # re-exported: their earlier home
    DATA_RE,
    LANG_RE,
    MAX_MEMBER_BYTES,
    MAX_ZIP_DATA_BYTES,
    MAX_ZIP_ENTRIES,
    FolderFiles,
    PackBytes,
    PackSource,
    Reader,
    ZipMembers,
    _open_bytes,
    _open_pack,
    _Source,
    open_sources,
)
from kit.items.recipes import Recipe, RecipeFormatError, parse_recipe
from kit.items.tags import TagFile, parse_tag_file, resolve_tags

if TYPE_CHECKING:
    from kit.items.packset import PackSet

__all__ = [
    "PackInfo",
    "PackBytes",
    "load_datapacks",
    "LANGUAGES",
    "MAX_DATA_FILE_BYTES",
    "MAX_LANG_FILE_BYTES",
    "MAX_MEMBER_BYTES",
    "MAX_ZIP_ENTRIES",
    "MAX_ZIP_DATA_BYTES",
    "MAX_JSON_CONTAINERS",
    "open_sources",
    "decode_pack_json",
]
_REEXPORTED = (PackSource, Reader, _Source, _open_bytes, _open_pack)  # earlier import paths of kit.items.packs

#: Language files read for display names.
LANGUAGES = ("en_us", "zh_cn")
#: A recipe, loot table or tag file larger than this is refused (vanilla's largest is 14 KB).
MAX_DATA_FILE_BYTES = 2**20
#: A language file larger than this is refused (vanilla's en_us.json is 0.44 MB).
MAX_LANG_FILE_BYTES = 4 * 2**20
#: A JSON file with more opening brackets than this is refused before parsing (bounds the objects it builds).
MAX_JSON_CONTAINERS = 200_000

_ASSET_RE = re.compile(r"^assets/[^/]+/(textures/(item|block)/.+\.png|models/(item|block)/.+\.json|items/.+\.json)$")
_KINDS = ("item_tag", "loot_table", "recipe")
_KIND = {
    "recipe": "recipe",
    "recipes": "recipe",
    "loot_table": "loot_table",
    "loot_tables": "loot_table",
    "tags/item": "item_tag",
    "tags/items": "item_tag",
}


@dataclass(frozen=True)
class PackInfo:
    """One loaded (or listed) pack: ``kind`` is ``folder``, ``zip``, ``jar`` or ``feature``."""

    pack: str
    kind: str
    location: str
    features: tuple[str, ...] = ()
    is_applied: bool = True


def decode_pack_json(raw: bytes) -> Any:
    """Parse a pack's JSON file (UTF-8, a byte order mark allowed) behind kit's caps: at most
    :data:`MAX_JSON_CONTAINERS` objects and arrays and :data:`~kit.core.json_files.MAX_JSON_DEPTH` levels, both
    checked before parsing.

    Raises
    ------
    kit.JsonRefusedError
        When a cap is passed.
    ValueError
        For text that is not UTF-8 or not JSON (``UnicodeDecodeError``, ``json.JSONDecodeError``).
    """
    try:  # the C UTF-8 codec; "utf-8-sig" (a Python-level codec) only for a byte order mark or to word an error
        text = raw.decode("utf-8") if raw[:3] != codecs.BOM_UTF8 else raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("utf-8-sig")  # raises the same error as before, naming the utf-8-sig codec
    if text.count("[") + text.count("{") <= _UNDER_EVERY_CAP:
        # No cap can apply (nor can the depth pass MAX_JSON_DEPTH), so decode_json would return json.loads(text):
        # that is json's C scanner from the first character plus a check that only whitespace follows, run here
        # without json's Python layers (a third of the cost of a small file). Anything else (leading whitespace,
        # extra data, a scanner out of stack) goes the whole way below, which raises exactly what json.loads does;
        # a malformed text raises the scanner's JSONDecodeError, the same one json.loads passes on.
        try:
            value, end = _SCAN(text, 0)
        except (StopIteration, RecursionError):
            pass
        else:
            if end == len(text) or _WHITESPACE(text, end).end() == len(text):
                return value
    return decode_json(text, max_containers=MAX_JSON_CONTAINERS)


#: Files with at most this many opening brackets are under every cap of :func:`decode_pack_json`.
_UNDER_EVERY_CAP = min(MAX_JSON_CONTAINERS, MAX_JSON_DEPTH)
#: ``json.loads``' own scanner (default settings) and whitespace pattern.
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
_WHITESPACE: Callable[[str, int], re.Match[str]] = json.decoder.WHITESPACE.match  # type: ignore[attr-defined]


@dataclass
class _Loaded:
    recipes: dict[str, Recipe]
    tables: dict[str, LootTable]
    tag_files: list[TagFile]
    lang: dict[str, dict[str, str]]
    errors: list[tuple[str, str, str, str, str]]
    packs: list[PackInfo]
    # kind -> id -> every (source, relpath, folder) defining it, lowest priority first
    files: dict[str, dict[str, list[tuple[PackSource, str, str]]]] = field(
        default_factory=lambda: {kind: {} for kind in _KINDS}
    )
    assets: dict[str, Callable[[], bytes]] = field(default_factory=dict)
    problems: list[tuple[str, str, str, str, str, str, str]] = field(default_factory=list)
    conditions: list[tuple[str, str, str, object, str, str, str]] = field(default_factory=list)
    sources: list[PackSource] = field(default_factory=list)  # every pack read, applied feature packs included, in order
    # language files read but not decoded yet (handed to the PackSet, which decodes them on first use)
    pending_lang: _PendingLang = field(default_factory=lambda: _PendingLang())

    def settle_lang(self, *, strict: bool = False) -> None:
        """Decode the pending language files now (their problem rows go before the others)."""
        self.pending_lang(self.lang, self.errors, self.problems, strict=strict)


def _scan_source(src: PackSource, out: _Loaded, strict: bool) -> None:
    """Index one pack's files (data files by id, textures and models) and merge its language files."""
    by_folder = {folder: out.files[kind] for folder, kind in _KIND.items()}
    data_file = DATA_RE.match
    for rel in sorted(src.files):
        m = data_file(rel)
        if m is not None:
            ns, folder, rest = m.groups()
            by_id, rid = by_folder[folder], ns + ":" + rest
            stack = by_id.get(rid)
            if stack is None:
                by_id[rid] = [(src, rel, folder)]
            else:
                stack.append((src, rel, folder))
            continue
        m = LANG_RE.match(rel)
        if m:  # read now (what the packs hold at load time), decoded when first needed (see _decode_lang)
            try:
                raw: bytes | Exception = src.read(rel, MAX_LANG_FILE_BYTES)
            except (ValueError, UnicodeDecodeError, OSError) as exc:
                raw = exc
            out.pending_lang.files.append((src.name, rel, m.group(1), m.group(2), raw))
            continue
        if _ASSET_RE.match(rel):
            out.assets[rel] = src.files[rel]


def _decode_lang(
    lang: dict[str, dict[str, str]],
    errors: list[tuple],
    problems: list[tuple],
    *,
    files: list[tuple[str, str, str, str, bytes | Exception]],
    strict: bool,
) -> None:
    """Decode language files read by :func:`_scan_source` (in their order) into ``lang``; an unreadable one is an
    ``unreadable_lang`` row, put before every row already in ``errors`` / ``problems`` (the language files are the
    first thing the loader reads), or with ``strict`` a :class:`DatapackReadError`.

    The language tables are needed by names and ``item_exists`` conditions, not by recipes, loot and tags: lenient
    loading leaves the files pending until then (:class:`PackSet` decodes them on first use of its languages, its
    problems or its repr).
    """
    new_errors: list[tuple] = []
    new_problems: list[tuple] = []
    for pack, rel, ns, code, raw in files:
        try:
            if not isinstance(raw, bytes):
                raise raw
            data = decode_pack_json(raw)
            if not isinstance(data, dict):
                raise FieldError("expected a JSON object of translation keys")
        except (ValueError, UnicodeDecodeError, OSError) as exc:
            lang_id, reason = f"{ns}:{code}", f"invalid language file: {exc}"
            if strict:
                raise DatapackReadError(pack, rel, lang_id, reason) from exc
            new_errors.append(("lang", lang_id, reason, pack, rel))
            new_problems.append(("error", "unreadable_lang", lang_id, "", reason, rel, pack))
            continue
        _merge_lang(lang, code, data)
    errors[0:0] = new_errors
    problems[0:0] = new_problems


class _PendingLang:
    """Language files read at load and not decoded yet, as ``(pack, relpath, namespace, language, bytes or the read's
    error)``: calling it decodes them into the given tables and rows (:func:`_decode_lang`) the first time, under a
    lock (a second caller waits for the tables), and does nothing after.
    """

    def __init__(self) -> None:
        self.files: list[tuple[str, str, str, str, bytes | Exception]] = []
        self._lock = threading.Lock()

    def __call__(
        self, lang: dict[str, dict[str, str]], errors: list[tuple], problems: list[tuple], *, strict: bool = False
    ) -> None:
        with self._lock:
            files, self.files = self.files, []
            if files:
                _decode_lang(lang, errors, problems, files=files, strict=strict)


def _merge_lang(lang: dict[str, dict[str, str]], code: str, data: dict[str, Any]) -> None:
    """Add a language file's text values to ``lang[code]`` (a file of text values only, the usual one, is taken
    whole when it is the first of its language: ``data`` is a fresh dict the caller parsed).
    """
    if code not in lang and set(map(type, data.values())) <= {str}:
        lang[code] = data
    else:
        lang.setdefault(code, {}).update({k: v for k, v in data.items() if isinstance(v, str)})


def _condition_context(out: _Loaded, mods: frozenset[str] | None, tags) -> ConditionContext:
    named: set[str] | None = None
    tagged: set[str] | None = None

    def item_exists(item: str) -> bool | None:
        nonlocal named, tagged
        ns = item.split(":", 1)[0]
        if mods is not None and ns not in mods:
            return False
        if named is None:  # item./block. language keys, built on the first item_exists condition
            out.settle_lang()
            named = {
                f"{p[1]}:{p[2]}"
                for table in out.lang.values()
                for p in (k.split(".") for k in table)
                if len(p) == 3 and p[0] in ("item", "block")
            }
        if tagged is None and tags is not None:
            tagged = {m.item_id for members in tags.members.values() for m in members}
        if item in named or (tagged is not None and item in tagged):
            return True
        return None

    def tag_items(tag: str):
        return None if tags is None else tags.items(tag)

    return ConditionContext(mods, tag_items, item_exists)


def _fail(out: _Loaded, kind: str, rid: str, reason: str, strict: bool) -> None:
    """Record (or with ``strict``, raise) that the top file of ``rid`` cannot be read: with lower-priority files
    underneath it the id is removed (a warning naming them), else the file is unreadable (an error).
    """
    stack = out.files[kind][rid]
    src, rel, _folder = stack[-1]
    lower = [s.name for s, _r, _f in stack[:-1]]
    if strict:
        raise DatapackReadError(src.name, rel, rid, reason)
    out.errors.append((kind, rid, reason, src.name, rel))
    what = "recipe" if kind == "recipe" else "loot table"
    if lower:
        message = (
            f"the highest-priority file for {rid} cannot be read ({reason}), so the game has no {what} "
            f"{rid}; the file(s) of {', '.join(lower)} underneath it are not used"
        )
        out.problems.append(("warning", "removed_by_override", rid, "", message, rel, src.name))
    else:
        out.problems.append(("error", f"unreadable_{kind}", rid, "", reason, rel, src.name))


#: Keys that give a file loader conditions (file_conditions looks at nothing else).
_CONDITION_KEYS = frozenset((*CONDITION_KEYS, "conditions"))


def _unwrapped(data: dict[str, Any]) -> bool:
    """Whether a recipe is surely no conditional wrapper: its type is text without ``conditional`` in it."""
    rtype = data.get("type", "")
    return type(rtype) is str and "conditional" not in rtype


#: Top files read in one loop per pack by :func:`_top_files` (bounds the bytes held at once).
_READ_CHUNK = 512


def _top_files(out: _Loaded, kind: str) -> Iterator[tuple[str, tuple[PackSource, str, str], bytes | Exception | None]]:
    """Every id of ``kind`` (sorted) with its highest-priority file ``(source, relpath, folder)`` and what
    :meth:`PackSource.read_many` gives for it: the bytes or the read's error, or ``None`` for a file left to
    :meth:`PackSource.read`. Read a chunk of ids at a time.
    """
    files = out.files[kind]
    ids = sorted(files)
    if not any(isinstance(src.files, (FolderFiles, ZipMembers)) for src in out.sources):  # nothing to read in one loop
        for rid in ids:
            yield rid, files[rid][-1], None
        return
    for start in range(0, len(ids), _READ_CHUNK):
        part = ids[start : start + _READ_CHUNK]
        tops = [files[rid][-1] for rid in part]
        sources = {id(top[0]): top[0] for top in tops}
        if len(sources) == 1:  # the usual chunk: one pack's files
            raws = sources.popitem()[1].read_many([top[1] for top in tops], MAX_DATA_FILE_BYTES)
        else:
            by_src: dict[int, list[int]] = {key: [] for key in sources}
            for i, top in enumerate(tops):
                by_src[id(top[0])].append(i)
            raws = [None] * len(part)
            for key, at in by_src.items():
                for i, raw in zip(at, sources[key].read_many([tops[i][1] for i in at], MAX_DATA_FILE_BYTES)):
                    raws[i] = raw
        yield from zip(part, tops, raws)


def _read_top(
    out: _Loaded,
    kind: str,
    rid: str,
    strict: bool,
    ctx: ConditionContext,
    top: tuple[PackSource, str, str],
    raw: bytes | Exception | None,
) -> None:
    """Read the highest-priority file of a recipe or loot table id: the only one the game reads (``top``: that file,
    ``raw``: its bytes or the error reading them raised, as :func:`_top_files` gives them; ``None`` reads it here).
    """
    src, rel, folder = top
    try:
        if raw is None:
            raw = src.read(rel, MAX_DATA_FILE_BYTES)
        elif type(raw) is not bytes:
            raise raw  # type: ignore[misc]
        data = decode_pack_json(raw)
    except PackFileRefusedError as exc:
        _fail(out, kind, rid, str(exc), strict)
        return
    except (ValueError, UnicodeDecodeError, OSError) as exc:
        _fail(out, kind, rid, f"invalid JSON: {exc}", strict)
        return
    met: bool | None = True
    if type(data) is dict and data.keys().isdisjoint(_CONDITION_KEYS) and (kind != "recipe" or _unwrapped(data)):
        found = wrapped = None  # what file_conditions and unwrap_conditional return for it, without the calls
    else:
        found = file_conditions(data)
        wrapped = unwrap_conditional(data, ctx) if kind == "recipe" else None
    if wrapped is not None:
        data, verdict = wrapped
        found = ("forge:conditional", [])
    elif found is not None:
        verdict = evaluate(found[1], ctx)
    if found is not None:
        met = verdict.met
        out.conditions.append((kind, rid, verdict.summary, met, "; ".join(verdict.notes), src.name, rel))
        if met is False:
            return
        for note in verdict.notes:
            out.problems.append(("warning", "undecided_condition", rid, found[0], note, rel, src.name))
    try:
        if kind == "recipe":
            recipe = parse_recipe(rid, data, pack=src.name, path=rel, folder=folder)
            if met is None:
                recipe = replace(
                    recipe,
                    conditions_met=None,
                    notes=recipe.notes + ("loader conditions undecided: " + verdict.summary,),
                )
            out.recipes[rid] = recipe
        else:
            out.tables[rid] = parse_loot_table(rid, data, pack=src.name, path=rel, folder=folder)
    except (RecipeFormatError, LootFormatError, ValueError, TypeError, KeyError, AttributeError, OverflowError) as exc:
        _fail(out, kind, rid, str(exc), strict)
    except RecursionError:
        _fail(out, kind, rid, "nested too deeply to read", strict)


def _read_tags(out: _Loaded, strict: bool, ctx: ConditionContext) -> None:
    kind = "item_tag"
    for rid, stack in out.files[kind].items():
        for src, rel, folder in stack:
            try:
                data = decode_pack_json(src.read(rel, MAX_DATA_FILE_BYTES))
                found = file_conditions(data)
                if found is not None:
                    verdict = evaluate(found[1], ctx)
                    out.conditions.append(
                        (kind, rid, verdict.summary, verdict.met, "; ".join(verdict.notes), src.name, rel)
                    )
                    if verdict.met is False:
                        continue
                out.tag_files.append(parse_tag_file(rid, data, pack=src.name, path=rel, folder=folder))
            except (
                ValueError,
                UnicodeDecodeError,
                OSError,
                TypeError,
                KeyError,
                AttributeError,
                RecursionError,
            ) as exc:
                is_json = isinstance(exc, (json.JSONDecodeError, JsonRefusedError))
                reason = f"invalid JSON: {exc}" if is_json else str(exc)
                if isinstance(exc, RecursionError):
                    reason = "nested too deeply to read"
                if strict:
                    raise DatapackReadError(src.name, rel, rid, reason) from exc
                out.errors.append((kind, rid, reason, src.name, rel))
                out.problems.append(("error", "unreadable_item_tag", "#" + rid, "", reason, rel, src.name))


def _mod_ids(mods) -> frozenset[str] | None:
    if mods is None:
        return None
    if hasattr(mods, "columns") and "mod_id" in mods.columns:
        mods = list(mods["mod_id"])
    elif isinstance(mods, str):
        mods = [mods]
    return frozenset(str(m) for m in mods) | {"minecraft"}


def load_datapacks(
    paths: str | os.PathLike | PackBytes | Sequence[str | os.PathLike | PackBytes],
    *,
    strict: bool = False,
    features: Iterable[str] = (),
    mods: Iterable[str] | Any | None = None,
) -> PackSet:
    """Load data packs in priority order (later packs override earlier ones for the same id).

    For a recipe or loot table id only the highest-priority file is read, as the game does: if it cannot be read
    the id has no recipe / loot table (a ``removed_by_override`` row in ``packs.problems()`` names the file), and
    if its loader conditions fail the id is absent. Tag files merge; a tag file whose conditions fail is skipped.

    Parameters
    ----------
    paths : path, PackBytes or sequence of them
        Folders holding ``data/`` (and optionally ``assets/``), zipped data packs, game or mod jars, or
        :class:`PackBytes` (a zip held in memory).
    strict : bool, default=False
        Lenient by default, as the game: a file that cannot be read is dropped, a tag with a missing reference
        (not ``required: false``) or a cycle fails as a whole (the ids that use it see an undefined tag), and each
        is a row in ``packs.problems()`` naming the file, the field and the reason; the rest loads. With
        ``strict=True`` the first such error raises :class:`~kit.items.DatapackReadError` (for scripts).
    features : iterable of str, default=()
        Built-in feature packs (``data/<ns>/datapacks/<name>/`` inside a pack, e.g. ``"winter_drop"``) to apply
        right after the pack that holds them. Feature packs are always listed in ``packs.packs()``.
    mods : iterable of str or DataFrame, optional
        The loaded mod ids (or a frame with a ``mod_id`` column, such as ``server.mods()``) that loader
        conditions (``mod_loaded``, ``item_exists``) are evaluated against; ``minecraft`` is always loaded.
        Default: unknown, so ``mod_loaded`` conditions are undecided and their files are kept with
        ``conditions_met`` unknown.

    Returns
    -------
    PackSet

    Raises
    ------
    InvalidParameterError
        When an argument has the wrong type (the message names it, what it got and what to pass).
    DatapackError
        When a path is missing or is not a data pack.
    UnknownFeatureError
        When a requested feature pack is in none of the packs.
    DatapackReadError
        With ``strict=True``, for the first file, tag or entry that cannot be read or resolved.
    """
    _check_load_args(paths, strict, features)
    with building_tables():  # a million long-lived objects: the collector would walk them over and over
        return _load(paths, strict, features, mods)


def _check_load_args(paths: Any, strict: Any, features: Any) -> None:
    from kit.core.errors import InvalidParameterError

    one = (str, os.PathLike, PackBytes)
    if not isinstance(paths, one):
        ok = isinstance(paths, (list, tuple)) and all(isinstance(p, one) for p in paths)
        if not ok:
            raise InvalidParameterError(
                "The 'paths' parameter of load_datapacks must be a pack path (a folder with data/, a zip or a jar), "
                f"a PackBytes, or a list of them in priority order. Got {type(paths).__name__} {paths!r} "
                "instead."
                + (
                    " A server folder is opened with kit.open_server(path).load_datapacks()."
                    if not isinstance(paths, (list, tuple))
                    else ""
                )
            )
    if not isinstance(strict, bool):
        raise InvalidParameterError(
            f"The 'strict' parameter of load_datapacks must be a bool. Got {type(strict).__name__} {strict!r} instead."
        )
    if not isinstance(features, str) and (
        not hasattr(features, "__iter__") or not all(isinstance(f, str) for f in features)
    ):
        raise InvalidParameterError(
            f"The 'features' parameter of load_datapacks must be a feature pack name or a "
            f"list of them (e.g. ['winter_drop']). Got {features!r} instead."
        )


def _load(paths, strict: bool, features: Iterable[str], mods) -> PackSet:
    from kit.items.packset import PackSet

    wanted = [features] if isinstance(features, str) else list(dict.fromkeys(features))
    mod_ids = _mod_ids(mods)
    out = _Loaded({}, {}, [], {}, [], [])
    found: set[str] = set()
    for src in open_sources(paths):
        feats = src.features()
        out.packs.append(PackInfo(src.name, src.kind, src.location, tuple(feats)))
        out.sources.append(src)
        _scan_source(src, out, strict)
        for name, fsrc in feats.items():
            applied = name in wanted
            out.packs.append(PackInfo(fsrc.name, "feature", fsrc.location, (), applied))
            if applied:
                found.add(name)
                out.sources.append(fsrc)
                _scan_source(fsrc, out, strict)
    if strict:  # its first unreadable language file raises now, as when it was decoded while scanning
        out.settle_lang(strict=True)
    missing = [f for f in wanted if f not in found]
    if missing:
        available = sorted({f for p in out.packs for f in p.features})
        raise UnknownFeatureError(
            f"feature pack(s) {', '.join(missing)} not found in the loaded packs; "
            f"available: {', '.join(available) or 'none'}"
        )
    _read_tags(out, strict, _condition_context(out, mod_ids, None))
    tags = resolve_tags(out.tag_files)
    for tag_id, reason in sorted(tags.failed.items()):
        last = tags.sources[tag_id][-1]
        if strict:
            raise DatapackReadError(last.pack, last.path, "#" + tag_id, reason)
        out.errors.append(("item_tag", tag_id, reason, last.pack, last.path))
        out.problems.append(("error", "failed_tag", "#" + tag_id, "values", reason, last.path, last.pack))
    ctx = _condition_context(out, mod_ids, tags)
    for kind in ("loot_table", "recipe"):  # by kind, then by id
        for rid, top, raw in _top_files(out, kind):
            _read_top(out, kind, rid, strict, ctx, top, raw)
    return PackSet(
        out.recipes,
        out.tables,
        tags,
        out.lang,
        out.errors,
        out.packs,
        problems=out.problems,
        conditions=out.conditions,
        assets=out.assets,
        mods=mod_ids,
        sources=out.sources,
        pending_lang=out.pending_lang if out.pending_lang.files else None,
    )
