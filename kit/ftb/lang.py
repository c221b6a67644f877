"""Where FTB Quests text lives: inline fields, ``lang/`` tables, ``{key}`` references, and markup.

Text is kept as a table ``locale -> {(object_id, field): value}`` where ``field`` is the lang-table
field name (``title``, ``quest_subtitle``, ``quest_desc``, ``chapter_subtitle``) and ``value`` a
string or a tuple of lines. Inline text is filed under ``en_us``, as FTB Quests 1.21 migrates it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kit.core.json_files import JsonRefusedError, decode_json
from kit.core.regular_files import FileRefusedError, read_regular_file
from kit.ftb.errors import TranslationFileError
from kit.ftb.snbt import read_snbt

__all__ = [
    "LangKey",
    "TranslationFileError",
    "parse_lang_key",
    "read_lang_tables",
    "read_json_translations",
    "find_json_translations",
    "resolve_references",
    "clean_lines",
    "INLINE_FIELDS",
    "OBJECT_TYPES",
]

#: Lang-table object types (the first part of ``quest.0F3D51FFD2FE8DCB.quest_desc``).
OBJECT_TYPES = ("file", "chapter_group", "chapter", "quest", "quest_link", "task", "reward", "reward_table")
#: Inline field of an object kind -> lang-table field.
INLINE_FIELDS: dict[str, dict[str, str]] = {
    "file": {"title": "title"},
    "chapter_group": {"title": "title"},
    "chapter": {"title": "title", "subtitle": "chapter_subtitle"},
    "quest": {"title": "title", "subtitle": "quest_subtitle", "description": "quest_desc"},
    "task": {"title": "title"},
    "reward": {"title": "title"},
    "reward_table": {"title": "title"},
}
_LANG_KEY = re.compile(r"([a-z_]+)\.([0-9A-Fa-f]{1,16})\.([a-z_]+)")
_LOCALE_FILE = re.compile(r"\w+\.snbt")
_REFERENCE = re.compile(r"\{([A-Za-z0-9_\-]+(?:\.[A-Za-z0-9_\-]+)+)\}")
_FORMAT_CODE = re.compile(r"[&§][0-9a-fk-orA-FK-OR]")
_IMAGE_LINE = re.compile(r"\s*\{image:[^}]*\}\s*")
_PAGEBREAK = "{@pagebreak}"
#: KubeJS language JSON files larger than this are refused (the largest shared one is 0.5 MB).
MAX_JSON_BYTES = 4 * 2**20
#: ... and one with more opening brackets than this (a language file is one flat object).
MAX_JSON_CONTAINERS = 200_000


@dataclass(frozen=True)
class LangKey:
    """A parsed lang-table key: ``object_type``, 16-hex ``object_id`` (upper case) and ``field``."""

    object_type: str
    object_id: str
    field: str


def parse_lang_key(key: str) -> LangKey | None:
    """Parse ``quest.0F3D51FFD2FE8DCB.quest_desc``; ``None`` when the key is not of that form."""
    m = _LANG_KEY.fullmatch(key)
    if m is None or m.group(1) not in OBJECT_TYPES:
        return None
    return LangKey(m.group(1), m.group(2).upper().rjust(16, "0"), m.group(3))


def _as_text(value: Any) -> str | tuple[str, ...] | None:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    return None


def read_lang_tables(
    quests_dir: Path, *, read: Any = read_snbt
) -> tuple[dict[str, dict[str, Any]], dict[str, str], list[dict[str, Any]]]:
    """Read ``lang/<locale>.snbt`` files, or merge ``lang/<locale>/**.snbt`` split folders.

    A single file wins over a folder of the same locale (the Quests Lang Splitter mod merges folders
    into that file at run time).

    Returns
    -------
    tables : dict
        ``locale -> {raw key: value}`` (values as read: str or list of str).
    sources : dict
        ``locale -> "file"`` or ``"folder"``.
    errors : list of dict
        Rows ``kind, path, object_id, field, message`` for values that are not text and keys that
        appear in two files of one folder.

    ``read`` reads one file (default :func:`kit.ftb.snbt.read_snbt`); it may return None to skip a file.

    Raises
    ------
    SnbtSyntaxError
        For a malformed lang file (with the default ``read``).
    """
    lang = quests_dir / "lang"
    tables: dict[str, dict[str, Any]] = {}
    sources: dict[str, str] = {}
    errors: list[dict[str, Any]] = []
    if not lang.is_dir():
        return tables, sources, errors
    for entry in sorted(lang.iterdir()):
        if _LOCALE_FILE.fullmatch(entry.name) and not entry.is_dir():  # a FIFO or device here is refused by read
            data = read(entry)
            if data is not None:
                tables[entry.stem] = dict(data)
                sources[entry.stem] = "file"
    for entry in sorted(lang.iterdir()):
        if entry.is_dir() and entry.name not in tables:
            merged: dict[str, Any] = {}
            origin: dict[str, Path] = {}
            for file in sorted(entry.rglob("*.snbt")):
                for key, value in (read(file) or {}).items():
                    if key in merged and merged[key] != value:
                        errors.append(
                            dict(
                                kind="duplicate_lang_key",
                                path=str(file),
                                object_id="",
                                field=key,
                                message=f"{file}: key {key!r} also in {origin[key]} with other text; "
                                f"the later file wins",
                            )
                        )
                    merged[key] = value
                    origin[key] = file
            if merged:
                tables[entry.name] = merged
                sources[entry.name] = "folder"
    return tables, sources, errors


def find_json_translations(quests_dir: Path) -> dict[str, list[Path]]:
    """Find KubeJS language JSON files of the pack a ``config/ftbquests/quests`` folder belongs to.

    Looks in ``<pack>/kubejs/assets/*/lang/*.json``; returns ``locale -> [paths]`` (sorted).
    """
    parts = quests_dir.resolve().parts
    if len(parts) < 3 or parts[-3:] != ("config", "ftbquests", "quests"):
        return {}
    pack = quests_dir.resolve().parents[2]
    found: dict[str, list[Path]] = {}
    for file in sorted((pack / "kubejs" / "assets").glob("*/lang/*.json")):
        found.setdefault(file.stem, []).append(file)
    return found


def read_json_translations(
    files: Mapping[str, Any], *, problems: list[dict[str, Any]] | None = None
) -> dict[str, dict[str, str]]:
    """Read Minecraft language JSON files: ``locale -> path, [paths] or {key: text}`` -> ``locale -> {key: text}``.

    With ``problems`` (a list), a file that cannot be used is skipped and a key whose value is not text is
    left out, each appended as a row ``kind`` (``file`` or ``bad_lang_value``), ``object_id, field, message,
    path``; the other files and keys are read. Without it the first such problem raises.

    Raises
    ------
    TranslationFileError
        When a file is missing, not JSON, or not an object of strings (names the file and key), unless
        ``problems`` collects it.
    """
    out: dict[str, dict[str, str]] = {}
    for locale, spec in sorted(files.items()):
        merged: dict[str, str] = {}
        items = [spec] if isinstance(spec, (str, Path, dict)) else list(spec)
        for item in items:
            try:
                merged.update(_json_table(item, locale, problems))
            except TranslationFileError as exc:
                if problems is None:
                    raise
                where = "" if isinstance(item, dict) else str(item)
                problems.append(dict(kind="file", object_id="", field="", message=f"{exc}; file skipped", path=where))
        out[locale] = merged
    return out


def _json_table(item: Any, locale: str, problems: list[dict[str, Any]] | None) -> dict[str, str]:
    """One JSON language file (or mapping) as ``{key: text}``; raises TranslationFileError when unusable."""
    if isinstance(item, dict):
        data, where = item, f"<{locale} mapping>"
    else:
        where = str(item)
        try:
            raw = read_regular_file(Path(item), max_bytes=MAX_JSON_BYTES)
            data = decode_json(raw.decode("utf-8"), max_containers=MAX_JSON_CONTAINERS)
        except (FileRefusedError, JsonRefusedError) as exc:
            raise TranslationFileError(f"{where}: cannot read the language file: {exc.reason}") from exc
        except (OSError, ValueError) as exc:
            raise TranslationFileError(f"{where}: cannot read the language file: {exc}") from exc
    if not isinstance(data, dict):
        raise TranslationFileError(f"{where}: expected a JSON object of key -> text")
    table: dict[str, str] = {}
    for key, text in data.items():
        if isinstance(text, str):
            table[key] = text
            continue
        message = f"{where}: key {key!r}: expected a string, got {type(text).__name__}"
        if problems is None:
            raise TranslationFileError(message)
        problems.append(
            dict(
                kind="bad_lang_value",
                object_id="",
                field=key,
                message=f"{message}; key ignored",
                path="" if isinstance(item, dict) else where,
            )
        )
    return table


def resolve_references(text: str, locale: str, json_tables: Mapping[str, Mapping[str, str]]) -> str:
    """Replace ``{some.translation.key}`` by its text in ``locale`` (then ``en_us``), as the game does.

    Unknown keys stay as written; ``{@pagebreak}`` and ``{image:...}`` are never touched.
    """
    if "{" not in text or not json_tables:
        return text
    primary = json_tables.get(locale, {})
    english = json_tables.get("en_us", {})

    def replace(m: re.Match[str]) -> str:
        key = m.group(1)
        found = primary.get(key)
        if found is None:
            found = english.get(key)
        return m.group(0) if found is None else found

    return _REFERENCE.sub(replace, text)


def references(text: str) -> list[str]:
    """The ``{key}`` references inside a string."""
    return _REFERENCE.findall(text) if "{" in text else []


def _strip_codes(text: str) -> str:
    if "&" not in text and "§" not in text:
        return text
    text = text.replace("\\&", "\x00")
    text = _FORMAT_CODE.sub("", text)
    return text.replace("\x00", "&")


def _component_text(node: Any, locale: str, json_tables: Mapping[str, Mapping[str, str]]) -> str:
    if isinstance(node, str):
        return node
    if isinstance(node, list):
        return "".join(_component_text(n, locale, json_tables) for n in node)
    if isinstance(node, dict):
        out = ""
        if isinstance(node.get("text"), str):
            out = node["text"]
        elif isinstance(node.get("translate"), str):
            key = node["translate"]
            out = json_tables.get(locale, {}).get(key) or json_tables.get("en_us", {}).get(key) or key
        if "extra" in node:
            out += _component_text(node["extra"], locale, json_tables)
        return out
    return ""


def clean_lines(
    lines: str | tuple[str, ...] | list[str],
    *,
    locale: str = "en_us",
    json_tables: Mapping[str, Mapping[str, str]] | None = None,
) -> str:
    """Turn FTB text lines into plain text for reading and indexing.

    Resolves ``{key}`` references, flattens JSON text components, strips ``&x``/``§x`` format codes
    (``\\&`` stays a literal ``&``), drops ``{image:...}`` lines and turns ``{@pagebreak}`` lines into
    paragraph breaks. Lines are joined with newlines; empty lines stay (paragraph separators).

    Returns
    -------
    str
        The cleaned text, stripped of leading and trailing blank lines.
    """
    tables = json_tables or {}
    if isinstance(lines, str):
        lines = (lines,)
    out: list[str] = []
    for line in lines:
        line = resolve_references(line, locale, tables)
        stripped = line.strip()
        if stripped == _PAGEBREAK:
            out.append("")
            continue
        if stripped.startswith("{image:") and _IMAGE_LINE.fullmatch(line):
            continue
        if stripped[:1] in ("[", "{") and stripped[-1:] in ("]", "}"):
            try:  # a text component; one nested too deeply to read is kept as written
                line = _component_text(json.loads(stripped), locale, tables)
            except (ValueError, RecursionError):
                pass
        for part in _strip_codes(line).split("\n"):
            out.append(part.rstrip())
    return "\n".join(out).strip("\n")


def is_text(value: Any) -> bool:
    """True for a text value of a lang table (a string or a list of strings)."""
    return _as_text(value) is not None


__all__ += ["references", "is_text"]
