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
stemmed.

Chinese stop words (on by default, ``chinese_stop_words=True``; :data:`CHINESE_STOP_WORDS`): question words
and sentence-final particles (哪里, 在哪, 什么, 怎么, 如何, 吗, 呢 ...) carry no topic, yet as character
unigrams and bigrams they matched every question and could carry a whole score (``"钻石在哪里"`` ranked a
server rule first through 哪里/在哪/哪). ``"default"`` and ``"char12"`` cut them out of each CJK run before
forming unigrams and bigrams (longest word first, left to right), so ``"钻石在哪里"`` -> ``["钻", "石",
"钻石"]`` and no bigram spans a stop word; ``"word"`` and ``"jieba"`` drop tokens equal to one. Measured
(``nDCG@10``, BM25 / TF-IDF, before -> after): xquad-zh-sent .832/.815 -> .838/.824, cmrc2018-dev-sent
.749/.708 -> .757/.721 (reading-comprehension questions, not pooled judgments).
:meth:`Analyzer.stop_words_in` lists the stop words a text lost (the search explorer shows them).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from operator import add
from typing import Literal

from kit.retrieval.errors import InvalidParameterError, MissingDependencyError

__all__ = ["make_analyzer", "Analyzer", "ANALYZERS", "LUCENE_ENGLISH_STOP_WORDS", "CHINESE_STOP_WORDS", "AnalyzerName"]

AnalyzerName = Literal["default", "word", "char12", "jieba"]
ANALYZERS: tuple[str, ...] = ("default", "word", "char12", "jieba")

LUCENE_ENGLISH_STOP_WORDS: frozenset[str] = frozenset(
    "a an and are as at be but by for if in into is it no not of on or such that the their then "
    "there these they this to was will with".split()
)
"""Lucene's classic English stop set (``EnglishAnalyzer.ENGLISH_STOP_WORDS_SET``), also used by bm25s
and Anserini's BM25 baselines. ``stop_words="english"`` means this list; ``stop_words="sklearn"``
means scikit-learn's longer ``ENGLISH_STOP_WORDS`` (318 words)."""

CHINESE_STOP_WORDS: frozenset[str] = frozenset(
    # question words and phrases
    "哪里 哪儿 在哪 在哪里 在哪儿 哪个 哪些 哪 什么 什么样 啥 怎么 怎么样 怎样 如何 为什么 为何 谁 多少 是否 "
    "是不是 有没有 能不能 可不可以 请问 "
    # sentence-final particles
    "吗 呢 吧 啊 呀 哦 嘛".split()
)
"""kit's Chinese stop list: question words and sentence-final particles (see the module documentation). Every
entry is a word of CJK characters; ``chinese_stop_words=`` of :func:`make_analyzer` switches it off or replaces
it. Function words that also occur inside content words (的 in 目的, 在 in 存在, 是 in 但是, 了 in 了解) are left
out: adding them lowered nDCG@10 on both Chinese test collections."""

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0002ffff"
_LATIN_WORD = re.compile(rf"[^\W_{_CJK}]+")  # letters and digits, CJK excluded
_CJK_CHAR = re.compile(rf"[{_CJK}]")
_CJK_RUN = re.compile(rf"[{_CJK}]+")
_WORD_TOKEN = re.compile(r"[^\W_]+")
_CHAR = re.compile(r"[^\W_]")
_CHAR_BIGRAM = re.compile(r"(?=([^\W_]{2}))")
# Byte tables for str.split-based word finding: letters and digits stay (ASCII capitals become small letters),
# every other ASCII byte becomes a space; bytes >= 128 (the parts of UTF-8 sequences) stay in the second table.
_ASCII_WORD_BYTES = bytes(b + 32 if 65 <= b <= 90 else b if chr(b).isalnum() and b < 128 else 32 for b in range(256))
_UTF8_WORD_BYTES = bytes(b if b >= 128 or chr(b).isalnum() else 32 for b in range(256))


def _normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text).lower()


def _ascii_words(text: str) -> list[str]:
    """``_WORD_TOKEN.findall(_normalize(text))`` for an ASCII ``text`` (which NFKC leaves as it is), 2-3x faster.

    One C pass turns every byte that is not a letter or digit into a space (and capitals into small letters), so
    the words are the whitespace-separated runs: no regex engine and no separate lower-casing.
    """
    return text.encode("ascii").translate(_ASCII_WORD_BYTES).decode("ascii").split()


def _cjk_grams(text: str) -> list[str]:
    """Every CJK character of ``text``, then every pair of adjacent ones inside a run of CJK characters, in text order.

    One regex pass finds the runs; C-level joins and maps cut them (a look-ahead regex for the overlapping pairs
    tried every position of the text).
    """
    runs = _CJK_RUN.findall(text)
    grams = list("".join(runs))
    for run in runs:
        if len(run) > 1:
            grams += map(add, run, run[1:])
    return grams


def _words(text: str) -> list[str]:
    """``_WORD_TOKEN.findall(text)`` (runs of characters that ``str.isalnum``, in order) of a normalised ``text``.

    ASCII punctuation becomes spaces in one pass over the UTF-8 bytes; only the rare pieces still holding another
    character that is not a letter or digit (``"α–β"``, ``"±"``) go through the regex.
    """
    if text.isascii():
        return _ascii_words(text)
    words = []
    find = _WORD_TOKEN.findall
    for piece in (
        text.encode("utf-8", "surrogatepass").translate(_UTF8_WORD_BYTES).decode("utf-8", "surrogatepass").split()
    ):
        if piece.isalnum():
            words.append(piece)
        else:
            words += find(piece)
    return words


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


def _chinese_stop_set(value: bool | Iterable[str]) -> frozenset[str]:
    if value is True:
        return CHINESE_STOP_WORDS
    if value is False or value is None:
        return frozenset()
    if isinstance(value, str):
        raise InvalidParameterError(
            "The 'chinese_stop_words' parameter of make_analyzer must be a bool or a collection of words. "
            f"Got {value!r} instead (True uses kit's list CHINESE_STOP_WORDS, False none)."
        )
    words = list(value)
    if not all(isinstance(word, str) and word for word in words):
        raise InvalidParameterError(
            f"The 'chinese_stop_words' parameter of make_analyzer must hold non-empty str. Got {value!r} instead."
        )
    return frozenset(_normalize(word) for word in words)


def _cutter(words: frozenset[str]) -> Callable[[str], str] | None:
    """``text -> text`` with each stop word (longest first, left to right) replaced by a space."""
    if not words:
        return None
    pattern = re.compile("|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w))))
    return lambda text: pattern.sub(" ", text)


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
        stemmable = [t for t in unique_tokens if t not in stop and (t.isascii() or not has_cjk(t))]
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
        self.chinese_stop_words: frozenset[str] = frozenset()
        self._stop_pattern: re.Pattern[str] | None = None

    def stop_words_in(self, text: str) -> list[str]:
        """The stop words this analyzer leaves out of ``text``, in order of appearance (repeats once).

        Chinese stop words as they are cut from CJK runs, then the Latin words the stop list removes.
        """
        normal = _normalize(text)
        found: list[str] = []
        if self._stop_pattern is not None and _CJK_CHAR.search(normal):
            found += self._stop_pattern.findall(normal)
        if self._filter is not None and self._filter.stop_words:
            found += [w for w in _LATIN_WORD.findall(normal) if w in self._filter.stop_words]
        return list(dict.fromkeys(found))

    @property
    def is_identity(self) -> bool:
        """Deprecated (unused; kept for one release, it warns): True when tokens are the terms."""
        import warnings

        warnings.warn(
            "Analyzer.is_identity is deprecated and will be removed in the next release",
            DeprecationWarning,
            stacklevel=2,
        )
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
    chinese_stop_words: bool | Iterable[str] = True,
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
    chinese_stop_words : bool or collection of str, default=True
        Chinese question and function words cut out of CJK text before its terms are formed: ``True`` uses
        :data:`CHINESE_STOP_WORDS`, ``False`` none, a collection those words.

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
    chinese = _chinese_stop_set(chinese_stop_words)
    analyzer = _build(name, stop_set, stemmer, chinese)
    analyzer.chinese_stop_words = chinese
    if chinese:
        analyzer._stop_pattern = re.compile("|".join(re.escape(w) for w in sorted(chinese, key=lambda w: (-len(w), w))))
    return analyzer


def _build(
    name: str,
    stop_set: frozenset[str],
    stemmer: Callable[[list[str]], list[str]] | None,
    chinese: frozenset[str],
) -> Analyzer:
    """The analyzer ``name`` with its stop words (English ``stop_set``, ``chinese``) and stemmer."""
    if name != "char12" and name != "default" and chinese:  # whole tokens: a token equal to a stop word goes
        stop_set = stop_set | chinese
    word_filter = _WordFilter(stop_set, stemmer) if (stop_set or stemmer) and name != "char12" else None
    cut = _cutter(chinese) if name in ("default", "char12") else None

    if name == "default":
        find_words = _LATIN_WORD.findall
        has_cjk = _CJK_CHAR.search

        def tokenize_default(text: str) -> list[str]:
            if text.isascii():
                return _ascii_words(text)
            text = _normalize(text)
            if not has_cjk(text):
                return _words(text)  # no CJK: the Latin words are all the words
            tokens = find_words(text)
            if cut is not None:
                text = cut(text)
            tokens += _cjk_grams(text)
            return tokens

        if word_filter is None:
            return Analyzer(name, tokenize_default, None)
        cjk_stop_words = frozenset(w for w in stop_set if has_cjk(w))

        def analyze_default(text: str) -> list[str]:
            # Same terms as word_filter(tokenize_default(text)): only Latin words are stemmed, so they
            # alone go through the filter; CJK tokens only meet CJK stop words.
            if text.isascii():
                return word_filter(_ascii_words(text))
            text = _normalize(text)
            if not has_cjk(text):
                return word_filter(_words(text))
            words = find_words(text)
            terms = word_filter(words) if words else words
            if cut is not None:
                text = cut(text)
            cjk = _cjk_grams(text)
            terms += [t for t in cjk if t not in cjk_stop_words] if cjk_stop_words else cjk
            return terms

        return Analyzer(name, tokenize_default, word_filter, analyze_default)

    if name == "word":

        def tokenize_word(text: str) -> list[str]:
            return _ascii_words(text) if text.isascii() else _words(_normalize(text))

        return Analyzer(name, tokenize_word, word_filter)

    if name == "char12":
        find_unigrams = _CHAR.findall
        find_bigrams = _CHAR_BIGRAM.findall
        has_cjk_char = _CJK_CHAR.search

        def tokenize_char12(text: str) -> list[str]:
            text = _normalize(text)
            if cut is not None and has_cjk_char(text):
                text = cut(text)
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
