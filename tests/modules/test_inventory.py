"""kit.modules.inventory: build_inventory (the rules that span files, pure) and the ModuleInventory it returns."""

from __future__ import annotations

import pytest

import kit.modules as km
from kit.core.errors import KitError
from kit.modules.definitions import ModuleConfig
from kit.modules.inventory import MODULE_SCHEMA, build_inventory
from kit.modules.problems import Problem
from tests.modules.conftest import SIGNIN_MODULES, kinds, module_file, system_file, tag_file


def _read(make_pack, system: dict, extra: dict | None = None):
    return km.read_modules(
        strict=False, source=make_pack("p", {**SIGNIN_MODULES, system_file("a:sys"): system, **(extra or {})})
    )


def _config(module_id: str, server_type: str | None, client: str | None = None) -> ModuleConfig:
    return ModuleConfig(module_id, 0, True, server_type, "", client, None, "p", module_file(module_id))


def _build(modules: dict[str, ModuleConfig], file_problems=(), **kwargs) -> km.ModuleInventory:
    return build_inventory(
        modules, {}, {}, [], {}, list(file_problems), ["p"], server_types=km.SERVER_TYPES, client_ids=km.CLIENT_IDS,
        **kwargs,
    )  # fmt: skip


def test_asking_for_an_undefined_system_is_a_lookup_error(make_pack) -> None:
    inv = _read(make_pack, {"modules": []})
    with pytest.raises(km.UnknownSystemError, match="'a:nope' is not defined.*defined: a:sys"):
        inv.system_module_ids("a:nope")


def test_build_inventory_orders_modules_by_registry_order_and_checks_types_and_clients() -> None:
    modules = {m: _config(m, "system:core") for m in ["b:x", "a:y", "a:x"]}
    modules["c:odd"] = _config("c:odd", "example:weather", client="example:weather")
    inv = _build(modules)
    assert inv.module_ids == ("c:odd", "a:x", "b:x", "a:y")  # path first: odd < x < y and inv.packs == ("p",)
    assert list(inv.modules()["module_id"]) == list(inv.module_ids)
    assert list(inv.modules().columns) == list(MODULE_SCHEMA)
    problems = inv.problems()
    assert list(problems["kind"]) == ["unknown_server_type", "unknown_client"]
    assert (
        "example:weather is not a registered server module type (known: system:achievements"
        in (problems["message"].iloc[0])
    )
    assert inv.has_errors


def test_build_inventory_keeps_the_file_problems_and_the_lints() -> None:
    parse_error = Problem("invalid_json", "a:broken", "", "not JSON", "data/a/system/system_module/broken.json", "p")
    inv = _build({"a:q": _config("a:q", "system:ftb_quests")}, [parse_error], mods=["minecraft"])
    assert kinds(inv) == ["invalid_json", "unavailable_module"]
    assert not inv.is_available("a:q")
    assert _build({"a:q": _config("a:q", "system:ftb_quests")}).is_available("a:q")  # mods unknown: available


def test_warnings_alone_are_no_errors(make_pack) -> None:
    inv = km.read_modules(make_pack("p", {module_file("a:y"): {}}), strict=False)
    assert kinds(inv) == ["empty_module"] and not inv.has_errors
    assert repr(inv) == ("<ModuleInventory 1 packs: 1 modules, 0 systems, 0 catalog entries, 0 errors, 1 warnings>")


def test_an_unknown_module_is_a_lookup_error_naming_it(make_pack) -> None:
    inv = _read(make_pack, {"modules": ["a:core"]})
    assert inv.module("a:signin").server_type == "system:signin"
    with pytest.raises(km.UnknownModuleError, match=r"'a:nope' is not defined by the read packs \(3 are") as info:
        inv.module("a:nope")
    assert isinstance(info.value, KitError) and isinstance(info.value, LookupError)
    with pytest.raises(km.UnknownModuleError, match="'a:nope'"):
        inv.is_available("a:nope")
    with pytest.raises(
        km.UnknownModuleError, match=r"'a:signn' .*see inventory.modules\(\)\); nearest: a:signin, b:signin$"
    ):
        inv.module("a:signn")
    with pytest.raises(km.UnknownSystemError, match="'a:nope' is not defined by the read packs"):
        inv.system_module_ids("a:nope")


def test_systems_and_module_tags_by_id(make_pack) -> None:
    inv = _read(
        make_pack,
        {"modules": ["#a:set", "a:core", "b:signin"]},
        {tag_file("system_module", "a:set"): {"values": ["b:signin", "a:signin"]}},
    )
    assert inv.module_tag_ids("#a:set") == ("b:signin", "a:signin")
    assert inv.module_tag_ids("#a:missing") == ()
    assert inv.system_module_ids("a:sys") == ("b:signin", "a:signin", "a:core")  # written order, no repeats
    assert inv.system("a:sys").system_id == "a:sys"
    with pytest.raises(km.UnknownSystemError, match="'a:other' is not defined"):
        inv.system("a:other")
