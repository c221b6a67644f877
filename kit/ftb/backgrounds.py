"""Quest backgrounds (``system:quest_backgrounds``): stored with the fingerprints they were made from.

The design's server classifies each quest's background with a model and keeps the result in the shared
database's ``system:quest_backgrounds``, reusing it "by content and prompt fingerprint" (按内容和提示词指纹复用)
so that a reload never asks the model again for nothing. kit stores and reads them the same way:

- each value is the background label together with two fingerprints, written as a small JSON object
  ``{"background": ..., "content_fingerprint": ..., "prompt_fingerprint": ...}`` in the table's string value;
- :func:`content_fingerprint` covers what the model reads of a quest: its title, subtitle and description in
  the book's fallback locale (markup cleaned) and its tasks (type, detail, count);
- :func:`prompt_fingerprint` covers the classification prompt;
- :func:`background_freshness` compares both with the current book and prompt and says which backgrounds
  are stale and would be regenerated.

A stored value that is a plain label (as kit's sample saves and servers from before fingerprints hold) is read
as a background without fingerprints: it cannot be proven current, so it would be regenerated.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kit.core.errors import InvalidParameterError
from kit.ftb.guides import DEFAULT_GUIDE_RULE, GuideRule, guide_ids
from kit.saves.tables import QUEST_BACKGROUNDS

if TYPE_CHECKING:
    import pandas as pd

    from kit.ftb.model import QuestBook
    from kit.saves.save import Save

__all__ = [
    "QuestBackground",
    "BACKGROUND_SCHEMA",
    "BACKGROUND_FRESHNESS_SCHEMA",
    "FINGERPRINT_PREFIX",
    "content_fingerprint",
    "prompt_fingerprint",
    "encode_background",
    "decode_background",
    "read_backgrounds",
    "store_backgrounds",
    "background_freshness",
]

#: Fingerprints are ``"sha256:"`` and the first 16 hex digits of the SHA-256 of the canonical content.
FINGERPRINT_PREFIX = "sha256:"

#: Columns (and dtypes) of :func:`read_backgrounds`.
BACKGROUND_SCHEMA = dict(
    quest_id="string",
    background="string",
    content_fingerprint="string",
    prompt_fingerprint="string",
    has_fingerprint="bool",
)
#: Columns (and dtypes) of :func:`background_freshness`.
BACKGROUND_FRESHNESS_SCHEMA = dict(
    quest_id="string",
    background="string",
    status="string",
    is_stale="bool",
    would_regenerate="bool",
    reason="string",
    stored_content_fingerprint="string",
    content_fingerprint="string",
    stored_prompt_fingerprint="string",
    prompt_fingerprint="string",
)


@dataclass(frozen=True)
class QuestBackground:
    """One stored background: the label and the fingerprints of the quest content and prompt it came from.

    Fingerprints are "" when the stored value carried none (a plain label).
    """

    background: str
    content_fingerprint: str = ""
    prompt_fingerprint: str = ""


def _fingerprint(payload: object) -> str:
    canonical = json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return FINGERPRINT_PREFIX + hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def _check_quest(book: QuestBook, quest_id: str) -> str:
    return book.quest(quest_id).quest_id


def content_fingerprint(book: QuestBook, quest_id: str) -> str:
    """The fingerprint of what a background is made from: the quest's text (fallback locale) and tasks.

    Raises
    ------
    UnknownQuestError
        When the book has no such quest (the message lists the nearest ids).
    """
    _check_quest(book, quest_id)
    language = book.fallback_locale
    quest = book.quest_by_id[quest_id]
    tasks = [[book.task_by_id[t].type, book.task_by_id[t].detail, book.task_by_id[t].count] for t in quest.task_ids]
    return _fingerprint(
        {
            "title": book.text(quest_id, "title", language),
            "subtitle": book.text(quest_id, "quest_subtitle", language),
            "description": book.text(quest_id, "quest_desc", language),
            "tasks": tasks,
        }
    )


def prompt_fingerprint(prompt: str) -> str:
    """The fingerprint of a classification prompt (its exact text)."""
    if not isinstance(prompt, str):
        raise InvalidParameterError(f"The 'prompt' parameter must be a str. Got {type(prompt).__name__} instead.")
    return _fingerprint({"prompt": prompt})


def encode_background(record: QuestBackground) -> str:
    """The stored string of a background (a JSON object with the label and both fingerprints)."""
    return json.dumps(
        {
            "background": record.background,
            "content_fingerprint": record.content_fingerprint,
            "prompt_fingerprint": record.prompt_fingerprint,
        },
        ensure_ascii=False,
        sort_keys=True,
    )


def decode_background(value: str) -> QuestBackground:
    """A stored string as a background; a value that is not kit's JSON object is a plain label without fingerprints."""
    if value.startswith("{"):
        try:
            data = json.loads(value)
        except ValueError:
            data = None
        if isinstance(data, dict) and isinstance(data.get("background"), str):
            content, prompt = data.get("content_fingerprint"), data.get("prompt_fingerprint")
            return QuestBackground(
                data["background"],
                content if isinstance(content, str) else "",
                prompt if isinstance(prompt, str) else "",
            )
    return QuestBackground(value)


def _stored(save: Save) -> dict[str, QuestBackground]:
    return {
        quest_id: decode_background(value)
        for quest_id, value in save.databases.shared().entries(QUEST_BACKGROUNDS).items()
    }


def read_backgrounds(save: Save) -> pd.DataFrame:
    """Every stored quest background of the save's shared database.

    Returns
    -------
    DataFrame
        Columns ``quest_id``, ``background`` (the label), ``content_fingerprint``, ``prompt_fingerprint``
        ("" when not stored) and ``has_fingerprint`` (both fingerprints stored). Sorted by quest id.
    """
    from kit.core.frames import frame

    rows = [
        dict(
            quest_id=quest_id,
            background=rec.background,
            content_fingerprint=rec.content_fingerprint,
            prompt_fingerprint=rec.prompt_fingerprint,
            has_fingerprint=bool(rec.content_fingerprint and rec.prompt_fingerprint),
        )
        for quest_id, rec in sorted(_stored(save).items())
    ]
    return frame(BACKGROUND_SCHEMA, rows)


def store_backgrounds(save: Save, book: QuestBook, backgrounds: Mapping[str, str], *, prompt: str) -> None:
    """Store background labels with the fingerprints of the current quest content and ``prompt``.

    Only the given quests' values are written (one write); other stored backgrounds are kept.

    Raises
    ------
    UnknownQuestError
        For a quest id the book does not have (nothing is written).
    """
    prompt_fp = prompt_fingerprint(prompt)
    values = {}
    for quest_id, label in backgrounds.items():
        if not isinstance(label, str):
            raise InvalidParameterError(
                f"the background of quest {quest_id} must be a str label. Got {type(label).__name__} instead."
            )
        values[quest_id] = encode_background(QuestBackground(label, content_fingerprint(book, quest_id), prompt_fp))
    db = save.databases.shared()
    with db.batch():
        for quest_id, value in values.items():
            db.put(QUEST_BACKGROUNDS, quest_id, value)


def _freshness_row(quest_id: str, stored: QuestBackground | None, book: QuestBook, prompt_fp: str) -> dict[str, object]:
    in_book = quest_id in book.quest_by_id
    content_fp = content_fingerprint(book, quest_id) if in_book else ""
    row: dict[str, object] = dict(
        quest_id=quest_id,
        background=stored.background if stored else "",
        stored_content_fingerprint=stored.content_fingerprint if stored else "",
        content_fingerprint=content_fp,
        stored_prompt_fingerprint=stored.prompt_fingerprint if stored else "",
        prompt_fingerprint=prompt_fp,
    )
    if not in_book:
        status, reason = "orphan", "the quest is no longer in the book (the background would not be used)"
    elif stored is None:
        status, reason = "missing", "no background stored yet"
    elif not (stored.content_fingerprint and stored.prompt_fingerprint):
        status, reason = "no_fingerprint", "stored without fingerprints: it cannot be shown to be current"
    else:
        changed = [
            name
            for name, old, new in (
                ("quest content", stored.content_fingerprint, content_fp),
                ("prompt", stored.prompt_fingerprint, prompt_fp),
            )
            if old != new
        ]
        status = "current" if not changed else "_and_".join(c.split()[-1] for c in changed) + "_changed"
        reason = "" if not changed else f"the {' and the '.join(changed)} changed since it was made"
    row.update(
        status=status,
        is_stale=status not in ("current", "missing"),
        would_regenerate=status not in ("current", "orphan"),
        reason=reason,
    )
    return row


def background_freshness(
    save: Save,
    book: QuestBook,
    *,
    prompt: str,
    quest_ids: Iterable[str] | None = None,
    rule: GuideRule = DEFAULT_GUIDE_RULE,
) -> pd.DataFrame:
    """Which stored quest backgrounds are stale, and which backgrounds a reload would (re)generate.

    Parameters
    ----------
    save : Save
        The opened save; only ``system:quest_backgrounds`` of its shared database is read.
    book : QuestBook
        The quest book as it is now.
    prompt : str
        The classification prompt in use now.
    quest_ids : iterable of str, optional
        The quests that should have a background (default: the book's guide quests under ``rule``). Stored
        backgrounds of other quests are listed too.
    rule : GuideRule, default=DEFAULT_GUIDE_RULE
        The guide rule used for the default ``quest_ids``.

    Returns
    -------
    DataFrame
        One row per quest that should have a background or has one stored: ``quest_id``, ``background``
        ("" when none is stored), ``status`` (``current``; ``content_changed``, ``prompt_changed`` or
        ``content_and_prompt_changed``; ``no_fingerprint``: a plain stored label; ``missing``: none stored;
        ``orphan``: stored for a quest the book no longer has), ``is_stale`` (stored but not current),
        ``would_regenerate`` (a reload would ask the model: stale or missing, not orphan), ``reason``, then
        the stored and current ``*_fingerprint`` pairs. Sorted by quest id.

    Raises
    ------
    UnknownQuestError
        For a quest id in ``quest_ids`` that the book does not have.
    """
    from kit.core.frames import frame

    prompt_fp = prompt_fingerprint(prompt)
    wanted = guide_ids(book, rule=rule) if quest_ids is None else [_check_quest(book, q) for q in quest_ids]
    stored = _stored(save)
    rows = [_freshness_row(q, stored.get(q), book, prompt_fp) for q in sorted(set(wanted) | set(stored))]
    return frame(BACKGROUND_FRESHNESS_SCHEMA, rows)
