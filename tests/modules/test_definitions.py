"""Module configuration files: order, server, client, catalog fields (kit.modules.definitions via read_modules)."""

from __future__ import annotations

import pandas as pd
import pytest

import kit.modules as km
from kit.core.errors import FieldError
from kit.modules.definitions import parse_selection
from tests.modules.conftest import kinds, module_file


def _read(make_pack, modules: dict):
    return km.read_modules(strict=False, source=make_pack("p", {module_file(k): v for k, v in modules.items()}))


def test_id_comes_from_the_file_path_and_fields_are_read(make_pack) -> None:
    inv = _read(
        make_pack, {"example:daily": {"order": 80, "server": {"type": "system:signin"}, "client": "system:signin"}}
    )
    row = inv.modules().iloc[0]
    assert row["module_id"] == "example:daily"
    assert (row["order"], row["order_is_default"]) == (80, False)
    assert (row["server_type"], row["client"], row["server_params"]) == ("system:signin", "system:signin", "{}")
    assert (row["pack"], row["path"]) == ("p", "data/example/system/system_module/daily.json")
    assert kinds(inv) == []


def test_server_parameters_sit_flat_beside_type_and_are_shown_as_json(make_pack) -> None:
    inv = _read(make_pack, {"a:shop": {"server": {"type": "system:shop", "offers": ["a:x"], "limit": 3}}})
    assert inv.modules().iloc[0]["server_params"] == '{"limit":3,"offers":["a:x"]}'


def test_server_only_and_client_only_entries_are_both_valid(make_pack) -> None:
    inv = _read(
        make_pack,
        {"a:tool": {"server": {"type": "system:web_search"}}, "a:page": {"order": 5, "client": "system:search"}},
    )
    m = inv.modules().set_index("module_id")
    assert m.loc["a:tool", "client"] is pd.NA and m.loc["a:page", "server_type"] is pd.NA
    assert kinds(inv) == []


def test_missing_order_is_zero_and_reported_only_when_there_is_a_client_entry(make_pack) -> None:
    inv = _read(
        make_pack,
        {
            "a:server_only": {"server": {"type": "system:core"}},
            "a:with_client": {"server": {"type": "system:items"}, "client": "system:items"},
        },
    )
    m = inv.modules().set_index("module_id")
    assert list(m["order"]) == [0, 0] and list(m["order_is_default"]) == [True, True]
    p = inv.problems()
    assert list(p["kind"]) == ["missing_order"] and list(p["object_id"]) == ["a:with_client"]
    assert p.iloc[0]["severity"] == "warning" and p.iloc[0]["field"] == "order"


@pytest.mark.parametrize("value", ["high", "80", 80.5, True, None, [1], 2**31])
def test_malformed_order_means_zero_and_is_reported(make_pack, value) -> None:
    inv = _read(make_pack, {"a:m": {"order": value, "client": "system:items"}})
    row = inv.modules().iloc[0]
    assert (row["order"], row["order_is_default"]) == (0, True)
    p = inv.problems()
    assert list(p["kind"]) == ["bad_order"] and p.iloc[0]["field"] == "order"
    assert "default 0" in p.iloc[0]["message"]


@pytest.mark.parametrize("value, expected", [(-5, -5), (80.0, 80), (2**31 - 1, 2**31 - 1)])
def test_integral_orders_are_kept(make_pack, value, expected) -> None:
    inv = _read(make_pack, {"a:m": {"order": value, "client": "system:items"}})
    assert inv.modules().iloc[0]["order"] == expected and kinds(inv) == []


def test_an_empty_configuration_is_a_warning(make_pack) -> None:
    inv = _read(make_pack, {"a:nothing": {"order": 3}})
    assert kinds(inv) == ["empty_module"]
    assert inv.problems().iloc[0]["severity"] == "warning"


@pytest.mark.parametrize(
    "data, field",
    [
        ({"client": 42}, "client"),
        ({"client": "Not An Id"}, "client"),
        ({"server": "system:core"}, "server"),
        ({"server": {}}, "server.type"),
        ({"server": {"type": 7}}, "server.type"),
        ([1, 2], ""),
    ],
)
def test_wrong_shapes_are_errors_naming_the_field(make_pack, data, field) -> None:
    inv = _read(make_pack, {"a:bad": data})
    p = inv.problems()
    assert list(p["kind"]) == ["invalid_definition"] and p.iloc[0]["field"] == field
    assert p.iloc[0]["severity"] == "error" and p.iloc[0]["path"] == "data/a/system/system_module/bad.json"
    assert inv.module_ids == ()


def test_unknown_server_type_is_an_error_unless_registered(make_pack) -> None:
    files = {module_file("a:tp"): {"server": {"type": "example:teleport"}}}
    inv = km.read_modules(strict=False, source=make_pack("p", files))
    p = inv.problems()
    assert list(p["kind"]) == ["unknown_server_type"] and p.iloc[0]["field"] == "server.type"
    assert "example:teleport" in p.iloc[0]["message"]
    inv = km.read_modules(
        strict=False, source=make_pack("p", files), server_types=[*km.SERVER_TYPES, "example:teleport"]
    )
    assert kinds(inv) == []


def test_unknown_client_is_only_a_warning_and_can_be_registered(make_pack) -> None:
    files = {module_file("a:w"): {"order": 1, "client": "example:weather"}}
    inv = km.read_modules(strict=False, source=make_pack("p", files))
    assert kinds(inv) == ["unknown_client"] and not inv.has_errors
    assert kinds(km.read_modules(strict=False, source=make_pack("p", files), client_ids={"example:weather"})) == []


@pytest.mark.parametrize("offers", [{"id": "a:x"}, 5, ["a:x", 3], ["##a:x"], ["Bad Id"]])
def test_catalog_field_must_be_an_id_a_tag_or_a_list_of_them(make_pack, offers) -> None:
    inv = _read(make_pack, {"a:shop": {"server": {"type": "system:shop", "offers": offers}}})
    p = inv.problems()
    assert list(p["kind"]) == ["bad_catalog_field"] and p.iloc[0]["field"] == "server.offers"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (["a:x", "#a:t", "y"], ("a:x", "#a:t", "minecraft:y")),  # a bare id gets the default namespace
        (["a:x", "#b"], ("a:x", "#minecraft:b")),
        ("#a:t", ("#a:t",)),
        ([], ()),
    ],
)
def test_a_selection_is_read_in_full_whatever_path_checks_it(value, expected) -> None:
    assert parse_selection(value) == expected


@pytest.mark.parametrize("value", [["a:x\nb:y"], ["a:x", "b::y"], ["a:x", "a:y:z"], ["a:x", "#"], ["a:x", "A:y"]])
def test_a_selection_item_holding_a_newline_or_a_second_colon_is_refused(value) -> None:
    """The whole list is checked by one match over the items joined with newlines: an item holding one is not split."""
    with pytest.raises(FieldError, match="expected an id or a #tag"):
        parse_selection(value)


def test_parse_module_checks_each_client_and_type_id_every_time_it_is_named() -> None:
    from kit.modules.definitions import parse_module

    for _ in range(2):  # valid ids are remembered; invalid ones are reported on every file
        module, problems = parse_module("a:m", {"server": {"type": "shop"}, "client": "system:shop"})
        assert module is not None and (module.server_type, module.client) == ("minecraft:shop", "system:shop")
        bad, problems = parse_module("a:m", {"server": {"type": "Not An Id"}})
        assert bad is None and [p.field for p in problems] == ["server.type"]
        bad, problems = parse_module("a:m", {"client": ["system:shop"]})
        assert bad is None and [p.field for p in problems] == ["client"]
