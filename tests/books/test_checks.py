"""BookStore.problems(): a book missing a field the design requires is a row naming it; strict=True raises."""

from __future__ import annotations

import json

import pytest

from kit.books import BookRecordError, open_store

T0 = "2026-01-01T00:00:00Z"


@pytest.fixture
def studio(tmp_path):
    store = open_store(tmp_path / "studio")
    store.create_card_book("ok", book_id="cb", at=T0)
    store.record_artifact("cb", "角色.名字", "周望海", event="user_accepted_artifact", at=T0)
    store.export_asset("cb", asset_id="zhou", at=T0)
    store.create_play_book("p", card_asset_id="zhou", book_id="pb", context_profile={"variant": "x"}, at=T0)
    return store


@pytest.mark.parametrize("book_id, field", [
    ("pb", "orchestratorId"), ("pb", "contextProfile"), ("pb", "runSkillManifest"), ("pb", "runState"),
    ("cb", "orchestratorId"),
])  # fmt: skip
def test_a_missing_required_field_is_a_problem_row_naming_it(studio, book_id, field):
    path = studio.root / "books" / book_id / "project.json"
    data = json.loads(path.read_text())
    del data[field]
    path.write_text(json.dumps(data, ensure_ascii=False))
    problems = studio.problems()
    rows = problems[problems["object_id"] == book_id][["kind", "field", "path"]].values.tolist()
    assert rows == [["unreadable", field, f"books/{book_id}/project.json"]]
    assert f"field '{field}' is missing (it is required)" in problems["message"].iloc[0]
    with pytest.raises(BookRecordError, match=rf"project\.json: field '{field}' is missing \(it is required\)"):
        studio.books(strict=True)
    lenient = studio.books(strict=False)
    assert book_id not in lenient["book_id"].tolist() and len(lenient) == 1  # the other book still reads
    with pytest.raises(BookRecordError, match=rf"field '{field}' is missing"):
        studio.book(book_id)


def test_a_clean_store_has_no_problems(studio):
    assert studio.problems().empty
