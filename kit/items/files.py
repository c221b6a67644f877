"""The files of data packs, listed with bounded readers: the public face of kit.items' hardened reading layer.

Other subsystems that read their own files out of data packs (``kit.modules``) list them here instead of opening
folders, zips and jars themselves, so every pack file is read under the same rules as a recipe or loot table:
regular files only (a FIFO or a link to a device is refused without blocking), at most
:data:`~kit.items.packs.MAX_MEMBER_BYTES` per member or the caller's smaller cap, zip members inflated in bounded
chunks, corrupt, encrypted and unsupported members refused, and JSON parsed behind kit's caps (objects, depth).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kit.items.errors import PackFileRefusedError
from kit.items.packs import PackBytes, decode_pack_json, open_sources

if TYPE_CHECKING:
    from kit.items.packset import PackSet

__all__ = ["PackFiles", "pack_files"]


@dataclass(frozen=True)
class PackFiles:
    """One pack's files: ``pack`` (the name shown in frames), ``kind`` (``folder``, ``zip``, ``jar``, ``feature``),
    ``location`` (for messages; ``outer.jar!inner`` for packs held in memory or feature packs) and ``files``.

    ``files`` maps each path inside the pack (``/``-separated, ``data/...`` and ``assets/...``) to a reader:
    ``files[path](max_bytes=None) -> bytes``. A reader raises :class:`~kit.items.PackFileRefusedError` (an
    ``OSError``) naming the reason when the file is not a regular file, holds more than ``max_bytes`` (or
    :data:`~kit.items.packs.MAX_MEMBER_BYTES`) bytes, or is a corrupt, encrypted or unsupported zip member.
    """

    pack: str
    kind: str
    location: str
    files: Mapping[str, Callable[..., bytes]] = field(repr=False)

    def read(self, path: str, *, max_bytes: int | None = None) -> bytes:
        """The bytes of one file (see the class docstring for what is refused).

        Raises
        ------
        KeyError
            When the pack holds no such file.
        kit.items.PackFileRefusedError
            When the file is refused; the message starts with the pack's location and the path.
        """
        reader = self.files[path]
        try:
            return reader(max_bytes)
        except PackFileRefusedError as exc:
            raise PackFileRefusedError(f"{self.location}: {path}: {exc}") from None

    def read_json(self, path: str, *, max_bytes: int | None = None) -> Any:
        """One file parsed as JSON behind kit's caps (UTF-8, a byte order mark allowed; at most
        :data:`~kit.items.packs.MAX_JSON_CONTAINERS` objects and arrays, nesting at most
        :data:`kit.core.json_files.MAX_JSON_DEPTH`).

        Raises
        ------
        kit.items.PackFileRefusedError
            When the file is refused.
        kit.JsonRefusedError
            When the JSON passes a cap (a ``ValueError``).
        ValueError
            When the file is not UTF-8 or not JSON.
        """
        return decode_pack_json(self.read(path, max_bytes=max_bytes))


def pack_files(
    source: str | os.PathLike[str] | PackBytes | Sequence[str | os.PathLike[str] | PackBytes] | PackSet,
    *,
    features: Iterable[str] = (),
) -> list[PackFiles]:
    """List the files of data packs, lowest priority first.

    Parameters
    ----------
    source : path, PackBytes, sequence of them, or PackSet
        Pack folders, zipped packs or jars (as :func:`~kit.items.load_datapacks` takes them), or a loaded
        :class:`~kit.items.PackSet`: then exactly the packs it read, in its order, with its names, applied feature
        packs included (also packs held in memory, such as a server jar nested in a bundler).
    features : iterable of str, default=()
        For paths: the built-in feature packs to list right after the pack holding them (ignored for a PackSet,
        which lists the ones it applied).

    Returns
    -------
    list of PackFiles

    Raises
    ------
    DatapackError
        When a path is missing or is not a data pack.
    """
    from kit.items.packset import PackSet

    if isinstance(source, PackSet):
        sources = list(source._sources)
    else:
        wanted = [features] if isinstance(features, str) else list(features)
        sources = []
        for src in open_sources(source):
            sources.append(src)
            sources.extend(f for name, f in src.features().items() if name in wanted)
    return [PackFiles(s.name, s.kind, s.location, dict(s.files)) for s in sources]
