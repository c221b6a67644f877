"""SillyTavern's scan buffer (``WorldInfoBuffer``) and key matching (``matchKeys``), with its macros.

The buffer holds the chat newest first. ``get`` joins the first ``depth`` messages as
``"\\x01" + messages.join("\\n\\x01")`` and appends the entry's extra sources, the inject buffer and the
recursion buffer (not in min-activation passes); depth <= 0 gives ``""``. See the note
``sillytavern-world-info.md`` sections 1.6-1.7.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from kit.worldbook.sillytavern._js import JS_WHITESPACE, js_number, js_truthy
from kit.worldbook.sillytavern.jsregex import RegexLimits, parse_regex_key
from kit.worldbook.sillytavern.keyindex import KeyIndex

__all__ = [
    "ScanBuffer",
    "entry_settings",
    "scan_key",
    "substitute_params",
    "match_key",
    "MAX_SCAN_DEPTH",
    "SCAN_INITIAL",
    "SCAN_RECURSION",
    "SCAN_MIN_ACTIVATIONS",
]

#: SillyTavern's cap on the scan depth.
MAX_SCAN_DEPTH = 1000
#: Scan states (``scan_state``).
SCAN_NONE, SCAN_INITIAL, SCAN_RECURSION, SCAN_MIN_ACTIVATIONS = 0, 1, 2, 3

_MATCHER = "\x01"
_JOINER = "\n\x01"
_WS_SPLIT = re.compile(f"[{re.escape(JS_WHITESPACE)}]+")
_NONWORD = "[^A-Za-z0-9_]"
_WORD_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")

#: Extra scan sources: entry flag -> key of ``globalScanData``, in SillyTavern's order.
EXTRA_SOURCES: tuple[tuple[str, str], ...] = (
    ("matchPersonaDescription", "personaDescription"),
    ("matchCharacterDescription", "characterDescription"),
    ("matchCharacterPersonality", "characterPersonality"),
    ("matchCharacterDepthPrompt", "characterDepthPrompt"),
    ("matchScenario", "scenario"),
    ("matchCreatorNotes", "creatorNotes"),
)
_EXTRA_FLAGS = tuple(flag for flag, _source in EXTRA_SOURCES)
_NO_EXTRAS = (False,) * len(EXTRA_SOURCES)


def _macro_re(names: Sequence[str]) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(n) for n in names), re.IGNORECASE)


_USER_RE = _macro_re(["{{user}}", "<USER>"])
_CHAR_RE = _macro_re(["{{char}}", "<BOT>", "<CHAR>", "{{charIfNotGroup}}", "{{group}}"])


def substitute_params(text: Any, user: str, char: str) -> str:
    """Expand the ``{{user}}``/``{{char}}`` macro family (``<USER>``, ``<BOT>``, ``<CHAR>``,
    ``{{charIfNotGroup}}``, ``{{group}}``; case-insensitive). Non-strings become their JavaScript text;
    ``null``/``undefined`` become ``""``.
    """
    if text is None:
        return ""
    if not isinstance(text, str):
        if isinstance(text, bool):
            text = "true" if text else "false"
        elif isinstance(text, float) and text.is_integer():
            text = str(int(text))
        else:
            text = str(text)
    if "{" not in text and "<" not in text:
        return text
    text = _USER_RE.sub(lambda _m: user, text)
    return _CHAR_RE.sub(lambda _m: char, text)


@lru_cache(maxsize=65536)
def _whole_word_re(needle: str) -> re.Pattern[str]:
    return re.compile(f"(?:\\A|{_NONWORD}){re.escape(needle)}(?:\\Z|{_NONWORD})")


def _whole_word_find(haystack: str, needle: str) -> bool:
    """Whether a non-empty ``needle`` occurs in ``haystack`` with an ASCII non-word character (or the text's
    start/end) on each side: the same answer as ``_whole_word_re(needle).search``, by ``str.find`` over the
    occurrences instead of a regex whose leading alternation defeats the literal-prefix search.
    """
    n = len(needle)
    end = len(haystack)
    at = haystack.find(needle)
    while at >= 0:
        if (at == 0 or haystack[at - 1] not in _WORD_CHARS) and (at + n == end or haystack[at + n] not in _WORD_CHARS):
            return True
        at = haystack.find(needle, at + 1)
    return False


def match_key(
    haystack: str,
    needle: str,
    *,
    case_sensitive: bool,
    whole_words: bool,
    lowered: str | None = None,
    limits: RegexLimits | None = None,
) -> bool:
    """SillyTavern's ``matchKeys`` for one (already substituted and trimmed) key.

    A ``/regex/flags`` key is tested on the raw haystack with JavaScript semantics (case and whole-word
    settings ignored), within ``limits`` (default: :data:`~kit.worldbook.sillytavern.jsregex.MATCH_TIMEOUT_S` per
    match; a timeout raises :class:`~kit.worldbook.sillytavern.RegexTimeoutError`). A plain key is compared
    lower-cased unless ``case_sensitive``; with ``whole_words`` a single-token key needs ASCII non-word
    characters (or the text ends) on both sides, a multi-word key is a plain substring test. ``lowered`` may
    pass ``haystack.lower()`` precomputed.
    """
    rx = parse_regex_key(needle) if needle.startswith("/") else None
    if rx is not None:
        return limits.test(rx, haystack) if limits is not None else rx.test(haystack)
    if not case_sensitive:
        haystack = lowered if lowered is not None else haystack.lower()
        needle = needle.lower()
    if whole_words:
        if len(_WS_SPLIT.split(needle)) > 1:
            return needle in haystack
        if not needle:
            return _whole_word_re(needle).search(haystack) is not None
        return _whole_word_find(haystack, needle)
    return needle in haystack


class ScanBuffer:
    """The scan buffer of one generation.

    Parameters
    ----------
    messages : sequence of str
        Formatted chat messages, **newest first** (each is trimmed here).
    settings : mapping
        The world-info settings (``world_info_depth``, ``world_info_case_sensitive``,
        ``world_info_match_whole_words``).
    global_scan_data : mapping
        Extra sources (``personaDescription``, ``characterDescription``, ...).
    regex_limits : RegexLimits, optional
        Time limits of regex keys (default: the per-match default, no shared budget).
    index : KeyIndex, optional
        The simulation's plain-key filter, shared across generations so that each message is scanned once
        (default: a new one for this buffer).
    """

    def __init__(
        self,
        messages: Sequence[str],
        settings: Mapping[str, Any],
        global_scan_data: Mapping[str, Any],
        regex_limits: RegexLimits | None = None,
        index: KeyIndex | None = None,
    ) -> None:
        self.regex_limits = regex_limits
        self.index = index if index is not None else KeyIndex(exact_plain)
        self.depth_buffer: list[str] = [m.strip(JS_WHITESPACE) if m else "" for m in messages[:MAX_SCAN_DEPTH]]
        self.recurse_buffer: list[str] = []
        self.inject_buffer: list[str] = []
        self.skew = 0
        self.settings = settings
        self.global_scan_data = global_scan_data
        self._lower_cache: dict[str, str] = {}
        self._heads: dict[Any, str] = {}
        self._progress: dict[Any, list[int]] = {}
        self._parts: dict[Any, tuple[str, ...]] = {}
        self._contexts: dict[int, tuple[int, tuple[Any, bool, bool]]] = {}
        self._present: dict[tuple[Any, bool], tuple[int, set[str]]] = {}

    # -- state ---------------------------------------------------------------------------------------
    def add_recurse(self, text: str) -> None:
        self.recurse_buffer.append(text)

    def add_inject(self, text: str) -> None:
        self.inject_buffer.append(text)

    def has_recurse(self) -> bool:
        return bool(self.recurse_buffer)

    def advance_scan(self) -> None:
        self.skew += 1

    def get_depth(self) -> float:
        return js_number(self.settings.get("world_info_depth", 2)) + self.skew

    # -- text ----------------------------------------------------------------------------------------
    def get(self, entry: Mapping[str, Any], scan_state: int) -> str:
        """The text an entry is scanned against in this pass (``WorldInfoBuffer.get``)."""
        scan_depth = entry.get("scanDepth")
        depth = js_number(scan_depth) if scan_depth is not None else self.get_depth()
        if depth <= 0:  # at or below the start depth (NaN compares false and scans no message)
            return ""
        if depth > MAX_SCAN_DEPTH:
            depth = MAX_SCAN_DEPTH
        count = int(depth) if depth == depth else 0  # slice() truncates; NaN -> 0
        result = _MATCHER + _JOINER.join(self.depth_buffer[:count])
        for flag, source in EXTRA_SOURCES:
            if js_truthy(entry.get(flag)):
                value = self.global_scan_data.get(source)
                if js_truthy(value):
                    result += _JOINER + str(value)
        if self.inject_buffer:
            result += _JOINER + _JOINER.join(self.inject_buffer)
        if self.recurse_buffer and scan_state != SCAN_MIN_ACTIVATIONS:
            result += _JOINER + _JOINER.join(self.recurse_buffer)
        return result

    def present(self, entry: Mapping[str, Any], case_sensitive: bool) -> set[str] | frozenset[str]:
        """Every registered plain key (lower-cased unless ``case_sensitive``) that occurs in a piece of the
        entry's scan text in this pass or an earlier one: its messages, extra sources and injects, and the
        recursion segments so far. A registered key outside this set does not match the entry's scan text.
        """
        cached_context = self._contexts.get(id(entry))
        if cached_context is not None and cached_context[0] == self.skew:
            found_head = cached_context[1][0]
        else:
            found_head = self.scan_context(entry)[0]
        if found_head is None:
            return frozenset()  # depth <= 0: the scan text is ""
        config = found_head[0]
        cached = self._present.get((config, case_sensitive))
        if cached is not None and cached[0] == len(self.recurse_buffer):
            return cached[1]
        if cached is None:
            found: set[str] = set()
            for piece in self._parts[config]:
                found |= self.index.found(piece, case_sensitive)
            cached = (0, found)
        done, found = cached
        if done < len(self.recurse_buffer):
            for segment in self.recurse_buffer[done:]:
                found |= self.index.found(segment, case_sensitive)
            cached = (len(self.recurse_buffer), found)
        self._present[(config, case_sensitive)] = cached
        return found

    def entry_settings(self, entry: Mapping[str, Any]) -> tuple[bool, bool]:
        """The entry's effective (case-sensitive, whole-words) settings."""
        return self._settings_for(entry)

    def _settings_for(self, entry: Mapping[str, Any]) -> tuple[bool, bool]:
        return entry_settings(entry, self.settings)

    def _lower(self, text: str) -> str:
        lowered = self._lower_cache.get(text)
        if lowered is None:
            if len(self._lower_cache) > 256:
                self._lower_cache.clear()
            lowered = text.lower()
            self._lower_cache[text] = lowered
        return lowered

    def match(self, haystack: str, needle: str, entry: Mapping[str, Any]) -> bool:
        """``matchKeys(haystack, needle, entry)`` with the entry's effective settings."""
        case_sensitive, whole = self._settings_for(entry)
        lowered = None if case_sensitive else self._lower(haystack)
        return match_key(
            haystack,
            needle,
            case_sensitive=case_sensitive,
            whole_words=whole,
            lowered=lowered,
            limits=self.regex_limits,
        )

    def _head(self, entry: Mapping[str, Any]) -> tuple[Any, str] | None:
        scan_depth = entry.get("scanDepth")
        depth = js_number(scan_depth) if scan_depth is not None else self.get_depth()
        if depth <= 0:
            return None
        if depth > MAX_SCAN_DEPTH:
            depth = MAX_SCAN_DEPTH
        count = int(depth) if depth == depth else 0
        if any(flag in entry for flag in _EXTRA_FLAGS):
            gsd = self.global_scan_data
            extras = tuple(js_truthy(entry.get(flag)) and js_truthy(gsd.get(source)) for flag, source in EXTRA_SOURCES)
        else:
            extras = _NO_EXTRAS
        config = (count, extras)
        head = self._heads.get(config)
        if head is None:
            messages = self.depth_buffer[:count]
            extra_parts = [
                str(self.global_scan_data.get(source)) for (_flag, source), on in zip(EXTRA_SOURCES, extras) if on
            ]
            extra_parts += self.inject_buffer
            # "\x01" + messages.join("\n\x01"), then "\n\x01" + each extra source and inject (also after no message)
            head = _MATCHER + _JOINER.join(messages) + "".join(_JOINER + part for part in extra_parts)
            parts = messages + extra_parts
            self._heads[config] = head
            self._parts[config] = tuple(parts)
        return config, head

    def scan_context(self, entry: Mapping[str, Any]) -> tuple[Any, bool, bool]:
        """What :meth:`matches` needs about an entry in this pass: its head and case/whole-word settings;
        pass it as ``context`` to avoid recomputing it for every key (cached per entry until the scan depth moves).
        """
        cached = self._contexts.get(id(entry))
        if cached is not None and cached[0] == self.skew:
            return cached[1]
        context = (self._head(entry), *self._settings_for(entry))
        self._contexts[id(entry)] = (self.skew, context)
        return context

    def matches(
        self, entry: Mapping[str, Any], needle: str, scan_state: int, context: tuple[Any, bool, bool] | None = None
    ) -> bool:
        """Whether ``needle`` matches the entry's scan text in this pass: ``matchKeys(get(entry), needle)``.

        The text is ``head + "\n\x01" + recursion segments``, where the head (messages, extra sources and
        injects) is fixed for the generation. A plain key without ``\x01`` cannot match across the
        ``"\n\x01"`` joints (both are ASCII non-word characters), so each (key, head) pair remembers how
        many segments it has searched and searches only the new ones: the same answer as searching the whole
        text, without rescanning it every pass. For the same reason the head is searched piece by piece (each
        message, extra source and inject), through the simulation's :class:`KeyIndex`, which scans each piece
        once for all keys and remembers the answers across steps. Regex keys, empty keys and keys holding
        ``\x01`` or ``\n`` (which could reach across a joint) are tested on the whole text.
        """
        found, case_sensitive, whole = context if context is not None else self.scan_context(entry)
        if found is None:
            return self.match("", needle, entry)
        config, head = found
        segments = self.recurse_buffer if scan_state != SCAN_MIN_ACTIVATIONS else []
        whole_text = not needle or "\x01" in needle or "\n" in needle
        if whole_text or (needle.startswith("/") and parse_regex_key(needle) is not None):
            text = head + (_JOINER + _JOINER.join(segments) if segments else "")
            return self.match(text, needle, entry)
        key = (config, needle, case_sensitive, whole)
        state = self._progress.get(key)
        if state is None:
            state = self._progress[key] = [0, -1]
        units = 1 + len(segments)
        if state[1] >= 0:
            if state[1] < units:
                return True
            return False  # matched only in a recursion segment, which this pass does not scan
        index = self.index
        for idx in range(state[0], units):
            if idx == 0:
                hit = any(index.matches(part, needle, case_sensitive, whole) for part in self._parts[config])
            else:
                hit = index.matches(segments[idx - 1], needle, case_sensitive, whole)
            if hit:
                state[0] = idx + 1
                state[1] = idx
                return True
        state[0] = max(state[0], units)
        return False

    def score(self, entry: Mapping[str, Any], scan_state: int) -> int:
        """``getScore``: primary matches, plus secondary matches for AND_ANY (and for AND_ALL when all
        match); keys are not macro-substituted here.
        """
        keys = entry.get("key")
        secondary = entry.get("keysecondary")
        n_primary = n_secondary = primary = second = 0
        if isinstance(keys, list):
            n_primary = len(keys)
            primary = sum(1 for k in keys if self.matches(entry, _as_text(k), scan_state))
        if isinstance(secondary, list):
            n_secondary = len(secondary)
            second = sum(1 for k in secondary if self.matches(entry, _as_text(k), scan_state))
        if not n_primary:
            return 0
        if n_secondary > 0:
            logic = entry.get("selectiveLogic")
            if _strict_int(logic, 0):
                return primary + second
            if _strict_int(logic, 3):
                return primary + second if second == n_secondary else primary
        return primary


def entry_settings(entry: Mapping[str, Any], settings: Mapping[str, Any]) -> tuple[bool, bool]:
    """An entry's effective (case-sensitive, whole-words) settings: its own flags, else the global ones."""
    cs = entry.get("caseSensitive")
    ww = entry.get("matchWholeWords")
    case_sensitive = js_truthy(cs if cs is not None else settings.get("world_info_case_sensitive", False))
    whole = js_truthy(ww if ww is not None else settings.get("world_info_match_whole_words", False))
    return case_sensitive, whole


def scan_key(entry: Mapping[str, Any]) -> tuple[Any, tuple[bool, ...]]:
    """What decides an entry's scan text besides the pass: its ``scanDepth`` (as a number; ``None`` for the
    global depth, ``"NaN"`` for NaN) and which extra sources it asks for. Entries with equal keys are scanned
    against the same text in every pass of a generation.
    """
    scan_depth = entry.get("scanDepth")
    depth: Any = None
    if scan_depth is not None:
        depth = js_number(scan_depth)
        if depth != depth:
            depth = "NaN"
    return depth, tuple(js_truthy(entry.get(flag)) for flag in _EXTRA_FLAGS)


def exact_plain(text: str, needle: str, case_sensitive: bool, whole_words: bool, lowered: str | None) -> bool:
    """:func:`match_key` for a plain (non-regex) key, in the shape :class:`KeyIndex` confirms candidates with."""
    return match_key(text, needle, case_sensitive=case_sensitive, whole_words=whole_words, lowered=lowered)


def _as_text(value: Any) -> str:
    return value if isinstance(value, str) else substitute_params(value, "", "")


def _strict_int(value: Any, target: int) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == target
