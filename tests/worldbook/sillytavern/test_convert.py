"""SillyTavern's own conversions between a card's ``character_book`` and a world file (plain dicts)."""

from __future__ import annotations

import copy

from kit.worldbook.sillytavern import read_world
from kit.worldbook.sillytavern.convert import card_character_book, character_book_to_world, world_to_character_book


def _entry(**fields):
    return {"keys": ["龙"], "content": "dragon", "enabled": True, "insertion_order": 10, **fields}


def test_card_character_book_finds_the_book_in_every_card_shape():
    book = {"entries": [_entry()]}
    assert card_character_book({"spec": "chara_card_v2", "data": {"character_book": book}}) is book
    assert card_character_book({"name": "Old", "character_book": book}) is book
    assert card_character_book(book) is book
    assert card_character_book({"data": {"name": "no lore"}}) is None
    assert card_character_book({"entries": {"0": {}}}) is None  # a world file, not a book


def test_import_card_lore_field_for_field():
    book = {
        "name": "Lore",
        "entries": [
            _entry(id=7, comment="c", position="before_char", extensions={"depth": 2, "sticky": 3}),
            _entry(selective=True, secondary_keys=["火"], extensions={"position": 4, "group": "g"}),
            {"id": 9, "content": "no keys", "enabled": False},
        ],
    }
    before = copy.deepcopy(book)
    world = character_book_to_world(book)
    assert book == before  # the input is not modified
    assert list(world["entries"]) == ["7", "1", "9"]
    first, second, third = world["entries"].values()
    assert (first["uid"], first["key"], first["position"], first["order"]) == (7, ["龙"], 0, 10)
    assert (first["depth"], first["sticky"], first["addMemo"], first["disable"]) == (2, 3, True, False)
    assert (
        first["selective"] is False
        and first["probability"] == 100
        and first["extensions"]
        == {
            "depth": 2,
            "sticky": 3,
        }
    )
    assert (second["uid"], second["position"], second["group"], second["keysecondary"]) == (1, 4, "g", ["火"])
    assert second["selective"] is True
    assert "key" not in third and third["disable"] is True and third["position"] == 1  # absent -> after_char
    # originalData keeps the input, with the ids ST filled in
    assert world["originalData"]["entries"][1]["id"] == 1 and "id" not in book["entries"][1]


def test_same_ids_overwrite_each_other_and_non_objects_are_skipped():
    world = character_book_to_world({"entries": [_entry(id=1, content="a"), 5, _entry(id=1, content="b")]})
    assert list(world["entries"]) == ["1"] and world["entries"]["1"]["content"] == "b"
    assert character_book_to_world({"entries": "nope"})["entries"] == {}
    assert list(character_book_to_world({"entries": [_entry(id=2.0), _entry(id=None)]})["entries"]) == ["2", "null"]


def test_export_a_world_as_the_server_does():
    world = {
        "entries": {
            "10": {"uid": 10, "key": ["b"], "content": "B", "order": 1, "position": 0, "disable": True},
            "2": {"uid": 2, "key": ["a"], "content": "A", "order": 5, "position": 4, "depth": 1, "role": 2},
            "x": "not an entry",
        }
    }
    cb = world_to_character_book(world, "Lore")
    assert cb["name"] == "Lore" and "extensions" not in cb
    assert [e["id"] for e in cb["entries"]] == [2, 10]  # JavaScript's key order: integer keys first, ascending
    a, b = cb["entries"]
    assert (a["position"], a["enabled"], a["use_regex"]) == ("after_char", True, True)
    assert (a["extensions"]["position"], a["extensions"]["depth"], a["extensions"]["role"]) == (4, 1, 2)
    assert (b["position"], b["enabled"], b["extensions"]["depth"]) == ("before_char", False, 4)
    assert world_to_character_book({}, "Empty") == {"entries": [], "name": "Empty"}


def test_export_then_import_gives_the_same_book():
    world = {
        "entries": {
            "0": {"uid": 0, "key": ["龙"], "content": "x", "order": 3, "position": 1, "group": "g", "depth": 4},
            "1": {
                "uid": 1,
                "key": ["魔法"],
                "content": "y",
                "order": 9,
                "position": 4,
                "depth": 2,
                "probability": 50,
                "useProbability": True,
            },
        }
    }
    cb = world_to_character_book(world, "Lore")
    again = character_book_to_world(cb)
    original = read_world(world, book_id="w")
    back = read_world(again, book_id="w")
    core = [
        (e.uid, e.content, e.position, e.order, e.depth, e.group, e.triggers.keyword, e.triggers.probability)
        for e in original
    ]
    assert core == [
        (e.uid, e.content, e.position, e.order, e.depth, e.group, e.triggers.keyword, e.triggers.probability)
        for e in back
    ]
