from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.core.errors import KitError
from kit.retrieval import InvalidParameterError, split_paragraphs
from tests.examples import examples
from tests.retrieval.retrieval_inputs import SPLIT_CASES


@pytest.mark.parametrize(("text", "max_chars", "expected"), SPLIT_CASES)
def test_split_cases(text, max_chars, expected):
    assert split_paragraphs(text, max_chars=max_chars) == expected


def test_default_keeps_ordinary_paragraphs_whole():
    long_paragraph = "word " * 300  # 1500 characters, below the default limit
    assert split_paragraphs(long_paragraph) == [long_paragraph.strip()]
    assert len(split_paragraphs("Sentence one is here. " * 200)) > 1


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "10"])
def test_max_chars_must_be_positive_int(bad):
    with pytest.raises(
        InvalidParameterError,
        match=r"The 'max_chars' parameter of split_paragraphs must be an int in the range \[1, inf\)",
    ) as info:
        split_paragraphs("text", max_chars=bad)
    assert isinstance(info.value, (KitError, ValueError))


def test_text_must_be_str():
    with pytest.raises(InvalidParameterError, match="'text' parameter of split_paragraphs must be a str"):
        split_paragraphs(None)  # type: ignore[arg-type]


_alphabet = st.sampled_from(list("ab 。！？.!?\n#铁镐") + ["\n\n", "## ", ". "])


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(_alphabet, max_size=80).map("".join), st.integers(min_value=1, max_value=30))
def test_paragraphs_are_ordered_stripped_bounded_substrings(text, max_chars):
    paragraphs = split_paragraphs(text, max_chars=max_chars)
    position = 0
    for paragraph in paragraphs:
        assert paragraph and paragraph == paragraph.strip()
        found = text.find(paragraph, position)
        assert found >= 0
        position = found + len(paragraph)
        assert len(paragraph) <= max_chars
    all_text = "".join(text.split())
    assert "".join("".join(p.split()) for p in paragraphs) == all_text
