"""A Minecraft server folder as kit sees it: world, mods, data packs in load order, quest book, problems."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kit.core.collector import building_tables
from kit.core.frames import frame, ordered
from kit.core.problems import problem_schema
from kit.items.packs import PackBytes, load_datapacks
from kit.saves.save import Save, SaveNotFoundError, open_save
from kit.servers.errors import ServerNotFoundError
from kit.servers.mods import JarScan, ModInfo, scan_jar
from kit.servers.packs import (
    KIND_ORDER,
    PackEntry,
    VanillaJar,
    find_loader_jars,
    find_vanilla,
    read_level_packs,
    world_packs,
)

if TYPE_CHECKING:
    import pandas as pd

    from kit.ftb import QuestBook
    from kit.items import PackSet
    from kit.servers.quest_doctor import QuestDoctorReport

__all__ = ["Server", "ServerNotFoundError", "open_server", "read_server_properties"]

MOD_SCHEMA = {
    "mod_id": "string",
    "version": "string",
    "loader": "string",
    "display_name": "string",
    "jar": "string",
    "has_data": "bool",
    "has_assets": "bool",
}
DATAPACK_SCHEMA = {
    "position": "int64",
    "pack_id": "string",
    "kind": ordered(KIND_ORDER),
    "path": "string",
    "enabled": "bool",
    "pack_format": "Int64",
    "description": "string",
}
#: Columns of :meth:`Server.problems`: the shared problems shape (:mod:`kit.core.problems`), then ``pack``.
PROBLEM_SCHEMA = problem_schema({"pack": "string"})


def read_server_properties(text: str) -> dict[str, str]:
    """Parse ``server.properties`` (``key=value`` lines, ``#`` / ``!`` comments, backslash escapes)."""
    out: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] in "#!":
            continue
        key, sep, value = line.partition("=")
        if not sep:
            key, sep, value = line.partition(":")
        unescape = lambda s: s.replace("\\:", ":").replace("\\=", "=").replace("\\\\", "\\")  # noqa: E731
        out[unescape(key.strip())] = unescape(value.strip())
    return out


@dataclass
class Server:
    """An opened server folder (see :func:`open_server`).

    Attributes
    ----------
    path : Path
        The server folder.
    level_name : str
        The world folder's name (``level-name`` in ``server.properties``, default ``world``).
    loader : str
        ``neoforge``, ``forge``, ``fabric``, ``quilt`` or ``vanilla`` (from the loader jars and mod metadata).
    minecraft_version : str
        From the game jar's ``version.json`` ("" when unknown).
    """

    path: Path
    level_name: str
    loader: str
    minecraft_version: str
    _vanilla: VanillaJar | None = field(repr=False)
    _jars: list[JarScan] = field(repr=False)
    _loader_jars: list[JarScan] = field(repr=False)
    _packs: list[PackEntry] = field(repr=False)
    _problems: list[tuple] = field(repr=False)
    _world: Save | None = field(default=None, repr=False)
    _packset: Any = field(default=None, repr=False)

    @property
    def world_path(self) -> Path:
        """The world folder (it may not exist)."""
        return self.path / self.level_name

    @property
    def world(self) -> Save:
        """The world folder as a :class:`kit.Save` (its assistant databases live there).

        Raises
        ------
        SaveNotFoundError
            When the world folder does not exist.
        """
        if self._world is None:
            if not self.world_path.is_dir():
                raise SaveNotFoundError(
                    f"{self.world_path}: the server's world folder (level-name {self.level_name!r}) does not exist"
                )
            self._world = open_save(self.world_path)
        return self._world

    def close(self) -> None:
        """Close the world's databases."""
        if self._world is not None:
            self._world.close()

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---------------------------------------------------------------- frames

    def _mod_infos(self) -> list[tuple[ModInfo, JarScan]]:
        out: list[tuple[ModInfo, JarScan]] = []
        for top in self._loader_jars + self._jars:
            for scan in top.walk():
                out.extend((m, scan) for m in scan.mods)
        return out

    def mod_ids(self) -> frozenset[str]:
        """Every loaded mod id (``minecraft`` and the loader included), what loader conditions are checked against."""
        return frozenset(["minecraft"] + [m.mod_id for m, _s in self._mod_infos()])

    def mods(self) -> pd.DataFrame:
        """The mods of the server: ``minecraft``, the loader, ``mods/*.jar`` and the jars nested in them.

        Returns
        -------
        pandas.DataFrame
            Columns ``mod_id``, ``version``, ``loader`` (the metadata format: neoforge, forge, fabric, quilt;
            ``vanilla`` for minecraft), ``display_name``, ``jar`` (path in the server folder; ``outer.jar!inner.jar``
            for jar-in-jar), ``has_data``, ``has_assets``; sorted by mod id, then jar.
        """
        rows = []
        if self._vanilla is not None:
            rows.append(
                (
                    "minecraft",
                    self.minecraft_version,
                    "vanilla",
                    "Minecraft",
                    self._vanilla.label,
                    True,
                    self._vanilla.has_assets,
                )
            )
        for m, scan in self._mod_infos():
            rows.append((m.mod_id, m.version, m.loader, m.display_name, m.jar, scan.has_data, scan.has_assets))
        rows.sort(key=lambda r: (r[0], r[4]))
        return frame(MOD_SCHEMA, rows)

    def datapacks(self) -> pd.DataFrame:
        """The data packs in the game's load order (lowest priority first), enabled or not.

        Returns
        -------
        pandas.DataFrame
            Columns ``position`` (from 1, load order), ``pack_id`` (``vanilla``, a feature name, ``mod:<id>``,
            ``file/<name>``, ``kubejs``), ``kind`` (ordered: vanilla < feature < loader < mod < world < kubejs),
            ``path`` (in the server folder), ``enabled``, ``pack_format`` (missing when not written),
            ``description``.
        """
        rows = [
            (i, p.pack_id, p.kind, p.path, p.enabled, p.pack_format, p.description)
            for i, p in enumerate(self._packs, 1)
        ]
        return frame(DATAPACK_SCHEMA, rows)

    def load_datapacks(self, *, strict: bool = False) -> PackSet:
        """Load exactly what the game would: the enabled packs in load order, conditions checked against the mods.

        Returns
        -------
        kit.items.PackSet
            Cached: a second call returns the same object (unless ``strict=True``).
        """
        if self._packset is not None and not strict:
            return self._packset
        features = [p.pack_id for p in self._packs if p.kind == "feature" and p.enabled]
        packs = load_datapacks(_load_sources(self._packs), strict=strict, features=features, mods=self.mod_ids())
        if not strict:
            self._packset = packs
        return packs

    def doctor(
        self,
        *,
        quest_book: QuestBook | None = None,
        extra_packs: Sequence[str | os.PathLike[str]] = (),
        sources: Mapping[str, Any] | None = None,
    ) -> QuestDoctorReport:
        """The pack doctor on what the game loads, with the server's quest book (see :func:`kit.servers.doctor`).

        Parameters
        ----------
        quest_book : kit.ftb.QuestBook, optional
            Default: the server's own book (``config/ftbquests/quests``), when it has one.
        extra_packs : sequence of paths, optional
            Packs loaded on top of the server's (a draft to check before installing it).
        sources : mapping, optional
            More code/creative entries (see :func:`kit.items.doctor`).

        Returns
        -------
        kit.servers.quest_doctor.QuestDoctorReport
        """
        from kit.ftb import QuestBookNotFoundError
        from kit.servers.quest_doctor import doctor

        if extra_packs:
            features = [p.pack_id for p in self._packs if p.kind == "feature" and p.enabled]
            sources_ = [*_load_sources(self._packs), *extra_packs]
            packs = load_datapacks(sources_, strict=False, features=features, mods=self.mod_ids())
        else:
            packs = self.load_datapacks()
        if quest_book is None:
            try:
                quest_book = self.quest_book()
            except QuestBookNotFoundError:
                quest_book = None
        return doctor(packs, quest_book, sources=sources)

    def quest_book(self, **kwargs: Any) -> QuestBook:
        """The FTB Quests book under ``config/ftbquests/quests`` (``kit.ftb.read_quest_book``, lenient by default).

        Raises
        ------
        kit.ftb.QuestBookNotFoundError
            When the server has no quest book.
        """
        from kit.ftb import read_quest_book

        kwargs.setdefault("strict", False)
        return read_quest_book(self.path, **kwargs)

    def problems(self, *, data: bool = False) -> pd.DataFrame:
        """What kit could not read in the server folder, in the shared problems shape.

        Parameters
        ----------
        data : bool, default=False
            Also load the data packs and add their problems (``PackSet.problems()``).

        Returns
        -------
        pandas.DataFrame
            Columns ``severity`` (ordered: warning < error), ``kind``, ``object_id``, ``field``, ``message``,
            ``path`` (in the server folder), ``pack`` (the data pack, for data problems). Server kinds:
            ``not_a_zip``, ``unreadable_metadata``, ``no_mod_metadata``, ``duplicate_mod``,
            ``unreadable_level_dat``, ``missing_pack``, ``empty_pack``, ``no_vanilla_data``,
            ``unreadable_pack_mcmeta``, ``missing_nested_jar``, ``unreadable_nested_jar``, ``nested_too_deep``.
            Errors first, then by kind and object.
        """
        rows = [tuple(r) + ("",) for r in self._problems]
        if data:
            packs = self.load_datapacks()
            rows += [tuple(r) for r in packs.problems().astype(object).itertuples(index=False)]
        order = {"error": 0, "warning": 1}
        rows = sorted(dict.fromkeys(rows), key=lambda r: (order[r[0]], r[1], r[2], r[5]))
        return frame(PROBLEM_SCHEMA, rows)


def _detect_loader(loader_jars: list[tuple[str, Path]], jars: list[JarScan], root: Path) -> str:
    if loader_jars:
        return loader_jars[-1][0]
    kinds = [m.loader for j in jars for s in j.walk() for m in s.mods]
    if (root / "libraries" / "net" / "fabricmc").is_dir() or (root / ".fabric").is_dir() or "fabric" in kinds:
        return "fabric"
    if (root / "libraries" / "org" / "quiltmc").is_dir() or "quilt" in kinds:
        return "quilt"
    for k in ("neoforge", "forge"):
        if k in kinds:
            return k
    return "vanilla"


def _load_sources(packs: Iterable[PackEntry]) -> list[str | os.PathLike[str] | PackBytes]:
    """What :func:`kit.items.load_datapacks` reads for ``packs``, in load order.

    The sources of the enabled packs; features are left out (``features=`` switches them on) and so are packs
    without a loadable source (``None``).
    """
    return [
        p.source
        for p in packs
        if p.enabled and p.kind != "feature" and isinstance(p.source, (str, os.PathLike, PackBytes))
    ]


def _source(scan: JarScan) -> Path | PackBytes:
    if isinstance(scan.source, bytes):
        return PackBytes(scan.label.rsplit("/", 1)[-1], scan.source, scan.label)
    return scan.source


def open_server(
    path: str | os.PathLike[str], *, client_jar: str | os.PathLike[str] | None = None, level_name: str | None = None
) -> Server:
    """Open a server (or modpack instance) folder: find its world, game jar, loader, mods and data packs.

    Parameters
    ----------
    path : path-like
        The server folder.
    client_jar : path-like, optional
        A client jar (``.minecraft/versions/<v>/<v>.jar``) to take vanilla data (and English names) from, for a
        folder without a server jar.
    level_name : str, optional
        The world folder; default ``level-name`` from ``server.properties``, else ``world``.

    Returns
    -------
    Server

    Raises
    ------
    ServerNotFoundError
        When ``path`` is not a folder, or holds none of: ``server.properties``, a world folder with ``level.dat``,
        a server jar, ``mods/``, ``libraries/``, ``kubejs/``, ``config/ftbquests/``.
    """
    root = Path(path)
    found = _discover(root, client_jar, level_name)
    with building_tables():  # every jar's directory: a ZipInfo per member, kept while the jars are held
        loader_scans = [scan_jar(p, p.relative_to(root).as_posix()) for _l, p in found.loader_paths[-1:]]
        jars = [scan_jar(p, p.relative_to(root).as_posix()) for p in found.mod_paths]
    _jar_problems(loader_scans + jars, found.problems)
    loader = _detect_loader(found.loader_paths, jars, root)
    world = root / found.level
    enabled, disabled = read_level_packs(world / "level.dat", found.problems, f"{found.level}/level.dat")
    packs = _vanilla_packs(found.vanilla, enabled) + _jar_packs(loader_scans, jars)
    packs.extend(world_packs(world, root, enabled, disabled, found.problems))
    if found.has_kubejs:
        packs.append(PackEntry("kubejs", "kubejs", "kubejs", True, None, "KubeJS data and assets", root / "kubejs"))
    version = found.vanilla.version if found.vanilla else ""
    return Server(root, found.level, loader, version, found.vanilla, jars, loader_scans, packs, found.problems)


@dataclass
class _Found:
    """What :func:`_discover` found in a server folder before any jar is opened."""

    level: str
    vanilla: VanillaJar | None
    loader_paths: list[tuple[str, Path]]
    mod_paths: list[Path]
    has_kubejs: bool
    problems: list[tuple]


def _discover(root: Path, client_jar: str | os.PathLike[str] | None, level_name: str | None) -> _Found:
    """Find the properties, world, game jar, loader jars, mod jars and KubeJS folder of a server folder.

    Raises
    ------
    ServerNotFoundError
        When ``root`` is not a folder or holds nothing a server has.
    """
    if not root.is_dir():
        raise ServerNotFoundError(
            f"{root}: "
            + (
                "not a folder (a server is a folder holding server.properties, the world, mods/ ...)"
                if root.exists()
                else "no such server folder"
            )
        )
    problems: list[tuple] = []
    props_path = root / "server.properties"
    props: dict[str, str] = {}
    if props_path.is_file():
        try:
            props = read_server_properties(props_path.read_text(encoding="utf-8", errors="replace"))
        except OSError as exc:
            problems.append(("warning", "unreadable_properties", "", "", str(exc), "server.properties"))
    level = level_name or props.get("level-name") or "world"
    vanilla = find_vanilla(root, Path(client_jar) if client_jar is not None else None, problems)
    loader_paths = find_loader_jars(root)
    mods = root / "mods"
    mod_paths = sorted(p for p in mods.glob("*.jar") if p.is_file()) if mods.is_dir() else []
    kubejs = root / "kubejs"
    has_kubejs = (kubejs / "data").is_dir() or (kubejs / "assets").is_dir()
    recognised = [
        props_path.is_file(),
        (root / level / "level.dat").is_file(),
        vanilla is not None,
        bool(loader_paths),
        mods.is_dir(),
        has_kubejs,
        (root / "config" / "ftbquests").is_dir(),
    ]
    if not any(recognised):
        raise ServerNotFoundError(
            f"{root}: not a Minecraft server folder (looked for server.properties, a world folder "
            f"'{level}' with level.dat, a server jar (*.jar with data/minecraft/, or a bundler jar), mods/, "
            f"libraries/net/neoforged or minecraftforge, kubejs/data or kubejs/assets, config/ftbquests/)"
        )
    if vanilla is None and client_jar is None:
        problems.append(
            (
                "warning",
                "no_vanilla_data",
                "",
                "",
                "no server jar with vanilla data found (looked at "
                "*.jar, versions/*/*.jar, libraries/net/minecraft/server/); pass client_jar= to use a "
                "client jar",
                "",
            )
        )
    return _Found(level, vanilla, loader_paths, mod_paths, has_kubejs, problems)


def _jar_problems(tops: list[JarScan], problems: list[tuple]) -> None:
    """Add the problems of every scanned jar (nested ones included): its own, data without mod metadata, and a mod
    id declared by two jars.
    """
    seen: dict[str, str] = {}
    for top in tops:
        for scan in top.walk():
            problems.extend(scan.problems)
            if (
                not scan.mods
                and (scan.has_data or scan.has_assets)
                and not any(p[1] in ("not_a_zip", "unreadable_metadata") for p in scan.problems)
            ):
                problems.append(
                    (
                        "warning",
                        "no_mod_metadata",
                        "",
                        "",
                        "jar with data but no mod metadata; its data is loaded as a pack named after the jar",
                        scan.label,
                    )
                )
            for m in scan.mods:
                if m.mod_id in seen and seen[m.mod_id] != scan.label:
                    problems.append(
                        (
                            "error",
                            "duplicate_mod",
                            m.mod_id,
                            "modId",
                            f"mod {m.mod_id} is also declared by {seen[m.mod_id]}; the game refuses to start",
                            scan.label,
                        )
                    )
                seen.setdefault(m.mod_id, scan.label)


def _vanilla_packs(vanilla: VanillaJar | None, enabled: list[str] | None) -> list[PackEntry]:
    """The vanilla pack and its feature packs (enabled as ``level.dat`` says)."""
    if vanilla is None:
        return []
    source = (
        vanilla.source
        if isinstance(vanilla.source, Path)
        else PackBytes(vanilla.label.rsplit("/", 1)[-1], vanilla.source, vanilla.label)
    )
    packs = [
        PackEntry(
            "vanilla", "vanilla", vanilla.label, True, vanilla.pack_format, "The default data for Minecraft", source
        )
    ]
    for feat in vanilla.features:
        label = f"{vanilla.label}!data/minecraft/datapacks/{feat}"
        packs.append(PackEntry(feat, "feature", label, feat in (enabled or []), None, "", None))
    return packs


def _jar_packs(loader_scans: list[JarScan], jars: list[JarScan]) -> list[PackEntry]:
    """The data packs of the loader jar and the mod jars (nested jars included): the loader's first, then the mods'
    sorted by pack id and path.
    """
    packs: list[PackEntry] = []
    mod_entries: list[PackEntry] = []
    for kind, tops in (("loader", loader_scans), ("mod", jars)):
        for top in tops:
            for scan in top.walk():
                if not (scan.has_data or scan.has_assets):
                    continue
                pid = "mod:" + (scan.mods[0].mod_id if scan.mods else Path(scan.label.split("!")[-1]).stem)
                entry = PackEntry(pid, kind, scan.label, True, scan.pack_format, scan.description, _source(scan))
                (packs if kind == "loader" else mod_entries).append(entry)
    return packs + sorted(mod_entries, key=lambda e: (e.pack_id, e.path))
