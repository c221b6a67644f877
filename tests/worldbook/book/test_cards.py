"""kit.worldbook.book.cards: a card's ``character_book`` to a WorldBook and back (kit and SillyTavern styles)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import kit.worldbook as wb
from tests.worldbook.worldbook_inputs import WORLDBOOKS


@pytest.mark.parametrize("name", ["st_Seraphina.card_v2.json", "st_Seraphina.card_v3.json"])
def test_character_book_round_trip(name):
    card = json.loads((WORLDBOOKS / name).read_text(encoding="utf-8"))
    original = card["data"]["character_book"]
    book = wb.from_character_book(original, book_id="seraphina")
    assert book.name == "Eldoria" and len(book) == 4
    first = book.entries[0]
    assert first.uid == "0" and first.position == 1 and first.order == 100
    assert first.triggers.keyword.keys == ("eldoria", "wood", "forest", "magical forest")
    assert wb.to_character_book(book) == original
    # the whole card works too, and the reader recognises it
    assert wb.from_character_book(card, book_id="seraphina") == book
    assert wb.read_world_book(WORLDBOOKS / name).entries == book.entries


def test_character_book_edits_survive():
    card = json.loads((WORLDBOOKS / "st_Seraphina.card_v2.json").read_text(encoding="utf-8"))
    book = wb.from_character_book(card, book_id="s")
    e = book.entries[1]
    edited = replace(
        e,
        position=6,
        depth=2,
        order=7,
        group=("beasts",),
        disable=True,
        triggers=replace(e.triggers, conditions=("tb.hp < 5",), probability=0.25),
    )
    out = wb.to_character_book(book.replace_entry(edited))
    raw = out["entries"][1]
    assert raw["insertion_order"] == 7 and raw["enabled"] is False
    assert raw["extensions"]["position"] == 4 and raw["extensions"]["depth"] == 2
    assert raw["extensions"]["group"] == "beasts" and raw["extensions"]["probability"] == 25
    assert raw["extensions"]["kit"] == {"triggers": {"condition": {"conditions": [{"text": "tb.hp < 5"}]}}}
    assert raw["extensions"]["sticky"] == 0  # untouched unknown extension kept
    back = wb.from_character_book(out, book_id="s").entries[1]
    assert replace(back, extra={}) == replace(edited, extra={})


def test_character_book_from_real_chinese_original_data():
    data = json.loads((WORLDBOOKS / "zh_girls_last_tour.json").read_text(encoding="utf-8"))["originalData"]
    book = wb.from_character_book(data, book_id="girls", name="少女终末旅行")
    (entry,) = book.entries
    assert entry.triggers.keyword.keys == ("/开始旅行",)
    assert entry.position == 4  # extensions.position 3 = SillyTavern's author's note bottom
    assert entry.order == 200
    assert wb.to_character_book(book) == data


def test_native_book_to_character_book_and_back():
    book = wb.WorldBook(
        "n",
        "N",
        (
            wb.Entry(
                "1",
                "c",
                position=0,
                order=3,
                group=("g",),
                requires=("2",),
                triggers=wb.Triggers(keyword=wb.KeywordTrigger(("Alice", "爱丽丝"), True, True, ("x",), "not_any")),
            ),
            wb.Entry("x-2", "d", position=7, macro="weather", triggers=wb.Triggers(logic_expression="a OR b")),
        ),
    )
    card = wb.to_character_book(book)
    assert card["entries"][0]["keys"] == ["Alice", "爱丽丝"] and card["entries"][0]["id"] == 1
    back = wb.from_character_book(card, book_id="n", name="N")
    assert [replace(e, extra={}) for e in back.entries] == list(book.entries)


def test_character_book_bad_field_named():
    with pytest.raises(wb.WorldBookFormatError, match="book 'b', entry '3', field 'position'"):
        wb.from_character_book(
            {"entries": [{"id": 3, "keys": ["a"], "content": "", "position": "middle"}]}, book_id="b", strict=True
        )


@pytest.mark.parametrize("name", ["zh_EU4.json", "zh_girls_last_tour.json"])
def test_real_embedded_character_books_round_trip(name):
    data = json.loads((WORLDBOOKS / name).read_text(encoding="utf-8"))["originalData"]
    book = wb.from_character_book(data, book_id=name.removesuffix(".json"))
    assert len(book) == len(data["entries"]) > 0
    assert wb.to_character_book(book) == data
    # every entry is usable by activation
    wb.activate([book], message="{{char}} 开始旅行", history=["."])


def test_every_position_survives_the_card_writers_and_readers():
    import kit.worldbook.sillytavern as st

    book = wb.WorldBook(
        "p",
        "P",
        tuple(
            wb.Entry(
                str(p),
                f"at {p}",
                position=p,
                depth=2 if p == 6 else 4,
                macro="m" if p == 7 else None,
                triggers=wb.Triggers(constant=True),
            )
            for p in range(8)
        ),
    )
    for card in (wb.to_character_book(book), wb.to_character_book(book, style="sillytavern")):
        for back in (wb.from_character_book(card, book_id="p"), st.read_world(card, book_id="p")):
            assert [(e.position, e.depth if e.position == 6 else None, e.macro) for e in back.entries] == [
                (e.position, e.depth if e.position == 6 else None, e.macro) for e in book.entries
            ]
    raw = wb.to_character_book(book)["entries"][5]["extensions"]
    assert (raw["position"], raw["role"]) == (4, 0)  # as system message -> at depth, system role


def _card(book: dict | None, name: str = "Lin") -> dict:
    data: dict = {"name": name}
    if book is not None:
        data["character_book"] = book
    return {"spec": "chara_card_v2", "spec_version": "2.0", "data": data}


def test_from_card_reads_the_embedded_book_and_names_it_after_the_character():
    from kit.cards import card_from_dict

    entry = {"id": 1, "keys": ["剑"], "content": "a sword", "enabled": True, "insertion_order": 5}
    card = card_from_dict(_card({"entries": [entry]}))
    book = wb.from_card(card, book_id="lin")
    assert (book.id, book.name, [e.uid for e in book]) == ("lin", "Lin's Lorebook", ["1"])
    assert book.entry("1").triggers.keyword.keys == ("剑",) and book.entry("1").order == 5
    named = card_from_dict(_card({"name": "剑谱", "entries": [entry]}))
    assert wb.from_card(named, book_id="lin").name == "剑谱"
    assert wb.from_card(named, book_id="lin", name="Other").name == "Other"


def test_from_card_without_lore_is_none():
    from kit.cards import card_from_dict

    assert wb.from_card(card_from_dict(_card(None)), book_id="x") is None


def test_from_card_is_lenient_unless_strict():
    from kit.cards import card_from_dict

    bad = {
        "entries": [
            {"id": 1, "keys": ["a"], "content": "", "position": "middle"},
            {"id": 2, "keys": ["b"], "content": "b"},
        ]
    }
    card = card_from_dict(_card(bad))
    book = wb.from_card(card, book_id="c")
    assert [e.uid for e in book] == ["2"] and [(i.uid, i.field) for i in book.issues] == [("1", "position")]
    with pytest.raises(wb.WorldBookFormatError, match="book 'c', entry '1', field 'position'"):
        wb.from_card(card, book_id="c", strict=True)


def test_to_character_book_checks_its_style():
    from kit.core.errors import InvalidParameterError

    with pytest.raises(InvalidParameterError, match="'kit' or 'sillytavern'. Got 'v3' instead"):
        wb.to_character_book(wb.WorldBook("b", "B"), style="v3")  # type: ignore[arg-type]
    assert wb.to_character_book(wb.WorldBook("b", "B")) == {"extensions": {}, "name": "B", "entries": []}


def test_position_tables_are_inverse_where_sillytavern_has_the_position():
    from kit.worldbook.book.cards import KIT_TO_ST_POSITION, ST_TO_KIT_POSITION

    assert set(KIT_TO_ST_POSITION) == set(range(8)) and set(ST_TO_KIT_POSITION) == set(range(8))
    for kit_position, st_position in KIT_TO_ST_POSITION.items():
        if kit_position != 5:  # kit's system-message position has no SillyTavern number of its own
            assert ST_TO_KIT_POSITION[st_position] == kit_position
