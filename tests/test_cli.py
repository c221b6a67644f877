"""The command line, run as users run it: ``python -m kit ...`` in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import kit
from kit.samples import sample_save_path
from tests.data_folder import shared_file

REPO = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kit", *args], capture_output=True, text=True, cwd=REPO, timeout=300)


def test_summary_of_the_sample_save() -> None:
    result = run("summary", "sample_saves/aurora_server")
    assert result.returncode == 0, result.stderr
    assert "save: aurora_server" in result.stdout
    assert "system:knowledge" in result.stdout and "system:ftb_guides" in result.stdout
    with kit.open_save(sample_save_path()) as save:
        n_players = len(save.databases.player_uuids())
    assert result.stdout.count("player ") == n_players


def test_summary_of_a_missing_save_is_a_clean_error(tmp_path: Path) -> None:
    result = run("summary", str(tmp_path / "nope"))
    assert result.returncode == 2
    assert "kit: error:" in result.stderr and "no such save folder" in result.stderr
    assert "Traceback" not in result.stderr


def test_summary_of_a_corrupt_database_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "system" / "database" / "shared.dat"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"garbage")
    result = run("summary", str(tmp_path))
    assert result.returncode == 2 and "shared.dat" in result.stderr and "cannot decode database" in result.stderr
    assert path.read_bytes() == b"garbage"


def test_item_sources_prints_the_design_json() -> None:
    pack = shared_file("vanilla", "1.21.3")
    result = run("item-sources", "minecraft:iron_ingot", "recipe", "--pack", str(pack))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["item"] == "minecraft:iron_ingot" and out["scope"] == "recipe"
    assert {s["kind"] for s in out["sources"]} == {"recipe"}
    assert "minecraft:iron_ingot_from_nuggets" in [s["id"] for s in out["sources"]]
