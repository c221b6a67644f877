"""kit.items._common.building_tables: what is built inside goes straight to the collector's oldest generation,
nothing stays frozen, a caller's own freeze is left alone; a pack set is freed without the collector."""

from __future__ import annotations

import gc
import weakref

import kit.items
from kit.core.collector import building_tables
from tests.items.items_inputs import write_pack


class _Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the collector frees it


def test_objects_built_inside_reach_the_oldest_generation_and_nothing_stays_frozen() -> None:
    assert gc.isenabled() and gc.get_freeze_count() == 0
    with building_tables():
        assert not gc.isenabled()
        node = _Node()
        with building_tables():  # an inner block leaves the promotion to the outermost one
            inner = _Node()
        assert not gc.isenabled()
        assert not any(o is inner for o in gc.get_objects(generation=2))
    assert gc.isenabled() and gc.get_freeze_count() == 0
    assert any(o is node for o in gc.get_objects(generation=2))
    ref = weakref.ref(node)
    del node, inner
    gc.collect()
    assert ref() is None  # promoted, not frozen: a cycle is still collected


def test_a_callers_own_freeze_is_left_alone_and_an_off_collector_stays_off() -> None:
    kept = _Node()
    gc.freeze()
    try:
        with building_tables():
            _Node()
        # the caller's frozen objects stay frozen (in no generation the collector walks); the count itself may
        # drop while other threads free frozen objects, so it is not compared
        assert gc.get_freeze_count() > 0 and gc.isenabled()
        assert not any(o is kept for o in gc.get_objects())
    finally:
        gc.unfreeze()
    assert any(o is kept for o in gc.get_objects())
    gc.disable()
    try:
        with building_tables():
            node = _Node()
        assert not gc.isenabled() and not any(o is node for o in gc.get_objects(generation=2))
    finally:
        gc.enable()


def test_a_pack_set_and_its_index_are_freed_when_dropped_without_the_collector(tmp_path) -> None:
    packs = kit.items.load_datapacks(
        write_pack(
            tmp_path / "p",
            {
                "data/t/recipe/gem.json": {
                    "type": "minecraft:crafting_shapeless",
                    "ingredients": ["#t:rocks"],
                    "result": "t:gem",
                },
                "data/t/tags/item/rocks.json": {"values": ["t:stone"]},
                "data/t/loot_table/blocks/gem.json": {"pools": [{"rolls": 1, "entries": [{"type": "item"}]}]},
            },
        )
    )
    assert [s.source_id for s in packs.item_sources("t:gem").sources] == ["t:gem"]  # the index tables are built
    assert list(packs.problems().kind) == ["unreadable_loot_table"]
    ref = weakref.ref(packs)
    gc.disable()
    try:
        del packs
        assert ref() is None  # no reference cycle through the index's problem reporter
    finally:
        gc.enable()
