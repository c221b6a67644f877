"""Reading SillyTavern world files, chub hybrids and card lore (JSON and PNG) into kit's model."""

from __future__ import annotations

import base64
import json

import pytest

from kit.worldbook import WorldBookFormatError
from kit.worldbook.sillytavern import is_sillytavern_world, read_world, simulate
from tests.worldbook.sillytavern.st_inputs import WORLDBOOKS, chat, load_json, shared

REAL_BOOKS = [
    "en_far_domain_chub.json",
    "en_lythora_station_chub.json",
    "en_x_world_groups.json",
    "st_Eldoria.json",
    "st_Seraphina.card_v2.json",
    "st_Seraphina.card_v3.json",
    "zh_EU4.json",
    "zh_girls_last_tour.json",
    "zh_tarot_v1.3.0.json",
]


def _n_entries(data: dict) -> int:
    if isinstance(data.get("entries"), dict):
        return len(data["entries"])
    return len(data["data"]["character_book"]["entries"])


@pytest.mark.parametrize("name", REAL_BOOKS)
def test_every_real_book_reads_with_all_entries(name: str) -> None:
    path = shared(WORLDBOOKS / name)
    data = load_json(path)
    book = read_world(path)
    assert book.id == path.stem
    assert len(book) == _n_entries(data)
    assert book.source == str(path)
    assert is_sillytavern_world(data) is ("entries" in data)


def test_kit_native_books_keyed_by_uid_are_not_sillytavern_worlds() -> None:
    assert not is_sillytavern_world({"id": "k", "entries": {"a": {"uid": "a", "trigger_config": {"triggers": {}}}}})
    assert is_sillytavern_world({"entries": {}})
    assert not is_sillytavern_world({"entries": [{"keys": ["a"]}]})
    assert not is_sillytavern_world(["entries"])


def test_eldoria_maps_positions_and_keeps_raw_entry() -> None:
    path = shared(WORLDBOOKS / "st_Eldoria.json")
    data = load_json(path)
    book = read_world(path)
    first = book.entry("0")
    assert first.position == 1  # ST 0 (before char) -> kit 1 (角色定义之前)
    assert first.triggers.keyword is not None
    assert first.triggers.keyword.keys == tuple(data["entries"]["0"]["key"])
    assert first.extra["sillytavern"] == data["entries"]["0"]
    assert first.content == data["entries"]["0"]["content"]
    assert book.issues == ()


def test_lythora_invalid_position_is_kept_and_reported() -> None:
    book = read_world(shared(WORLDBOOKS / "en_lythora_station_chub.json"))
    (issue,) = [i for i in book.issues if i.field == "position"]
    assert issue.value == 10 and issue.uid == "3"
    entry = book.entry("3")
    assert entry.position == 7 and entry.macro == "st-position-10"
    # every lythora entry has secondary keys with AND_ANY logic
    assert all(e.triggers.keyword.secondary_logic == "and_any" for e in book if e.triggers.keyword)


def test_chub_hybrid_uses_key_not_keys() -> None:
    data = {
        "entries": {
            "0": {
                "uid": 0,
                "key": ["alpha"],
                "keys": ["beta"],
                "keysecondary": [],
                "secondary_keys": ["x"],
                "insertion_order": 5,
                "order": 7,
                "content": "c",
                "selective": True,
            }
        }
    }
    entry = read_world(data, book_id="hy").entry("0")
    assert entry.triggers.keyword.keys == ("alpha",)
    assert entry.triggers.keyword.secondary_keys == ()
    assert entry.order == 7


def test_far_domain_empty_keys_do_not_take_part() -> None:
    book = read_world(shared(WORLDBOOKS / "en_far_domain_chub.json"))
    with_empty = [e for e in book if e.triggers.keyword and "" in e.triggers.keyword.keys]
    assert with_empty, "the chub file has empty-string keys"
    assert all("" not in e.triggers.keyword.active_keys for e in with_empty)


def test_seraphina_v2_and_v3_cards_give_the_same_book() -> None:
    v2 = read_world(shared(WORLDBOOKS / "st_Seraphina.card_v2.json"), book_id="s")
    v3 = read_world(shared(WORLDBOOKS / "st_Seraphina.card_v3.json"), book_id="s")
    assert [(e.uid, e.triggers, e.position, e.order, e.content) for e in v2] == [
        (e.uid, e.triggers, e.position, e.order, e.content) for e in v3
    ]
    assert v2.name == "Eldoria"
    assert "originalData" in v2.extra["sillytavern"]


def test_card_import_has_selective_false_so_secondary_keys_are_ignored() -> None:
    card = {
        "spec": "chara_card_v2",
        "data": {
            "name": "Z",
            "character_book": {
                "entries": [
                    {
                        "keys": ["a"],
                        "secondary_keys": ["b"],
                        "content": "x",
                        "enabled": True,
                        "insertion_order": 3,
                        "extensions": {},
                    },
                ],
                "extensions": {},
            },
        },
    }
    book = read_world(card, book_id="z")
    entry = book.entry("0")
    assert entry.triggers.keyword.secondary_keys == ()
    assert entry.position == 0  # absent position -> "after_char" (ST 1) -> kit 0
    assert book.name == "Z's Lorebook"


def _png_card(tmp_path, chunks: dict[str, dict]) -> str:
    from kit.core.png import placeholder_avatar, write_text_chunks

    texts = {k: base64.b64encode(json.dumps(v).encode()).decode("ascii") for k, v in chunks.items()}
    path = tmp_path / "card.png"
    path.write_bytes(write_text_chunks(placeholder_avatar("S", size=8), texts))
    return str(path)


def test_png_card_reads_ccv3_before_chara(tmp_path) -> None:
    v2 = load_json(WORLDBOOKS / "st_Seraphina.card_v2.json")
    v3 = load_json(WORLDBOOKS / "st_Seraphina.card_v3.json")
    v3["data"]["character_book"]["entries"][0]["content"] = "from ccv3"
    path = _png_card(tmp_path, {"chara": v2, "ccv3": v3})
    assert read_world(path).entry("0").content == "from ccv3"
    only_chara = _png_card(tmp_path, {"chara": v2})
    assert read_world(only_chara).entry("0").content == v2["data"]["character_book"]["entries"][0]["content"]


def test_png_without_card_is_an_error_naming_the_file(tmp_path) -> None:
    from kit.core.png import placeholder_avatar

    path = tmp_path / "plain.png"
    path.write_bytes(placeholder_avatar("S", size=8))
    with pytest.raises(WorldBookFormatError, match=r"plain\.png.*no character card"):
        read_world(path)


def test_malformed_json_names_the_file(tmp_path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"entries": {"0": {"key": [}}', encoding="utf-8")
    with pytest.raises(WorldBookFormatError, match=r"broken\.json.*not valid JSON \(line 1"):
        read_world(path)


def test_wrong_field_type_names_file_entry_and_field(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps(
            {
                "entries": {
                    "0": {"uid": 0, "key": ["a"], "content": "ok"},
                    "1": {"uid": 1, "key": ["b", {"x": 1}], "content": "no"},
                }
            }
        ),
        encoding="utf-8",
    )
    with pytest.raises(
        WorldBookFormatError, match=r"bad\.json.*entry '1'.*field 'key\[1\]'.*expected a string, got object"
    ):
        read_world(path, strict=True)
    lenient = read_world(path, strict=False)
    assert [e.uid for e in lenient] == ["0"]
    (issue,) = lenient.issues
    assert issue.uid == "1" and issue.field == "key[1]" and "skipped" in issue.reason


def test_content_object_is_an_error() -> None:
    with pytest.raises(WorldBookFormatError, match=r"entry '0', field 'content': expected a string, got object"):
        read_world({"entries": {"0": {"uid": 0, "content": {"a": 1}}}}, book_id="x", strict=True)


def test_entries_that_are_not_objects_are_an_error() -> None:
    with pytest.raises(WorldBookFormatError, match=r"entry '2'.*expected an entry object"):
        read_world({"entries": {"2": "text"}}, book_id="x")
    with pytest.raises(WorldBookFormatError, match=r"not a SillyTavern world file"):
        read_world({"something": 1}, book_id="x")


def test_huge_input_is_refused_before_parsing(tmp_path) -> None:
    path = tmp_path / "huge.json"
    path.write_text(
        json.dumps({"entries": {str(i): {"uid": i, "key": ["k"] * 50, "content": "x" * 100} for i in range(200)}}),
        encoding="utf-8",
    )
    with pytest.raises(WorldBookFormatError, match=r"huge\.json.*more than the limit of 1000"):
        read_world(path, max_bytes=1000)
    assert len(read_world(path)) == 200


def test_numbers_as_strings_are_read_and_reported() -> None:
    book = read_world(
        {"entries": {"0": {"uid": 0, "key": ["a"], "order": "5", "position": 4, "depth": "9", "content": "c"}}},
        book_id="x",
    )
    entry = book.entry("0")
    assert (entry.order, entry.position, entry.depth) == (5, 6, 9)
    assert {i.field for i in book.issues} == {"order", "depth"}


def test_string_position_lands_nowhere_like_sillytavern() -> None:
    book = read_world({"entries": {"0": {"uid": 0, "key": ["a"], "position": "1", "content": "c"}}}, book_id="x")
    assert book.entry("0").position == 7
    assert [i.field for i in book.issues] == ["position"]


def test_scan_time_semantics_not_editor_defaults() -> None:
    # absent selective -> secondary ignored; absent useProbability -> no roll; decorators
    book = read_world(
        {
            "entries": {
                "0": {"uid": 0, "key": ["a"], "keysecondary": ["b"], "content": "c"},
                "1": {"uid": 1, "key": ["a"], "useProbability": True, "content": "c"},
                "2": {"uid": 2, "key": ["a"], "content": "@@activate\nforced"},
                "3": {"uid": 3, "key": ["a"], "content": "@@dont_activate\nnever"},
                "10": {"uid": 10, "key": "a", "content": "string key"},
            }
        },
        book_id="x",
    )
    assert [e.uid for e in book] == ["0", "1", "2", "3", "10"]
    assert book.entry("0").triggers.keyword.secondary_keys == ()
    assert book.entry("1").triggers.probability == 0.0
    assert book.entry("2").triggers.constant and book.entry("2").content == "forced"
    assert book.entry("3").disable
    assert book.entry("10").triggers.keyword is None
    fields = {(i.uid, i.field) for i in book.issues}
    assert {("0", "selective"), ("1", "probability"), ("3", "content"), ("10", "key")} <= fields


def test_regex_and_macro_keys_are_reported() -> None:
    book = read_world(
        {"entries": {"0": {"uid": 0, "key": ["/dra(g|k)on/i", "{{char}}", "/(?:a{1000}){1000}/"], "content": "c"}}},
        book_id="x",
    )
    reasons = {i.field: i.reason for i in book.issues}
    assert "plain text" in reasons["key[0]"]
    assert "macro" in reasons["key[1]"]
    assert "refused" in reasons["key[2]"] and "too costly to compile" in reasons["key[2]"]


def test_keys_with_surrounding_space_are_reported_and_trimmed_by_the_simulator() -> None:
    entries = {"0": {"uid": 0, "key": [" dragon ", "龙\u3000", "plain"], "content": "c", "position": 0}}
    book = read_world({"entries": entries}, book_id="x")
    reasons = {i.field: i.reason for i in book.issues}
    assert set(reasons) == {"key[0]", "key[1]"} and "trims" in reasons["key[0]"]
    assert book.entry("0").triggers.keyword.keys == (" dragon ", "龙\u3000", "plain")
    sc = {"books": {"x": {"entries": entries}}, "chat": chat("a dragon.")}
    assert simulate(sc)["steps"][0]["activated"] == ["x.0"]


def test_object_key_order_is_javascripts() -> None:
    book = read_world(
        {"entries": {"b": {"content": "x", "constant": True}, "10": {"uid": 10}, "2": {"uid": 2}}}, book_id="x"
    )
    assert [e.uid for e in book] == ["2", "10", "b"]


def test_v1_card_and_standalone_v3_lorebook() -> None:
    entry = {
        "keys": ["龙"],
        "content": "dragon lore",
        "enabled": True,
        "insertion_order": 10,
        "position": "before_char",
    }
    v1 = read_world({"name": "Old", "description": "", "character_book": {"entries": [entry]}}, book_id="v1")
    assert v1.entry("0").position == 1 and v1.name == "Old's Lorebook"
    v3 = read_world(
        {"spec": "lorebook_v3", "data": {"name": "Lore", "entries": [dict(entry, id="dragon", use_regex=False)]}},
        book_id="v3",
    )
    assert [e.uid for e in v3] == ["dragon"]
    assert any(i.field == "spec" and "rejects" in i.reason for i in v3.issues)


def test_bad_character_book_entries_name_the_field() -> None:
    with pytest.raises(WorldBookFormatError, match=r"field 'character_book\.entries\[1\]': expected an entry object"):
        read_world({"spec": "chara_card_v2", "data": {"character_book": {"entries": [{"keys": []}, 5]}}}, book_id="c")
    with pytest.raises(WorldBookFormatError, match=r"field 'character_book\.entries': expected a list"):
        read_world({"data": {"character_book": {"entries": {"0": {}}}}}, book_id="c")
