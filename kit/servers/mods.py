"""Mod jars: their metadata (NeoForge, Forge, Fabric, Quilt), nested jar-in-jar mods and what data they carry.

Pure parsing functions take bytes; :func:`scan_jar` reads one jar (from disk or from memory) with bounds on what it
reads, and turns every failure into a problem row instead of an exception.
"""

from __future__ import annotations

import json
import re
import tomllib
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kit.core.errors import FieldError
from kit.items.zip_members import ZipArchive, open_zip

__all__ = [
    "ModInfo",
    "JarScan",
    "scan_jar",
    "parse_mods_toml",
    "parse_fabric_mod_json",
    "parse_quilt_mod_json",
    "text_of",
    "MAX_METADATA_BYTES",
    "MAX_NESTED_JAR_BYTES",
    "MAX_NESTING",
]

MAX_METADATA_BYTES = 1 << 20  #: a metadata file larger than this is refused
MAX_NESTED_JAR_BYTES = 128 << 20  #: a nested jar larger than this is not opened
MAX_NESTING = 3  #: jar-in-jar depth followed

_NESTED_RE = re.compile(r"^META-INF/(jarjar|jars)/[^/]+\.jar$")


@dataclass(frozen=True)
class ModInfo:
    """One mod declared by a jar's metadata. ``loader`` is the metadata format: neoforge, forge, fabric, quilt."""

    mod_id: str
    version: str
    loader: str
    display_name: str
    jar: str


@dataclass
class JarScan:
    """What one jar holds: its mods, whether it has ``data/`` or ``assets/``, nested jars, problems.

    ``label`` is the jar's path relative to the server folder, with ``!inner/path.jar`` for nested jars;
    ``source`` is the jar's :class:`~pathlib.Path` or, for a nested jar, its bytes.
    """

    label: str
    source: Path | bytes
    mods: list[ModInfo] = field(default_factory=list)
    has_data: bool = False
    has_assets: bool = False
    pack_format: int | None = None
    description: str = ""
    nested: list[JarScan] = field(default_factory=list)
    problems: list[tuple[str, str, str, str, str, str]] = field(default_factory=list)
    names: tuple[str, ...] = ()
    #: The open jar, kept so that loading its data reuses its directory (see :func:`kit.items.zip_members.open_zip`).
    zip: ZipArchive | None = field(default=None, repr=False, compare=False)

    def walk(self):
        """Every jar from this one down (itself, then its nested jars, depth first)."""
        yield self
        for n in self.nested:
            yield from n.walk()


def text_of(value: Any) -> str:
    """The plain text of a JSON text component (a string, a list, or an object with ``text`` / ``extra``)."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "".join(text_of(v) for v in value)
    if isinstance(value, dict):
        return text_of(value.get("text", "")) + text_of(value.get("extra", []))
    return "" if value is None else str(value)


def _manifest_version(raw: bytes | None) -> str:
    if not raw:
        return ""
    for line in raw.decode("utf-8", "replace").splitlines():
        if line.startswith("Implementation-Version:"):
            return line.split(":", 1)[1].strip()
    return ""


def parse_mods_toml(raw: bytes, *, loader: str, jar: str, manifest_version: str = "") -> list[ModInfo]:
    """The mods of a ``META-INF/neoforge.mods.toml`` or ``META-INF/mods.toml`` file.

    Raises
    ------
    kit.FieldError
        When the file is not TOML or has no ``[[mods]]`` entry with a ``modId``.
    """
    data = tomllib.loads(raw.decode("utf-8-sig"))
    mods = data.get("mods")
    if not isinstance(mods, list) or not mods:
        raise FieldError("no [[mods]] table")
    out = []
    for i, m in enumerate(mods):
        if not isinstance(m, dict) or not isinstance(m.get("modId"), str) or not m["modId"]:
            raise FieldError(f"field 'mods[{i}].modId': missing")
        version = str(m.get("version", ""))
        if "${file.jarVersion}" in version:
            version = version.replace("${file.jarVersion}", manifest_version) if manifest_version else ""
        out.append(ModInfo(m["modId"], version, loader, str(m.get("displayName", m["modId"])), jar))
    return out


def parse_fabric_mod_json(raw: bytes, *, jar: str) -> tuple[ModInfo, list[str]]:
    """The mod of a ``fabric.mod.json`` and the nested jars it lists (``jars[].file``).

    Raises
    ------
    kit.FieldError
        When the file is not JSON or has no string ``id``.
    """
    data = json.loads(raw.decode("utf-8-sig"))
    if not isinstance(data, dict) or not isinstance(data.get("id"), str) or not data["id"]:
        raise FieldError("field 'id': missing")
    nested = [j["file"] for j in data.get("jars") or [] if isinstance(j, dict) and isinstance(j.get("file"), str)]
    return ModInfo(data["id"], str(data.get("version", "")), "fabric", str(data.get("name", data["id"])), jar), nested


def parse_quilt_mod_json(raw: bytes, *, jar: str) -> tuple[ModInfo, list[str]]:
    """The mod of a ``quilt.mod.json`` (``quilt_loader.id``) and its nested jars (``quilt_loader.jars``).

    Raises
    ------
    kit.FieldError
        When the file is not JSON or has no ``quilt_loader.id``.
    """
    data = json.loads(raw.decode("utf-8-sig"))
    ql = data.get("quilt_loader") if isinstance(data, dict) else None
    if not isinstance(ql, dict) or not isinstance(ql.get("id"), str) or not ql["id"]:
        raise FieldError("field 'quilt_loader.id': missing")
    given = ql.get("metadata")
    meta = given if isinstance(given, dict) else {}
    nested = [
        j if isinstance(j, str) else str(j.get("file", "")) for j in ql.get("jars") or [] if isinstance(j, (str, dict))
    ]
    return ModInfo(ql["id"], str(ql.get("version", "")), "quilt", str(meta.get("name", ql["id"])), jar), [
        n for n in nested if n
    ]


def _read(zf: ZipArchive, name: str, limit: int) -> bytes:
    info = zf.getinfo(name)
    if info.file_size > limit:
        raise FieldError(f"{info.file_size} bytes, more than the {limit} allowed")
    return zf.read(info)


def scan_jar(source: Path | bytes, label: str, *, depth: int = 0) -> JarScan:
    """Read a jar's mod metadata, note whether it holds data or assets, and scan its nested jars.

    Never raises for a bad jar: a file that is not a zip, unreadable metadata or an oversized nested jar become
    rows of ``scan.problems`` (``severity, kind, object_id, field, message, path``).
    """
    scan = JarScan(label, source)

    def problem(severity: str, kind: str, fld: str, message: str, object_id: str = "") -> None:
        scan.problems.append((severity, kind, object_id, fld, message, label))

    try:
        zf = ZipArchive(source) if isinstance(source, bytes) else open_zip(source)
        scan.zip = zf
        names = [n for n in zf.namelist() if not n.endswith("/")]
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError) as exc:
        problem("error", "not_a_zip", "", f"not a readable jar/zip file: {exc}")
        return scan
    scan.names = tuple(names)
    scan.has_data = any(n.startswith("data/") for n in names)
    scan.has_assets = any(n.startswith("assets/") for n in names)
    nameset = set(names)
    manifest = ""
    if "META-INF/MANIFEST.MF" in nameset:
        try:
            manifest = _manifest_version(_read(zf, "META-INF/MANIFEST.MF", MAX_METADATA_BYTES))
        except (ValueError, OSError, RuntimeError, zipfile.BadZipFile):
            manifest = ""
    nested: list[str] = []
    for meta, loader in (
        ("META-INF/neoforge.mods.toml", "neoforge"),
        ("META-INF/mods.toml", "forge"),
        ("fabric.mod.json", "fabric"),
        ("quilt.mod.json", "quilt"),
    ):
        if meta not in nameset:
            continue
        try:
            raw = _read(zf, meta, MAX_METADATA_BYTES)
            if loader in ("neoforge", "forge"):
                scan.mods.extend(parse_mods_toml(raw, loader=loader, jar=label, manifest_version=manifest))
            elif loader == "fabric":
                mod, jars = parse_fabric_mod_json(raw, jar=label)
                scan.mods.append(mod)
                nested.extend(jars)
            else:
                mod, jars = parse_quilt_mod_json(raw, jar=label)
                scan.mods.append(mod)
                nested.extend(jars)
        except (
            ValueError,
            UnicodeDecodeError,
            OSError,
            RuntimeError,
            zipfile.BadZipFile,
            tomllib.TOMLDecodeError,
        ) as exc:
            problem("error", "unreadable_metadata", meta, f"unreadable mod metadata: {exc}")
        if scan.mods:
            break  # a jar for several loaders declares the same mod in each format; the first one found counts
    if "pack.mcmeta" in nameset:
        try:
            pack = json.loads(_read(zf, "pack.mcmeta", MAX_METADATA_BYTES).decode("utf-8-sig")).get("pack", {})
            fmt = pack.get("pack_format")
            scan.pack_format = fmt if isinstance(fmt, int) and not isinstance(fmt, bool) else None
            scan.description = text_of(pack.get("description", ""))
        except (ValueError, UnicodeDecodeError, OSError, AttributeError, RuntimeError, zipfile.BadZipFile) as exc:
            problem("warning", "unreadable_pack_mcmeta", "pack.mcmeta", f"unreadable pack.mcmeta: {exc}")
    # the prefix test first: a modpack jar lists thousands of data files, none of them under META-INF/
    nested = list(dict.fromkeys(nested + [n for n in names if n.startswith("META-INF/") and _NESTED_RE.match(n)]))
    for inner in nested:
        if inner not in nameset:
            problem(
                "warning", "missing_nested_jar", inner, f"metadata lists nested jar {inner}, which is not in the jar"
            )
            continue
        if depth >= MAX_NESTING:
            problem("warning", "nested_too_deep", inner, f"nested jar deeper than {MAX_NESTING} levels not read")
            continue
        try:
            raw = _read(zf, inner, MAX_NESTED_JAR_BYTES)
        except (ValueError, OSError, RuntimeError, zipfile.BadZipFile) as exc:
            problem("warning", "unreadable_nested_jar", inner, f"nested jar not read: {exc}")
            continue
        scan.nested.append(scan_jar(raw, f"{label}!{inner}", depth=depth + 1))
    return scan
