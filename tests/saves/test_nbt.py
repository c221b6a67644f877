"""kit.saves.nbt against real files: Notch's bigtest and hello_world, a real level.dat and player file."""

from __future__ import annotations

import gzip
import struct

import nbtlib
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.saves import nbt
from tests.data_folder import shared_file
from tests.examples import examples


def read(*parts: str) -> nbt.NbtFile:
    return nbt.decode_nbt(shared_file(*parts).read_bytes())


def test_bigtest_published_values() -> None:
    f = read("nbt", "nbtlib", "bigtest.nbt")
    root = f.root
    assert f.name == "Level" and f.compression == "gzip"
    assert len(root) == 11
    assert root["longTest"] == 9223372036854775807 and type(root["longTest"]) is nbt.Long
    assert root["shortTest"] == 32767 and type(root["shortTest"]) is nbt.Short
    assert root["stringTest"] == "HELLO WORLD THIS IS A TEST STRING ÅÄÖ!"
    assert root["floatTest"] == struct.unpack(">f", struct.pack(">f", 0.49823147058486938))[0]
    assert type(root["floatTest"]) is nbt.Float
    assert root["intTest"] == 2147483647 and type(root["intTest"]) is nbt.Int
    assert root["nested compound test"] == {
        "ham": {"name": "Hampus", "value": 0.75},
        "egg": {"name": "Eggbert", "value": 0.5},
    }
    assert root["listTest (long)"] == [11, 12, 13, 14, 15]
    assert root["listTest (long)"].subtype == 4
    assert [c["name"] for c in root["listTest (compound)"]] == ["Compound tag #0", "Compound tag #1"]
    assert all(c["created-on"] == 1264099775885 for c in root["listTest (compound)"])
    assert root["byteTest"] == 127 and type(root["byteTest"]) is nbt.Byte
    key = "byteArrayTest (the first 1000 values of (n*n*255+n*7)%100, starting with n=0 (0, 62, 34, 16, 8, ...))"
    assert type(root[key]) is nbt.ByteArray
    assert list(root[key]) == [(n * n * 255 + n * 7) % 100 for n in range(1000)]
    assert root["doubleTest"] == 0.49312871321823148


@pytest.mark.parametrize("folder", ["nbtlib", "twoolie_NBT"])
def test_bigtest_rewrite_is_byte_identical(folder: str) -> None:
    path = shared_file("nbt", folder, "bigtest.nbt")
    raw = gzip.decompress(path.read_bytes())
    f = nbt.decode_nbt(path.read_bytes())
    assert nbt.encode_nbt(f.root, f.name, compression="none") == raw
    assert len(raw) == 1544


def test_hello_world_uncompressed_named_root() -> None:
    f = read("nbt", "nbtlib", "hello_world.nbt")
    assert (f.name, f.root, f.compression) == ("hello world", {"name": "Bananrama"}, "none")
    assert len(nbt.encode_nbt(f.root, f.name, compression="none")) == 33


def test_little_endian_hello_world() -> None:
    data = shared_file("nbt", "nbtlib", "hello_world_little.nbt").read_bytes()
    f = nbt.decode_nbt(data, byteorder="little")
    assert f.root == {"name": "Bananrama"}
    assert nbt.encode_nbt(f.root, f.name, compression="none", byteorder="little") == data


def test_level_dat_matches_nbtlib() -> None:
    path = shared_file("nbt", "bluenbt", "level.dat")
    f = nbt.decode_nbt(path.read_bytes())
    assert f.name == ""
    assert f.root["Data"]["DataVersion"] == 3465
    reference = nbtlib.load(path)
    assert _plain(f.root) == _plain(reference)


def test_player_file_matches_nbtlib() -> None:
    path = shared_file("nbt", "bluenbt", "3e6b6179-b774-450e-bd16-e6f24ec7185c.dat")
    f = nbt.decode_nbt(path.read_bytes())
    assert f.root["DataVersion"] == 3337
    assert _plain(f.root) == _plain(nbtlib.load(path))
    # re-encoding reproduces nbtlib's own uncompressed serialisation exactly
    assert nbt.encode_nbt(f.root, f.name, compression="none") == _nbtlib_bytes(path)


def _nbtlib_bytes(path) -> bytes:
    import io

    buffer = io.BytesIO()
    nbtlib.load(path).write(buffer)
    return buffer.getvalue()


def _plain(value):
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)) or hasattr(value, "tolist"):
        items = value.tolist() if hasattr(value, "tolist") else value
        return [_plain(v) for v in items]
    if isinstance(value, float):
        return float(value)
    if isinstance(value, int):
        return int(value)
    return str(value)


@pytest.mark.parametrize("name", ["demo.nbt", "new_file.nbt", "new_structure.nbt"])
def test_files_missing_root_end_need_opt_in(name: str) -> None:
    data = shared_file("nbt", "nbtlib", name).read_bytes()
    with pytest.raises(nbt.NbtError, match="unexpected end of data inside a compound"):
        nbt.decode_nbt(data)
    assert nbt.decode_nbt(data, allow_missing_root_end=True).root


@pytest.mark.parametrize(
    "name",
    [
        "byte",
        "short",
        "int",
        "long",
        "float",
        "double",
        "string",
        "list",
        "compound",
        "byte_array",
        "int_array",
        "long_array",
    ],
)
def test_nbtlib_bench_files_round_trip(name: str) -> None:
    data = shared_file("nbt", "nbtlib", "bench", f"{name}.nbt").read_bytes()
    f = nbt.decode_nbt(data)
    assert nbt.encode_nbt(f.root, f.name, compression="none") == (
        gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
    )


def test_modified_utf8_nul_and_supplementary() -> None:
    text = "a\x00b 😀 中文"
    data = nbt.encode_nbt({"s": text}, compression="none")
    assert b"\xc0\x80" in data and b"\xed\xa0\xbd" in data  # Java's encoding, not plain UTF-8
    assert nbt.decode_nbt(data).root == {"s": text}


def test_empty_list_keeps_subtype() -> None:
    data = nbt.encode_nbt({"l": nbt.List([], nbt.TAG_COMPOUND)}, compression="none")
    assert nbt.decode_nbt(data).root["l"].subtype == nbt.TAG_COMPOUND


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"", "empty data"),
        (b"\x1f\x8b\x08\x00garbage", "corrupt gzip|truncated gzip"),
        (gzip.compress(b"\x0a\x00\x00\x08\x00\x01a\x00\x05ab", mtime=0), "unexpected end of data"),
        (b"\x0a\x00\x00\x0e\x00\x01a\x00", "unknown tag type 14"),
        (b"\x0a\x00\x00\x09\x00\x01l\x01\x7f\xff\xff\xff", "runs past the end"),
        (b"\x0a\x00\x00\x00junk", "unexpected bytes after the root"),
        (b"\x00\x00", "not a valid NBT root"),
    ],
)
def test_malformed_data(data: bytes, reason: str) -> None:
    with pytest.raises(nbt.NbtError, match=reason):
        nbt.decode_nbt(data)


def test_decompression_bomb_is_refused() -> None:
    bomb = gzip.compress(b"\x0a\x00\x00" + b"\x00" * 5_000_000)
    with pytest.raises(nbt.NbtError, match="size quota"):
        nbt.decode_nbt(bomb, max_size=1_000_000)


def test_deep_nesting_is_refused() -> None:
    data = b"\x0a\x00\x00" + b"\x0a\x00\x01a" * 600 + b"\x00" * 601
    with pytest.raises(nbt.NbtError, match="nesting deeper"):
        nbt.decode_nbt(data)


def test_string_too_long_for_nbt() -> None:
    with pytest.raises(nbt.NbtError, match="exceeds NBT's limit of 65535 bytes"):
        nbt.encode_nbt({"s": "中" * 30000})


_scalars = st.one_of(
    st.integers(-128, 127).map(nbt.Byte),
    st.integers(-(2**15), 2**15 - 1).map(nbt.Short),
    st.integers(-(2**31), 2**31 - 1).map(nbt.Int),
    st.integers(-(2**63), 2**63 - 1).map(nbt.Long),
    st.floats(width=32, allow_nan=False).map(nbt.Float),
    st.floats(allow_nan=False).map(nbt.Double),
    st.text(max_size=20),
)
_values = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.dictionaries(st.text(max_size=8), inner, max_size=4),
        st.lists(st.integers(-(2**31), 2**31 - 1).map(nbt.Int), max_size=5).map(lambda xs: nbt.List(xs, nbt.TAG_INT)),
        st.lists(st.text(max_size=5), max_size=5).map(lambda xs: nbt.List(xs, nbt.TAG_STRING)),
        st.lists(st.integers(-128, 127), max_size=5).map(nbt.ByteArray),
        st.lists(st.integers(-(2**63), 2**63 - 1), max_size=5).map(nbt.LongArray),
    ),
    max_leaves=20,
)


@settings(max_examples=examples(150), deadline=None)
@given(st.dictionaries(st.text(max_size=8), _values, max_size=6), st.sampled_from(["gzip", "zlib", "none"]))
def test_round_trip_random_trees(root: dict, compression: str) -> None:
    back = nbt.decode_nbt(nbt.encode_nbt(root, "r", compression=compression)).root
    assert back == root
    assert _types(back) == _types(root)


def _types(value):
    if isinstance(value, dict):
        return {k: _types(v) for k, v in value.items()}
    if isinstance(value, list):
        return (type(value).__name__, [_types(v) for v in value])
    return type(value).__name__


# ------------------------------------------------------------------------------ files the game reads


def _structure(n_blocks: int) -> dict:
    """A structure file's shape (the densest game data per byte: a Compound with an Int list per block)."""
    blocks = nbt.List(
        [
            {"pos": nbt.List([nbt.Int(i % 48), nbt.Int(i // 2304), nbt.Int((i // 48) % 48)]), "state": nbt.Int(i % 97)}
            for i in range(n_blocks)
        ]
    )
    palette = nbt.List([{"Name": f"minecraft:block_{k}", "Properties": {"facing": "north"}} for k in range(97)])
    return {
        "DataVersion": nbt.Int(3465),
        "size": nbt.List([nbt.Int(48)] * 3),
        "palette": palette,
        "blocks": blocks,
        "entities": nbt.List([], nbt.TAG_COMPOUND),
    }


@pytest.mark.slow  # memory-bound or whole-collection: make test runs it, make test-fast does not
def test_a_4_mb_structure_file_is_read_with_the_defaults() -> None:
    data = nbt.encode_nbt(_structure(110_000))
    assert len(gzip.decompress(data)) > 3_900_000  # the NBT itself, without building and encoding it a second time
    # the fixed quota the save databases keep refuses it (as it refused the real structure-cache file) ...
    with pytest.raises(nbt.NbtError, match="quota is 41943040 bytes"):
        nbt.decode_nbt(data, quota=nbt.DEFAULT_QUOTA)
    # ... while the general decoder's quota scales to the input and reads it whole
    root = nbt.decode_nbt(data).root
    assert len(root["blocks"]) == 110_000
    assert root["blocks"][-1] == {"pos": [109_999 % 48, 109_999 // 2304, (109_999 // 48) % 48], "state": 109_999 % 97}


def test_scaled_quota_is_never_below_the_fixed_one() -> None:
    assert nbt.scaled_quota(0) == nbt.DEFAULT_QUOTA
    assert nbt.scaled_quota(10_000_000) == nbt.QUOTA_PER_BYTE * 10_000_000


def test_every_real_nbt_file_is_read_with_the_defaults() -> None:
    folder = shared_file("nbt")
    files = sorted(p for p in folder.rglob("*") if p.suffix in (".nbt", ".dat") and "little" not in p.name)
    assert len(files) >= 10
    for path in files:
        allow = path.parent.name == "nbtlib" and path.stem in ("demo", "new_file", "new_structure")
        decoded = nbt.decode_nbt(path.read_bytes(), allow_missing_root_end=allow)
        assert isinstance(decoded.root, dict), path
