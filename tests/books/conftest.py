"""Fixtures of the kit.books tests (helpers in books_inputs.py)."""

from __future__ import annotations

import pytest

from kit.books import BookStore
from tests.books.books_inputs import lighthouse_studio


@pytest.fixture
def studio(tmp_path) -> BookStore:
    """The lighthouse studio (:func:`tests.books.books_inputs.lighthouse_studio`) in a fresh folder."""
    return lighthouse_studio(tmp_path / "studio")
