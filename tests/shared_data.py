"""Where the read-only shared material lives (beside the repository) for tests that read real files."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
SHARED_DATA = SHARED / "data"


def shared_file(*parts: str) -> Path:
    """Return a path under ``../shared/data``; skip the test when the shared folder is absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared data not available: {path}")
    return path
