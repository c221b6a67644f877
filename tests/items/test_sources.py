"""Item sources: providers, scopes, ordering, truncation, JSON defaults, item uses."""

from __future__ import annotations

import json

import pytest

import kit.items
from kit.items import ItemSource, ItemSourceOutput, ProviderRegistry, SourceSlot
from kit.items.recipes import ItemStack
from tests.items.items_inputs import vanilla, write_pack


@pytest.fixture(scope="module")
def packs():
    return kit.items.load_datapacks(vanilla("1.21.3"))


def test_iron_ingot_all_scopes_ordered_recipe_loot_tag(packs):
    out = packs.item_sources("minecraft:iron_ingot")
    kinds = [s.kind for s in out.sources]
    assert kinds == sorted(kinds, key=["recipe", "loot", "tag"].index)
    for kind in ("recipe", "loot", "tag"):
        ids = [s.source_id for s in out.sources if s.kind == kind]
        assert ids == sorted(ids) and ids, kind
    assert "minecraft:iron_ingot_from_nuggets" in [s.source_id for s in out.sources]
    assert "minecraft:entities/zombie" in [s.source_id for s in out.sources]
    assert not out.truncated
    data = json.loads(out.to_json())
    assert set(data) == {"item", "sources", "truncated"}  # scope "all" is the default: omitted
    zombie = next(s for s in data["sources"] if s["id"] == "minecraft:entities/zombie")
    assert (
        zombie
        == {
            "kind": "loot",
            "id": "minecraft:entities/zombie",
            "type": "loot_table",
            "outputs": [{"items": ["minecraft:iron_ingot"]}],
            "notes": ["weight 1", "conditions: killed_by_player, random_chance_with_enchanted_bonus"],
        }
        or zombie["notes"][0] == "weight 1"
    )
    assert "count" not in zombie["outputs"][0]


def test_scopes_paths_and_ids(packs):
    loot = packs.item_sources("minecraft:iron_ingot", "loot")
    assert {s.kind for s in loot.sources} == {"loot"}
    assert json.loads(loot.to_json())["scope"] == "loot"
    assert (
        packs.item_sources("minecraft:iron_ingot", "system:recipe").sources
        == packs.item_sources("minecraft:iron_ingot", "recipe").sources
    )
    tags = packs.item_sources("minecraft:oak_planks", "tag")
    assert "#minecraft:planks" in [s.source_id for s in tags.sources]
    assert tags.sources[0].to_json()["outputs"] == [{"items": ["minecraft:oak_planks"]}]
    with pytest.raises(kit.items.InvalidScopeError, match=r"one of all, loot, recipe, tag, system:loot.*Got 'drops'"):
        packs.item_sources("minecraft:iron_ingot", "drops")


def test_shaped_keeps_width_grid_and_repeats(packs):
    src = packs.item_sources("minecraft:bucket", "recipe").sources[0]
    data = src.to_json()
    assert data["width"] == 3 and data["type"] == "minecraft:crafting_shaped"
    assert data["inputs"] == [
        {"items": ["minecraft:iron_ingot"]},
        {},
        {"items": ["minecraft:iron_ingot"]},
        {},
        {"items": ["minecraft:iron_ingot"]},
        {},
    ]
    assert data["station"] == ["minecraft:crafting_table"]


def test_recipe_kinds_stations_and_alternatives(packs):
    def first(item, rtype):
        return next(s for s in packs.item_sources(item, "recipe").sources if s.type == rtype)

    campfire = first("minecraft:cooked_beef", "minecraft:campfire_cooking")
    assert campfire.station == ("minecraft:campfire", "minecraft:soul_campfire") and campfire.width == 0
    cut = first("minecraft:cut_copper_slab", "minecraft:stonecutting").to_json()
    assert cut["outputs"][0]["count"] in (2, 8)
    smith = first("minecraft:netherite_sword", "minecraft:smithing_transform")
    assert [slot.item_ids for slot in smith.inputs] == [
        ("minecraft:netherite_upgrade_smithing_template",),
        ("minecraft:diamond_sword",),
        ("minecraft:netherite_ingot",),
    ]
    trim = first("minecraft:diamond_chestplate", "minecraft:smithing_trim")
    assert "minecraft:diamond_chestplate" in trim.outputs[0].item_ids and len(trim.outputs[0].items) <= 8
    assert trim.notes
    bundle = first("minecraft:red_bundle", "minecraft:crafting_transmute")
    assert len(bundle.inputs[0].items) == 8  # the #bundles tag has 17 members, 8 examples kept
    specials = packs.recipes().query("kind == 'special'")
    assert len(specials) == 12 and (specials.result_item_id == "").all()


def test_components_kept_on_results(tmp_path):
    packs = kit.items.load_datapacks(
        write_pack(
            tmp_path / "p",
            {
                "data/t/recipe/named.json": {
                    "type": "minecraft:crafting_shapeless",
                    "ingredients": ["minecraft:paper", ["t:a", "t:b"]],
                    "result": {"id": "minecraft:paper", "count": 3, "components": {"minecraft:custom_name": "'Note'"}},
                }
            },
        )
    )
    data = packs.item_sources("minecraft:paper").to_dict()["sources"][0]
    assert data["outputs"] == [
        {"items": [{"id": "minecraft:paper", "components": {"minecraft:custom_name": "'Note'"}}], "count": 3}
    ]
    assert data["inputs"] == [{"items": ["minecraft:paper"]}, {"items": ["t:a", "t:b"]}]
    assert "width" not in data


def test_loot_provider_tags_expand_to_eight_and_skips_nested(tmp_path):
    members = [f"t:i{k}" for k in range(12)]
    packs = kit.items.load_datapacks(
        write_pack(
            tmp_path / "p",
            {
                "data/t/tags/item/many.json": {"values": members},
                "data/t/loot_table/chest.json": {
                    "pools": [
                        {
                            "rolls": 1,
                            "entries": [
                                {"type": "tag", "name": "t:many", "expand": True, "weight": 3},
                                {"type": "loot_table", "value": "t:other"},
                                {"type": "empty"},
                                {
                                    "type": "item",
                                    "name": "t:gold",
                                    "functions": [{"function": "set_count", "count": 5}],
                                },
                                {
                                    "type": "item",
                                    "name": "t:gem",
                                    "functions": [
                                        {"function": "set_count", "count": {"type": "uniform", "min": 1, "max": 3}}
                                    ],
                                },
                            ],
                        }
                    ]
                },
                "data/t/loot_table/other.json": {
                    "pools": [{"rolls": 1, "entries": [{"type": "item", "name": "t:deep"}]}]
                },
            },
        )
    )
    assert packs.item_sources("t:i7", "loot").sources[0].notes == ("weight 3", "tag #t:many")
    assert packs.item_sources("t:i8", "loot").sources == ()
    assert [s.source_id for s in packs.item_sources("t:deep", "loot").sources] == ["t:other"]
    gold = packs.item_sources("t:gold", "loot").sources[0].to_json()
    assert gold["outputs"] == [{"items": ["t:gold"], "count": 5}]
    gem = packs.item_sources("t:gem", "loot").sources[0].to_json()
    assert gem["outputs"] == [{"items": ["t:gem"], "count_max": 3}] and gem["notes"] == ["weight 1"]
    assert packs.item_sources("t:gem", "loot").sources[0].outputs[0].count_range == "1-3"
    assert packs.item_sources("t:gem", "loot").to_frame()[["output_count", "output_count_max"]].values.tolist() == [
        [1, 3]
    ]
    cut = packs.problems().query("kind == 'capped'")  # the tag entry expands to 8 of its members, and says so
    assert list(cut.object_id) == ["t:chest"] and "8 members" in cut.message.iloc[0]


def test_registry_custom_provider_failure_and_truncation(packs):
    reg = ProviderRegistry()
    for pid, kind in (("system:recipe", "recipe"), ("system:loot", "loot"), ("system:tag", "tag")):
        reg.register(
            pid,
            kit.items.PROVIDERS.providers()[[p.provider_id for p in kit.items.PROVIDERS.providers()].index(pid)].find,
            kind=kind,
        )

    def villager(p, item_id):
        return [
            ItemSource("trade", f"example:villager/{k:03d}", outputs=(SourceSlot((ItemStack(item_id),)),))
            for k in range(100)
        ]

    def broken(p, item_id):
        raise RuntimeError("integration offline")

    reg.register("example:villager", villager)
    reg.register("example:broken", broken)
    assert "villager" in reg.scopes() and "example:villager" in reg.scopes()
    out = packs.item_sources("minecraft:emerald", registry=reg)
    assert out.truncated and len(out.sources) == 64
    assert out.errors == (("example:broken", "RuntimeError: integration offline"),)
    assert json.loads(out.to_json())["errors"] == [
        {"provider": "example:broken", "message": "RuntimeError: integration offline"}
    ]
    only = packs.item_sources("minecraft:emerald", "villager", registry=reg)
    assert only.truncated and {s.kind for s in only.sources} == {"trade"}
    assert only.sources[0].provider_id == "example:villager"
    with pytest.raises(kit.items.ProviderRegistrationError, match="already registered"):
        reg.register("example:villager", villager)
    with pytest.raises(kit.items.ProviderRegistrationError, match="namespaced id"):
        reg.register("villager", villager)


def test_register_provider_on_default_registry(packs):
    @kit.items.register_provider("test:everything")
    def everything(p, item_id):
        return [ItemSource("custom", "test:one", outputs=(SourceSlot((ItemStack(item_id),)),))]

    try:
        assert "everything" in kit.items.PROVIDERS.scopes()
        out = packs.item_sources("minecraft:stone", "everything")
        assert [s.source_id for s in out.sources] == ["test:one"]
    finally:
        kit.items.PROVIDERS.unregister("test:everything")
    with pytest.raises(kit.items.InvalidScopeError):
        packs.item_sources("minecraft:stone", "everything")


def test_output_defaults_are_omitted():
    out = ItemSourceOutput("t:x", sources=(ItemSource("recipe", "t:r", outputs=(SourceSlot((ItemStack("t:x"),)),)),))
    assert out.to_dict() == {
        "item": "t:x",
        "sources": [{"kind": "recipe", "id": "t:r", "outputs": [{"items": ["t:x"]}]}],
        "truncated": False,
    }
    frame = out.to_frame()
    assert frame.loc[0, "output_item_ids"] == ("t:x",) and frame.loc[0, "rank"] == 1


def test_item_uses(packs):
    uses = packs.item_uses("minecraft:oak_planks")
    assert list(uses.recipe_id) == sorted(uses.recipe_id)
    by_id = uses.set_index("recipe_id")
    assert by_id.loc["minecraft:crafting_table", "via_tag"] == "minecraft:planks"
    assert by_id.loc["minecraft:crafting_table", "n_slots"] == 4
    assert by_id.loc["minecraft:oak_slab", "via_tag"] == ""
    assert len(packs.item_uses("minecraft:no_such_item")) == 0


def test_providers_run_in_id_order_and_a_failing_one_contributes_nothing(packs):
    reg = ProviderRegistry()
    calls = []

    def make(pid, fail):
        def find(p, item_id):
            calls.append(pid)
            yield ItemSource("custom", f"{pid}/one", outputs=(SourceSlot((ItemStack(item_id),)),))
            if fail:
                raise LookupError(f"{pid} broke half way")

        return find

    for pid, fail in (("zz:late", True), ("mm:fine", False), ("aa:early", True)):
        reg.register(pid, make(pid, fail))
    out = packs.item_sources("minecraft:stone", registry=reg)
    assert calls == ["aa:early", "mm:fine", "zz:late"]
    assert [e[0] for e in out.errors] == ["aa:early", "zz:late"]
    assert out.errors[0][1] == "LookupError: aa:early broke half way"
    assert [s.source_id for s in out.sources] == ["mm:fine/one"]  # no half results from the failing ones
    assert reg.scopes() == ("all", "early", "fine", "late", "aa:early", "mm:fine", "zz:late")


def test_loot_scan_stops_at_4096_tables():
    from kit.items.loot import LootTable
    from kit.items.sources import MAX_LOOT_TABLES
    from kit.items.tags import resolve_tags

    assert MAX_LOOT_TABLES == 4096
    table = {"pools": [{"rolls": 1, "entries": [{"type": "item", "name": "t:common"}]}]}
    tables = {f"t:table_{k:05d}": LootTable(f"t:table_{k:05d}", "minecraft:chest", table) for k in range(4096)}
    last = {
        "pools": [{"rolls": 1, "entries": [{"type": "item", "name": "t:common"}, {"type": "item", "name": "t:rare"}]}]
    }
    tables["t:table_99999"] = LootTable("t:table_99999", "minecraft:chest", last)  # the 4097th in id order
    packs = kit.items.PackSet({}, tables, resolve_tags([]), {}, [], [])
    assert packs.item_sources("t:rare", "loot").sources == ()
    assert len(packs.index.loot["t:common"]) == 4096 and "t:table_99999" not in packs.index.loot["t:common"]
    capped = packs.problems().query("kind == 'capped'")  # the cut is said, never a silent partial answer
    assert list(capped.object_id) == ["loot_tables"] and "4,096 of 4,097" in capped.message.iloc[0]
    assert "t:table_04095" in capped.message.iloc[0]
    common = packs.item_sources("t:common", "loot")
    assert common.truncated and len(common.sources) == 64
    assert [s.source_id for s in common.sources] == [f"t:table_{k:05d}" for k in range(64)]


def test_tag_provider_reports_at_most_64_tags_sorted():
    from kit.items.tags import TagFile, TagValue, resolve_tags

    files = [TagFile(f"t:tag_{k:02d}", (TagValue("t:x"),)) for k in reversed(range(70))]
    packs = kit.items.PackSet({}, {}, resolve_tags(files), {}, [], [])
    out = packs.item_sources("t:x", "tag")
    assert [s.source_id for s in out.sources] == [f"#t:tag_{k:02d}" for k in range(64)]
    assert all(s.to_json() == {"kind": "tag", "id": s.source_id, "outputs": [{"items": ["t:x"]}]} for s in out.sources)


def test_json_field_order_follows_the_design(packs):
    out = packs.item_sources("minecraft:bucket")
    text = out.to_json()
    assert text.startswith(
        '{"item": "minecraft:bucket", "sources": [{"kind": "recipe", "id": "minecraft:bucket", '
        '"type": "minecraft:crafting_shaped", "station": ["minecraft:crafting_table"], "width": 3, '
        '"inputs": ['
    )
    assert text.endswith('"truncated": false}')
    loot = json.loads(packs.item_sources("minecraft:iron_ingot", "loot").to_json())
    assert list(loot) == ["item", "scope", "sources", "truncated"]
    assert all(list(s) == ["kind", "id", "type", "outputs", "notes"] for s in loot["sources"])


def test_loot_source_merges_the_notes_of_every_entry_of_a_table(tmp_path):
    packs = kit.items.load_datapacks(
        write_pack(
            tmp_path / "p",
            {
                "data/t/loot_table/two.json": {
                    "pools": [
                        {
                            "rolls": 1,
                            "entries": [
                                {
                                    "type": "item",
                                    "name": "t:gem",
                                    "weight": 3,
                                    "functions": [{"function": "set_count", "count": 2}],
                                }
                            ],
                        },
                        {
                            "rolls": 1,
                            "entries": [
                                {
                                    "type": "alternatives",
                                    "children": [
                                        {
                                            "type": "item",
                                            "name": "t:gem",
                                            "weight": 5,
                                            "conditions": [{"condition": "killed_by_player"}],
                                            "functions": [{"function": "set_count", "count": 2}],
                                        }
                                    ],
                                }
                            ],
                        },
                    ]
                },
                "data/t/loot_table/mixed.json": {
                    "pools": [
                        {
                            "rolls": 1,
                            "entries": [
                                {"type": "item", "name": "t:gem", "functions": [{"function": "set_count", "count": 4}]},
                                {"type": "item", "name": "t:gem", "quality": 1},
                            ],
                        }
                    ]
                },
            },
        )
    )
    out = packs.item_sources("t:gem", "loot")
    assert [s.source_id for s in out.sources] == ["t:mixed", "t:two"]  # one source per table
    mixed, two = (s.to_json() for s in out.sources)
    assert two["notes"] == ["weight 3", "weight 5", "conditions: killed_by_player"]
    assert two["outputs"] == [{"items": ["t:gem"], "count": 2}]  # the same count in both entries is kept
    # different fixed counts: the output shows the range over the table's entries
    assert mixed["notes"] == ["weight 1", "quality 1"] and mixed["outputs"] == [{"items": ["t:gem"], "count_max": 4}]


def test_every_cap_that_cuts_says_so(tmp_path):
    from kit.items.sources import MAX_ALTERNATIVES, MAX_TAGS

    files = {f"data/t/tags/item/group_{k:02d}.json": {"values": ["t:gem"]} for k in range(MAX_TAGS + 6)}
    files["data/t/tags/item/many.json"] = {"values": [f"t:i{k}" for k in range(12)]}
    files["data/t/recipe/gem.json"] = {
        "type": "minecraft:crafting_shapeless",
        "ingredients": ["#t:many", "#t:none"],
        "result": {"id": "t:gem"},
    }
    packs = kit.items.load_datapacks(write_pack(tmp_path / "p", files))
    out = packs.item_sources("t:gem")
    tags = [s for s in out.sources if s.kind == "tag"]
    assert len(out.sources) == 64 and len(tags) == 63 and out.truncated  # 1 recipe + 64 tags, cut to 64 sources
    assert out.cuts == (
        f"{MAX_TAGS + 6} tags hold the item; the first {MAX_TAGS} are kept",
        "65 sources found; the first 64 are kept",
    )
    assert out.to_dict()["cuts"] == list(out.cuts)
    slot = next(s for s in out.sources if s.kind == "recipe").inputs[0]
    assert len(slot.items) == MAX_ALTERNATIVES and slot.n_items == 12 and slot.to_json()["n_items"] == 12
    problems = out.problems()
    assert list(problems.kind) == ["capped", "unresolved_ref", "capped", "capped"]  # in source and slot order
    assert list(problems.field) == ["inputs[0]", "inputs[1]", "sources", "sources"]
    assert "#t:none cannot be expanded" in problems.message.iloc[1] and problems.source_id.iloc[1] == "t:gem"
    assert "accepts 12 items; the first 8 are shown" in problems.message.iloc[0]
    assert out.to_frame().unresolved.iloc[0] == ("#t:none",)
    assert not packs.item_sources("t:gem", "recipe").truncated  # the tag cap cuts only a scope with tags
