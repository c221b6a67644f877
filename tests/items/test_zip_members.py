"""Zip members read in one piece give zipfile's bytes; anything unusual goes through zipfile, which words the refusal;
a jar opened twice while held shares one directory read."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest

import kit.items
from kit.items.packs import PackBytes, _open_bytes, _open_pack
from kit.items.zip_members import _fast_member, open_zip

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
