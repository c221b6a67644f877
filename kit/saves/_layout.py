"""The layouts of a database file inside its GZIP NBT root, read and written back as they were found.

The design fixes GZIP NBT, tables by namespaced id and values encoded with each table's codec, and nothing
more about the root. kit reads three layouts and writes a file back in the layout it was read in:

``"kit"``
    ``{format_version: Int, tables: {<table id>: {codec: String, entries: {<key>: <value>}}}}`` - what kit
    writes for a new file; the ``codec`` signature lets kit refuse a table opened with another structure.
``"tables"``
    ``{tables: {<table id>: {<key>: <value>}}}`` - a server's file with the tables under a root ``tables``
    Compound and no ``codec``/``entries`` wrapper.
``"flat"``
    ``{<table id>: {<key>: <value>}}`` - a server's file with each table directly under the root.

Other root tags (``DataVersion`` ...) are kept and written back unchanged. A table stored without a codec
(the two server layouts) is decoded value by value with the codec it is opened with; a value that codec
cannot decode stays in the file, raw, and is reported (never dropped).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from kit.core.errors import StorageError
from kit.saves import nbt

__all__ = ["FORMAT_VERSION", "LAYOUTS", "Layout", "StoredTable", "ParsedFile", "parse_file", "encode_file"]

#: The version written into every kit-layout file's root (``format_version``).
FORMAT_VERSION = 1
Layout = Literal["kit", "tables", "flat"]
#: The layouts kit reads (and writes back), in the order it tries them.
LAYOUTS: tuple[str, ...] = ("kit", "tables", "flat")

_TABLE_ID = re.compile(r"[a-z0-9_.\-]+:[a-z0-9_.\-/]+")


@dataclass(frozen=True)
class StoredTable:
    """One table as stored: its codec signature (``None`` when the file stores none) and its raw NBT entries."""

    signature: str | None
    entries: Mapping[str, Any]


@dataclass(frozen=True)
class ParsedFile:
    """A database file's tables, the layout they were found in and the other root tags (kept as they are)."""

    tables: dict[str, StoredTable]
    layout: Layout = "kit"
    extra: Mapping[str, Any] = field(default_factory=dict)


def _is_wrapped(raw: Any) -> bool:
    return isinstance(raw, dict) and isinstance(raw.get("codec"), str) and isinstance(raw.get("entries"), dict)


def _kit_tables(path: Path, raw_tables: dict[str, Any]) -> dict[str, StoredTable]:
    tables: dict[str, StoredTable] = {}
    for table_id, raw in raw_tables.items():
        if not _is_wrapped(raw):
            raise StorageError(
                f"{path}: table {table_id!r}: expected a 'codec' String and an 'entries' Compound "
                "(the other tables of the file have them)"
            )
        tables[table_id] = StoredTable(raw["codec"], raw["entries"])
    return tables


def _bare_tables(path: Path, raw_tables: Mapping[str, Any]) -> dict[str, StoredTable]:
    tables: dict[str, StoredTable] = {}
    for table_id, raw in raw_tables.items():
        if not isinstance(raw, dict):
            raise StorageError(f"{path}: table {table_id!r}: expected a Compound of key -> value")
        tables[table_id] = StoredTable(None, raw)
    return tables


def parse_file(path: Path, data: bytes, max_size: int, quota: int) -> ParsedFile:
    """Decode a database file's bytes into its tables and layout, or raise StorageError naming file and reason."""
    try:
        root = nbt.decode_nbt(data, max_size=max_size, quota=quota).root
    except nbt.NbtError as exc:
        raise StorageError(f"{path}: cannot decode database: {exc}") from None
    if not isinstance(root, dict):
        kind = nbt.TAG_NAMES[nbt.tag_id_of(root)]
        raise StorageError(f"{path}: cannot decode database: the root tag is {kind}, not Compound")
    raw_tables = root.get("tables")
    if raw_tables is not None and not isinstance(raw_tables, dict):
        raise StorageError(f"{path}: cannot decode database: 'tables' is not a Compound")
    if raw_tables is not None and (not raw_tables or any(_is_wrapped(t) for t in raw_tables.values())):
        version = root.get("format_version", nbt.Int(FORMAT_VERSION))
        if not isinstance(version, (nbt.Byte, nbt.Short, nbt.Int)) or not 1 <= version <= FORMAT_VERSION:
            raise StorageError(f"{path}: cannot decode database: unsupported format_version {version!r}")
        extra = {k: v for k, v in root.items() if k not in ("tables", "format_version")}
        return ParsedFile(_kit_tables(path, raw_tables), "kit", extra)
    if raw_tables is not None:
        extra = {k: v for k, v in root.items() if k != "tables"}
        return ParsedFile(_bare_tables(path, raw_tables), "tables", extra)
    flat = {k: v for k, v in root.items() if _TABLE_ID.fullmatch(k) and isinstance(v, dict)}
    if not flat:  # an empty root (or one without any table) is an empty kit-layout file
        return ParsedFile({}, "kit", {k: v for k, v in root.items() if k != "format_version"})
    extra = {k: v for k, v in root.items() if k not in flat}
    return ParsedFile(_bare_tables(path, flat), "flat", extra)


def encode_file(
    tables: Mapping[str, StoredTable], layout: Layout = "kit", extra: Mapping[str, Any] | None = None
) -> bytes:
    """The GZIP NBT bytes of ``tables`` in ``layout`` (tables sorted by id; ``extra`` root tags first)."""
    root: dict[str, Any] = dict(extra or {})
    ordered = sorted(tables.items())
    if layout == "kit":
        root["format_version"] = nbt.Int(FORMAT_VERSION)
        root["tables"] = {
            table_id: {"codec": table.signature or "", "entries": dict(table.entries)} for table_id, table in ordered
        }
    elif layout == "tables":
        root["tables"] = {table_id: dict(table.entries) for table_id, table in ordered}
    else:
        for table_id, table in ordered:
            root[table_id] = dict(table.entries)
    return nbt.encode_nbt(root, "")
