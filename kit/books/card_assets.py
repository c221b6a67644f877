"""The card library: exporting a card book's accepted tags as a card asset, importing and exporting card files.

A card's ``character_book`` is kept apart, as a world asset (``assets/worlds/{id}.json``) the card asset names;
:func:`kit.books.reading.read_card_of` embeds it again.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path
from typing import Literal

from kit.books.codec import check_id
from kit.books.errors import BookStateError, CardError
from kit.books.layout import StoreLayout
from kit.books.reading import WORLD_PLACEHOLDER, read_asset, read_book, read_card_of
from kit.books.records import CardAsset, CardBook, WorldAsset
from kit.books.secrets import check_no_secrets
from kit.cards import Card, card_from_tags, read_card, write_card
from kit.core.png import is_png, read_all_text_chunks, write_text_chunks

__all__ = ["check_new_asset", "export_asset", "export_card", "import_card", "store_asset"]


def check_new_asset(lay: StoreLayout, asset_id: str) -> None:
    """Refuse an asset id whose card or world file exists already (assets are never overwritten)."""
    if lay.asset_file(asset_id).exists():
        raise BookStateError(
            f"assets/cards/{asset_id}.json already exists; card assets are never overwritten, choose another asset_id"
        )
    if lay.world_file(f"{asset_id}-world").exists():
        raise BookStateError(f"assets/worlds/{asset_id}-world.json already exists; choose another asset_id")


def store_asset(lay: StoreLayout, asset: CardAsset, card: Card, avatar: bytes | None, world_name: str) -> CardAsset:
    """Split ``card``'s book into a world asset and write avatar, world and asset (asset last)."""
    raw = card.to_dict("v2") if card.spec == "v1" else copy.deepcopy(dict(card.raw))
    data = raw["data"]
    book = data.get("character_book")
    world = None
    if book is not None:
        world = WorldAsset(f"{asset.id}-world", book.get("name") or world_name, book, asset.id)
        data["character_book"] = {WORLD_PLACEHOLDER: world.id}
    asset = replace(
        asset, card=raw, world_ref=None if world is None else world.id, avatar=f"{asset.id}.png" if avatar else None
    )
    asset_path = lay.asset_file(asset.id)
    record = asset.to_dict()
    check_no_secrets(record, where=str(asset_path))
    CardAsset.from_dict(record, str(asset_path))
    if world is not None:
        check_no_secrets(world.to_dict(), where=str(lay.world_file(world.id)))
    if avatar is not None:
        avatar_path = asset_path.with_name(f"{asset.id}.png")
        texts = read_all_text_chunks(avatar, where=str(avatar_path))
        kept = [
            (f"{kind}:{keyword}", text) for kind, keyword, text in texts if keyword.lower() not in ("chara", "ccv3")
        ]
        for field, text in kept:  # every other text the picture carries is stored: it must hold no key either
            check_no_secrets({field: text}, where=str(avatar_path), path="png")
    if avatar is not None:
        lay.write_bytes(avatar_path, write_text_chunks(avatar, {}, drop=("chara", "ccv3")))
    if world is not None:
        lay.write_json(lay.world_file(world.id), world.to_dict())
    lay.write_json(asset_path, record)
    return read_asset(lay, asset.id)


def export_asset(
    lay: StoreLayout,
    book_id: str,
    *,
    asset_id: str | None = None,
    title: str | None = None,
    avatar: bytes | None = None,
    at: str | None = None,
) -> CardAsset:
    """Export a card book's accepted tags as a new card asset (the design's "导出 CardAsset").

    The card is built with :func:`kit.cards.card_from_tags`; a ``角色卡.世界书`` tag becomes the bound
    world asset. The card book itself is not changed.

    Raises
    ------
    BookStateError
        The book is not a card book, has no accepted tags, or the asset id is taken.
    """
    book = read_book(lay, book_id, warn=False)
    if not isinstance(book, CardBook):
        raise BookStateError(f"book {book_id!r} is a {type(book).__name__}; only card books export card assets")
    tags = book.current_tags
    if not tags:
        raise BookStateError(
            f"book {book_id!r} has no accepted artifacts yet; accept some tags "
            "(record_artifact(event='user_accepted_artifact')) before exporting"
        )
    aid = check_id(asset_id or lay.new_id("card"), what="asset_id")
    check_new_asset(lay, aid)
    if avatar is not None and not is_png(avatar):
        raise CardError(f"export_asset({book_id!r}): the avatar must be PNG bytes")
    card = card_from_tags(tags, default_name=book.title, where=f"{lay.rel(lay.artifacts_file(book_id))}")
    asset = CardAsset(
        id=aid,
        title=title or card.name,
        card_book_id=book_id,
        tags=dict(tags),
        confirmed_at=lay.stamp(at),
        card={},
        run_skill_manifest=None if book.run_skill_manifest is None else dict(book.run_skill_manifest),
        source="exported",
    )
    return store_asset(lay, asset, card, avatar, f"{card.name}'s Lorebook")


def import_card(
    lay: StoreLayout, path: str | Path, *, asset_id: str | None = None, title: str | None = None, at: str | None = None
) -> CardAsset:
    """Turn a card file (V1/V2/V3, JSON or PNG) into a card asset; its ``character_book`` becomes a world asset.

    The asset id defaults to the file name without suffixes (``st_Seraphina.card_v2.json`` ->
    ``st_Seraphina``). A V1 card is stored as V2; V2/V3 cards are stored exactly as read.

    Raises
    ------
    CardError
        The file is not a valid card (names file and field); nothing is written.
    SecretError
        The card carries a credential.
    """
    source = Path(path)
    card = read_card(source)
    aid = check_id(asset_id or source.name.split(".")[0], what="asset_id")
    check_new_asset(lay, aid)
    asset = CardAsset(
        id=aid,
        title=title or card.name,
        card_book_id=None,
        tags={},
        confirmed_at=lay.stamp(at),
        card={},
        source="imported",
        source_file=source.name,
    )
    return store_asset(lay, asset, card, card.avatar, f"{card.name}'s Lorebook")


def export_card(lay: StoreLayout, asset_id: str, path: str | Path, *, spec: Literal["v2", "v3"] = "v2") -> Path:
    """Write a card asset as a card file (``.json`` in ``spec``, or ``.png`` with both chunks); return the path.

    Every field of the stored card is written back, the bound world book embedded as ``character_book``.
    """
    return write_card(read_card_of(lay, asset_id), path, spec=spec)


# ------------------------------------------------------------------------------------- sessions
