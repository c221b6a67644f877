"""One scenario (or a few) per rule of the note ``sillytavern-world-info.md``, written for kit: the per-entry
checks (1.8), inclusion groups, probability, budget and the scan loop, timed effects, sources and assembly, bad
scenarios. The scan buffer and key matching (1.6-1.7) are in ``test_simulator_matching.py``.

Expected values follow from the rules as the note states them (SillyTavern 1.15.0); the shared scenarios
check the same engine against SillyTavern's own output.
"""

from __future__ import annotations

from typing import Any

import pytest

from kit.worldbook.sillytavern import ScenarioError, simulate
from tests.worldbook.sillytavern.st_inputs import E, act, book, chat, run

# ---- 1.8 per-entry checks ----------------------------------------------------------------------------------


def test_disable_triggers_and_decorators() -> None:
    assert act(E(0, ["a"], disable=True), messages=("a",)) == []
    assert act(E(0, ["a"], disable=1), messages=("a",)) == []  # loose == true
    assert act(E(0, ["a"], triggers=["continue"]), messages=("a",)) == []
    sc = {"books": book(E(0, ["a"], triggers=["continue"])), "steps": [{"chat": chat("a"), "trigger": "continue"}]}
    assert simulate(sc)["steps"][0]["activated"] == ["B.0"]
    assert act(E(0, ["zzz"], content="@@activate\nX"), messages=("a",)) == ["B.0"]
    assert act(E(0, [], constant=True, content="@@dont_activate\nX"), messages=("a",)) == []
    assert act(E(0, ["a"], disable=True, content="@@activate\nX"), messages=("a",)) == []


def test_forced_entries_activate_without_keys_but_still_face_groups_and_budget() -> None:
    entries = (
        E(0, ["zzz"], "forced", order=100),
        E(1, ["go"], "rival", group="g", groupOverride=True, order=200),
        E(2, ["zzz"], "grouped", group="g", order=100),
    )
    sc = {
        "books": book(*entries),
        "steps": [{"chat": chat("go"), "forceActivate": ["B.0", "B.2"]}, {"chat": chat("go", "x")}],
    }
    steps = simulate(sc)["steps"]
    assert steps[0]["activated"] == ["B.1", "B.0"]  # B.2 was forced but lost its group to the override
    assert steps[1]["activated"] == ["B.1"]  # forcing lasts one generation
    assert act(E(0, ["zzz"], "x" * 100, disable=True), messages=("a",), forceActivate=["B.0"]) == []


def test_character_filter_names_compare_the_avatar_file_name_without_extension() -> None:
    inc = E(0, ["a"], characterFilter={"isExclude": False, "names": ["seraphina_v2"], "tags": []})
    exc = E(1, ["a"], characterFilter={"isExclude": True, "names": ["seraphina_v2"], "tags": []})
    assert act(inc, exc, messages=("a",), char="Seraphina", character={"avatar": "seraphina_v2.png"}) == ["B.0"]
    assert act(inc, exc, messages=("a",), char="seraphina_v2", character={"avatar": "other.png"}) == ["B.1"]
    # only the last extension goes: "my.char.webp" -> "my.char"
    dotted = E(2, ["a"], characterFilter={"names": ["my.char"]})
    assert act(dotted, messages=("a",), character={"avatar": "my.char.webp"}) == ["B.2"]
    assert act(dotted, messages=("a",), character={"avatar": "my.char"}) == []
    # the default avatar is "<char>.png"; a character book makes a current character too
    assert act(E(3, ["a"], characterFilter={"names": ["Bob"]}), messages=("a",), char="Bob", character={}) == ["B.3"]
    sc = {
        "books": {**book(E(4, ["a"], characterFilter={"names": ["Bob"]})), "C": {"entries": {}}},
        "chat": chat("a"),
        "char": "Bob",
        "characterBook": "C",
    }
    assert simulate(sc)["steps"][0]["activated"] == ["B.4"]


def test_without_a_current_character_no_name_matches() -> None:
    inc = E(0, ["a"], characterFilter={"isExclude": False, "names": ["Seraphina"]})
    exc = E(1, ["a"], characterFilter={"isExclude": True, "names": ["Seraphina"]})
    assert act(inc, exc, messages=("a",), char="Seraphina") == ["B.1"]


def test_character_tags_come_from_the_tag_map_under_the_avatar() -> None:
    inc = E(0, ["a"], characterFilter={"isExclude": False, "names": [], "tags": ["t1"]})
    exc = E(1, ["a"], characterFilter={"isExclude": True, "names": [], "tags": ["t1"]})
    hero = {"avatar": "hero.png"}
    assert act(inc, exc, messages=("a",), character=hero, tagMap={"hero.png": ["t1"]}) == ["B.0"]
    assert act(inc, exc, messages=("a",), character=hero, tagMap={"hero.png": ["t2"]}) == ["B.1"]
    # no tag-map entry: no tags (include filters out, exclude keeps)
    assert act(inc, exc, messages=("a",), character=hero, tagMap={"other.png": ["t1"]}) == ["B.1"]
    # tagKey replaces the avatar as the key
    assert act(inc, exc, messages=("a",), character=hero, tagMap={"k": ["t1"]}, tagKey="k") == ["B.0"]
    # no current character: tag filters are not applied
    assert act(inc, exc, messages=("a",), tagMap={"k": ["t1"]}, tagKey="k") == ["B.0", "B.1"]


def test_delay_until_recursion_and_exclude_recursion() -> None:
    entries = (
        E(0, ["bessie"], "Bessie likes Rufus."),
        E(1, ["rufus"], "dog", delayUntilRecursion=True),
        E(2, ["rufus"], "x", excludeRecursion=True),
    )
    assert act(*entries, messages=("bessie rufus",), settings={"world_info_recursive": True}) == ["B.0", "B.2", "B.1"]
    assert act(*entries, messages=("bessie",), settings={"world_info_recursive": True}) == ["B.0", "B.1"]


def test_exclude_recursion_holds_for_entries_with_a_character_filter() -> None:
    # the character filter's isExclude says how to read the name list; it does not switch excludeRecursion off
    kept = {"isExclude": False, "names": ["Sera"]}
    entries = (
        E(0, ["bessie"], "Bessie likes Rufus."),
        E(2, ["rufus"], "x", excludeRecursion=True, characterFilter=kept),
    )
    scenario = {
        "messages": ("bessie",),
        "settings": {"world_info_recursive": True},
        "character": {"avatar": "Sera.png"},
    }
    assert act(*entries, **scenario) == ["B.0"]
    assert act(*entries, **{**scenario, "messages": ("bessie rufus",)}) == ["B.0", "B.2"]


def test_delay_levels_unlock_one_by_one() -> None:
    entries = (
        E(0, ["go"], "go one"),
        E(1, ["one"], "two", delayUntilRecursion=1),
        E(2, ["two"], "done", delayUntilRecursion=2),
        E(3, ["go"], "lvl3", delayUntilRecursion=3),
    )
    step = run(*entries, messages=("go",), settings={"world_info_recursive": True}, trace=True)
    assert step["activated"] == ["B.0", "B.1", "B.2", "B.3"]


def test_max_recursion_steps_one_means_no_recursion() -> None:
    entries = (E(0, ["bessie"], "Rufus"), E(1, ["rufus"], "dog"))
    assert act(
        *entries, messages=("bessie",), settings={"world_info_recursive": True, "world_info_max_recursion_steps": 1}
    ) == ["B.0"]
    assert act(
        *entries, messages=("bessie",), settings={"world_info_recursive": True, "world_info_max_recursion_steps": 2}
    ) == ["B.0", "B.1"]


def test_prevent_recursion_keeps_content_out_of_the_recursion_buffer() -> None:
    entries = (E(0, ["bessie"], "Rufus", preventRecursion=True), E(1, ["rufus"], "dog"))
    assert act(*entries, messages=("bessie",), settings={"world_info_recursive": True}) == ["B.0"]


# ---- 1.9 inclusion groups -------------------------------------------------------------------------------------


def test_group_override_highest_order_wins() -> None:
    entries = (
        E(0, ["w"], group="wx", order=10),
        E(1, ["w"], group="wx", order=30, groupOverride=True),
        E(2, ["w"], group="wx", order=20, groupOverride=True),
    )
    assert act(*entries, messages=("w",)) == ["B.1"]


def test_group_weighted_pick_uses_cumulative_weights() -> None:
    entries = (
        E(0, ["w"], group="g", order=30, groupWeight=10),
        E(1, ["w"], group="g", order=20, groupWeight=30),
        E(2, ["w"], group="g", order=10),
    )
    # total 140; roll = value * 140; first member whose cumulative weight >= roll wins
    assert act(*entries, messages=("w",), random={"values": [10 / 140]}) == ["B.0"]
    assert act(*entries, messages=("w",), random={"values": [0.2]}) == ["B.1"]
    assert act(*entries, messages=("w",), random={"values": [0.99]}) == ["B.2"]


def test_group_scoring_removes_lower_scores() -> None:
    entries = (E(0, ["a"], group="g", order=20), E(1, ["a", "b"], group="g", order=10))
    assert act(*entries, messages=("a b",), settings={"world_info_use_group_scoring": True}) == ["B.1"]
    assert act(
        E(0, ["a"], group="g", order=20, useGroupScoring=True), E(1, ["a", "b"], group="g", order=10), messages=("a b",)
    ) == ["B.1"]


def test_groups_split_on_comma_and_already_activated_group_blocks_later_members() -> None:
    entries = (E(0, ["bessie"], "Rufus", group="pets"), E(1, ["rufus"], "dog", group="pets"))
    assert act(*entries, messages=("bessie",), settings={"world_info_recursive": True}) == ["B.0"]
    entries = (E(0, ["bessie"], "Rufus", group="pets, farm"), E(1, ["rufus"], "dog", group="pets"))
    assert act(*entries, messages=("bessie",), settings={"world_info_recursive": True}) == [
        "B.0",
        "B.1",
    ]  # whole-string compare


def test_multi_group_splice_bug_removes_an_unrelated_entry() -> None:
    entries = (
        E(0, ["go"], group="a,b", order=100),
        E(1, ["go"], group="a", groupOverride=True, order=90),
        E(2, ["go"], group="b", groupOverride=True, order=80),
        E(3, ["go"], order=10),
    )
    step = run(*entries, messages=("go",), trace=True)
    assert step["activated"] == ["B.1", "B.2"]
    assert any(ev["entry"] == "B.3" and "splice" in ev["reason"] for ev in step["trace"])


# ---- 1.10 probability, budget, loop ----------------------------------------------------------------------------


def test_probability_draw_order_groups_before_rolls() -> None:
    entries = (
        E(0, ["x"], group="g", order=50),
        E(1, ["x"], group="g", order=40),
        E(2, ["x"], useProbability=True, probability=50, order=10),
    )
    # draw 1 = group roll (0.1 -> B.0), draw 2 = probability roll (0.6*100 > 50 -> fails)
    assert act(*entries, messages=("x",), random={"values": [0.1, 0.6]}) == ["B.0"]
    assert act(*entries, messages=("x",), random={"values": [0.9, 0.4]}) == ["B.1", "B.2"]


def test_failed_probability_is_not_retried_in_recursion() -> None:
    entries = (E(0, ["a"], "rufus"), E(1, ["a", "rufus"], useProbability=True, probability=10))
    sc = dict(messages=("a",), settings={"world_info_recursive": True}, random={"values": [0.5]})
    assert act(*entries, **sc) == ["B.0"]  # a second roll would raise: values ran out


def test_probability_quirks() -> None:
    assert act(E(0, ["a"], useProbability=True), messages=("a",), random={"values": [0.0]}) == []  # absent probability
    assert act(E(0, ["a"], probability=0), messages=("a",)) == ["B.0"]  # useProbability absent: no roll
    assert act(E(0, ["a"], useProbability=True, probability=100), messages=("a",), random={"values": []}) == ["B.0"]


def test_random_values_running_out_is_an_error() -> None:
    with pytest.raises(ScenarioError, match=r"random\.values' ran out: draw 1 needed, 0 given"):
        act(E(0, ["a"], useProbability=True, probability=50), messages=("a",), random={"values": []})


def test_seeded_random_is_mulberry32() -> None:
    entries = [E(i, ["x"], group="g", order=100 - i) for i in range(5)]
    winners = {tuple(act(*entries, messages=("x",), random={"seed": s})) for s in range(20)}
    assert len(winners) > 1
    assert act(*entries, messages=("x",), random={"seed": 42}) == act(*entries, messages=("x",), random={"seed": 42})


def test_budget_overflow_uses_greater_or_equal_and_ignore_budget() -> None:
    # budget = round(25% of 40) = 10 tokens; guesstimate ceil(len/3.35)
    a, b = "a" * 20, "b" * 10  # "a"*20+"\n" -> 7 tokens; + "b"*10+"\n" -> 10 tokens -> overflow
    entries = (
        E(0, [], a, constant=True, order=30),
        E(1, [], b, constant=True, order=20),
        E(2, [], "c", constant=True, order=10, ignoreBudget=True),
    )
    assert act(*entries, maxContext=40) == ["B.0", "B.2"]
    assert act(*entries, maxContext=44) == ["B.0", "B.1", "B.2"]  # budget 11


def test_budget_cap_and_tokenizers() -> None:
    entries = (E(0, [], "x" * 30, constant=True),)
    assert act(*entries, settings={"world_info_budget_cap": 5}) == []
    assert act(*entries, settings={"world_info_budget_cap": 5}, tokenizer="words") == ["B.0"]
    assert act(*entries, settings={"world_info_budget_cap": 31}, tokenizer="chars") == []  # 31 chars >= 31


def test_budget_counts_only_recursed_text_of_earlier_passes() -> None:
    settings = {"world_info_recursive": True, "world_info_budget_cap": 25}
    entries = (E(0, ["a"], "rufus " + "z" * 40), E(1, ["rufus"], "dog " + "y" * 30))
    # pass 1: 47 chars -> 15 tokens < 25; pass 2: 15 (recursed) + 11 -> 26 >= 25 -> overflow
    assert act(*entries, messages=("a",), settings=settings) == ["B.0"]
    entries = (E(0, ["a"], "rufus " + "z" * 40, preventRecursion=True), E(1, ["a"], "dog " + "y" * 30, order=50))
    assert act(*entries, messages=("a",), settings=settings) == ["B.0"]  # same pass: 15 + 11 >= 25


def test_min_activations_widen_the_scan_depth() -> None:
    entries = (E(0, ["new"]), E(1, ["old"]), E(2, ["older"]))
    msgs = ("older", "old", "new")
    settings = {"world_info_depth": 1, "world_info_min_activations": 2}
    assert act(*entries, messages=msgs, settings=settings) == ["B.0", "B.1"]
    settings["world_info_min_activations"] = 3
    assert act(*entries, messages=msgs, settings=settings) == ["B.0", "B.1", "B.2"]
    settings["world_info_min_activations_depth_max"] = 1
    assert act(*entries, messages=msgs, settings=settings) == ["B.0", "B.1"]  # depth_max + 1 is still scanned


def test_delay_levels_recurse_even_with_recursion_off() -> None:
    entries = (
        E(0, ["bessie"], "Rufus"),
        E(1, ["rufus"], "plain"),
        E(2, ["rufus"], "l1", delayUntilRecursion=1),
        E(3, ["rufus"], "l2", delayUntilRecursion=2),
    )
    assert act(*entries, messages=("bessie",)) == ["B.0", "B.1", "B.2", "B.3"]
    assert act(*entries[:3], messages=("bessie",)) == ["B.0"]  # one level: no extra pass


# ---- 1.11 timed effects -------------------------------------------------------------------------------------


def _steps(entries: tuple[dict[str, Any], ...], chats: list[list[str]], **kw: Any) -> list[dict[str, Any]]:
    sc = {"books": book(*entries), "steps": [{"chat": chat(*c)} for c in chats], **kw}
    return simulate(sc)["steps"]


def test_sticky_then_protected_cooldown() -> None:
    entries = (E(7, ["timer"], sticky=2, cooldown=2),)
    chats = [
        ["timer"],
        ["timer", "a"],
        ["timer", "a", "timer"],
        ["timer", "a", "timer", "b"],
        ["timer", "a", "timer", "b", "timer"],
    ]
    steps = _steps(entries, chats, settings={"world_info_depth": 1})
    assert [s["activated"] for s in steps] == [["B.7"], ["B.7"], [], [], ["B.7"]]
    assert steps[2]["timedWorldInfo"]["cooldown"]["B.7"]["protected"] is True
    assert {k: v for k, v in steps[2]["timedWorldInfo"]["cooldown"]["B.7"].items() if k != "hash"} == {
        "start": 3,
        "end": 5,
        "protected": True,
    }


def test_delay_and_dry_run() -> None:
    entries = (E(0, ["a"], delay=2), E(1, ["a"], sticky=3))
    steps = _steps(entries, [["a"], ["a", "a"]], settings={"world_info_depth": 1})
    assert [s["activated"] for s in steps] == [["B.1"], ["B.1", "B.0"]]  # sticky entries come first
    sc = {
        "books": book(E(1, ["zebra"], sticky=3)),
        "steps": [{"chat": chat("zebra"), "dryRun": True}, {"chat": chat("zebra", "b")}],
        "settings": {"world_info_depth": 1},
    }
    steps = simulate(sc)["steps"]
    assert steps[0]["timedWorldInfo"] == {"sticky": {}, "cooldown": {}}
    assert steps[1]["activated"] == []


def test_effect_is_dropped_when_the_chat_did_not_advance() -> None:
    entries = (E(1, ["zebra"], sticky=3),)
    # step 2 has the same length (a swipe): the sticky record is deleted, so no key -> no activation
    steps = _steps(entries, [["zebra"], ["other"]], settings={"world_info_depth": 1})
    assert [s["activated"] for s in steps] == [["B.1"], []]
    assert steps[1]["timedWorldInfo"]["sticky"] == {}
    steps = _steps(entries, [["zebra"], ["other", "x"]], settings={"world_info_depth": 1})
    assert [s["activated"] for s in steps] == [["B.1"], ["B.1"]]


def test_sticky_wins_its_group_and_skips_probability() -> None:
    entries = (
        E(0, ["go"], group="g", order=90, groupOverride=True),
        E(1, ["go"], group="g", order=10, sticky=5, useProbability=True, probability=50),
    )
    steps = _steps(entries, [["go"], ["go", "x"]], settings={"world_info_depth": 1}, random={"values": [0.1]})
    assert steps[0]["activated"] == ["B.0"]
    entries = (E(0, ["go"], group="g", order=90), E(1, ["go"], group="g", order=10, sticky=5))
    steps = _steps(
        entries, [["go"], ["go", "x"], ["go", "x", "y"]], settings={"world_info_depth": 1}, random={"values": [0.9]}
    )
    assert steps[0]["activated"] == ["B.1"]
    assert steps[2]["activated"] == ["B.1"]  # sticky: no key needed (go is out of depth), no roll


def test_sticky_member_with_cooldown_is_removed_from_its_own_group() -> None:
    # sticky and cooldown start together; the group filter removes members on cooldown, sticky or not
    entries = (E(0, ["go"], group="g", order=90), E(1, ["go"], group="g", order=10, sticky=2, cooldown=2))
    steps = _steps(
        entries, [["go"], ["go", "x"], ["go", "x", "y"]], settings={"world_info_depth": 1}, random={"values": [0.9]}
    )
    assert [s["activated"] for s in steps] == [["B.1"], [], []]
    entries = (E(0, ["go"], group="g", order=90), E(1, ["go"], order=10, sticky=2, cooldown=2))
    steps = _steps(entries, [["go"], ["go", "x"]], settings={"world_info_depth": 1})
    assert [s["activated"] for s in steps] == [["B.0", "B.1"], ["B.1"]]  # outside a group it stays sticky


# ---- 1.5 sources and 1.13 assembly ------------------------------------------------------------------------------


def test_character_strategy_and_chat_lore_first() -> None:
    books = {
        "G": {"entries": {"0": E(0, [], "global", constant=True, order=200)}},
        "C": {"entries": {"0": E(0, [], "char", constant=True, order=10)}},
        "Chat": {"entries": {"0": E(0, [], "chat", constant=True, order=1)}},
    }
    base = {"books": books, "chat": chat("hi"), "characterBook": "C", "chatBook": "Chat"}
    assert simulate(base)["steps"][0]["activated"] == ["Chat.0", "C.0", "G.0"]
    assert simulate({**base, "settings": {"world_info_character_strategy": 2}})["steps"][0]["activated"] == [
        "Chat.0",
        "G.0",
        "C.0",
    ]
    assert simulate({**base, "settings": {"world_info_character_strategy": 0}})["steps"][0]["activated"] == [
        "Chat.0",
        "G.0",
        "C.0",
    ]
    assert simulate({**base, "globalBooks": ["G", "C"]})["steps"][0]["activated"] == ["Chat.0", "G.0", "C.0"]


def test_slots_are_built_by_unshift_except_outlets() -> None:
    entries = (
        E(0, [], "after-A", constant=True, position=1, order=5),
        E(1, [], "after-B", constant=True, position=1, order=5),
        E(2, [], "ANtop", constant=True, position=2),
        E(3, [], "ANbottom", constant=True, position=3),
        E(4, [], "EMbottom", constant=True, position=6),
        E(5, [], "", constant=True, position=0),
        E(6, [], "sys d0", constant=True, position=4, depth=0, role=0, order=1),
        E(7, [], "asst d0", constant=True, position=4, depth=0, role=2, order=2),
        E(8, [], "sys d0 b", constant=True, position=4, depth=0, role=None, order=3),
        E(9, [], "out-hi", constant=True, position=7, outletName="o", order=9),
        E(10, [], "out-lo", constant=True, position=7, outletName="o", order=1),
        E(11, [], "nowhere", constant=True, position=10),
    )
    step = run(*entries)
    assert step["worldInfoAfter"] == "after-B\nafter-A"  # equal order: later-activated first
    assert step["ANBeforeEntries"] == ["ANtop"] and step["ANAfterEntries"] == ["ANbottom"]
    assert step["EMEntries"] == [{"position": 1, "content": "EMbottom"}]
    assert step["worldInfoBefore"] == ""
    assert step["WIDepthEntries"] == [
        {"depth": 0, "entries": ["sys d0", "sys d0 b"], "role": 0},  # role null joins the system group
        {"depth": 0, "entries": ["asst d0"], "role": 2},
    ]
    assert step["outletEntries"] == {"o": ["out-hi", "out-lo"]}
    assert "B.11" in step["activated"] and "B.5" in step["activated"]


def test_missing_order_keeps_file_order_like_v8() -> None:
    entries = (E(0, [], "a", constant=True), E(1, [], "b", constant=True, order=500), E(2, [], "c", constant=True))
    assert act(*entries) == ["B.0", "B.1", "B.2"]


# ---- bad scenarios -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        ({"books": {"B": {"entries": []}}, "chat": []}, r"'books\.B' must be a world file"),
        ({"books": {}, "chat": [], "characterBook": "X"}, r"'characterBook' names the book 'X'"),
        ({"books": {}}, r"needs 'chat' or 'steps'"),
        ({"books": {}, "chat": "hi"}, r"'steps\[0\]\.chat' must be a list"),
        ({"books": {}, "chat": [], "character": "hero.png"}, r"'character' must be an object"),
        ({"books": {}, "chat": [], "character": {"avatar": 5}}, r"'character\.avatar' must be a file name"),
        ({"books": {}, "chat": [], "tagMap": {"hero.png": "t1"}}, r"'tagMap\.hero\.png' must be a list"),
        ({"books": {}, "chat": [], "chatMetadata": []}, r"'chatMetadata' must be an object"),
        ({"books": {}, "chat": [], "user": {"name": "A"}}, r"'user' must be a name"),
        ({"books": {}, "chat": [], "tokenizer": "gpt"}, r"'tokenizer' must be"),
        ({"books": {}, "chat": [], "random": {"seed": "x"}}, r"'random\.seed' must be a number"),
    ],
)
def test_malformed_scenarios_name_the_field(scenario: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        simulate(scenario)
