"""Writing kit books as SillyTavern world files and V2 character books; round trips."""

from __future__ import annotations

import dataclasses
import json

import pytest

from kit.worldbook import Entry, KeywordTrigger, RagTrigger, Triggers, WorldBook
from kit.worldbook import to_character_book as _to_cb
from kit.worldbook.sillytavern import read_world, simulate, to_world_file, write_world_file
from tests.worldbook.sillytavern.st_inputs import WORLDBOOKS, load_json, shared


def to_character_book(book):
    """SillyTavern's card-embedding shape, through the one public writer."""
    return _to_cb(book, style="sillytavern")


ST_FILES = [
    "en_far_domain_chub.json",
    "en_lythora_station_chub.json",
    "en_x_world_groups.json",
    "st_Eldoria.json",
    "zh_EU4.json",
    "zh_girls_last_tour.json",
    "zh_tarot_v1.3.0.json",
]


def kit_book() -> WorldBook:
    kw = KeywordTrigger(
        keys=("dragon", "龙"), secondary_keys=("fire",), secondary_logic="not_any", match_whole_words=True
    )
    return WorldBook(
        id="kitbook",
        name="Kit Book",
        description="made in kit",
        entries=tuple(
            [
                Entry(
                    uid=str(p),
                    content=f"position {p}",
                    position=p,
                    order=10 * p,
                    depth=2,
                    macro="m" if p == 7 else None,
                    triggers=Triggers(keyword=kw),
                )
                for p in range(8)
            ]
            + [
                Entry(
                    uid="castle",
                    content="城堡",
                    group=("places", "big"),
                    comment="a castle",
                    order=5,
                    triggers=Triggers(keyword=KeywordTrigger(keys=("castle",), case_sensitive=True), probability=0.25),
                ),
                Entry(
                    uid="always",
                    content="constant",
                    triggers=Triggers(constant=True),
                    disable=True,
                    requires=("castle",),
                    excludes=("0",),
                ),
                Entry(
                    uid="cond",
                    content="cond",
                    triggers=Triggers(
                        conditions=("tb.力量 > 10",), logic_expression="A AND B", rag=RagTrigger(threshold=0.3, top_k=2)
                    ),
                ),
            ]
        ),
    )


def _core(e: Entry) -> Entry:
    return dataclasses.replace(e, extra={})


@pytest.mark.parametrize("name", ST_FILES)
def test_unchanged_sillytavern_books_are_written_back_exactly(name: str) -> None:
    path = shared(WORLDBOOKS / name)
    original = load_json(path)
    written = to_world_file(read_world(path))
    assert written == original
    assert list(written["entries"]) == [str(k) for k in sorted(original["entries"], key=int)]


def test_kit_book_round_trips_through_a_world_file(tmp_path) -> None:
    book = kit_book()
    path = write_world_file(book, tmp_path / "kit.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert set(data["entries"]) == {str(i) for i in range(11)}
    assert all(isinstance(e["uid"], int) for e in data["entries"].values())
    back = read_world(path, book_id="kitbook")
    assert back.name == "Kit Book"
    assert [_core(e) for e in back] == [_core(e) for e in book]


def test_edited_entry_rewrites_only_what_changed() -> None:
    path = shared(WORLDBOOKS / "st_Eldoria.json")
    original = load_json(path)
    book = read_world(path)
    edited = book.replace_entry(dataclasses.replace(book.entry("1"), content="new text", order=7))
    written = to_world_file(edited)
    assert written["entries"]["1"] == {**original["entries"]["1"], "content": "new text", "order": 7}
    assert {k: v for k, v in written["entries"].items() if k != "1"} == {
        k: v for k, v in original["entries"].items() if k != "1"
    }


def test_positions_are_written_as_sillytavern_numbers() -> None:
    data = to_world_file(kit_book())
    got = {
        e["content"]: (e["position"], e.get("role"))
        for e in data["entries"].values()
        if e["content"].startswith("position")
    }
    assert {k: v[0] for k, v in got.items()} == {
        "position 0": 1,
        "position 1": 0,
        "position 2": 5,
        "position 3": 6,
        "position 4": 3,
        "position 5": 4,
        "position 6": 4,
        "position 7": 7,
    }
    assert got["position 5"][1] == 0  # as system message -> @D with the system role
    assert data["entries"]["7"]["outletName"] == "m"


def test_written_book_activates_in_the_simulator() -> None:
    world = to_world_file(kit_book())
    sc = {
        "books": {"K": world},
        "chat": [{"name": "U", "is_user": True, "mes": "a dragon and a castle"}],
        "settings": {"world_info_match_whole_words": True},
        "random": {"values": [0.1]},
    }
    step = simulate(sc)["steps"][0]
    # keyword entries (NOT_ANY 'fire') activate; the castle entry (case-sensitive, p=25%) passes its roll 10 <= 25
    assert set(step["activated"]) == {f"K.{i}" for i in range(8)} | {"K.8"}
    assert step["worldInfoBefore"] == "position 1"
    assert step["worldInfoAfter"] == "position 0\n城堡"  # kit 0 -> ST 1 (after char); ascending order (0, then 5)


def test_character_book_export_is_valid_v2_and_reads_back() -> None:
    book = kit_book()
    cb = to_character_book(book)
    assert cb["name"] == "Kit Book" and cb["extensions"] == {}
    first = cb["entries"][1]
    assert set(first) == {
        "id",
        "keys",
        "secondary_keys",
        "comment",
        "content",
        "constant",
        "selective",
        "insertion_order",
        "enabled",
        "position",
        "use_regex",
        "extensions",
    }
    assert first["position"] == "before_char" and first["extensions"]["position"] == 0
    card = {"spec": "chara_card_v2", "spec_version": "2.0", "data": {"name": "K", "character_book": cb}}
    back = read_world(card, book_id="kitbook")
    assert [_core(e) for e in back] == [_core(e) for e in book]


def test_seraphina_card_book_reexports_like_sillytavern() -> None:
    card = load_json(shared(WORLDBOOKS / "st_Seraphina.card_v2.json"))
    book = read_world(card, book_id="Eldoria")
    cb = to_character_book(book)
    orig = card["data"]["character_book"]["entries"]
    assert [e["keys"] for e in cb["entries"]] == [e["keys"] for e in orig]
    assert [e["position"] for e in cb["entries"]] == [e["position"] for e in orig]
    assert [e["extensions"]["depth"] for e in cb["entries"]] == [e["extensions"]["depth"] for e in orig]
