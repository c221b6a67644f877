"""The world-book commands of ``python -m kit``: ``st-simulate`` (scenario files read as the book readers read
files, one-line refusals) and ``worldbook-lint`` (counts, formats, exit status)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kit.cli import main
from kit.worldbook.sillytavern import sillytavern_shape, simulate
from tests.worldbook.sillytavern.st_inputs import SCENARIOS, load_json, shared

# ---- st-simulate ---------------------------------------------------------------------------------------------


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


def test_cli_refuses_deep_json_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"books": {}, "chat": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    assert main(["st-simulate", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "deep.json" in err and "nested deeper than" in err


def test_cli_refuses_huge_integers_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.json"
    path.write_text('{"books": {}, "chat": [], "maxContext": ' + "9" * 5000 + "}", encoding="utf-8")
    assert main(["st-simulate", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "big.json" in err and "digits" in err


def test_cli_refuses_a_fifo_without_blocking(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import os

    fifo = tmp_path / "scenario.json"
    os.mkfifo(fifo)
    assert main(["st-simulate", str(fifo)]) == 2
    err = capsys.readouterr().err.strip()
    assert "not a regular file" in err and "\n" not in err


# ---- worldbook-lint ------------------------------------------------------------------------------------------


def test_cli_worldbook_lint(tmp_path, capsys):
    from kit.cli import main

    clean = {"entries": {"0": {"uid": 0, "key": ["Aldric"], "content": "c"}}}
    dead = {"entries": {"0": {"uid": 0, "content": "c"}, "1": {"uid": 1, "key": ["/(x/"], "content": "c"}}}
    (tmp_path / "clean.json").write_text(json.dumps(clean), encoding="utf-8")
    assert main(["worldbook-lint", str(tmp_path / "clean.json")]) == 0
    assert capsys.readouterr().out.startswith("0 problems")
    (tmp_path / "dead.json").write_text(json.dumps(dead), encoding="utf-8")
    (tmp_path / "broken.json").write_text('{"entries": {,}}', encoding="utf-8")
    assert main(["worldbook-lint", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "never_fires (error): 1" in out and "invalid_regex (error): 1" in out and "unreadable (error): 1" in out
    assert main(["worldbook-lint", str(tmp_path / "dead.json"), "--format", "json"]) == 1
    rows = json.loads(capsys.readouterr().out)
    assert sorted(r["kind"] for r in rows) == ["invalid_regex", "never_fires"]
    assert main(["worldbook-lint", str(tmp_path / "broken.json"), "--format", "csv"]) == 1
    assert "unreadable" in capsys.readouterr().out  # a file that exists but cannot be read is a row
    assert main(["worldbook-lint", str(tmp_path / "missing.json")]) == 2  # a path that does not exist: a kit error
    assert "no such file or folder" in capsys.readouterr().err


def test_cli_worldbook_lint_subprocess(tmp_path):
    import subprocess
    import sys

    (tmp_path / "w.json").write_text(json.dumps({"entries": {"0": {"uid": 0, "content": "c"}}}), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "kit", "worldbook-lint", str(tmp_path / "w.json")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1 and "never_fires" in result.stdout, result.stderr


def test_st_simulate_reads_standard_input(capsys, monkeypatch) -> None:
    import io

    scenario = {"books": {"B": {"entries": {"0": {"uid": 0, "key": ["龙"], "content": "x"}}}}, "chat": [{"mes": "龙"}]}
    data = json.dumps(scenario).encode("utf-8")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf" + data)))
    assert main(["st-simulate", "--no-outcomes", "-"]) == 0
    assert json.loads(capsys.readouterr().out) == simulate(scenario, outcomes=False)


def test_st_simulate_refuses_text_that_is_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"books": {}, "chat": [{"mes": "é"}]}'.encode("latin-1"))
    assert main(["st-simulate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kit st-simulate: ") and "latin1.json" in err and "not UTF-8 text" in err


def test_worldbook_lint_options_reach_the_linter(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import kit.worldbook as wb

    big = {"entries": {str(i): {"uid": i, "constant": True, "content": "x" * 400} for i in range(3)}}
    path = tmp_path / "big.json"
    path.write_text(json.dumps(big), encoding="utf-8")
    assert main(["worldbook-lint", str(path), "--format", "json", "--budget-tokens", "50"]) == 1  # an error row
    with_budget = sorted(r["kind"] for r in json.loads(capsys.readouterr().out))
    assert with_budget == sorted(wb.lint(path, budget_tokens=50)["kind"])
    assert "constants_over_budget" in with_budget
    assert main(["worldbook-lint", str(path), "--format", "json", "--budget-tokens", "100000"]) == 0
    assert "constants_over_budget" not in {r["kind"] for r in json.loads(capsys.readouterr().out)}
