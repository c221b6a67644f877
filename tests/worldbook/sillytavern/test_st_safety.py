"""Bad input and safety: unsafe regex keys, slow matches, huge entries."""

from __future__ import annotations

import pytest

from kit.worldbook.sillytavern import UnsafeRegexError, parse_regex_key, read_world, simulate
from kit.worldbook.sillytavern.jsregex import MAX_PATTERN_LENGTH, check_pattern_safety
from st_inputs import book, chat


@pytest.mark.parametrize(
    ("pattern", "reason"),
    [
        ("(a+)+$", "nested quantifiers"),
        ("(a*)*b", "nested quantifiers"),
        ("(\\w+\\s?)*$", "nested quantifiers"),
        ("^(a|a)+$", "overlapping branches"),
        ("(a|ab)*c", "overlapping branches"),
        ("(x|\\w)+y", "non-literal branches"),
        ("(a)(\\1b)+", "backreference inside a repeated group"),
        ("(a?){30}a{30}", "nested quantifiers"),
        ("(?:a?b?)+c", "nested quantifiers"),
        ("(x{0,1}y??){40}", "nested quantifiers"),
        ("a*" * 7, "more than 6 unbounded quantifiers"),
        ("a" * (MAX_PATTERN_LENGTH + 1), "longer than"),
    ],
)
def test_catastrophic_shapes_are_refused(pattern: str, reason: str) -> None:
    with pytest.raises(UnsafeRegexError, match=reason):
        check_pattern_safety(pattern)
    key = parse_regex_key(f"/{pattern}/")
    assert key is not None and key.compiled is None and reason.split()[0] in key.error
    assert key.test("a" * 50 + "!") is False


@pytest.mark.parametrize("pattern", ["\\bdrag(on|ons)?\\b", "(foo|bar)+", "\\x01{{user}}:[^\\x01]*?hello", "[a-z]+\\d{2,4}", "(?:cat|dog)s?"])
def test_ordinary_patterns_are_accepted(pattern: str) -> None:
    check_pattern_safety(pattern)


def test_refused_key_never_matches_and_is_reported_by_the_reader() -> None:
    entries = {"entries": {"0": {"uid": 0, "key": ["/(a+)+$/"], "content": "x", "position": 0}}}
    sc = {"books": {"B": entries}, "chat": chat("a" * 40 + "b")}
    step = simulate(sc)["steps"][0]
    assert step["activated"] == []
    assert step["regexErrors"] == [{"entry": "B.0", "key": "/(a+)+$/", "reason": "refused: nested quantifiers (a repeated group containing a repeat) can backtrack catastrophically"}]
    issues = read_world(entries, book_id="evil").issues
    assert any("nested quantifiers" in i.reason and i.field == "key[0]" for i in issues)


def test_a_slow_match_is_interrupted_and_reported() -> None:
    # six unbounded quantifiers pass the static check but take polynomial time on a long digit run
    pattern = "\\d*" * 6 + "x"
    sc = {"books": book({"uid": 0, "key": [f"/{pattern}/"], "content": "x"}, {"uid": 1, "key": ["7"], "content": "y"}),
          "chat": chat("7" * 3000)}
    step = simulate(sc)["steps"][0]
    assert step["activated"] == ["B.1"]
    (err,) = step["regexErrors"]
    assert err["entry"] == "B.0" and "took longer than" in err["reason"]


def test_thousands_of_keys_in_one_entry() -> None:
    keys = [f"key{i}" for i in range(5000)]
    sc = {"books": book({"uid": 0, "key": keys, "content": "x"}), "chat": chat("a message with key4999 in it")}
    assert simulate(sc)["steps"][0]["activated"] == ["B.0"]
    entry = read_world({"entries": {"0": {"uid": 0, "key": keys, "content": "x"}}}, book_id="many").entry("0")
    assert len(entry.triggers.keyword.keys) == 5000


def test_large_book_of_entries_simulates() -> None:
    entries = [{"uid": i, "key": [f"word{i}", f"词{i}"], "content": f"content {i}", "order": i % 50} for i in range(3000)]
    sc = {"books": book(*entries), "chat": chat("word10 and 词2999"),
          "settings": {"world_info_recursive": True, "world_info_match_whole_words": True}}
    assert sorted(simulate(sc)["steps"][0]["activated"]) == ["B.10", "B.2999"]
