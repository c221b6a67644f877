"""A player's enabled set (issue 23): systems with conditions, manual additions and removals, core always on."""

from __future__ import annotations

import pytest

import kit.modules as km
from tests.modules.conftest import module_file, system_file, tag_file

VIP = {"type": "system:permission", "permission": "vip"}
FILES = {
    module_file("a:core"): {"server": {"type": "system:core"}},
    module_file("a:shop"): {"order": 5, "server": {"type": "system:shop"}, "client": "system:shop"},
    module_file("a:vip_shop"): {"order": 5, "server": {"type": "system:shop"}, "client": "system:shop"},
    module_file("a:inbox"): {"server": {"type": "system:inbox"}},
    module_file("a:quests"): {"server": {"type": "system:ftb_quests"}},
    module_file("a:festival"): {"server": {"type": "system:lottery"}},
    system_file("a:main"): {
        "modules": [
            "#a:basics",
            {"id": "a:vip_shop", "condition": VIP},
            {"id": "a:festival", "condition": {"type": "system:date_between", "from": "12-20", "to": "01-05"}},
        ]
    },
    system_file("a:staff"): {
        "condition": {"type": "system:permission", "permission": "staff"},
        "modules": ["a:quests"],
    },
    tag_file("system_module", "a:basics"): {"values": ["a:shop", "a:inbox"]},
}


@pytest.fixture
def inv(make_pack):
    return km.read_modules(make_pack("p", FILES))


def ids(inv, **player) -> list[str]:
    return list(km.enabled_modules(inv, km.Player(**player))["module_id"])


def test_systems_with_their_conditions(inv) -> None:
    assert ids(inv, systems=("a:main",)) == ["a:core", "a:inbox", "a:shop"]
    assert ids(inv, systems=("a:main",), permissions=frozenset({"vip"})) == [
        "a:core",
        "a:inbox",
        "a:shop",
        "a:vip_shop",
    ]
    assert "a:festival" in ids(inv, systems=("a:main",), date="01-02")  # a range across the new year
    assert "a:festival" not in ids(inv, systems=("a:main",), date="06-01")
    assert ids(inv, systems=("a:staff",)) == ["a:core"]  # the system's own condition fails
    assert ids(inv, systems=("a:staff",), permissions=frozenset({"staff"})) == ["a:core", "a:quests"]


def test_manual_changes_and_core_always_on(inv) -> None:
    e = km.enabled_modules(inv, km.Player(systems=("a:main",), added=("a:festival",), removed=("a:shop", "a:core")))
    assert list(e["module_id"]) == ["a:core", "a:festival", "a:inbox"]
    assert dict(zip(e["module_id"], e["source"].astype(str))) == {
        "a:core": "core",
        "a:festival": "manual",
        "a:inbox": "system",
    }
    assert e.set_index("module_id").loc["a:inbox", "system_id"] == "a:main"
    assert km.has_module(inv, km.Player(), "a:core") and not km.has_module(inv, km.Player(), "a:shop")


def test_unknown_names_and_conditions_raise(inv, make_pack) -> None:
    with pytest.raises(km.UnknownSystemError, match="a:nope.*defined: a:main, a:staff"):
        km.enabled_modules(inv, km.Player(systems=("a:nope",)))
    with pytest.raises(km.UnknownModuleError, match="a:ghost"):
        km.enabled_modules(inv, km.Player(added=("a:ghost",)))
    odd = km.read_modules(
        make_pack(
            "q", {**FILES, system_file("a:odd"): {"condition": {"type": "example:moon_phase"}, "modules": ["a:shop"]}}
        )
    )
    with pytest.raises(km.UnknownConditionError, match="example:moon_phase.*system:permission"):
        km.enabled_modules(odd, km.Player(systems=("a:odd",)))
    assert "a:shop" in ids_with(odd, lambda c, p: True)


def ids_with(inv, condition) -> list[str]:
    return list(km.enabled_modules(inv, km.Player(systems=("a:odd",)), condition=condition)["module_id"])


def test_the_ftb_module_is_unavailable_without_the_ftb_mod(make_pack) -> None:
    pack = make_pack("p", FILES)
    without = km.read_modules(pack, mods=["minecraft", "a"])
    problems = without.problems()
    assert list(problems["kind"]) == ["unavailable_module"] and "ftbquests" in problems.iloc[0]["message"]
    assert not without.is_available("a:quests")
    staff = km.Player(systems=("a:staff",), permissions=frozenset({"staff"}))
    assert "a:quests" not in list(km.enabled_modules(without, staff)["module_id"])
    with_ftb = km.read_modules(pack, mods=["minecraft", "ftbquests"])
    assert with_ftb.is_available("a:quests") and "a:quests" in list(km.enabled_modules(with_ftb, staff)["module_id"])
