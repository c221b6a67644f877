"""Team progress and team membership on the world side (``<world>/ftbquests``, ``<world>/ftbteams``).

Layouts (format note, section 2.5):

* ``<world>/ftbquests/<team uuid with dashes>.snbt``: one file per team; only ``*.snbt`` files whose
  name contains ``-`` are read (as FTB Quests does). Keys ``uuid`` (32 hex), ``name``,
  ``task_progress``, ``started``, ``completed``, ``claimed_rewards`` (``"<player32>:<rewardId>"``),
  and either ``player_data`` (1.19 and later) or top-level ``can_edit``/``pinned_quests`` (1.16/1.18).
* ``<world>/ftbteams/player/<uuid>.snbt``: a personal team (its id is the player's UUID).
* ``<world>/ftbteams/party/<uuid>.snbt``: a party; ``ranks`` lists its members. A player in a party
  uses the party's progress file.

Numbers and booleans are read leniently (``1``, ``1L``, ``true``, ``1b``).
"""

from __future__ import annotations

import os
import re
import uuid as uuid_module
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kit.core.problems import problem_schema
from kit.ftb.errors import ProgressBookMismatchError, ProgressNotFoundError, UnknownPlayerError
from kit.ftb.snbt import SnbtFileError, SnbtSyntaxError, read_snbt

if TYPE_CHECKING:
    import pandas as pd

    from kit.ftb.model import QuestBook

__all__ = [
    "Progress",
    "TeamProgress",
    "read_progress",
    "ProgressNotFoundError",
    "UnknownPlayerError",
    "ProgressBookMismatchError",
    "ZERO_UUID",
    "TEAM_SCHEMA",
    "PLAYER_SCHEMA",
    "COMPLETION_SCHEMA",
    "PROGRESS_PROBLEM_SCHEMA",
    "PROGRESS_PROBLEM_EXTRA",
]

#: The player half of a team reward's ``claimed_rewards`` key.
ZERO_UUID = "00000000-0000-0000-0000-000000000000"
_MEMBER_RANKS = {"owner", "officer", "member"}
_HEX = re.compile(r"[0-9A-Fa-f]{1,16}")

TEAM_SCHEMA = dict(
    team_id="string",
    name="string",
    team_type="string",
    layout="string",
    n_members="int64",
    n_started="int64",
    n_completed="int64",
    n_task_progress="int64",
    n_claimed_rewards="int64",
    path="string",
)
PLAYER_SCHEMA = dict(player_uuid="string", player_name="string", team_id="string", team_type="string", rank="string")
COMPLETION_SCHEMA = dict(team_id="string", object_id="string", state="string", time_ms="int64")
#: The subsystem column of :meth:`Progress.problems`, after the shared problems columns.
PROGRESS_PROBLEM_EXTRA = dict(team_id="string")
#: Columns (and dtypes) of :meth:`Progress.problems` and :meth:`Progress.check`: the shared problems columns, then
#: ``team_id``.
PROGRESS_PROBLEM_SCHEMA = problem_schema(PROGRESS_PROBLEM_EXTRA)


def __getattr__(name: str) -> Any:
    if name == "PROGRESS_ERROR_SCHEMA":  # a column list under a *_SCHEMA name; renamed, kept for one release
        import warnings

        warnings.warn(
            "kit.ftb.progress.PROGRESS_ERROR_SCHEMA is deprecated; use list(PROGRESS_PROBLEM_SCHEMA)",
            DeprecationWarning,
            stacklevel=2,
        )
        return list(PROGRESS_PROBLEM_SCHEMA)
    raise AttributeError(f"module 'kit.ftb.progress' has no attribute {name!r}")


def _canonical_uuid(value: str) -> str | None:
    try:
        return str(uuid_module.UUID(value))
    except (ValueError, AttributeError, TypeError):
        return None


def _number(value: Any) -> int:
    if isinstance(value, (int, float)):
        return int(value)
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            return 0
    return 0


def _ids(mapping: Any) -> dict[str, int]:
    if not isinstance(mapping, dict):
        return {}
    out: dict[str, int] = {}
    for key, value in mapping.items():
        key = str(key)
        object_id = key.upper().rjust(16, "0") if _HEX.fullmatch(key) else key
        out[object_id] = _number(value)
    return out


@dataclass(frozen=True)
class TeamProgress:
    """One team's quest progress.

    Attributes
    ----------
    team_id : str
        Canonical UUID (lower case, with dashes).
    completed, started : dict
        Object id (16 hex) -> epoch milliseconds. Hold tasks, quests, chapters, groups and the book.
    task_progress : dict
        Task id -> progress count.
    claimed_rewards : tuple of (player_uuid, reward_id)
        ``player_uuid`` is :data:`ZERO_UUID` for team rewards.
    members : tuple of str
        Player UUIDs of the team.
    layout : str
        ``"player_data"`` (1.19+) or ``"top_level"`` (1.16/1.18).
    """

    team_id: str
    name: str
    completed: Mapping[str, int]
    started: Mapping[str, int]
    task_progress: Mapping[str, int]
    claimed_rewards: tuple[tuple[str, str], ...]
    members: tuple[str, ...]
    team_type: str
    layout: str
    path: str

    def is_completed(self, object_id: str) -> bool:
        """True when the object id is in ``completed``."""
        return object_id in self.completed

    def is_started(self, object_id: str) -> bool:
        """True when the object id is in ``started`` (as FTB's ``TeamData.isStarted``)."""
        return object_id in self.started

    @property
    def recorded_ids(self) -> set[str]:
        """Every object id the file mentions (completed, started, task progress, claimed rewards)."""
        return set(self.completed) | set(self.started) | set(self.task_progress) | {r for _, r in self.claimed_rewards}


def empty_team(team_id: str, *, name: str = "") -> TeamProgress:
    """A team with no progress (a player who joined but never opened the book)."""
    return TeamProgress(
        team_id=team_id,
        name=name,
        completed={},
        started={},
        task_progress={},
        claimed_rewards=(),
        members=(team_id,),
        team_type="player",
        layout="",
        path="",
    )


__all__.append("empty_team")


@dataclass(frozen=True)
class Progress:
    """Progress of every team in a world, and who belongs to which team. Build it with :func:`read_progress`."""

    folder: Path
    teams_by_id: dict[str, TeamProgress]
    player_team: dict[str, str]
    player_names: dict[str, str] = field(default_factory=dict)
    player_ranks: dict[str, str] = field(default_factory=dict)
    error_rows: list[dict[str, Any]] = field(default_factory=list)

    def __repr__(self) -> str:
        return (
            f"Progress(folder={str(self.folder)!r}, teams={len(self.teams_by_id)}, "
            f"players={len(self.player_team)}, "
            f"errors={len(self.error_rows)})"
        )

    def team_of(self, player_uuid: str) -> TeamProgress:
        """The progress of the team a player belongs to (their party, else their personal team).

        Raises
        ------
        UnknownPlayerError
            When the player has no team with a progress file here.
        """
        canonical = _canonical_uuid(player_uuid)
        team_id = self.player_team.get(canonical or "")
        if team_id is None or team_id not in self.teams_by_id:
            known = ", ".join(sorted(self.player_team)) or "none"
            raise UnknownPlayerError(
                f"{self.folder}: player {player_uuid!r} has no team progress here (players with a team: {known})"
            )
        return self.teams_by_id[team_id]

    def teams(self) -> pd.DataFrame:
        """One row per team file. Columns ``team_id, name, team_type, layout, n_members, n_started,
        n_completed, n_task_progress, n_claimed_rewards, path``; sorted by team id.
        """
        from kit.core.frames import frame

        rows = [
            dict(
                team_id=t.team_id,
                name=t.name,
                team_type=t.team_type,
                layout=t.layout,
                n_members=len(t.members),
                n_started=len(t.started),
                n_completed=len(t.completed),
                n_task_progress=len(t.task_progress),
                n_claimed_rewards=len(t.claimed_rewards),
                path=t.path,
            )
            for _, t in sorted(self.teams_by_id.items())
        ]
        return frame(TEAM_SCHEMA, rows)

    def players(self) -> pd.DataFrame:
        """One row per known player. Columns ``player_uuid, player_name, team_id, team_type, rank``."""
        from kit.core.frames import frame

        rows = []
        for player, team_id in sorted(self.player_team.items()):
            team = self.teams_by_id.get(team_id)
            rows.append(
                dict(
                    player_uuid=player,
                    player_name=self.player_names.get(player, ""),
                    team_id=team_id,
                    team_type=team.team_type if team else "",
                    rank=self.player_ranks.get(player, ""),
                )
            )
        return frame(PLAYER_SCHEMA, rows)

    def completions(self) -> pd.DataFrame:
        """Long table of started/completed objects. Columns ``team_id, object_id, state`` (``started`` or
        ``completed``), ``time_ms``; sorted by team, state, time and object id.
        """
        from kit.core.frames import frame

        rows: list[dict[str, Any]] = []
        for team_id, team in sorted(self.teams_by_id.items()):
            for state, mapping in (("completed", team.completed), ("started", team.started)):
                rows.extend(dict(team_id=team_id, object_id=o, state=state, time_ms=t) for o, t in mapping.items())
        rows.sort(key=lambda r: (r["team_id"], r["state"], r["time_ms"], r["object_id"]))
        return frame(COMPLETION_SCHEMA, rows)

    def problems(self) -> pd.DataFrame:
        """Problems met while reading: the shared problems shape (:mod:`kit.core.problems`), then ``team_id``.

        ``severity`` is ``error`` (the file or id was skipped); ``kind`` is ``syntax`` or ``bad_id``.
        """
        from kit.core.problems import problems_frame

        rows = sorted(self.error_rows, key=lambda r: tuple(r.values()))
        return problems_frame(rows, PROGRESS_PROBLEM_EXTRA)

    def errors(self) -> pd.DataFrame:
        """Deprecated alias of :meth:`problems` (kept for one release; warns with DeprecationWarning)."""
        import warnings

        warnings.warn("Progress.errors() is deprecated; use Progress.problems()", DeprecationWarning, stacklevel=2)
        return self.problems()

    def check(self, book: QuestBook) -> pd.DataFrame:
        """Ids in the progress files that the book does not have.

        Returns
        -------
        DataFrame
            The columns of :meth:`problems`; ``severity`` is ``warning``, ``kind`` is ``unknown_object``;
            one row per (team, field, object id), sorted.
        """
        from kit.core.problems import problems_frame

        rows = []
        for team_id, team in sorted(self.teams_by_id.items()):
            fields = (
                ("completed", team.completed),
                ("started", team.started),
                ("task_progress", team.task_progress),
                ("claimed_rewards", {r: 0 for _, r in team.claimed_rewards}),
            )
            for name, mapping in fields:
                for object_id in sorted(mapping):
                    if object_id not in book.object_types:
                        rows.append(
                            dict(
                                severity="warning",
                                kind="unknown_object",
                                team_id=team_id,
                                object_id=object_id,
                                field=name,
                                message=f"{team.path}: {name} names {object_id}, which is not in the book {book.path}",
                                path=team.path,
                            )
                        )
        return problems_frame(rows, PROGRESS_PROBLEM_EXTRA)

    def require_book(self, team: TeamProgress, book: QuestBook, *, max_unknown: float = 0.5) -> None:
        """See :func:`require_book`."""
        require_book(team, book, max_unknown=max_unknown)


def require_book(team: TeamProgress, book: QuestBook, *, max_unknown: float = 0.5) -> None:
    """Raise ProgressBookMismatchError when more than ``max_unknown`` of a team's recorded ids are not in the book."""
    recorded = team.recorded_ids
    if not recorded:
        return
    unknown = sorted(i for i in recorded if i not in book.object_types)
    if len(unknown) > max_unknown * len(recorded):
        raise ProgressBookMismatchError(
            f"{team.path}: {len(unknown)} of {len(recorded)} object ids in this team's progress are not in the "
            f"quest book {book.path} (for example {', '.join(unknown[:3])}); the progress belongs to another book"
        )


__all__.append("require_book")


def _find_world(path: Path) -> tuple[Path, Path]:
    """(progress folder, world folder) for a world, a server root holding ``world/``, or the folder itself."""
    candidates = [path / "ftbquests", path / "world" / "ftbquests"]
    if path.name == "ftbquests":
        candidates.insert(0, path)
    for candidate in candidates:
        if candidate.is_dir() and any(candidate.glob("*-*.snbt")):
            return candidate, candidate.parent
    for candidate in candidates:
        if candidate.is_dir():
            return candidate, candidate.parent
    raise ProgressNotFoundError(
        f"{path}: no FTB Quests progress here (expected ftbquests/<team uuid>.snbt in it, or in world/ below it)"
    )


def read_progress(save_or_folder: Any, *, strict: bool = False) -> Progress:
    """Read every team's progress and the team membership of a world.

    Parameters
    ----------
    save_or_folder : Save or path-like
        A :class:`kit.Save`, a world folder (holding ``ftbquests/``), a server folder with ``world/``,
        or the ``ftbquests`` folder itself.
    strict : bool, default=False
        Lenient by default: a malformed file is skipped and reported as a problem row
        (:meth:`Progress.problems`) and every other team loads. ``strict=True`` raises the first one.

    Returns
    -------
    Progress

    Raises
    ------
    ProgressNotFoundError
        When there is no ``ftbquests`` folder.
    SnbtSyntaxError
        A malformed file (strict mode), naming file, line and column.
    """
    from kit.saves.save import Save

    base = save_or_folder.path if isinstance(save_or_folder, Save) else Path(save_or_folder)
    quests_folder, world = _find_world(Path(os.fspath(base)))
    errors: list[dict[str, Any]] = []

    def read(file: Path) -> dict[str, Any] | None:
        try:
            return read_snbt(file)
        except (SnbtSyntaxError, SnbtFileError) as exc:
            if strict:
                raise
            errors.append(dict(kind="syntax", team_id="", object_id="", field="", message=str(exc), path=str(file)))
            return None

    # Team membership first (ftbteams), so team files know their type and members.
    members, team_types, player_team, names, ranks = _read_membership(world, read, errors)
    teams: dict[str, TeamProgress] = {}
    for file in sorted(quests_folder.glob("*.snbt")):
        if "-" not in file.name:
            continue
        data = read(file)
        if data is None:
            continue
        team_id = _canonical_uuid(str(data.get("uuid") or file.stem)) or _canonical_uuid(file.stem)
        if team_id is None:
            errors.append(
                dict(
                    kind="bad_id",
                    team_id="",
                    object_id="",
                    field="uuid",
                    message=f"{file}: team uuid {data.get('uuid')!r} is not a UUID",
                    path=str(file),
                )
            )
            continue
        claimed = []
        for key in data.get("claimed_rewards") or {}:
            player, _, reward = str(key).rpartition(":")
            player_id = _canonical_uuid(player) or ZERO_UUID
            claimed.append((player_id, reward.upper().rjust(16, "0")))
        team_members = members.get(team_id)
        if team_members is None:
            player_data = data.get("player_data")
            found = [_canonical_uuid(str(p)) for p in player_data] if isinstance(player_data, dict) else []
            team_members = [p for p in found if p] or [team_id]
            for player in team_members:
                player_team.setdefault(player, team_id)
        teams[team_id] = TeamProgress(
            team_id=team_id,
            name=str(data.get("name") or ""),
            completed=_ids(data.get("completed")),
            started=_ids(data.get("started")),
            task_progress=_ids(data.get("task_progress")),
            claimed_rewards=tuple(sorted(claimed)),
            members=tuple(sorted(set(team_members))),
            team_type=team_types.get(team_id, "player"),
            layout="player_data" if "player_data" in data else "top_level",
            path=str(file),
        )
    return Progress(
        folder=quests_folder,
        teams_by_id=teams,
        player_team=player_team,
        player_names=names,
        player_ranks=ranks,
        error_rows=errors,
    )


def _read_membership(
    world: Path, read: Any, errors: list[dict[str, Any]]
) -> tuple[dict[str, list[str]], dict[str, str], dict[str, str], dict[str, str], dict[str, str]]:
    """FTB Teams' files: members by team, team types, each player's team, player names and ranks."""
    members: dict[str, list[str]] = {}
    team_types: dict[str, str] = {}
    player_team: dict[str, str] = {}
    names: dict[str, str] = {}
    ranks: dict[str, str] = {}
    for kind in ("player", "party", "server"):
        for file in sorted((world / "ftbteams" / kind).glob("*.snbt")):
            data = read(file)
            if data is None:
                continue
            team_id = _canonical_uuid(str(data.get("id") or file.stem))
            if team_id is None:
                errors.append(
                    dict(
                        kind="bad_id",
                        team_id="",
                        object_id="",
                        field="id",
                        message=f"{file}: team id {data.get('id')!r} is not a UUID",
                        path=str(file),
                    )
                )
                continue
            team_types[team_id] = str(data.get("type") or kind)
            for player, rank in (data.get("ranks") or {}).items():
                player_id = _canonical_uuid(str(player))
                if player_id is None or str(rank) not in _MEMBER_RANKS:
                    continue
                members.setdefault(team_id, []).append(player_id)
                if kind == "party" or player_id not in player_team:
                    player_team[player_id] = team_id
                    ranks[player_id] = str(rank)
            if kind == "player":
                player_team.setdefault(team_id, team_id)
                ranks.setdefault(team_id, "owner")
                if isinstance(data.get("player_name"), str):
                    names[team_id] = data["player_name"]

    return members, team_types, player_team, names, ranks
