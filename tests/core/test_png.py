"""kit.core.png: PNG text chunks read and written byte for byte, the encoder, and broken files as CardErrors."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image

from kit.core.errors import CardError, InvalidParameterError
from kit.core.png import (
    MAX_TEXT_CHUNK_BYTES,
    PNG_SIGNATURE,
    encode_png,
    is_png,
    placeholder_avatar,
    read_all_text_chunks,
    read_text_chunks,
    write_text_chunks,
)

RED_GREEN = [b"\xff\x00\x00\x00\xff\x00", b"\x00\x00\xff\xff\xff\xff"]


def _chunk(kind: bytes, payload: bytes) -> bytes:
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))


def _pixels(png: bytes) -> list[tuple[int, ...]]:
    image = Image.open(io.BytesIO(png))
    return [image.getpixel((x, y)) for y in range(image.height) for x in range(image.width)]


def _with_chunks(png: bytes, *chunks: bytes) -> bytes:
    """Insert raw chunks just before IEND (the last 12 bytes)."""
    return png[:-12] + b"".join(chunks) + png[-12:]


def test_encode_png_is_a_real_deterministic_png() -> None:
    png = encode_png(RED_GREEN, 2, 2)
    assert is_png(png) and png == encode_png(RED_GREEN, 2, 2) and not is_png(b"GIF89a")
    image = Image.open(io.BytesIO(png))
    assert image.size == (2, 2) and image.mode == "RGB"
    assert _pixels(png) == [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
    with pytest.raises(InvalidParameterError, match="encode_png expects 2 rows of 6 bytes"):
        encode_png(RED_GREEN[:1], 2, 2)


def test_text_chunks_are_written_before_iend_replacing_same_keywords_and_keeping_the_image() -> None:
    png = encode_png(RED_GREEN, 2, 2)
    once = write_text_chunks(png, {"chara": "djE=", "Comment": "é"})
    assert read_text_chunks(once) == [("chara", "djE="), ("Comment", "é")]
    twice = write_text_chunks(once, {"CHARA": "djI="}, drop=["comment"])  # keywords compare case-insensitively
    assert read_text_chunks(twice) == [("CHARA", "djI=")]
    assert _pixels(twice) == _pixels(png)
    assert twice.endswith(_chunk(b"IEND", b""))


def test_all_text_chunks_include_compressed_and_international_ones() -> None:
    png = _with_chunks(
        write_text_chunks(encode_png(RED_GREEN, 2, 2), {"chara": "abc"}),
        _chunk(b"zTXt", b"secret\x00\x00" + zlib.compress(b"token=1")),
        _chunk(b"iTXt", b"note\x00\x01\x00zh\x00\x00" + zlib.compress("灯塔".encode())),
        _chunk(b"iTXt", b"plain\x00\x00\x00\x00\x00text"),
    )
    assert read_all_text_chunks(png) == [
        ("tEXt", "chara", "abc"),
        ("zTXt", "secret", "token=1"),
        ("iTXt", "note", "灯塔"),
        ("iTXt", "plain", "text"),
    ]
    assert read_text_chunks(png) == [("chara", "abc")]


def test_a_compressed_chunk_inflating_past_the_cap_is_refused() -> None:
    bomb = _chunk(b"zTXt", b"k\x00\x00" + zlib.compress(b"\x00" * (MAX_TEXT_CHUNK_BYTES + 1)))
    with pytest.raises(CardError, match="a zTXt chunk inflates beyond") as info:
        read_all_text_chunks(_with_chunks(encode_png(RED_GREEN, 2, 2), bomb), where="a.png")
    assert (info.value.path, info.value.field) == ("a.png", "zTXt")


def test_broken_files_are_card_errors_naming_the_file_and_the_defect() -> None:
    png = encode_png(RED_GREEN, 2, 2)
    corrupt = bytearray(png)
    corrupt[20] ^= 0xFF  # inside IHDR's payload
    cases = [
        (b"not a png", "not a PNG file"),
        (png[:-12], "PNG has no IEND chunk"),
        (png[:-2], "PNG truncated: chunk 'IEND'"),
        (png[:-12] + b"\x00\x00", "PNG truncated inside a chunk header"),
        (bytes(corrupt), "PNG chunk 'IHDR' at byte 8 fails its CRC check"),
        (_with_chunks(png, _chunk(b"tEXt", b"no separator")), "a tEXt chunk has no keyword separator"),
    ]
    for data, message in cases:
        with pytest.raises(CardError, match=f"^card.png: {message}") as info:
            read_text_chunks(data, where="card.png")
        assert info.value.path == "card.png"
    assert PNG_SIGNATURE == png[:8]


def test_placeholder_avatar_is_deterministic_per_name() -> None:
    first = placeholder_avatar("周望海", size=40)
    assert first == placeholder_avatar("周望海", size=40) != placeholder_avatar("Lin Wan", size=40)
    image = Image.open(io.BytesIO(first))
    assert image.size == (40, 40) and (244, 241, 234) in set(_pixels(first))  # the background colour
