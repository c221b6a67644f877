"""Near-miss helpers: a word within one edit of a key (typos), on Latin and CJK text."""

from __future__ import annotations

from kit.worldbook.engine.near_miss import MIN_CJK_TYPO_LENGTH, MIN_TYPO_LENGTH, TypoIndex, typo_of, within_one_edit


def test_typo_helpers():
    assert within_one_edit("glacite", "glacit") and within_one_edit("abc", "abd") and within_one_edit("ab", "cab")
    assert not within_one_edit("abc", "cba") and not within_one_edit("abc", "a")
    assert typo_of("dragon", "a dragn flew") == "dragn" and typo_of("cat", "a cot") is None  # short keys skipped
    assert typo_of("dragon", "a dragon") is None
    index = TypoIndex(["Dragon", "glacite ingot", "冰川镐"])
    assert index.find("the dragn of glacit ingot and 冰川稿") == {
        "Dragon": "dragn",
        "glacite ingot": "glacit ingot",
        "冰川镐": "冰川稿",
    }


def test_within_one_edit_is_symmetric_and_counts_exactly_one_change():
    pairs = [("dragon", "dragn"), ("dragon", "dragoon"), ("dragon", "drxgon"), ("", "a")]
    for a, b in pairs:
        assert within_one_edit(a, b) and within_one_edit(b, a), (a, b)
    assert within_one_edit("same", "same")
    for a, b in [("dragon", "drgn"), ("ab", "ba"), ("", "ab"), ("dragon", "nogard")]:
        assert not within_one_edit(a, b) and not within_one_edit(b, a), (a, b)


def test_short_keys_are_never_typos():
    short = "x" * (MIN_TYPO_LENGTH - 1)
    assert typo_of(short, short[:-1] + "y") is None
    long = "abcdefgh"[:MIN_TYPO_LENGTH]
    assert typo_of(long, "see " + long[:-1] + "z" + " here") == long[:-1] + "z"
    cjk_short = "冰川镐"[: MIN_CJK_TYPO_LENGTH - 1]
    assert typo_of(cjk_short, "冰山") is None
    assert typo_of("冰川镐", "挖到冰川稿了") == "冰川稿"


def test_typo_index_finds_nothing_in_unrelated_or_exact_text():
    index = TypoIndex(["Dragon", "glacite"])
    assert index.find("") == {} and index.find("a quiet morning") == {}
    assert "Dragon" not in index.find("the dragon")  # an exact occurrence is a match, not a typo
    assert TypoIndex([]).find("dragn") == {}
