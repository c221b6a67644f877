"""The doctor's checks (kit.items.doctor_checks): loop-only items, capped conflict rows, mentions, cycles."""

from __future__ import annotations

from kit.items.doctor_checks import MAX_CONFLICT_ROWS, blocked_slots, mention_text, strongly_connected
from tests.items.doctor_inputs import chest, lang, rows, run, shapeless


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


def test_strongly_connected_finds_cycles_and_self_loops_in_a_fixed_order():
    edges = {"d": {"c"}, "c": {"d"}, "a": {"b"}, "b": {"a", "c"}, "e": {"e"}, "f": {"a"}}
    found = strongly_connected(edges)
    assert sorted(sorted(c) for c in found) == [["a", "b"], ["c", "d"], ["e"]]
    assert strongly_connected(edges) == found  # deterministic
    assert strongly_connected({"a": {"b"}, "b": set()}) == [] and MAX_CONFLICT_ROWS == 16


def test_mention_text_groups_fields_and_counts_the_rest():
    mentions = [
        ("recipe", "t:a", "inputs[1]", "p", "a.json"),
        ("recipe", "t:a", "inputs[2]", "p", "a.json"),
        ("recipe", "t:a", "inputs[1]", "p", "a.json"),
        ("loot_table", "t:b", "pools[0]", "p", "b.json"),
        ("item_tag", "t:c", "", "p", "c.json"),
        ("recipe", "t:d", "", "p", "d.json"),
    ]
    assert (
        mention_text(mentions)
        == "recipe t:a (inputs[1], inputs[2]), loot table t:b (pools[0]), item tag t:c and 1 more"
    )
    assert mention_text(mentions[:1], limit=1) == "recipe t:a (inputs[1])" and mention_text([]) == ""


def test_a_slots_reason_is_the_same_kept_or_worked_out_again(tmp_path) -> None:
    # recipes sharing blocked slots (a tag of unobtainable items, a missing item, an undefined tag): the reasons the
    # report keeps across recipes and calls are the ones worked out for each recipe alone
    files = {
        "assets/t/lang/en_us.json": lang(*[f"t:x{k}" for k in range(5)], "t:a", "t:b", "t:c"),
        "data/t/tags/item/xs.json": {"values": [f"t:x{k}" for k in range(5)]},
        "data/t/recipe/x0.json": shapeless("t:x0", "t:x1"),  # nothing makes t:x1..x4: the tag is unobtainable
        "data/t/recipe/a.json": shapeless("t:a", "#t:xs", "t:gone"),
        "data/t/recipe/b.json": shapeless("t:b", "#t:xs", "#t:undefined"),
        "data/t/recipe/c.json": shapeless("t:c", "t:gone"),
    }
    report = run(tmp_path, files)
    missing = {i: n for i, n in report.universe.items() if n.startswith("missing")}
    alone = {
        rid: "; ".join(blocked_slots(node, report.solution, missing, report.empty_tags))
        for rid, node in report.graph.recipes.items()
    }
    kept = dict(zip(report.recipes().recipe_id, report.recipes().missing))
    assert kept == alone
    assert "#t:xs (unobtainable: t:x0, t:x1, t:x2 and 2 more)" in kept["t:a"] and "t:gone (missing item)" in kept["t:a"]
    assert "undefined tag" in kept["t:b"] and kept["t:b"].startswith("#t:xs (unobtainable")
    assert (
        report.unobtainable_reason("t:c") == "every recipe making it is blocked: recipe t:c needs t:gone (missing item)"
    )
