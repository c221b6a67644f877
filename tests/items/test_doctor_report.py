"""The pack doctor (kit.items.doctor) on small packs written by the tests, one per problem kind, and on vanilla."""

from __future__ import annotations

import pytest

import kit.items
from kit.items.doctor_report import DOCTOR_KINDS, ITEM_SCHEMA, PROBLEM_SCHEMA, RECIPE_SCHEMA, SUMMARY_SCHEMA
from tests.items.items_inputs import vanilla, write_pack


def shapeless(result: str, *ingredients: str, count: int = 1) -> dict:
    return {
        "type": "minecraft:crafting_shapeless",
        "ingredients": list(ingredients),
        "result": {"id": result, "count": count},
    }


def shaped(pattern: list[str], key: dict[str, str], result: str) -> dict:
    return {"type": "minecraft:crafting_shaped", "pattern": pattern, "key": key, "result": {"id": result}}


def smelting(ingredient: str, result: str, kind: str = "smelting") -> dict:
    return {"type": f"minecraft:{kind}", "ingredient": ingredient, "result": {"id": result}}


def chest(*items: str) -> dict:
    return {
        "type": "minecraft:chest",
        "pools": [{"rolls": 1, "entries": [{"type": "minecraft:item", "name": i} for i in items]}],
    }


def lang(*ids: str, blocks: tuple[str, ...] = ()) -> dict:
    out = {f"item.{i.replace(':', '.')}": i for i in ids}
    out.update({f"block.{b.replace(':', '.')}": b for b in blocks})
    return out


def run(tmp_path, files: dict, mods=None, **kwargs):
    packs = kit.items.load_datapacks(write_pack(tmp_path / "p", files), strict=False, mods=mods)
    return kit.items.doctor(packs, **kwargs)


def rows(report, kind: str):
    p = report.problems()
    return p[p["kind"] == kind]


CHAIN = ["t:raw", "t:i1", "t:i2", "t:i3", "t:i4", "t:i5"]


def chain_pack(with_root: bool) -> dict:
    files = {"assets/t/lang/en_us.json": lang(*CHAIN)}
    for k in range(1, 6):
        files[f"data/t/recipe/r{k}.json"] = shapeless(CHAIN[k], CHAIN[k - 1])
    if with_root:
        files["data/t/loot_table/chests/cache.json"] = chest("t:raw")
    return files


def test_an_item_five_recipes_from_a_raw_source_is_obtainable_in_five_steps(tmp_path) -> None:
    report = run(tmp_path, chain_pack(with_root=True))
    items = report.items().set_index("item_id")
    assert list(items.loc[CHAIN, "steps"]) == [0, 1, 2, 3, 4, 5]
    assert items.loc["t:raw", "how"] == "loot" and items.loc["t:i5", "how"] == "recipe"
    assert items.loc[CHAIN, "obtainable"].all()
    assert items.loc["t:i5", "example_path"] == (
        "t:raw [loot t:chests/cache] > t:i1 [t:r1] > t:i2 [t:r2] > t:i3 [t:r3] > t:i4 [t:r4] > t:i5 [t:r5]"
    )
    assert report.recipes()["craftable"].all() and not report.has_errors


def test_a_chain_broken_at_its_root_makes_every_link_unobtainable(tmp_path) -> None:
    report = run(tmp_path, chain_pack(with_root=False))
    bad = rows(report, "unobtainable_item").set_index("object_id")
    assert sorted(bad.index) == sorted(CHAIN)
    assert "no recipe makes it and no loot table drops it" in bad.loc["t:raw", "message"]
    assert "recipe t:r5 needs t:i4 (unobtainable)" in bad.loc["t:i5", "message"]
    items = report.items().set_index("item_id")
    assert not items.loc[CHAIN, "obtainable"].any() and (items.loc[CHAIN, "how"] == "").all()
    assert items.loc[CHAIN, "steps"].isna().all()
    recipes = report.recipes().set_index("recipe_id")
    assert not recipes["craftable"].any() and recipes.loc["t:r1", "missing"] == "t:raw (unobtainable)"


def test_items_whose_recipes_need_each_other_are_loop_only(tmp_path) -> None:
    files = {
        "assets/t/lang/en_us.json": lang("t:a", "t:b", "t:c", "t:dust"),
        "data/t/recipe/a.json": shapeless("t:a", "t:b"),
        "data/t/recipe/b.json": shapeless("t:b", "t:a"),
        "data/t/recipe/c.json": shapeless("t:c", "t:a", "t:dust"),
        "data/t/loot_table/chests/x.json": chest("t:dust"),
    }
    report = run(tmp_path, files)
    loops = rows(report, "loop_only_item")
    assert sorted(loops["object_id"]) == ["t:a", "t:b"]
    assert "only made by recipes that need t:b" in loops.set_index("object_id").loc["t:a", "message"]
    assert list(rows(report, "unobtainable_item")["object_id"]) == ["t:c"]  # blocked by the loop, not in it


def test_a_block_made_by_recipes_does_not_supply_itself_through_its_own_drop(tmp_path) -> None:
    files = {
        "assets/t/lang/en_us.json": lang("t:gear", blocks=("t:machine", "t:ore")),
        "data/t/recipe/machine.json": shapeless("t:machine", "t:gear"),
        "data/t/loot_table/blocks/machine.json": {
            "type": "minecraft:block",
            "pools": [{"rolls": 1, "entries": [{"type": "minecraft:item", "name": "t:machine"}]}],
        },
        "data/t/loot_table/blocks/ore.json": {
            "type": "minecraft:block",
            "pools": [{"rolls": 1, "entries": [{"type": "minecraft:item", "name": "t:ore"}]}],
        },
    }
    report = run(tmp_path, files)
    assert sorted(rows(report, "unobtainable_item")["object_id"]) == ["t:gear", "t:machine"]
    assert report.items().set_index("item_id").loc["t:ore", "how"] == "loot"  # no recipe: assumed in the world


def test_missing_items_and_blocks_without_items(tmp_path) -> None:
    files = {
        "assets/t/lang/en_us.json": lang("t:gear", blocks=("t:machine", "t:machine_wall")),
        "assets/t/models/item/machine.json": {"parent": "t:block/machine"},
        "assets/t/models/item/gear.json": {"parent": "item/generated"},
        "assets/minecraft/lang/en_us.json": lang("minecraft:stick", blocks=("minecraft:water",)),
        "data/t/recipe/gear.json": shapeless("t:gear", "t:typo_ingot"),
        "data/t/recipe/wet.json": shapeless("t:machine", "minecraft:water", "minecraft:stick"),
        "data/t/recipe/wall.json": shapeless("t:gear", "t:machine_wall"),
        "data/t/tags/item/parts.json": {"values": ["othermod:cog"]},
    }
    report = run(tmp_path, files, mods=["t"])
    missing = rows(report, "missing_item").set_index("object_id")
    assert sorted(missing.index) == ["minecraft:water", "othermod:cog", "t:machine_wall", "t:typo_ingot"]
    assert "no language key or item model in t" in missing.loc["t:typo_ingot", "message"]
    assert "recipe t:gear (inputs[0])" in missing.loc["t:typo_ingot", "message"]
    assert "block without an item (kit's table" in missing.loc["minecraft:water", "message"]
    assert "its mod ships no item model" in missing.loc["t:machine_wall", "message"]
    assert "no mod othermod is loaded" in missing.loc["othermod:cog", "message"]
    assert "item tag #t:parts" in missing.loc["othermod:cog", "message"]
    assert "othermod:cog" not in set(rows(run(tmp_path / "2", files), "missing_item")["object_id"])  # mods unknown
    items = report.items().set_index("item_id")
    assert "t:machine" in items.index and not items.loc["t:typo_ingot", "obtainable"]
    assert items.loc["t:typo_ingot", "reason"].startswith("no loaded pack or mod defines t:typo_ingot")
    assert "t:typo_ingot" not in set(rows(report, "unobtainable_item")["object_id"])  # missing, not also unobtainable


def test_undefined_failed_and_empty_tags(tmp_path) -> None:
    files = {
        "assets/t/lang/en_us.json": lang("t:a", "t:b", "t:c", "t:d"),
        "data/t/recipe/a.json": shapeless("t:a", "#t:nothing"),
        "data/t/recipe/b.json": shapeless("t:b", "#t:broken"),
        "data/t/recipe/c.json": shapeless("t:c", "#t:empty"),
        "data/t/tags/item/broken.json": {"values": ["t:d", "#forge:storage_blocks/netherite"]},
        "data/t/tags/item/empty.json": {"values": []},
    }
    report = run(tmp_path, files)
    undefined = rows(report, "undefined_tag").set_index("object_id")
    assert sorted(undefined.index) == ["t:broken", "t:nothing"]
    assert (
        "failed to load (references missing tag #forge:storage_blocks/netherite)"
        in undefined.loc["t:broken", "message"]
    )
    assert (undefined["severity"] == "error").all() and (undefined["field"] == "inputs[0]").all()
    empty = rows(report, "empty_tag")
    assert list(empty["object_id"]) == ["t:empty"] and list(empty["severity"]) == ["warning"]
    recipes = report.recipes().set_index("recipe_id")
    assert "undefined tag" in recipes.loc["t:a", "missing"] and recipes.loc["t:c", "missing"] == "#t:empty (empty tag)"


def test_recipe_conflicts_follow_the_games_matching_rules(tmp_path) -> None:
    files = {
        "assets/t/lang/en_us.json": lang(*[f"t:{x}" for x in "abcdefghxyz"]) | lang("t:raw1", "t:raw2"),
        "data/t/loot_table/chests/x.json": chest("t:a", "t:b", "t:c", "t:raw1", "t:raw2"),
        "data/t/tags/item/ab.json": {"values": ["t:a", "t:b"]},
        # mirrored shaped patterns: L-shape and its mirror image
        "data/t/recipe/left.json": shaped(["a ", "aa"], {"a": "t:a"}, "t:x"),
        "data/t/recipe/right.json": shaped([" a", "aa"], {"a": "t:a"}, "t:y"),
        # a different shape does not conflict
        "data/t/recipe/line.json": shaped(["aaa"], {"a": "t:a"}, "t:z"),
        # shapeless multisets in another order, through a tag
        "data/t/recipe/mix1.json": shapeless("t:d", "t:a", "t:c"),
        "data/t/recipe/mix2.json": shapeless("t:e", "t:c", "#t:ab"),
        # same inputs and same result: a duplicate, not a conflict
        "data/t/recipe/mix3.json": shapeless("t:e", "t:c", "#t:ab"),
        # smelting family: same type conflicts, blasting is its own type
        "data/t/recipe/s1.json": smelting("t:raw1", "t:f"),
        "data/t/recipe/s2.json": smelting("#t:ab", "t:g"),
        "data/t/recipe/s3.json": smelting("t:a", "t:h"),
        "data/t/recipe/b1.json": smelting("t:raw1", "t:h", "blasting"),
    }
    report = run(tmp_path, files)
    pairs = {(r.object_id, r.related_id): r.message for r in rows(report, "recipe_conflict").itertuples()}
    assert set(pairs) == {("t:left", "t:right"), ("t:mix1", "t:mix2"), ("t:mix1", "t:mix3"), ("t:s2", "t:s3")}
    assert "(mirrored)" in pairs[("t:left", "t:right")] and "t:x and t:y" in pairs[("t:left", "t:right")]
    assert "in any order" in pairs[("t:mix1", "t:mix2")]
    assert "minecraft:smelting" in pairs[("t:s2", "t:s3")]


def test_code_and_creative_items_and_extending_the_table(tmp_path) -> None:
    files = {
        "assets/minecraft/lang/en_us.json": lang("minecraft:elytra", "minecraft:debug_stick"),
        "assets/t/lang/en_us.json": lang("t:spirit", "t:relic"),
    }
    report = run(tmp_path, files, sources={"t:spirit": ("code", "a ritual in the mod's code"), "t:relic": "creative"})
    items = report.items().set_index("item_id")
    assert (items.loc["minecraft:elytra", "how"], items.loc["minecraft:elytra", "obtainable"]) == ("code", True)
    assert (items.loc["minecraft:debug_stick", "how"], items.loc["minecraft:debug_stick", "obtainable"]) == (
        "creative",
        False,
    )
    assert items.loc["t:spirit", "reason"] == "a ritual in the mod's code" and items.loc["t:spirit", "steps"] == 0
    assert items.loc["t:relic", "how"] == "creative"
    assert len(report.problems()) == 0  # creative items get no problem row
    with pytest.raises(kit.InvalidParameterError, match="code, creative"):
        run(tmp_path / "2", files, sources={"t:relic": "magic"})
    table = kit.items.doctor_sources()
    assert {"code", "creative"} == set(table["how"]) and "minecraft:elytra" in set(table["item_id"])


def test_a_loot_table_rolling_a_missing_table(tmp_path) -> None:
    files = {
        "data/t/loot_table/chests/x.json": {
            "type": "minecraft:chest",
            "pools": [{"rolls": 1, "entries": [{"type": "minecraft:loot_table", "value": "t:chests/gone"}]}],
        }
    }
    found = rows(run(tmp_path, files), "missing_loot_table")
    assert list(found["object_id"]) == ["t:chests/x"] and "t:chests/gone" in found.iloc[0]["message"]


def test_frames_have_their_documented_columns_also_when_empty(tmp_path) -> None:
    report = run(tmp_path, {"data/t/tags/item/x.json": {"values": []}})
    assert dict(report.items().dtypes.astype(str)) == {
        k: str(v) for k, v in kit.core.frames.frame(ITEM_SCHEMA).dtypes.items()
    }
    assert list(report.recipes().columns) == list(RECIPE_SCHEMA) == ["recipe_id", "type", "craftable", "missing"]
    assert list(report.problems().columns) == list(PROBLEM_SCHEMA)
    summary = report.summary()
    assert list(summary.columns) == list(SUMMARY_SCHEMA) and list(summary["kind"]) == list(DOCTOR_KINDS)
    assert summary["n_problems"].sum() == 0


def test_vanilla_alone_comes_out_clean() -> None:
    report = kit.items.doctor(kit.items.load_datapacks(vanilla("1.21.3"), strict=False))
    assert len(report.problems()) == 0, report.problems().head(10).to_string()
    items = report.items().set_index("item_id")
    common = [
        "minecraft:stick",
        "minecraft:iron_ingot",
        "minecraft:diamond_pickaxe",
        "minecraft:beacon",
        "minecraft:netherite_sword",
        "minecraft:ender_eye",
        "minecraft:firework_rocket",
        "minecraft:elytra",
        "minecraft:potion",
        "minecraft:oak_log",
        "minecraft:cake",
        "minecraft:enchanting_table",
    ]
    assert items.loc[common, "obtainable"].all()
    assert items.loc["minecraft:bedrock", "how"] == "creative"
    assert (items["how"] != "").all()  # every known vanilla item is obtainable or creative-only
    assert "minecraft:water" not in items.index and "minecraft:potted_cactus" not in items.index


def test_conflict_rows_are_capped_per_recipe_with_the_exact_count(tmp_path) -> None:
    files = {
        "assets/t/lang/en_us.json": lang("t:dust", *[f"t:out{k:02d}" for k in range(20)]),
        "data/t/loot_table/chests/x.json": chest("t:dust"),
    }
    files.update({f"data/t/recipe/r{k:02d}.json": shapeless(f"t:out{k:02d}", "t:dust") for k in range(20)})
    found = rows(run(tmp_path, files), "recipe_conflict")
    first = found[found["object_id"] == "t:r00"]
    assert len(first) == 16 and list(first["related_id"]) == [f"t:r{k:02d}" for k in range(1, 17)]
    assert "conflicts with 19 recipes in all" in first.iloc[-1]["message"]
    assert len(found) == sum(min(16, 19 - k) for k in range(20))


def test_capped_conflict_rows_name_the_smallest_partner_ids_whatever_the_set_order() -> None:
    from kit.items.doctor_conflicts import find_conflicts
    from kit.items.doctor_graph import RecipeNode

    def node(rid: str, items: tuple[str, ...], out: str) -> RecipeNode:
        slot = frozenset(items)
        return RecipeNode(
            rid,
            "minecraft:crafting_shapeless",
            "shapeless",
            (slot,),
            ("|".join(items),),
            ((),),
            (out,),
            ((out, 1),),
            0,
            (slot,),
            "p",
            f"{rid}.json",
        )

    # t:a accepts 40 items; each other recipe one of them: t:a finds its partners in the set's (hash) order
    parts = tuple(f"t:x{k:02d}" for k in range(40))
    nodes = {"t:a": node("t:a", parts, "t:out")}
    nodes.update({f"t:b{k:02d}": node(f"t:b{k:02d}", (parts[k],), f"t:o{k:02d}") for k in range(40)})
    conflicts, counts = find_conflicts(nodes, cap=16)
    assert [c.second for c in conflicts if c.first == "t:a"] == [f"t:b{k:02d}" for k in range(16)]
    assert counts["t:a"] == 40
