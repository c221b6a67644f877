"""A server's data packs in load order (kit.servers.packs): the vanilla jar, loader jars, level.dat, world packs."""

from __future__ import annotations

import kit
from kit.saves.nbt import encode_nbt
from kit.servers.packs import PackEntry, find_loader_jars, find_vanilla, read_level_packs, world_packs
from tests.servers.servers_inputs import game_jar, level_dat, mods_toml, pack_mcmeta, recipe, server, zip_bytes


def test_find_vanilla_in_a_bundler_jar_and_in_versions(tmp_path):
    bundler = zip_bytes({"META-INF/versions/1.21.1/server-1.21.1.jar": game_jar(), "net/Main.class": b"\xca\xfe"})
    root = server(tmp_path / "bundled", {"server.jar": bundler})
    problems: list = []
    jar = find_vanilla(root, None, problems)
    assert jar is not None and problems == []
    assert jar.label == "server.jar!META-INF/versions/1.21.1/server-1.21.1.jar" and isinstance(jar.source, bytes)
    assert (jar.version, jar.pack_format, jar.features, jar.has_assets) == ("1.21.1", 48, ("trade_rebalance",), False)
    extracted = server(tmp_path / "extracted", {"versions/1.20.1/server-1.20.1.jar": game_jar("1.20.1")})
    jar = find_vanilla(extracted, None, problems)
    assert jar.label == "versions/1.20.1/server-1.20.1.jar" and jar.source == extracted / jar.label
    assert jar.version == "1.20.1" and problems == []


def test_find_vanilla_skips_jars_without_game_data(tmp_path):
    root = server(
        tmp_path / "srv",
        {
            "a-launcher.jar": zip_bytes({"Main.class": b"\xca\xfe"}),
            "b-broken.jar": b"not a zip",  # not reported here: a server folder holds many jars
            "c-server.jar": game_jar(extra={"version.json": "not json"}),
        },
    )
    problems: list = []
    jar = find_vanilla(root, None, problems)
    assert jar.label == "c-server.jar" and (jar.version, jar.pack_format) == ("", None) and problems == []
    assert find_vanilla(server(tmp_path / "empty", {"mods/x.jar": b""}), None, problems) is None and problems == []


def test_a_client_jar_that_is_not_a_game_jar_is_a_problem(tmp_path):
    problems: list = []
    broken = tmp_path / "broken.jar"
    broken.write_bytes(b"not a zip")
    assert find_vanilla(tmp_path, broken, problems) is None
    assert [(p[0], p[1], p[3]) for p in problems] == [
        ("error", "not_a_zip", ""),
        ("error", "no_vanilla_data", "client_jar"),
    ]
    assert problems[1][4] == f"{broken}: no data/minecraft/ inside, so it is not a game jar"


def test_find_loader_jars_newest_version_last(tmp_path):
    base = "libraries/net/neoforged/neoforge"
    root = server(
        tmp_path / "srv",
        {
            f"{base}/21.1.77/neoforge-21.1.77-universal.jar": b"",
            f"{base}/21.1.9/neoforge-21.1.9-universal.jar": b"",
            f"{base}/21.1.9/neoforge-21.1.9-installer.jar": b"",  # not a universal jar
            "libraries/net/minecraftforge/forge/47.2.0/forge-47.2.0-universal.jar": b"",
        },
    )
    found = [(loader, path.relative_to(root).as_posix()) for loader, path in find_loader_jars(root)]
    assert found == [
        ("neoforge", f"{base}/21.1.77/neoforge-21.1.77-universal.jar"),
        ("neoforge", f"{base}/21.1.9/neoforge-21.1.9-universal.jar"),
        ("forge", "libraries/net/minecraftforge/forge/47.2.0/forge-47.2.0-universal.jar"),
    ]
    assert find_loader_jars(tmp_path / "nowhere") == []


def test_read_level_packs_lists_and_their_absence(tmp_path):
    problems: list = []
    level = tmp_path / "level.dat"
    assert read_level_packs(level, problems, "world/level.dat") == (None, [])  # no level.dat: nothing enabled
    level.write_bytes(level_dat(["vanilla", "file/a"], ["file/b"]))
    assert read_level_packs(level, problems, "world/level.dat") == (["vanilla", "file/a"], ["file/b"])
    level.write_bytes(level_dat(None))
    assert read_level_packs(level, problems, "world/level.dat") == (None, [])
    level.write_bytes(encode_nbt({"Data": {"LevelName": "w"}}))
    assert read_level_packs(level, problems, "world/level.dat") == (None, []) and problems == []


def test_read_level_packs_bad_lists_are_a_problem(tmp_path):
    level = tmp_path / "level.dat"
    level.write_bytes(encode_nbt({"Data": {"DataPacks": {"Enabled": "file/a"}}}))
    problems: list = []
    assert read_level_packs(level, problems, "w/level.dat") == (None, [])
    assert problems == [
        (
            "error",
            "unreadable_level_dat",
            "",
            "Data.DataPacks",
            "level.dat cannot be read: Data.DataPacks.Enabled is not a list",
            "w/level.dat",
        )
    ]


def test_world_packs_zip_packs_and_load_order(tmp_path):
    root = server(
        tmp_path / "srv",
        {
            "world/datapacks/z.zip": zip_bytes(
                {"pack.mcmeta": pack_mcmeta("Zipped", fmt=41), "data/x/recipe/z.json": "{}"}
            ),
            "world/datapacks/plain.zip": zip_bytes({"data/x/recipe/p.json": recipe("x:p")}),  # no pack.mcmeta
            "world/datapacks/broken.zip": b"not a zip",
            "world/datapacks/a/data/x/recipe/a.json": recipe("x:a"),
            "world/datapacks/a/pack.mcmeta": "{not json",
            "world/datapacks/notes/readme.txt": "neither data/ nor pack.mcmeta: not a pack",
        },
    )
    problems: list = []
    entries = world_packs(root / "world", root, ["file/z.zip", "vanilla"], ["file/plain.zip"], problems)
    assert [(e.pack_id, e.enabled, e.pack_format, e.description) for e in entries] == [
        ("file/z.zip", True, 41, "Zipped"),  # level.dat's order first
        ("file/a", True, None, ""),  # then the rest by name; packs in neither list are enabled
        ("file/plain.zip", False, None, ""),
    ]
    assert entries[0] == PackEntry(
        "file/z.zip", "world", "world/datapacks/z.zip", True, 41, "Zipped", root / "world/datapacks/z.zip"
    )
    assert [(p[1], p[2], p[5]) for p in problems] == [
        ("unreadable_pack_mcmeta", "world/datapacks/a", "world/datapacks/a/pack.mcmeta"),
        ("not_a_zip", "file/broken.zip", "world/datapacks/broken.zip"),
    ]
    assert world_packs(tmp_path / "no_world", tmp_path, None, [], problems) == []


def test_plain_server_jar_level_name_and_world_packs(tmp_path):
    root = server(
        tmp_path / "srv",
        {
            "server.properties": "# comment\nlevel-name=Survival\\: Island\n",
            "minecraft_server.1.21.1.jar": game_jar(),
            "Survival: Island/level.dat": level_dat(["vanilla", "file/b", "file/a", "file/gone"], ["file/c"]),
            "Survival: Island/datapacks/a/data/x/recipe/a.json": recipe("x:a"),
            "Survival: Island/datapacks/b/pack.mcmeta": pack_mcmeta({"text": "B ", "extra": [{"text": "pack"}]}),
            "Survival: Island/datapacks/b/data/x/recipe/b.json": recipe("x:b"),
            "Survival: Island/datapacks/c/data/x/recipe/c.json": recipe("x:c"),
            "Survival: Island/datapacks/d/data/x/recipe/d.json": recipe("x:d"),
            "Survival: Island/datapacks/readme.txt": "not a pack",
            "Survival: Island/datapacks/e/pack.mcmeta": pack_mcmeta("only a description"),
        },
    )
    s = kit.open_server(root)
    assert s.level_name == "Survival: Island" and s.loader == "vanilla" and s.minecraft_version == "1.21.1"
    packs = s.datapacks()
    assert packs.pack_id.tolist() == ["vanilla", "trade_rebalance", "file/b", "file/a", "file/c", "file/d", "file/e"]
    assert packs.enabled.tolist() == [True, False, True, True, False, True, True]  # d is new: enabled; c disabled
    assert packs.description.tolist()[2] == "B pack"
    assert set(s.load_datapacks().recipes().recipe_id) == {"minecraft:torch", "x:a", "x:b", "x:d"}
    p = s.problems()
    assert p.kind.tolist() == ["empty_pack", "missing_pack"] and p.object_id.tolist() == ["file/e", "file/gone"]


def test_client_jar_and_no_vanilla(tmp_path):
    root = server(
        tmp_path / "srv",
        {"mods/m.jar": zip_bytes({"META-INF/mods.toml": mods_toml("m"), "data/m/recipe/r.json": recipe("m:r")})},
    )
    s = kit.open_server(root)
    assert s.loader == "forge" and s.minecraft_version == ""
    assert s.problems().kind.tolist() == ["no_vanilla_data"]
    client = tmp_path / "1.21.1.jar"
    client.write_bytes(game_jar())
    s = kit.open_server(root, client_jar=client)
    assert s.datapacks().pack_id.tolist() == ["vanilla", "trade_rebalance", "mod:m"]
    assert {"minecraft:torch", "m:r"} <= set(s.load_datapacks().recipes().recipe_id)
    notjar = tmp_path / "x.jar"
    notjar.write_bytes(zip_bytes({"a.txt": "x"}))
    assert "no_vanilla_data" in set(kit.open_server(root, client_jar=notjar).problems().kind)


def test_corrupt_level_dat_is_a_problem_not_a_crash(tmp_path):
    root = server(
        tmp_path / "srv",
        {"world/level.dat": b"\x1f\x8b garbage", "world/datapacks/a/data/x/recipe/a.json": recipe("x:a")},
    )
    s = kit.open_server(root)
    p = s.problems()
    assert p.kind.tolist() == ["unreadable_level_dat", "no_vanilla_data"]  # errors first
    assert s.datapacks().pack_id.tolist() == ["file/a"]
