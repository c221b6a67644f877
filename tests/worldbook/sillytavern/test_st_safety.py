"""Large inputs: thousands of keys and entries (hostile regex keys: ``test_hostile_regex.py``)."""

from __future__ import annotations

from st_inputs import book, chat

from kit.worldbook.sillytavern import read_world, simulate


def test_thousands_of_keys_in_one_entry() -> None:
    keys = [f"key{i}" for i in range(5000)]
    sc = {"books": book({"uid": 0, "key": keys, "content": "x"}), "chat": chat("a message with key4999 in it")}
    assert simulate(sc)["steps"][0]["activated"] == ["B.0"]
    entry = read_world({"entries": {"0": {"uid": 0, "key": keys, "content": "x"}}}, book_id="many").entry("0")
    assert len(entry.triggers.keyword.keys) == 5000


def test_large_book_of_entries_simulates() -> None:
    entries = [
        {"uid": i, "key": [f"word{i}", f"词{i}"], "content": f"content {i}", "order": i % 50} for i in range(3000)
    ]
    sc = {
        "books": book(*entries),
        "chat": chat("word10 and 词2999"),
        "settings": {"world_info_recursive": True, "world_info_match_whole_words": True},
    }
    assert sorted(simulate(sc)["steps"][0]["activated"]) == ["B.10", "B.2999"]
