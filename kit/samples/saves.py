"""Writes the databases of the embedded sample save ``sample_saves/aurora_server``.

Everything is deterministic: the same code writes the same bytes (gzip with a zero timestamp, sorted
tables, fixed UUIDs). The texts come from :mod:`kit.samples.guides`.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from kit.samples import guides
from kit.saves import codecs, nbt
from kit.saves.database import DATABASE_FOLDER, AgentDatabases
from kit.saves.tables import FTB_GUIDES, KNOWLEDGE, QUEST_BACKGROUNDS, DatabaseTable

__all__ = ["PLAYERS", "LEGACY_PLAYER", "NOTES", "WAYPOINTS", "Waypoint", "write_databases", "ingest_guides"]

LANGUAGES: tuple[guides.Language, ...] = ("zh_cn", "en_us")

#: The sample players: name -> UUID.
PLAYERS: dict[str, str] = {
    "alex": "6f1c2a4e-5b7d-4e21-9a3c-0d8e7f6a5b41",
    "mei": "a2d4e6f8-1b3c-4d5e-8f70-91a2b3c4d5e6",
    "sam": "c9b8a7d6-e5f4-4a3b-9c2d-1e0f9a8b7c6d",
}
#: A fourth player whose file is in the legacy form (uncompressed, named root, no format version).
LEGACY_PLAYER = "0f0e0d0c-0b0a-4998-8776-655443322110"


@dataclass(frozen=True)
class Waypoint:
    """A player's saved location (a record table in the sample)."""

    dimension: str
    x: int
    y: int
    z: int
    note: str = ""


#: Private notes of a player: key -> text.
NOTES: DatabaseTable[str] = DatabaseTable("aurora:notes", codecs.STRING)
#: Saved waypoints of a player: name -> Waypoint.
WAYPOINTS: DatabaseTable[Waypoint] = DatabaseTable("aurora:waypoints", codecs.record(Waypoint))

_WAYPOINTS = {
    "alex": {
        "home": Waypoint("minecraft:overworld", 2210, 71, -870, "Copperhold workshop"),
        "drill": Waypoint("aurora:mining", -4480, 40, 5120, "Glacier Drill #2"),
    },
    "mei": {
        "home": Waypoint("minecraft:overworld", -1535, 66, 2480, "青柳农庄"),
        "greenhouse": Waypoint("minecraft:overworld", -1535, 66, 2462, "温室"),
    },
    "sam": {"stash": Waypoint("minecraft:overworld", 6120, 38, 7340, "Sunken Observatory #3")},
}


def write_databases(save_dir: Path) -> None:
    """(Re)write ``<save_dir>/system/database/`` with the sample's shared and player databases."""
    folder = save_dir / DATABASE_FOLDER
    if folder.exists():
        shutil.rmtree(folder)
    with AgentDatabases(save_dir) as dbs:
        shared = dbs.shared()
        with shared.batch():
            for language in LANGUAGES:
                shared.put(KNOWLEDGE, language, guides.knowledge_documents(language))
                shared.put(FTB_GUIDES, language, guides.ftb_guides(language))
            shared.replace(QUEST_BACKGROUNDS, guides.quest_backgrounds())
        for name, player_uuid in PLAYERS.items():
            db = dbs.player(player_uuid)
            with db.batch():
                db.replace(NOTES, guides.player_notes(name))
                db.replace(WAYPOINTS, _WAYPOINTS.get(name, {}))
                for language in LANGUAGES:
                    db.put(KNOWLEDGE, language, guides.player_knowledge(name, language))
    _write_legacy_player(folder / "players" / f"{LEGACY_PLAYER}.dat")
    _remove_locks(folder)


def ingest_guides(save_dir: Path) -> None:
    """Re-ingest the guides of the sample quest book (``config/ftbquests``) as ``/system ftb reload`` would.

    Runs after :func:`kit.samples.quests.write_quests`, so the stored ``system:ftb_guides`` table is
    exactly what a reload of the sample book produces.
    """
    import kit.ftb
    from kit.saves.save import open_save

    with open_save(save_dir) as save:
        kit.ftb.reload(save, kit.ftb.read_quest_book(save_dir), languages=list(LANGUAGES))
    _remove_locks(save_dir / DATABASE_FOLDER)


def _remove_locks(folder: Path) -> None:
    """The writers are closed: their advisory lock files are not sample data."""
    for lock in folder.rglob("*.lock"):
        lock.unlink()


def _write_legacy_player(path: Path) -> None:
    """An old-style file: no gzip, a root tag named ``AgentDatabase`` and no ``format_version``."""
    root = {
        "tables": {
            NOTES.id: {
                "codec": NOTES.codec.signature,
                "entries": {"welcome": "Written by an older server build: uncompressed, with a named root."},
            }
        }
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(nbt.encode_nbt(root, "AgentDatabase", compression="none"))
