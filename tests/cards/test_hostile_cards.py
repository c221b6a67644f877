"""Hostile character cards: non-regular files, deep JSON, huge integers, keys hidden in PNG text chunks.

Every failure is a ``CardError`` naming the file (and chunk or field); nothing blocks; a card whose
picture carries a provider key in any text chunk is not imported.
"""

from __future__ import annotations

import base64
import json
import os
import struct
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit.books import CardError, SecretError, open_store, placeholder_avatar, read_card
from kit.cards import card_from_png
from kit.core.png import MAX_TEXT_CHUNK_BYTES, read_all_text_chunks, write_text_chunks
from tests.examples import examples
from tests.hostile import MEMORY_BOUND_BYTES, folder_bytes, peak_memory, run_unblocked

KEY = "sk-ant-" + "Zx9Yw8Vu7T" * 4
CARD = {"spec": "chara_card_v2", "spec_version": "2.0", "data": {"name": "Mira", "description": "a lighthouse keeper"}}


def _b64(value: object) -> str:
    return base64.b64encode(json.dumps(value).encode()).decode()


def _chunk(kind: bytes, payload: bytes) -> bytes:
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF)


def _with_chunks(png: bytes, *chunks: bytes) -> bytes:
    """Insert raw chunks just before IEND."""
    iend = png.rindex(b"IEND") - 4
    return png[:iend] + b"".join(chunks) + png[iend:]


def _card_png(**texts: str) -> bytes:
    return write_text_chunks(placeholder_avatar("x", size=16), {"chara": _b64(CARD), **texts})


# --------------------------------------------------------------------------------------- non-regular


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_card_is_refused_without_blocking(tmp_path: Path) -> None:
    path = tmp_path / "card.png"
    os.mkfifo(path)
    result = run_unblocked(lambda: read_card(path), path)
    assert isinstance(result, CardError) and str(path) in str(result) and "FIFO" in str(result), result


def test_folder_and_device_cards_are_refused(tmp_path: Path) -> None:
    (tmp_path / "card.json").mkdir()
    with pytest.raises(CardError, match=r"card\.json.*folder"):
        read_card(tmp_path / "card.json")
    if Path("/dev/zero").exists():
        (tmp_path / "zero.png").symlink_to("/dev/zero")
        with pytest.raises(CardError, match=r"zero\.png.*device"):
            read_card(tmp_path / "zero.png")


def test_oversized_card_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as handle:
        handle.truncate(64 * 1024 * 1024)  # sparse: no disk used
    with pytest.raises(CardError, match=r"big\.json.*more than the limit"):
        read_card(path)


# ------------------------------------------------------------------------------------ malicious JSON


@pytest.mark.parametrize("levels", [300, 200_000])
def test_deep_json_card_file_is_a_card_error(tmp_path: Path, levels: int) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"name": "x", "extensions": ' + "[" * levels + "]" * levels + "}")
    with pytest.raises(CardError, match=r"deep\.json.*nest") as info:
        read_card(path)
    assert info.value.path == str(path)


@pytest.mark.parametrize("levels", [300, 200_000])
def test_deep_json_in_a_png_chunk_names_the_chunk(tmp_path: Path, levels: int) -> None:
    payload = base64.b64encode(("[" * levels + "]" * levels).encode()).decode()
    path = tmp_path / "deep.png"
    path.write_bytes(write_text_chunks(placeholder_avatar("x", size=16), {"chara": payload}))
    with pytest.raises(CardError, match=r"deep\.png: tEXt chunk 'chara'.*nest") as info:
        read_card(path)
    assert info.value.path == str(path)


def test_huge_integer_in_a_card_names_the_field(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    path.write_text('{"spec": "chara_card_v2", "data": {"name": "x", "extensions": {"depth": ' + "1" * 4301 + "}}}")
    with pytest.raises(CardError, match=r"huge\.json: field 'data\.extensions\.depth' is an integer of 4301 digits"):
        read_card(path)
    path.write_text('{"name": "x", "n": ' + "-" + "1" * 4300 + "}")
    assert read_card(path).get("n") == -int("1" * 4300)  # 4,300 digits are still read


def test_compressed_text_bomb_is_refused() -> None:
    bomb = zlib.compress(b"A" * (MAX_TEXT_CHUNK_BYTES + 10), 9)
    png = _with_chunks(_card_png(), _chunk(b"zTXt", b"comment\x00\x00" + bomb))
    with pytest.raises(CardError, match="zTXt chunk inflates beyond"):
        read_all_text_chunks(png, where="bomb.png")


# ------------------------------------------------------------------------------------------ secrets


@pytest.mark.parametrize(
    "chunk",
    [
        _chunk(b"tEXt", b"Comment\x00my key is " + KEY.encode()),
        _chunk(b"zTXt", b"Comment\x00\x00" + zlib.compress(f"token {KEY}".encode())),
        _chunk(b"iTXt", b"Description\x00\x00\x00en\x00\x00" + f"note: {KEY}".encode()),
        _chunk(b"iTXt", b"Description\x00\x01\x00\x00\x00" + zlib.compress(f"{KEY}".encode())),
        _chunk(b"tEXt", b"api_key\x00somevalue"),
    ],
)
def test_key_in_a_non_card_text_chunk_of_the_avatar_is_refused(tmp_path: Path, chunk: bytes) -> None:
    path = tmp_path / "mira.png"
    path.write_bytes(_with_chunks(_card_png(), chunk))
    assert read_card(path).name == "Mira"  # reading is fine; storing it is not
    store = open_store(tmp_path / "studio")
    before = folder_bytes(store.root)
    with pytest.raises(SecretError, match=r"mira\.png.*png\.") as info:
        store.import_card(path)
    assert KEY not in str(info.value)
    assert folder_bytes(store.root) == before


def test_provider_key_as_a_key_inside_the_card_is_refused(tmp_path: Path) -> None:
    card = json.loads(json.dumps(CARD))
    card["data"]["extensions"] = {"providers": {KEY: "anthropic"}}
    path = tmp_path / "mira.json"
    path.write_text(json.dumps(card))
    store = open_store(tmp_path / "studio")
    with pytest.raises(SecretError, match=r"extensions\.providers\.<key>.*object key"):
        store.import_card(path)
    assert not (store.root / "assets").exists() or not any((store.root / "assets").rglob("*.json"))


def test_clean_text_chunks_are_imported(tmp_path: Path) -> None:
    path = tmp_path / "mira.png"
    path.write_bytes(_with_chunks(_card_png(), _chunk(b"tEXt", b"Software\x00kit")))
    store = open_store(tmp_path / "studio")
    asset = store.import_card(path)
    assert store.card(asset.id).name == "Mira"


# ------------------------------------------------------------------------------------------ fuzzing


_PNG = _card_png()


@settings(max_examples=examples(300), deadline=None)
@given(st.integers(0, len(_PNG) - 1), st.integers(0, 255), st.integers(8, len(_PNG)))
def test_mutated_png_cards_give_card_errors_or_cards(index: int, byte: int, cut: int) -> None:
    data = bytearray(_PNG)
    data[index] = byte

    try:
        card_from_png(bytes(data[:cut]), where="fuzz.png")
    except CardError:
        pass


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300) | st.text(max_size=100).map(str.encode))
def test_any_bytes_as_a_card_file_give_a_card_error_or_a_card(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz.card"
    path.write_bytes(data)
    try:
        read_card(path)
    except CardError:
        pass


def test_json_bomb_in_a_png_chunk_is_refused_within_the_memory_bound(tmp_path: Path) -> None:
    bomb = "[" + ",".join(["{}"] * 2_000_000) + "]"
    path = tmp_path / "bomb.png"
    path.write_bytes(
        write_text_chunks(placeholder_avatar("x", size=16), {"chara": base64.b64encode(bomb.encode()).decode()})
    )
    peak, result = peak_memory(lambda: read_card(path))
    assert isinstance(result, CardError) and "refusing to read" in str(result) and "chara" in str(result), result
    assert peak < MEMORY_BOUND_BYTES, f"refusing cost {peak / 2**20:.1f} MiB"
