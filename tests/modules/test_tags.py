"""Module tags: vanilla merging (replace), nested tags, required:false, unknown members and cycles."""

from __future__ import annotations

import kit.modules as km
from tests.modules.conftest import kinds, module_file, system_file, tag_file

BASE = {module_file(m): {"server": {"type": "system:core"}} for m in ("a:one", "a:two", "a:three")}


def _tags(inv, tag_id: str) -> list[str]:
    t = inv.tags()
    return list(t[(t["registry"] == "system_module") & (t["tag_id"] == tag_id)]["member_id"].dropna())


def test_tag_files_of_several_packs_are_unioned_in_pack_order(make_pack) -> None:
    low = make_pack("low", {**BASE, tag_file("system_module", "a:set"): {"values": ["a:one"]}})
    high = make_pack("high", {tag_file("system_module", "a:set"): {"values": ["a:two", "a:one"]}})
    inv = km.read_modules(strict=False, source=[low, high])
    assert _tags(inv, "#a:set") == ["a:one", "a:two"] and kinds(inv) == []


def test_replace_drops_what_lower_packs_contributed(make_pack) -> None:
    low = make_pack("low", {**BASE, tag_file("system_module", "a:set"): {"values": ["a:one"]}})
    high = make_pack("high", {tag_file("system_module", "a:set"): {"replace": True, "values": ["a:three"]}})
    assert _tags(km.read_modules(strict=False, source=[low, high]), "#a:set") == ["a:three"]
    assert _tags(km.read_modules(strict=False, source=[high, low]), "#a:set") == ["a:three", "a:one"]


def test_nested_tags_are_expanded_and_remember_the_tag_they_came_through(make_pack) -> None:
    inv = km.read_modules(
        strict=False,
        source=make_pack(
            "p",
            {
                **BASE,
                tag_file("system_module", "a:inner"): {"values": ["a:two"]},
                tag_file("system_module", "a:outer"): {"values": ["a:one", "#a:inner"]},
            },
        ),
    )
    t = inv.tags().set_index(["tag_id", "member_id"])
    assert _tags(inv, "#a:outer") == ["a:one", "a:two"]
    assert t.loc[("#a:outer", "a:two"), "via"] == "#a:inner" and t.loc[("#a:outer", "a:one"), "via"] == ""


def test_an_unknown_required_member_is_an_error_and_drops_the_tag(make_pack) -> None:
    inv = km.read_modules(
        strict=False,
        source=make_pack("p", {**BASE, tag_file("system_module", "a:set"): {"values": ["a:one", "a:typo"]}}),
    )
    p = inv.problems()
    assert list(p["kind"]) == ["unknown_tag_member"] and p.iloc[0]["severity"] == "error"
    assert p.iloc[0]["object_id"] == "#a:set" and "a:typo" in p.iloc[0]["message"]
    assert _tags(inv, "#a:set") == []
    assert not inv.tags().set_index("tag_id").loc["#a:set", "is_loaded"]


def test_required_false_members_are_skipped_silently(make_pack) -> None:
    inv = km.read_modules(
        strict=False,
        source=make_pack(
            "p",
            {
                **BASE,
                tag_file("system_module", "a:set"): {
                    "values": [
                        "a:one",
                        {"id": "a:missing", "required": False},
                        {"id": "#a:no_tag", "required": False},
                        {"id": "a:two", "required": False},
                    ]
                },
            },
        ),
    )
    assert kinds(inv) == [] and _tags(inv, "#a:set") == ["a:one", "a:two"]
    t = inv.tags().set_index("member_id")
    assert bool(t.loc["a:one", "required"]) and not bool(t.loc["a:two", "required"])


def test_a_required_reference_to_a_missing_or_failed_tag_fails_the_tag(make_pack) -> None:
    inv = km.read_modules(
        strict=False,
        source=make_pack(
            "p",
            {
                **BASE,
                tag_file("system_module", "a:bad"): {"values": ["a:nope"]},
                tag_file("system_module", "a:uses_bad"): {"values": ["a:one", "#a:bad"]},
                tag_file("system_module", "a:uses_missing"): {"values": ["#a:ghost"]},
            },
        ),
    )
    p = inv.problems().set_index("object_id")
    assert set(p.index) == {"#a:bad", "#a:uses_bad", "#a:uses_missing"}
    assert "failed to load" in p.loc["#a:uses_bad", "message"] and "#a:ghost" in p.loc["#a:uses_missing", "message"]


def test_a_cycle_is_an_error_for_each_tag_on_it(make_pack) -> None:
    inv = km.read_modules(
        strict=False,
        source=make_pack(
            "p",
            {
                **BASE,
                tag_file("system_module", "a:x"): {"values": ["#a:y"]},
                tag_file("system_module", "a:y"): {"values": ["a:one", "#a:x"]},
            },
        ),
    )
    p = inv.problems()
    assert list(p["kind"]) == ["tag_cycle", "tag_cycle"] and set(p["object_id"]) == {"#a:x", "#a:y"}
    assert "#a:x -> #a:y -> #a:x" in p.iloc[0]["message"] or "#a:y -> #a:x -> #a:y" in p.iloc[0]["message"]


def test_a_malformed_tag_file_is_an_error_naming_the_file(make_pack) -> None:
    inv = km.read_modules(
        strict=False, source=make_pack("p", {**BASE, tag_file("system_module", "a:set"): {"values": "a:one"}})
    )
    p = inv.problems()
    assert (
        list(p["kind"]) == ["invalid_definition"] and p.iloc[0]["path"] == "data/a/tags/system/system_module/set.json"
    )


def test_systems_see_tag_members_with_their_required_flag(make_pack) -> None:
    inv = km.read_modules(
        strict=False,
        source=make_pack(
            "p",
            {
                **BASE,
                tag_file("system_module", "a:set"): {"values": ["a:one", {"id": "a:two", "required": False}]},
                system_file("a:sys"): {"modules": ["#a:set"]},
            },
        ),
    )
    s = inv.systems()
    assert list(s["module_id"]) == ["a:one", "a:two"] and list(s["required"]) == [True, False]
    assert set(s["ref_kind"]) == {"tag"} and set(s["ref"]) == {"#a:set"}
