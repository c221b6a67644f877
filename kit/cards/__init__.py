"""The character-card codec: V1, V2 (``chara_card_v2``) and V3 (``chara_card_v3``) cards, as JSON or PNG.

One codec for the whole of kit: the book store (:mod:`kit.books`) keeps cards with it and the world-book
readers (:mod:`kit.worldbook`) take card lore out of cards with it. The lore itself becomes a
:class:`kit.worldbook.WorldBook` through :func:`kit.worldbook.from_card`.
"""

from __future__ import annotations

from kit.cards.codec import (
    CARD_BOOK_TAG,
    CARD_DRAFT_TAG,
    CARD_TAG_FIELDS,
    CARD_TAGS_TAG,
    CARD_TEXT_FIELDS,
    Card,
    card_from_dict,
    card_from_png,
    card_from_tags,
    card_json_from_png,
    card_to_png,
    read_card,
    write_card,
)
from kit.core.errors import CardError

__all__ = [
    "CARD_BOOK_TAG",
    "CARD_DRAFT_TAG",
    "CARD_TAG_FIELDS",
    "CARD_TAGS_TAG",
    "CARD_TEXT_FIELDS",
    "Card",
    "CardError",
    "card_from_dict",
    "card_from_png",
    "card_from_tags",
    "card_json_from_png",
    "card_to_png",
    "read_card",
    "write_card",
]
