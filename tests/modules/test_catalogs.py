"""Catalogs: selection fields (omitted / empty / id / tag / #system:default / mixed) and the per-player union."""

from __future__ import annotations

import pytest

import kit.modules as km
from tests.modules.conftest import entry_file, kinds, module_file, tag_file

OFFERS = {
    entry_file("shop_offers", o): {"item": o, "price": 1} for o in ("system:bread", "system:torch", "a:sled", "a:gem")
}
TAGS = {
    tag_file("shop_offers", "system:default"): {"values": ["system:bread", "system:torch"]},
    tag_file("shop_offers", "a:vip"): {"values": ["a:sled"]},
}


def _shop(offers=None, **extra):
    server = {"type": "system:shop"}
    if offers is not None:
        server["offers"] = offers
    return {"order": 70, "server": server, "client": "system:shop", **extra}


def _read(make_pack, modules: dict):
    return km.read_modules(
        strict=False, source=make_pack("p", {**OFFERS, **TAGS, **{module_file(k): v for k, v in modules.items()}})
    )


def _picked(inv, module_id: str) -> dict[str, str]:
    c = inv.catalogs()
    c = c[c["module_id"] == module_id]
    return dict(zip(c["entry_id"], c["via"].astype(str)))


def test_an_omitted_field_selects_the_whole_registry(make_pack) -> None:
    inv = _read(make_pack, {"a:shop": _shop()})
    assert _picked(inv, "a:shop") == {e: "all" for e in ("system:bread", "a:gem", "a:sled", "system:torch")}


def test_an_empty_list_selects_nothing(make_pack) -> None:
    inv = _read(make_pack, {"a:shop": _shop([])})
    assert _picked(inv, "a:shop") == {} and kinds(inv) == []


def test_ids_tags_and_the_default_tag_are_told_apart(make_pack) -> None:
    inv = _read(make_pack, {"a:shop": _shop(["#system:default", "#a:vip", "a:gem", "system:bread"])})
    assert _picked(inv, "a:shop") == {
        "system:bread": "default",
        "system:torch": "default",
        "a:sled": "tag",
        "a:gem": "id",
    }
    assert kinds(inv) == []


def test_a_single_id_or_tag_is_accepted_without_a_list(make_pack) -> None:
    inv = _read(make_pack, {"a:one": _shop("a:gem"), "a:two": _shop("#a:vip")})
    assert _picked(inv, "a:one") == {"a:gem": "id"} and _picked(inv, "a:two") == {"a:sled": "tag"}


def test_an_unknown_entry_id_is_an_error(make_pack) -> None:
    inv = _read(make_pack, {"a:shop": _shop(["a:gem", "a:ghost"])})
    p = inv.problems()
    assert list(p["kind"]) == ["unknown_catalog_entry"] and p.iloc[0]["field"] == "server.offers"
    assert "a:ghost" in p.iloc[0]["message"] and _picked(inv, "a:shop") == {"a:gem": "id"}


def test_an_undefined_catalog_tag_is_a_dangling_tag_error(make_pack) -> None:
    inv = _read(make_pack, {"a:shop": _shop(["#a:nope"])})
    assert kinds(inv) == ["dangling_tag"] and _picked(inv, "a:shop") == {}


def test_catalog_tags_reject_unknown_entries(make_pack) -> None:
    inv = km.read_modules(
        strict=False, source=make_pack("p", {**OFFERS, tag_file("shop_offers", "a:bad"): {"values": ["a:nothing"]}})
    )
    p = inv.problems()
    assert list(p["kind"]) == ["unknown_tag_member"] and "shop_offers a:nothing" in p.iloc[0]["message"]


def test_each_catalog_type_reads_its_own_field_and_registry(make_pack) -> None:
    files = {
        entry_file("signin_rewards", "a:day_1"): {"day": 1},
        entry_file("lottery_pools", "a:pool"): {"cost": 5},
        module_file("a:signin"): {"server": {"type": "system:signin", "rewards": ["a:day_1"]}},
        module_file("a:lottery"): {"server": {"type": "system:lottery", "pools": "a:pool"}},
        module_file("a:ignored"): {"server": {"type": "system:items", "offers": ["whatever"]}},
    }
    c = km.read_modules(strict=False, source=make_pack("p", files)).catalogs()
    assert list(zip(c["catalog"].astype(str), c["module_id"], c["entry_id"])) == [
        ("signin_rewards", "a:signin", "a:day_1"),
        ("lottery_pools", "a:lottery", "a:pool"),
    ]


def test_catalog_entries_are_listed_with_their_json(make_pack) -> None:
    e = _read(make_pack, {}).catalog_entries()
    assert set(e["catalog"].astype(str)) == {"shop_offers"} and len(e) == 4
    assert e.set_index("entry_id").loc["a:gem", "data"] == '{"item":"a:gem","price":1}'


def test_a_player_gets_the_union_of_the_enabled_configurations(make_pack) -> None:
    inv = _read(
        make_pack,
        {"a:base": _shop(["#system:default"]), "a:vip": _shop(["#a:vip", "system:bread"]), "a:none": _shop([])},
    )
    only_base = km.player_catalog(inv, ["a:base"])
    assert list(only_base["entry_id"]) == ["system:bread", "system:torch"]
    both = km.player_catalog(inv, ["a:base", "a:vip", "a:none"], catalog="shop_offers").set_index("entry_id")
    assert set(both.index) == {"system:bread", "system:torch", "a:sled"}
    assert both.loc["system:bread", "module_ids"] == ("a:base", "a:vip") and both.loc["system:bread", "n_modules"] == 2
    assert len(km.player_catalog(inv, [], catalog="shop_offers")) == 0
    assert len(km.player_catalog(inv, ["a:base"], catalog="lottery_pools")) == 0


def test_player_catalog_rejects_unknown_modules_and_catalogs(make_pack) -> None:
    inv = _read(make_pack, {"a:base": _shop()})
    with pytest.raises(km.UnknownModuleError, match="a:missing"):
        km.player_catalog(inv, ["a:base", "a:missing"])
    with pytest.raises(km.UnknownCatalogError, match="'catalog' parameter of player_catalog must be one of"):
        km.player_catalog(inv, ["a:base"], catalog="offers")
    with pytest.raises(LookupError):
        km.player_catalog(inv, ["a:missing"])
