"""PNG chunk handling for character cards, with the standard library only.

Cards travel as PNG avatars whose ``tEXt`` chunks hold base64 JSON (``chara`` for V2, ``ccv3`` for V3).
Working on chunks (rather than decoding and re-encoding the image) keeps the picture bytes exactly as they
were, and :func:`encode_png` draws the small deterministic placeholder avatars kit uses when a card has none.
"""

from __future__ import annotations

import hashlib
import struct
import zlib
from collections.abc import Iterable, Mapping

from kit.core.errors import CardError, InvalidParameterError

__all__ = [
    "MAX_TEXT_CHUNK_BYTES",
    "PNG_SIGNATURE",
    "encode_png",
    "is_png",
    "placeholder_avatar",
    "read_all_text_chunks",
    "read_text_chunks",
    "write_text_chunks",
]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def is_png(data: bytes) -> bool:
    """Return True when ``data`` starts with the PNG signature."""
    return data[:8] == PNG_SIGNATURE


def _chunks(data: bytes, where: str) -> list[tuple[bytes, bytes]]:
    """Split a PNG into ``(type, payload)`` pairs, checking lengths and CRCs."""
    if not is_png(data):
        raise CardError(f"{where}: not a PNG file (the 8-byte PNG signature is missing)", path=where)
    out: list[tuple[bytes, bytes]] = []
    pos = 8
    while pos < len(data):
        if pos + 8 > len(data):
            raise CardError(f"{where}: PNG truncated inside a chunk header at byte {pos}", path=where)
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        end = pos + 12 + length
        if end > len(data):
            raise CardError(
                f"{where}: PNG truncated: chunk {kind.decode('latin-1')!r} at byte {pos} needs {length} bytes",
                path=where,
            )
        payload = data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : end])
        if zlib.crc32(kind + payload) & 0xFFFFFFFF != crc:
            raise CardError(
                f"{where}: PNG chunk {kind.decode('latin-1')!r} at byte {pos} fails its CRC check", path=where
            )
        out.append((kind, payload))
        pos = end
        if kind == b"IEND":
            break
    if not out or out[-1][0] != b"IEND":
        raise CardError(f"{where}: PNG has no IEND chunk (the file is truncated)", path=where)
    return out


def read_text_chunks(data: bytes, *, where: str = "<png>") -> list[tuple[str, str]]:
    """Return the ``(keyword, text)`` pairs of every ``tEXt`` chunk, in file order.

    Keywords and texts are Latin-1 as the PNG specification says (base64 card payloads are ASCII).

    Raises
    ------
    CardError
        ``data`` is not a well-formed PNG.
    """
    pairs = []
    for kind, payload in _chunks(data, where):
        if kind == b"tEXt":
            keyword, sep, text = payload.partition(b"\x00")
            if not sep:
                raise CardError(f"{where}: a tEXt chunk has no keyword separator", path=where)
            pairs.append((keyword.decode("latin-1"), text.decode("latin-1")))
    return pairs


#: Largest text a compressed (``zTXt`` / ``iTXt``) chunk may inflate to when it is inspected.
MAX_TEXT_CHUNK_BYTES = 8 * 1024 * 1024


def _inflate_text(payload: bytes, where: str, kind: str) -> bytes:
    inflater = zlib.decompressobj()
    try:
        out = inflater.decompress(payload, MAX_TEXT_CHUNK_BYTES + 1)
    except zlib.error as exc:
        raise CardError(f"{where}: a {kind} chunk does not inflate ({exc})", path=where, field=kind) from None
    if len(out) > MAX_TEXT_CHUNK_BYTES or inflater.unconsumed_tail:
        raise CardError(f"{where}: a {kind} chunk inflates beyond {MAX_TEXT_CHUNK_BYTES} bytes", path=where, field=kind)
    return out


def read_all_text_chunks(data: bytes, *, where: str = "<png>") -> list[tuple[str, str, str]]:
    """Return ``(chunk type, keyword, text)`` for every ``tEXt``, ``zTXt`` and ``iTXt`` chunk, in file order.

    Compressed texts are inflated up to :data:`MAX_TEXT_CHUNK_BYTES`; ``iTXt`` text is UTF-8, the others
    Latin-1. Used to look for credentials in every text an avatar carries, not only the card chunks.

    Raises
    ------
    CardError
        ``data`` is not a well-formed PNG, or a text chunk is malformed or inflates too far.
    """
    out = []
    for kind, payload in _chunks(data, where):
        if kind not in (b"tEXt", b"zTXt", b"iTXt"):
            continue
        name = kind.decode("ascii")
        keyword, sep, rest = payload.partition(b"\x00")
        if not sep:
            raise CardError(f"{where}: a {name} chunk has no keyword separator", path=where, field=name)
        if kind == b"tEXt":
            text = rest
        elif kind == b"zTXt":
            text = _inflate_text(rest[1:], where, name)
        else:  # iTXt: compression flag, method, language tag NUL, translated keyword NUL, text
            if len(rest) < 2:
                raise CardError(f"{where}: an iTXt chunk is truncated", path=where, field=name)
            compressed = rest[0] == 1
            parts = rest[2:].split(b"\x00", 2)
            if len(parts) != 3:
                raise CardError(f"{where}: an iTXt chunk is truncated", path=where, field=name)
            text = _inflate_text(parts[2], where, name) if compressed else parts[2]
        encoding = "utf-8" if kind == b"iTXt" else "latin-1"
        out.append((name, keyword.decode("latin-1"), text.decode(encoding, "replace")))
    return out


def _chunk(kind: bytes, payload: bytes) -> bytes:
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF)


def write_text_chunks(
    data: bytes, texts: Mapping[str, str], *, drop: Iterable[str] = (), where: str = "<png>"
) -> bytes:
    """Return ``data`` with ``texts`` added as ``tEXt`` chunks just before ``IEND``.

    Existing ``tEXt`` chunks whose keyword (case-insensitive) is in ``drop`` or in ``texts`` are removed
    first; every other chunk, the image data included, is copied byte for byte.
    """
    remove = {k.lower() for k in drop} | {k.lower() for k in texts}
    out = [PNG_SIGNATURE]
    for kind, payload in _chunks(data, where):
        if kind == b"tEXt" and payload.partition(b"\x00")[0].decode("latin-1").lower() in remove:
            continue
        if kind == b"IEND":
            for keyword, text in texts.items():
                out.append(_chunk(b"tEXt", keyword.encode("latin-1") + b"\x00" + text.encode("latin-1")))
        out.append(_chunk(kind, payload))
    return b"".join(out)


def encode_png(rows: list[bytes], width: int, height: int) -> bytes:
    """Encode 8-bit RGB pixel rows (``3 * width`` bytes each) as a PNG; the same input gives the same bytes."""
    if len(rows) != height or any(len(r) != 3 * width for r in rows):
        raise InvalidParameterError(f"encode_png expects {height} rows of {3 * width} bytes")
    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return PNG_SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b"")


def placeholder_avatar(name: str, *, size: int = 96) -> bytes:
    """Draw a deterministic 5x5 mirrored "identicon" PNG for a card without an avatar.

    The colour and pattern come from the SHA-256 of ``name``, so the same name always gives the same bytes.
    """
    digest = hashlib.sha256(name.encode("utf-8")).digest()
    fg = bytes((64 + digest[0] % 160, 64 + digest[1] % 160, 64 + digest[2] % 160))
    bg = b"\xf4\xf1\xea"
    cells = [[bool(digest[3 + r * 3 + min(c, 4 - c)] & 1) for c in range(5)] for r in range(5)]
    margin = size // 8
    cell = (size - 2 * margin) // 5
    rows = []
    for y in range(size):
        row = bytearray()
        for x in range(size):
            cy, cx = (y - margin) // cell, (x - margin) // cell
            inside = 0 <= y - margin < 5 * cell and 0 <= x - margin < 5 * cell
            row += fg if inside and cells[cy][cx] else bg
        rows.append(bytes(row))
    return encode_png(rows, size, size)
