"""Static checks of world books: dead entries and other mistakes found before any chat (:func:`lint`).

kit's books and SillyTavern world files alike: an entry read from a SillyTavern file (its raw object kept in
``Entry.extra["sillytavern"]``) is checked with SillyTavern's scan-time rules (regex keys, ``selective``,
``useProbability``, ``delayUntilRecursion``, ``groupOverride``/``groupWeight``, ``ignoreBudget``); every
other entry with kit's engine rules (keys are plain text; ``requires``/``excludes``; the higher ``order`` wins
a group). Disabled entries are left alone (disabling is a choice). The kinds, with their severity:

``never_fires`` (error)
    The entry can never activate: no keys and not constant (nor conditions, a logic expression, retrieval,
    or SillyTavern's vector storage); probability 0 with probability on; ``delayUntilRecursion`` while no
    other entry's content can ever trigger it (or with ``excludeRecursion``, which skips it in every
    recursion pass); a secondary logic that cannot be satisfied (AND_ANY over only empty keys, AND_ALL
    with an empty key, NOT_ANY with a key every primary key contains, NOT_ALL when every secondary key is
    contained in every primary key, a ``selectiveLogic`` outside 0-3). An empty secondary list is not
    such a case: SillyTavern then skips the secondary check. Also when every primary key is a regex that
    can never match.
``dead_key`` (warning)
    One regex key can never match (``^`` at the start: SillyTavern's scan buffer starts every message with
    ``\\x01``; an empty class ``[]``; a pattern kit's simulator refuses), while the entry's other keys can.
``invalid_regex`` (error)
    A key written ``/pattern/flags`` that is not a valid JavaScript regex: SillyTavern silently matches
    it as plain text, slashes included.
``duplicate_key`` (warning)
    The same primary key (after trimming, and lower-cased unless case-sensitive) on several enabled
    entries of one book.
``missing_reference`` (error for ``requires``, warning for ``excludes``)
    ``requires``/``excludes`` naming no entry of the linted books.
``group_shadowed`` (warning)
    An inclusion-group member that can never win its group: another member fires whenever it does
    (constant, or a key every one of its keys contains) and always beats it (kit: higher ``order``, ties
    to the earlier entry; SillyTavern: ``groupOverride`` with higher ``order``, or a ``groupWeight`` of 0
    against a positive weight).
``constants_over_budget`` (error)
    The constant entries of a book (those without ``ignoreBudget``) alone take more tokens than the world
    info budget (tokens estimated as SillyTavern's fallback does, one per 3.35 characters).
``broad_key`` (warning)
    A short key that occurs inside common words (``"elf"`` in ``"itself"``) while whole-word matching is
    off, or a single Chinese/Japanese/Korean character, which matches inside many words whatever the
    whole-word setting (CJK characters are word boundaries for both engines).
``unreadable`` (error)
    A file of a linted folder that could not be read as a world book (the reason), or an entry the reader had
    to skip; the rest is linted.

This module is the driver (what can be linted, the budget, the frame); the checks, one per kind, are in
:mod:`kit.worldbook.checks.lint_rules`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kit.core.errors import InvalidParameterError
from kit.core.problems import problem_schema, problems_frame
from kit.worldbook.book.model import WorldBook
from kit.worldbook.checks._common_words import COMMON_WORDS
from kit.worldbook.checks.lint_rules import (
    RecursionText,
    broad_key_rows,
    budget_rows,
    duplicate_key_rows,
    entry_view,
    estimate_tokens,
    group_shadowed_rows,
    key_rows,
    missing_reference_rows,
    never_fires_rows,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["LINT_EXTRA", "LINT_KINDS", "LINT_SCHEMA", "lint", "books_to_lint", "estimate_tokens"]

#: The problem kinds :func:`lint` reports (see the module documentation).
LINT_KINDS: tuple[str, ...] = (
    "never_fires",
    "dead_key",
    "invalid_regex",
    "duplicate_key",
    "missing_reference",
    "group_shadowed",
    "constants_over_budget",
    "broad_key",
    "unreadable",
)
#: Columns :func:`lint` adds after the shared problems columns.
LINT_EXTRA: dict[str, str] = {"book_id": "string", "uid": "string"}
#: Columns of :func:`lint` (the shared problems shape of :mod:`kit.core.problems`, then :data:`LINT_EXTRA`).
LINT_SCHEMA: dict[str, Any] = problem_schema(LINT_EXTRA)


def books_to_lint(source: Any) -> list[WorldBook]:
    """The books of what :func:`lint` accepts: a WorldBook, a library or mapping of books, an iterable of
    books, a path (a world-book file, or a folder read with :func:`kit.worldbook.scan_world_books`), or a
    parsed world file (kit's native JSON, a SillyTavern world file, a card or ``character_book``).
    """
    from kit.worldbook.book.io import WorldBookLibrary, read_world_book, scan_world_books

    if isinstance(source, WorldBook):
        return [source]
    if isinstance(source, WorldBookLibrary):
        return _Books(source.values(), source.file_issues)
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        if path.is_dir():
            library = scan_world_books(path)
            return _Books(library.values(), library.file_issues)
        return [read_world_book(path)]
    if isinstance(source, Mapping) and "entries" in source:
        return [_book_from_data(source)]
    if isinstance(source, Mapping) and all(isinstance(b, WorldBook) for b in source.values()):
        return list(source.values())
    if isinstance(source, Iterable) and not isinstance(source, (bytes, Mapping)):
        books = list(source)
        if all(isinstance(b, WorldBook) for b in books):
            return books
    raise InvalidParameterError(
        f"The 'book_or_library' parameter of lint must be a WorldBook, a WorldBookLibrary (or mapping or list of "
        f"WorldBooks), a path, or a parsed world file. Got {type(source).__name__} {str(source)[:60]!r} instead."
    )


class _Books(list[WorldBook]):
    """The books of a folder, with the files that could not be read."""

    def __init__(self, books: Iterable[WorldBook], file_issues: Sequence[Any]) -> None:
        super().__init__(books)
        self.file_issues = tuple(file_issues)


def _book_from_data(data: Mapping[str, Any]) -> WorldBook:
    from kit.worldbook.book.cards import from_character_book
    from kit.worldbook.book.io import detect_format
    from kit.worldbook.book.normalize import world_book_from_dict
    from kit.worldbook.sillytavern import read_world

    kind = detect_format(data)
    if kind == "sillytavern" or kind == "character_card":
        return read_world(data, book_id=str(data.get("name") or "world"), strict=False)
    if kind == "character_book":
        return from_character_book(data, book_id=str(data.get("name") or "book"), strict=False)
    return world_book_from_dict(data, default_id="book", strict=False)


def lint(
    book_or_library: Any,
    *,
    budget_tokens: int | None = None,
    max_context: int = 8192,
    budget_percent: float = 25,
    match_whole_words: bool = False,
    common_words: Sequence[str] | None = None,
) -> pd.DataFrame:
    """Check world books statically, before any chat (the kinds are listed in :mod:`kit.worldbook.checks.linting`).

    Parameters
    ----------
    book_or_library : WorldBook, WorldBookLibrary, mapping or list of WorldBooks, path, or parsed world file
        What to check; references (``requires``/``excludes``) and groups are resolved across all given books.
    budget_tokens : int, optional
        The world-info budget in tokens; by default ``round(budget_percent * max_context / 100)``
        (SillyTavern's rule), or the ``token_budget`` of a card's book when it has one.
    max_context : int, default=8192
        Context size minus the response length, for the default budget.
    budget_percent : float, default=25
        SillyTavern's ``world_info_budget`` (percent of the context).
    match_whole_words : bool, default=False
        SillyTavern's global whole-word setting, used for entries whose ``matchWholeWords`` is null (``false`` in
        SillyTavern's code, ``true`` in a fresh install's settings).
    common_words : sequence of str, optional
        Words ``broad_key`` looks inside (default :data:`kit.worldbook.checks._common_words.COMMON_WORDS`).

    Returns
    -------
    DataFrame
        The shared problems shape (:mod:`kit.core.problems`): ``severity``, ``kind`` (one of
        :data:`LINT_KINDS`), ``object_id`` (the entry id ``<book_id>/<uid>``, or the book id for
        ``constants_over_budget``), ``field``, ``message``, ``path`` (the book's file), then ``book_id`` and
        ``uid``. Sorted by book, uid, kind and field; empty when nothing is wrong.
    """
    books = books_to_lint(book_or_library)
    unread = [
        *(books.file_issues if isinstance(books, _Books) else ()),
        *(i for b in books for i in b.issues if i.severity == "error"),
    ]
    _check_numbers(budget_tokens, max_context, budget_percent)
    words = tuple(w.lower() for w in (COMMON_WORDS if common_words is None else common_words))
    known = {b.id: {e.uid for e in b.entries} for b in books}
    per_book = [(b, [entry_view(b, e, match_whole_words) for e in b.entries if not e.disable]) for b in books]
    everyone = [v for _, vs in per_book for v in vs]
    pool = RecursionText(everyone)
    rows: list[dict[str, Any]] = []
    for book, views in per_book:
        for v in views:
            rows.extend(never_fires_rows(v, pool))
            rows.extend(key_rows(v))
            rows.extend(missing_reference_rows(v, known))
            rows.extend(broad_key_rows(v, words))
        rows.extend(duplicate_key_rows(views))
        budget, how = _budget(book, budget_tokens, max_context, budget_percent)
        rows.extend(budget_rows(book, views, budget, how))
    rows.extend(group_shadowed_rows(everyone))
    rows.extend(
        {
            "severity": "error",
            "kind": "unreadable",
            "field": i.field or None,
            "message": i.reason,
            "object_id": i.book_id if i.uid is None else f"{i.book_id}/{i.uid}",
            "path": i.file,
            "book_id": i.book_id,
            "uid": i.uid,
        }
        for i in unread
    )
    return problems_frame(rows, LINT_EXTRA, sort=("book_id", "uid", "kind", "field"))


def _check_numbers(budget_tokens: Any, max_context: Any, budget_percent: Any) -> None:
    for name, value in (("budget_tokens", budget_tokens), ("max_context", max_context)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise InvalidParameterError(f"The {name!r} parameter of lint must be an int >= 1. Got {value!r} instead.")
    number = isinstance(budget_percent, (int, float)) and not isinstance(budget_percent, bool)
    if not number or not 0 < budget_percent <= 100:
        raise InvalidParameterError(
            f"The 'budget_percent' parameter of lint must be a number in (0, 100]. Got {budget_percent!r} instead."
        )


def _budget(book: WorldBook, budget_tokens: int | None, max_context: int, percent: float) -> tuple[int, str]:
    if budget_tokens is not None:
        return budget_tokens, "as given"
    original = (book.extra.get("sillytavern") or {}).get("originalData") if isinstance(book.extra, Mapping) else None
    own = original.get("token_budget") if isinstance(original, Mapping) else book.extra.get("token_budget")
    if isinstance(own, int) and not isinstance(own, bool) and own > 0:
        return own, "the book's token_budget"
    return max(round(percent * max_context / 100), 1), f"{percent:g}% of a {max_context}-token context"
