"""Item tags (kit.items.tags): tag files, merging in priority order, nested references, cycles, remove lists."""

from __future__ import annotations

import pytest

import kit.items
from kit.core.errors import FieldError
from kit.items.tags import MAX_TAG_DEPTH, TagFile, TagMember, TagValue, parse_tag_file, resolve_tags
from tests.items.items_inputs import _load, write_pack


def test_nested_tags_cycles_and_missing_references(tmp_path):
    root = write_pack(
        tmp_path / "p",
        {
            "data/t/tags/item/outer.json": {"values": ["#t:inner", "t:x", {"id": "#t:absent", "required": False}]},
            "data/t/tags/item/inner.json": {"values": ["t:y", "#t:deeper"]},
            "data/t/tags/item/deeper.json": {"values": ["t:w"]},
            "data/t/tags/item/a.json": {"values": ["#t:b"]},
            "data/t/tags/item/b.json": {"values": ["#t:a", "t:q"]},
            "data/t/tags/item/broken.json": {"values": ["#t:absent"]},
        },
    )
    packs = kit.items.load_datapacks(root, strict=False)
    assert packs.tag_items("t:outer") == ("t:y", "t:w", "t:x")
    errors = packs.problems().set_index("object_id")
    assert "cycle" in errors.loc["#t:a", "message"] and "cycle" in errors.loc["#t:b", "message"]
    assert "missing tag #t:absent" in errors.loc["#t:broken", "message"]
    assert packs.tag_items("t:a") == ()
    with pytest.raises(kit.items.DatapackReadError, match="cycle"):
        kit.items.load_datapacks(root, strict=True)
    tags = packs.tags()
    assert tags[tags.tag_id == "t:outer"].set_index("item_id").loc["t:w", "via_tag"] == "t:inner"


def test_tag_remove_lists(tmp_path):
    packs = _load(
        tmp_path,
        {
            "data/c/tags/item/a.json": {"values": ["a:1", "a:2", "#c:b"], "remove": ["a:2", "#c:c"]},
            "data/c/tags/item/b.json": {"values": ["a:3", "a:4"]},
            "data/c/tags/item/c.json": {"values": ["a:4"]},
        },
    )
    assert packs.tag_items("c:a") == ("a:1", "a:3")


def test_parse_tag_file_values_and_flags():
    f = parse_tag_file("c:t", {"values": ["stone", {"id": "#c:other", "required": False}], "replace": True}, pack="p")
    assert f == TagFile("c:t", (TagValue("minecraft:stone"), TagValue("#c:other", False)), True, "p")
    assert parse_tag_file("c:t", {"values": [], "remove": ["a:x"]}).remove == (TagValue("a:x"),)


@pytest.mark.parametrize(
    ("data", "match"),
    [
        ([], "expected a JSON object, got list"),
        ({}, "field 'values': expected a list"),
        ({"values": ["a:x", 5]}, r"field 'values\[1\]': expected an id string or an object with 'id', got 5"),
        ({"values": [" "]}, r"field 'values\[0\]'"),
        ({"values": [], "remove": "a:x"}, "field 'remove': expected a list"),
        ({"values": [], "replace": "yes"}, "field 'replace': expected true or false, got 'yes'"),
    ],
)
def test_parse_tag_file_errors_name_the_field(data, match):
    with pytest.raises(FieldError, match=match):
        parse_tag_file("c:t", data)


def _file(tag_id, *refs, replace=False, pack="low"):
    return TagFile(tag_id, tuple(TagValue(r) for r in refs), replace, pack, f"data/c/tags/item/{tag_id[2:]}.json")


def test_resolve_tags_merges_in_priority_order_and_replace_starts_over():
    tags = resolve_tags([_file("c:a", "a:1", "a:2"), _file("c:a", "a:2", "a:3", pack="high")])
    assert tags.items("c:a") == ("a:1", "a:2", "a:3") and tags.items("#c:a") == ("a:1", "a:2", "a:3")
    assert tags.members["c:a"][2] == TagMember("a:3", "", "high", "data/c/tags/item/a.json")
    assert [f.pack for f in tags.sources["c:a"]] == ["low", "high"]
    replaced = resolve_tags([_file("c:a", "a:1"), _file("c:a", "a:9", replace=True, pack="high")])
    assert replaced.items("c:a") == ("a:9",) and replaced.items("c:unknown") == ()


def test_resolve_tags_bounds_the_depth_of_nested_references():
    chain = [_file(f"c:t{i}", f"#c:t{i + 1}") for i in range(MAX_TAG_DEPTH + 5)] + [
        _file(f"c:t{MAX_TAG_DEPTH + 5}", "a:x")
    ]
    tags = resolve_tags(chain)
    assert "nested deeper than" in tags.failed["c:t0"]
    assert tags.items(f"c:t{MAX_TAG_DEPTH}") == ("a:x",)  # a tag within the bound still resolves
