"""The sample modded server and the synthetic benchmark server: deterministic bytes that kit.open_server reads."""

from __future__ import annotations

import io
import json
import struct
import zipfile
import zlib

import pytest

import kit
from kit.samples import sample_save_path
from kit.samples.server import (
    SERVER_NAME,
    png_icon,
    write_modded_server,
    write_server,
    write_synthetic_server,
    zip_bytes,
)
from tests.samples.samples_inputs import tree


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    save = tmp_path_factory.mktemp("saves") / "aurora_server"
    save.mkdir()
    write_modded_server(save)
    return save.parent / SERVER_NAME


def test_zip_bytes_are_deterministic_sorted_and_readable():
    files = {"b.json": {"x": [1, "冰"]}, "a.txt": "text", "c.bin": b"\x00\x01"}
    data = zip_bytes(files)
    assert data == zip_bytes(dict(reversed(list(files.items()))))
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert zf.namelist() == ["a.txt", "b.json", "c.bin"]
        assert {info.date_time for info in zf.infolist()} == {(2024, 1, 1, 0, 0, 0)}
        assert json.loads(zf.read("b.json")) == {"x": [1, "冰"]} and zf.read("c.bin") == b"\x00\x01"


def test_png_icon_is_a_valid_png_of_the_asked_size():
    data = png_icon((10, 20, 30), size=8)
    assert data == png_icon((10, 20, 30), size=8) != png_icon((10, 20, 31), size=8)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    pos, chunks = 8, {}
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF, kind
        chunks[kind] = body
        pos += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (width, height, depth, colour) == (8, 8, 8, 6)
    pixels = zlib.decompress(chunks[b"IDAT"])
    assert len(pixels) == 8 * (1 + 8 * 4) and bytes((10, 20, 30, 255)) in pixels


def test_the_committed_server_is_what_the_writer_writes(written):
    assert tree(written) == tree(sample_save_path().parent / SERVER_NAME)


def test_kit_opens_the_server_and_finds_every_part(written):
    with kit.open_server(written) as server:
        assert server.loader == "neoforge"
        assert {"frostworks", "frostcore", "frosty_kitchen", "frostlib", "minecraft", "neoforge"} <= server.mod_ids()
        problems = server.problems()
        assert problems["kind"].tolist() == ["not_a_zip"]  # the broken download, on purpose
        packs = server.datapacks().set_index("pack_id")
        assert packs.loc["file/aurora_tweaks", "enabled"] and not packs.loc["file/old_recipes.zip", "enabled"]
        assert "kubejs" in packs.index
        assert len(server.quest_book().problems()) == 0


def test_write_server_replaces_the_folder(tmp_path):
    root = write_server(tmp_path / "s", {"a/b.json": {"k": 1}, "c.txt": "x"})
    (root / "stale").write_text("old", encoding="utf-8")
    write_server(root, {"c.txt": "y"})
    assert tree(root) == {"c.txt": b"y"}


def test_a_small_synthetic_server_opens_with_its_recipes(tmp_path):
    root = write_synthetic_server(tmp_path / "synthetic", n_mods=3, n_recipes=30)
    assert tree(root) == tree(write_synthetic_server(tmp_path / "again", n_mods=3, n_recipes=30))
    with kit.open_server(root) as server:
        assert {"synth000", "synth001", "synth002"} <= server.mod_ids()
        ids = set(server.load_datapacks().recipes()["recipe_id"])
    written = {f"synth{i:03d}:r{k:05d}" for i in range(3) for k in range(10)}
    # every fifth recipe needs the next mod loaded: synth002's two need synth003, which is absent
    assert ids & written == written - {"synth002:r00004", "synth002:r00009"}
