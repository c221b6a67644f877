"""What is wrong with a save folder as a whole: no databases where kit looks, and legacy files the server left.

Pure folder checks (nothing is read or deleted); :meth:`kit.saves.Save.problems` adds each database's own rows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kit.saves.database import DATABASE_FOLDER

__all__ = ["LEGACY_PATHS", "folder_problems", "nearby_saves"]

#: Files and folders older servers kept at the save's root, beside ``system/``. The design has no compatibility
#: layer for them: kit reports them and never reads or deletes them.
LEGACY_PATHS: dict[str, str] = {
    "system-database": "the old database folder (today: system/database/)",
    "system-quest-knowledge.json": "the old quest knowledge file (today: the system:ftb_guides table)",
    "system-quest-backgrounds.json": "the old quest backgrounds file (today: the system:quest_backgrounds table)",
}

_MAX_CANDIDATES = 200  # folders looked at around a save without databases (bounded: never a walk of a disk)


def nearby_saves(folder: Path) -> list[Path]:
    """Folders near ``folder`` (its children and grandchildren, its parent and grandparent) that hold
    ``system/database/``, sorted; at most a few hundred folders are looked at.
    """
    candidates: list[Path] = []
    try:
        children = sorted(p for p in folder.iterdir() if p.is_dir() and not p.is_symlink())[:_MAX_CANDIDATES]
    except OSError:
        children = []
    candidates += children
    for child in children[:50]:
        try:
            candidates += sorted(p for p in child.iterdir() if p.is_dir() and not p.is_symlink())[:50]
        except OSError:
            continue
    candidates += [p for p in (folder.parent, folder.parent.parent) if p != folder]
    resolved = folder.resolve()
    found = {p for p in candidates if (p / DATABASE_FOLDER).is_dir() and p.resolve() != resolved}
    return sorted(found)


def folder_problems(folder: Path) -> list[dict[str, Any]]:
    """Problem rows (kit's shape, without the frame) about the save folder itself."""
    rows: list[dict[str, Any]] = []
    database_folder = folder / DATABASE_FOLDER
    if not database_folder.is_dir():
        nearby = nearby_saves(folder)
        hint = (
            (
                f"; {', '.join(str(p) for p in nearby[:3])} {'has' if len(nearby) == 1 else 'have'} "
                f"system/database/: open {'it' if len(nearby) == 1 else 'one of them'} instead"
            )
            if nearby
            else ("; no folder nearby has one either (is this a save folder?)")
        )
        rows.append(
            {
                "severity": "error",
                "kind": "no_databases",
                "field": "system/database",
                "message": f"no databases: {database_folder} does not exist, so every database reads as empty{hint}",
                "path": str(database_folder),
            }
        )
    for name, what in LEGACY_PATHS.items():
        path = folder / name
        if path.exists() or path.is_symlink():
            rows.append(
                {
                    "severity": "warning",
                    "kind": "legacy_file",
                    "field": name,
                    "message": f"{name}: {what}, left by an older server; kit neither reads nor deletes it "
                    "(the design has no compatibility layer): move it away once nothing needs it",
                    "path": str(path),
                }
            )
    return rows
