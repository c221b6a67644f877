"""Opening server folders (kit.servers.server): discovery, the sample server, the world, empty frames.

Mod metadata is tested in test_mods.py, the data pack order and level.dat in test_packs.py, the CLI in test_cli.py.
"""

from __future__ import annotations

import pandas as pd
import pytest

import kit
import kit.servers
from kit.samples.server import SERVER_NAME, sample_server_files, write_server
from tests.servers.servers_inputs import SAMPLE, recipe, server

PROBLEM_COLUMNS = ["severity", "kind", "object_id", "field", "message", "path", "pack"]


@pytest.fixture(scope="module")
def sample():
    with kit.open_server(SAMPLE) as s:
        yield s


def _files(root):
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_committed_sample_server_is_what_the_generator_writes(tmp_path):
    write_server(tmp_path / SERVER_NAME, sample_server_files())
    generated, committed = _files(tmp_path / SERVER_NAME), _files(SAMPLE)
    assert sorted(generated) == sorted(committed), "run `make samples` and commit sample_saves/"
    assert [n for n in generated if generated[n] != committed[n]] == []


def test_sample_server_mods(sample):
    assert sample.loader == "neoforge" and sample.minecraft_version == "1.21.1" and sample.level_name == "world"
    mods = sample.mods().set_index("mod_id")
    assert list(sample.mods().columns) == [
        "mod_id",
        "version",
        "loader",
        "display_name",
        "jar",
        "has_data",
        "has_assets",
    ]
    assert sorted(mods.index) == ["frostcore", "frostlib", "frostworks", "frosty_kitchen", "minecraft", "neoforge"]
    assert mods.loc["frostworks", "version"] == "1.2.0"  # ${file.jarVersion} from the manifest
    assert mods.loc["frostcore", "jar"] == "mods/frostworks-1.2.0.jar!META-INF/jarjar/frostcore-1.0.0.jar"
    assert mods.loc["minecraft", "jar"] == "server.jar!META-INF/versions/1.21.1/server-1.21.1.jar"
    assert not mods.loc["frostlib", "has_data"] and mods.loc["frostworks", "has_assets"]
    assert mods.loc["neoforge", "jar"].startswith("libraries/net/neoforged/neoforge/")
    assert sample.mod_ids() >= {"minecraft", "neoforge", "frostworks", "frostcore"}


def test_sample_server_load_order(sample):
    packs = sample.datapacks()
    assert packs.pack_id.tolist() == [
        "vanilla",
        "bundle",
        "mod:neoforge",
        "mod:frostcore",
        "mod:frostworks",
        "mod:frosty_kitchen",
        "file/aurora_tweaks",
        "file/old_recipes.zip",
        "kubejs",
    ]
    assert packs.position.tolist() == list(range(1, 10))
    assert packs.kind.cat.ordered and packs.kind.is_monotonic_increasing
    assert packs.set_index("pack_id").enabled.to_dict()["file/old_recipes.zip"] is False
    assert packs.set_index("pack_id").loc["file/aurora_tweaks", "description"] == "Aurora server tweaks"
    assert packs.pack_format.dtype == "Int64"


def test_sample_server_data_is_what_the_game_loads(sample):
    data = sample.load_datapacks()
    assert sample.load_datapacks() is data
    ids = set(data.recipes().recipe_id)
    assert "minecraft:torch" not in ids  # removed by the world pack's {}
    assert "minecraft:bundle" in ids  # the bundle feature is enabled in level.dat
    assert "frostworks:compat/create_mixing" not in ids  # mod_loaded(create) fails
    assert "frostworks:compat/kitchen_shaved_ice" in ids  # mod_loaded(frosty_kitchen) passes
    assert data.recipe("frostworks:hard_mode_cryo").conditions_met is None
    assert "frostcore:frost_plate" in ids and "kubejs:frost_crystal_by_hand" in ids
    crush = data.recipe("frostworks:crushing/iron_ore")  # the disabled world pack does not override it
    assert [s.item_id for s in crush.item_results] == ["frostworks:crushed_iron_ore", "minecraft:gravel"]
    assert data.recipe("minecraft:iron_pickaxe").pack == "neoforge-21.1.77-universal.jar"
    assert data.resolve_item("怎么获得粉碎铁矿石") == "frostworks:crushed_iron_ore"
    assert data.resolve_item("霜晶") == "frostworks:frost_crystal"  # a KubeJS language file renames it
    assert data.display_names("zh_cn")["frostworks:frost_crystal"] == "霜晶"
    assert data.item_icon("frostworks:crushed_iron_ore").startswith(b"\x89PNG")
    assert data.item_icon("frostworks:tin_gear") is None


def test_sample_server_problems(sample):
    p = sample.problems()
    assert list(p.columns) == PROBLEM_COLUMNS
    assert p[["severity", "kind", "path"]].values.tolist() == [["error", "not_a_zip", "mods/broken-download.jar"]]
    full = sample.problems(data=True)
    assert full.kind.tolist() == ["not_a_zip", "removed_by_override", "undecided_condition", "undefined_tag"]
    assert full.severity.tolist() == ["error", "warning", "warning", "warning"]
    row = full.set_index("kind").loc["removed_by_override"]
    assert row.object_id == "minecraft:torch" and row.pack == "aurora_tweaks" and "server-1.21.1.jar" in row.message


def test_sample_server_world_and_quest_book(sample):
    assert isinstance(sample.world, kit.Save) and sample.world.path == SAMPLE / "world"
    book = sample.quest_book()
    assert book.quests(language="zh_cn").set_index("quest_id").loc["5F0C1A2B3C4D5E61", "title"] == "粉碎一些铁矿石"


def test_not_a_server(tmp_path):
    (tmp_path / "notes.txt").write_text("hello")
    with pytest.raises(kit.ServerNotFoundError, match=r"not a Minecraft server folder \(looked for server.properties"):
        kit.open_server(tmp_path)
    with pytest.raises(FileNotFoundError, match="no such server folder"):
        kit.open_server(tmp_path / "missing")
    with pytest.raises(kit.ServerNotFoundError, match="notes.txt: not a folder"):
        kit.open_server(tmp_path / "notes.txt")
    assert issubclass(kit.ServerNotFoundError, kit.KitError)
    assert kit.Server is kit.servers.Server


def test_missing_world_raises_save_not_found(tmp_path):
    root = server(tmp_path / "srv", {"server.properties": "level-name=elsewhere\n"})
    s = kit.open_server(root, level_name="other")
    assert s.level_name == "other"
    with pytest.raises(kit.SaveNotFoundError, match="world folder"):
        _ = s.world


def test_empty_frames_keep_columns(tmp_path):
    root = server(tmp_path / "srv", {"server.properties": "level-name=world\n"})
    s = kit.open_server(root)
    assert len(s.datapacks()) == 0 and list(s.datapacks().columns) == [
        "position",
        "pack_id",
        "kind",
        "path",
        "enabled",
        "pack_format",
        "description",
    ]
    assert len(s.mods()) == 0 and list(s.mods().columns)[0] == "mod_id"
    full = kit.open_server(SAMPLE)
    for method in ("mods", "datapacks", "problems"):
        a, b = getattr(s, method)(), getattr(full, method)()
        assert list(a.dtypes) == list(b.dtypes), method


def test_mods_frame_feeds_load_datapacks(sample, tmp_path):
    root = write_server(
        tmp_path / "p",
        {
            "data/m/recipe/r.json": {
                "neoforge:conditions": [{"type": "neoforge:mod_loaded", "modid": "frostcore"}],
                **recipe("m:r"),
            }
        },
    )
    packs = kit.items.load_datapacks(root, mods=sample.mods())
    assert "m:r" in set(packs.recipes().recipe_id)
    assert isinstance(sample.mods(), pd.DataFrame)
