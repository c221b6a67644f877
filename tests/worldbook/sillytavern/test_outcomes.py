"""The simulator's outcomes (``outcomes``): one code per entry and step, every SillyTavern rule reachable; near
misses. The frame of ``why`` is tested in ``test_scenario_why.py``.
"""

from __future__ import annotations

from typing import Any

from kit.worldbook.engine.reasons import OUTCOME_RULES
from kit.worldbook.sillytavern import sillytavern_shape, simulate, why
from tests.worldbook.sillytavern.st_inputs import E, book, chat

#: (key, a word its content mentions): entries that activate each other through recursion
PAIRS = [
    ("dragon", "wizard"),
    ("wizard", "castle"),
    ("castle", "龙"),
    ("龙", "moon"),
    ("moon", "dragon"),
    ("knight", "x"),
]
MESSAGES = ("a dragon", "the Knight sleeps", "nothing", "moonlight", "城堡里的龙", "knights")


def outcome_of(
    *entries: dict[str, Any], messages: tuple[str, ...] = ("hello dragon",), **scenario: Any
) -> dict[str, str]:
    sc = {"books": book(*entries), "chat": chat(*messages), **scenario}
    r = why(sc)
    return dict(zip(r["uid"], r["outcome"].astype(str)))


def test_every_sillytavern_rule_has_a_reachable_outcome() -> None:
    seen: set[str] = set()

    def expect(code: str, *entries: dict[str, Any], uid: str = "0", **kw: Any) -> None:
        got = outcome_of(*entries, **kw)[uid]
        assert got == code, (code, got)
        seen.add(code)

    expect("activated", E(0, ["dragon"]))
    expect("disabled", E(0, ["dragon"], disable=True))
    expect("generation_type", E(0, ["dragon"], triggers=["quiet"]))
    expect(
        "character_filter",
        E(0, ["dragon"], characterFilter={"names": ["Other"], "isExclude": False, "tags": []}),
        character={"avatar": "Sera.png"},
    )
    expect("delay", E(0, ["dragon"], delay=5))
    expect("delay_until_recursion", E(0, ["dragon"], delayUntilRecursion=True))
    expect(
        "recursion_excluded",
        E(1, ["dragon"], content="a wizard"),
        E(0, ["wizard"], excludeRecursion=True),
        settings={"world_info_recursive": True},
    )
    expect("decorator", E(0, ["dragon"], content="@@dont_activate\ntext"))
    expect("no_trigger", E(0, None))
    expect("no_key_match", E(0, ["unicorn"]))
    expect("secondary_logic", E(0, ["dragon"], keysecondary=["castle"], selective=True, selectiveLogic=0))
    expect(
        "max_recursion",
        E(1, ["dragon"], content="a wizard"),
        E(0, ["wizard"]),
        settings={"world_info_recursive": True, "world_info_max_recursion_steps": 1},
    )
    expect("group_lost", E(1, ["dragon"], group="g", groupOverride=True, order=9), E(0, ["dragon"], group="g", order=1))
    expect("probability", E(0, ["dragon"], useProbability=True, probability=0), random={"values": [0.5]})
    expect("budget", E(0, ["dragon"], content="x" * 400), maxContext=100)
    # cooldown: activated at step 0 (chat length 1), on cooldown at step 1
    sc = {
        "books": book(E(0, ["dragon"], cooldown=3)),
        "steps": [{"chat": chat("dragon")}, {"chat": chat("dragon", "dragon", "dragon")}],
    }
    r = why(sc)
    assert r["outcome"].astype(str).tolist() == ["activated", "cooldown"] and r["turn"].tolist() == [0, 1]
    seen.add("cooldown")
    st_codes = {code for code, engines, _ in OUTCOME_RULES if engines in ("sillytavern", "both")}
    assert seen == st_codes


def test_outcomes_do_not_change_the_result() -> None:
    entries = [E(i, [w], content=f"{w} {v}", group="g" if i % 3 == 0 else "") for i, (w, v) in enumerate(PAIRS)]
    sc = {
        "books": book(*entries),
        "steps": [{"chat": chat(*MESSAGES[: i + 1])} for i in range(len(MESSAGES))],
        "settings": {"world_info_recursive": True, "world_info_match_whole_words": True},
        "random": {"seed": 5},
    }
    with_outcomes = simulate(sc, trace=True)
    without = simulate(sc, trace=True, outcomes=False)
    assert sillytavern_shape(with_outcomes) == sillytavern_shape(without)
    assert [s["trace"] for s in with_outcomes["steps"]] == [s["trace"] for s in without["steps"]]
    assert all(len(s["outcomes"]) == len(entries) for s in with_outcomes["steps"])


def test_near_misses_do_not_depend_on_the_other_entries() -> None:
    # recursion off: each entry's near miss depends on the chat only, whatever else is in the book
    entries = [
        E(0, ["lyra"], caseSensitive=True),
        E(1, ["cat"], matchWholeWords=True),
        E(2, ["harbour"]),
        E(3, ["glacite"], scanDepth=1),
        E(4, ["sapphire"], matchPersonaDescription=False),
        # a key across the buffer's joint of two messages: the key index (one piece at a time) cannot rule it out
        E(5, ["GLACIT\n\x01char"], caseSensitive=True),
        E(6, ["harbour"], scanDepth=3),  # activates: no near miss
        E(7, ["nothing here"]),
    ]
    sc = {
        "chat": chat("the harbour", "Wears\nA hat", "the Lyra cats and glacit"),
        "globalScanData": {"personaDescription": "wears a sapphire"},
        "settings": {"world_info_depth": 2},
    }
    together = why({**sc, "books": book(*entries)})
    alone = [why({**sc, "books": book(e)})["near_miss"].iloc[0] for e in entries]
    assert together["near_miss"].tolist() == alone
    assert alone == [
        "case: Lyra",
        "whole word: cat",
        "scan depth: harbour",
        "typo: glacit",
        "personaDescription: sapphire",
        "case: glacit\n\x01Char",
        "",
        "",
    ]


def test_the_furthest_pass_gives_the_outcome() -> None:
    # no match in the initial pass, refused in the recursion pass: it needed a match in the initial pass
    got = outcome_of(
        E(1, ["dragon"], content="no link"),
        E(0, ["wizard"], excludeRecursion=True),
        settings={"world_info_recursive": True},
    )
    assert got["0"] == "no_key_match"


def test_sillytavern_near_misses() -> None:
    def near(entry: dict[str, Any], messages: tuple[str, ...] = ("the Lyra cats and glacit",), **kw: Any) -> str:
        r = why({"books": book(entry), "chat": chat(*messages), **kw})
        assert r["outcome"].astype(str).tolist() == ["no_key_match"]
        return r["near_miss"].iloc[0]

    assert near(E(0, ["lyra"], caseSensitive=True)) == "case: Lyra"
    assert near(E(0, ["cat"], matchWholeWords=True)) == "whole word: cat"
    assert near(E(0, ["harbour"]), messages=("the harbour", "x", "y")) == "scan depth: harbour"
    persona = {"personaDescription": "wears a sapphire"}
    assert near(E(0, ["sapphire"]), globalScanData=persona) == "personaDescription: sapphire"
    assert near(E(0, ["glacite"])) == "typo: glacit"
    assert near(E(0, ["/glacite/"])) == ""
