"""kit.modules.lints: the design's warnings beyond what the game refuses (built-ins without #system:default, parameters
on a unit type, a type whose optional mod is missing, unknown registry folders)."""

from __future__ import annotations

import kit.modules as km
from kit.modules.definitions import ModuleConfig
from kit.modules.lints import lint_folders, lint_modules, unavailable_modules
from tests.modules.conftest import module_file


def _config(module_id: str, server_type: str, *, params: str = "", selection=None) -> ModuleConfig:
    return ModuleConfig(module_id, 0, True, server_type, params, None, selection, "p", module_file(module_id))


def test_the_design_lints(make_pack) -> None:
    inv = km.read_modules(
        make_pack(
            "p",
            {
                module_file("system:shop"): {"server": {"type": "system:shop", "offers": ["system:bread"]}},
                module_file("system:signin"): {"server": {"type": "system:signin", "rewards": "#system:default"}},
                module_file("a:items"): {"server": {"type": "system:items", "page_size": 20}},
                "data/a/system/modules/old.json": {"server": {"type": "system:core"}},
                "data/a/tags/system/module/old.json": {"values": []},
            },
        )
    )
    p = inv.problems().set_index("kind")
    assert sorted(p.index) == [
        "builtin_without_default",
        "dangling_tag",
        "unexpected_parameters",
        "unknown_catalog_entry",
        "unknown_registry_folder",
        "unknown_registry_folder",
    ]
    assert p.loc["builtin_without_default", "object_id"] == "system:shop"  # system:signin uses the default
    assert "page_size" in p.loc["unexpected_parameters", "message"]
    assert {"data/a/system/modules/old.json", "data/a/tags/system/module/old.json"} == set(
        p.loc["unknown_registry_folder", "path"]
    )
    assert (p["severity"].loc[["builtin_without_default", "unexpected_parameters"]] == "warning").all()


def test_built_in_catalogs_must_select_the_default_tag_explicitly() -> None:
    modules = {
        "system:shop": _config("system:shop", "system:shop", selection=None),
        "system:lottery": _config("system:lottery", "system:lottery", selection=()),
        "system:signin": _config("system:signin", "system:signin", selection=("#system:default",)),
        "a:shop": _config("a:shop", "system:shop", selection=None),  # not built in: any selection
    }
    problems = lint_modules(modules, None)
    assert [(p.kind, p.object_id, p.field, p.severity) for p in problems] == [
        ("builtin_without_default", "system:shop", "server.offers", "warning"),
        ("builtin_without_default", "system:lottery", "server.pools", "warning"),
    ]
    assert "selects omitted (the whole registry)" in problems[0].message and "selects []" in problems[1].message
    assert problems[0].path == "data/system/system/system_module/shop.json" and problems[0].pack == "p"


def test_parameters_on_a_unit_type_are_ignored_and_reported() -> None:
    modules = {
        "a:items": _config("a:items", "system:items", params='{"page_size":20}'),
        "a:core": _config("a:core", "system:core", params="{}"),
        "a:ext": _config("a:ext", "example:custom", params='{"x":1}'),  # an extension type: its codec is unknown
    }
    problems = lint_modules(modules, None)
    assert [(p.kind, p.object_id, p.field) for p in problems] == [("unexpected_parameters", "a:items", "server")]
    assert '{"page_size":20} is ignored' in problems[0].message


def test_unavailable_modules_need_the_mod_list() -> None:
    modules = {"a:q": _config("a:q", "system:ftb_quests"), "a:core": _config("a:core", "system:core")}
    assert unavailable_modules(modules, None) == {}  # mods unknown: everything is available
    assert unavailable_modules(modules, ["minecraft"]) == {"a:q": "ftbquests"}
    assert unavailable_modules(modules, iter(["minecraft", "ftbquests"])) == {}
    problems = lint_modules(modules, [])
    assert [(p.kind, p.object_id, p.field) for p in problems] == [("unavailable_module", "a:q", "server.type")]
    assert "needs the mod ftbquests" in problems[0].message


def test_unknown_registry_folders_are_reported_once_per_pack_and_folder() -> None:
    files = [
        ("p", "data/a/system/modules/one.json"),
        ("p", "data/a/system/modules/two.json"),  # same folder: one row
        ("q", "data/a/system/modules/one.json"),  # another pack: its own row
        ("p", "data/a/tags/system/module/old.json"),
        ("p", "data/a/system/system_module/fine.json"),
        ("p", "data/a/tags/system/system_module/fine.json"),
        ("p", "data/a/recipes/not_ours.json"),
        ("p", "data/a/system/modules/readme.txt"),  # not a JSON file: the game ignores it
    ]
    problems = lint_folders(files, ["system_module", "system"], ["system_module"])
    assert [(p.pack, p.path) for p in problems] == [
        ("p", "data/a/system/modules/one.json"),
        ("q", "data/a/system/modules/one.json"),
        ("p", "data/a/tags/system/module/old.json"),
    ]
    assert all(p.kind == "unknown_registry_folder" and p.severity == "warning" for p in problems)
    assert "data/a/system/modules/ is no registry the game reads (expected one of: system, system_module)" in (
        problems[0].message
    )
    assert "expected one of: system_module)" in problems[2].message
    assert lint_folders([], ["system"], []) == []
