"""The client entry bar: descending order, stable ties, shared client takes the highest order."""

from __future__ import annotations

import kit.modules as km
from kit.modules.entries import order_client_entries
from tests.modules.conftest import module_file


def _entries(make_pack, modules: dict):
    inv = km.read_modules(strict=False, source=make_pack("p", {module_file(k): v for k, v in modules.items()}))
    e = inv.client_entries()
    return e[~e["is_resident"]]  # the resident settings and voice entries are checked on their own below


def test_entries_are_sorted_by_descending_order_with_ranks_from_one(make_pack) -> None:
    e = _entries(
        make_pack,
        {
            "a:low": {"order": 1, "client": "system:items"},
            "a:high": {"order": 90, "client": "system:shop"},
            "a:mid": {"order": 50, "client": "system:inbox"},
        },
    )
    assert list(e["client_id"]) == ["system:shop", "system:inbox", "system:items"]
    assert list(e["rank"]) == [1, 2, 3] and list(e["order"]) == [90, 50, 1]


def test_ties_keep_registry_order_which_is_path_then_namespace() -> None:
    # same order: registry order compares paths first ("alpha" < "beta"), namespaces only to break equal paths
    entries = order_client_entries(
        [("zzz:beta", 5, "c:one"), ("aaa:gamma", 5, "c:two"), ("zzz:alpha", 5, "c:three"), ("aaa:alpha", 5, "c:four")]
    )
    assert [e.client_id for e in entries] == ["c:four", "c:three", "c:one", "c:two"]


def test_configs_sharing_a_client_form_one_entry_with_the_highest_order(make_pack) -> None:
    e = _entries(
        make_pack,
        {
            "a:signin": {"order": 10, "client": "system:signin"},
            "b:signin": {"order": 85, "client": "system:signin"},
            "a:shop": {"order": 70, "client": "system:shop"},
        },
    )
    assert list(e["client_id"]) == ["system:signin", "system:shop"]
    assert e.iloc[0]["order"] == 85 and e.iloc[0]["module_ids"] == ("a:signin", "b:signin")


def test_a_shared_entry_keeps_the_position_of_its_first_configuration_on_ties() -> None:
    entries = order_client_entries([("a:b_first", 5, "c:x"), ("a:c_second", 5, "c:y"), ("a:d_third", 1, "c:x")])
    assert [(e.client_id, e.order) for e in entries] == [("c:x", 5), ("c:y", 5)]


def test_malformed_order_falls_back_to_zero_in_the_bar(make_pack) -> None:
    e = _entries(
        make_pack,
        {"a:bad": {"order": "first", "client": "system:items"}, "a:neg": {"order": -1, "client": "system:shop"}},
    )
    assert list(e["client_id"]) == ["system:items", "system:shop"] and list(e["order"]) == [0, -1]


def test_server_only_configurations_have_no_entry(make_pack) -> None:
    e = _entries(make_pack, {"a:core": {"order": 500, "server": {"type": "system:core"}}})
    assert len(e) == 0 and list(e.columns) == ["client_id", "order", "rank", "module_ids", "placement", "is_resident"]


def test_the_input_order_does_not_matter() -> None:
    triples = [("a:x", 3, "c:1"), ("b:y", 3, "c:2"), ("a:z", 9, "c:1"), ("c:w", 3, "c:3")]
    assert order_client_entries(triples) == order_client_entries(list(reversed(triples)))


def test_the_builtin_player_entry_at_100_comes_before_other_builtins(make_pack) -> None:
    e = _entries(
        make_pack,
        {
            "system:player": {"order": km.BUILTIN_PLAYER_ORDER, "client": "system:player"},
            "system:signin": {"order": 80, "client": "system:signin"},
            "system:shop": {"order": 70, "client": "system:shop"},
        },
    )
    assert e.iloc[0]["client_id"] == "system:player" and e.iloc[0]["order"] == 100


def test_resident_entries_are_always_there_and_settings_sit_at_the_top_right(make_pack) -> None:
    inv = km.read_modules(
        make_pack(
            "p",
            {
                module_file("a:shop"): {"order": 70, "client": "system:shop"},
                module_file("a:prefs"): {"order": 99, "client": "system:settings"},
            },
        )
    )
    e = inv.client_entries()
    assert list(e["client_id"]) == ["system:shop", "system:voice", "system:settings"]
    assert list(e["placement"]) == ["left", "left", "top_right"] and list(e["rank"]) == [1, 2, 3]
    assert list(e["is_resident"]) == [False, True, True]
    assert e.iloc[1]["module_ids"] == () and e.iloc[2]["module_ids"] == ("a:prefs",)  # the same-id definition's order
    assert e.iloc[2]["order"] == 99


def test_in_id_order_skips_the_sort_and_gives_the_same_entries_for_sorted_triples() -> None:
    triples = [("b:a", 5, "c:x"), ("a:b", 5, "c:y"), ("a:c", 1, "c:x")]  # id order: path, then namespace
    assert order_client_entries(triples, in_id_order=True) == order_client_entries(list(reversed(triples)))
    # the caller's promise is taken as given: unsorted triples keep their order among equal orders
    unsorted = [("a:b", 5, "c:y"), ("b:a", 5, "c:x")]
    assert [e.client_id for e in order_client_entries(unsorted, in_id_order=True)] == ["c:y", "c:x"]
    assert [e.client_id for e in order_client_entries(unsorted)] == ["c:x", "c:y"]
