"""Real servers and modpacks: open a server folder and get its world, mods and data packs in load order.

>>> import kit
>>> server = kit.open_server("path/to/server")      # doctest: +SKIP
>>> server.mods(); server.datapacks(); server.problems()   # doctest: +SKIP
>>> packs = server.load_datapacks()                 # doctest: +SKIP
>>> server.doctor().summary()                       # doctest: +SKIP
"""

from __future__ import annotations

from kit.servers.errors import ServerNotFoundError
from kit.servers.mods import JarScan, ModInfo, scan_jar
from kit.servers.packs import KIND_ORDER, PackEntry
from kit.servers.quest_doctor import QuestDoctorReport, doctor
from kit.servers.server import Server, open_server, read_server_properties

__all__ = [
    "open_server",
    "doctor",
    "QuestDoctorReport",
    "Server",
    "ServerNotFoundError",
    "ModInfo",
    "JarScan",
    "PackEntry",
    "KIND_ORDER",
    "scan_jar",
    "read_server_properties",
]
