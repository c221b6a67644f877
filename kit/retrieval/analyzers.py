"""Analyzers: functions that turn a text into the list of terms the index counts.

Every analyzer first applies Unicode NFKC normalisation (full-width letters, digits and punctuation
become their ordinary forms: ``"ＭＣ１２"`` -> ``"mc12"``) and lower-cases (``str.lower``). Then:

``"default"``
    Latin-script words and numbers (runs of letters and digits, ``_`` and punctuation separate them)
    become one term each; runs of CJK characters (Han, kana, Hangul) become their single characters
    plus every pair of adjacent characters (bigrams are formed only inside one run, never across a
    space, punctuation or a Latin word). Chinese and English are therefore handled in one string:
    ``"用Iron镐挖矿"`` -> ``["用", "iron", "镐", "挖", "矿", "镐挖", "挖矿"]``.
``"word"``
    Runs of letters and digits, whatever the script. A whole Chinese clause becomes one term, so this
    analyzer is only good for space-separated languages (it is kept to show what goes wrong otherwise).
``"char12"``
    Single characters and adjacent pairs inside each run of letters and digits of any script
    (``"iron"`` -> ``i r o n ir ro on``).
``"jieba"``
    Chinese word segmentation with the optional ``jieba`` package (imported on first use;
    :class:`~kit.retrieval.errors.MissingDependencyError` when missing). Punctuation and spaces are dropped.

English stop words and stemming are options for the Latin words of ``"default"``, ``"word"`` and
``"jieba"``: stop words are removed first (compared after lower-casing), then the remaining words
are stemmed with the Snowball stemmer of the chosen language (PyStemmer when installed, otherwise
the pure-Python ``snowballstemmer``; both implement the same Snowball algorithms). CJK terms are never
stemmed or stopped.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import Literal

from kit.retrieval.errors import InvalidParameterError, MissingDependencyError

__all__ = ["make_analyzer", "Analyzer", "ANALYZERS", "LUCENE_ENGLISH_STOP_WORDS", "AnalyzerName"]

AnalyzerName = Literal["default", "word", "char12", "jieba"]
ANALYZERS: tuple[str, ...] = ("default", "word", "char12", "jieba")

LUCENE_ENGLISH_STOP_WORDS: frozenset[str] = frozenset(
    "a an and are as at be but by for if in into is it no not of on or such that the their then "
    "there these they this to was will with".split()
)
"""Lucene's classic English stop set (``EnglishAnalyzer.ENGLISH_STOP_WORDS_SET``), also used by bm25s
and Anserini's BM25 baselines. ``stop_words="english"`` means this list; ``stop_words="sklearn"``
means scikit-learn's longer ``ENGLISH_STOP_WORDS`` (318 words)."""

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0002ffff"
_LATIN_WORD = re.compile(rf"[^\W_{_CJK}]+")  # letters and digits, CJK excluded
_CJK_CHAR = re.compile(rf"[{_CJK}]")
_CJK_BIGRAM = re.compile(rf"(?=([{_CJK}]{{2}}))")  # overlapping pairs inside CJK runs
_WORD_TOKEN = re.compile(r"[^\W_]+")
_CHAR = re.compile(r"[^\W_]")
_CHAR_BIGRAM = re.compile(r"(?=([^\W_]{2}))")

def _normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text).lower()


def _stop_set(stop_words: str | Iterable[str] | None) -> frozenset[str]:
    if stop_words is None:
        return frozenset()
    if stop_words == "english":
        return LUCENE_ENGLISH_STOP_WORDS
    if stop_words == "sklearn":
        from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

        return frozenset(ENGLISH_STOP_WORDS)
    if isinstance(stop_words, str):
        raise InvalidParameterError(
            "The 'stop_words' parameter of ParagraphIndex must be 'english', 'sklearn', a collection "
            f"of words or None. Got {stop_words!r} instead."
        )
    try:
        words = list(stop_words)
    except TypeError:
        words = None
    if words is None or not all(isinstance(word, str) for word in words):
        raise InvalidParameterError(
            "The 'stop_words' parameter of ParagraphIndex must be 'english', 'sklearn', a collection "
            f"of words or None. Got {stop_words!r} instead."
        )
    return frozenset(_normalize(word) for word in words)


def _stemmer(language: str | None) -> Callable[[list[str]], list[str]] | None:
    if language is None:
        return None
    try:
        import Stemmer  # PyStemmer: C implementation of the Snowball stemmers

        try:
            return Stemmer.Stemmer(language).stemWords
        except KeyError:
            pass
    except ImportError:
        pass
    import snowballstemmer

    try:
        return snowballstemmer.stemmer(language).stemWords
    except KeyError:
        raise InvalidParameterError(
            "The 'stem' parameter of ParagraphIndex must be a Snowball language such as 'english' "
            f"(see snowballstemmer.algorithms()) or None. Got {language!r} instead."
        ) from None


class _WordFilter:
    """Stop-word removal (any token) then stemming (tokens without CJK characters), cached per token."""

    def __init__(self, stop_words: frozenset[str], stem: Callable[[list[str]], list[str]] | None):
        self.stop_words = stop_words
        self.stem = stem
        self.cache: dict[str, str] = {}

    def terms_of(self, unique_tokens: list[str]) -> list[str]:
        """Final term of each token (``""`` for a stop word), without touching the cache."""
        stop = self.stop_words
        has_cjk = _CJK_CHAR.search
        stemmable = [t for t in unique_tokens if t not in stop and not has_cjk(t)]
        stems = dict(zip(stemmable, self.stem(stemmable))) if self.stem is not None else {}
        return ["" if t in stop else stems.get(t, t) for t in unique_tokens]

    def __call__(self, tokens: list[str]) -> list[str]:
        cache = self.cache
        missing = set(tokens).difference(cache)
        if missing:
            if len(cache) > 500_000:  # bound memory on endless streams of new words
                cache.clear()
                missing = set(tokens)
            unique = list(missing)
            cache.update(zip(unique, self.terms_of(unique)))
        return list(filter(None, map(cache.__getitem__, tokens)))


class Analyzer:
    """A text analyzer: ``analyzer(text)`` returns the terms of ``text``.

    It works in two steps that :class:`~kit.retrieval.ParagraphIndex` also uses separately (to stem
    each distinct word of a corpus once): :meth:`tokenize` cuts the normalised text into raw tokens,
    :meth:`terms_of` maps distinct tokens to their final terms (stop words to ``""``).

    Build one with :func:`make_analyzer`.
    """

    def __init__(
        self,
        name: str,
        tokenize: Callable[[str], list[str]],
        word_filter: _WordFilter | None,
        analyze: Callable[[str], list[str]] | None = None,
    ):
        self.name = name
        self.tokenize = tokenize
        self._filter = word_filter
        self._analyze = analyze  # optional faster equivalent of filter(tokenize(text))

    @property
    def is_identity(self) -> bool:
        """True when tokens are the terms (no stop words, no stemming)."""
        return self._filter is None

    def terms_of(self, unique_tokens: list[str]) -> list[str]:
        """Final term of each token (``""`` when the token is a stop word)."""
        if self._filter is None:
            return list(unique_tokens)
        return self._filter.terms_of(list(unique_tokens))

    def __call__(self, text: str) -> list[str]:
        if self._analyze is not None:
            return self._analyze(text)
        tokens = self.tokenize(text)
        return tokens if self._filter is None else self._filter(tokens)

    def __repr__(self) -> str:
        return f"<Analyzer {self.name!r}>"


def make_analyzer(
    name: str = "default",
    *,
    stem: str | None = None,
    stop_words: str | Iterable[str] | None = None,
) -> Analyzer:
    """Return the analyzer ``name``, a callable ``text -> list of terms``.

    Parameters
    ----------
    name : {"default", "word", "char12", "jieba"}, default="default"
        Which analyzer (see the module documentation for each one's rules).
    stem : str or None, default=None
        Snowball language whose stemmer is applied to tokens without CJK characters (``"english"``);
        ``None`` keeps words as they are. Ignored by ``"char12"``.
    stop_words : "english", "sklearn", collection of str or None, default=None
        Tokens removed before stemming (a custom collection may hold Chinese words too). Ignored by
        ``"char12"``.

    Returns
    -------
    Analyzer
        ``analyzer(text) -> list[str]``, repeated terms repeated. Only the multiset matters to the
        index: ``"default"`` lists Latin words first, then CJK unigrams, then CJK bigrams.
    """
    if name not in ANALYZERS:
        raise InvalidParameterError(
            "The 'analyzer' parameter of ParagraphIndex must be a str among "
            f"{{'default', 'word', 'char12', 'jieba'}}. Got {name!r} instead."
        )
    stop_set, stemmer = _stop_set(stop_words), _stemmer(stem)
    word_filter = _WordFilter(stop_set, stemmer) if (stop_set or stemmer) and name != "char12" else None

    if name == "default":
        find_words = _LATIN_WORD.findall
        has_cjk = _CJK_CHAR.search
        find_cjk_unigrams = _CJK_CHAR.findall
        find_cjk_bigrams = _CJK_BIGRAM.findall

        def tokenize_default(text: str) -> list[str]:
            text = _normalize(text)
            tokens = find_words(text)
            if has_cjk(text):
                tokens += find_cjk_unigrams(text)
                tokens += find_cjk_bigrams(text)
            return tokens

        if word_filter is None:
            return Analyzer(name, tokenize_default, None)
        cjk_stop_words = frozenset(w for w in stop_set if has_cjk(w))

        def analyze_default(text: str) -> list[str]:
            # Same terms as word_filter(tokenize_default(text)): only Latin words are stemmed, so they
            # alone go through the filter; CJK tokens only meet CJK stop words.
            text = _normalize(text)
            terms = word_filter(find_words(text))
            if has_cjk(text):
                cjk = find_cjk_unigrams(text) + find_cjk_bigrams(text)
                terms += [t for t in cjk if t not in cjk_stop_words] if cjk_stop_words else cjk
            return terms

        return Analyzer(name, tokenize_default, word_filter, analyze_default)

    if name == "word":
        find_tokens = _WORD_TOKEN.findall

        def tokenize_word(text: str) -> list[str]:
            return find_tokens(_normalize(text))

        return Analyzer(name, tokenize_word, word_filter)

    if name == "char12":
        find_unigrams = _CHAR.findall
        find_bigrams = _CHAR_BIGRAM.findall

        def tokenize_char12(text: str) -> list[str]:
            text = _normalize(text)
            return find_unigrams(text) + find_bigrams(text)

        return Analyzer(name, tokenize_char12, None)

    try:
        import jieba
    except ImportError:
        raise MissingDependencyError(
            "The analyzer 'jieba' needs the optional package jieba; install it (pip install jieba) "
            "or choose analyzer='default'."
        ) from None
    import logging

    jieba.setLogLevel(logging.WARNING)
    lcut = jieba.lcut
    is_word = _WORD_TOKEN.fullmatch

    def tokenize_jieba(text: str) -> list[str]:
        return [token for token in lcut(_normalize(text)) if is_word(token)]

    return Analyzer(name, tokenize_jieba, word_filter)
