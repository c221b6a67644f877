"""Token counts for the world-info budget: SillyTavern's guesstimate, or a real tokenizer that works offline.

- ``"guesstimate"`` (the default): SillyTavern's fallback when no tokenizer is available,
  ``ceil(length / 3.35)`` with JavaScript's length (UTF-16 code units).
- ``"mistral"``: the Mistral v1 SentencePiece model (32,000 pieces; the tokenizer SillyTavern offers as
  "Mistral"), from the ``mistral-common`` package's bundled data through ``sentencepiece``; nothing is
  downloaded. Install with ``pip install kit-research[tokenizers]``.

A :class:`TokenCounter` counts like SillyTavern's budget check: ``measure`` is additive over texts (characters, or
tokens), ``count_of`` turns the summed measure into tokens (``ceil(chars / 3.35)`` for the guesstimate), so the
count of several entries together is that of their joined text, as SillyTavern measures it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from kit.core.errors import InvalidParameterError

__all__ = ["TOKENIZERS", "TokenCounter", "token_counter", "js_length"]

#: The tokenizers :func:`token_counter` knows.
TOKENIZERS: tuple[str, ...] = ("guesstimate", "mistral")


def js_length(text: str) -> int:
    """JavaScript's ``text.length``: UTF-16 code units (characters outside the BMP count twice)."""
    n = len(text)
    if text.isascii():
        return n
    return n + sum(1 for ch in text if ord(ch) > 0xFFFF)


@dataclass(frozen=True)
class TokenCounter:
    """Token counts: ``measure(text)`` (additive), ``count_of(measure)`` tokens, ``name``."""

    name: str
    measure: Callable[[str], int]
    count_of: Callable[[int], int]

    def __call__(self, text: str) -> int:
        return self.count_of(self.measure(text))


def _guesstimate(measure: int) -> int:
    return math.ceil(measure / 3.35) if measure else 0


@lru_cache(maxsize=1)
def _mistral() -> Callable[[str], int]:
    try:
        import importlib.resources

        import sentencepiece

        model = importlib.resources.files("mistral_common") / "data" / "tokenizer.model.v1"
        processor = sentencepiece.SentencePieceProcessor(model_file=str(model))
    except (ImportError, OSError, RuntimeError) as exc:
        raise InvalidParameterError(
            f"tokenizer='mistral' needs the packages sentencepiece and mistral-common ({exc}); install them with "
            "`pip install kit-research[tokenizers]`, or use tokenizer='guesstimate'."
        ) from None
    encode = processor.encode

    def count(text: str) -> int:
        return len(encode(text)) if text else 0

    return count


def token_counter(name: str = "guesstimate") -> TokenCounter:
    """The token counter called ``name`` (one of :data:`TOKENIZERS`).

    Raises
    ------
    InvalidParameterError
        For an unknown name (listing the known ones), or ``"mistral"`` without its packages installed.
    """
    if name == "guesstimate":
        return TokenCounter(name, js_length, _guesstimate)
    if name == "mistral":
        return TokenCounter(name, _mistral(), lambda m: m)
    import difflib

    near = difflib.get_close_matches(str(name), TOKENIZERS, n=1)
    hint = f" Did you mean {near[0]!r}?" if near else ""
    raise InvalidParameterError(
        f"The 'tokenizer' parameter must be one of {list(TOKENIZERS)}. Got {name!r} instead.{hint}"
    )
