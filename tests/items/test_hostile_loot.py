"""Hostile loot tables: absurd numbers, wrong types, runaway distributions and outcomes, and isolation (one bad
table or one failing provider never hides the others)."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kit.items
from kit.core.errors import KitError
from kit.items import LootSamplingError, LootTable, PackSet, ProviderRegistry
from kit.items.loot_exact import MAX_OUTCOMES, MAX_SUPPORT
from kit.items.tags import resolve_tags
from tests.examples import examples
from tests.hostile import MEMORY_BOUND_BYTES, peak_memory_error
from tests.items.items_inputs import vanilla, write_pack

INT_MAX = 2**31 - 1


def _item(functions=(), **extra):
    return {"type": "item", "name": "t:gem", "functions": list(functions), **extra}


def _table(entries, rolls=1, **pool):
    return {"pools": [{"rolls": rolls, "entries": entries, **pool}]}


def _load(tmp_path, tables, **extra_files):
    files = {f"data/t/loot_table/{name}.json": t for name, t in tables.items()}
    files["data/t/recipe/r.json"] = {"type": "minecraft:smelting", "ingredient": "t:ore", "result": {"id": "t:gem"}}
    files["data/t/tags/item/gems.json"] = {"values": ["t:gem"]}
    files.update(extra_files)
    return kit.items.load_datapacks(write_pack(tmp_path / "p", files), strict=False)


def _set_count(count, **kw):
    return {"function": "minecraft:set_count", "count": count, **kw}


# ---------------------------------------------------------------- refused at load, naming table and field

REFUSED = [
    (_table([_item(weight=float("inf"))]), "pools[0].entries[0].weight", "finite"),
    (_table([_item(quality=float("nan"))]), "pools[0].entries[0].quality", "finite"),
    (_table([_item(weight=10**12)]), "pools[0].entries[0].weight", "int range"),
    (_table([_item()], rolls=float("inf")), "pools[0].rolls", "finite"),
    (_table([_item()], rolls={"min": 0, "max": 10**20}), "pools[0].rolls.max", "int range"),
    (_table([_item()], rolls="lots"), "pools[0].rolls", "expected a number"),
    (_table([_item()], bonus_rolls=[1]), "pools[0].bonus_rolls", "expected a number"),
    (
        _table([_item([_set_count({"type": "binomial", "n": 1e16, "p": 0.5})])]),
        "pools[0].entries[0].functions[0].count.n",
        "int range",
    ),
    (_table([_item([_set_count({"type": "binomial", "n": 3})])]), "functions[0].count.p", "missing"),
    (_table([_item([_set_count(float("-inf"))])]), "functions[0].count", "finite"),
    (_table([_item([_set_count(1, add="yes")])]), "functions[0].add", "true or false"),
    (_table([_item(["set_count"])]), "pools[0].entries[0].functions[0]", "expected a function object"),
    (_table([_item([{"function": 5}])]), "functions[0].function", "expected a function id"),
    (_table([_item([{"function": "set_count"}])]), "functions[0].count", "missing"),
    (_table([_item([{"function": "limit_count", "limit": {"max": "x"}}])]), "functions[0].limit.max", "number"),
    (
        _table(
            [
                _item(
                    [
                        {
                            "function": "apply_bonus",
                            "enchantment": "fortune",
                            "formula": "uniform_bonus_count",
                            "parameters": {"bonusMultiplier": float("inf")},
                        }
                    ]
                )
            ]
        ),
        "parameters.bonusMultiplier",
        "finite",
    ),
    (_table([_item(conditions="killed_by_player")]), "pools[0].entries[0].conditions", "list of conditions"),
    (_table([_item(conditions=[["x"]])]), "conditions[0]", "expected a condition object"),
    (_table([_item(conditions=[{"condition": None}])]), "conditions[0].condition", "expected a condition id"),
    (
        _table([_item(conditions=[{"condition": "random_chance", "chance": float("nan")}])]),
        "conditions[0].chance",
        "finite",
    ),
    (
        _table([_item(conditions=[{"condition": "table_bonus", "enchantment": "fortune", "chances": [0.1, "x"]}])]),
        "conditions[0].chances[1]",
        "expected a number",
    ),
    (_table([_item(conditions=[{"condition": "inverted"}])]), "conditions[0].term", "missing"),
    (
        _table(
            [
                _item(
                    conditions=[
                        {
                            "condition": "random_chance_with_enchanted_bonus",
                            "enchantment": "looting",
                            "enchanted_chance": {"type": "linear", "base": 0.1},
                        }
                    ]
                )
            ]
        ),
        "enchanted_chance.per_level_above_first",
        "missing",
    ),
    (_table([_item()], conditions={"condition": "killed_by_player"}), "pools[0].conditions", "list of conditions"),
    (_table([_item()], functions=[1]), "pools[0].functions[0]", "function object"),
    ({"functions": "set_count", "pools": []}, "'functions'", "list of functions"),
    (_table([_item(expand="true")]), "entries[0].expand", "true or false"),
    (_table([{"type": "loot_table", "value": 5}]), "entries[0].value", "loot table id or object"),
]


@pytest.mark.parametrize("table, field, reason", REFUSED, ids=[f"{i}-{r[1]}" for i, r in enumerate(REFUSED)])
def test_bad_values_are_error_rows_naming_table_and_field_or_raise_when_strict(tmp_path, table, field, reason):
    packs = _load(tmp_path, {"bad": table, "good": _table([_item()])})
    errors = packs.problems().set_index("object_id")
    message = errors.loc["t:bad", "message"]
    assert field in message and reason in message
    assert errors.loc["t:bad", "path"] == "data/t/loot_table/bad.json"
    assert packs.loot_tables()["loot_table_id"].tolist() == ["t:good"]
    assert [s.source_id for s in packs.item_sources("t:gem").sources] == ["t:r", "t:good", "#t:gems"]
    with pytest.raises(
        kit.items.DatapackReadError,
        match=r"loot_table/bad\.json \(t:bad\): field '.*"
        + field.replace("[", r"\[").replace("]", r"\]").replace(".", r"\.").replace("'", ""),
    ):
        kit.items.load_datapacks(packs.packs()["location"].iloc[0], strict=True)


def test_deep_entries_and_conditions_are_refused_with_the_cap():
    from kit.items.loot import MAX_NESTING, LootFormatError, parse_loot_table

    entry = _item()
    for _ in range(MAX_NESTING + 5):
        entry = {"type": "group", "children": [entry]}
    with pytest.raises(LootFormatError, match=f"entries nested deeper than {MAX_NESTING}"):
        parse_loot_table("t:deep", _table([entry]))
    cond = {"condition": "killed_by_player"}
    for _ in range(MAX_NESTING + 5):
        cond = {"condition": "inverted", "term": cond}
    with pytest.raises(LootFormatError, match=f"conditions nested deeper than {MAX_NESTING}"):
        parse_loot_table("t:deep", _table([_item(conditions=[cond])]))


# ---------------------------------------------------------------- legal but huge: bounded work, honest flags


def test_a_binomial_of_two_billion_trials_is_summed_through_its_mean(tmp_path):
    packs = _load(tmp_path, {"b": _table([_item([_set_count({"type": "binomial", "n": INT_MAX, "p": 0.25})])])})
    peak, error = peak_memory_error(lambda: packs.loot_expectations(table="t:b"))
    assert error is None and peak < MEMORY_BOUND_BYTES
    row = packs.loot_expectations(table="t:b").iloc[0]
    assert row["expected_count"] == pytest.approx(INT_MAX * 0.25) and not row["is_exact"]
    with pytest.raises(LootSamplingError, match=r"loot table t:b: binomial n of 2147483647 is more than"):
        packs.sample_loot("t:b", 3)


@pytest.mark.parametrize("rolls", [{"min": 0, "max": INT_MAX}, INT_MAX, {"type": "binomial", "n": INT_MAX, "p": 1}])
def test_absurd_rolls_cost_bounded_memory(tmp_path, rolls):
    packs = _load(tmp_path, {"r": _table([_item()], rolls=rolls)})
    peak, error = peak_memory_error(lambda: packs.loot_expectations(table="t:r"))
    assert error is None and peak < MEMORY_BOUND_BYTES
    row = packs.loot_expectations(table="t:r").iloc[0]
    assert row["expected_count"] > 1e9 and row["p_at_least_one"] == pytest.approx(1.0)
    assert row["is_exact"] == (rolls == INT_MAX)  # a constant needs no enumeration
    with pytest.raises(LootSamplingError, match="t:r"):
        packs.sample_loot("t:r", 2)


def test_long_add_chains_stay_exact_in_the_mean(tmp_path):
    chain = [_set_count({"min": 0, "max": 1000}, add=True)] * 200
    packs = _load(tmp_path, {"c": _table([_item(chain)])})
    row = packs.loot_expectations(table="t:c").iloc[0]
    assert row["expected_count"] == pytest.approx(1 + 200 * 500) and not row["is_exact"]


def test_small_distributions_stay_exact(tmp_path):
    packs = _load(tmp_path, {"s": _table([_item([_set_count({"min": 1, "max": MAX_SUPPORT // 2})])])})
    row = packs.loot_expectations(table="t:s").iloc[0]
    assert row["expected_count"] == pytest.approx((1 + MAX_SUPPORT // 2) / 2) and row["is_exact"]


def test_exploding_outcomes_give_nan_rows_an_error_row_and_leave_other_tables_alone(tmp_path):
    children = [_item(conditions=[{"condition": "random_chance", "chance": 0.5}], weight=i + 1) for i in range(14)]
    packs = _load(tmp_path, {"x": _table([{"type": "group", "children": children}]), "ok": _table([_item()])})
    frame = packs.loot_expectations().set_index("loot_table_id")
    assert math.isnan(frame.loc["t:x", "expected_count"]) and not frame.loc["t:x", "is_exact"]
    assert frame.loc["t:ok", "expected_count"] == 1.0 and frame.loc["t:ok", "is_exact"]
    reason = packs.problems().set_index("object_id").loc["t:x", "message"]
    assert f"pools[0]: the conditions of a group entry combine into more than {MAX_OUTCOMES} outcomes" in reason


def test_many_conditional_weights_are_approximated_not_enumerated(tmp_path):
    entries = [_item(conditions=[{"condition": "random_chance", "chance": 0.5}], weight=2**i) for i in range(31)]
    packs = _load(tmp_path, {"w": _table(entries)})
    peak, error = peak_memory_error(lambda: packs.loot_expectations(table="t:w"))
    assert error is None and peak < MEMORY_BOUND_BYTES
    row = packs.loot_expectations(table="t:w").iloc[0]
    assert 0.99 < row["expected_count"] <= 1.0 and not row["is_exact"]


def test_nested_table_chains_are_cut_with_a_reason(tmp_path):
    tables = {f"n{i}": _table([{"type": "loot_table", "value": f"t:n{i + 1}"}]) for i in range(200)}
    tables["n200"] = _table([_item()])
    packs = _load(tmp_path, tables)
    frame = packs.loot_expectations().set_index("loot_table_id")
    assert frame.loc["t:n199", "expected_count"] == 1.0
    assert "nested deeper than 32" in packs.problems().set_index("object_id").loc["t:n0", "message"]
    with pytest.raises(LootSamplingError, match="nested deeper than 32"):
        packs.sample_loot("t:n0", 1)


@pytest.mark.parametrize(
    "kw", [{"luck": float("inf")}, {"luck": float("nan")}, {"explosion": float("nan")}, {"explosion": float("inf")}]
)
def test_context_numbers_must_be_finite(tmp_path, kw):
    packs = _load(tmp_path, {"ok": _table([_item()])})
    with pytest.raises(ValueError, match="parameter of loot_expectations"):
        packs.loot_expectations(**kw)


# ---------------------------------------------------------------- isolation


def _unvalidated(tables: dict) -> PackSet:
    """A PackSet holding tables as given (as another loader could build one), skipping load-time checks."""
    loot = {
        tid: LootTable(tid, "minecraft:generic", data, "p", f"data/t/loot_table/{tid[2:]}.json")
        for tid, data in tables.items()
    }
    return PackSet({}, loot, resolve_tags([]), {}, [], [])


def test_one_unreadable_table_does_not_fail_the_loot_provider():
    packs = _unvalidated({"t:bad": _table([_item(functions=["set_count"])]), "t:good": _table([_item()])})
    out = packs.item_sources("t:gem")
    assert not out.errors and [s.source_id for s in out.sources] == ["t:good"]
    assert "skipped by the loot scan" in packs.problems().set_index("object_id").loc["t:bad", "message"]
    assert packs.items().set_index("item_id").loc["t:gem", "n_loot_tables"] == 1
    frame = packs.loot_expectations().set_index("loot_table_id")
    assert frame.loc["t:good", "expected_count"] == 1.0 and math.isnan(frame.loc["t:bad", "expected_count"])


def test_a_failing_provider_hides_no_other_provider(tmp_path):
    packs = _load(tmp_path, {"ok": _table([_item()])})
    registry = ProviderRegistry()
    for provider in kit.items.PROVIDERS.providers():
        registry.register(provider.provider_id, provider.find, kind=provider.kind)

    def broken(_packs, _item_id):
        yield from ()
        raise AttributeError("'list' object has no attribute 'get'")

    registry.register("example:broken", broken)
    out = packs.item_sources("t:gem", registry=registry)
    assert [p for p, _ in out.errors] == ["example:broken"]
    assert {s.kind for s in out.sources} == {"recipe", "loot", "tag"}


# ---------------------------------------------------------------- the loot scan and items() agree


def test_items_count_the_tables_the_loot_scan_lists_on_vanilla():
    packs = kit.items.load_datapacks(vanilla("1.21.3"), strict=False)
    items = packs.items().set_index("item_id")
    for item_id, n in items["n_loot_tables"].items():
        out = packs.item_sources(item_id, "loot")
        assert not out.truncated
        assert n == len(out.sources), item_id
    assert items.loc["minecraft:music_disc_13", "n_loot_tables"] == 4  # creeper's tag entry included


# ---------------------------------------------------------------- generated tables

_numbers = st.one_of(
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0, 1, 2, INT_MAX, -1, 0.5]),
)
_provider = st.one_of(
    _numbers,
    st.text(max_size=3),
    st.none(),
    st.fixed_dictionaries({"min": _numbers, "max": _numbers}),
    st.fixed_dictionaries({"type": st.just("binomial"), "n": _numbers, "p": _numbers}),
)
_condition = st.one_of(
    st.fixed_dictionaries(
        {"condition": st.sampled_from(["random_chance", "killed_by_player", "x:unknown"]), "chance": _numbers}
    ),
    st.fixed_dictionaries(
        {
            "condition": st.just("table_bonus"),
            "enchantment": st.just("fortune"),
            "chances": st.lists(_numbers, max_size=3),
        }
    ),
    st.text(max_size=3),
    st.integers(),
)
_function = st.one_of(
    st.fixed_dictionaries({"function": st.just("set_count"), "count": _provider, "add": st.booleans()}),
    st.fixed_dictionaries(
        {"function": st.just("limit_count"), "limit": st.one_of(_numbers, st.fixed_dictionaries({"min": _provider}))}
    ),
    st.fixed_dictionaries({"function": st.just("explosion_decay")}),
    st.text(max_size=3),
)
_entry = st.fixed_dictionaries(
    {"type": st.sampled_from(["item", "tag", "empty", "dynamic"]), "name": st.sampled_from(["t:gem", "t:gems"])},
    optional={
        "weight": _numbers,
        "quality": _numbers,
        "conditions": st.lists(_condition, max_size=2),
        "functions": st.lists(_function, max_size=3),
    },
)
_tables = st.fixed_dictionaries(
    {
        "pools": st.lists(
            st.fixed_dictionaries(
                {"rolls": _provider, "entries": st.lists(_entry, max_size=4)},
                optional={"bonus_rolls": _provider, "conditions": st.lists(_condition, max_size=2)},
            ),
            max_size=2,
        )
    }
)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_tables)
def test_any_generated_table_is_read_or_refused_and_never_raises_a_foreign_error(tmp_path, table):
    root = write_pack(
        tmp_path / "g",
        {
            "data/t/loot_table/g.json": json.dumps(table, allow_nan=True),
            "data/t/tags/item/gems.json": {"values": ["t:gem"]},
        },
    )
    packs = kit.items.load_datapacks(root, strict=False)
    packs.items()
    out = packs.item_sources("t:gem")
    assert not out.errors
    frame = packs.loot_expectations(looting=2, explosion=True, luck=1.5)
    assert set(frame["loot_table_id"]) <= {"t:g"}
    if len(packs.loot_tables()):
        try:
            packs.sample_loot("t:g", 3)
        except KitError:
            pass


# ---------------------------------------------------------------- the shortcut for vanilla's shapes


@pytest.mark.parametrize("table, field, reason", REFUSED, ids=[f"{i}-{r[1]}" for i, r in enumerate(REFUSED)])
def test_the_shortcut_declines_every_refused_table(table, field, reason):
    from kit.items.loot import _plain_table

    assert _plain_table(table) is False  # so the full checks run and word the error
    assert _plain_table({"pools": [{"rolls": 1, "entries": [{"type": "loot_table", "value": table}]}]}) is False


def test_the_shortcut_takes_every_vanilla_table():
    from kit.items.loot import _plain_table

    tables = sorted((vanilla("1.21.3") / "data" / "minecraft" / "loot_table").rglob("*.json"))
    assert tables and all(_plain_table(json.loads(p.read_text(encoding="utf-8"))) for p in tables)


_ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["", "x", "item", "minecraft:tag", "set_count", "uniform", "binomial", "inverted", "any_of"]),
    st.just([]),
    st.just({}),
)
_KEYS = st.sampled_from(
    ["type", "name", "weight", "quality", "functions", "conditions", "children", "pools", "entries", "rolls"]
    + ["bonus_rolls", "count", "add", "function", "condition", "term", "terms", "chance", "min", "max", "value"]
    + ["limit", "parameters", "expand", "n", "p", "chances", "enchanted_chance", "predicate", "base"]
)
_VALUES = st.recursive(_ODD, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_KEYS, inner, max_size=4))


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    entry=st.dictionaries(_KEYS, _VALUES, max_size=5),
    pool=st.dictionaries(_KEYS, _VALUES, max_size=3),
    kind=st.sampled_from(["item", "minecraft:tag", "alternatives", "loot_table", "empty"]),
)
def test_the_shortcut_takes_only_tables_the_full_checks_pass(entry, pool, kind):
    from kit.items.loot import _plain_table, parse_loot_table

    table = {"pools": [{"rolls": 1, **pool, "entries": [{"type": kind, "name": "t:gem", **entry}]}]}
    if _plain_table(table):
        parse_loot_table("t:x", table)  # raises when the shortcut took a table the full checks refuse
