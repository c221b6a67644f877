"""The command line: ``python -m kit ...`` in a subprocess as users run it (the entry point, exit codes and
stderr of a real process), and every other check through :func:`kit.cli.main` in this process (the same parser,
commands and error wording, without a Python start-up of several seconds per call)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

import kit
from kit.samples import sample_save_path
from tests.data_folder import shared_file

REPO = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kit", *args], capture_output=True, text=True, cwd=REPO, timeout=300)


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., Outcome]:
    """``kit.cli.main(args)`` in this process, with the repository as working directory, as a finished process.

    An exception that escapes ``main`` fails the test (a subprocess would print it as a traceback); argparse's
    usage errors (``SystemExit``) give their exit code like the process would.
    """
    from kit.cli import main

    monkeypatch.chdir(REPO)

    def call(*args: str) -> Outcome:
        capsys.readouterr()
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
        out, err = capsys.readouterr()
        return Outcome(code, out, err)

    return call


@dataclass(frozen=True)
class Outcome:
    """What a command line run left: the exit code and the two streams (``subprocess.CompletedProcess``'s names)."""

    returncode: int
    stdout: str
    stderr: str


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


def test_summary_of_a_corrupt_database_names_the_file(tmp_path: Path, cli) -> None:
    path = tmp_path / "system" / "database" / "shared.dat"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"garbage")
    result = cli("summary", str(tmp_path))
    assert result.returncode == 2 and "shared.dat" in result.stderr and "cannot decode database" in result.stderr
    assert path.read_bytes() == b"garbage"


def test_item_sources_prints_the_design_json(cli) -> None:
    pack = shared_file("vanilla", "1.21.3")
    result = cli("item-sources", "minecraft:iron_ingot", "recipe", "--pack", str(pack))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["item"] == "minecraft:iron_ingot" and out["scope"] == "recipe"
    assert {s["kind"] for s in out["sources"]} == {"recipe"}
    assert "minecraft:iron_ingot_from_nuggets" in [s["id"] for s in out["sources"]]


def _deep_list_database(save: Path, depth: int) -> None:
    """A shared database (kit layout) whose one value nests ``depth`` Lists, written as raw NBT bytes by hand."""
    import gzip
    import struct

    def name(text: str) -> bytes:
        return struct.pack(">H", len(text)) + text.encode()

    value = b"\x00" + struct.pack(">i", 0)  # the innermost: an empty List
    for _ in range(depth - 1):
        value = b"\x09" + struct.pack(">i", 1) + value  # a List holding one List
    table = (
        b"\x08" + name("codec") + name("string") + b"\x0a" + name("entries") + b"\x09" + name("k") + value + b"\x00\x00"
    )
    root = b"\x0a" + name("") + b"\x03" + name("format_version") + struct.pack(">i", 1)
    root += b"\x0a" + name("tables") + b"\x0a" + name("example:deep") + table + b"\x00\x00"
    path = save / "system" / "database" / "shared.dat"
    path.parent.mkdir(parents=True)
    path.write_bytes(gzip.compress(root))


def test_summary_of_a_database_nesting_lists_500_deep(tmp_path: Path, cli) -> None:
    _deep_list_database(tmp_path, 500)
    result = cli("summary", str(tmp_path))
    assert "Traceback" not in result.stderr
    assert result.returncode == 0, result.stderr
    assert "example:deep" in result.stdout


def test_summary_of_a_database_nesting_too_deep_is_one_line_and_exit_2(tmp_path: Path, cli) -> None:
    _deep_list_database(tmp_path, 600)
    result = cli("summary", str(tmp_path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("kit: error: ")
    assert "shared.dat" in result.stderr and "nesting deeper than 512" in result.stderr


def test_summary_of_a_folder_without_databases_shows_where_they_are(tmp_path: Path, cli) -> None:
    (tmp_path / "world" / "system" / "database").mkdir(parents=True)
    result = cli("summary", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "problems:" in result.stdout and "error: no_databases:" in result.stdout
    assert f"{tmp_path / 'world'} has system/database/: open it instead" in result.stdout


def test_every_command_turns_a_kit_error_into_one_line(tmp_path: Path, cli) -> None:
    from kit.cli import build_parser

    commands = sorted(build_parser()._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    assert "summary" in commands
    missing = str(tmp_path / "does-not-exist")
    for command in commands:
        result = cli(command, missing)
        if result.returncode == 2 and "usage:" in result.stderr:
            continue  # the command takes other arguments: argparse's own one-line usage error
        assert "Traceback" not in result.stderr, (command, result.stderr)
        # one line naming the command's error ("kit: error: ..." from main, or the command's own "kit <command>: ...")
        assert result.returncode == 2 and result.stderr.count("\n") == 1, (command, result.stderr)
        assert result.stderr.startswith("kit"), (command, result.stderr)
