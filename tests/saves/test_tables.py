"""Typed tables (kit.saves.tables): namespaced ids, codecs, documents tables, the known tables, language codes."""

from __future__ import annotations

import pytest

import kit
from kit.saves import codecs
from kit.saves.tables import (
    DOCUMENTS,
    FTB_GUIDES,
    KNOWLEDGE,
    KNOWN_TABLES,
    QUEST_BACKGROUNDS,
    DatabaseTable,
    check_language,
    documents_table,
    validate_identifier,
)


@pytest.mark.parametrize("bad", ["notes", "Example:notes", "ex ample:notes", "example:", ":notes", "a:b:c"])
def test_table_ids_are_namespaced(bad: str) -> None:
    with pytest.raises(kit.InvalidIdentifierError, match="invalid table id"):
        kit.DatabaseTable(bad, codecs.STRING)


@pytest.mark.parametrize("good", ["a:b", "my_mod:notes/2024-01", "x.y-z:p.q_r/s"])
def test_namespaced_ids_are_accepted_as_they_are(good: str) -> None:
    assert validate_identifier(good) == good
    assert DatabaseTable(good, codecs.STRING).id == good


def test_validate_identifier_names_what_it_checked() -> None:
    with pytest.raises(kit.InvalidIdentifierError, match=r"invalid quest id 'Q 1': expected 'namespace:path'"):
        validate_identifier("Q 1", what="quest id")
    with pytest.raises(kit.InvalidIdentifierError, match="invalid table id 5"):
        validate_identifier(5)  # type: ignore[arg-type]
    assert issubclass(kit.InvalidIdentifierError, ValueError)


def test_a_table_needs_a_codec() -> None:
    with pytest.raises(kit.InvalidParameterError, match="DatabaseTable 'example:x': codec must be a kit.saves.codecs"):
        DatabaseTable("example:x", str)  # type: ignore[arg-type]


def test_documents_tables_are_known_by_their_codec() -> None:
    table = documents_table("example:guides")
    assert table == DatabaseTable("example:guides", DOCUMENTS) and table.is_documents
    assert documents_table(KNOWLEDGE) is KNOWLEDGE
    assert DatabaseTable("example:docs", codecs.list_of(codecs.record(kit.Document))).is_documents  # an equal codec
    assert not QUEST_BACKGROUNDS.is_documents
    with pytest.raises(
        kit.InvalidParameterError, match=r"'system:quest_backgrounds' is not a documents table \(codec string\)"
    ):
        documents_table(QUEST_BACKGROUNDS)
    with pytest.raises(kit.InvalidIdentifierError):
        documents_table("guides")


def test_the_known_tables() -> None:
    assert KNOWN_TABLES == {t.id: t for t in (KNOWLEDGE, FTB_GUIDES, QUEST_BACKGROUNDS)}
    assert list(KNOWN_TABLES) == ["system:knowledge", "system:ftb_guides", "system:quest_backgrounds"]
    assert KNOWLEDGE.is_documents and FTB_GUIDES.is_documents and QUEST_BACKGROUNDS.codec == codecs.STRING


@pytest.mark.parametrize("language", ["en_us", "zh_cn", "lol_us", "en", "de_de1"])
def test_language_codes(language: str) -> None:
    assert check_language(language) == language


@pytest.mark.parametrize("language", ["EN_US", "en-us", "english", "../x", "e", "", None, "zh_cn\n"])
def test_bad_language_codes_raise(language) -> None:
    with pytest.raises(kit.InvalidLanguageError, match=r"invalid language .*: expected a game language code"):
        check_language(language)
