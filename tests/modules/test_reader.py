"""Reading packs: override order, zips, worlds, PackSet input, bad files, strict mode."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

import kit.items
import kit.modules as km
from kit.modules.packs import MAX_FILE_BYTES
from tests.modules.conftest import kinds, module_file, system_file, tag_file


def test_the_highest_priority_pack_wins_and_lower_copies_are_not_read(make_pack) -> None:
    low = make_pack("low", {module_file("a:m"): "{ not json"})
    high = make_pack("high", {module_file("a:m"): {"order": 7, "client": "system:items"}})
    inv = km.read_modules(strict=False, source=[low, high])
    row = inv.modules().iloc[0]
    assert (row["order"], row["pack"]) == (7, "high") and kinds(inv) == []
    inv = km.read_modules(strict=False, source=[high, low])
    assert kinds(inv) == ["invalid_json"] and inv.modules().empty


def test_zipped_packs_with_or_without_a_top_folder_are_read(tmp_path: Path) -> None:
    for name, prefix in (("flat.zip", ""), ("nested.zip", "pack/")):
        with zipfile.ZipFile(tmp_path / name, "w") as zf:
            zf.writestr(prefix + "pack.mcmeta", "{}")
            zf.writestr(prefix + module_file("a:z"), json.dumps({"order": 3, "client": "system:items"}))
        inv = km.read_modules(strict=False, source=tmp_path / name)
        assert inv.module_ids == ("a:z",) and inv.packs == (name,)


def test_a_world_folder_reads_its_datapacks_in_name_order(make_pack, tmp_path: Path) -> None:
    world = tmp_path / "world"
    make_pack("world/datapacks/b_pack", {module_file("a:m"): {"order": 2, "client": "system:items"}})
    make_pack("world/datapacks/a_pack", {module_file("a:m"): {"order": 1, "client": "system:items"}})
    (world / "datapacks" / "notes.txt").write_text("not a pack")
    (world / "datapacks" / "c_link").symlink_to(world / "datapacks" / "a_pack")
    inv = km.read_modules(strict=False, source=world)
    assert inv.packs == ("a_pack", "b_pack") and inv.modules().iloc[0]["order"] == 2


def test_packs_loaded_by_kit_items_are_read_in_the_same_order(make_pack) -> None:
    one = make_pack("one", {module_file("a:m"): {"order": 1, "client": "system:items"}})
    two = make_pack(
        "two",
        {
            module_file("a:m"): {"order": 2, "client": "system:items"},
            "data/a/datapacks/extra/data/a/system/system_module/feat.json": {"client": "system:shop", "order": 4},
        },
    )
    packset = kit.items.load_datapacks([one, two])
    inv = km.read_modules(strict=False, source=packset)
    assert inv.packs == ("one", "two") and inv.module_ids == ("a:m",)
    applied = km.read_modules(strict=False, source=kit.items.load_datapacks([one, two], features=["extra"]))
    assert applied.module_ids == ("a:feat", "a:m") and applied.module("a:feat").pack == "two[extra]"


def test_same_named_packs_get_numbered(make_pack, tmp_path: Path) -> None:
    a = make_pack("x/p", {module_file("a:one"): {"server": {"type": "system:core"}}})
    b = make_pack("y/p", {module_file("a:two"): {"server": {"type": "system:core"}}})
    assert km.read_modules(strict=False, source=[a, b]).packs == ("p", "p#2")


def test_invalid_json_and_invalid_file_names_are_errors_naming_the_file(make_pack) -> None:
    inv = km.read_modules(
        strict=False,
        source=make_pack(
            "p",
            {
                module_file("a:broken"): '{"order": 1,}',
                "data/a/system/system_module/Upper.json": {"client": "system:items"},
            },
        ),
    )
    p = inv.problems().set_index("path")
    assert p.loc["data/a/system/system_module/broken.json", "kind"] == "invalid_json"
    assert p.loc["data/a/system/system_module/Upper.json", "kind"] == "invalid_definition"
    assert "not a valid identifier" in p.loc["data/a/system/system_module/Upper.json", "message"]


def test_oversized_files_are_not_parsed(make_pack) -> None:
    inv = km.read_modules(
        strict=False, source=make_pack("p", {module_file("a:huge"): '{"pad": "' + "x" * (MAX_FILE_BYTES + 1) + '"}'})
    )
    p = inv.problems()
    assert list(p["kind"]) == ["invalid_json"] and "more than the limit of" in p.iloc[0]["message"]


def test_missing_paths_and_non_packs_raise_datapack_errors(tmp_path: Path) -> None:
    with pytest.raises(km.DatapackError, match="not found"):
        km.read_modules(strict=False, source=tmp_path / "nope")
    (tmp_path / "empty").mkdir()
    with pytest.raises(km.DatapackError, match="not a data pack"):
        km.read_modules(strict=False, source=tmp_path / "empty")
    (tmp_path / "f.txt").write_text("x")
    with pytest.raises(OSError, match="neither a folder nor a zip"):
        km.read_modules(strict=False, source=tmp_path / "f.txt")


def test_strict_mode_raises_the_first_error_with_file_and_field(make_pack) -> None:
    pack = make_pack("p", {module_file("a:x"): {"server": {"type": "example:nope"}}})
    with pytest.raises(
        km.ModuleDefinitionError, match=r"p: data/a/system/system_module/x.json \(a:x\), field 'server.type'"
    ):
        km.read_modules(pack, strict=True)
    warn_only = make_pack("q", {module_file("a:y"): {}})
    assert kinds(km.read_modules(warn_only, strict=True)) == ["empty_module"]


def test_lenient_by_default_every_mistake_is_an_error_row_and_the_rest_is_built(make_pack) -> None:
    """Issue 22: the mistakes the game refuses each give an ``error`` row; the inventory is still built."""
    files = {
        module_file("a:core"): {"server": {"type": "system:core"}},
        module_file("a:shop"): {"order": 5, "server": {"type": "system:shop"}, "client": "system:shop"},
        module_file("a:teleport"): {"server": {"type": "a:teleport"}},  # unknown server type
        module_file("a:broken"): '{"order": 1,}',  # JSON syntax error
        module_file("a:mail"): {"order": "high", "client": "system:inbox"},  # bad order (the game uses 0)
        system_file("a:sys"): {"modules": ["a:core", "a:typo", "#a:nothing", "#a:set", "a:shop"]},
        tag_file("system_module", "a:set"): {"values": ["a:shop", "a:missing"]},  # unknown required member
    }
    inv = km.read_modules(make_pack("p", files))  # no strict argument: lenient
    p = inv.problems().set_index("kind")
    for kind in ("unknown_server_type", "invalid_json", "unknown_module", "dangling_tag", "unknown_tag_member"):
        assert kind in p.index and (p.loc[[kind], "severity"] == "error").all(), kind
    assert p.loc["bad_order", "severity"] == "warning"
    assert set(inv.module_ids) == {"a:core", "a:shop", "a:teleport", "a:mail"}
    assert inv.system_module_ids("a:sys") == ("a:core", "a:shop")
    with pytest.raises(km.ModuleDefinitionError, match=r"q: data/a/"):
        km.read_modules(make_pack("q", files), strict=True)


def test_overlaps_list_every_configuration_once_in_id_order_across_tags_and_ids(make_pack) -> None:
    # three signin configurations reached directly and through a nested tag, one repeated: counted once, listed by
    # path then namespace; a conditional reference adds nothing
    files = {module_file(m): {"server": {"type": "system:signin"}} for m in ("b:sign", "a:sign", "c:zzz", "c:early")}
    files[tag_file("system_module", "#t:inner")] = {"values": ["c:zzz", "b:sign"]}
    files[tag_file("system_module", "#t:outer")] = {"values": ["#t:inner", "a:sign"]}
    files[system_file("s:sys")] = {
        "modules": ["b:sign", "#t:outer", "a:sign", {"id": "c:early", "condition": {"type": "x:vip"}}]
    }
    p = km.read_modules(strict=False, source=make_pack("p", files)).problems()
    assert list(p["kind"]) == ["overlapping_candidates"]
    assert (
        "enables 3 configurations of system:signin without conditions (a:sign, b:sign, c:zzz)" in p.iloc[0]["message"]
    )
    assert "runs a:sign (first by id)" in p.iloc[0]["message"]


def test_catalog_vias_stay_with_their_entries_when_configurations_share_a_pattern(make_pack) -> None:
    entries = {f"data/a/system/signin_rewards/e{i}.json": {"item": "minecraft:stone"} for i in range(4)}
    tag = {tag_file("signin_rewards", "#a:t"): {"values": ["a:e3", "a:e0"]}}
    modules = {
        module_file("a:one"): {"server": {"type": "system:signin", "rewards": ["a:e1", "#a:t"]}},
        module_file("a:two"): {"server": {"type": "system:signin", "rewards": ["a:e2", "#a:t"]}},
        module_file("a:three"): {"server": {"type": "system:signin", "rewards": ["#a:t", "a:e0"]}},
    }
    c = km.read_modules(strict=False, source=make_pack("p", {**entries, **tag, **modules})).catalogs()
    got = {(m, e): v for m, e, v in zip(c["module_id"], c["entry_id"], c["via"].astype(str))}
    assert got == {
        ("a:one", "a:e0"): "tag", ("a:one", "a:e1"): "id", ("a:one", "a:e3"): "tag",
        ("a:two", "a:e0"): "tag", ("a:two", "a:e2"): "id", ("a:two", "a:e3"): "tag",
        ("a:three", "a:e0"): "tag", ("a:three", "a:e3"): "tag",
    }  # fmt: skip
