"""The simulator's shortcuts change no result: with every shortcut switched off (each pass checks every entry
through every rule, every key is tested, no per-pass memo, every ``no_key_match`` entry searched for a near
miss) seeded random scenarios give the same steps, traces and outcomes.

The shortcuts: entries whose keys alone decide are checked only when a key occurs in their text
(``_to_check``, ``_checked_every_pass``); plain keys outside the text's present set are not tested; a pass
remembers plain keys' answers per key group (``_key_hit``); near misses are looked for only where a key or a
typo of one occurs (``KeyIndex.ruled_out``, ``NearMissIndex.candidates``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from kit.worldbook.sillytavern import simulate, simulator
from kit.worldbook.sillytavern.keyindex import KeyIndex
from kit.worldbook.sillytavern.outcomes import NearMissIndex

KEYS = ["apple", "Pear", "龙", "魔法", "Rufus", "moon", "月亮", "knight", "star", "star1", "{{user}}", "red moon"]
KEYS += ["/moo+n/i", "/ap(p)le/", "Knight", "kni", "dragon", "a\x01b", "  "]
WORDS = KEYS + ["and", "the", "。", "itself", "stars", "Moon", "APPLE", "apples", "knigt", "appel", "Alice", "Sera"]


def _entry(rng: random.Random, uid: int) -> dict[str, Any]:
    r = rng.random
    e: dict[str, Any] = {
        "uid": uid,
        "key": rng.sample(KEYS, rng.randint(0 if r() < 0.05 else 1, 3)),
        "content": " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 6))),
        "order": rng.choice([rng.randint(0, 200), 100]),
        "position": rng.randint(0, 7),
    }
    if r() < 0.4:
        e.update(
            keysecondary=rng.sample(KEYS, rng.randint(0, 2)), selective=r() < 0.8, selectiveLogic=rng.randint(0, 3)
        )
    optional = {
        "constant": True,
        "disable": True,
        "group": rng.choice(["g1", "g2", "g1,g2"]),
        "groupOverride": True,
        "useGroupScoring": True,
        "sticky": rng.randint(1, 3),
        "cooldown": rng.randint(1, 3),
        "delay": rng.randint(1, 4),
        "delayUntilRecursion": rng.choice([True, 1, 2]),
        "excludeRecursion": True,
        "preventRecursion": True,
        "scanDepth": rng.choice([0, 1, 5, "3"]),
        "caseSensitive": r() < 0.5,
        "matchWholeWords": r() < 0.5,
        "matchPersonaDescription": True,
        "triggers": ["swipe"],
        "characterFilter": {"names": ["Sera"], "isExclude": r() < 0.5},
    }
    for name, value in optional.items():
        if r() < 0.08:
            e[name] = value
    if r() < 0.1:
        e.update(useProbability=True, probability=rng.choice([0, 50, 100]))
    return e


def _scenario(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    entries = [_entry(rng, i) for i in range(rng.randint(1, 30))]
    messages = [
        {"name": ["Alice", "Sera"][i % 2], "mes": " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 8)))}
        for i in range(rng.randint(1, 6))
    ]
    steps = [
        {"chat": messages[: i + 1], **({"forceActivate": ["B.0"]} if rng.random() < 0.1 else {})}
        for i in range(len(messages))
    ]
    return {
        "user": "Alice",
        "char": "Sera",
        "books": {"B": {"entries": {str(e["uid"]): e for e in entries}}},
        "steps": steps,
        "settings": {
            "world_info_depth": rng.randint(0, 3),
            "world_info_recursive": rng.random() < 0.7,
            "world_info_match_whole_words": rng.random() < 0.5,
            "world_info_case_sensitive": rng.random() < 0.3,
            "world_info_budget": rng.choice([5, 100]),
            "world_info_min_activations": rng.choice([0, 3]),
            "world_info_max_recursion_steps": rng.choice([0, 2]),
        },
        "maxContext": rng.choice([300, 100000]),
        "random": {"seed": seed},
        "globalScanData": {"personaDescription": "a knight of the moon"},
        "character": {"avatar": "Sera.png"},
    }


def _no_shortcuts(monkeypatch: pytest.MonkeyPatch) -> None:
    def check_all(ctx: Any, prepared: Any, timed: Any) -> tuple[list[int], set[int]]:
        every = list(range(len(prepared.entries)))
        return every, set(every)

    def all_todo(prepared: Any, checked: list[int], buffer: Any) -> tuple[list[int], list[Any], list[Any]]:
        contexts = [buffer.scan_context(group.first) for group in prepared.groups]
        return list(range(len(prepared.entries))), [None] * len(prepared.groups), contexts

    def always_match(
        ctx: Any, buffer: Any, state: int, needle: str, form: Any, e: Any, context: Any, memo: Any
    ) -> bool:
        return simulator._match(ctx, buffer, state, needle, e, context)

    monkeypatch.setattr(simulator, "_checked_every_pass", check_all)
    monkeypatch.setattr(simulator, "_to_check", all_todo)
    monkeypatch.setattr(simulator, "_key_hit", always_match)
    monkeypatch.setattr(KeyIndex, "ruled_out", lambda self, needle, present: False)
    monkeypatch.setattr(NearMissIndex, "candidates", lambda self, near: set(range(len(self.probes))))


@pytest.mark.parametrize("seed", range(60))
def test_shortcuts_change_no_result(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = _scenario(seed)
    fast = simulate(scenario, trace=True)
    with monkeypatch.context() as patched:
        _no_shortcuts(patched)
        slow = simulate(scenario, trace=True)
    assert fast == slow


def test_the_scenarios_exercise_the_rules() -> None:
    outcomes = {o["outcome"] for seed in range(60) for s in simulate(_scenario(seed))["steps"] for o in s["outcomes"]}
    assert {"activated", "no_key_match", "secondary_logic", "group_lost", "budget", "recursion_excluded"} <= outcomes
    near = {
        o["near_miss"].split(":")[0]
        for seed in range(60)
        for s in simulate(_scenario(seed))["steps"]
        for o in s["outcomes"]
    }
    assert {"case", "whole word", "scan depth", "personaDescription"} <= near
