"""read_modules over servers (issue 17's "or a server"): a kit.servers.Server or its PackSet, packs held in memory
(a game jar nested in a bundler, a mod nested in a mod) and feature packs included, read in the game's load order."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

import kit
import kit.items
import kit.modules as km
from kit.samples import sample_save_path
from kit.samples.server import SERVER_NAME, write_server, zip_bytes
from tests.modules.conftest import kinds, module_file, system_file
from tests.servers.servers_inputs import level_dat, mods_toml

SAMPLE_SERVER = sample_save_path().parent / SERVER_NAME


def _module(order: int, client: str = "system:items", **server) -> dict:
    out: dict = {"order": order, "client": client}
    if server:
        out["server"] = server
    return out


def _bundler(inner: bytes) -> bytes:
    digest = hashlib.sha256(inner).hexdigest()
    return zip_bytes(
        {
            "META-INF/versions.list": f"{digest}\t1.21.1\t1.21.1/server-1.21.1.jar\n",
            "META-INF/versions/1.21.1/server-1.21.1.jar": inner,
        }
    )


@pytest.fixture
def generated_server(tmp_path: Path) -> Path:
    """A server whose module definitions sit in every kind of pack it loads, most of them held in memory."""
    game = zip_bytes(
        {
            "version.json": {"id": "1.21.1", "pack_version": {"resource": 34, "data": 48}},
            "data/minecraft/recipe/torch.json": {
                "type": "minecraft:crafting_shapeless",
                "ingredients": ["minecraft:stick"],
                "result": {"id": "minecraft:torch"},
            },
            module_file("system:core"): {"server": {"type": "system:core"}},
            module_file("system:signin"): _module(10, "system:signin", type="system:signin"),
            "data/minecraft/datapacks/trade_rebalance/" + module_file("system:shop"): _module(
                5, "system:shop", type="system:shop"
            ),
        }
    )
    inner = zip_bytes(
        {"META-INF/neoforge.mods.toml": mods_toml("inner"), module_file("inner:desk"): _module(3, "system:items")}
    )
    mod = zip_bytes(
        {
            "META-INF/neoforge.mods.toml": mods_toml("outer"),
            "META-INF/jarjar/inner.jar": inner,
            module_file("outer:board"): _module(4, "system:items"),
            system_file("outer:main"): {"name": "Main", "modules": ["system:signin", "outer:board", "inner:desk"]},
        }
    )
    return write_server(
        tmp_path / "srv",
        {
            "server.jar": _bundler(game),
            "mods/outer.jar": mod,
            "world/level.dat": level_dat(
                ["vanilla", "trade_rebalance", "mod:outer", "mod:inner", "file/ours"], ["file/off"]
            ),
            "world/datapacks/ours/" + module_file("system:signin"): _module(50, "system:signin", type="system:signin"),
            "world/datapacks/off/" + module_file("off:never"): _module(1),
        },
    )


def test_a_generated_server_is_read_from_every_pack_it_loads(generated_server: Path) -> None:
    server = kit.open_server(generated_server)
    inv = km.read_modules(server, strict=False)
    mods = inv.modules().set_index("module_id")
    # the bundled game jar, its enabled feature pack, the nested and the outer mod jar, the enabled world pack
    assert sorted(mods.index) == ["inner:desk", "outer:board", "system:core", "system:shop", "system:signin"]
    assert "off:never" not in mods.index  # file/off is disabled in level.dat: the game does not load it
    # the world pack overrides the game jar's sign-in module (it loads later)
    assert mods.loc["system:signin", "order"] == 50
    assert mods.loc["system:signin", "pack"] == "ours"
    assert mods.loc["system:core", "pack"] == "server-1.21.1.jar"
    assert mods.loc["system:shop", "pack"] == "server-1.21.1.jar[trade_rebalance]"
    assert set(inv.systems()["module_id"]) == {"system:signin", "outer:board", "inner:desk"}
    assert kinds(inv) == ["builtin_without_default"] * 2  # built-in sign-in and shop without #system:default
    # the server and the PackSet it loads are read alike, in the PackSet's order and with its names
    loaded = server.load_datapacks()
    by_packset = km.read_modules(loaded, strict=False)
    assert by_packset.packs == inv.packs == tuple(loaded.packs().query("is_applied")["pack"])
    assert by_packset.modules().equals(inv.modules())


def test_a_servers_strict_reading_names_the_file_inside_the_nested_jar(generated_server: Path) -> None:
    (generated_server / "mods" / "outer.jar").write_bytes(
        zip_bytes({"META-INF/neoforge.mods.toml": mods_toml("outer"), module_file("outer:board"): "{ not json"})
    )
    server = kit.open_server(generated_server)
    with pytest.raises(km.ModuleDefinitionError, match=r"outer-?.*\.jar.*outer/system/system_module/board\.json"):
        km.read_modules(server, strict=True)
    assert "invalid_json" in kinds(km.read_modules(server))


def test_the_sample_modded_server_and_its_packset_read_without_errors() -> None:
    server = kit.open_server(SAMPLE_SERVER)
    loaded = server.load_datapacks()
    for source in (server, loaded):  # the PackSet used to raise DatapackError for server.jar!META-INF/versions/...
        inv = km.read_modules(source, strict=False)
        assert inv.packs == tuple(loaded.packs().query("is_applied")["pack"])
        assert inv.problems().empty and inv.modules().empty  # the sample server defines no modules


def test_pack_files_lists_a_packsets_packs_with_bounded_readers() -> None:
    loaded = kit.open_server(SAMPLE_SERVER).load_datapacks()
    listed = kit.items.pack_files(loaded)
    assert [p.pack for p in listed] == list(loaded.packs().query("is_applied")["pack"])
    game = listed[0]
    assert game.location.startswith("server.jar!META-INF/versions/") and game.kind == "jar"
    recipe = next(rel for rel in game.files if rel.startswith("data/minecraft/recipe/"))
    assert isinstance(game.read_json(recipe), dict)
    with pytest.raises(kit.items.PackFileRefusedError, match=r"more than the 10 allowed"):
        game.read(recipe, max_bytes=10)


def test_pack_files_of_paths_names_duplicates_and_lists_asked_feature_packs(tmp_path: Path) -> None:
    jar = tmp_path / "a" / "game.jar"
    jar.parent.mkdir()
    jar.write_bytes(zip_bytes({"data/x/recipe/r.json": {}, "data/minecraft/datapacks/extra/data/x/recipe/f.json": {}}))
    copy = tmp_path / "b" / "game.jar"
    copy.parent.mkdir()
    copy.write_bytes(jar.read_bytes())
    listed = kit.items.pack_files([jar, copy], features=["extra"])
    assert [(p.pack, p.kind) for p in listed] == [
        ("game.jar", "jar"),
        ("game.jar[extra]", "feature"),
        ("game.jar#2", "jar"),
        ("game.jar#2[extra]", "feature"),
    ]
    assert set(listed[1].files) == {"data/x/recipe/f.json"}
    with pytest.raises(kit.items.DatapackError, match="not found"):
        kit.items.pack_files(tmp_path / "missing")


def test_a_fifo_in_a_pack_is_a_problem_row_not_a_hang(make_pack) -> None:
    import os

    pack = make_pack("p", {module_file("a:ok"): _module(1)})
    fifo = pack / module_file("a:fifo")
    os.mkfifo(fifo)
    inv = km.read_modules(pack, strict=False)
    row = inv.problems().set_index("object_id").loc["a:fifo"]
    assert row["kind"] == "invalid_json" and "not a regular file (a FIFO)" in row["message"]
    assert inv.module_ids == ("a:ok",)
