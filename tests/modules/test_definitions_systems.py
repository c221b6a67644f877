"""System definitions: references, conditions, unknown ids, dangling tags, overlapping candidates (kit.modules.definitions
via read_modules)."""

from __future__ import annotations

import pandas as pd
import pytest

import kit.modules as km
from kit.modules.definitions import parse_system
from tests.modules.conftest import SIGNIN_MODULES, kinds, system_file, tag_file


def _read(make_pack, system: dict, extra: dict | None = None):
    return km.read_modules(
        strict=False, source=make_pack("p", {**SIGNIN_MODULES, system_file("a:sys"): system, **(extra or {})})
    )


def test_rows_follow_the_written_references(make_pack) -> None:
    inv = _read(make_pack, {"name": {"text": "Main"}, "description": "d", "modules": ["a:core", "a:signin"]})
    s = inv.systems()
    assert list(s["module_id"]) == ["a:core", "a:signin"] and list(s["ref_kind"]) == ["id", "id"]
    assert set(s["name"]) == {"Main"} and set(s["condition"]) == {""} and kinds(inv) == []
    assert inv.system_module_ids("a:sys") == ("a:core", "a:signin")


def test_an_unknown_direct_module_id_is_an_error_naming_the_reference(make_pack) -> None:
    inv = _read(make_pack, {"modules": ["a:core", "a:sigin"]})
    p = inv.problems()
    assert list(p["kind"]) == ["unknown_module"] and p.iloc[0]["severity"] == "error"
    assert (p.iloc[0]["object_id"], p.iloc[0]["field"]) == ("a:sys", "modules[1]")
    assert "a:sigin" in p.iloc[0]["message"] and inv.has_errors


def test_a_reference_to_an_undefined_tag_is_an_error_and_enables_nothing(make_pack) -> None:
    inv = _read(make_pack, {"modules": ["#a:nothing_here"]})
    p = inv.problems()
    assert list(p["kind"]) == ["dangling_tag"] and p.iloc[0]["severity"] == "error"
    s = inv.systems()
    assert len(s) == 1 and s.iloc[0]["module_id"] is pd.NA
    assert inv.system_module_ids("a:sys") == ()


def test_a_reference_to_a_failed_tag_is_reported_beside_the_tag_error(make_pack) -> None:
    inv = _read(make_pack, {"modules": ["#a:set"]}, {tag_file("system_module", "a:set"): {"values": ["a:typo"]}})
    assert kinds(inv) == ["dangling_tag", "unknown_tag_member"]


def test_conditions_are_kept_as_json_per_reference_and_system(make_pack) -> None:
    cond = {"type": "system:permission", "permission": "vip"}
    inv = _read(
        make_pack, {"condition": {"type": "x:always"}, "modules": ["a:core", {"id": "a:signin", "condition": cond}]}
    )
    s = inv.systems().set_index("module_id")
    assert s.loc["a:core", "condition"] == '{"type":"x:always"}'
    assert s.loc["a:signin", "condition"] == '[{"type":"x:always"},{"permission":"vip","type":"system:permission"}]'
    assert inv.system_module_ids("a:sys", with_conditional=False) == ("a:core",)


@pytest.mark.parametrize(
    "system, field",
    [
        ({"modules": "a:core"}, "modules"),
        ({"modules": [3]}, "modules[0]"),
        ({"modules": [{"condition": {}}]}, "modules[0]"),
        ({"modules": [{"id": "a:core", "condition": "yes"}]}, "modules[0].condition"),
        ({"modules": [], "condition": 1}, "condition"),
        ({"modules": [], "name": 5}, "name"),
    ],
)
def test_malformed_systems_are_errors_naming_the_field(make_pack, system, field) -> None:
    p = _read(make_pack, system).problems()
    assert list(p["kind"]) == ["invalid_definition"] and p.iloc[0]["field"] == field


def test_two_unconditional_configurations_of_one_type_are_a_warning(make_pack) -> None:
    p = _read(make_pack, {"modules": ["b:signin", "a:signin"]}).problems()
    assert list(p["kind"]) == ["overlapping_candidates"]
    assert "runs a:signin" in p.iloc[0]["message"]  # first by id: path "signin" ties, namespace a < b


def test_conditional_variants_do_not_overlap(make_pack) -> None:
    inv = _read(make_pack, {"modules": ["a:signin", {"id": "b:signin", "condition": {"type": "x:vip"}}]})
    assert kinds(inv) == []


def test_text_references_beside_conditional_ones_keep_their_order_and_errors() -> None:
    refs = ["a:one", {"id": "#a:tag", "condition": {"type": "x"}}, "two", "#a:tag"]
    system, problems = parse_system("a:s", {"modules": refs})
    assert problems == [] and system is not None
    assert [(r.ref, r.condition) for r in system.refs] == [
        ("a:one", ""),
        ("#a:tag", '{"type":"x"}'),
        ("minecraft:two", ""),
        ("#a:tag", ""),
    ]
    # the first bad reference is reported, text or not
    _, problems = parse_system("a:s", {"modules": ["a:one", {"id": 5}, "Bad Id"]})
    assert [p.field for p in problems] == ["modules[1]"]
    _, problems = parse_system("a:s", {"modules": ["a:one", "Bad Id", {"id": 5}]})
    assert [p.field for p in problems] == ["modules[1]"]
