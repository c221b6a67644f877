"""The property tests' example counts: the full count by default, a share of it for ``make test-fast``."""

from __future__ import annotations

import pytest

from tests.examples import MINIMUM, examples, scale_from


def test_the_full_count_unless_scaled() -> None:
    assert examples(400, 1.0) == 400
    assert examples(400, 0.3) == 120
    assert examples(20, 0.3) == MINIMUM
    assert examples(5, 0.3) == 5


def test_the_setting_is_read_as_a_share() -> None:
    assert scale_from("0.3") == 0.3
    assert scale_from("1") == 1.0


@pytest.mark.parametrize("value", ["fast", "0", "1.5", ""])
def test_a_bad_setting_is_refused_with_its_name(value: str) -> None:
    with pytest.raises(ValueError, match=f"KIT_TEST_EXAMPLES must be a number between 0 and 1, got {value!r}"):
        scale_from(value)
