"""Hostile input for kit.items' pack reader: non-regular files, oversized and lying zip members, zip bombs, corrupt,
encrypted and unsupported members, deep JSON, absurd numbers and long tag chains."""

from __future__ import annotations

import json
import os
import struct
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kit.items
from kit.core.errors import KitError
from kit.items.packs import (
    MAX_DATA_FILE_BYTES,
    MAX_JSON_CONTAINERS,
    MAX_LANG_FILE_BYTES,
    MAX_ZIP_DATA_BYTES,
    MAX_ZIP_ENTRIES,
)
from kit.items.tags import MAX_TAG_DEPTH
from tests.examples import examples
from tests.hostile import MEMORY_BOUND_BYTES, peak_memory_error
from tests.items.items_inputs import write_pack

GOOD_TABLE = {"pools": [{"rolls": 1, "entries": [{"type": "item", "name": "t:gem"}]}]}
GOOD_RECIPE = {"type": "minecraft:smelting", "ingredient": "t:ore", "result": {"id": "t:gem"}}


def _pack(root, extra=None):
    return write_pack(
        root, {"data/t/loot_table/good.json": GOOD_TABLE, "data/t/recipe/good.json": GOOD_RECIPE, **(extra or {})}
    )


def _errors(packs):
    return packs.problems().set_index("object_id")


# ---------------------------------------------------------------- non-regular files


def test_a_fifo_as_the_pack_is_refused_without_blocking(tmp_path):
    os.mkfifo(tmp_path / "pack.zip")
    with pytest.raises(kit.items.DatapackError, match=r"pack\.zip: not a data pack \(a FIFO"):
        kit.items.load_datapacks(tmp_path / "pack.zip", strict=False)


def test_a_link_to_dev_zero_as_the_pack_is_refused(tmp_path):
    (tmp_path / "pack.jar").symlink_to("/dev/zero")
    peak, error = peak_memory_error(lambda: kit.items.load_datapacks(tmp_path / "pack.jar", strict=False))
    assert isinstance(error, kit.items.DatapackError) and "character device" in str(error)
    assert peak < 1 << 20


@pytest.mark.parametrize("make", ["fifo", "dev_zero", "folder"])
def test_a_non_regular_file_inside_a_folder_pack_is_an_error_row(tmp_path, make):
    root = _pack(tmp_path / "p")
    bad = root / "data" / "t" / "loot_table" / "bad.json"
    {"fifo": lambda: os.mkfifo(bad), "dev_zero": lambda: bad.symlink_to("/dev/zero"), "folder": lambda: None}[make]()
    if make == "folder":  # a folder named like a file is never read: os.walk lists it as a folder
        bad.mkdir()
    packs = kit.items.load_datapacks(root, strict=False)
    if make != "folder":
        assert "not a regular file" in _errors(packs).loc["t:bad", "message"]
        with pytest.raises(kit.items.DatapackReadError, match=r"bad\.json \(t:bad\): not a regular file"):
            kit.items.load_datapacks(root, strict=True)
    assert packs.loot_tables()["loot_table_id"].tolist() == ["t:good"]
    assert packs.recipes()["recipe_id"].tolist() == ["t:good"]


@pytest.mark.parametrize(
    "rel, cap", [("data/t/recipe/big.json", MAX_DATA_FILE_BYTES), ("assets/t/lang/en_us.json", MAX_LANG_FILE_BYTES)]
)
def test_an_oversized_file_is_refused_from_its_size(tmp_path, rel, cap):
    root = _pack(tmp_path / "p")
    big = root / rel
    big.parent.mkdir(parents=True, exist_ok=True)
    with open(big, "wb") as fh:
        fh.truncate(cap + 1)  # sparse
    peak, error = peak_memory_error(lambda: kit.items.load_datapacks(root, strict=False))
    assert error is None and peak < 4 << 20
    assert f"more than the limit of {cap}" in kit.items.load_datapacks(root, strict=False).problems()["message"].iloc[0]


# ---------------------------------------------------------------- zip members


def _zip(path, members, *, compression=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(path, "w", compression=compression) as zf:
        for name, data in members.items():
            zf.writestr(name, data if isinstance(data, (bytes, str)) else json.dumps(data))
    return path


def _patch(path, old: bytes, new: bytes, count: int = -1):
    data = path.read_bytes()
    assert old in data
    path.write_bytes(data.replace(old, new, count))


def _member_error(packs, rid):
    return _errors(packs).loc[rid, "message"]


def test_a_member_declaring_more_than_the_cap_is_refused_before_inflating(tmp_path):
    z = tmp_path / "bomb.zip"
    with zipfile.ZipFile(z, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        with zf.open("data/t/loot_table/bomb.json", "w", force_zip64=True) as fh:
            block = b" " * (1 << 20)
            for _ in range(64):  # 64 MiB of spaces, about 64 KB compressed
                fh.write(block)
        zf.writestr("data/t/loot_table/good.json", json.dumps(GOOD_TABLE))
    peak, error = peak_memory_error(lambda: kit.items.load_datapacks(z, strict=False))
    assert error is None and peak < 4 << 20
    packs = kit.items.load_datapacks(z, strict=False)
    reason = _member_error(packs, "t:bomb")
    assert "member data/t/loot_table/bomb.json declares 67108864 bytes" in reason
    assert packs.loot_tables()["loot_table_id"].tolist() == ["t:good"]


def test_a_member_lying_about_its_size_is_refused_as_corrupt(tmp_path):
    z = tmp_path / "liar.zip"
    payload = json.dumps(GOOD_TABLE).encode() + b" " * 5_000_000
    _zip(z, {"data/t/loot_table/liar.json": payload})
    size = struct.pack("<I", len(payload))
    _patch(z, size, struct.pack("<I", 100))  # local header and central directory both claim 100 bytes
    peak, error = peak_memory_error(lambda: kit.items.load_datapacks(z, strict=False))
    assert error is None and peak < 4 << 20
    assert "is corrupt" in _member_error(kit.items.load_datapacks(z, strict=False), "t:liar")


def test_a_zip_bomb_of_many_members_is_refused(tmp_path, monkeypatch):
    # the same rule at a tenth of the scale
    monkeypatch.setattr("kit.items.pack_sources.MAX_ZIP_DATA_BYTES", 10 * 2**20)
    z = tmp_path / "many.zip"
    _zip(z, {f"data/t/loot_table/b{i}.json": b" " * (1 << 20) for i in range(11)})
    with pytest.raises(kit.items.DatapackError, match=r"declare 11534336 bytes once inflated, more than the 10485760"):
        kit.items.load_datapacks(z, strict=False)
    assert MAX_ZIP_DATA_BYTES == 256 * 2**20


def test_a_zip_declaring_too_many_entries_is_refused_before_reading_its_directory(tmp_path, monkeypatch):
    monkeypatch.setattr("kit.items.pack_sources.MAX_ZIP_ENTRIES", 1000)  # the real cap is above the 16-bit count field
    z = _zip(tmp_path / "entries.zip", {"data/t/loot_table/good.json": GOOD_TABLE})
    data = bytearray(z.read_bytes())
    eocd = data.rfind(b"PK\x05\x06")
    struct.pack_into("<HH", data, eocd + 8, 5000, 5000)
    z.write_bytes(bytes(data))
    with pytest.raises(kit.items.DatapackError, match="declares 5000 entries, more than the 1000 allowed"):
        kit.items.load_datapacks(z, strict=False)
    assert MAX_ZIP_ENTRIES == 65_536


def test_a_bad_crc_is_an_error_row_naming_the_member(tmp_path):
    z = _zip(
        tmp_path / "crc.zip",
        {"data/t/loot_table/crc.json": GOOD_TABLE, "data/t/recipe/good.json": GOOD_RECIPE},
        compression=zipfile.ZIP_STORED,
    )
    _patch(z, b'"t:gem"}]}]}', b'"t:gex"}]}]}', 1)
    packs = kit.items.load_datapacks(z, strict=False)
    assert "member data/t/loot_table/crc.json is corrupt: Bad CRC-32" in _member_error(packs, "t:crc")
    assert packs.recipes()["recipe_id"].tolist() == ["t:good"]
    with pytest.raises(kit.items.DatapackReadError, match="crc.json is corrupt"):
        kit.items.load_datapacks(z, strict=True)


def _flag_member(z, name: bytes, *, flag: int | None = None, method: int | None = None):
    """Set the general-purpose flag or the compression method of a member in both of its headers."""
    data = bytearray(z.read_bytes())
    for sig, flag_at, method_at in ((b"PK\x03\x04", 6, 8), (b"PK\x01\x02", 8, 10)):
        at = data.find(sig)
        while at >= 0:
            name_at = at + (30 if sig == b"PK\x03\x04" else 46)
            if data[name_at : name_at + len(name)] == name:
                if flag is not None:
                    struct.pack_into("<H", data, at + flag_at, struct.unpack_from("<H", data, at + flag_at)[0] | flag)
                if method is not None:
                    struct.pack_into("<H", data, at + method_at, method)
            at = data.find(sig, at + 4)
    z.write_bytes(bytes(data))


def test_an_encrypted_member_is_an_error_row(tmp_path):
    z = _zip(tmp_path / "enc.zip", {"data/t/loot_table/enc.json": GOOD_TABLE, "data/t/recipe/good.json": GOOD_RECIPE})
    _flag_member(z, b"data/t/loot_table/enc.json", flag=0x1)
    packs = kit.items.load_datapacks(z, strict=False)
    assert "member data/t/loot_table/enc.json is encrypted" in _member_error(packs, "t:enc")
    assert packs.recipes()["recipe_id"].tolist() == ["t:good"]


def test_an_unsupported_compression_method_is_an_error_row(tmp_path):
    z = _zip(tmp_path / "method.zip", {"data/t/loot_table/m.json": GOOD_TABLE, "data/t/recipe/good.json": GOOD_RECIPE})
    _flag_member(z, b"data/t/loot_table/m.json", method=1)  # "shrink", which zipfile does not implement
    packs = kit.items.load_datapacks(z, strict=False)
    assert "uses an unsupported compression method" in _member_error(packs, "t:m")


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=400), st.integers(0, 10_000))
def test_any_bytes_as_a_pack_are_read_or_refused_by_kit(tmp_path, noise, at):
    z = _zip(tmp_path / "fuzz.zip", {"data/t/loot_table/good.json": GOOD_TABLE, "data/t/recipe/r.json": GOOD_RECIPE})
    data = bytearray(z.read_bytes())
    at %= len(data)
    data[at : at + len(noise)] = noise
    z.write_bytes(bytes(data))
    try:
        packs = kit.items.load_datapacks(z, strict=False)
    except KitError:
        return
    packs.items(), packs.loot_expectations()
    try:
        packs.item_sources("t:gem")
    except kit.items.UnknownItemError as exc:  # the noise broke every file naming it: said, not an empty answer
        assert "t:gem" in str(exc)


# ---------------------------------------------------------------- JSON


@pytest.mark.parametrize("text", ["[" * 200_000, '{"a":' * 200_000, '{"pools": ' + "[" * 100_000])
@pytest.mark.parametrize(
    "rel",
    [
        "data/t/loot_table/deep.json",
        "data/t/recipe/deep.json",
        "data/t/tags/item/deep.json",
        "assets/t/lang/en_us.json",
    ],
)
def test_deep_json_is_an_error_row_not_a_recursion_error(tmp_path, text, rel):
    root = _pack(tmp_path / "p", {rel: text})
    peak, error = peak_memory_error(lambda: kit.items.load_datapacks(root, strict=False))
    assert error is None and peak < MEMORY_BOUND_BYTES
    reason = kit.items.load_datapacks(root, strict=False).problems()["message"].iloc[0]
    assert "nested too deeply" in reason or "invalid JSON" in reason or "invalid language file" in reason


_LANG = "assets/t/lang/en_us.json"


@pytest.mark.parametrize(
    "rel, text",
    [
        ("data/t/loot_table/x.json", "[" + "{}," * (MAX_DATA_FILE_BYTES // 3 - 2) + "x"),
        ("data/t/loot_table/x.json", "[" + "[]," * (MAX_DATA_FILE_BYTES // 3 - 2) + "x"),
        (_LANG, "[" + "[]," * (MAX_LANG_FILE_BYTES // 3 - 2) + "x"),
        (_LANG, "[" + "{}," * (MAX_LANG_FILE_BYTES // 3 - 2) + "x"),
        (_LANG, "{" + ",".join(f'"k{i}":"v"' for i in range(MAX_LANG_FILE_BYTES // 14)) + ",]"),
    ],
    ids=["data-objects", "data-arrays", "lang-arrays", "lang-objects", "lang-keys"],
)
def test_the_costliest_json_up_to_the_caps_stays_within_the_memory_bound(tmp_path, rel, text):
    root = _pack(tmp_path / "p", {rel: text})
    peak, error = peak_memory_error(lambda: kit.items.load_datapacks(root, strict=False))
    assert error is None and peak < MEMORY_BOUND_BYTES
    reason = kit.items.load_datapacks(root, strict=False).problems()["message"].iloc[0]
    assert "invalid" in reason and (rel != _LANG or "[]" not in text or str(MAX_JSON_CONTAINERS) in reason)


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            '{"pools": [{"rolls": 1, "entries": [{"type": "item", "name": "t:a", "weight": 1e400}]}]}',
            "pools[0].entries[0].weight': expected a finite number, got inf",
        ),
        ('{"pools": [{"rolls": NaN, "entries": []}]}', "pools[0].rolls': expected a finite number, got nan"),
        (
            '{"pools": [{"rolls": 1, "entries": [{"type": "item", "name": "t:a", "weight": ' + "9" * 5000 + "}]}]}",
            "invalid JSON",
        ),
    ],
)
def test_absurd_json_numbers_are_error_rows(tmp_path, text, expected):
    root = _pack(tmp_path / "p", {"data/t/loot_table/n.json": text})
    assert expected in _errors(kit.items.load_datapacks(root, strict=False)).loc["t:n", "message"]


def test_long_tag_chains_fail_with_a_reason(tmp_path):
    n = 3 * MAX_TAG_DEPTH
    files = {f"data/t/tags/item/c{i}.json": {"values": [f"#t:c{i + 1}"]} for i in range(n)}
    files[f"data/t/tags/item/c{n}.json"] = {"values": ["t:gem"]}
    packs = kit.items.load_datapacks(_pack(tmp_path / "p", files), strict=False)
    errors = _errors(packs)
    assert f"tag references nested deeper than {MAX_TAG_DEPTH}: #t:c0 -> #t:c1" in errors.loc["#t:c0", "message"]
    assert packs.tag_items("t:c" + str(n - 5)) == ("t:gem",)  # the short tail of the chain resolves
    assert packs.item_sources("t:gem").sources  # and nothing else is affected
