"""Small pure helpers about query and document text: which language a query is written in, and paragraphs as
plain text for display.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence

from kit.core.errors import InvalidParameterError

__all__ = ["query_language", "script_language", "plain_text", "highlight_terms"]

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]")


def script_language(text: str) -> str | None:
    """``"zh_cn"`` when ``text`` contains CJK characters, ``"en_us"`` when it has Latin letters only, else ``None``.

    One CJK character is enough: a mixed query such as ``钻石 Y=-58`` is a Chinese question that names a coordinate.
    Punctuation is no script, full-width included: ``"？？？"`` and ``"!!!"`` give ``None`` (full-width letters such as
    ``"ＡＢＣ"`` are NFKC-normalised to Latin first).
    """
    import unicodedata

    text = unicodedata.normalize("NFKC", text)
    if _CJK.search(text):
        return "zh_cn"
    if _LATIN.search(text):
        return "en_us"
    return None


def query_language(query: str, languages: Sequence[str], *, default: str | None = None) -> str:
    """The language of ``languages`` to search ``query`` in, chosen by the query's script.

    A Chinese-script query picks the first ``zh*`` language, a Latin one the first ``en*`` language. When the script
    says nothing (digits, punctuation, empty) or no language of that script is available, ``default`` is used if it
    is among ``languages``, else the first language. Raises ``kit.InvalidParameterError`` (a ``ValueError``) when
    ``languages`` is empty.
    """
    if not languages:
        raise InvalidParameterError("The 'languages' parameter of query_language must not be empty. Got [] instead.")
    script = script_language(query)
    if script is not None:
        prefix = script.split("_", 1)[0]
        for language in languages:
            if language == script or language.split("_", 1)[0] == prefix:
                return language
    return default if default is not None and default in languages else languages[0]


_HEADING = re.compile(r"^\s{0,3}#{1,6}\s*(.*?)\s*#*\s*$", re.M)
_EMPHASIS = re.compile(r"(\*\*|__)(.+?)\1|(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?!\w)")
_CODE = re.compile(r"`([^`]*)`")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_BULLET = re.compile(r"^\s*[-*+]\s+", re.M)


def plain_text(text: str, *, max_chars: int | None = None) -> str:
    """A Markdown paragraph as plain text: heading marks, emphasis, code ticks, link targets and bullets removed,
    lines joined with spaces; cut at ``max_chars`` with ``…`` when longer.
    """
    out = _HEADING.sub(lambda m: m.group(1) + " ·", text)
    out = _LINK.sub(r"\1", out)
    out = _CODE.sub(r"\1", out)
    out = _EMPHASIS.sub(lambda m: m.group(2) or m.group(3), out)
    out = _BULLET.sub("", out)
    out = " ".join(out.split())
    out = out.removesuffix(" ·")
    if max_chars is not None and len(out) > max_chars:
        out = out[: max_chars - 1].rstrip() + "…"
    return out


_HIGHLIGHT_TOKEN = re.compile(
    r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]|[^\W_\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
    r"\uf900-\ufaff\uac00-\ud7af]+"
)


def highlight_terms(text: str, query: str, analyzer: Callable[[str], list[str]]) -> str:
    """``text`` as HTML (escaped) with the parts that match ``query``'s terms wrapped in ``<mark>``.

    A Latin word is marked when one of its terms (as ``analyzer`` makes them: stemmed, stop words dropped) is a term
    of the query; a CJK character when it is a query term itself or part of a query bigram found at that place.
    Adjacent marked characters form one ``<mark>``. Stop words of the query mark nothing.
    """
    terms = set(analyzer(query))
    if not terms:
        return html.escape(text)
    spans: list[tuple[int, int]] = []
    tokens = list(_HIGHLIGHT_TOKEN.finditer(text))
    for i, match in enumerate(tokens):
        token = match.group()
        if len(token) == 1 and _CJK.match(token):
            following = tokens[i + 1].group() if i + 1 < len(tokens) and tokens[i + 1].start() == match.end() else ""
            previous = tokens[i - 1].group() if i and tokens[i - 1].end() == match.start() else ""
            hit = (
                token in terms or (following and token + following in terms) or (previous and previous + token in terms)
            )
        else:
            hit = bool(terms.intersection(analyzer(token)))
        if hit:
            if spans and spans[-1][1] == match.start():
                spans[-1] = (spans[-1][0], match.end())
            else:
                spans.append((match.start(), match.end()))
    out, last = [], 0
    for start, end in spans:
        out.append(html.escape(text[last:start]))
        out.append(f"<mark>{html.escape(text[start:end])}</mark>")
        last = end
    out.append(html.escape(text[last:]))
    return "".join(out)
