from __future__ import annotations

import pytest

from kit.books import open_store, read_card
from kit.samples.cards import write_cards


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    save = tmp_path_factory.mktemp("save")
    write_cards(save)
    return save


def _tree(root):
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_sample_is_deterministic_and_leaves_other_files(sample, tmp_path):
    other = sample / "studio" / "worlds" / "someone_else.json"
    other.parent.mkdir(parents=True, exist_ok=True)
    other.write_text("{}")
    before = _tree(sample)
    write_cards(sample)
    assert _tree(sample) == before
    write_cards(tmp_path)
    fresh = _tree(tmp_path)
    assert fresh == {k: v for k, v in before.items() if k != "studio/worlds/someone_else.json"}


def test_sample_contents(sample):
    store = open_store(sample / "studio", create=False)
    assert store.problems().empty
    books = store.books().set_index("book_id")
    cards = books[books["book_type"] == "card"]
    assert len(cards) == 2 and (cards["n_trace_entries"] >= 20).all()
    for book_id in cards.index:
        assert set(store.artifacts(book_id)["status"]) == {"draft", "accepted", "rejected"}
    plays = books[books["book_type"] == "play"]
    assert len(plays) == 2 and (plays["n_snapshots"] >= 1).all() and (plays["n_messages"] > 0).all()
    for book_id in plays.index:
        assert store.book(book_id).run_state.turn > 0
        assert set(store.traces(book_id)["type"]) == {"user_input", "skill_invoked", "artifact", "snapshot"}
    novel = books[books["kind"] == "novel"]
    assert len(novel) == 1 and novel["n_contents"].iloc[0] >= 3
    assets = store.assets()
    assert len(assets) >= 5 and assets["has_avatar"].sum() == 2
    assert set(assets.loc[assets["source"] == "exported", "card_book_id"]) == set(cards.index)


def test_sample_card_files(sample):
    files = sorted((sample / "studio" / "cards").iterdir())
    specs = {p.name: read_card(p).spec for p in files}
    assert sum(name.endswith(".png") for name in specs) == 2
    assert set(specs.values()) == {"v1", "v2", "v3"}
    langs = {read_card(p).name for p in files}
    assert "周望海" in langs and "Mira Vance" in langs
