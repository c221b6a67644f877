from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.retrieval import LUCENE_ENGLISH_STOP_WORDS, InvalidParameterError, make_analyzer
from kit.retrieval.analyzers import (
    _CJK_CHAR,
    _LATIN_WORD,
    _WORD_TOKEN,
    ANALYZERS,
    _ascii_words,
    _normalize,
)
from tests.examples import examples


def test_default_mixes_latin_words_and_cjk_unigrams_bigrams():
    terms = make_analyzer()("用Iron镐挖矿，再挖钻石")
    assert sorted(terms) == sorted(
        ["iron", "用", "镐", "挖", "矿", "镐挖", "挖矿", "再", "挖", "钻", "石", "再挖", "挖钻", "钻石"]
    )
    # bigrams never cross punctuation or a Latin word
    assert "矿再" not in terms and "用镐" not in terms


def test_full_width_forms_are_normalised():
    assert make_analyzer()("ＭＣ１２　Ｓｗｏｒｄ！") == ["mc12", "sword"]
    assert make_analyzer("word")("ＡＢＣ，ｄｅｆ") == ["abc", "def"]


def test_stop_words_then_snowball_stemming():
    analyze = make_analyzer(stem="english", stop_words="english")
    assert analyze("The swords are running in 铁矿") == ["sword", "run", "铁", "矿", "铁矿"]
    assert make_analyzer(stem="english")("The swords") == ["the", "sword"]
    assert "the" in LUCENE_ENGLISH_STOP_WORDS and len(LUCENE_ENGLISH_STOP_WORDS) == 33
    assert "whereafter" in make_analyzer()("whereafter") and not make_analyzer(stop_words="sklearn")("whereafter")


def test_custom_stop_words_apply_to_chinese_tokens_too():
    analyze = make_analyzer("jieba", stop_words=["的"])
    assert "的" not in analyze("我的铁镐")
    assert make_analyzer(stop_words=["镐挖"])("镐挖") == ["镐", "挖"]


def test_word_analyzer_keeps_chinese_clauses_whole():
    assert make_analyzer("word")("铁镐可以挖钻石，金镐更快") == ["铁镐可以挖钻石", "金镐更快"]


def test_char12_unigrams_and_bigrams_of_any_script():
    assert sorted(make_analyzer("char12")("ab 铁镐")) == sorted(["a", "b", "ab", "铁", "镐", "铁镐"])


def test_jieba_segments_and_drops_punctuation():
    assert make_analyzer("jieba", stem="english")("我用铁镐挖矿，Mining swords!") == [
        "我用",
        "铁镐",
        "挖矿",
        "mine",
        "sword",
    ]


@pytest.mark.parametrize("name", ANALYZERS)
def test_empty_and_punctuation_only_texts_have_no_terms(name):
    analyze = make_analyzer(name, stem="english", stop_words="english")
    assert analyze("") == []
    assert analyze("，。！？…… --- !!! ???") == []


def test_unknown_analyzer_and_stemmer_are_clear_errors():
    with pytest.raises(InvalidParameterError, match="The 'analyzer' parameter of ParagraphIndex"):
        make_analyzer("ngram")
    with pytest.raises(InvalidParameterError, match="must be a Snowball language"):
        make_analyzer(stem="klingon")
    with pytest.raises(InvalidParameterError, match="The 'stop_words' parameter"):
        make_analyzer(stop_words="german")


@settings(max_examples=examples(100), deadline=None)
@given(st.text(alphabet=st.sampled_from(list("The swords 铁镐挖矿，ＭＣ１２ running is of")), max_size=40))
def test_two_step_analysis_equals_direct_analysis(text):
    analyze = make_analyzer(stem="english", stop_words="english")
    tokens = analyze.tokenize(text)
    unique = list(dict.fromkeys(tokens))
    mapping = dict(zip(unique, analyze.terms_of(unique)))
    assert analyze(text) == [mapping[t] for t in tokens if mapping[t]]


# Characters around the fast word-finding paths: ASCII letters, digits and punctuation (``_`` included), white space
# str.split knows but the regex calls punctuation-free, letters that NFKC or lower-casing change (ﬁ, İ, ², Ｍ),
# non-ASCII punctuation inside a word (– ±), combining marks, a lone surrogate, CJK and an astral CJK character.
WORD_ALPHABET = list("aZ09_-.,'\t\n\r\x0b\x0c\x1c\x1f \x85\xa0\u3000éßİΣﬁＭ１²½–±\u0301\u200bǅ用铁镐") + [
    "\ud800",
    "\U00020000",
]


@settings(max_examples=examples(300), deadline=None)
@given(st.text(alphabet=st.sampled_from(WORD_ALPHABET), max_size=30))
def test_words_are_the_regex_words_of_the_normalised_text(text):
    """The str.split paths (ASCII, and non-ASCII without CJK) find exactly the regex's words."""
    normal = _normalize(text)
    assert make_analyzer("word")(text) == _WORD_TOKEN.findall(normal)
    expected = _LATIN_WORD.findall(normal)
    if _CJK_CHAR.search(normal):  # CJK unigrams and bigrams follow the Latin words
        assert make_analyzer()(text)[: len(expected)] == expected
    else:
        assert make_analyzer()(text) == expected


def test_ascii_words_are_lower_cased_runs_of_letters_and_digits():
    assert _ascii_words("Iron_Pickaxe, x2 (MC-1.20)\tok\x1c!") == ["iron", "pickaxe", "x2", "mc", "1", "20", "ok"]
    assert make_analyzer(stem="english", stop_words="english")("The Swords") == ["sword"]
    assert make_analyzer("word")("café–bar ±1 naïve") == ["café", "bar", "1", "naïve"]
