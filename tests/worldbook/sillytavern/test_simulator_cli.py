"""The ``st-simulate`` command."""

from __future__ import annotations

import json

from kit.cli import main
from kit.worldbook.sillytavern import sillytavern_shape, simulate
from tests.worldbook.sillytavern.st_inputs import SCENARIOS, load_json, shared


def test_st_simulate_prints_the_simulation(capsys) -> None:
    path = shared(SCENARIOS / "scenarios" / "recursion_groups_timed.json")
    assert main(["st-simulate", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == simulate(load_json(path))
    assert all("outcomes" in step for step in printed["steps"])
    expected = load_json(SCENARIOS / "expected" / "recursion_groups_timed.json")
    assert sillytavern_shape(printed) == expected


def test_st_simulate_without_outcomes_prints_sillytavern_result(capsys) -> None:
    name = "recursion_groups_timed.json"
    assert main(["st-simulate", "--no-outcomes", str(shared(SCENARIOS / "scenarios" / name))]) == 0
    assert json.loads(capsys.readouterr().out) == load_json(SCENARIOS / "expected" / name)


def test_st_simulate_trace_and_compact(capsys, tmp_path) -> None:
    path = tmp_path / "s.json"
    path.write_text(
        json.dumps(
            {
                "books": {"B": {"entries": {"0": {"uid": 0, "key": ["龙"], "content": "x"}}}},
                "chat": [{"name": "U", "mes": "一条龙"}],
            }
        ),
        encoding="utf-8",
    )
    assert main(["st-simulate", "--trace", "--compact", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    step = json.loads(out)["steps"][0]
    assert step["activated"] == ["B.0"] and step["trace"][0]["entry"] == "B.0"


def test_st_simulate_reports_bad_input(capsys, tmp_path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", encoding="utf-8")
    assert main(["st-simulate", str(bad)]) == 2
    assert "bad.json': not valid JSON (line 1" in capsys.readouterr().err
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"books": {}, "chat": [], "characterBook": "Nope"}), encoding="utf-8")
    assert main(["st-simulate", str(wrong)]) == 1
    assert "'characterBook' names the book 'Nope'" in capsys.readouterr().err
    assert main(["st-simulate", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
