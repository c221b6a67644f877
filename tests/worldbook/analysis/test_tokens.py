"""Token counters for the budget: SillyTavern's guesstimate over JavaScript lengths, and the Mistral tokenizer."""

from __future__ import annotations

import pytest

from kit.core.errors import InvalidParameterError
from kit.worldbook.analysis.tokens import TOKENIZERS, TokenCounter, js_length, token_counter


def test_token_counters():
    g = token_counter()
    assert g("") == 0 and g("abcd") == 2 and js_length("a😀") == 3
    m = token_counter("mistral")
    assert m("") == 0 and 1 <= m("hello world") <= 4
    assert m("冰川镐" * 10) > g("冰川镐" * 10)  # the guesstimate undercounts Chinese
    with pytest.raises(InvalidParameterError, match="Did you mean 'mistral'"):
        token_counter("mistrall")


@pytest.mark.parametrize(
    "text, length",
    [("", 0), ("abc", 3), ("冰川镐", 3), ("😀", 2), ("a😀b😀", 6), ("\U00020000", 2), ("é", 1)],
)
def test_js_length_counts_utf16_code_units(text, length):
    assert js_length(text) == length
    assert js_length(text) == len(text.encode("utf-16-le")) // 2


def test_guesstimate_is_ceil_of_length_over_3_35_and_additive_in_its_measure():
    g = token_counter("guesstimate")
    assert isinstance(g, TokenCounter) and g.name == "guesstimate" and g.name in TOKENIZERS
    assert [g("x" * n) for n in (1, 3, 4, 67, 68)] == [1, 1, 2, 20, 21]
    assert g.measure("ab") + g.measure("😀") == g.measure("ab😀")
    assert g.count_of(g.measure("x" * 68)) == g("x" * 68)


def test_unknown_tokenizer_lists_the_known_ones():
    with pytest.raises(InvalidParameterError, match=r"one of \['guesstimate', 'mistral'\]. Got 'gpt' instead.$"):
        token_counter("gpt")
    with pytest.raises(InvalidParameterError, match="Did you mean 'guesstimate'"):
        token_counter("guestimate")
