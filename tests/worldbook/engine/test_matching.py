from __future__ import annotations

import re as _re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kit.worldbook as wb
from kit.core.errors import InvalidParameterError
from kit.worldbook.engine.matching import KeyScanner, find_key, is_word_char, key_occurs
from tests.examples import examples

# (key, text, case_sensitive, match_whole_words, expected)
MIXED = [
    ("Alice", "我在酒馆遇见了Alice。", False, True, True),
    ("Alice", "我在酒馆遇见了Alicexyz。", False, True, False),
    ("alice", "ALICE说你好", False, True, True),
    ("alice", "ALICE说你好", True, False, False),
    ("cat", "cats 和 dogs", False, True, False),
    ("cat", "cats 和 dogs", False, False, True),
    ("cat", "一只cat在睡觉", False, True, True),
    ("魔法", "他是魔法师", False, True, True),  # CJK is a boundary on both sides
    ("法师", "魔法师Bob", False, True, False),  # followed by a Latin letter
    ("法师", "魔法师 Bob", False, True, True),
    ("R2", "R2D2 来了", False, True, False),
    ("R2", "R2-D2 来了", False, True, True),
    ("café", "cafés", False, True, False),  # accented Latin letters are word characters
    ("Straße", "STRASSE", False, False, False),
]


@pytest.mark.parametrize(("key", "text", "cs", "ww", "expected"), MIXED)
def test_whole_word_rule_on_mixed_text(key, text, cs, ww, expected):
    assert wb.key_occurs(key, text, case_sensitive=cs, match_whole_words=ww) is expected
    assert bool(wb.find_key(key, text, case_sensitive=cs, match_whole_words=ww)) is expected
    scanner = KeyScanner([(key, cs, ww)])
    assert (0 in scanner.scan(text)) is expected


def test_word_chars():
    assert is_word_char("a") and is_word_char("Z") and is_word_char("7") and is_word_char("é")
    assert not any(is_word_char(c) for c in "魔 ，。-_!カ한")


def test_find_key_spans_index_original_text():
    text = "Magic和MAGIC还有magical"
    assert wb.find_key("magic", text) == [(0, 5), (6, 11), (13, 18)]
    assert wb.find_key("magic", text, match_whole_words=True) == [(0, 5), (6, 11)]
    assert wb.find_key("aa", "aaaa") == [(0, 2), (1, 3), (2, 4)]


def test_scanner_finds_prefix_and_overlapping_keys():
    specs = [
        ("魔法", False, False),
        ("魔法师", False, False),
        ("法师", False, False),
        ("师", True, False),
        ("ab", False, False),
        ("abcd", False, False),
    ]
    scanner = KeyScanner(specs)
    assert scanner.scan("魔法师") == {0, 1, 2, 3}
    assert scanner.scan("abcx") == {4}
    assert scanner.scan("ABCD") == {4, 5}


alphabet = st.sampled_from(list("abAB 魔法师,é1"))
keys = st.text(alphabet, min_size=1, max_size=4)


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.tuples(keys, st.booleans(), st.booleans()), min_size=1, max_size=12), st.text(alphabet, max_size=40))
def test_scanner_agrees_with_plain_definition(specs, text):
    found = KeyScanner(specs).scan(text)
    expected = {
        i for i, (k, cs, ww) in enumerate(specs) if wb.key_occurs(k, text, case_sensitive=cs, match_whole_words=ww)
    }
    assert found == expected


# -- the whole-word rule: kit's (CJK characters are boundaries) by default, Python's \b as an option --------------


@pytest.mark.parametrize(
    "key, text, kit_rule, python_rule",
    [
        ("魔法", "我会魔法吗", True, False),
        ("魔法", "魔法", True, True),
        ("魔法", "用 魔法。", True, True),
        ("Alice", "遇见Alice了", True, False),
        ("cat", "cats", False, False),
        ("cat", "the cat.", True, True),
        ("café", "un café!", True, True),
        ("cafe", "cafe_au_lait", True, False),
    ],
)
def test_whole_word_rules(key, text, kit_rule, python_rule):
    for boundary, expected in (("kit", kit_rule), ("python", python_rule)):
        assert key_occurs(key, text, match_whole_words=True, word_boundary=boundary) is expected
        assert bool(find_key(key, text, match_whole_words=True, word_boundary=boundary)) is expected
        assert bool(KeyScanner([(key, False, True)], word_boundary=boundary).scan(text)) is expected
    assert (_re.search(rf"\b{_re.escape(key.lower())}\b", text.lower()) is not None) is python_rule
    assert key_occurs(key, text, match_whole_words=True) is kit_rule  # kit's rule stays the default


def test_activate_takes_the_word_boundary_option():
    book = wb.world_book_from_dict(
        {
            "id": "b",
            "entries": [
                {
                    "uid": "m",
                    "content": "c",
                    "trigger_config": {"triggers": {"keyword": {"key": ["魔法"], "matchWholeWords": True}}},
                }
            ],
        }
    )
    assert list(wb.activate([book], message="我会魔法吗")["uid"]) == ["m"]
    assert wb.activate([book], message="我会魔法吗", word_boundary="python").empty
    assert list(wb.activate([book], message="我会魔法吗")["uid"]) == ["m"]  # cached engines keep their rule
    with pytest.raises(
        InvalidParameterError, match="'word_boundary' parameter of activate must be one of 'kit', 'python'"
    ):
        wb.activate([book], message="x", word_boundary="regex")
