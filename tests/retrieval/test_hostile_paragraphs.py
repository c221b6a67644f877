"""Hostile input for kit.retrieval.split_paragraphs: white space that is not ASCII, long runs that used to make
the sentence cutter quadratic, and the invariants under generated input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.retrieval import split_paragraphs
from tests.examples import examples
from tests.hostile import assert_linear

UNICODE_SPACES = ["\xa0", "\u3000", "\u2003", "\u2009", "\x0b", "\x0c", "\x1f", "\u2028", "\u205f"]


@pytest.mark.parametrize("space", UNICODE_SPACES)
def test_white_space_only_text_has_no_paragraphs(space):
    assert split_paragraphs(space) == []
    assert split_paragraphs(space * 50 + "\n" + space) == []
    assert split_paragraphs(space, max_chars=1) == []


@pytest.mark.parametrize("space", UNICODE_SPACES[:4])
def test_a_line_of_unicode_white_space_separates_paragraphs(space):
    assert split_paragraphs(f"first\n{space}\nsecond") == ["first", "second"]


@pytest.mark.parametrize(
    "text",
    [
        ".",
        "." * 10_000,
        "a" + "." * 10_000 + "b",
        "!?" * 5_000,
        "。" * 10_000,
        ")" * 10_000,
        "." * 5_000 + " " + "." * 5_000,
    ],
)
def test_runs_of_sentence_marks_keep_every_character(text):
    pieces = split_paragraphs(text, max_chars=300)
    assert "".join(pieces) == "".join(text.split())
    assert all(0 < len(p) <= 300 for p in pieces)


def test_a_dot_run_followed_by_space_still_ends_a_sentence():
    assert split_paragraphs("Wait... " + "x" * 10, max_chars=10) == ["Wait...", "x" * 10]


@pytest.mark.slow
@pytest.mark.parametrize(
    "make",
    [
        lambda n: "." * n,  # the case: a long run of dots
        lambda n: "a" + "." * n + "a",
        lambda n: "x." * n,  # dots that never end a sentence
        lambda n: "." * n + " end",
        lambda n: "a " * n,  # many tiny pieces for the packer
    ],
    ids=["dots", "enclosed-dots", "x-dot", "dots-then-space", "words"],
)
@pytest.mark.parametrize("max_chars", [2000, 1])
def test_splitting_is_linear(make, max_chars):
    # Both sizes must exceed max_chars: a text that fits in one paragraph takes a shortcut that is ~10x cheaper
    # per character, and comparing the shortcut with the general path looked quadratic (CI saw 75x for 16x).
    assert_linear(make, lambda text: split_paragraphs(text, max_chars=max_chars), 4_000)


_alphabet = st.sampled_from(list('ab .!?。\n#\t)"\xa0\u3000') + ["\n\n", "...", "## ", "\xa0\n"])


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(_alphabet, max_size=120).map("".join), st.one_of(st.none(), st.integers(1, 40)))
def test_generated_text_gives_non_empty_stripped_bounded_ordered_substrings(text, max_chars):
    paragraphs = split_paragraphs(text, max_chars=max_chars)
    normalised = text.replace("\r\n", "\n").replace("\r", "\n")
    position = 0
    for paragraph in paragraphs:
        assert paragraph and paragraph == paragraph.strip()
        found = normalised.find(paragraph, position)
        assert found >= 0
        position = found + len(paragraph)
        assert max_chars is None or len(paragraph) <= max_chars
    assert "".join("".join(p.split()) for p in paragraphs) == "".join(text.split())
