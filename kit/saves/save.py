"""A game save as kit sees it: its folder and the assistant databases inside it."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from kit.saves.database import AgentDatabases
from kit.saves.errors import SaveNotFoundError

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
    """
    folder = Path(path)
    if not folder.is_dir():
        raise SaveNotFoundError(f"{folder}: no such save folder (expected a folder holding system/database/)")
    return Save(path=folder, databases=AgentDatabases(folder))
