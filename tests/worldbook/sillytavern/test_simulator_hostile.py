"""Hostile simulator scenarios: wrongly typed fields give a ``ScenarioError`` naming the field (never an
``AttributeError`` or ``TypeError``), odd entry values are read as SillyTavern reads them; thousands of keys and entries simulate (hostile regex keys:
``test_jsregex.py``; deep or huge JSON given to the command line: ``tests/worldbook/test_cli.py``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit.worldbook.sillytavern import ScenarioError, read_world, simulate
from tests.examples import examples
from tests.worldbook.sillytavern.st_inputs import book, chat

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)

SCENARIO_FIELDS = [
    "user",
    "char",
    "books",
    "cardBooks",
    "globalBooks",
    "characterBook",
    "chatBook",
    "personaBook",
    "character",
    "settings",
    "maxContext",
    "tokenizer",
    "random",
    "extensionPrompts",
    "globalScanData",
    "tagMap",
    "tagKey",
    "chatMetadata",
    "chat",
    "steps",
    "characterExtraBooks",
    "forceActivate",
]
ENTRY_FIELDS = [
    "key",
    "keysecondary",
    "selective",
    "selectiveLogic",
    "constant",
    "disable",
    "order",
    "position",
    "depth",
    "role",
    "group",
    "groupOverride",
    "groupWeight",
    "useGroupScoring",
    "probability",
    "useProbability",
    "scanDepth",
    "caseSensitive",
    "matchWholeWords",
    "sticky",
    "cooldown",
    "delay",
    "delayUntilRecursion",
    "excludeRecursion",
    "preventRecursion",
    "characterFilter",
    "triggers",
    "content",
    "outletName",
    "ignoreBudget",
]


def _base() -> dict[str, Any]:
    entries = [
        {"uid": 0, "key": ["dragon"], "content": "a dragon", "sticky": 1, "group": "g"},
        {"uid": 1, "key": ["/dr(a|o)gon/i"], "content": "x", "group": "g", "characterFilter": {"tags": ["t"]}},
    ]
    return {"books": book(*entries), "chat": chat("a dragon", "ok"), "character": {"avatar": "a.png"}}


def _run(scenario: Any) -> None:
    try:
        result = simulate(scenario)
    except ScenarioError as exc:
        assert str(exc).startswith(("scenario field", "a scenario")), str(exc)
        return
    assert isinstance(result["steps"], list)
    json.dumps(result, allow_nan=True)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(SCENARIO_FIELDS), value=JSON)
def test_any_value_in_any_scenario_field_is_simulated_or_named(name: str, value: Any) -> None:
    scenario = _base()
    scenario[name] = value
    _run(scenario)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields=st.dictionaries(st.sampled_from(ENTRY_FIELDS), JSON, max_size=4), trigger=JSON, dry=JSON)
def test_any_entry_values_and_step_options_simulate(fields: dict[str, Any], trigger: Any, dry: Any) -> None:
    scenario = _base()
    scenario["books"]["B"]["entries"]["0"].update(fields)
    scenario["steps"] = [{"chat": chat("a dragon"), "trigger": trigger, "dryRun": dry}, {"chat": chat("a dragon", "x")}]
    _run(scenario)


@settings(max_examples=examples(200), deadline=None)
@given(message=st.dictionaries(st.sampled_from(["name", "mes", "is_user", "is_system", "extra"]), JSON, max_size=4))
def test_any_message_shape_simulates(message: dict[str, Any]) -> None:
    scenario = _base()
    scenario["steps"] = [{"chat": [message], "trigger": t} for t in ("normal", "regenerate", "swipe")]
    _run(scenario)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("chatMetadata", ["x"], r"'chatMetadata' must be an object, got list"),
        ("chatMetadata", {"timedWorldInfo": 3}, r"'chatMetadata\.timedWorldInfo' must be an object, got int"),
        ("settings", "fast", r"'settings' must be an object, got str"),
        ("globalScanData", [1], r"'globalScanData' must be an object"),
        ("extensionPrompts", "AN", r"'extensionPrompts' must be an object"),
        ("character", ["a.png"], r"'character' must be an object"),
        ("tagMap", {"a.png": {"t": 1}}, r"'tagMap\.a\.png' must be a list of tag ids, got dict"),
        ("tagKey", 7, r"'tagKey' must be a string or null"),
        ("char", ["Sera"], r"'char' must be a name \(string\), got list"),
        ("books", [], r"'books' must be an object of world files"),
        ("steps", {"chat": []}, r"'steps' must be a list"),
        ("random", {"values": [0.5, "x"]}, r"'random\.values' must be a list of numbers"),
        ("maxContext", "big", r"'maxContext' must be a number"),
    ],
)
def test_wrongly_typed_fields_are_named(field: str, value: Any, message: str) -> None:
    scenario = _base()
    scenario[field] = value
    with pytest.raises(ScenarioError, match=message):
        simulate(scenario)


def test_deep_or_huge_values_built_in_python_are_named() -> None:
    deep: list = []
    inner = deep
    for _ in range(5000):
        inner.append([])
        inner = inner[0]
    scenario = _base()
    scenario["books"]["B"]["entries"]["0"]["extra"] = deep
    with pytest.raises(
        ScenarioError, match=r"scenario field 'books' is nested deeper than 100 levels \(at books\.B\.entries\.0\.extra"
    ):
        simulate(scenario)
    scenario = _base()
    scenario["books"]["B"]["entries"]["0"]["order"] = 10**5000
    with pytest.raises(ScenarioError, match=r"'books\.B\.entries\.0\.order' holds an integer too long"):
        simulate(scenario)
    scenario = _base()
    scenario["steps"] = [{"chat": chat("a"), "maxContext": -(10**5000)}]
    with pytest.raises(ScenarioError, match=r"'steps\[0\]\.maxContext' holds an integer too long"):
        simulate(scenario)


# ---- large inputs: thousands of keys and entries --------------------------------------------------------


def test_thousands_of_keys_in_one_entry() -> None:
    keys = [f"key{i}" for i in range(5000)]
    sc = {"books": book({"uid": 0, "key": keys, "content": "x"}), "chat": chat("a message with key4999 in it")}
    assert simulate(sc)["steps"][0]["activated"] == ["B.0"]
    entry = read_world({"entries": {"0": {"uid": 0, "key": keys, "content": "x"}}}, book_id="many").entry("0")
    assert len(entry.triggers.keyword.keys) == 5000


def test_large_book_of_entries_simulates() -> None:
    entries = [
        {"uid": i, "key": [f"word{i}", f"词{i}"], "content": f"content {i}", "order": i % 50} for i in range(3000)
    ]
    sc = {
        "books": book(*entries),
        "chat": chat("word10 and 词2999"),
        "settings": {"world_info_recursive": True, "world_info_match_whole_words": True},
    }
    assert sorted(simulate(sc)["steps"][0]["activated"]) == ["B.10", "B.2999"]
