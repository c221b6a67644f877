"""Fixtures and hooks shared by every test folder.

- Real data sets are looked up in one place (:mod:`tests.data_folder`). A test that reaches for a data
  file that is not there is skipped with one line saying what is missing, never failed: the repository
  passes its own tests without the data.
- ``sample_save`` / ``sample_save_copy``: the embedded sample save, read-only or as a private copy.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.data_folder import SHARED_DATA, missing_reason


def _missing_data_file(exc: BaseException) -> Path | None:
    """The data-folder path a FileNotFoundError is about, when the data folder is absent or incomplete."""
    while exc is not None:
        if isinstance(exc, FileNotFoundError) and exc.filename:
            path = Path(str(exc.filename))
            try:
                path.resolve().relative_to(SHARED_DATA.resolve())
            except ValueError:
                pass
            else:
                return path
        exc = exc.__cause__ or exc.__context__
    return None


def _skip_when_data_is_missing(outcome) -> None:
    excinfo = outcome.excinfo
    if excinfo is not None:
        missing = _missing_data_file(excinfo[1])
        if missing is not None and not missing.exists():
            outcome.force_exception(pytest.skip.Exception(missing_reason(missing), _use_item_location=True))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item):
    _skip_when_data_is_missing((yield))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item):
    _skip_when_data_is_missing((yield))


@pytest.fixture(scope="session")
def sample_save() -> Path:
    """The embedded sample save folder (do not write into it)."""
    from kit.samples import sample_save_path

    return sample_save_path()


@pytest.fixture
def sample_save_copy(sample_save: Path, tmp_path: Path) -> Path:
    """A private copy of the sample save that a test may change."""
    target = tmp_path / sample_save.name
    shutil.copytree(sample_save, target)
    return target


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests that drive a real browser are slow by nature: ``make test-fast`` leaves them out."""
    for item in items:
        if "browser" in Path(str(item.fspath)).parts:
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder outside the save or store under test, holding ``victim.txt``, which no write may reach."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "victim.txt").write_bytes(b"precious bytes outside the save or store\n")
    return folder
