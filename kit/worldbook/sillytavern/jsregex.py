"""SillyTavern regex keys: parse ``/pattern/flags``, translate JavaScript regex syntax to Python's ``re``,
refuse patterns that can backtrack catastrophically, and bound the time of each match.

JavaScript semantics kept (non-``u`` mode unless the flag is given):

* ``\\d``, ``\\w``, ``\\b`` (and their negations) are ASCII-only; ``\\s`` is JavaScript's white-space set;
* ``.`` excludes the four line terminators (``\\n``, ``\\r``, U+2028, U+2029) unless ``s`` is given;
* ``^``/``$`` anchor at the whole input, or at line terminators with ``m`` (``$`` never before a final
  ``\\n`` as Python's does);
* ``[^]`` matches any character, ``[]`` nothing; ``{`` that does not start a quantifier is literal;
* identity escapes such as ``\\a`` mean the letter; ``\\cX`` control characters; ``(?<name>...)`` and
  ``\\k<name>``; ``y`` (sticky) matches only at index 0 because each test uses a fresh ``RegExp``.

Not supported (the key is reported and never matches): ``\\p{...}`` property escapes and lookbehinds of
variable width (both valid JavaScript, not expressible in ``re``).

Safety: :func:`check_pattern_safety` rejects a repeated group that contains another quantifier, ``?``
included (``(a+)+``, ``(\\w*\\s?)*``, ``(a?){30}a{30}``) or an alternation whose branches can overlap (``(a|ab)*``),
backreferences inside repeated groups, and patterns longer than :data:`MAX_PATTERN_LENGTH`. Matching
itself runs under a per-match time limit (:data:`MATCH_TIMEOUT_S`) when called on the main thread.
"""

from __future__ import annotations

import re
import signal
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Pattern

from kit.core.errors import KitError
from kit.worldbook.sillytavern._js import JS_WHITESPACE

__all__ = [
    "MAX_PATTERN_LENGTH",
    "MATCH_TIMEOUT_S",
    "RegexKey",
    "UnsafeRegexError",
    "RegexTimeoutError",
    "parse_regex_key",
    "translate_js_regex",
    "check_pattern_safety",
    "regex_test",
]

#: Longest regex key pattern accepted (characters).
MAX_PATTERN_LENGTH = 1000
#: Time limit of one regex match, in seconds (main thread only).
MATCH_TIMEOUT_S = 0.25

_KEY_RE = re.compile(r"^/([\s\S]+?)/([gimsuy]*)$")
_UNESCAPED_SLASH = re.compile(r"(^|[^\\])/")
_WS_CLASS = re.escape(JS_WHITESPACE).replace("\\ ", " ")
_LINE_TERM = "\\n\\r\\u2028\\u2029"
_WORD = "A-Za-z0-9_"


class UnsafeRegexError(KitError, ValueError):
    """A regex key was refused: it could backtrack catastrophically, is too long, or cannot be expressed in
    Python. ``pattern`` and ``reason`` say which and why."""

    def __init__(self, pattern: str, reason: str) -> None:
        self.pattern = pattern
        self.reason = reason
        super().__init__(f"regex key /{pattern}/ refused: {reason}")


class RegexTimeoutError(KitError, TimeoutError):
    """A regex match took longer than :data:`MATCH_TIMEOUT_S`."""


@dataclass(frozen=True)
class RegexKey:
    """A parsed regex key: the JavaScript ``source`` and ``flags``, the compiled Python pattern (``None`` when
    refused) and the reason it was refused."""

    source: str
    flags: str
    compiled: Pattern[str] | None
    sticky: bool
    error: str | None = None

    def test(self, text: str) -> bool:
        """``RegExp.prototype.test`` on a fresh regex; a refused pattern never matches."""
        if self.compiled is None:
            return False
        return regex_test(self.compiled, text, sticky=self.sticky)


def _flags_valid(flags: str) -> bool:
    return len(set(flags)) == len(flags)


@lru_cache(maxsize=4096)
def parse_regex_key(key: str) -> RegexKey | None:
    """SillyTavern's ``parseRegexFromString``: ``None`` when ``key`` is plain text.

    A key is a regex when it looks like ``/pattern/flags`` (flags among ``gimsuy``), the pattern has no
    unescaped ``/`` and it compiles as a JavaScript regex (duplicate flags do not, so such a key is plain
    text). Patterns valid in JavaScript that kit refuses (unsafe or untranslatable) come back with
    ``compiled=None`` and ``error`` set: they never match.
    """
    m = _KEY_RE.match(key)
    if not m:
        return None
    pattern, flags = m.group(1), m.group(2)
    if _UNESCAPED_SLASH.search(pattern):
        return None
    pattern = pattern.replace("\\/", "/", 1)
    if not _flags_valid(flags):
        return None
    try:
        py = translate_js_regex(pattern, flags)
    except _JsSyntaxError:
        return None
    except UnsafeRegexError as exc:
        return RegexKey(pattern, flags, None, "y" in flags, exc.reason)
    try:
        check_pattern_safety(pattern)
    except UnsafeRegexError as exc:
        return RegexKey(pattern, flags, None, "y" in flags, exc.reason)
    pyflags = re.IGNORECASE if "i" in flags else 0
    try:
        compiled = re.compile(py, pyflags)
    except re.error as exc:
        return RegexKey(pattern, flags, None, "y" in flags, f"cannot be expressed in Python's re: {exc}")
    return RegexKey(pattern, flags, compiled, "y" in flags)


class _JsSyntaxError(Exception):
    pass


def _class_escape(ch: str) -> str:
    return "\\" + ch if ch in "\\]^-[&~|" else ch


def _count_groups(pattern: str) -> tuple[int, dict[str, int]]:
    """Number of capturing groups and the numbers of named groups."""
    count, names = 0, {}
    i, n, in_class = 0, len(pattern), False
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "(":
            if not pattern.startswith("(?", i):
                count += 1
            else:
                m = re.match(r"\(\?<([A-Za-z_$][\w$]*)>", pattern[i:])
                if m:
                    count += 1
                    names[m.group(1)] = count
        i += 1
    return count, names


def translate_js_regex(pattern: str, flags: str = "") -> str:
    """Translate a JavaScript regex source to an equivalent Python ``re`` pattern (see the module notes).

    Raises
    ------
    UnsafeRegexError
        For constructs Python cannot express (``\\p{...}``) and patterns over :data:`MAX_PATTERN_LENGTH`.
    """
    if len(pattern) > MAX_PATTERN_LENGTH:
        raise UnsafeRegexError(pattern[:40] + "...", f"longer than {MAX_PATTERN_LENGTH} characters")
    unicode_mode = "u" in flags
    dotall = "s" in flags
    multiline = "m" in flags
    out: list[str] = []
    i, n = 0, len(pattern)
    depth = 0
    n_groups, group_names = _count_groups(pattern)
    open_groups: list[int | None] = []
    closed_groups: set[int] = set()
    next_group = 0
    last = "open"  # kind of the last token: atom, quant, assert, open

    def backref(number: int) -> str:
        if number in closed_groups:
            return "(?(%d)\\%d)" % (number, number)
        return "(?:)"  # forward reference or reference to an open group: matches empty in JavaScript

    def escape_in(ch_after: str, in_class: bool) -> tuple[str, int]:
        """Translate the escape starting at pattern[i] == '\\'; return (text, chars consumed)."""
        if i + 1 >= n:
            raise _JsSyntaxError("trailing backslash")
        c = pattern[i + 1]
        if c == "d":
            return ("0-9" if in_class else "[0-9]"), 2
        if c == "D":
            return ("\\x00-/:-\\U0010ffff" if in_class else "[^0-9]"), 2
        if c == "w":
            return (_WORD if in_class else f"[{_WORD}]"), 2
        if c == "W":
            if in_class:
                return "\\x00-/:-@\\[-^`{-\\U0010ffff", 2
            return f"[^{_WORD}]", 2
        if c == "s":
            return (_WS_CLASS if in_class else f"[{_WS_CLASS}]"), 2
        if c == "S":
            if in_class:
                raise UnsafeRegexError(pattern, "\\S inside a character class is not supported")
            return f"[^{_WS_CLASS}]", 2
        if c == "b":
            if in_class:
                return "\\x08", 2
            return f"(?:(?<=[{_WORD}])(?![{_WORD}])|(?<![{_WORD}])(?=[{_WORD}]))", 2
        if c == "B":
            if in_class:
                return "B", 2
            return f"(?:(?<=[{_WORD}])(?=[{_WORD}])|(?<![{_WORD}])(?![{_WORD}]))", 2
        if c in "nrtfv":
            return {"n": "\\n", "r": "\\r", "t": "\\t", "f": "\\f", "v": "\\x0b"}[c], 2
        if c == "0" and not (i + 2 < n and pattern[i + 2].isdigit()):
            return "\\x00", 2
        if c == "c":
            if i + 2 < n and pattern[i + 2].isalpha() and pattern[i + 2].isascii():
                return f"\\x{ord(pattern[i + 2]) % 32:02x}", 3
            return "\\\\", 1
        if c == "x":
            m = re.match(r"[0-9A-Fa-f]{2}", pattern[i + 2 : i + 4])
            if m:
                return "\\x" + m.group(0), 4
            return "x", 2
        if c == "u":
            m = re.match(r"[0-9A-Fa-f]{4}", pattern[i + 2 : i + 6])
            if m:
                return "\\u" + m.group(0), 6
            if unicode_mode:
                m = re.match(r"\{([0-9A-Fa-f]{1,6})\}", pattern[i + 2 :])
                if m:
                    return f"\\U{int(m.group(1), 16):08x}", 2 + len(m.group(0))
                raise _JsSyntaxError("bad \\u escape")
            return "u", 2
        if c in "pP" and unicode_mode:
            raise UnsafeRegexError(pattern, "Unicode property escapes (\\p{...}) are not supported in Python's re")
        if c == "k" and not in_class and (group_names or unicode_mode):
            m = re.match(r"<([A-Za-z_$][\w$]*)>", pattern[i + 2 :])
            if m and m.group(1) in group_names:
                return backref(group_names[m.group(1)]), 2 + len(m.group(0))
            raise _JsSyntaxError("invalid named reference")
        if c.isdigit() and c != "0" and not in_class:
            m = re.match(r"\d+", pattern[i + 1 :])
            assert m is not None
            if int(m.group(0)) <= n_groups:
                return backref(int(m.group(0))), 1 + len(m.group(0))
            if unicode_mode:
                raise _JsSyntaxError("invalid escape")
            m = re.match(r"[0-7]{1,3}", pattern[i + 1 :])
            if m is None:  # \8, \9: the digit itself
                return c, 2
            digits = m.group(0)
            if int(digits, 8) > 0o377:
                digits = digits[:2]
            return f"\\x{int(digits, 8):02x}", 1 + len(digits)
        if c.isdigit() and in_class:
            m = re.match(r"[0-7]{1,3}", pattern[i + 1 :])
            if m:
                return f"\\x{int(m.group(0), 8) & 0xFF:02x}", 1 + len(m.group(0))
            return c, 2
        # identity escape
        return (_class_escape(c) if in_class else re.escape(c)), 2

    while i < n:
        ch = pattern[i]
        if ch == "\\":
            text, used = escape_in("", False)
            out.append(text)
            last = "assert" if pattern[i + 1 : i + 2] in ("b", "B") else "atom"
            i += used
            continue
        if ch == "[":
            last = "atom"
            j = i + 1
            negate = False
            if j < n and pattern[j] == "^":
                negate = True
                j += 1
            if j < n and pattern[j] == "]":
                out.append("[\\s\\S]" if negate else "(?!)")
                i = j + 1
                continue
            parts: list[str] = []
            closed = False
            while j < n:
                cj = pattern[j]
                if cj == "]":
                    closed = True
                    j += 1
                    break
                if cj == "\\":
                    saved = i
                    i = j
                    text, used = escape_in("", True)
                    i = saved
                    parts.append(text)
                    j += used
                    continue
                parts.append("\\-" if cj == "-" and False else (cj if cj == "-" else _class_escape(cj)))
                j += 1
            if not closed:
                raise _JsSyntaxError("unterminated character class")
            out.append("[" + ("^" if negate else "") + "".join(parts) + "]")
            i = j
            continue
        if ch == "(":
            depth += 1
            last = "open"
            if pattern.startswith("(?<", i) and not pattern.startswith(("(?<=", "(?<!"), i):
                m = re.match(r"\(\?<([A-Za-z_$][\w$]*)>", pattern[i:])
                if not m:
                    raise _JsSyntaxError("bad group name")
                next_group += 1
                open_groups.append(next_group)
                out.append(f"(?P<{m.group(1)}>")
                i += len(m.group(0))
                continue
            if not pattern.startswith("(?", i):
                next_group += 1
                open_groups.append(next_group)
            else:
                open_groups.append(-1 if pattern.startswith(("(?<=", "(?<!"), i) else None)
            if pattern.startswith("(?", i) and not pattern.startswith(("(?:", "(?=", "(?!", "(?<=", "(?<!"), i):
                raise _JsSyntaxError("invalid group")
            for prefix in ("(?<=", "(?<!", "(?:", "(?=", "(?!", "("):
                if pattern.startswith(prefix, i):
                    out.append(prefix)
                    i += len(prefix)
                    break
            continue
        if ch == ")":
            depth -= 1
            if depth < 0:
                raise _JsSyntaxError("unmatched )")
            g = open_groups.pop()
            if g is not None and g > 0:
                closed_groups.add(g)
            last = "assert" if g == -1 else "atom"
            out.append(")")
            i += 1
            continue
        if ch == ".":
            out.append("[\\s\\S]" if dotall else f"[^{_LINE_TERM}]")
            last = "atom"
            i += 1
            continue
        if ch == "^":
            out.append(f"(?<![^{_LINE_TERM}])" if multiline else "\\A")
            last = "assert"
            i += 1
            continue
        if ch == "$":
            out.append(f"(?=[{_LINE_TERM}]|\\Z)" if multiline else "\\Z")
            last = "assert"
            i += 1
            continue
        if ch == "|":
            out.append("|")
            last = "open"
            i += 1
            continue
        if ch == "{":
            m = re.match(r"\{(\d+)(,(\d*))?\}\??", pattern[i:])
            if m:
                if last in ("open", "quant", "assert"):
                    raise _JsSyntaxError("nothing to repeat")
                if m.group(3) and int(m.group(3)) < int(m.group(1)):
                    raise _JsSyntaxError("numbers out of order in {} quantifier")
                out.append(m.group(0))
                last = "quant"
                i += len(m.group(0))
                continue
            if unicode_mode:
                raise _JsSyntaxError("lone {")
            out.append("\\{")
            last = "atom"
            i += 1
            continue
        if ch in "}]":
            if unicode_mode:
                raise _JsSyntaxError("lone " + ch)
            out.append("\\" + ch)
            last = "atom"
            i += 1
            continue
        if ch in "*+?":
            if last in ("open", "quant", "assert"):
                raise _JsSyntaxError("nothing to repeat")
            out.append(ch)
            last = "quant"
            i += 1
            if i < n and pattern[i] == "?":
                out.append("?")
                i += 1
            continue
        if ch == "#" or ch.isspace():
            out.append(re.escape(ch))
            last = "atom"
            i += 1
            continue
        out.append(ch)
        last = "atom"
        i += 1
    if depth != 0:
        raise _JsSyntaxError("unbalanced parentheses")
    return "".join(out)


# --- catastrophic backtracking analysis -----------------------------------------------------------------

_QUANT = re.compile(r"[*+?]|\{\d+(?:,\d*)?\}")


@dataclass
class _Node:
    kind: str  # "group", "atom"
    children: list[list["_Node"]]  # alternatives (group)
    text: str = ""
    quant: str = ""

    @property
    def unbounded(self) -> bool:
        q = self.quant.rstrip("?") if self.quant not in ("?", "??") else ""
        return q in ("*", "+") or bool(re.fullmatch(r"\{\d+,\}", q))

    @property
    def optional(self) -> bool:
        """``?`` or ``{0,1}`` (lazy too): matches zero or one time."""
        return self.quant in ("?", "??", "{0,1}", "{0,1}?")

    @property
    def repeats(self) -> bool:
        q = self.quant.rstrip("?") if self.quant not in ("?", "??") else ""
        if q in ("*", "+") or re.fullmatch(r"\{\d+,\d*\}", q or "x"):
            if q.startswith("{"):
                m = re.fullmatch(r"\{(\d+),(\d*)\}", q)
                return m is not None and (m.group(2) == "" or int(m.group(2)) > 1)
            return True
        m = re.fullmatch(r"\{(\d+)\}", q)
        return bool(m and int(m.group(1)) > 1)


def _parse(pattern: str) -> list[list[_Node]]:
    stack: list[list[list[_Node]]] = [[[]]]
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            stack[-1][-1].append(_Node("atom", [], pattern[i : i + 2]))
            i += 2
        elif ch == "[":
            j = i + 1
            if j < n and pattern[j] == "^":
                j += 1
            if j < n and pattern[j] == "]":
                j += 1
            while j < n and pattern[j] != "]":
                j += 2 if pattern[j] == "\\" else 1
            stack[-1][-1].append(_Node("atom", [], pattern[i : j + 1]))
            i = j + 1
        elif ch == "(":
            stack.append([[]])
            i += 1
            if pattern.startswith("?", i):
                m = re.match(r"\?(:|=|!|<=|<!|<[^>]*>)", pattern[i:])
                if m:
                    i += len(m.group(0))
        elif ch == ")":
            alts = stack.pop() if len(stack) > 1 else [[]]
            stack[-1][-1].append(_Node("group", alts))
            i += 1
        elif ch == "|":
            stack[-1].append([])
            i += 1
        else:
            m = _QUANT.match(pattern, i)
            if m and stack[-1][-1]:
                q = m.group(0)
                end = m.end()
                if end < n and pattern[end] == "?":
                    q += "?"
                    end += 1
                stack[-1][-1][-1].quant = q
                i = end
            else:
                stack[-1][-1].append(_Node("atom", [], ch))
                i += 1
    while len(stack) > 1:
        alts = stack.pop()
        stack[-1][-1].append(_Node("group", alts))
    return stack[0]


def _contains_repeat(alts: list[list[_Node]]) -> bool:
    """Whether any node below varies in how many times it matches (``*``, ``+``, ``{m,n}`` and also ``?``):
    inside a repeated group each such choice multiplies the ways to split the text, as in ``(a?){30}a{30}``."""
    for seq in alts:
        for node in seq:
            if node.repeats or node.optional:
                return True
            if node.kind == "group" and _contains_repeat(node.children):
                return True
    return False


def _literal(seq: list[_Node]) -> str | None:
    text = []
    for node in seq:
        if node.kind != "atom" or node.quant:
            return None
        t = node.text
        if t.startswith("\\"):
            if len(t) == 2 and not t[1].isalnum():
                text.append(t[1])
                continue
            return None
        if t in ".^$[":
            return None
        text.append(t)
    return "".join(text)


def _has_backref(alts: list[list[_Node]]) -> bool:
    for seq in alts:
        for node in seq:
            if node.kind == "atom" and re.fullmatch(r"\\[1-9k]", node.text[:2] if len(node.text) >= 2 else ""):
                return True
            if node.kind == "group" and _has_backref(node.children):
                return True
    return False


def _check(alts: list[list[_Node]], pattern: str) -> int:
    """Raise for unsafe shapes; return the number of unbounded quantifiers at this level and below."""
    count = 0
    for seq in alts:
        for node in seq:
            if node.kind == "group":
                inner = _check(node.children, pattern)
                count += inner
                if node.repeats:
                    if _contains_repeat(node.children):
                        raise UnsafeRegexError(pattern, "nested quantifiers (a repeated group containing a repeat) can backtrack catastrophically")
                    if len(node.children) > 1:
                        lits = [_literal(s) for s in node.children]
                        if any(x is None for x in lits):
                            raise UnsafeRegexError(pattern, "a repeated alternation with non-literal branches can backtrack catastrophically")
                        for ia, a in enumerate(lits):
                            for ib, b in enumerate(lits):
                                if ia != ib and (a == "" or b == "" or b.startswith(a)):  # type: ignore[union-attr]
                                    raise UnsafeRegexError(pattern, "a repeated alternation with overlapping branches can backtrack catastrophically")
                    if _has_backref(node.children):
                        raise UnsafeRegexError(pattern, "a backreference inside a repeated group can backtrack catastrophically")
            if node.unbounded:
                count += 1
    return count


#: Most unbounded quantifiers a pattern may have (each one multiplies the worst-case work by the text length).
MAX_UNBOUNDED_QUANTIFIERS = 6


def check_pattern_safety(pattern: str) -> None:
    """Raise :class:`UnsafeRegexError` when a JavaScript regex source has a shape that can backtrack
    catastrophically (see the module notes); return ``None`` when it is accepted."""
    if len(pattern) > MAX_PATTERN_LENGTH:
        raise UnsafeRegexError(pattern[:40] + "...", f"longer than {MAX_PATTERN_LENGTH} characters")
    total = _check(_parse(pattern), pattern)
    if total > MAX_UNBOUNDED_QUANTIFIERS:
        raise UnsafeRegexError(pattern, f"more than {MAX_UNBOUNDED_QUANTIFIERS} unbounded quantifiers")


class _Alarm(Exception):
    pass


def _on_alarm(signum, frame):  # noqa: ANN001, ARG001
    raise _Alarm()


def regex_test(compiled: Pattern[str], text: str, *, sticky: bool = False, timeout: float | None = None) -> bool:
    """Return whether ``compiled`` matches ``text`` (at index 0 only when ``sticky``).

    On the main thread of a Unix process, the match is interrupted after ``timeout`` seconds (default
    :data:`MATCH_TIMEOUT_S`) with :class:`RegexTimeoutError`.
    """
    finder = compiled.match if sticky else compiled.search
    return _guarded(finder, text, compiled, MATCH_TIMEOUT_S if timeout is None else timeout)


def _guarded(finder, text: str, compiled: Pattern[str], limit: float) -> bool:  # noqa: ANN001
    if limit <= 0 or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        return finder(text) is not None
    old = signal.signal(signal.SIGALRM, _on_alarm)
    prev = signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        return finder(text) is not None
    except _Alarm:
        raise RegexTimeoutError(f"regex /{compiled.pattern[:60]}/ took longer than {limit} s on a {len(text)}-character text") from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
        if prev[0] > 0:
            signal.setitimer(signal.ITIMER_REAL, *prev)
