"""The Monte-Carlo loot sampler (kit.items.loot_sampler): literal rolls, seeds, context, and refusals naming the table.

Its agreement with the exact figures on vanilla and random tables is tested in test_loot_exact.py.
"""

from __future__ import annotations

import pytest

import kit.items
from kit.items import LootSamplingError
from kit.items.loot_context import LootContext
from kit.items.loot_sampler import MAX_SAMPLED_LOOP, SAMPLE_SCHEMA, LootSampler
from tests.items.items_inputs import write_pack


def _item(name: str, **extra) -> dict:
    return {"type": "minecraft:item", "name": name, **extra}


TABLES = {
    "data/t/loot_table/fixed.json": {
        "pools": [
            {
                "rolls": 2,
                "entries": [_item("t:a", functions=[{"function": "set_count", "count": 3}])],
            }
        ]
    },
    "data/t/loot_table/outer.json": {
        "pools": [
            {"rolls": 1, "entries": [{"type": "minecraft:loot_table", "value": "t:fixed"}]},
            {"rolls": 1, "entries": [{"type": "minecraft:tag", "name": "t:pair", "expand": False}]},
        ]
    },
    "data/t/loot_table/player.json": {
        "pools": [{"rolls": 1, "conditions": [{"condition": "killed_by_player"}], "entries": [_item("t:rare")]}]
    },
    "data/t/loot_table/coin.json": {"pools": [{"rolls": 1, "entries": [_item("t:h"), _item("t:t")]}]},
    "data/t/loot_table/score.json": {
        "pools": [{"rolls": {"type": "minecraft:score", "target": "this", "score": "x"}, "entries": [_item("t:a")]}]
    },
    "data/t/loot_table/many.json": {"pools": [{"rolls": MAX_SAMPLED_LOOP + 1, "entries": [_item("t:a")]}]},
    "data/t/tags/item/pair.json": {"values": ["t:x", "t:y"]},
}


@pytest.fixture(scope="module")
def packs(tmp_path_factory):
    return kit.items.load_datapacks(write_pack(tmp_path_factory.mktemp("loot") / "p", TABLES), strict=False)


DEFAULT = LootContext()


def _sampler(packs, ctx=DEFAULT, seed=0) -> LootSampler:
    tables = {t: packs.loot_table(t) for t in packs.loot_tables()["loot_table_id"]}
    return LootSampler(tables, packs.tag_items, ctx, seed=seed)


def test_rolls_follow_rolls_counts_nested_tables_and_tags(packs):
    sampler = _sampler(packs)
    assert sampler.roll("t:fixed") == {"t:a": 6}
    assert sampler.roll("t:outer") == {"t:a": 6, "t:x": 1, "t:y": 1}  # a tag entry without expand: every item


def test_the_same_seed_gives_the_same_draws(packs):
    one = _sampler(packs, seed=5).sample("t:coin", 200).to_dict("records")
    assert _sampler(packs, seed=5).sample("t:coin", 200).to_dict("records") == one
    assert _sampler(packs, seed=6).sample("t:coin", 200).to_dict("records") != one
    frame = _sampler(packs, seed=5).sample("t:coin", 200)
    assert list(frame.columns) == list(SAMPLE_SCHEMA) and frame["item_id"].tolist() == ["t:h", "t:t"]
    assert frame["p_at_least_one"].sum() == pytest.approx(1.0) and (frame["n_draws"] == 200).all()


def test_context_predicates_are_answered_from_the_context(packs):
    assert _sampler(packs).sample("t:player", 50)["p_at_least_one"].tolist() == [1.0]
    assert len(_sampler(packs, LootContext(killed_by_player=False)).sample("t:player", 50)) == 0


def test_what_cannot_be_sampled_is_a_sampling_error_naming_the_table(packs):
    with pytest.raises(LootSamplingError, match=r"loot table t:score cannot be sampled: .*minecraft:score"):
        _sampler(packs).sample("t:score", 3)
    with pytest.raises(LootSamplingError, match=rf"loot table t:many: .* more than the sampler's {MAX_SAMPLED_LOOP}"):
        _sampler(packs).sample("t:many", 1)
    assert issubclass(LootSamplingError, kit.KitError)
