"""The committed sample save is exactly what the generator writes (so notebooks and docs stay in sync)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from kit.samples import SAMPLE_SAVE_NAME, sample_save_path

REPO = Path(__file__).resolve().parents[2]


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_generator_reproduces_the_committed_sample_save(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "kit.samples", str(tmp_path)], check=True, cwd=REPO, timeout=600, capture_output=True
    )
    generated = _files(tmp_path / "sample_saves" / SAMPLE_SAVE_NAME)
    committed = _files(sample_save_path())
    assert sorted(generated) == sorted(committed), "files differ: run `make samples` and commit sample_saves/"
    changed = [name for name in generated if generated[name] != committed[name]]
    assert changed == [], f"regenerate with `make samples`: {changed[:10]}"


def test_sample_save_has_every_part() -> None:
    root = sample_save_path()
    assert (root / "system" / "database" / "shared.dat").is_file()
    assert len(list((root / "system" / "database" / "players").glob("*.dat"))) == 4
    assert (root / "datapacks").is_dir()
    assert (root / "studio" / "worldbooks").is_dir() and (root / "studio" / "books").is_dir()
