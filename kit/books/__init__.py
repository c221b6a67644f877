"""The Book store and character cards: ``import kit.books``.

* :func:`open_store` opens a role-play studio folder (card design books, card assets, play books, project
  books, snapshots, sessions) and gives DataFrames over it (see :class:`BookStore`).
* :func:`read_card` / :func:`write_card` read and write V1/V2/V3 character cards as JSON or PNG.
* Sessions are a book's working copies; closing one settles it into the book by the design's rules, and an
  artifact writes the book only through the state machine's writing events (:data:`BOOK_WRITING_EVENTS`).
* Nothing carrying an API key is ever written: :class:`SecretError`.
"""

from __future__ import annotations

from kit.books.errors import (
    BookNotFoundError,
    BookRecordError,
    BookStateError,
    CardError,
    SecretError,
    StorageError,
    StoreBusyError,
    TornTraceWarning,
    TraceError,
)
from kit.books.records import (
    ARTIFACT_EVENTS,
    BOOK_WRITING_EVENTS,
    CardAsset,
    CardBook,
    CardRef,
    ChatMessage,
    ContentRecord,
    DesignTraceEntry,
    PlayBook,
    PlayTraceEntry,
    ProjectBook,
    RunSnapshot,
    RunState,
    Session,
    TaggedArtifact,
    Transition,
    WorldAsset,
    WorldRef,
)
from kit.books.secrets import check_no_secrets
from kit.books.store import BookStore, open_store
from kit.cards import Card, card_from_dict, card_from_tags, read_card, write_card
from kit.core.png import placeholder_avatar

__all__ = [
    "ARTIFACT_EVENTS",
    "BOOK_WRITING_EVENTS",
    "BookNotFoundError",
    "BookRecordError",
    "BookStateError",
    "BookStore",
    "Card",
    "CardAsset",
    "CardBook",
    "CardError",
    "CardRef",
    "ChatMessage",
    "ContentRecord",
    "DesignTraceEntry",
    "PlayBook",
    "PlayTraceEntry",
    "ProjectBook",
    "RunSnapshot",
    "RunState",
    "SecretError",
    "Session",
    "StorageError",
    "StoreBusyError",
    "TaggedArtifact",
    "TornTraceWarning",
    "TraceError",
    "Transition",
    "WorldAsset",
    "WorldRef",
    "card_from_dict",
    "card_from_tags",
    "check_no_secrets",
    "open_store",
    "placeholder_avatar",
    "read_card",
    "write_card",
]
