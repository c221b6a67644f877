"""A game save as kit sees it: its folder and the assistant databases inside it."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from kit.core.errors import InvalidParameterError
from kit.saves.database import AgentDatabases
from kit.saves.errors import SaveNotFoundError
from kit.saves.save_checks import folder_problems

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Save", "SaveNotFoundError", "open_save"]


@dataclass(frozen=True)
class Save:
    """An opened save folder.

    Attributes
    ----------
    path : Path
        The save folder.
    databases : AgentDatabases
        The save's assistant databases (one instance per opened save; nothing shared across saves).
    """

    path: Path
    databases: AgentDatabases = field(repr=False, compare=False)

    @property
    def name(self) -> str:
        """The save folder's name."""
        return self.path.name

    def summary(self) -> pd.DataFrame:
        """One row per database of the save; the columns of :meth:`AgentDatabases.summary`."""
        return self.databases.summary()

    def problems(self) -> pd.DataFrame:
        """What is wrong with the save, in kit's problems shape (an empty frame when nothing is).

        Rows: ``no_databases`` (error) when ``system/database/`` is missing, naming where kit looked and a nearby
        folder that has databases if there is one (a folder one level too high or too low); ``legacy_file``
        (warning) for each of ``system-database/``, ``system-quest-knowledge.json`` and
        ``system-quest-backgrounds.json`` at the save's root (reported, never read, never deleted); then each
        database's own rows (:meth:`kit.AgentDatabase.problems`: an unreadable file, values kept raw).

        Returns
        -------
        DataFrame
            Columns ``severity, kind, object_id, field, message, path`` (:mod:`kit.core.problems`), then
            ``scope`` and ``player_uuid`` (empty for the save's own rows).
        """
        import pandas as pd

        from kit.core.problems import problems_frame
        from kit.saves.handle import PROBLEM_EXTRA_SCHEMA

        own = problems_frame(
            [{**row, "scope": "", "player_uuid": ""} for row in folder_problems(self.path)], PROBLEM_EXTRA_SCHEMA
        )
        frames = [own] + [db.problems() for db in self.databases.handles()]
        return pd.concat(frames, ignore_index=True)

    def close(self) -> None:
        """Close the databases (every handle becomes invalid)."""
        self.databases.close()

    def __enter__(self) -> Save:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_save(path: str | os.PathLike[str]) -> Save:
    """Open a save folder (nothing is read until a database is used).

    Raises
    ------
    SaveNotFoundError
        When ``path`` is not an existing folder.
    InvalidParameterError
        When ``path`` is not a path (str or ``os.PathLike``).

    A folder without ``system/database/`` opens (every database then reads as empty, as a new save's do);
    :meth:`Save.problems` says so and names a nearby folder that has databases.
    """
    if isinstance(path, Save):
        raise InvalidParameterError(
            f"The 'path' parameter of open_save must be a save folder (str or pathlib.Path). Got an already opened "
            f"Save of {str(path.path)!r} instead: use it as it is, or pass its .path"
        )
    if not isinstance(path, (str, os.PathLike)):
        raise InvalidParameterError(
            f"The 'path' parameter of open_save must be a save folder (str or pathlib.Path), such as "
            f"'sample_saves/aurora_server'. Got {type(path).__name__} {path!r} instead."
        )
    folder = Path(path)
    if not folder.is_dir():
        raise SaveNotFoundError(f"{folder}: no such save folder (expected a folder holding system/database/)")
    return Save(path=folder, databases=AgentDatabases(folder))
