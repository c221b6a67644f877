"""Exact loot expectations: the worked examples of the formats note, synthetic rules, and the sampler check."""

from __future__ import annotations

import math

import pytest

import kit.items
from tests.items.items_inputs import SAMPLED, WORKED_EXAMPLES, vanilla, write_pack


@pytest.fixture(scope="module")
def packs():
    return kit.items.load_datapacks(vanilla("1.21.3"))


@pytest.mark.parametrize("table, context, expected", WORKED_EXAMPLES, ids=[f"{t}-{c}" for t, c, _ in WORKED_EXAMPLES])
def test_worked_examples(packs, table, context, expected):
    df = packs.loot_expectations(table=f"minecraft:{table}", **context).set_index("item_id")
    for item, value in expected.items():
        row = df.loc[f"minecraft:{item}"]
        assert row.expected_count == pytest.approx(value, abs=6e-5), item
        assert bool(row.is_exact)


def test_fishing_pick_probabilities_follow_luck(packs):
    # junk w10 q-2, treasure w5 q+2 (open water), fish w85 q-1; luck 3 -> 4/97, 11/97, 82/97
    df = packs.loot_expectations(table="minecraft:gameplay/fishing", luck=3.0, open_water=True).set_index("item_id")
    fish = packs.loot_expectations(table="minecraft:gameplay/fishing/fish").set_index("item_id")
    assert df.loc["minecraft:cod", "expected_count"] == pytest.approx(
        82 / 97 * fish.loc["minecraft:cod", "expected_count"]
    )
    treasure = packs.loot_expectations(table="minecraft:gameplay/fishing/treasure").set_index("item_id")
    assert df.loc["minecraft:saddle", "expected_count"] == pytest.approx(
        11 / 97 * treasure.loc["minecraft:saddle", "expected_count"]
    )
    closed = packs.loot_expectations(table="minecraft:gameplay/fishing").set_index("item_id")
    assert closed.loc["minecraft:saddle", "expected_count"] == 0.0


def test_chance_of_at_least_one_examples(packs):
    df = packs.loot_expectations(table="minecraft:entities/wither_skeleton").set_index("item_id")
    assert df.loc["minecraft:bone", "p_at_least_one"] == pytest.approx(2 / 3)
    assert df.loc["minecraft:coal", "p_at_least_one"] == pytest.approx(1 / 3)
    assert df.loc["minecraft:wither_skeleton_skull", "p_at_least_one"] == pytest.approx(0.025)


def test_context_switches_change_conditions(packs):
    leaves = packs.loot_expectations(table="minecraft:blocks/oak_leaves", shears=True).set_index("item_id")
    assert leaves.loc["minecraft:oak_leaves", "expected_count"] == 1.0
    assert leaves.loc["minecraft:stick", "expected_count"] == 0.0
    ore = packs.loot_expectations(table="minecraft:blocks/diamond_ore", silk_touch=True).set_index("item_id")
    assert ore.loc["minecraft:diamond_ore", "expected_count"] == 1.0
    assert ore.loc["minecraft:diamond", "expected_count"] == 0.0
    zombie = packs.loot_expectations(table="minecraft:entities/zombie", killed_by_player=False).set_index("item_id")
    assert zombie.loc["minecraft:iron_ingot", "expected_count"] == 0.0
    unripe = packs.loot_expectations(table="minecraft:blocks/wheat", block_state_matches=False).set_index("item_id")
    assert unripe.loc["minecraft:wheat", "expected_count"] == 0.0
    assert unripe.loc["minecraft:wheat_seeds", "expected_count"] == 1.0


def test_all_tables_have_documented_columns_and_sane_values(packs):
    df = packs.loot_expectations()
    assert list(df.columns) == ["loot_table_id", "item_id", "expected_count", "p_at_least_one", "is_exact"]
    assert df.loot_table_id.nunique() > 1000
    assert (df.p_at_least_one.between(-1e-12, 1 + 1e-12)).all()
    assert (df.expected_count >= -1e-12).all()
    assert (df.expected_count + 1e-9 >= df.p_at_least_one).all()
    assert df.is_exact.mean() > 0.9
    assert df.equals(df.sort_values(["loot_table_id", "item_id"]).reset_index(drop=True))


def test_dynamic_entries_make_their_pool_inexact(packs):
    pot = packs.loot_expectations(table="minecraft:blocks/decorated_pot").set_index("item_id")
    assert pot.loc["minecraft:decorated_pot", "expected_count"] == 0.0  # a cracked pot gives its sherds
    assert not pot.loc["minecraft:decorated_pot", "is_exact"]
    whole = packs.loot_expectations(table="minecraft:blocks/decorated_pot", block_state_matches=False)
    assert whole.set_index("item_id").loc["minecraft:decorated_pot", "expected_count"] == 1.0
    assert whole.is_exact.all()


def test_unknown_table_and_bad_parameters(packs):
    with pytest.raises(kit.items.UnknownLootTableError, match="minecraft:nope"):
        packs.loot_expectations(table="minecraft:nope")
    with pytest.raises(ValueError, match="'looting' parameter .* Got -1 instead"):
        packs.loot_expectations(looting=-1)


@pytest.mark.parametrize("table, context", SAMPLED, ids=[t for t, _ in SAMPLED])
def test_sampler_confirms_exact_figures(packs, table, context):
    n = 6000
    exact = packs.loot_expectations(table=f"minecraft:{table}", **context).set_index("item_id")
    sampled = packs.sample_loot(f"minecraft:{table}", n, seed=7, **context).set_index("item_id")
    for item, row in exact.iterrows():
        mean = sampled.mean_count.get(item, 0.0)
        std = sampled.std_count.get(item, 0.0)
        p_hat = sampled.p_at_least_one.get(item, 0.0)
        se = max(std, math.sqrt(max(row.expected_count, 1e-4))) / math.sqrt(n)
        assert abs(mean - row.expected_count) < 5 * se + 1e-9, (item, mean, row.expected_count)
        se_p = math.sqrt(max(row.p_at_least_one * (1 - row.p_at_least_one), 1e-4) / n)
        assert abs(p_hat - row.p_at_least_one) < 5 * se_p + 1e-9, (item, p_hat, row.p_at_least_one)
    assert set(sampled.index) <= set(exact.index)


# ---------------------------------------------------------------- synthetic tables for single rules


def _one_table(tmp_path, table: dict, extra: dict | None = None, **context):
    files = {"data/t/loot_table/x.json": table, **(extra or {})}
    packs = kit.items.load_datapacks(write_pack(tmp_path / "p", files))
    return packs.loot_expectations(table="t:x", **context).set_index("item_id")


def _pool(entries, rolls=1, **extra):
    return {"pools": [{"rolls": rolls, "entries": entries, **extra}]}


def test_random_conditions_are_averaged_over_candidate_sets(tmp_path):
    # note 3.1: A (w1) and B (w3, random_chance 0.5) -> 0.625 / 0.375, not 0.4 / 0.6
    df = _one_table(
        tmp_path,
        _pool(
            [
                {"type": "item", "name": "t:a"},
                {
                    "type": "item",
                    "name": "t:b",
                    "weight": 3,
                    "conditions": [{"condition": "random_chance", "chance": 0.5}],
                },
            ]
        ),
    )
    assert df.loc["t:a", "expected_count"] == pytest.approx(0.625)
    assert df.loc["t:b", "expected_count"] == pytest.approx(0.375)


def test_alternatives_group_sequence(tmp_path):
    rc = [{"condition": "minecraft:random_chance", "chance": 0.25}]
    df = _one_table(
        tmp_path,
        {
            "pools": [
                {
                    "rolls": 1,
                    "entries": [
                        {
                            "type": "alternatives",
                            "children": [
                                {"type": "item", "name": "t:first", "conditions": rc},
                                {"type": "item", "name": "t:second"},
                            ],
                        }
                    ],
                },
                {
                    "rolls": 2,
                    "entries": [
                        {
                            "type": "group",
                            "children": [
                                {"type": "item", "name": "t:g1"},
                                {"type": "item", "name": "t:g2", "weight": 3},
                            ],
                        }
                    ],
                },
                {
                    "rolls": 1,
                    "entries": [
                        {
                            "type": "sequence",
                            "children": [
                                {"type": "item", "name": "t:s1"},
                                {"type": "item", "name": "t:s2", "conditions": rc},
                                {"type": "item", "name": "t:s3"},
                            ],
                        }
                    ],
                },
            ]
        },
    )
    assert df.loc["t:first", "expected_count"] == pytest.approx(0.25)
    assert df.loc["t:second", "expected_count"] == pytest.approx(0.75)
    assert df.loc["t:g1", "expected_count"] == pytest.approx(2 * 0.25)
    assert df.loc["t:g2", "expected_count"] == pytest.approx(2 * 0.75)
    # sequence: s1 always; s2,s3 only when s2 passes -> P(s1) = .75*1 + .25/3
    assert df.loc["t:s1", "expected_count"] == pytest.approx(0.75 + 0.25 / 3)
    assert df.loc["t:s3", "expected_count"] == pytest.approx(0.25 / 3)


def test_counts_uniform_binomial_add_limit_and_nonpositive(tmp_path):
    def item(name, *functions):
        return {"pools": [{"rolls": 1, "entries": [{"type": "item", "name": name, "functions": list(functions)}]}]}

    table = {
        "pools": [
            item("t:u", {"function": "set_count", "count": {"type": "uniform", "min": -2, "max": 2}})["pools"][0],
            item(
                "t:b",
                {"function": "set_count", "count": {"type": "binomial", "n": 10, "p": 0.3}},
                {"function": "set_count", "count": 2, "add": True},
            )["pools"][0],
            item(
                "t:l",
                {"function": "set_count", "count": {"type": "uniform", "min": 1, "max": 6}},
                {"function": "limit_count", "limit": {"max": 3}},
            )["pools"][0],
            item("t:c", {"function": "set_count", "count": 0.5})["pools"][0],
        ]
    }
    df = _one_table(tmp_path, table)
    assert df.loc["t:u", "expected_count"] == pytest.approx(3 / 5)  # values -2..2 -> 0,0,0,1,2
    assert df.loc["t:u", "p_at_least_one"] == pytest.approx(2 / 5)
    assert df.loc["t:b", "expected_count"] == pytest.approx(5.0)
    assert df.loc["t:l", "expected_count"] == pytest.approx((1 + 2 + 3 + 3 + 3 + 3) / 6)
    assert df.loc["t:c", "expected_count"] == pytest.approx(1.0)  # Java Math.round(0.5) = 1


def test_apply_bonus_formulas(tmp_path):
    def entry(name, formula, **params):
        f = {"function": "apply_bonus", "enchantment": "minecraft:fortune", "formula": formula}
        if params:
            f["parameters"] = params
        return {"rolls": 1, "entries": [{"type": "item", "name": name, "functions": [f]}]}

    table = {
        "pools": [
            entry("t:ore", "minecraft:ore_drops"),
            entry("t:uni", "minecraft:uniform_bonus_count", bonusMultiplier=2),
            entry("t:bin", "minecraft:binomial_with_bonus_count", extra=3, probability=0.5),
        ]
    }
    df = _one_table(tmp_path, table, fortune=2)
    assert df.loc["t:ore", "expected_count"] == pytest.approx((1 + 1 + 2 + 3) / 4)
    assert df.loc["t:uni", "expected_count"] == pytest.approx(1 + 2)  # + uniform 0..4
    assert df.loc["t:bin", "expected_count"] == pytest.approx(1 + 5 * 0.5)


def test_rolls_bonus_rolls_and_quality(tmp_path):
    table = {
        "pools": [
            {
                "rolls": {"type": "uniform", "min": 1, "max": 3},
                "bonus_rolls": 1.0,
                "entries": [
                    {"type": "item", "name": "t:a", "weight": 1, "quality": 2},
                    {"type": "item", "name": "t:b", "weight": 4, "quality": -3},
                ],
            }
        ]
    }
    df = _one_table(tmp_path, table, luck=1.0)
    # rolls 2 + floor(1*1) = 3 on average; weights 3 and 1
    assert df.loc["t:a", "expected_count"] == pytest.approx(3 * 3 / 4)
    assert df.loc["t:b", "expected_count"] == pytest.approx(3 * 1 / 4)
    p_none_a = sum((1 / 3) * (1 / 4) ** r for r in (2, 3, 4))
    assert df.loc["t:a", "p_at_least_one"] == pytest.approx(1 - p_none_a)


def test_tag_entries_with_and_without_expand(tmp_path):
    tag = {"data/t/tags/item/gems.json": {"values": ["t:ruby", "t:opal", "t:jade"]}}
    df = _one_table(
        tmp_path, _pool([{"type": "tag", "name": "t:gems", "expand": False}, {"type": "item", "name": "t:rock"}]), tag
    )
    for gem in ("t:ruby", "t:opal", "t:jade"):
        assert df.loc[gem, "expected_count"] == pytest.approx(0.5)
    df = _one_table(
        tmp_path / "b",
        _pool([{"type": "tag", "name": "t:gems", "expand": True}, {"type": "item", "name": "t:rock"}]),
        tag,
    )
    for gem in ("t:ruby", "t:opal", "t:jade"):
        assert df.loc[gem, "expected_count"] == pytest.approx(0.25)
    assert df.loc["t:rock", "expected_count"] == pytest.approx(0.25)


def test_nested_tables_recursive_and_cycles(tmp_path):
    files = {
        "data/t/loot_table/x.json": _pool(
            [{"type": "loot_table", "value": "t:inner", "weight": 1}, {"type": "empty", "weight": 1}], rolls=2
        ),
        "data/t/loot_table/inner.json": _pool([{"type": "item", "name": "t:gem"}]),
        "data/t/loot_table/loop_a.json": _pool(
            [{"type": "loot_table", "value": "t:loop_b"}, {"type": "item", "name": "t:a"}]
        ),
        "data/t/loot_table/loop_b.json": _pool([{"type": "loot_table", "value": "t:loop_a"}]),
        "data/t/loot_table/dyn.json": _pool(
            [
                {"type": "dynamic", "name": "minecraft:contents"},
                {
                    "type": "item",
                    "name": "t:a",
                    "functions": [
                        {"function": "set_count", "count": {"type": "score", "target": "this", "score": "s"}}
                    ],
                },
            ]
        ),
    }
    packs = kit.items.load_datapacks(write_pack(tmp_path / "p", files))
    df = packs.loot_expectations().set_index(["loot_table_id", "item_id"])
    assert df.loc[("t:x", "t:gem"), "expected_count"] == pytest.approx(1.0)
    assert df.loc[("t:x", "t:gem"), "p_at_least_one"] == pytest.approx(0.75)
    assert df.loc[("t:loop_a", "t:a"), "expected_count"] == pytest.approx(0.5)  # the loop is cut once
    assert not df.loc[("t:loop_a", "t:a"), "is_exact"]
    assert df.loc[("t:loop_b", "t:a"), "expected_count"] == pytest.approx(0.5)
    assert not df.loc[("t:loop_b", "t:a"), "is_exact"]
    assert not df.loc[("t:dyn", "t:a"), "is_exact"]
    assert df.loc[("t:dyn", "t:a"), "expected_count"] == pytest.approx(0.5)
    assert df.loc[("t:x", "t:gem"), "is_exact"]


def test_empty_result_keeps_columns(tmp_path):
    packs = kit.items.load_datapacks(
        write_pack(
            tmp_path / "p",
            {
                "data/t/recipe/r.json": {
                    "type": "minecraft:crafting_shapeless",
                    "ingredients": ["t:a"],
                    "result": {"id": "t:b"},
                }
            },
        )
    )
    df = packs.loot_expectations()
    assert list(df.columns) == ["loot_table_id", "item_id", "expected_count", "p_at_least_one", "is_exact"]
    assert len(df) == 0 and str(df.expected_count.dtype) == "float64"


def _random_table(rng) -> dict:
    """A small random table mixing composites, random conditions, weights, quality and count functions."""

    def cond():
        return (
            [{"condition": "minecraft:random_chance", "chance": round(rng.uniform(0.1, 0.9), 2)}]
            if rng.random() < 0.4
            else []
        )

    def leaf(k):
        functions = []
        if rng.random() < 0.5:
            lo = rng.randint(-1, 2)
            functions.append(
                {"function": "set_count", "count": {"type": "uniform", "min": lo, "max": lo + rng.randint(0, 3)}}
            )
        if rng.random() < 0.3:
            functions.append(
                {
                    "function": "enchanted_count_increase",
                    "enchantment": "minecraft:looting",
                    "count": {"type": "uniform", "min": 0, "max": 1},
                }
            )
        if rng.random() < 0.2:
            functions.append({"function": "limit_count", "limit": {"max": 2}})
        return {
            "type": "item",
            "name": f"t:i{k}",
            "weight": rng.randint(1, 5),
            "quality": rng.randint(-1, 1),
            "conditions": cond(),
            "functions": functions,
        }

    pools = []
    k = 0
    for _ in range(rng.randint(1, 3)):
        entries = []
        for _ in range(rng.randint(1, 4)):
            if rng.random() < 0.35:
                children = []
                for _ in range(rng.randint(2, 3)):
                    children.append(leaf(k))
                    k += 1
                entries.append(
                    {
                        "type": rng.choice(["alternatives", "group", "sequence"]),
                        "children": children,
                        "conditions": cond(),
                    }
                )
            else:
                entries.append(leaf(k))
                k += 1
        pools.append(
            {
                "rolls": {"type": "uniform", "min": 1, "max": rng.randint(1, 3)},
                "bonus_rolls": 1,
                "entries": entries,
                "conditions": cond(),
            }
        )
    return {"pools": pools}


def test_exact_matches_sampler_on_random_synthetic_tables(tmp_path):
    import random

    rng = random.Random(2024)
    files = {f"data/t/loot_table/r{n}.json": _random_table(rng) for n in range(8)}
    packs = kit.items.load_datapacks(write_pack(tmp_path / "p", files))
    n = 4000
    for table in sorted(files):
        tid = "t:" + table.split("/")[-1][:-5]
        exact = packs.loot_expectations(table=tid, looting=2, luck=1.0).set_index("item_id")
        sampled = packs.sample_loot(tid, n, seed=11, looting=2, luck=1.0).set_index("item_id")
        assert exact.is_exact.all()
        for item, row in exact.iterrows():
            mean, std = sampled.mean_count.get(item, 0.0), sampled.std_count.get(item, 0.0)
            se = max(std, 0.05) / math.sqrt(n)
            assert abs(mean - row.expected_count) < 5 * se, (tid, item, mean, row.expected_count)
            p_hat = sampled.p_at_least_one.get(item, 0.0)
            se_p = math.sqrt(max(row.p_at_least_one * (1 - row.p_at_least_one), 2e-3) / n)
            assert abs(p_hat - row.p_at_least_one) < 5 * se_p, (tid, item, p_hat, row.p_at_least_one)


@pytest.mark.parametrize("version", ["1.21.1", "1.18.1"])
def test_worked_examples_on_older_sets(version):
    # 1.18.1 writes looting_enchant, random_chance_with_looting, the 'alternative' condition, old match_tool
    # predicates and {"fishing_hook": {...}}; 1.21.1 the 1.21 names. The figures of section 3.4 hold for both.
    packs = kit.items.load_datapacks(vanilla(version))
    for table, context, expected in WORKED_EXAMPLES:
        df = packs.loot_expectations(table=f"minecraft:{table}", **context).set_index("item_id")
        for item, value in expected.items():
            row = df.loc[f"minecraft:{item}"]
            assert row.expected_count == pytest.approx(value, abs=6e-5), (version, table, item)
            assert bool(row.is_exact), (version, table, item)


def test_score_providers_and_unknown_conditions_are_inexact(tmp_path):
    score = {"type": "minecraft:score", "target": "this", "score": "s"}
    files = {
        "data/t/loot_table/count.json": _pool(
            [
                {"type": "item", "name": "t:scored", "functions": [{"function": "set_count", "count": score}]},
                {"type": "item", "name": "t:plain"},
            ]
        ),
        "data/t/loot_table/rolls.json": _pool([{"type": "item", "name": "t:a"}], rolls=score),
        "data/t/loot_table/where.json": _pool(
            [
                {
                    "type": "item",
                    "name": "t:jungle",
                    "conditions": [
                        {"condition": "minecraft:location_check", "predicate": {"biomes": "minecraft:jungle"}}
                    ],
                },
                {"type": "item", "name": "t:b"},
            ]
        ),
        "data/t/loot_table/fn.json": _pool(
            [{"type": "item", "name": "t:c", "functions": [{"function": "othermod:double_it"}]}]
        ),
    }
    packs = kit.items.load_datapacks(write_pack(tmp_path / "p", files))
    df = packs.loot_expectations().set_index(["loot_table_id", "item_id"])
    assert not df.loc[("t:count", "t:scored"), "is_exact"]
    assert df.loc[("t:count", "t:plain"), "is_exact"] and df.loc[("t:count", "t:plain"), "expected_count"] == 0.5
    assert not df.loc[("t:rolls", "t:a"), "is_exact"]
    assert not df.loc[("t:where", "t:jungle"), "is_exact"] and not df.loc[("t:where", "t:b"), "is_exact"]
    assert df.loc[("t:where", "t:jungle"), "expected_count"] == 0.0  # an unknown condition is taken as failing
    assert not df.loc[("t:fn", "t:c"), "is_exact"]


def test_explosions_and_enchanted_count_limit(tmp_path):
    table = {
        "pools": [
            {
                "rolls": 1,
                "entries": [
                    {
                        "type": "item",
                        "name": "t:decay",
                        "functions": [{"function": "set_count", "count": 4}, {"function": "explosion_decay"}],
                    }
                ],
            },
            {
                "rolls": 1,
                "conditions": [{"condition": "survives_explosion"}],
                "entries": [{"type": "item", "name": "t:fragile"}],
            },
            {
                "rolls": 1,
                "entries": [
                    {
                        "type": "item",
                        "name": "t:loot",
                        "functions": [
                            {
                                "function": "enchanted_count_increase",
                                "enchantment": "minecraft:looting",
                                "count": {"type": "uniform", "min": 0, "max": 1},
                                "limit": 2,
                            }
                        ],
                    }
                ],
            },
        ]
    }
    calm = _one_table(tmp_path / "a", table)
    assert calm.loc["t:decay", "expected_count"] == 4.0 and calm.loc["t:fragile", "expected_count"] == 1.0
    boom = _one_table(tmp_path / "b", table, explosion=True, looting=3)  # radius 4
    assert boom.loc["t:decay", "expected_count"] == pytest.approx(1.0)
    assert boom.loc["t:decay", "p_at_least_one"] == pytest.approx(1 - 0.75**4)
    assert boom.loc["t:fragile", "expected_count"] == pytest.approx(0.25)
    # note 3.2: looting III adds 0/1/2/3 with 1/6, 1/3, 1/3, 1/6; 1 + that, limited to 2 -> 1/6 * 1 + 5/6 * 2
    assert boom.loc["t:loot", "expected_count"] == pytest.approx(1 / 6 + 2 * 5 / 6)
    assert boom.is_exact.all()


def test_enchantment_conditions_and_combinators(tmp_path):
    def item(name, *conditions):
        return {"rolls": 1, "entries": [{"type": "item", "name": name, "conditions": list(conditions)}]}

    rc = {"condition": "random_chance", "chance": 0.5}
    table = {
        "pools": [
            item(
                "t:bonus", {"condition": "table_bonus", "enchantment": "minecraft:fortune", "chances": [0.1, 0.2, 0.5]}
            ),
            item(
                "t:ench",
                {
                    "condition": "random_chance_with_enchanted_bonus",
                    "enchantment": "minecraft:looting",
                    "unenchanted_chance": 0.2,
                    "enchanted_chance": {"type": "linear", "base": 0.3, "per_level_above_first": 0.1},
                },
            ),
            item("t:any", {"condition": "any_of", "terms": [rc, rc]}),
            item("t:all", {"condition": "all_of", "terms": [rc, {"condition": "killed_by_player"}]}),
            item("t:not", {"condition": "inverted", "term": {"condition": "killed_by_player"}}),
            item(
                "t:tool",
                {
                    "condition": "match_tool",
                    "predicate": {
                        "predicates": {
                            "minecraft:enchantments": [{"enchantments": "minecraft:silk_touch", "levels": {"min": 1}}]
                        }
                    },
                },
            ),
        ]
    }
    plain = _one_table(tmp_path / "a", table)
    assert plain.loc["t:bonus", "expected_count"] == pytest.approx(0.1)
    assert plain.loc["t:ench", "expected_count"] == pytest.approx(0.2)
    assert plain.loc["t:any", "expected_count"] == pytest.approx(0.75)
    assert plain.loc["t:all", "expected_count"] == pytest.approx(0.5)
    assert plain.loc["t:not", "expected_count"] == 0.0 and plain.loc["t:tool", "expected_count"] == 0.0
    rich = _one_table(tmp_path / "b", table, fortune=5, looting=3, silk_touch=True, killed_by_player=False)
    assert rich.loc["t:bonus", "expected_count"] == pytest.approx(0.5)  # level past the list: the last chance
    assert rich.loc["t:ench", "expected_count"] == pytest.approx(0.5)  # 0.3 + 0.1 * (3 - 1)
    assert rich.loc["t:all", "expected_count"] == 0.0 and rich.loc["t:not", "expected_count"] == 1.0
    assert rich.loc["t:tool", "expected_count"] == 1.0
    assert plain.is_exact.all() and rich.is_exact.all()
