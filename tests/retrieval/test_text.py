"""kit.retrieval.text: the language of a query from its script, Markdown as plain text, query terms marked in HTML."""

from __future__ import annotations

import pytest

from kit.core.errors import KitError
from kit.retrieval import InvalidParameterError, make_analyzer
from kit.retrieval.text import highlight_terms, plain_text, query_language, script_language

ENGLISH = make_analyzer("default", stem="english", stop_words="english")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("钻石 Y=-58", "zh_cn"),  # one CJK character makes a Chinese question
        ("はい", "zh_cn"),  # kana and hangul count as CJK script too
        ("한국", "zh_cn"),
        ("diamond", "en_us"),
        ("Ünïcödé", "en_us"),  # Latin with diacritics
        ("ＡＢＣ", "en_us"),  # full-width letters are NFKC-normalised to Latin
        ("？？？", None),  # full-width punctuation is no script
        ("!!! -58", None),
        ("", None),
    ],
)
def test_script_language_by_the_characters_of_the_text(text: str, expected: str | None) -> None:
    assert script_language(text) == expected


def test_query_language_picks_the_first_language_of_the_query_script() -> None:
    assert query_language("钻石", ["en_us", "zh_cn"]) == "zh_cn"
    assert query_language("你好", ["zh_tw", "zh_cn", "en_us"]) == "zh_tw"  # by prefix, first wins
    assert query_language("hello", ["zh_cn", "en_gb", "en_us"]) == "en_gb"
    assert query_language("hello", ["zh_cn", "en_us", "en_gb"]) == "en_us"


def test_query_language_falls_back_to_the_default_then_the_first_language() -> None:
    assert query_language("diamond", ["zh_cn"]) == "zh_cn"  # no English table: the only one
    assert query_language("42", ["en_us", "zh_cn"], default="zh_cn") == "zh_cn"
    assert query_language("42", ["en_us", "zh_cn"]) == "en_us"
    assert query_language("?", ["en_us", "zh_cn"], default="ja_jp") == "en_us"  # a default not offered is ignored
    assert query_language("钻石", ["en_us", "de_de"], default="de_de") == "de_de"  # no Chinese table


def test_query_language_refuses_an_empty_language_list() -> None:
    with pytest.raises(
        InvalidParameterError, match=r"'languages' parameter of query_language must not be empty"
    ) as info:
        query_language("x", [])
    assert isinstance(info.value, KitError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("markdown", "expected"),
    [
        ("# Title\n\nSome *very* `code` [link](http://x).\n- item", "Title · Some very code link. item"),
        ("## Title ##\n\n**bold** and __b2__ and *it*", "Title · bold and b2 and it"),
        ("2 * 3 * 4 is arithmetic", "2 * 3 * 4 is arithmetic"),  # a lone star is no emphasis
        ("![a picture](x.png) caption", "a picture caption"),
        ("  lines\n\n  joined  \n by   spaces ", "lines joined by spaces"),
        ("# Only a heading", "Only a heading"),  # no dangling separator
        ("", ""),
    ],
)
def test_plain_text_removes_markdown_marks(markdown: str, expected: str) -> None:
    assert plain_text(markdown) == expected


def test_plain_text_cuts_at_max_chars_with_an_ellipsis() -> None:
    assert plain_text("abcdef", max_chars=4) == "abc…"
    assert plain_text("ab cdef", max_chars=4) == "ab…"  # no space before the ellipsis
    assert plain_text("abc", max_chars=3) == "abc"  # not longer: unchanged
    assert len(plain_text("钻石 " * 50, max_chars=20)) == 20


def test_highlight_marks_latin_words_by_their_analysed_terms() -> None:
    assert highlight_terms("Iron pickaxes mine", "pickaxe", ENGLISH) == "Iron <mark>pickaxes</mark> mine"
    assert highlight_terms("The Iron", "iron", ENGLISH) == "The <mark>Iron</mark>"  # case follows the analyzer


def test_highlight_escapes_html_in_and_out_of_marks() -> None:
    got = highlight_terms("<b>gold</b> & iron", "gold", ENGLISH)
    assert got == "&lt;b&gt;<mark>gold</mark>&lt;/b&gt; &amp; iron"
    assert highlight_terms("<x> & y", "nothing", ENGLISH) == "&lt;x&gt; &amp; y"


def test_highlight_marks_cjk_bigrams_as_one_span() -> None:
    analyzer = make_analyzer("default")
    assert highlight_terms("我有钻石镐和铁", "钻石", analyzer) == "我有<mark>钻石</mark>镐和铁"
    assert highlight_terms("钻石钻", "钻", analyzer) == "<mark>钻</mark>石<mark>钻</mark>"


def test_highlight_marks_nothing_for_stop_words_or_empty_queries() -> None:
    assert highlight_terms("the cat & the dog", "the", ENGLISH) == "the cat &amp; the dog"
    assert highlight_terms("a <cat>", "", ENGLISH) == "a &lt;cat&gt;"
