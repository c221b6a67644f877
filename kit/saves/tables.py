"""Typed tables: a namespaced id plus the codec of its values, and the system tables kit knows."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Generic, TypeVar

from kit.core.document import Document
from kit.core.errors import InvalidIdentifierError, InvalidParameterError
from kit.saves import codecs
from kit.saves.errors import InvalidLanguageError

__all__ = [
    "InvalidLanguageError",
    "check_language",
    "DatabaseTable",
    "DOCUMENTS",
    "documents_table",
    "validate_identifier",
    "KNOWLEDGE",
    "FTB_GUIDES",
    "QUEST_BACKGROUNDS",
    "KNOWN_TABLES",
]

T = TypeVar("T")

# Minecraft's ResourceLocation rules: namespace [a-z0-9_.-], path [a-z0-9_.-/].
_IDENTIFIER = re.compile(r"[a-z0-9_.\-]+:[a-z0-9_.\-/]+")


def validate_identifier(value: str, *, what: str = "table id") -> str:
    """Return ``value`` if it is a namespaced id (``namespace:path``), else raise InvalidIdentifierError."""
    if not isinstance(value, str) or not _IDENTIFIER.fullmatch(value):
        raise InvalidIdentifierError(
            f"invalid {what} {value!r}: expected 'namespace:path' using only a-z 0-9 _ . - (and / in the path)"
        )
    return value


@dataclass(frozen=True)
class DatabaseTable(Generic[T]):
    """A typed table: its namespaced id and the codec of its values.

    The same id must always be used with the same codec (structure); a database refuses a second codec.

    Examples
    --------
    >>> NOTES = DatabaseTable("example:notes", codecs.STRING)
    """

    id: str
    codec: codecs.Codec[T]

    def __post_init__(self) -> None:
        validate_identifier(self.id)
        if not isinstance(self.codec, codecs.Codec):
            raise InvalidParameterError(
                f"DatabaseTable {self.id!r}: codec must be a kit.saves.codecs.Codec, got {self.codec!r}"
            )

    @property
    def is_documents(self) -> bool:
        """True for a documents table (``language -> list[Document]``)."""
        return self.codec == DOCUMENTS


#: The codec of documents tables: each key is a language (``zh_cn``), each value a list of documents.
DOCUMENTS: codecs.Codec[list[Document]] = codecs.list_of(codecs.record(Document))


def documents_table(source: str | DatabaseTable) -> DatabaseTable[list[Document]]:
    """Return the documents table for a source id (or check that a table is one)."""
    if isinstance(source, DatabaseTable):
        if not source.is_documents:
            raise InvalidParameterError(
                f"table {source.id!r} is not a documents table (codec {source.codec.signature})"
            )
        return source
    return DatabaseTable(source, DOCUMENTS)


#: Public or private question-answering knowledge (``system:knowledge``), keyed by language.
KNOWLEDGE: DatabaseTable[list[Document]] = DatabaseTable("system:knowledge", DOCUMENTS)
#: FTB Quests guide texts (``system:ftb_guides``), keyed by language; shared database only.
FTB_GUIDES: DatabaseTable[list[Document]] = DatabaseTable("system:ftb_guides", DOCUMENTS)
#: Quest background classification (``system:quest_backgrounds``): quest id -> class label.
QUEST_BACKGROUNDS: DatabaseTable[str] = DatabaseTable("system:quest_backgrounds", codecs.STRING)


#: The tables kit knows by id (a known table that is absent from a database reads as empty).
KNOWN_TABLES: dict[str, DatabaseTable] = {table.id: table for table in (KNOWLEDGE, FTB_GUIDES, QUEST_BACKGROUNDS)}


_LANGUAGE = re.compile(r"[a-z]{2,3}(_[a-z0-9]{2,8})?")


def check_language(language: str) -> str:
    """Return ``language`` when it looks like a game language code, else raise InvalidLanguageError."""
    if not isinstance(language, str) or not _LANGUAGE.fullmatch(language):
        raise InvalidLanguageError(
            f"invalid language {language!r}: expected a game language code such as 'zh_cn' or 'en_us'"
        )
    return language
