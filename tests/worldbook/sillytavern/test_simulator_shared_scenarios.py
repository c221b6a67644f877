"""Every shared SillyTavern scenario reproduces SillyTavern 1.15.0's expected result exactly."""

from __future__ import annotations

import pytest

from kit.worldbook.engine.reasons import OUTCOMES
from kit.worldbook.sillytavern import sillytavern_shape, simulate
from tests.worldbook.sillytavern.st_inputs import SCENARIOS, load_json, scenario_names, without_hashes


@pytest.mark.parametrize("name", scenario_names())
def test_shared_scenario_reproduces_expected(name: str) -> None:
    scenario = load_json(SCENARIOS / "scenarios" / f"{name}.json")
    expected = load_json(SCENARIOS / "expected" / f"{name}.json")
    got = simulate(scenario)  # with kit's outcomes: SillyTavern's keys compared, outcomes checked for shape
    shaped = sillytavern_shape(got)
    assert without_hashes(shaped) == without_hashes(expected)
    assert shaped == expected  # hashes too: kit computes SillyTavern's cyrb53 of the same JSON
    assert simulate(scenario, outcomes=False) == expected
    for step in got["steps"]:
        assert {o["outcome"] for o in step["outcomes"]} <= set(OUTCOMES)
        activated = [f"{o['book']}.{o['uid']}" for o in step["outcomes"] if o["outcome"] == "activated"]
        assert sorted(activated) == sorted(step["activated"])


def test_there_are_shared_scenarios() -> None:
    if not (SCENARIOS / "scenarios").exists():
        pytest.skip("shared data not available")
    assert len(scenario_names()) >= 13


def test_shared_scenario_with_trace_has_same_result() -> None:
    scenario = load_json(SCENARIOS / "scenarios" / "recursion_groups_timed.json")
    traced = simulate(scenario, trace=True)
    assert without_hashes(traced) == without_hashes(simulate(scenario))
    assert sillytavern_shape(traced) == load_json(SCENARIOS / "expected" / "recursion_groups_timed.json")
    events = traced["steps"][0]["trace"]
    assert {
        "entry": "B.3",
        "loop": 2,
        "scan_state": "recursion",
        "stage": "skipped",
        "reason": "suppressed by exclude recursion",
    } in events
    assert any(e["entry"] == "B.4" and e["stage"] == "removed" for e in events)
