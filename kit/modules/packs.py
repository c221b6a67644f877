"""Find the data packs to read (the only module of :mod:`kit.modules` that touches disk).

A source is a data pack folder (holding ``data/``), a zipped pack (``.zip``; one top folder is allowed), a game or
mod jar, a world folder holding ``datapacks/`` (its packs are read in name order, as a server lists new packs; links
there are not followed), a :class:`kit.items.PackSet`, or a server (any object with a ``load_datapacks()`` method,
such as :class:`kit.servers.Server`, declared by the :class:`LoadsDatapacks` protocol: its packs are those it loads).
The files are listed and read by
:func:`kit.items.pack_files`, so module files are read under the same rules as recipes and loot tables, and a
PackSet's packs (in memory ones and applied feature packs included) are read in its order with its names.
"""

from __future__ import annotations

import os
import zipfile
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from kit.items import PackFiles, PackSet, pack_files
from kit.items.errors import DatapackError

__all__ = ["MAX_FILE_BYTES", "LoadsDatapacks", "open_packs"]


@runtime_checkable
class LoadsDatapacks(Protocol):
    """What kit.modules needs from a server: the packs the game loads, as one :class:`kit.items.PackSet`.

    :class:`kit.servers.Server` satisfies it. ``kit.servers`` sits beside ``kit.modules`` in the layers, so the
    contract is declared here, where it is used, instead of importing the server class.
    """

    def load_datapacks(self, *, strict: bool = False) -> PackSet:
        """The enabled packs in load order, loaded (lenient by default)."""
        ...


#: Files larger than this are reported, not parsed (a module definition is a few hundred bytes).
MAX_FILE_BYTES = 4 * 1024 * 1024


def _is_pack_dir(path: Path) -> bool:
    return (path / "data").is_dir()


def _expand(path: Path) -> list[Path]:
    if not path.exists():
        raise DatapackError(
            f"{path}: data pack not found (expected a folder holding data/, a .zip, a .jar, "
            "or a world folder holding datapacks/)"
        )
    if path.is_dir() and not _is_pack_dir(path):
        packs_dir = path / "datapacks"
        if packs_dir.is_dir():
            return [
                p
                for p in sorted(packs_dir.iterdir(), key=lambda p: p.name)
                if not p.is_symlink()
                and ((p.is_dir() and _is_pack_dir(p)) or (p.is_file() and p.suffix.lower() == ".zip"))
            ]
        raise DatapackError(f"{path}: not a data pack (no data/ folder inside) and not a world (no datapacks/ folder)")
    if path.is_file() and not zipfile.is_zipfile(path):
        raise DatapackError(f"{path}: not a data pack (neither a folder nor a zip/jar file)")
    return [path]


def open_packs(source: Any) -> list[PackFiles]:
    """The packs of ``source`` in priority order (lowest first), as :class:`kit.items.PackFiles`.

    Parameters
    ----------
    source : path, sequence of paths, kit.items.PackSet, or a server
        See the module docstring.

    Raises
    ------
    DatapackError
        When a path is missing or is neither a data pack nor a world folder.
    """
    if isinstance(source, LoadsDatapacks) and not isinstance(source, (str, os.PathLike, PackSet)):
        source = source.load_datapacks()
    if isinstance(source, PackSet):
        return pack_files(source)
    paths = [source] if isinstance(source, (str, os.PathLike)) else list(source)
    return pack_files([p for given in paths for p in _expand(Path(given))])
