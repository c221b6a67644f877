"""The key index and the piecewise scan give the same answers as matchKeys on the whole scan text."""

from __future__ import annotations

import random

import pytest

from kit.worldbook.sillytavern.buffer import (
    SCAN_INITIAL,
    SCAN_RECURSION,
    ScanBuffer,
    _whole_word_find,
    _whole_word_re,
    exact_plain,
    match_key,
)
from kit.worldbook.sillytavern.keyindex import KeyIndex

ALPHABET = "aB _-\n\x01Σς龙1"


def _text(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, n)))


def test_whole_word_find_agrees_with_the_boundary_regex() -> None:
    rng = random.Random(7)
    for _ in range(20_000):
        hay, needle = _text(rng, 14), _text(rng, 3) or "a"
        assert _whole_word_find(hay, needle) == (_whole_word_re(needle).search(hay) is not None), (hay, needle)


@pytest.mark.parametrize("case_sensitive", [True, False])
@pytest.mark.parametrize("whole", [True, False])
def test_key_index_agrees_with_match_key(case_sensitive: bool, whole: bool) -> None:
    rng = random.Random(11)
    index = KeyIndex(exact_plain)
    registered = [_text(rng, 3) or "a" for _ in range(40)]
    for needle in registered:
        index.add(needle)
    for _ in range(3_000):
        text = _text(rng, 20)
        needle = rng.choice(registered) if rng.random() < 0.7 else (_text(rng, 3) or "b")  # some never registered
        expected = match_key(text, needle, case_sensitive=case_sensitive, whole_words=whole)
        assert index.matches(text, needle, case_sensitive, whole) == expected, (text, needle)


def test_new_keys_after_a_scan_are_found() -> None:
    index = KeyIndex(exact_plain)
    index.add("dragon")
    assert index.matches("a Dragon here", "dragon", False, True)
    index.add("here")  # a key registered later: the cached scan of that text is redone
    assert "here" in index.found("a Dragon here", False)
    assert index.matches("a Dragon here", "here", True, True)


@pytest.mark.parametrize("whole", [True, False])
def test_piecewise_scan_agrees_with_the_whole_text(whole: bool) -> None:
    rng = random.Random(23)
    for _ in range(300):
        messages = [_text(rng, 12) for _ in range(rng.randint(0, 5))]
        settings = {
            "world_info_depth": rng.randint(0, 6),
            "world_info_match_whole_words": whole,
            "world_info_case_sensitive": rng.random() < 0.5,
        }
        buffer = ScanBuffer(messages, settings, {"scenario": _text(rng, 8)})
        if rng.random() < 0.5:
            buffer.add_inject(_text(rng, 8))
        entry = {"matchScenario": rng.random() < 0.5}
        needles = [(_text(rng, 3) or "a").strip(" \n") or "a" for _ in range(8)]
        for needle in needles:
            buffer.index.add(needle)
        for state in (SCAN_INITIAL, SCAN_RECURSION, SCAN_RECURSION):
            for needle in needles:
                expected = buffer.match(buffer.get(entry, state), needle, entry)
                assert buffer.matches(entry, needle, state) == expected, (messages, needle, state)
            buffer.add_recurse(_text(rng, 10))
