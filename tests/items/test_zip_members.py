"""Zip members read in one piece give zipfile's bytes, and the central directory read here gives zipfile's members;
anything unusual goes through zipfile, which words the refusal; a jar opened twice while held shares one directory
read."""

from __future__ import annotations

import io
import os
import re
import struct
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import kit.items
import kit.items.zip_members
from kit.items.packs import PackBytes, _open_bytes, _open_pack
from kit.items.zip_members import ZipArchive, ZipEntry, _block_raw, _bytes_raw, _directory, _fast_member, open_zip
from kit.servers.mods import scan_jar

RECIPE = (
    b'{"type": "minecraft:crafting_shapeless", "ingredients": ["minecraft:stick"], "result": {"id": "minecraft:torch"}}'
)


def _jar(path: Path, members: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> Path:
    with zipfile.ZipFile(path, "w", compression) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return path


@pytest.mark.parametrize("compression", [zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])
def test_members_read_in_one_piece_equal_zipfile(tmp_path: Path, compression: int) -> None:
    members = {"data/t/recipe/a.json": RECIPE, "data/t/recipe/ü.json": RECIPE * 50, "assets/t/empty.json": b""}
    jar = _jar(tmp_path / "p.jar", members, compression)
    src = _open_pack(jar)
    with zipfile.ZipFile(jar) as zf:
        for name in members:
            assert _fast_member(lambda o, n: jar.read_bytes()[o : o + n], zf.getinfo(name)) == members[name]
            assert src.files[name]() == members[name]
    held = _open_bytes(PackBytes("p.jar", jar.read_bytes(), "mem"))
    assert {n: held.files[n]() for n in members} == members


def test_a_corrupt_member_is_refused_with_zipfiles_words(tmp_path: Path) -> None:
    jar = _jar(tmp_path / "p.jar", {"data/t/recipe/a.json": RECIPE}, zipfile.ZIP_STORED)
    raw = bytearray(jar.read_bytes())
    at = raw.index(b'"type"')
    raw[at + 1] ^= 0x20  # one flipped bit: the CRC no longer matches
    jar.write_bytes(bytes(raw))
    with zipfile.ZipFile(jar) as zf:
        assert _fast_member(lambda o, n: bytes(raw[o : o + n]), zf.getinfo("data/t/recipe/a.json")) is None
    with pytest.raises(kit.items.PackFileRefusedError, match="member data/t/recipe/a.json is corrupt: Bad CRC-32"):
        _open_pack(jar).files["data/t/recipe/a.json"]()
    packs = kit.items.load_datapacks(jar)
    assert packs.recipes().empty
    assert list(packs.problems().kind) == ["unreadable_recipe"]
    assert "Bad CRC-32" in packs.problems().message.iloc[0]


def test_a_jar_held_open_shares_its_directory(tmp_path: Path) -> None:
    jar = _jar(tmp_path / "p.jar", {"data/t/recipe/a.json": RECIPE})
    first = open_zip(jar)
    assert open_zip(jar) is first
    _jar(jar, {"data/t/recipe/a.json": RECIPE, "data/t/recipe/b.json": RECIPE})
    os.utime(jar, ns=(1, 1))  # a changed file is opened afresh
    second = open_zip(jar)
    assert second is not first
    assert len(second.namelist()) == 2
    assert kit.items.load_datapacks(jar).recipes().shape[0] == 2


# -- the central directory read without zipfile -------------------------------------------------------------------


def _patched(data: bytes, old: bytes, new: bytes) -> bytes:
    """``data`` with every ``old`` (a name in the local and the central header) replaced by ``new`` of equal length."""
    assert len(old) == len(new) and data.count(old) == 2
    return data.replace(old, new)


def _archive_bytes(variant: str, monkeypatch: pytest.MonkeyPatch) -> bytes:
    buf = io.BytesIO()
    if variant == "zip64":  # more entries than the (lowered) limit: zipfile writes the Zip64 end records
        monkeypatch.setattr(zipfile, "ZIP_FILECOUNT_LIMIT", 2)
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("data/t/recipe/a.json", RECIPE)
        zf.writestr("data/t/recipe/stored.json", RECIPE, compress_type=zipfile.ZIP_STORED)
        zf.writestr("data/t/recipe/ü.json", RECIPE * 3)
        zf.writestr(zipfile.ZipInfo("data/t/"), b"")
        if variant == "extras":
            info = zipfile.ZipInfo("data/t/recipe/stamped.json")
            info.extra = struct.pack("<HHBI", 0x5455, 5, 1, 1_700_000_000)  # an extended timestamp
            zf.writestr(info, RECIPE)
        if variant == "duplicate":
            with pytest.warns(UserWarning, match="Duplicate name"):
                zf.writestr("data/t/recipe/a.json", RECIPE + b" ")
        if variant == "comment":
            zf.comment = b"built by a test, PK"
        if variant in ("cp437", "nul"):
            zf.writestr("data/t/recipe/b_.json", RECIPE)
    data = buf.getvalue()
    if variant == "cp437":  # a name byte above 0x7f without the UTF-8 flag: zipfile decodes it as cp437
        data = _patched(data, b"recipe/b_.json", b"recipe/b\x82.json")
    if variant == "nul":  # zipfile cuts the name at the NUL
        data = _patched(data, b"recipe/b_.json", b"recipe/b\x00.json")
    if variant == "appended":  # a zip after other bytes (a self-extracting archive): offsets move with it
        data = b"#!/bin/sh\nexit 0\n" + data
    return data


def _fields(info: Any) -> tuple:
    return tuple(getattr(info, name) for name in ZipEntry._fields if name != "position")


@pytest.mark.parametrize("variant", ["plain", "extras", "duplicate", "comment", "cp437", "nul", "appended", "zip64"])
def test_the_directory_read_here_is_zipfiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variant: str) -> None:
    data = _archive_bytes(variant, monkeypatch)
    path = tmp_path / "p.zip"
    path.write_bytes(data)
    # the fast reader takes every ordinary archive; Zip64 end records are left to zipfile
    assert (_directory(_bytes_raw(data), len(data)) is None) == (variant == "zip64")
    with zipfile.ZipFile(path) as zf:
        for archive in (ZipArchive(path), ZipArchive(data)):
            with archive:
                assert [_fields(e) for e in archive.infolist()] == [_fields(i) for i in zf.infolist()]
                assert archive.namelist() == zf.namelist()
                for info in zf.infolist():
                    assert (
                        archive.getinfo(info.filename)
                        == archive.infolist()[zf.filelist.index(zf.getinfo(info.filename))]
                    )
                    if not info.is_dir():
                        assert archive.read(info.filename) == zf.read(info.filename)
    if variant == "nul":
        assert "data/t/recipe/b" in ZipArchive(data).namelist()
    if variant == "cp437":
        assert "data/t/recipe/bé.json" in ZipArchive(data).namelist()


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d.replace(b"PK\x01\x02", b"PK\x01\x03", 1), "Bad magic number for central directory"),
        (lambda d: d[:-30] + d[-22:], "Bad magic number for central directory|Truncated central directory"),
        (lambda d: b"not a zip at all" * 4, "File is not a zip file"),
    ],
)
def test_a_broken_directory_is_refused_in_zipfiles_words(tmp_path: Path, damage: Callable, message: str) -> None:
    data = damage(_archive_bytes("plain", pytest.MonkeyPatch()))
    path = tmp_path / "p.zip"
    path.write_bytes(data)
    with pytest.raises(zipfile.BadZipFile) as expected:
        zipfile.ZipFile(path)
    assert re.search(message, str(expected.value))
    for source in (path, data):
        with pytest.raises(zipfile.BadZipFile, match=re.escape(str(expected.value))):
            ZipArchive(source)


def test_an_encrypted_member_is_left_to_zipfile(tmp_path: Path) -> None:
    jar = _jar(tmp_path / "p.jar", {"META-INF/mods.toml": b'modLoader="javafml"\n', "data/t/recipe/a.json": RECIPE})
    raw = bytearray(jar.read_bytes())
    for signature, at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):  # the flag bits of every local and central header
        start = 0
        while (start := raw.find(signature, start)) >= 0:
            raw[start + at] |= 0x1
            start += 4
    jar.write_bytes(bytes(raw))
    with ZipArchive(jar) as archive:
        entry = archive.getinfo("data/t/recipe/a.json")
        assert archive.read_fast(entry) is None
        with pytest.raises(RuntimeError, match="encrypted"):
            archive.read(entry)
    with pytest.raises(kit.items.PackFileRefusedError, match="member data/t/recipe/a.json is encrypted"):
        _open_pack(jar).files["data/t/recipe/a.json"]()
    scan = scan_jar(jar, "p.jar")  # the metadata cannot be read: a problem row, not an exception
    assert [p[1] for p in scan.problems] == ["unreadable_metadata"]


def test_a_closed_archive_reads_nothing(tmp_path: Path) -> None:
    jar = _jar(tmp_path / "p.jar", {"data/t/recipe/a.json": RECIPE})
    archive = ZipArchive(jar)
    entry = archive.getinfo("data/t/recipe/a.json")
    archive.close()
    assert archive.closed
    assert archive.read_fast(entry) is None
    with pytest.raises(kit.StorageError, match=r"p\.jar: the zip archive was closed"):
        archive.read(entry)
    with pytest.raises(kit.InvalidParameterError, match="must be a path or the archive's bytes. Got int"):
        ZipArchive(5)  # type: ignore[arg-type]
    with pytest.raises(KeyError, match="'x'"):
        ZipArchive(jar).getinfo("x")


# -- members read together ------------------------------------------------------------------------------------------


def _counting(archive: ZipArchive) -> list[tuple[int, int]]:
    """Record the archive's positional reads from now on."""
    calls: list[tuple[int, int]] = []
    base = archive._raw
    assert base is not None

    def raw(offset: int, size: int) -> bytes:
        calls.append((offset, size))
        return base(offset, size)

    archive._raw = raw
    return calls


def test_members_read_together_are_zipfiles_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    members = {f"data/t/recipe/r{i}.json": RECIPE * (i % 7 + 1) for i in range(40)}
    members["assets/t/textures/big.png"] = os.urandom(40_000)  # stored far from the data after it
    members.update({f"data/t/loot_table/l{i}.json": RECIPE + b" " * i for i in range(10)})
    jar = _jar(tmp_path / "p.jar", members)
    wanted = [n for n in members if n.startswith("data/")][::-1]  # any order: results keep the order asked
    with zipfile.ZipFile(jar) as zf:
        expected = [zf.read(n) for n in wanted]
    with ZipArchive(jar) as archive:
        calls = _counting(archive)
        assert archive.read_fast_many([archive.getinfo(n) for n in wanted]) == expected
        # the recipes in one read, the loot tables in another: the texture between them is more than the gap allowed
        assert len(calls) == 2
    monkeypatch.setattr(kit.items.zip_members, "READ_BLOCK_BYTES", 1)  # every member alone
    with ZipArchive(jar) as archive:
        calls = _counting(archive)
        assert archive.read_fast_many([archive.getinfo(n) for n in wanted]) == expected
        assert len(calls) == len(wanted)
    assert ZipArchive(jar).read_fast_many([]) == []


def test_a_corrupt_member_read_with_others_is_left_to_read(tmp_path: Path) -> None:
    jar = _jar(tmp_path / "p.jar", {f"data/t/recipe/{c}.json": RECIPE for c in "abc"}, zipfile.ZIP_STORED)
    raw = bytearray(jar.read_bytes())
    at = raw.index(b'"type"', raw.index(b"recipe/b.json"))
    raw[at + 1] ^= 0x20  # b's bytes no longer match its CRC-32
    jar.write_bytes(bytes(raw))
    with ZipArchive(jar) as archive:
        got = archive.read_fast_many([archive.getinfo(f"data/t/recipe/{c}.json") for c in "abc"])
    assert got == [RECIPE, None, RECIPE]
    pack = _open_pack(jar)
    assert pack.read_many(["data/t/recipe/a.json", "data/t/recipe/b.json"]) == [RECIPE, None]
    with pytest.raises(kit.items.PackFileRefusedError, match="member data/t/recipe/b.json is corrupt: Bad CRC-32"):
        pack.read("data/t/recipe/b.json")
    packs = kit.items.load_datapacks(jar)
    assert sorted(packs.recipes().recipe_id) == ["t:a", "t:c"]
    assert list(packs.problems().kind) == ["unreadable_recipe"]


def test_a_read_outside_the_block_goes_to_the_file() -> None:
    data = bytes(range(100))
    calls: list[tuple[int, int]] = []

    def base(offset: int, size: int) -> bytes:
        calls.append((offset, size))
        return data[offset : offset + size]

    raw = _block_raw(base, 10, data[10:20])
    assert raw(12, 5) == data[12:17] and calls == []
    assert raw(18, 5) == data[18:23] and calls == [(18, 5)]  # past the block's end (a longer local extra field)
    assert raw(5, 3) == data[5:8] and calls == [(18, 5), (5, 3)]
