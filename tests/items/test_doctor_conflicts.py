"""Recipe conflicts (kit.items.doctor_conflicts): the game's matching rules, and capped partner lists."""

from __future__ import annotations

from tests.items.doctor_inputs import chest, lang, rows, run, shaped, shapeless, smelting


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
