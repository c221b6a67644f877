"""kit.core.validation: parameter checks that pass good values through and word errors like scikit-learn."""

from __future__ import annotations

import math

import pytest

from kit.core.errors import InvalidParameterError, KitError
from kit.core.validation import check_choice, check_int, check_real, check_str, nearest_names


def test_good_values_come_back_as_their_type() -> None:
    assert check_int(3, "limit", "search") == 3 and type(check_int(3, "limit", "search")) is int
    assert check_int(0, "limit", "search", low=0) == 0
    assert check_real(1, "alpha", "Tuner", low=0.0) == 1.0 and type(check_real(1, "alpha", "Tuner", low=0.0)) is float
    assert check_real(0.5, "alpha", "Tuner", low=0.0, high=0.5) == 0.5
    assert check_choice("bm25", "weighting", "ParagraphIndex", ["bm25", "tfidf"]) == "bm25"
    assert check_str("", "name", "Card") == ""


@pytest.mark.parametrize("value", [0, -1, True, False, 2.0, "3", None])
def test_check_int_refuses_bools_floats_text_and_values_below_low(value) -> None:
    with pytest.raises(InvalidParameterError) as info:
        check_int(value, "limit", "search")
    assert str(info.value) == (
        f"The 'limit' parameter of search must be an int in the range [1, inf). Got {value!r} instead."
    )


@pytest.mark.parametrize("value", [-0.1, 1.5, math.nan, math.inf, True, "0.3", None])
def test_check_real_refuses_out_of_range_non_finite_bools_and_text(value) -> None:
    with pytest.raises(InvalidParameterError, match=r"must be a float in the range \[0\.0, 1\.0\]") as info:
        check_real(value, "alpha", "Tuner", low=0.0, high=1.0)
    assert f"Got {value!r} instead." in str(info.value)


def test_check_real_words_an_open_upper_end_as_inf() -> None:
    with pytest.raises(InvalidParameterError, match=r"in the range \[1\.0, inf\]\. Got 0 instead"):
        check_real(0, "k1", "BM25", low=1.0)


def test_check_choice_lists_the_choices_and_refuses_non_strings() -> None:
    for value in ("BM25", None, 1):
        with pytest.raises(InvalidParameterError) as info:
            check_choice(value, "weighting", "ParagraphIndex", iter(["bm25", "tfidf"]))
        assert str(info.value) == (
            "The 'weighting' parameter of ParagraphIndex must be a str among {'bm25', 'tfidf'}. "
            f"Got {value!r} instead."
        )


def test_check_str_refuses_other_types_and_the_error_is_a_kit_value_and_type_error() -> None:
    with pytest.raises(InvalidParameterError, match=r"The 'name' parameter of Card must be a str\. Got b'x'") as info:
        check_str(b"x", "name", "Card")
    assert isinstance(info.value, (KitError)) and isinstance(info.value, ValueError)
    assert isinstance(info.value, TypeError)


def test_nearest_names_are_close_candidates_only_best_first() -> None:
    assert nearest_names("a:signn", ["a:signin", "a:core", "b:shop"], cutoff=0.6) == ["a:signin"]
    assert nearest_names("zzz", ["a:signin"]) == [] and nearest_names("a:x", []) == []
    assert nearest_names("dragn", ["dragon", "drag", "dragon", "wyrm"], n=1) == ["dragon"]  # repeats counted once
    assert nearest_names(42, ["42", "43"]) == ["42", "43"]  # a non-string name is compared as its text
