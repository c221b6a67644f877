"""kit.books.card_assets: exporting a card book as a card asset, importing and exporting card files."""

from __future__ import annotations

import json

import pytest

from kit.books import BookNotFoundError, BookStateError, CardError
from kit.books.reports import ASSETS_SCHEMA
from tests.books.books_inputs import tree
from tests.data_folder import shared_file


def test_export_asset_builds_card(studio):
    card = studio.card("zhou")
    assert card.name == "周望海" and card.get("description") == "守了四十年灯塔"
    assert card.tags == ("灯塔", "老人", "海")
    assets = studio.assets()
    assert list(assets.columns) == list(ASSETS_SCHEMA)
    row = assets.iloc[0]
    assert (row["card_book_id"], row["n_tags"], row["n_play_books"], row["source"]) == ("cb", 3, 1, "exported")


def test_missing_references_name_file_and_field(studio):
    imported = studio.import_card(shared_file("worldbooks", "st_Seraphina.card_v3.json"), asset_id="sera")
    (studio.root / "assets/worlds" / f"{imported.world_ref}.json").unlink()
    with pytest.raises(
        BookNotFoundError, match=r"assets/cards/sera\.json: field 'worldRef' names world asset 'sera-world'"
    ):
        studio.card("sera")
    with pytest.raises(BookNotFoundError, match=r"sessions/s1\.json: field 'bookId': .*no book 'nobody'"):
        studio.save_session("s1", {"bookId": "nobody"})
    problems = studio.problems()
    assert problems[["path", "field"]].values.tolist() == [["assets/cards/sera.json", "worldRef"]]


def test_world_asset_whose_card_is_gone_is_a_problem_row(studio):
    imported = studio.import_card(shared_file("worldbooks", "st_Seraphina.card_v2.json"), asset_id="sera")
    (studio.root / "assets/cards/sera.json").unlink()
    rows = studio.problems().set_index("path")
    assert rows.loc[f"assets/worlds/{imported.world_ref}.json", "field"] == "cardAssetId"
    assert rows.loc[f"assets/worlds/{imported.world_ref}.json", "message"] == "card asset 'sera' does not exist"
    assert rows.loc[f"assets/worlds/{imported.world_ref}.json", "kind"] == "missing_reference"


def test_an_exported_card_file_imports_as_the_same_card(studio, tmp_path):
    path = studio.export_card("zhou", tmp_path / "zhou.json")
    assert json.loads(path.read_text(encoding="utf-8"))["spec"] == "chara_card_v2"
    asset = studio.import_card(path, asset_id="again")
    assert (asset.source, asset.source_file, asset.card_book_id) == ("imported", "zhou.json", None)
    again, original = studio.card("again"), studio.card("zhou")
    assert (again.name, again.get("description"), again.tags) == (
        original.name,
        original.get("description"),
        original.tags,
    )


def test_bad_imports_and_exports_are_refused_and_write_nothing(studio, tmp_path):
    (tmp_path / "nameless.json").write_text('{"spec": "chara_card_v2", "data": {"description": "x"}}')
    before = tree(studio.root)
    with pytest.raises(CardError, match=r"nameless\.json: field 'data\.name' is missing"):
        studio.import_card(tmp_path / "nameless.json", asset_id="nameless")
    with pytest.raises(
        BookStateError, match=r"assets/cards/zhou\.json already exists; card assets are never overwritten"
    ):
        studio.import_card(studio.export_card("zhou", tmp_path / "z.json"), asset_id="zhou")
    with pytest.raises(BookStateError, match="'pb' is a PlayBook; only card books export card assets"):
        studio.export_asset("pb", asset_id="x")
    with pytest.raises(BookNotFoundError, match=r"no card asset 'ghost' \(assets/cards/ghost\.json is missing\)"):
        studio.export_card("ghost", tmp_path / "ghost.json")
    assert tree(studio.root) == before
