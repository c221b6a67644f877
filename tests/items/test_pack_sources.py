"""Opening data packs (kit.items.pack_sources): folders, zips, jars, packs in memory, and every reader bounded."""

from __future__ import annotations

import json
import os
import zipfile

import pytest

import kit.items
from kit.items.pack_sources import MAX_MEMBER_BYTES, PackSource, open_sources
from tests.items.items_inputs import write_pack


def test_zip_and_jar_packs(tmp_path):
    zpath = tmp_path / "pack.zip"
    with zipfile.ZipFile(zpath, "w") as zf:
        zf.writestr("pack.mcmeta", json.dumps({"pack": {"pack_format": 57, "description": "z"}}))
        zf.writestr(
            "data/z/recipe/r.json",
            json.dumps({"type": "minecraft:stonecutting", "ingredient": "z:a", "result": {"id": "z:b", "count": 4}}),
        )
    jpath = tmp_path / "server.jar"
    with zipfile.ZipFile(jpath, "w") as zf:
        zf.writestr("net/minecraft/Main.class", b"\xca\xfe")
        zf.writestr("data/minecraft/loot_table/blocks/x.json", json.dumps({"pools": []}))
        zf.writestr(
            "data/minecraft/datapacks/extra/data/minecraft/recipe/e.json",
            json.dumps({"type": "minecraft:smelting", "ingredient": "z:b", "result": {"id": "z:c"}}),
        )
        zf.writestr("assets/minecraft/lang/en_us.json", json.dumps({"item.z.b": "Bee"}))
    nested = tmp_path / "nested.zip"
    with zipfile.ZipFile(nested, "w") as zf:
        zf.writestr("MyPack/data/n/tags/item/t.json", json.dumps({"values": ["z:b"]}))
    packs = kit.items.load_datapacks([jpath, zpath, nested], features=["extra"])
    info = packs.packs()
    assert list(info.kind) == ["jar", "feature", "zip", "zip"]
    assert set(packs.recipes().recipe_id) == {"z:r", "minecraft:e"}
    assert packs.tag_items("n:t") == ("z:b",)
    assert packs.items().set_index("item_id").loc["z:b", "name_en"] == "Bee"


def test_bad_paths(tmp_path):
    with pytest.raises(kit.items.DatapackError, match="not found"):
        kit.items.load_datapacks(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(kit.items.DatapackError, match="no data/ or assets/"):
        kit.items.load_datapacks(tmp_path / "empty")
    (tmp_path / "file.txt").write_text("x")
    with pytest.raises(OSError, match="neither a folder nor a zip"):
        kit.items.load_datapacks(tmp_path / "file.txt")


def test_in_memory_packs_load_and_bound_their_members(monkeypatch):
    import kit.items.pack_sources as packs_module
    from kit.samples.server import zip_bytes

    data = zip_bytes(
        {
            "data/m/recipe/r.json": {
                "type": "minecraft:crafting_shapeless",
                "ingredients": ["a:x"],
                "result": {"id": "a:y"},
            },
            "data/m/recipe/big.json": {
                "type": "minecraft:crafting_shapeless",
                "ingredients": ["a:x"] * 40,
                "result": {"id": "a:z"},
            },
        }
    )
    monkeypatch.setattr(packs_module, "MAX_MEMBER_BYTES", 400)
    packs = kit.items.load_datapacks(kit.items.PackBytes("inner.jar", data, "outer.jar!inner.jar"), strict=False)
    assert set(packs.recipes().recipe_id) == {"m:r"}
    assert "more than the 400 allowed" in packs.problems().set_index("object_id").loc["m:big", "message"]
    with pytest.raises(kit.items.DatapackError, match="outer.jar!bad.jar: not a data pack"):
        kit.items.load_datapacks(kit.items.PackBytes("bad.jar", b"not a zip", "outer.jar!bad.jar"))


def test_open_sources_lists_files_and_numbers_repeated_names(tmp_path):
    a = write_pack(tmp_path / "one" / "pack", {"data/t/recipe/r.json": {}, "assets/t/lang/en_us.json": {}})
    b = write_pack(tmp_path / "two" / "pack", {"data/t/recipe/s.json": {}})
    first, second, third = open_sources([a, b, str(a)])
    assert [s.name for s in (first, second, third)] == ["pack", "pack#2", "pack#3"]
    assert first.kind == "folder" and sorted(first.files) == ["assets/t/lang/en_us.json", "data/t/recipe/r.json"]
    assert first.files["data/t/recipe/r.json"]() == b"{}"
    assert [s.name for s in open_sources(a)] == ["pack"]  # one path is a list of one


def test_readers_refuse_more_than_their_cap_and_what_is_not_a_regular_file(tmp_path):
    root = write_pack(tmp_path / "p", {"data/t/recipe/big.json": "x" * 100})
    os.mkfifo(root / "data" / "t" / "recipe" / "fifo.json")
    (source,) = open_sources(root)
    read = source.files["data/t/recipe/big.json"]
    assert len(read()) == 100 and len(read(max_bytes=100)) == 100
    with pytest.raises(kit.items.PackFileRefusedError, match="100 bytes, more than the limit of 99 bytes"):
        read(max_bytes=99)
    with pytest.raises(kit.items.PackFileRefusedError, match=r"not a regular file \(a FIFO\); refused") as refused:
        source.files["data/t/recipe/fifo.json"]()  # refused without blocking on the FIFO
    assert isinstance(refused.value, OSError) and MAX_MEMBER_BYTES == 64 << 20


def test_zip_members_are_read_under_the_same_caps(tmp_path):
    path = tmp_path / "p.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("data/t/recipe/r.json", json.dumps({"a": "x" * 1000}))
        zf.writestr("data/t/", b"")  # a folder entry is not a file
    (source,) = open_sources(path)
    assert source.kind == "zip" and list(source.files) == ["data/t/recipe/r.json"]
    assert json.loads(source.files["data/t/recipe/r.json"]())["a"] == "x" * 1000
    with pytest.raises(kit.items.PackFileRefusedError, match="allowed"):
        source.files["data/t/recipe/r.json"](max_bytes=10)


def test_folder_listing_follows_os_walk(tmp_path):
    """A folder pack lists its files as os.walk does: a folder's files before its subfolders, depth first, links to
    files and broken links listed, links to folders not entered; each reader is made when asked for."""
    from kit.items.pack_sources import FolderFiles

    pack = tmp_path / "p"
    for rel in ("data/t/recipe/b.json", "data/t/recipe/sub/deep/c.json", "data/t/recipe/a.json", "assets/t/x.png"):
        (pack / rel).parent.mkdir(parents=True, exist_ok=True)
        (pack / rel).write_text("{}")
    (pack / "data/t/recipe/link.json").symlink_to(pack / "data/t/recipe/a.json")
    (pack / "data/t/recipe/gone.json").symlink_to(pack / "data/t/recipe/missing.json")
    (pack / "data/t/recipe/linked_dir").symlink_to(pack / "data/t/recipe/sub")
    expected = []
    for top in ("data", "assets"):
        base = pack / top
        cut = len(str(base)) - len(top)
        for dirpath, _dirs, names in os.walk(base):
            expected += [(dirpath[cut:].replace(os.sep, "/") + "/" + n, os.path.join(dirpath, n)) for n in names]
    (source,) = open_sources(pack)
    assert isinstance(source.files, FolderFiles)
    assert list(source.files) == [rel for rel, _full in expected]
    assert (
        "data/t/recipe/sub/deep/c.json" in source.files and "data/t/recipe/linked_dir/deep/c.json" not in source.files
    )
    assert len(source.files) == len(expected)
    assert source.files["data/t/recipe/link.json"]() == b"{}"
    with pytest.raises(kit.items.PackFileRefusedError, match="cannot read the file"):
        source.files["data/t/recipe/gone.json"]()


def test_pack_source_read_gives_what_the_reader_gives(tmp_path):
    root = write_pack(tmp_path / "p", {"data/t/recipe/r.json": "x" * 100})
    zpath = tmp_path / "p.zip"
    with zipfile.ZipFile(zpath, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("data/t/recipe/r.json", "x" * 100)
    folder, zipped = open_sources([root, zpath])
    held = kit.items.packs.PackSource(
        "held", "zip", "held", {"data/t/recipe/r.json": folder.files["data/t/recipe/r.json"]}
    )
    for source in (folder, zipped, held):
        assert source.read("data/t/recipe/r.json") == source.files["data/t/recipe/r.json"]() == b"x" * 100
        with pytest.raises(kit.items.PackFileRefusedError, match="more than"):
            source.read("data/t/recipe/r.json", 99)
        with pytest.raises(KeyError):
            source.read("data/t/recipe/missing.json")


def test_read_many_gives_what_read_gives_or_leaves_the_file_to_it(tmp_path):
    # a folder pack reads many files in one loop (bytes, or the error read raises)
    root = write_pack(tmp_path / "p", {"data/t/recipe/r.json": "x" * 100, "data/t/recipe/s.json": "{}"})
    (root / "data/t/recipe/gone.json").symlink_to(root / "data/t/recipe/missing.json")
    zpath = tmp_path / "p.zip"
    with zipfile.ZipFile(zpath, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("data/t/recipe/r.json", "x" * 100)
    folder, zipped = open_sources([root, zpath])
    rels = ["data/t/recipe/s.json", "data/t/recipe/r.json", "data/t/recipe/gone.json"]
    got = folder.read_many(rels, 99)
    assert got[0] == b"{}" and len(got) == 3
    for rel, item in zip(rels[1:], got[1:]):
        with pytest.raises(kit.items.PackFileRefusedError) as info:
            folder.read(rel, 99)
        assert type(item) is kit.items.PackFileRefusedError and str(item) == str(info.value)
    assert folder.read_many(rels[:2]) == [b"{}", b"x" * 100]
    # a zip pack reads its members in one loop too (a member over the cap refused as read refuses it)
    (refused,) = zipped.read_many(["data/t/recipe/r.json"], 99)
    with pytest.raises(kit.items.PackFileRefusedError) as info:
        zipped.read("data/t/recipe/r.json", 99)
    assert type(refused) is kit.items.PackFileRefusedError and str(refused) == str(info.value)
    assert zipped.read_many(["data/t/recipe/r.json"]) == [b"x" * 100]
    features = zipped.features()  # any other pack leaves its files to read
    assert features == {} and PackSource("f", "feature", "f", {"a": lambda _=None: b"1"}).read_many(["a"]) == [None]
