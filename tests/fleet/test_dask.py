"""Progress of fleet computations: Dask's bar on the local scheduler, shown by default only on long runs."""

from __future__ import annotations

import time

import dask
import pytest

import kit.fleet
from kit.fleet import _dask


def _slow(x: int) -> int:
    time.sleep(0.3)
    return x + 1


def test_progress_true_shows_the_bar_and_none_stays_quiet_on_short_runs(capsys, generated_fleet):
    fleet = kit.fleet.open_fleet(generated_fleet.root)
    (summary,) = fleet.compute(fleet.summary(), progress=True)
    shown = capsys.readouterr().out
    assert "[" in shown and "100%" in shown and "Completed" in shown
    (again,) = fleet.compute(fleet.summary())  # a short run: nothing printed by default
    assert capsys.readouterr().out == ""
    fleet.compute(fleet.summary(), progress=False)
    assert capsys.readouterr().out == ""
    assert again.equals(summary)


def test_progress_none_shows_the_bar_once_a_run_is_long(capsys, monkeypatch):
    monkeypatch.setattr(_dask, "LONG_RUN_SECONDS", 0.1)
    (result,) = _dask.compute(dask.delayed(_slow)(1))
    assert result == 2 and "100%" in capsys.readouterr().out
    (result,) = _dask.compute(dask.delayed(_slow)(1), progress=False)
    assert result == 2 and capsys.readouterr().out == ""


def test_progress_must_be_a_bool_or_none(generated_fleet):
    fleet = kit.fleet.open_fleet(generated_fleet.root)
    with pytest.raises(
        kit.fleet.FleetParameterError, match=r"'progress' parameter of Fleet.compute must be a bool or None"
    ):
        fleet.compute(fleet.summary(), progress="yes")
    with pytest.raises(kit.fleet.FleetParameterError, match="'progress' parameter of coverage"):
        kit.fleet.coverage([], [], progress=1)
    with pytest.raises(kit.fleet.FleetParameterError, match="'progress' parameter of evaluate_grid"):
        kit.fleet.evaluate_grid({}, {}, progress="no")
