"""The sample studio's JSON character cards (V2, V3, V1): valid cards whose lore kit's readers turn into books."""

from __future__ import annotations

import json

import pytest

import kit.worldbook as wb
from kit.cards import card_from_dict, read_card
from kit.samples import sample_save_path
from kit.samples.card_files import ilse_brandt_card, old_cat_card, su_xiaoman_card
from kit.worldbook.sillytavern import read_world

CARDS = {
    "su-xiaoman.card_v2.json": (su_xiaoman_card, "v2", "苏小满"),
    "ilse-brandt.card_v3.json": (ilse_brandt_card, "v3", "Captain Ilse Brandt"),
    "old-cat.card_v1.json": (old_cat_card, "v1", "老猫"),
}


@pytest.mark.parametrize("file_name", list(CARDS))
def test_each_card_is_valid_in_its_spec(file_name):
    build, spec, name = CARDS[file_name]
    card = card_from_dict(build(), where=file_name)
    assert (card.spec, card.name) == (spec, name)


@pytest.mark.parametrize("file_name", list(CARDS))
def test_each_call_builds_an_equal_fresh_plain_json_card(file_name):
    build = CARDS[file_name][0]
    first, second = build(), build()
    assert first == second and json.loads(json.dumps(first, ensure_ascii=False)) == first
    first.clear()
    assert build() == second


@pytest.mark.parametrize("file_name", list(CARDS))
def test_the_committed_card_file_holds_the_same_card(file_name):
    build, spec, _ = CARDS[file_name]
    committed = read_card(sample_save_path() / "studio" / "cards" / file_name)
    assert committed.spec == spec
    assert committed.name == card_from_dict(build()).name
    assert committed.character_book == card_from_dict(build()).character_book


@pytest.mark.parametrize("build", [su_xiaoman_card, ilse_brandt_card])
def test_the_lorebooks_read_strictly_in_kit_and_as_sillytavern_does(build):
    card = card_from_dict(build())
    book = wb.from_card(card, book_id="lore", strict=True)
    assert len(book) == len(card.character_book["entries"]) >= 3 and not book.issues
    st_book = read_world(build(), book_id="lore")
    assert [e.uid for e in st_book] == [e.uid for e in book]
    assert [e.triggers.keyword.active_keys for e in st_book] == [e.triggers.keyword.active_keys for e in book]
    # every entry fires on its own first key (with its secondary keys when its logic asks for them)
    for entry in book:
        kw = entry.triggers.keyword
        words = [kw.active_keys[0], *(kw.active_secondary_keys if kw.secondary_logic in ("and_any", "and_all") else ())]
        message = " ".join(words)
        assert entry.uid in set(wb.activate([book], message=message)["uid"]), (entry.uid, message)


def test_the_v1_card_has_no_lore():
    assert wb.from_card(card_from_dict(old_cat_card()), book_id="cat") is None
