"""Tests for the sample save's text content (kit.samples.guides)."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from kit.core.document import Document
from kit.core.errors import KitError
from kit.samples import guides
from kit.samples.guides import (
    LANGUAGES,
    PLAYERS,
    QUEST_BACKGROUND_CLASSES,
    LabelledQuestion,
    UnknownSampleLanguageError,
    UnknownSamplePlayerError,
    ftb_guides,
    knowledge_documents,
    labelled_questions,
    player_knowledge,
    player_notes,
    quest_backgrounds,
)

REPO = Path(__file__).resolve().parents[2]
CJK = re.compile(r"[\u4e00-\u9fff]")

DIGEST_SCRIPT = """
import hashlib
from kit.samples import guides as g
parts = []
for language in g.LANGUAGES:
    parts += [g.knowledge_documents(language), g.ftb_guides(language), g.labelled_questions(language)]
    parts += [g.player_knowledge(player, language) for player in g.PLAYERS]
parts += [g.player_notes(player) for player in g.PLAYERS]
parts.append(g.quest_backgrounds())
print(hashlib.sha256(repr(parts).encode()).hexdigest())
"""


def _digest_in_process() -> str:
    output: list[str] = []
    exec(DIGEST_SCRIPT.replace("print(", "output.append("), {"output": output})  # noqa: S102
    return output[0]


def _paragraphs(document: Document) -> list[str]:
    return document.text.split("\n\n")


def _all_private_texts(player: str) -> list[str]:
    texts = list(player_notes(player).values())
    for language in LANGUAGES:
        for document in player_knowledge(player, language):
            texts += [document.title, *_paragraphs(document)]
    return texts


# --- determinism -------------------------------------------------------------------------------


def test_two_calls_give_equal_output():
    for language in LANGUAGES:
        assert knowledge_documents(language) == knowledge_documents(language)
        assert ftb_guides(language) == ftb_guides(language)
        assert labelled_questions(language) == labelled_questions(language)
    assert quest_backgrounds() == quest_backgrounds()


@pytest.mark.parametrize("hash_seed", ["0", "4242"])
def test_output_does_not_depend_on_the_hash_seed(hash_seed):
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    result = subprocess.run(
        [sys.executable, "-c", DIGEST_SCRIPT], cwd=REPO, env=env, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == _digest_in_process()


def test_returned_containers_are_fresh_copies():
    notes = player_notes("alex")
    notes["home"] = "changed"
    documents = knowledge_documents("en_us")
    documents.clear()
    assert player_notes("alex")["home"] != "changed"
    assert knowledge_documents("en_us")


# --- shared knowledge --------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_templates_left_no_traces(language):
    texts = [d.title + "\n" + d.text for d in knowledge_documents(language) + ftb_guides(language)]
    for text in texts:
        assert "{" not in text and "}" not in text
        assert ".." not in text.replace("...", "")
        assert "。。" not in text and ",," not in text and "  " not in text


def test_chinese_texts_are_chinese_and_english_texts_are_not():
    chinese = knowledge_documents("zh_cn") + ftb_guides("zh_cn")
    for document in chinese:
        letters = re.sub(r"\s", "", document.text)
        # Command pages are mostly syntax, so the per-page bar is low; the corpus as a whole is Chinese.
        assert len(CJK.findall(letters)) / len(letters) > 0.25, document.id
    for document in chinese:
        if not document.id.startswith("guide/commands/"):
            assert CJK.search(document.title), document.id
    letters = re.sub(r"\s", "", "".join(d.text for d in chinese))
    assert len(CJK.findall(letters)) / len(letters) > 0.6
    for document in knowledge_documents("en_us") + ftb_guides("en_us"):
        assert not CJK.search(document.title + document.text), document.id


def test_chinese_texts_use_full_width_punctuation():
    texts = [d.title + "\n" + d.text for d in knowledge_documents("zh_cn") + ftb_guides("zh_cn")]
    texts += [q.question for q in labelled_questions("zh_cn")]
    for text in texts:
        prose = re.sub(r"`[^`]*`", "", text)
        assert not re.search(r"[;()?!]|(?<!\d),|,(?!\d)", prose), text
        assert not re.search(r"(?<![0-9A-Za-z_]):|:(?![0-9A-Za-z_])", prose), text
        assert prose.count("“") == prose.count("”")


# --- FTB guides and quest backgrounds ----------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_ftb_guides(language):
    documents = ftb_guides(language)
    ids = [d.id for d in documents]
    assert len(documents) >= 20
    assert len(set(ids)) == len(ids) and ids == sorted(ids)
    assert all(re.fullmatch(r"ftb:[0-9A-F]{16}", doc_id) for doc_id in ids)
    assert all(d.tags[0] == "ftb" and len(_paragraphs(d)) >= 2 for d in documents)


def test_ftb_ids_match_across_languages_and_backgrounds():
    english, chinese = ftb_guides("en_us"), ftb_guides("zh_cn")
    assert [d.id for d in english] == [d.id for d in chinese]
    backgrounds = quest_backgrounds()
    assert list(backgrounds) == sorted(d.id.removeprefix("ftb:") for d in english)
    assert set(backgrounds.values()) <= set(QUEST_BACKGROUND_CLASSES)
    assert len(set(backgrounds.values())) >= 5


# --- players -------------------------------------------------------------------------------------


@pytest.mark.parametrize("player", PLAYERS)
def test_player_knowledge_counts_and_ids(player):
    english, chinese = player_knowledge(player, "en_us"), player_knowledge(player, "zh_cn")
    assert 5 <= len(english) <= 15
    assert [d.id for d in english] == [d.id for d in chinese]
    assert all(d.id.startswith(f"private/{player}/") and d.tags == ("private", player) for d in english)
    assert all(CJK.search(d.text) for d in chinese)
    notes = player_notes(player)
    assert notes and list(notes) == sorted(notes)


def test_players_private_texts_are_disjoint():
    texts = {player: _all_private_texts(player) for player in PLAYERS}
    for first, second in itertools.combinations(PLAYERS, 2):
        assert not set(texts[first]) & set(texts[second])
    markers = {"alex": ("Copperhold", "铜堡"), "mei": ("Green Willow", "青柳"), "sam": ("Stash", "Rook")}
    for owner, words in markers.items():
        for player in PLAYERS:
            found = any(word in text for word in words for text in texts[player])
            assert found == (player == owner), (owner, player)


def test_private_texts_do_not_appear_in_shared_tables():
    shared = "\n".join(d.text for language in LANGUAGES for d in knowledge_documents(language) + ftb_guides(language))
    for player in PLAYERS:
        for language in LANGUAGES:
            for document in player_knowledge(player, language):
                assert all(paragraph not in shared for paragraph in _paragraphs(document))
    assert "Copperhold" not in shared and "青柳" not in shared


# --- labelled questions --------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_labelled_questions_point_at_existing_documents_in_scope(language):
    questions = labelled_questions(language)
    assert len(questions) >= 40
    assert all(isinstance(q, LabelledQuestion) and q.language == language for q in questions)
    pools = {"shared": {d.id for d in knowledge_documents(language)}, "ftb": {d.id for d in ftb_guides(language)}}
    pools.update({f"player:{p}": {d.id for d in player_knowledge(p, language)} for p in PLAYERS})
    for question in questions:
        assert 1 <= len(question.relevant_ids) <= 3, question.query_id
        assert len(set(question.relevant_ids)) == len(question.relevant_ids)
        assert set(question.relevant_ids) <= pools[question.scope], question.query_id
    scopes = [q.scope for q in questions]
    assert sum(s.startswith("player:") for s in scopes) >= 8
    assert {s for s in scopes if s.startswith("player:")} == {f"player:{p}" for p in PLAYERS}
    assert scopes.count("ftb") >= 6


def test_labelled_questions_are_parallel_and_in_their_language():
    english, chinese = labelled_questions("en_us"), labelled_questions("zh_cn")
    assert [q.query_id for q in english] == [q.query_id for q in chinese]
    assert len({q.query_id for q in english}) == len(english)
    assert [(q.relevant_ids, q.scope) for q in english] == [(q.relevant_ids, q.scope) for q in chinese]
    assert all(CJK.search(q.question) for q in chinese)
    assert not any(CJK.search(q.question) for q in english)
    lengths = sorted(len(q.question.split()) for q in english)
    assert lengths[0] <= 4 and lengths[-1] >= 9  # some keyword queries, some full sentences


@pytest.mark.parametrize("language", LANGUAGES)
def test_questions_are_paraphrased_not_copied(language):
    texts = "\n".join(d.text for d in knowledge_documents(language) + ftb_guides(language))
    for question in labelled_questions(language):
        assert question.question not in texts, question.query_id


# --- errors ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("function", [knowledge_documents, ftb_guides, labelled_questions])
def test_unknown_language_is_rejected(function):
    with pytest.raises(UnknownSampleLanguageError, match=r"'language' parameter of \w+ must be one of .*Got 'fr_fr'"):
        function("fr_fr")
    with pytest.raises(ValueError):
        function("EN_US")


def test_unknown_player_is_rejected():
    with pytest.raises(UnknownSamplePlayerError, match=r"'player' parameter of player_notes .* Got 'steve' instead"):
        player_notes("steve")
    with pytest.raises(LookupError, match="player_knowledge"):
        player_knowledge("steve", "en_us")
    with pytest.raises(KitError, match="player_knowledge"):
        player_knowledge("alex", "de_de")
    assert issubclass(UnknownSamplePlayerError, KitError) and issubclass(UnknownSampleLanguageError, KitError)


def test_module_exports_exist():
    assert all(hasattr(guides, name) for name in guides.__all__)
