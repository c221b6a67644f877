"""Where the real data sets live for tests that read them: the one place tests look them up.

The folder is ``$KIT_SHARED_DATA`` when that is set, otherwise ``../shared/data`` beside the repository.
A test that needs a data set asks :func:`shared_file` (or :func:`require`), which skips it with one line
naming what is missing and how to point at it. The repository's own tests never need this folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

#: Environment variable naming the data folder (the one holding ``vanilla/``, ``worldbooks/``, ``ir/``, ...).
DATA_ENV = "KIT_SHARED_DATA"

SHARED_DATA = Path(os.environ.get(DATA_ENV) or REPO.parent / "shared" / "data")
#: Kept for the tests written against ``../shared`` (notes live beside the data folder).
SHARED = SHARED_DATA.parent


def missing_reason(path: Path) -> str:
    """The one-line skip reason for a missing data set."""
    return f"real data missing: {path} (set {DATA_ENV} to the data folder; default ../shared/data)"


def require(path: Path) -> Path:
    """Return ``path``; skip the calling test when it does not exist."""
    if not path.exists():
        pytest.skip(missing_reason(path))
    return path


def shared_file(*parts: str) -> Path:
    """Return a path under the data folder; skip the test when it is absent."""
    return require(SHARED_DATA.joinpath(*parts))
