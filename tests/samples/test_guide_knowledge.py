"""The sample save's shared knowledge documents (``system:knowledge``), one template per topic, in two languages."""

from __future__ import annotations

import itertools
import re

import pytest

from kit.core.document import Document
from kit.samples.guide_knowledge import knowledge_documents
from kit.samples.guides import LANGUAGES
from tests.samples.samples_inputs import paragraphs as _paragraphs


@pytest.mark.parametrize("language", LANGUAGES)
def test_knowledge_counts_ids_and_order(language):
    documents = knowledge_documents(language)
    ids = [document.id for document in documents]
    assert len(documents) >= 160
    assert len(set(ids)) == len(ids)
    assert ids == sorted(ids)
    assert all(re.fullmatch(r"guide/[a-z]+/[a-z0-9_]+", doc_id) for doc_id in ids)
    assert all(isinstance(document, Document) and document.title and document.tags for document in documents)
    topics = {doc_id.split("/")[1] for doc_id in ids}
    assert {
        "ores",
        "mobs",
        "biomes",
        "machines",
        "farming",
        "enchanting",
        "rules",
        "commands",
        "economy",
        "quests",
        "dimensions",
    } <= topics


def test_knowledge_ids_and_tags_are_identical_across_languages():
    english, chinese = (knowledge_documents(language) for language in ("en_us", "zh_cn"))
    assert [d.id for d in english] == [d.id for d in chinese]
    assert [d.tags for d in english] == [d.tags for d in chinese]
    assert all(e.text != c.text for e, c in zip(english, chinese))


@pytest.mark.parametrize("language", LANGUAGES)
def test_knowledge_paragraph_structure(language):
    documents = knowledge_documents(language)
    for document in documents:
        paragraphs = _paragraphs(document)
        assert 3 <= len(paragraphs) <= 6, document.id
        assert all(p.strip() == p and p for p in paragraphs), document.id
        assert "\n\n\n" not in document.text
    with_headings = [d for d in documents if any(p.startswith("## ") for p in _paragraphs(d))]
    without_headings = [d for d in documents if "## " not in d.text]
    assert len(with_headings) >= 40 and len(without_headings) >= 40
    long_documents = [d.id for d in documents if max(map(len, _paragraphs(d))) > 1200]
    assert len(long_documents) >= 2


def test_chinese_texts_keep_latin_ids_and_numbers_with_spaces():
    chinese = {d.id: d.text for d in knowledge_documents("zh_cn")}
    assert "Y=-58" in chinese["guide/ores/diamond"]
    assert "`frostworks:frostsilver_ore`" in chinese["guide/ores/frostsilver"]
    joined = "".join(chinese.values())
    assert not re.search(r"[\u4e00-\u9fff][0-9A-Za-z]|[0-9A-Za-z][\u4e00-\u9fff]", joined)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_near_duplicate_documents(language):
    documents = knowledge_documents(language)
    paragraphs = [p for d in documents for p in _paragraphs(d)]
    assert len(set(paragraphs)) == len(paragraphs)
    if language == "en_us":
        words = [set(re.findall(r"[a-z0-9]+", d.text.lower())) for d in documents]
        worst = max(len(a & b) / len(a | b) for a, b in itertools.combinations(words, 2))
        assert worst < 0.6


def test_total_size_is_a_few_hundred_kilobytes():
    size = sum(
        len(d.text.encode()) + len(d.title.encode()) for language in LANGUAGES for d in knowledge_documents(language)
    )
    assert 150_000 < size < 1_000_000


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sample_database_holds_these_documents(language, sample_save):
    import kit
    from kit.saves.tables import KNOWLEDGE

    with kit.open_save(sample_save) as save:
        stored = save.databases.shared().get(KNOWLEDGE, language)
    assert stored == knowledge_documents(language)


def test_unknown_language_names_the_known_ones():
    from kit.samples import UnknownSampleLanguageError

    with pytest.raises(UnknownSampleLanguageError, match="en_us"):
        knowledge_documents("fr_fr")  # type: ignore[arg-type]
