"""The distribution: a wheel built from the repository carries everything the API needs at run time.

The wheel is unpacked into a temporary folder and used from a working folder outside the repository,
so nothing can be found through the source tree: the sample save is then generated into a cache folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def test_distribution_name_does_not_collide_with_the_import_name():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    # "kit" is taken on the public index by an unrelated package; the import name stays kit
    assert project["name"] != "kit"
    assert project["name"].startswith("kit-")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("uv is not installed (make env installs it)")
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [uv, "build", "--wheel", "--out-dir", str(out), str(REPO)],
        check=True,
        capture_output=True,
        env={**os.environ, "UV_PYTHON_DOWNLOADS": "never"},
    )
    (found,) = out.glob("kit_research-*.whl")
    return found


def test_wheel_holds_every_module_and_data_file(wheel: Path):
    names = set(zipfile.ZipFile(wheel).namelist())
    source = {
        str(p.relative_to(REPO)) for p in (REPO / "kit").rglob("*") if p.is_file() and "__pycache__" not in p.parts
    }
    missing = sorted(source - names)
    assert not missing, f"files of kit/ missing from the wheel: {missing[:10]}"
    assert "kit/py.typed" in names
    assert any(n.startswith("kit/samples/data/") and n.endswith(".json") for n in names)


def test_installed_wheel_works_without_the_source_tree(wheel: Path, tmp_path: Path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    work = tmp_path / "work"
    work.mkdir()
    code = (
        "import kit, kit.samples\n"
        f"assert kit.__file__.startswith({str(site)!r}), kit.__file__\n"
        "path = kit.samples.sample_save_path()\n"
        f"assert str(path).startswith({str(tmp_path / 'cache')!r}), path\n"
        "save = kit.open_save(path)\n"
        "found = kit.ask(save, save.databases.player_uuids()[0], 'diamond', language='en_us')\n"
        "print(len(found) > 0, kit.samples.load_studio().library is not None)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(site), "KIT_SAMPLES_CACHE": str(tmp_path / "cache")}
    result = subprocess.run([sys.executable, "-c", code], cwd=work, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split() == ["True", "True"]
