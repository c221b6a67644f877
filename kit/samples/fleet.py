"""Generated fleets of saves and corpora of SillyTavern chats, for tests, benchmarks and notebook 06.

Both generators are deterministic: the same arguments write the same bytes. Nothing here is committed;
callers write into a temporary or ``build/`` folder.

- :func:`write_fleet`: ``<root>/<server>/<YYYY-MM-DD>/system/database/...``: a few servers, each with nightly
  backups whose databases grow from night to night (more documents, more players, more notes), and a few
  deliberately corrupt database files (truncated gzip, garbage bytes, a root that is not a Compound).
- :func:`write_chat_corpus`: ``<root>/chats/<character>/<character> - <date>.jsonl`` and
  ``<root>/group chats/<id>.jsonl`` in SillyTavern's format, with messages drawn from the sample studio's
  lines (so the sample world books fire on them), hidden system messages, swipes, chat lore, and a few
  bad lines (cut-off JSON, a line that is not an object, a message without text).
"""

from __future__ import annotations

import datetime as dt
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kit.core.document import Document
from kit.samples.studio import EN_BOT, EN_USER, ZH_BOT, ZH_USER
from kit.saves import codecs, nbt
from kit.saves.tables import KNOWLEDGE, DatabaseTable

__all__ = ["CHARACTER_BOOKS", "NOTES", "GeneratedFleet", "GeneratedChats", "write_fleet", "write_chat_corpus"]

#: Private notes of a player in a generated save.
NOTES: DatabaseTable[str] = DatabaseTable("fleet:notes", codecs.STRING)
#: The server's message of the day (shared database).
MOTD: DatabaseTable[str] = DatabaseTable("fleet:motd", codecs.STRING)

#: Character name in the generated chats -> the sample studio's character book.
CHARACTER_BOOKS: dict[str, str] = {"林晚": "lin_wan", "Mara Vance": "mara_vance"}

_WORDS = (
    "iron",
    "copper",
    "glacite",
    "furnace",
    "village",
    "nether",
    "portal",
    "diamond",
    "redstone",
    "farm",
    "beacon",
    "trade",
    "mining",
    "enchanting",
    "river",
    "castle",
    "bridge",
    "harbour",
    "market",
    "tower",
)
_FIRST = dt.date(2026, 10, 1)


@dataclass(frozen=True)
class GeneratedFleet:
    """What :func:`write_fleet` wrote: the save folders (sorted) and the corrupt database files."""

    root: Path
    saves: tuple[Path, ...]
    corrupt_files: tuple[Path, ...]


@dataclass(frozen=True)
class GeneratedChats:
    """What :func:`write_chat_corpus` wrote: the chat files (sorted) and the number of bad lines in them."""

    root: Path
    files: tuple[Path, ...]
    n_bad_lines: int


def _uuid(rng: random.Random) -> str:
    h = f"{rng.getrandbits(128):032x}"
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{'89ab'[int(h[16], 16) % 4]}{h[17:20]}-{h[20:32]}"


def _text(rng: random.Random, n_paragraphs: int) -> str:
    paragraphs = []
    for _ in range(n_paragraphs):
        words = [rng.choice(_WORDS) for _ in range(rng.randint(8, 30))]
        paragraphs.append(" ".join(words).capitalize() + ".")
    return "\n\n".join(paragraphs)


def _documents(rng: random.Random, prefix: str, n: int) -> list[Document]:
    return [
        Document(f"{prefix}/{i:03d}", f"{rng.choice(_WORDS).title()} guide {i}", _text(rng, rng.randint(1, 4)))
        for i in range(n)
    ]


def _database_bytes(tables: dict[DatabaseTable[Any], dict[str, Any]]) -> bytes:
    """A database file in kit's documented format (what ``AgentDatabases`` writes), without the fsyncs."""
    root = {
        "format_version": nbt.Int(1),
        "tables": {
            t.id: {"codec": t.codec.signature, "entries": {k: t.codec.encode(v) for k, v in sorted(entries.items())}}
            for t, entries in sorted(tables.items(), key=lambda kv: kv[0].id)
        },
    }
    return nbt.encode_nbt(root, "")


def _corrupt(path: Path, kind: int) -> None:
    data = path.read_bytes()
    if kind == 0:
        path.write_bytes(data[: len(data) // 2])  # truncated gzip
    elif kind == 1:
        path.write_bytes(b"not an NBT file\x00" * 8)  # garbage
    else:
        path.write_bytes(nbt.encode_nbt(nbt.List([nbt.Int(1)]), ""))  # a root that is not a Compound


def write_fleet(
    root: str | Path, n_saves: int = 60, *, n_servers: int | None = None, n_corrupt: int | None = None, seed: int = 0
) -> GeneratedFleet:
    """Write ``n_saves`` generated saves (nightly backups of a few servers) under ``root``.

    Parameters
    ----------
    root : path
        Created when missing; saves land in ``<root>/<server>/<YYYY-MM-DD>/``.
    n_saves : int, default=60
    n_servers : int, optional
        Default: one server per 15 saves (at least 1).
    n_corrupt : int, optional
        Database files made unreadable; default: one per 25 saves (at least 1, at most ``n_saves``).
    seed : int, default=0

    Returns
    -------
    GeneratedFleet
    """
    root = Path(root)
    n_servers = n_servers or max(1, n_saves // 15)
    n_corrupt = min(n_saves, max(1, n_saves // 25)) if n_corrupt is None else n_corrupt
    rng = random.Random(seed)
    saves: list[Path] = []
    players_of: list[list[str]] = []
    for s in range(n_servers):
        n_backups = n_saves // n_servers + (1 if s < n_saves % n_servers else 0)
        server = f"server-{s + 1:02d}"
        srng = random.Random(rng.getrandbits(64))
        pool = [_uuid(srng) for _ in range(12)]
        base_docs = srng.randint(5, 20)
        for night in range(n_backups):
            save = root / server / (_FIRST + dt.timedelta(days=night)).isoformat()
            folder = save / "system" / "database"
            (folder / "players").mkdir(parents=True, exist_ok=True)
            nrng = random.Random(f"{seed}/{server}/{night}")
            n_docs = base_docs + night * srng.randint(1, 3)
            shared: dict[DatabaseTable[Any], dict[str, Any]] = {
                KNOWLEDGE: {"en_us": _documents(random.Random(f"{seed}/{server}/docs"), "guide", n_docs)},
                MOTD: {"text": f"Welcome to {server}, night {night + 1}"},
            }
            (folder / "shared.dat").write_bytes(_database_bytes(shared))
            players = pool[: min(len(pool), 2 + night // 3)]
            for p, player in enumerate(players):
                notes = {
                    f"note-{i:03d}": f"{nrng.choice(_WORDS)} at {nrng.randint(-5000, 5000)}"
                    for i in range(1 + (night - 3 * max(0, p - 2)) // 2 + p)
                }
                tables: dict[DatabaseTable[Any], dict[str, Any]] = {NOTES: notes}
                if p % 2 == 0:
                    tables[KNOWLEDGE] = {
                        "en_us": _documents(random.Random(f"{seed}/{server}/{player}"), "note", 1 + night // 4)
                    }
                (folder / "players" / f"{player}.dat").write_bytes(_database_bytes(tables))
            saves.append(save)
            players_of.append(players)
    corrupt: list[Path] = []
    for k, i in enumerate(sorted(rng.sample(range(len(saves)), n_corrupt))):
        folder = saves[i] / "system" / "database"
        target = folder / "shared.dat" if k % 3 == 2 else folder / "players" / f"{players_of[i][-1]}.dat"
        _corrupt(target, k % 3)
        corrupt.append(target)
    return GeneratedFleet(root, tuple(sorted(saves)), tuple(sorted(corrupt)))


def _send_date(day: int, minute: int) -> str:
    when = dt.datetime(2026, 9, 1) + dt.timedelta(days=day, minutes=minute)
    hour, half = when.hour % 12 or 12, "am" if when.hour < 12 else "pm"
    return f"{when.strftime('%B')} {when.day}, {when.year} {hour}:{when.minute:02d}{half}"


def write_chat_corpus(root: str | Path, n_chats: int = 40, *, seed: int = 0, bad_every: int = 17) -> GeneratedChats:
    """Write ``n_chats`` SillyTavern chat files under ``root`` (``chats/`` and ``group chats/``).

    Parameters
    ----------
    root : path
        Plays the SillyTavern user data folder.
    n_chats : int, default=40
        About one in ten is a group chat; the others alternate between the two sample characters
        (:data:`CHARACTER_BOOKS`).
    seed : int, default=0
    bad_every : int, default=17
        Every ``bad_every``-th chat gets one bad line (0: none).

    Returns
    -------
    GeneratedChats
    """
    root = Path(root)
    rng = random.Random(seed)
    files: list[Path] = []
    n_bad = 0
    for i in range(n_chats):
        crng = random.Random(rng.getrandbits(64))
        zh = i % 2 == 0
        character = "林晚" if zh else "Mara Vance"
        users, bots = (ZH_USER, ZH_BOT) if zh else (EN_USER, EN_BOT)
        day = i // 3
        is_group = i % 10 == 9
        metadata: dict = {"integrity": f"{crng.getrandbits(64):016x}"}
        if crng.random() < 0.25:
            metadata["world_info"] = "aetheria" if zh else "starport_nyx"
        if is_group:
            path = root / "group chats" / f"{1700000000000 + i * 86400000}.jsonl"
            header = {"chat_metadata": metadata, "user_name": "unused", "character_name": "unused"}
        else:
            started = dt.datetime(2026, 9, 1, 8) + dt.timedelta(minutes=7 * i)
            path = root / "chats" / character / f"{character} - {started:%Y-%m-%d@%Hh%Mm%Ss}.jsonl"
            header = {
                "user_name": "You",
                "character_name": character,
                "create_date": _send_date(day, 0),
                "chat_metadata": metadata,
            }
        lines = [json.dumps(header, ensure_ascii=False)]
        for m in range(crng.randint(10, 40)):
            is_user = m % 2 == 1
            mes = crng.choice(users) if is_user else crng.choice(bots)
            message: dict = {
                "name": "You" if is_user else character,
                "is_user": is_user,
                "is_system": False,
                "send_date": _send_date(day, m),
                "mes": mes,
                "extra": {},
            }
            if not is_user and crng.random() < 0.3:
                swipes = [mes, crng.choice(bots)]
                message.update(swipes=swipes, swipe_id=0, swipe_info=[{}, {}])
            if crng.random() < 0.04:
                message.update(is_system=True, name="System", mes="(hidden) " + mes)
            lines.append(json.dumps(message, ensure_ascii=False))
        if bad_every and i % bad_every == bad_every - 1:
            at = crng.randint(2, len(lines) - 1)
            kind = (i // bad_every) % 3
            bad = [
                lines[at][: len(lines[at]) // 2],
                json.dumps(["not", "an", "object"]),
                json.dumps({"name": character, "is_user": False, "mes": None}),
            ][kind]
            lines.insert(at, bad)
            n_bad += 1
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        files.append(path)
    return GeneratedChats(root, tuple(sorted(files)), n_bad)
