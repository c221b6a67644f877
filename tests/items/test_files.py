"""The files of data packs (kit.items.files): listing folders, zips, jars and loaded PackSets, read behind caps."""

from __future__ import annotations

import json
import zipfile

import pytest

import kit.items
from kit.items.files import PackFiles, pack_files
from tests.items.items_inputs import write_pack


def _jar(path, files):
    with zipfile.ZipFile(path, "w") as zf:
        for name, value in files.items():
            zf.writestr(name, value if isinstance(value, (str, bytes)) else json.dumps(value))
    return path


def test_pack_files_of_paths_in_order_with_feature_packs(tmp_path):
    folder = write_pack(tmp_path / "mine", {"data/t/recipe/r.json": {"type": "x"}, "assets/t/lang/en_us.json": {}})
    jar = _jar(
        tmp_path / "server.jar",
        {
            "data/minecraft/recipe/a.json": {},
            "data/minecraft/datapacks/bundle/data/minecraft/recipe/b.json": {},
            "net/Main.class": b"\xca\xfe",
        },
    )
    listed = pack_files([jar, folder], features=["bundle"])
    assert [(p.pack, p.kind) for p in listed] == [
        ("server.jar", "jar"),
        ("server.jar[bundle]", "feature"),
        ("mine", "folder"),
    ]
    assert sorted(listed[1].files) == ["data/minecraft/recipe/b.json"]
    assert "net/Main.class" in listed[0].files and "data/minecraft/recipe/a.json" in listed[0].files
    assert [p.kind for p in pack_files(jar)] == ["jar"]  # a feature pack is listed only when asked for
    assert listed[2].read_json("data/t/recipe/r.json") == {"type": "x"}
    assert isinstance(listed[2], PackFiles) and "mine" in listed[2].location


def test_pack_files_of_a_pack_set_are_exactly_what_it_read(tmp_path):
    low = write_pack(tmp_path / "low", {"data/t/recipe/r.json": {}})
    high = write_pack(tmp_path / "low2" / "low", {"data/t/tags/item/x.json": {"values": []}})
    packs = kit.items.load_datapacks([low, high], strict=False)
    assert [p.pack for p in pack_files(packs)] == ["low", "low#2"] == list(packs.packs()["pack"])
    assert list(pack_files(packs)[1].files) == ["data/t/tags/item/x.json"]


def test_reading_refuses_missing_oversized_and_bad_json_files(tmp_path):
    root = write_pack(
        tmp_path / "p",
        {
            "data/t/recipe/big.json": {"x": "y" * 200},
            "data/t/recipe/bad.json": "{not json",
            "data/t/recipe/deep.json": "[" * 5000 + "]" * 5000,
            "data/t/recipe/bom.json": "\ufeff{}",
        },
    )
    (files,) = pack_files(root)
    with pytest.raises(KeyError):
        files.read("data/t/recipe/absent.json")
    with pytest.raises(kit.items.PackFileRefusedError, match="more than the limit of 10 bytes") as refused:
        files.read("data/t/recipe/big.json", max_bytes=10)
    assert str(refused.value).startswith(f"{files.location}: data/t/recipe/big.json: ")  # which file, in which pack
    with pytest.raises(ValueError):
        files.read_json("data/t/recipe/bad.json")
    with pytest.raises(kit.JsonRefusedError):
        files.read_json("data/t/recipe/deep.json")  # nesting beyond kit's cap, never a RecursionError
    assert files.read_json("data/t/recipe/bom.json") == {}
    with pytest.raises(kit.items.DatapackError, match="not found"):
        pack_files(tmp_path / "missing")
