"""The data packs of a server, in the game's load order.

Order (lowest priority first; later packs override earlier ones for the same id):

1. ``vanilla``: the server jar's data (a plain server jar, the real jar nested in a bundler jar under
   ``META-INF/versions/``, an extracted ``versions/<v>/server-<v>.jar``, or a client jar the user passes);
2. the vanilla feature packs inside it (``bundle``, ``trade_rebalance`` ...), applied only when ``level.dat``
   enables them;
3. the loader's own data (``mod:neoforge`` / ``mod:forge`` from the universal jar under ``libraries/``);
4. the mods with data or assets (``mod:<id>``, nested jar-in-jar mods included), by mod id;
5. the world's packs ``file/<name>`` from ``<world>/datapacks/``, in ``level.dat``'s ``DataPacks.Enabled`` order;
   packs in ``Disabled`` are listed but not loaded, packs in neither list are enabled (as the game adds new world
   packs automatically);
6. ``kubejs``: ``kubejs/data`` and ``kubejs/assets``, highest priority.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path

from kit.saves.nbt import NbtError, decode_nbt
from kit.servers.mods import MAX_METADATA_BYTES, MAX_NESTED_JAR_BYTES, text_of

__all__ = [
    "PackEntry",
    "VanillaJar",
    "find_vanilla",
    "find_loader_jars",
    "read_level_packs",
    "world_packs",
    "KIND_ORDER",
]

#: The pack kinds in load order.
KIND_ORDER = ("vanilla", "feature", "loader", "mod", "world", "kubejs")

_BUNDLED_RE = re.compile(r"^META-INF/versions/.+\.jar$")
_FEATURE_RE = re.compile(r"^data/minecraft/datapacks/([^/]+)/")
_LOADER_JARS = (
    ("neoforge", "libraries/net/neoforged/neoforge", "neoforge-*-universal.jar"),
    ("forge", "libraries/net/minecraftforge/forge", "forge-*-universal.jar"),
)

Problem = tuple[str, str, str, str, str, str]


@dataclass(frozen=True)
class PackEntry:
    """One pack in load order; ``source`` is what :func:`kit.items.load_datapacks` reads (None: not loadable)."""

    pack_id: str
    kind: str
    path: str
    enabled: bool
    pack_format: int | None
    description: str
    source: object = None


@dataclass(frozen=True)
class VanillaJar:
    """The jar holding vanilla data: ``source`` is a Path or the bytes of a jar nested in a bundler."""

    label: str
    source: Path | bytes
    version: str
    pack_format: int | None
    features: tuple[str, ...]
    has_assets: bool = False


def _version_json(zf: zipfile.ZipFile) -> tuple[str, int | None]:
    try:
        info = zf.getinfo("version.json")
        if info.file_size > MAX_METADATA_BYTES:
            return "", None
        data = json.loads(zf.read(info).decode("utf-8-sig"))
    except (KeyError, ValueError, UnicodeDecodeError, OSError, zipfile.BadZipFile):
        return "", None
    pv = data.get("pack_version") if isinstance(data, dict) else None
    fmt = pv.get("data") if isinstance(pv, dict) else pv
    return str(data.get("id", "")), fmt if isinstance(fmt, int) and not isinstance(fmt, bool) else None


def _as_vanilla(source: Path | bytes, label: str, problems: list[Problem], depth: int = 0) -> VanillaJar | None:
    try:
        zf = zipfile.ZipFile(io.BytesIO(source) if isinstance(source, bytes) else source)
        names = zf.namelist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        problems.append(("error", "not_a_zip", "", "", f"not a readable jar/zip file: {exc}", label))
        return None
    if any(n.startswith("data/minecraft/") for n in names):
        version, fmt = _version_json(zf)
        feats = tuple(sorted({m.group(1) for n in names if (m := _FEATURE_RE.match(n))}))
        return VanillaJar(label, source, version, fmt, feats, any(n.startswith("assets/") for n in names))
    if depth:
        return None
    for inner in sorted(n for n in names if _BUNDLED_RE.match(n)):
        info = zf.getinfo(inner)
        if info.file_size > MAX_NESTED_JAR_BYTES:
            problems.append(
                (
                    "warning",
                    "unreadable_nested_jar",
                    inner,
                    "",
                    f"bundled jar of {info.file_size} bytes not read (limit {MAX_NESTED_JAR_BYTES})",
                    label,
                )
            )
            continue
        try:
            raw = zf.read(inner)
        except (OSError, zipfile.BadZipFile, ValueError) as exc:
            problems.append(("warning", "unreadable_nested_jar", inner, "", f"bundled jar not read: {exc}", label))
            continue
        found = _as_vanilla(raw, f"{label}!{inner}", problems, depth + 1)
        if found is not None:
            return found
    return None


def find_vanilla(root: Path, client_jar: Path | None, problems: list[Problem]) -> VanillaJar | None:
    """The jar with vanilla data: ``client_jar`` when given, else the server jar (bundled or not) in ``root``."""
    if client_jar is not None:
        found = _as_vanilla(client_jar, str(client_jar), problems)
        if found is None:
            problems.append(
                (
                    "error",
                    "no_vanilla_data",
                    "",
                    "client_jar",
                    f"{client_jar}: no data/minecraft/ inside, so it is not a game jar",
                    str(client_jar),
                )
            )
        return found
    candidates = (
        sorted(root.glob("*.jar"))
        + sorted(root.glob("versions/*/*.jar"))
        + sorted(root.glob("libraries/net/minecraft/server/*/*.jar"))
    )
    for path in candidates:
        if not path.is_file():
            continue
        found = _as_vanilla(path, path.relative_to(root).as_posix(), [])
        if found is not None:
            return found
    return None


def find_loader_jars(root: Path) -> list[tuple[str, Path]]:
    """``(loader, jar)`` for the loader universal jars under ``libraries/`` (NeoForge, Forge), newest version last."""
    out = []
    for loader, folder, pattern in _LOADER_JARS:
        for path in sorted((root / folder).glob(f"*/{pattern}")):
            if path.is_file():
                out.append((loader, path))
    return out


def read_level_packs(level_dat: Path, problems: list[Problem], label: str) -> tuple[list[str] | None, list[str]]:
    """``(enabled, disabled)`` pack ids from ``level.dat``'s ``Data.DataPacks`` (``None``: no list there)."""
    if not level_dat.is_file():
        return None, []
    try:
        root = decode_nbt(level_dat.read_bytes()).root
        packs = root.get("Data", {}).get("DataPacks", {}) if isinstance(root, dict) else {}
        enabled = packs.get("Enabled")
        disabled = packs.get("Disabled") or []
        if enabled is not None and not isinstance(enabled, list):
            raise NbtError("Data.DataPacks.Enabled is not a list")
        return ([str(p) for p in enabled] if enabled is not None else None), [str(p) for p in disabled]
    except (NbtError, OSError, AttributeError) as exc:
        problems.append(
            ("error", "unreadable_level_dat", "", "Data.DataPacks", f"level.dat cannot be read: {exc}", label)
        )
        return None, []


def _folder_meta(path: Path, problems: list[Problem], label: str) -> tuple[int | None, str]:
    meta = path / "pack.mcmeta"
    if not meta.is_file():
        return None, ""
    if meta.stat().st_size > MAX_METADATA_BYTES:
        problems.append(
            (
                "warning",
                "unreadable_pack_mcmeta",
                label,
                "pack.mcmeta",
                f"pack.mcmeta larger than {MAX_METADATA_BYTES} bytes, not read",
                f"{label}/pack.mcmeta",
            )
        )
        return None, ""
    try:
        pack = json.loads(meta.read_text(encoding="utf-8-sig")).get("pack", {})
        fmt = pack.get("pack_format")
        fmt = fmt if isinstance(fmt, int) and not isinstance(fmt, bool) else None
        return fmt, text_of(pack.get("description", ""))
    except (ValueError, OSError, AttributeError) as exc:
        problems.append(
            (
                "warning",
                "unreadable_pack_mcmeta",
                label,
                "pack.mcmeta",
                f"unreadable pack.mcmeta: {exc}",
                f"{label}/pack.mcmeta",
            )
        )
        return None, ""


def world_packs(
    world: Path, root: Path, enabled: list[str] | None, disabled: list[str], problems: list[Problem]
) -> list[PackEntry]:
    """The world's ``datapacks/`` entries in load order (enabled ones by ``level.dat`` order, then new ones by name)."""
    folder = world / "datapacks"
    found: dict[str, PackEntry] = {}
    if folder.is_dir():
        for path in sorted(folder.iterdir()):
            rel = path.relative_to(root).as_posix()
            if path.is_dir() and ((path / "data").is_dir() or (path / "pack.mcmeta").is_file()):
                fmt, desc = _folder_meta(path, problems, rel)
                if not (path / "data").is_dir() and not (path / "assets").is_dir():
                    problems.append(
                        (
                            "warning",
                            "empty_pack",
                            f"file/{path.name}",
                            "",
                            "world data pack without a data/ folder: nothing to load",
                            rel,
                        )
                    )
                    found[f"file/{path.name}"] = PackEntry(f"file/{path.name}", "world", rel, True, fmt, desc, None)
                    continue
            elif path.is_file() and path.suffix.lower() == ".zip":
                fmt, desc = None, ""
                try:
                    with zipfile.ZipFile(path) as zf:
                        info = zf.getinfo("pack.mcmeta")
                        if info.file_size <= MAX_METADATA_BYTES:
                            pack = json.loads(zf.read(info).decode("utf-8-sig")).get("pack", {})
                            fmt = pack.get("pack_format") if isinstance(pack.get("pack_format"), int) else None
                            desc = text_of(pack.get("description", ""))
                except KeyError:
                    pass
                except (zipfile.BadZipFile, OSError, ValueError, AttributeError) as exc:
                    problems.append(
                        (
                            "error",
                            "not_a_zip",
                            f"file/{path.name}",
                            "",
                            f"world data pack is not a readable zip: {exc}",
                            rel,
                        )
                    )
                    continue
            else:
                continue
            pid = f"file/{path.name}"
            found[pid] = PackEntry(pid, "world", rel, True, fmt, desc, path)
    order = {p: i for i, p in enumerate(enabled or [])}
    off = set(disabled) - set(enabled or [])
    entries = []
    for pid, e in sorted(found.items(), key=lambda kv: (kv[0] not in order, order.get(kv[0], 0), kv[0])):
        entries.append(PackEntry(e.pack_id, e.kind, e.path, pid not in off, e.pack_format, e.description, e.source))
    for pid in enabled or []:
        if pid.startswith("file/") and pid not in found:
            problems.append(
                (
                    "warning",
                    "missing_pack",
                    pid,
                    "Data.DataPacks.Enabled",
                    f"level.dat enables {pid}, which is not in {folder.relative_to(root).as_posix()}/",
                    (world / "level.dat").relative_to(root).as_posix(),
                )
            )
    return entries
