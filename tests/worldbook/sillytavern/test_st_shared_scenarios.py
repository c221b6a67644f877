"""Every shared SillyTavern scenario reproduces SillyTavern 1.15.0's expected result exactly."""

from __future__ import annotations

import pytest
from st_inputs import SCENARIOS, load_json, scenario_names, without_hashes

from kit.worldbook.sillytavern import simulate


@pytest.mark.parametrize("name", scenario_names())
def test_shared_scenario_reproduces_expected(name: str) -> None:
    scenario = load_json(SCENARIOS / "scenarios" / f"{name}.json")
    expected = load_json(SCENARIOS / "expected" / f"{name}.json")
    got = simulate(scenario)
    assert without_hashes(got) == without_hashes(expected)
    assert got == expected  # hashes too: kit computes SillyTavern's cyrb53 of the same JSON


def test_there_are_shared_scenarios() -> None:
    if not (SCENARIOS / "scenarios").exists():
        pytest.skip("shared data not available")
    assert len(scenario_names()) >= 13


def test_shared_scenario_with_trace_has_same_result() -> None:
    scenario = load_json(SCENARIOS / "scenarios" / "recursion_groups_timed.json")
    traced = simulate(scenario, trace=True)
    assert without_hashes(traced) == without_hashes(simulate(scenario))
    events = traced["steps"][0]["trace"]
    assert {
        "entry": "B.3",
        "loop": 2,
        "scan_state": "recursion",
        "stage": "skipped",
        "reason": "suppressed by exclude recursion",
    } in events
    assert any(e["entry"] == "B.4" and e["stage"] == "removed" for e in events)
