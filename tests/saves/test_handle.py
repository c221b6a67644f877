"""AgentDatabase's question-flow entry points: table ids checked, arguments checked, the server's weighting."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import kit
from kit.retrieval import ParagraphIndex
from kit.saves.errors import UnknownTableError

PLAYER = "6f1c2a4e-5b7d-4e21-9a3c-0d8e7f6a5b41"
NEW_PLAYER = "0f0e0d0c-0b0a-4998-8776-655443322110"
DOCS = [
    kit.Document("diamonds", "Diamonds", "Diamonds are found deep underground near Y=-58.\n\nMine them with iron."),
    kit.Document("farming", "Farming", "Wheat grows on farmland next to water. Diamonds are not grown."),
    kit.Document("rules", "Server rules", "Be kind. No griefing. Where to ask: the help channel."),
]


@pytest.fixture
def save(tmp_path: Path):
    with kit.open_save(tmp_path) as opened:
        opened.databases.shared().put(kit.KNOWLEDGE, "en_us", DOCS)
        yield opened


def test_a_misspelt_table_raises_with_the_stored_tables_and_nearest_names(save) -> None:
    db = save.databases.shared()
    with pytest.raises(
        UnknownTableError,
        match=r"no table 'system:knowldge'.*stored tables: 'system:knowledge'"
        r".*did you mean 'system:knowledge'",
    ) as info:
        db.search("system:knowldge", "en_us", "diamonds")
    assert isinstance(info.value, LookupError) and isinstance(info.value, kit.KitError)
    for call in (
        lambda: db.documents("system:knowldge"),
        lambda: db.frame("system:knowldge"),
        lambda: db.prepare_index("system:knowldge", "en_us"),
    ):
        with pytest.raises(UnknownTableError, match="did you mean 'system:knowledge'"):
            call()


def test_known_tables_that_are_absent_or_empty_give_no_rows(save) -> None:
    shared = save.databases.shared()
    assert shared.search("system:ftb_guides", "en_us", "diamonds").empty  # known, not stored
    assert shared.search("system:knowledge", "zh_cn", "钻石").empty  # stored, no documents in that language
    new = save.databases.player(NEW_PLAYER)  # a new player's database: no file at all
    assert new.search("system:knowledge", "en_us", "diamonds").empty and new.is_valid
    assert kit.ask(save, NEW_PLAYER, "where are diamonds?", language="en_us")["scope"].tolist()[:1] == ["shared"]


def test_a_table_declared_by_user_code_is_known(save) -> None:
    notes = kit.DatabaseTable("example:notes", kit.DOCUMENTS)
    db = save.databases.player(PLAYER)
    assert db.documents(notes) == {}
    assert db.search("example:notes", "en_us", "x").empty


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"source": 3}, r"'source' parameter of search must be a documents table id .* Got int 3"),
        ({"language": None}, r"'language' parameter of search must be a str .*'zh_cn'.* Got NoneType None"),
        ({"query": ["diamonds"]}, r"'query' parameter of search must be a str \(the question text\)"),
        ({"limit": "5"}, r"'limit' parameter of search must be an int in the range \[1, inf\). Got '5'"),
        ({"allowed_ids": "diamonds"}, r"'allowed_ids' .*wrap a single id in a list: \['diamonds'\]"),
        ({"allowed_ids": [1]}, r"'allowed_ids' parameter of search must hold document ids \(str\). Got int 1"),
        ({"weighting": "bm42"}, r"'weighting' parameter of prepare_index must be a str among \{'tfidf', 'bm25'\}"),
    ],
)
def test_search_checks_its_arguments(save, kwargs: dict, message: str) -> None:
    args = {"source": "system:knowledge", "language": "en_us", "query": "diamonds", **kwargs}
    with pytest.raises(kit.InvalidParameterError, match=message):
        save.databases.shared().search(args.pop("source"), args.pop("language"), args.pop("query"), **args)


def test_the_question_flow_weights_as_the_server_does(save) -> None:
    db = save.databases.shared()
    tfidf = ParagraphIndex(weighting="tfidf").fit(DOCS).search("where are diamonds found", limit=5)
    bm25 = ParagraphIndex().fit(DOCS).search("where are diamonds found", limit=5)
    found = db.search(kit.KNOWLEDGE, "en_us", "where are diamonds found")
    np.testing.assert_allclose(found["score"], tfidf["score"])
    assert not np.allclose(found["score"], bm25["score"])
    np.testing.assert_allclose(
        db.search(kit.KNOWLEDGE, "en_us", "where are diamonds found", weighting="bm25")["score"], bm25["score"]
    )
    assert db.prepare_index(kit.KNOWLEDGE, "en_us").weighting == "tfidf"
    asked = kit.ask(save, PLAYER, "where are diamonds found", language="en_us")
    np.testing.assert_allclose(asked["score"], tfidf["score"])
    asked_bm25 = kit.ask(save, PLAYER, "where are diamonds found", language="en_us", weighting="bm25")
    np.testing.assert_allclose(asked_bm25["score"], bm25["score"])


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda save: kit.ask("sample_saves/aurora_server", PLAYER, "q"),
            r"'save' parameter of ask must be a Save, "
            r"got str .*use kit.open_save",
        ),
        (lambda save: kit.ask(save, None, "q"), r"'player_uuid' parameter of ask must be a str"),
        (lambda save: kit.ask(save, PLAYER, 42), r"'question' parameter of ask must be a str .* Got int 42"),
        (lambda save: kit.open_save(123), r"'path' parameter of open_save must be a save folder .* Got int 123"),
        (lambda save: kit.open_save(save), r"Got an already opened Save .* pass its .path"),
    ],
)
def test_entry_points_name_the_wrong_argument(save, call, message: str) -> None:
    with pytest.raises(kit.InvalidParameterError, match=message):
        call(save)
