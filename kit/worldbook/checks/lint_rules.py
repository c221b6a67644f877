"""The checks behind :func:`kit.worldbook.checks.linting.lint`, one function per kind of problem.

Each check takes an :class:`EntryView` (an enabled entry as the engine that will run it sees it: kit's rules, or
SillyTavern's when the entry came from a SillyTavern file) and yields problem rows (the shared problems shape plus
``book_id`` and ``uid``); :func:`kit.worldbook.checks.linting.lint` collects them. The kinds and their rules are
listed in :mod:`kit.worldbook.checks.linting`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from kit.worldbook.book.model import Entry, WorldBook
from kit.worldbook.sillytavern._js import JS_WHITESPACE, js_number, js_truthy
from kit.worldbook.sillytavern.buffer import match_key
from kit.worldbook.sillytavern.jsregex import RegexTimeoutError, parse_regex_key, translate_js_regex

__all__ = [
    "EntryView",
    "RecursionText",
    "broad_key_rows",
    "budget_rows",
    "duplicate_key_rows",
    "entry_view",
    "estimate_tokens",
    "group_shadowed_rows",
    "key_rows",
    "missing_reference_rows",
    "never_fires_rows",
]

_REGEX_SHAPE = re.compile(r"^/([\s\S]+?)/([gimsuy]*)$")
_EMPTY_CLASS = re.compile(r"(?<!\\)\[\]")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]+")
_MACRO = re.compile(r"\{\{|<(?:user|bot|char)>", re.IGNORECASE)


def estimate_tokens(text: str) -> int:
    """SillyTavern's token estimate when no tokenizer is available: ``ceil(len / 3.35)``."""
    return math.ceil(len(text) / 3.35) if text else 0


@dataclass(frozen=True)
class EntryView:
    """One enabled entry as the engine that reads it sees it."""

    book: WorldBook
    entry: Entry
    st: Mapping[str, Any] | None  # the raw SillyTavern entry, when read from a SillyTavern file
    keys: tuple[str, ...]  # primary keys taking part in matching (ST: trimmed, non-empty)
    secondary: tuple[str, ...]  # ST: raw secondary keys (empty ones never match); kit: non-empty
    case_sensitive: bool
    whole_words: bool

    @property
    def entry_id(self) -> str:
        return f"{self.book.id}/{self.entry.uid}"

    def fold(self, key: str) -> str:
        return key if self.case_sensitive else key.lower()

    def is_regex(self, key: str) -> bool:
        return self.st is not None and parse_regex_key(key) is not None

    @cached_property
    def steady(self) -> bool:
        """Whether nothing but its trigger decides if it fires (no chance, requires, timed effects or filters)."""
        gated = self.st is not None and _st_gated(self.st)
        return self.entry.triggers.probability >= 1 and not self.entry.requires and not gated


def entry_view(book: WorldBook, entry: Entry, whole_words_default: bool) -> EntryView:
    """The entry as its engine sees it (SillyTavern's raw object when it came from a SillyTavern file)."""
    raw = entry.extra.get("sillytavern") if isinstance(entry.extra, Mapping) else None
    st = raw if isinstance(raw, Mapping) else None
    kw = entry.triggers.keyword
    if st is None:
        return EntryView(
            book,
            entry,
            None,
            kw.active_keys if kw else (),
            kw.active_secondary_keys if kw else (),
            bool(kw and kw.case_sensitive),
            bool(kw and kw.match_whole_words),
        )
    keys = tuple(k.strip(JS_WHITESPACE) for k in (kw.keys if kw else ()) if k)
    ww = st.get("matchWholeWords")
    return EntryView(
        book,
        entry,
        st,
        keys,
        kw.secondary_keys if kw else (),
        js_truthy(st.get("caseSensitive")),
        whole_words_default if ww is None else js_truthy(ww),
    )


def _row(
    kind: str,
    view: EntryView | None,
    message: str,
    *,
    book: WorldBook | None = None,
    field: str | None = None,
    severity: str = "error",
) -> dict[str, Any]:
    book = view.book if view is not None else book
    assert book is not None
    uid = view.entry.uid if view is not None else None
    return {
        "severity": severity,
        "kind": kind,
        "object_id": view.entry_id if view is not None else book.id,
        "field": field,
        "message": message,
        "path": book.source,
        "book_id": book.id,
        "uid": uid,
    }


# -- regex keys -------------------------------------------------------------------------------------------
def _regex_problem(key: str) -> tuple[str, str] | None:
    """``("invalid_regex" | "dead_key", reason)`` for a SillyTavern key that is a broken or dead regex."""
    m = _REGEX_SHAPE.match(key)
    if not m:
        return None
    rx = parse_regex_key(key)
    if rx is None:
        try:
            translate_js_regex(m.group(1).replace("\\/", "/", 1), m.group(2))
        except Exception as exc:  # noqa: BLE001 - the translator's syntax error is private; any refusal is the reason
            reason = str(exc) or type(exc).__name__
        else:
            reason = "it holds an unescaped '/' or repeats a flag"
        return (
            "invalid_regex",
            f"{key!r} looks like a regex but is not a valid JavaScript regex ({reason}): "
            "SillyTavern matches it as plain text, slashes included",
        )
    if rx.error:
        return "dead_key", f"regex {key!r} is refused by kit's simulator ({rx.error}); it never matches there"
    source = rx.source
    if source.startswith("^") and len(source) > 1 and (source[1].isalnum() or _CJK.match(source[1])):
        return (
            "dead_key",
            f"regex {key!r} starts with ^, but SillyTavern's scan buffer starts every message "
            "with \\x01 (and the speaker's name), so it never matches",
        )
    if _EMPTY_CLASS.search(source):
        return "dead_key", f"regex {key!r} holds the empty class [], which matches nothing in JavaScript"
    return None


def key_rows(view: EntryView) -> Iterator[dict[str, Any]]:
    """invalid_regex / dead_key rows of an entry, then never_fires when no primary key can match."""
    if view.st is None:
        return
    kw = view.entry.triggers.keyword
    live = 0
    for name, keys in (("key", kw.keys if kw else ()), ("keysecondary", view.secondary)):
        for i, key in enumerate(keys):
            found = _regex_problem(key.strip(JS_WHITESPACE))
            if found is None:
                live += name == "key" and bool(key)
                continue
            kind, reason = found
            live += name == "key" and kind == "invalid_regex"  # still matches, as plain text
            severity = "error" if kind == "invalid_regex" else "warning"
            yield _row(kind, view, reason, field=f"{name}[{i}]", severity=severity)
    if view.keys and not live and _only_keys(view):
        yield _row("never_fires", view, "every primary key is a regex that can never match", field="key")


def _only_keys(view: EntryView) -> bool:
    t = view.entry.triggers
    vectorized = js_truthy((view.st or {}).get("vectorized"))
    return not (t.constant or t.conditions or t.logic_expression or t.rag or vectorized)


# -- never_fires ------------------------------------------------------------------------------------------
def _no_trigger(view: EntryView) -> str | None:
    if view.entry.triggers.configured or (view.st is not None and js_truthy(view.st.get("vectorized"))):
        return None
    if view.st is not None and not isinstance(view.st.get("key"), list):
        return "no keys ('key' is absent or not an array) and not constant: SillyTavern never activates it"
    return "no keys and not constant: nothing can activate this entry"


def _no_chance(view: EntryView) -> str | None:
    if view.entry.triggers.probability > 0:
        return None
    if view.st is not None and view.st.get("probability") is None:
        return "useProbability is on and probability is absent: SillyTavern's roll never passes"
    return "probability 0 with probability on: the roll never passes"


def _implied(view: EntryView, secondary: str, primary: str) -> bool:
    """Whether every text where ``primary`` matches also holds ``secondary`` (plain keys only)."""
    if view.is_regex(secondary) or view.is_regex(primary):
        return False
    s, p = view.fold(secondary), view.fold(primary)
    return s == p or (not view.whole_words and s in p)


def _secondary_dead(view: EntryView) -> str | None:
    kw = view.entry.triggers.keyword
    if kw is None or not view.secondary or not view.keys:
        return None
    if view.st is not None:
        logic_raw = view.st.get("selectiveLogic")
        if logic_raw is not None and not (type(logic_raw) in (int, float) and logic_raw in (0, 1, 2, 3)):
            return f"selectiveLogic {logic_raw!r} is not 0-3: SillyTavern never satisfies the secondary keys"
    # ST: an empty secondary key never matches, a white-space-only one matches every text
    never = [s for s in view.secondary if not s]
    always = [s for s in view.secondary if s and not s.strip(JS_WHITESPACE)]
    usable = [s.strip(JS_WHITESPACE) if view.st is not None else s for s in view.secondary if s]
    implied = [s for s in usable if s and all(_implied(view, s, p) for p in view.keys)]
    logic = kw.secondary_logic
    if logic == "and_any" and len(never) == len(view.secondary):
        return "AND_ANY over secondary keys that are all empty (an empty key never matches)"
    if logic == "and_all" and never:
        return "AND_ALL with an empty secondary key, which never matches"
    if logic == "not_any" and (always or implied):
        which = (always or implied)[0]
        return f"NOT_ANY, but the secondary key {which!r} matches whenever a primary key does"
    if logic == "not_all" and len(always) + len(implied) == len(view.secondary):
        return "NOT_ALL, but every secondary key matches whenever a primary key does"
    return None


class RecursionText:
    """The contents recursion passes can scan: every enabled entry's but those with ``preventRecursion``,
    joined once (and lower-cased once) so that each delayed entry is one scan, not one per entry.
    """

    def __init__(self, views: Sequence[EntryView]) -> None:
        self.members = {id(v) for v in views if not (v.st is not None and js_truthy(v.st.get("preventRecursion")))}
        self.text = "\n\x01".join(v.entry.content for v in views if id(v) in self.members)
        self.lowered = self.text.lower()
        self.views = views

    def matches(self, view: EntryView, key: str, *, others_only: bool = False) -> bool:
        if not others_only:
            return match_key(
                self.text, key, case_sensitive=view.case_sensitive, whole_words=view.whole_words, lowered=self.lowered
            )
        return any(
            match_key(o.entry.content, key, case_sensitive=view.case_sensitive, whole_words=view.whole_words)
            for o in self.views
            if o is not view and id(o) in self.members
        )


def _reachable_by_recursion(view: EntryView, pool: RecursionText) -> bool:
    if view.entry.triggers.constant:
        return True
    keys = [k for k in view.keys if not _MACRO.search(k)]
    if len(keys) < len(view.keys):
        return True  # a macro key: its text is only known at chat time
    own = id(view) in pool.members
    for key in keys:
        try:
            if not pool.matches(view, key):
                continue
            if not own or not match_key(
                view.entry.content, key, case_sensitive=view.case_sensitive, whole_words=view.whole_words
            ):
                return True
            if pool.matches(view, key, others_only=True):  # the key is in its own content: look at the others
                return True
        except RegexTimeoutError:
            return True  # unknown: do not call it dead
    return False


def _delay_dead(view: EntryView, pool: RecursionText) -> str | None:
    if view.st is None:
        return None
    level = view.st.get("delayUntilRecursion")
    if not js_truthy(level) or (level is not True and not js_number(level) > 0):
        return None
    if js_truthy(view.st.get("excludeRecursion")):
        return "delayUntilRecursion together with excludeRecursion: it may fire only in recursion passes, which skip it"
    if not _reachable_by_recursion(view, pool):
        return (
            "delayUntilRecursion, but no other entry's content holds one of its keys: no recursion pass can trigger it"
        )
    return None


def never_fires_rows(view: EntryView, pool: RecursionText) -> Iterator[dict[str, Any]]:
    """``never_fires`` rows: no trigger, no chance, a dead secondary logic, or a recursion delay nothing reaches."""
    for check, field in ((_no_trigger, "key"), (_no_chance, "probability"), (_secondary_dead, "keysecondary")):
        reason = check(view)
        if reason:
            yield _row("never_fires", view, reason, field=field if view.st is not None else _KIT_FIELDS[field])
    reason = _delay_dead(view, pool)
    if reason:
        yield _row("never_fires", view, reason, field="delayUntilRecursion")


_KIT_FIELDS = {
    "key": "trigger_config.triggers",
    "probability": "trigger_config.probability",
    "keysecondary": "trigger_config.triggers.keyword.secondaryKey",
}


# -- book-level checks ------------------------------------------------------------------------------------
def duplicate_key_rows(views: Sequence[EntryView]) -> Iterator[dict[str, Any]]:
    """``duplicate_key`` rows: the same primary key on several enabled entries of one book."""
    by_key: dict[str, list[EntryView]] = {}
    for v in views:
        for key in dict.fromkeys(v.fold(k) for k in v.keys if k):
            by_key.setdefault(key, []).append(v)
    for key, holders in by_key.items():
        if len(holders) > 1:
            names = ", ".join(h.entry.uid for h in holders)
            yield _row(
                "duplicate_key",
                holders[0],
                f"primary key {key!r} is on {len(holders)} entries of book {holders[0].book.id!r}: {names}",
                field="key",
                severity="warning",
            )


def missing_reference_rows(view: EntryView, known: Mapping[str, set[str]]) -> Iterator[dict[str, Any]]:
    """``missing_reference`` rows: ``requires``/``excludes`` naming no entry of ``known`` (book id -> uids)."""
    own = known.get(view.book.id, set())
    for name, refs in (("requires", view.entry.requires), ("excludes", view.entry.excludes)):
        for i, ref in enumerate(refs):
            book_id, uid = (view.book.id, ref) if ref in own or "/" not in ref else ref.split("/", 1)
            if uid in known.get(book_id, set()):
                continue
            where = "its book" if book_id == view.book.id else f"book {book_id!r}"
            if book_id not in known:
                where = f"book {book_id!r}, which is not among the linted books"
            effect = "so the entry never stays active" if name == "requires" else "so the exclusion has no effect"
            yield _row(
                "missing_reference",
                view,
                f"{name} {ref!r}: no such entry in {where}, {effect}",
                field=f"{name}[{i}]",
                severity="error" if name == "requires" else "warning",
            )


def _always_with(winner: EntryView, loser: EntryView) -> bool:
    """Whether ``winner`` fires whenever ``loser`` does (statically, ignoring chance)."""
    if not winner.steady:
        return False
    if winner.entry.triggers.constant:
        return True
    if not loser.keys or winner.secondary or not winner.keys:
        return False
    if (winner.whole_words and not loser.whole_words) or (winner.case_sensitive and not loser.case_sensitive):
        return False
    return all(not loser.is_regex(k) and any(_implied(winner, w, k) for w in winner.keys) for k in loser.keys)


def _st_gated(st: Mapping[str, Any]) -> bool:
    """Whether a SillyTavern entry has a rule that can keep it out of a turn (timed effects, filters)."""
    gates = ("delay", "cooldown", "delayUntilRecursion", "triggers")
    return any(js_truthy(st.get(k)) and st.get(k) != [] for k in gates) or _has_filter(st.get("characterFilter"))


def _has_filter(value: Any) -> bool:
    return isinstance(value, Mapping) and bool(value.get("names") or value.get("tags"))


def _beats(winner: EntryView, loser: EntryView, rank: Mapping[int, int]) -> str | None:
    if winner.st is None or loser.st is None:
        a, b = winner.entry.order, loser.entry.order
        if a > b or (a == b and rank[id(winner)] < rank[id(loser)]):
            return f"order {a} against {b}"
        return None
    w_over, l_over = js_truthy(winner.st.get("groupOverride")), js_truthy(loser.st.get("groupOverride"))
    if w_over and (not l_over or winner.entry.order > loser.entry.order):
        return "groupOverride" + ("" if not l_over else f" and order {winner.entry.order} against {loser.entry.order}")
    weight = js_number(loser.st.get("groupWeight", 100))
    if not w_over and not l_over and weight == 0 and js_number(winner.st.get("groupWeight", 100)) > 0:
        return "groupWeight 0 against a positive weight"
    return None


def group_shadowed_rows(views: Sequence[EntryView]) -> Iterator[dict[str, Any]]:
    """``group_shadowed`` rows: inclusion-group members another member always fires with and beats."""
    groups: dict[str, list[EntryView]] = {}
    for v in views:
        for g in v.entry.group or ():
            groups.setdefault(g, []).append(v)
    rank = {id(v): i for i, v in enumerate(views)}
    for name, members in groups.items():
        winners = [w for w in members if w.steady and (w.entry.triggers.constant or (w.keys and not w.secondary))]
        for loser in members:
            for winner in winners:
                if winner is loser or not _always_with(winner, loser):
                    continue
                why = _beats(winner, loser, rank)
                if why:
                    yield _row(
                        "group_shadowed",
                        loser,
                        f"never wins group {name!r}: {winner.entry_id} fires whenever it does and wins ({why})",
                        field="group",
                        severity="warning",
                    )
                    break


def budget_rows(book: WorldBook, views: Sequence[EntryView], budget: int, how: str) -> Iterator[dict[str, Any]]:
    """A ``constants_over_budget`` row when the constant entries alone take more than ``budget`` tokens."""
    constants = [v for v in views if v.entry.triggers.constant and not js_truthy((v.st or {}).get("ignoreBudget"))]
    tokens = sum(estimate_tokens(v.entry.content) for v in constants)
    if tokens > budget:
        yield _row(
            "constants_over_budget",
            None,
            f"the {len(constants)} constant entries take about {tokens} tokens, "
            f"more than the world-info budget of {budget} tokens ({how}): entries after them never fit",
            book=book,
            field="constant",
        )


def broad_key_rows(view: EntryView, words: Sequence[str]) -> Iterator[dict[str, Any]]:
    """``broad_key`` rows: short keys inside common ``words`` (partial matching), single CJK characters."""
    for i, key in enumerate(view.keys):
        if view.is_regex(key):
            continue
        if not key:
            yield _row(
                "broad_key",
                view,
                "a key of white space only: SillyTavern trims it to nothing, which matches every text",
                field=f"key[{i}]",
                severity="warning",
            )
            continue
        if len(key) == 1 and _CJK.match(key):
            yield _row(
                "broad_key",
                view,
                f"key {key!r} is a single character: it matches inside every word that "
                "holds it, whole-word matching or not (CJK characters are word boundaries)",
                field=f"key[{i}]",
                severity="warning",
            )
            continue
        folded = key.lower()
        if view.whole_words or len(folded) > 4 or not _LATIN_WORD.fullmatch(folded):
            continue
        inside = [w for w in words if folded in w and w != folded]
        if inside:
            yield _row(
                "broad_key",
                view,
                f"key {key!r} occurs inside common words ({', '.join(inside[:4])}) and whole-word matching is off",
                field=f"key[{i}]",
                severity="warning",
            )
