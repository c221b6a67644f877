"""Splitting a document's text into the paragraphs the index ranks.

Rules, applied in order:

1. Line ends are normalised (``\\r\\n`` and ``\\r`` become ``\\n``).
2. A blank line (empty or only whitespace) ends a paragraph.
3. A Markdown-style heading line (up to three spaces, one to six ``#``, then a space or the line end)
   starts a new paragraph. A paragraph made only of heading lines is joined to the paragraph after it,
   so a heading stays with the text it introduces (``"## Iron\\n\\nIron tools..."`` is one paragraph).
4. A paragraph longer than ``max_chars`` characters is cut at sentence ends into pieces of at most
   ``max_chars`` characters, packing whole sentences greedily. A sentence ends after ``。！？`` (with any
   closing quotes or brackets after them), after ``.!?`` followed by whitespace, and at a line end.
   A single sentence longer than ``max_chars`` is cut at the last whitespace before the limit, or at the
   limit itself when it has none (long CJK runs).
5. Every paragraph is stripped of surrounding whitespace; empty paragraphs are dropped, so an empty or
   blank text has no paragraphs. Each paragraph is an exact substring of the text with normalised
   line ends, and paragraphs follow each other in text order without overlapping.
"""

from __future__ import annotations

import re

from kit.retrieval.errors import InvalidParameterError

__all__ = ["split_paragraphs", "DEFAULT_MAX_CHARS"]

DEFAULT_MAX_CHARS = 2000
"""Default cut length: long enough that ordinary paragraphs (and a scientific abstract) stay whole."""

_BLANK = re.compile(r"\s*")  # Unicode white space, as str.strip; fails at the first other character
_HEADING = re.compile(r" {0,3}#{1,6}(?:[ \t]|$)")
# Three kinds of sentence end: a run of ``。！？`` with the closing quotes after it; a run of ``.!?`` (from its
# first character) with closing quotes, followed by white space; a line end. The pattern starts with the set of
# characters a sentence end starts with, so the regex engine skips to them in C instead of trying every position.
# Possessive runs and the look-behind keep this linear: a run of dots not followed by white space fails once at
# its first dot instead of being retried (with backtracking) from every dot of the run.
_SENTENCE_END = re.compile(
    r"[。！？\n.!?]"
    r"(?:(?<=[。！？])[。！？]*+[”’」』）》〉\"')\]]*+"  # CJK full stops (the first one already taken)
    r"|(?<=\n)"  # a line end
    r"|(?<![.!?].)[.!?]*+[\"')\]]*+(?=\s))"  # Latin: the first of its run, then white space
)


def split_paragraphs(text: str, *, max_chars: int | None = DEFAULT_MAX_CHARS) -> list[str]:
    """Split ``text`` into paragraphs by the rules of this module.

    Parameters
    ----------
    text : str
        The document body (Markdown-like plain text, Chinese or any other language).
    max_chars : int or None, default=2000
        Paragraphs longer than this many characters are cut at sentence ends; ``None`` never cuts.

    Returns
    -------
    list of str
        The paragraphs in document order (empty for an empty or blank text).

    Examples
    --------
    >>> split_paragraphs("## Iron\\nIron tools last longer.\\n\\nGold is fast.")
    ['## Iron\\nIron tools last longer.', 'Gold is fast.']
    """
    if not isinstance(text, str):
        raise InvalidParameterError(f"The 'text' parameter of split_paragraphs must be a str. Got {text!r} instead.")
    if max_chars is not None and (isinstance(max_chars, bool) or not isinstance(max_chars, int) or max_chars < 1):
        raise InvalidParameterError(
            "The 'max_chars' parameter of split_paragraphs must be an int in the range [1, inf) "
            f"or None. Got {max_chars!r} instead."
        )
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    # Blocks of consecutive non-blank lines, as (start, end, all lines are headings) offsets in text.
    blocks: list[tuple[int, int, bool]] = []
    block_start = block_end = -1
    block_headings = True
    offset = 0
    for line in text.split("\n"):
        line_start, offset = offset, offset + len(line) + 1
        if _BLANK.fullmatch(line):  # empty or only white space (tabs, U+3000, U+00A0, ...)
            if block_start >= 0:
                blocks.append((block_start, block_end, block_headings))
                block_start = -1
            continue
        is_heading = _HEADING.match(line) is not None
        if is_heading and block_start >= 0 and not block_headings:
            blocks.append((block_start, block_end, block_headings))
            block_start = -1
        if block_start < 0:
            block_start, block_headings = line_start, True
        block_end = line_start + len(line)
        block_headings = block_headings and is_heading
    if block_start >= 0:
        blocks.append((block_start, block_end, block_headings))

    paragraphs: list[str] = []
    pending = -1  # start of heading-only blocks waiting for their body
    for start, end, only_headings in blocks:
        if only_headings:
            pending = start if pending < 0 else pending
            continue
        paragraphs.append(text[(pending if pending >= 0 else start) : end].strip())
        pending = -1
    if pending >= 0:
        paragraphs.append(text[pending:].strip())

    if max_chars is None:
        return paragraphs
    out: list[str] = []
    for paragraph in paragraphs:
        if len(paragraph) <= max_chars:
            out.append(paragraph)
        else:
            out.extend(_cut(paragraph, max_chars))
    return out


def _sentence_spans(paragraph: str) -> list[tuple[int, int]]:
    """Cut ``paragraph`` after every sentence end: ``(start, end)`` offsets that tile the paragraph."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _SENTENCE_END.finditer(paragraph):
        spans.append((start, match.end()))
        start = match.end()
    if start < len(paragraph):
        spans.append((start, len(paragraph)))
    return spans


def _hard_cut(paragraph: str, start: int, end: int, max_chars: int) -> list[tuple[int, int]]:
    """Cut one over-long sentence ``paragraph[start:end]`` at white space before the limit, or at the limit."""
    spans: list[tuple[int, int]] = []
    while end - start > max_chars:
        limit = start + max_chars
        cut = (
            max(
                paragraph.rfind(" ", start, limit),
                paragraph.rfind("\t", start, limit),
                paragraph.rfind("\n", start, limit),
            )
            - start
        )
        if cut <= 0:
            cut = max_chars
        spans.append((start, start + cut))
        start += cut
    spans.append((start, end))
    return spans


def _cut(paragraph: str, max_chars: int) -> list[str]:
    """Pack whole sentences greedily into stripped chunks of at most ``max_chars`` characters.

    Works on offsets (the buffer is ``paragraph[first:last]`` once stripped), so each piece costs time in
    proportion to its own length: linear in the paragraph, whatever ``max_chars`` is.
    """
    chunks: list[str] = []
    first = last = -1  # the buffer's first and one-past-last non-white-space offsets (-1: nothing yet)
    for start, end in _sentence_spans(paragraph):
        sentence = paragraph[start:end]
        pieces = _hard_cut(paragraph, start, end, max_chars) if len(sentence.strip()) > max_chars else [(start, end)]
        for piece_start, piece_end in pieces:
            piece = paragraph[piece_start:piece_end]
            body = piece.strip()
            if not body:
                continue
            piece_first = piece_start + (len(piece) - len(piece.lstrip()))
            piece_last = piece_first + len(body)
            if first >= 0 and piece_last - first > max_chars:
                chunks.append(paragraph[first:last])
                first = -1
            if first < 0:
                first = piece_first
            last = piece_last
    if first >= 0:
        chunks.append(paragraph[first:last])
    return chunks
