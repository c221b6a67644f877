"""A save's assistant databases: the shared database and one database per player.

Layout on disk (see the README for the NBT layouts inside each file)::

    <save>/system/database/shared.dat
    <save>/system/database/players/<uuid>.dat

``AgentDatabases(save_dir)`` owns the databases of one save; ``shared()`` and ``player(uuid)`` return
:class:`~kit.saves.handle.AgentDatabase` handles with one API. Nothing is shared across saves or players: each
file has its own state, lock and indexes, and no call merges or falls back across scopes. Only ``*.dat`` files
are databases: the ``<file>.lock`` beside each (the advisory lock of its writers, :mod:`kit.saves._file`) and a
crashed writer's ``<file>.tmp`` never count as one.
"""

from __future__ import annotations

import os
import re
import threading
import uuid as uuid_module
from pathlib import Path
from typing import TYPE_CHECKING

from kit.core.atomic_files import check_folder_inside, fsync_folder, tmp_path_for
from kit.core.errors import InvalidHandleError, InvalidIdentifierError, StorageError
from kit.core.frames import frame
from kit.saves import nbt
from kit.saves._file import CodecRegistry, DatabaseFile
from kit.saves._layout import FORMAT_VERSION, LAYOUTS
from kit.saves.handle import SUMMARY_SCHEMA, AgentDatabase, DatabaseStats, TableStats

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "AgentDatabases",
    "AgentDatabase",
    "TableStats",
    "DatabaseStats",
    "FORMAT_VERSION",
    "LAYOUTS",
    "DATABASE_FOLDER",
    "canonical_player_uuid",
]

#: Where a save keeps its databases, relative to the save folder.
DATABASE_FOLDER = Path("system") / "database"

_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def canonical_player_uuid(value: str | uuid_module.UUID) -> str:
    """Return the canonical form of a player UUID, or raise InvalidIdentifierError.

    Only the canonical lower-case hyphenated form (or a :class:`uuid.UUID`) is accepted: anything else,
    including path fragments such as ``../x``, is refused before any file is touched.
    """
    if isinstance(value, uuid_module.UUID):
        return str(value)
    if isinstance(value, str) and _UUID.fullmatch(value):
        return value
    raise InvalidIdentifierError(
        f"invalid player UUID {value!r}: expected the canonical lower-case form "
        "'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx' (use str(uuid.UUID(text)) to normalise)"
    )


class AgentDatabases:
    """The databases of one save: ``shared()`` and ``player(uuid)``.

    Parameters
    ----------
    save_dir : path
        The save folder; files live under ``<save_dir>/system/database/``.
    max_size : int, default=kit.saves.nbt.DEFAULT_MAX_SIZE
        The largest database accepted when reading, on disk and once inflated (16 MiB; a guard against
        decompression bombs).
    quota : int, default=kit.saves.nbt.DEFAULT_QUOTA
        The most a database's decoded tags may cost, charged per tag as the game's ``NbtAccounter``
        does (:data:`kit.saves.nbt.TAG_CHARGES`; 40 MiB). With ``max_size`` it keeps a refused file under about
        64 MB of memory; raise both to read bigger databases.

    Notes
    -----
    Each instance has its own state; two saves never share anything. Use it as a context manager or
    call :meth:`close` to release the files' write locks and invalidate every handle.
    """

    def __init__(
        self,
        save_dir: str | os.PathLike[str],
        *,
        max_size: int = nbt.DEFAULT_MAX_SIZE,
        quota: int = nbt.DEFAULT_QUOTA,
    ) -> None:
        self.save_dir = Path(save_dir)
        self.folder = self.save_dir / DATABASE_FOLDER
        self.max_size = max_size
        self.quota = quota
        self._registry = CodecRegistry()
        self._lock = threading.Lock()
        self._shared: DatabaseFile | None = None
        self._players: dict[str, DatabaseFile] = {}
        self._closed = False

    def __repr__(self) -> str:
        return f"AgentDatabases({str(self.save_dir)!r})"

    def __enter__(self) -> AgentDatabases:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _check_open(self) -> None:
        if self._closed:
            raise InvalidHandleError(f"the databases of {self.save_dir} were closed")

    @property
    def shared_path(self) -> Path:
        """``<save>/system/database/shared.dat``."""
        return self.folder / "shared.dat"

    def player_path(self, player_uuid: str | uuid_module.UUID) -> Path:
        """``<save>/system/database/players/<uuid>.dat`` (the UUID is validated first)."""
        return self.folder / "players" / f"{canonical_player_uuid(player_uuid)}.dat"

    def shared(self) -> AgentDatabase:
        """The shared database of the save (public knowledge, FTB guides, quest backgrounds)."""
        with self._lock:
            self._check_open()
            if self._shared is None:
                self._shared = DatabaseFile(
                    self.shared_path, "shared", self._registry, self.max_size, self.save_dir, self.quota
                )
            return AgentDatabase(self._shared, "shared", None)

    def player(self, player_uuid: str | uuid_module.UUID) -> AgentDatabase:
        """The private database of one player; loaded on first use, its file created on first write."""
        key = canonical_player_uuid(player_uuid)
        with self._lock:
            self._check_open()
            core = self._players.get(key)
            if core is None:
                core = self._players[key] = DatabaseFile(
                    self.player_path(key), f"player {key}", self._registry, self.max_size, self.save_dir, self.quota
                )
            return AgentDatabase(core, "player", key)

    def player_uuids(self) -> list[str]:
        """The players that have a database file, sorted (files whose name is not a UUID are ignored)."""
        folder = self.folder / "players"
        if not folder.is_dir():
            return []
        return sorted(p.stem for p in folder.glob("*.dat") if _UUID.fullmatch(p.stem))

    def _delete_player(self, player_uuid: str | uuid_module.UUID) -> bool:
        key = canonical_player_uuid(player_uuid)
        path = self.player_path(key)
        with self._lock:
            self._check_open()
            core = self._players.pop(key, None)
        if core is not None:
            core.invalidate()
        check_folder_inside(self.save_dir, path.parent)  # never delete through a symbolic link to elsewhere
        existed = path.exists() or path.is_symlink()
        try:
            path.unlink(missing_ok=True)
            tmp_path_for(path).unlink(missing_ok=True)
        except OSError as exc:
            raise StorageError(f"{path}: cannot delete the player database: {exc.strerror or exc}") from exc
        fsync_folder(path.parent) if path.parent.exists() else None
        return existed

    def revoke(self, player_uuid: str | uuid_module.UUID) -> bool:
        """Delete a player's database (without decoding it) and invalidate its handles.

        Returns True when a file was deleted. The shared database is never deleted.
        """
        return self._delete_player(player_uuid)

    def reset(self, player_uuid: str | uuid_module.UUID) -> bool:
        """Reset a player's database to empty: same effect as :meth:`revoke` (works on corrupt files too)."""
        return self._delete_player(player_uuid)

    def close(self) -> None:
        """Invalidate every handle and release the write locks. Closing twice is harmless."""
        with self._lock:
            self._closed = True
            cores = ([self._shared] if self._shared else []) + list(self._players.values())
            self._shared = None
            self._players.clear()
        for core in cores:
            core.invalidate()

    def summary(self) -> pd.DataFrame:
        """One row per database of the save.

        Returns
        -------
        DataFrame
            Columns ``scope`` ("shared" / "player"), ``player_uuid`` ("" for shared), ``path`` (relative
            to the save), ``exists``, ``file_size_bytes``, ``n_tables``, ``n_entries``, ``n_documents``.
            Shared first, then players by UUID (the records of :meth:`AgentDatabase.stats` as a frame).
        """
        return frame(SUMMARY_SCHEMA, [d.stats() for d in self.handles()])

    def handles(self) -> list[AgentDatabase]:
        """The shared database, then one handle per player database file (by UUID)."""
        return [self.shared()] + [self.player(u) for u in self.player_uuids()]
