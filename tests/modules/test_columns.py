"""The column-wise ``systems()`` and ``catalogs()`` equal a plain row-by-row construction (issue 26's speed-up)."""

from __future__ import annotations

import pandas as pd

import kit.modules as km
from kit.core.frames import frame
from kit.modules.ids import id_order
from kit.modules.inventory import CATALOG_SCHEMA, SYSTEM_SCHEMA
from tests.modules.conftest import entry_file, module_file, system_file, tag_file

FILES = {
    **{entry_file("shop_offers", e): {"item": e} for e in ("a:gem", "b:axe", "a:sled", "system:bread")},
    **{entry_file("signin_rewards", e): {"item": e} for e in ("a:day1", "a:day2")},
    tag_file("shop_offers", "a:vip"): {"values": ["a:sled", "a:gem", {"id": "a:ghost", "required": False}]},
    tag_file("shop_offers", "system:default"): {"values": ["system:bread"]},
    module_file("a:shop"): {"order": 1, "server": {"type": "system:shop", "offers": ["a:gem", "#a:vip", "b:axe"]}},
    module_file("b:shop"): {"order": 2, "server": {"type": "system:shop"}},  # the whole registry
    module_file("c:shop"): {"order": 3, "server": {"type": "system:shop", "offers": []}},
    module_file("a:sign"): {"order": 4, "server": {"type": "system:signin", "rewards": "#system:default"}},
    module_file("a:core"): {"server": {"type": "system:core"}},
    tag_file("system_module", "a:inner"): {"values": ["a:core", {"id": "a:shop", "required": False}]},
    tag_file("system_module", "a:outer"): {"values": ["#a:inner", "b:shop"]},
    tag_file("system_module", "a:broken"): {"values": ["a:nothing"]},
    tag_file("system_module", "a:empty"): {"values": []},
    system_file("a:main"): {
        "name": "Main",
        "condition": {"type": "x"},
        "modules": [
            "a:core",
            "#a:outer",
            {"id": "#a:broken", "condition": {"type": "y"}},
            "#a:missing",
            "#a:empty",
            "a:unknown",
        ],
    },
    system_file("b:plain"): {"modules": [{"id": "a:shop", "condition": {"type": "z"}}, "#a:inner"]},
    system_file("c:none"): {"modules": []},
}


def _systems_by_rows(inv: km.ModuleInventory) -> pd.DataFrame:
    rows = []
    for system_id in inv.systems()["system_id"].unique():
        s = inv.system(system_id)
        for ref in s.refs:
            conds = [c for c in (s.condition, ref.condition) if c]
            condition = conds[0] if len(conds) == 1 else ("[" + ",".join(conds) + "]" if conds else "")
            base = {"system_id": s.system_id, "name": s.name, "ref": ref.ref, "condition": condition}
            if not ref.is_tag:
                rows.append({**base, "ref_kind": "id", "module_id": ref.ref, "required": True})
                continue
            tags = inv.tags()
            members = tags[(tags["registry"] == "system_module") & (tags["tag_id"] == ref.ref) & tags["is_loaded"]]
            for member, required in zip(members["member_id"], members["required"]):
                rows.append({**base, "ref_kind": "tag", "module_id": member, "required": bool(required)})
            if not len(members):
                rows.append({**base, "ref_kind": "tag", "module_id": None, "required": None})
    return frame(SYSTEM_SCHEMA, rows)


def test_systems_frame_equals_the_row_by_row_frame(make_pack) -> None:
    inv = km.read_modules(make_pack("p", FILES))
    got = inv.systems()
    pd.testing.assert_frame_equal(got, _systems_by_rows(inv))
    assert got["module_id"].isna().sum() == 3 and got["required"].isna().sum() == 3  # broken, missing, empty
    assert list(got.loc[got["ref"] == "#a:outer", "module_id"]) == ["a:core", "a:shop", "b:shop"]
    assert not got.loc[(got["ref"] == "#a:outer") & (got["module_id"] == "a:shop"), "required"].item()


def test_catalogs_frame_equals_the_row_by_row_frame(make_pack) -> None:
    inv = km.read_modules(make_pack("p", FILES))
    picks = {
        "a:shop": [("a:gem", "id"), ("a:sled", "tag"), ("b:axe", "id")],
        "b:shop": [(e, "all") for e in ("b:axe", "system:bread", "a:gem", "a:sled")],
        "a:sign": [],
    }  # #system:default is a shop tag: no sign-in tag of that name
    rows = [
        {"catalog": "signin_rewards" if m == "a:sign" else "shop_offers", "module_id": m, "entry_id": e, "via": v}
        for m, pairs in picks.items()
        for e, v in pairs
    ]
    rows.sort(key=lambda r: (r["catalog"] != "signin_rewards", id_order(r["module_id"]), id_order(r["entry_id"])))
    pd.testing.assert_frame_equal(inv.catalogs(), frame(CATALOG_SCHEMA, rows))


def test_no_rows_give_the_empty_frames_with_their_dtypes(make_pack) -> None:
    inv = km.read_modules(make_pack("p", {system_file("a:none"): {"modules": []}}))
    pd.testing.assert_frame_equal(inv.systems(), frame(SYSTEM_SCHEMA, []))
    pd.testing.assert_frame_equal(inv.catalogs(), frame(CATALOG_SCHEMA, []))
