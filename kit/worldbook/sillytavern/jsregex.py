"""SillyTavern regex keys: parse ``/pattern/flags``, translate JavaScript regex syntax for the ``regex``
package, refuse patterns too costly to compile, and bound the time of every match on every thread.

JavaScript semantics kept (non-``u`` mode unless the flag is given):

* ``\\d``, ``\\w``, ``\\b`` (and their negations) are ASCII-only; ``\\s`` is JavaScript's white-space set;
* ``.`` excludes the four line terminators (``\\n``, ``\\r``, U+2028, U+2029) unless ``s`` is given;
* ``^``/``$`` anchor at the whole input, or at line terminators with ``m`` (``$`` never before a final
  ``\\n`` as Python's does);
* ``[^]`` matches any character, ``[]`` nothing; ``{`` that does not start a quantifier is literal;
* identity escapes such as ``\\a`` mean the letter (a syntax error with ``u``, as in JavaScript, so the key is
  plain text); ``\\cX`` control characters; ``(?<name>...)`` and ``\\k<name>``; lookbehind of any width;
  ``y`` (sticky) matches only at index 0 because each test uses a fresh ``RegExp``;
* with ``u``: ``\\p{...}`` / ``\\P{...}`` property escapes under JavaScript's names (``\\p{Script=Han}``,
  ``\\p{sc=Latn}``, ``\\p{scx=Hira}``, ``\\p{General_Category=Letter}``, ``\\p{L}``, ``\\p{Lu}``, binary
  properties such as ``\\p{Alphabetic}``); names JavaScript rejects (``\\p{Han}``, ``\\p{script=han}``) make
  the key plain text, as in SillyTavern.

Patterns are compiled with the ``regex`` package (``re`` lacks property escapes and a time limit), which
supports a per-call ``timeout`` checked inside the matcher: it works on every thread, unlike a signal.

Safety. Backtracking is bounded by time: every match runs under a limit (:data:`MATCH_TIMEOUT_S` by
default, or :class:`RegexLimits` for a per-match limit plus a total budget); a match that runs out raises
:class:`RegexTimeoutError`. Shapes are no longer refused for how they backtrack (``(a+)+$`` is valid
JavaScript that SillyTavern runs; the time limit stops it where it would hang). What is still refused,
statically, is what costs before any match can be timed: patterns over :data:`MAX_PATTERN_LENGTH`
characters, and patterns whose counted repeats multiply past :data:`MAX_REPEAT_EXPANSION` (``regex`` unrolls
``(?:a{1000}){1000}``, taking seconds and hundreds of MB to compile).

Known difference: ``\\P{...}`` under ``i`` follows the ``regex`` package (the complement of the case-closed
set), while JavaScript complements first (``/\\P{Lu}/iu`` matches ``"A"`` there, not here).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import regex as _rx

from kit.core.errors import InvalidParameterError
from kit.worldbook.sillytavern._js import JS_WHITESPACE
from kit.worldbook.sillytavern.errors import RegexTimeoutError, UnsafeRegexError

__all__ = [
    "MAX_PATTERN_LENGTH",
    "MAX_REPEAT_EXPANSION",
    "MATCH_TIMEOUT_S",
    "TIME_BUDGET_S",
    "RegexKey",
    "RegexLimits",
    "UnsafeRegexError",
    "RegexTimeoutError",
    "parse_regex_key",
    "translate_js_regex",
    "check_pattern_safety",
    "regex_test",
]

#: Longest regex key pattern accepted (characters).
MAX_PATTERN_LENGTH = 1000
#: Most atoms a pattern may unroll to when compiled: nested counted repeats multiply their lower bounds.
MAX_REPEAT_EXPANSION = 2_000
#: Default time limit of one regex match, in seconds (any thread).
MATCH_TIMEOUT_S = 0.25
#: Default total time all regex matches of one :func:`~kit.worldbook.sillytavern.simulate` call may take.
TIME_BUDGET_S = 5.0

_KEY_RE = re.compile(r"^/([\s\S]+?)/([gimsuy]*)$")
_UNESCAPED_SLASH = re.compile(r"(^|[^\\])/")
_WS_CLASS = re.escape(JS_WHITESPACE).replace("\\ ", " ")
_LINE_TERM = "\\n\\r\\u2028\\u2029"
_WORD = "A-Za-z0-9_"
_SYNTAX_CHARS = "^$\\.*+?()[]{}|/"


@dataclass(frozen=True)
class RegexKey:
    """A parsed regex key: the JavaScript ``source`` and ``flags``, the compiled pattern (``None`` when
    refused) and the reason it was refused.
    """

    source: str
    flags: str
    compiled: Any
    sticky: bool
    error: str | None = None

    def test(self, text: str, *, timeout: float = MATCH_TIMEOUT_S) -> bool:
        """``RegExp.prototype.test`` on a fresh regex; a refused pattern never matches.

        Raises
        ------
        RegexTimeoutError
            When the match takes longer than ``timeout`` seconds (on any thread).
        """
        if self.compiled is None:
            return False
        return regex_test(self.compiled, text, sticky=self.sticky, timeout=timeout)


class RegexLimits:
    """Time limits shared by many regex matches: ``timeout`` seconds per match and ``budget`` seconds in
    total (``spent`` so far). One object per simulation; not shared across threads.

    Parameters
    ----------
    timeout : float, default=MATCH_TIMEOUT_S
        Limit of one match, in seconds (> 0).
    budget : float, default=TIME_BUDGET_S
        Limit of all matches together, in seconds (> 0); once spent, every further match raises
        :class:`RegexTimeoutError` at once.
    """

    def __init__(self, timeout: float = MATCH_TIMEOUT_S, budget: float = TIME_BUDGET_S) -> None:
        for name, value in (("timeout", timeout), ("budget", budget)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0 or value == float("inf"):
                raise _param_error(name, value)
        self.timeout = float(timeout)
        self.budget = float(budget)
        self.spent = 0.0

    def test(self, key: RegexKey, text: str) -> bool:
        """``key.test(text)`` within the per-match limit and what is left of the budget."""
        if key.compiled is None:
            return False
        left = self.budget - self.spent
        if left <= 0:
            raise RegexTimeoutError(f"not run: the regex time budget of {self.budget:g} s is used up")
        start = time.perf_counter()
        try:
            return key.test(text, timeout=min(self.timeout, left))
        finally:
            self.spent += time.perf_counter() - start


def _param_error(name: str, value: object) -> InvalidParameterError:
    return InvalidParameterError(
        f"The {name!r} parameter of RegexLimits must be a finite number of seconds > 0. Got {value!r} instead."
    )


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
    pyflags = _rx.V0 | (_rx.IGNORECASE if "i" in flags else 0)
    try:
        compiled = _rx.compile(py, pyflags)
    except _rx.error as exc:
        return RegexKey(pattern, flags, None, "y" in flags, f"cannot be expressed with the regex package: {exc}")
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
                    if m.group(1) in names:
                        raise _JsSyntaxError("duplicate group name")
                    names[m.group(1)] = count
        i += 1
    return count, names


def translate_js_regex(pattern: str, flags: str = "") -> str:
    """Translate a JavaScript regex source to an equivalent Python ``re`` pattern (see the module notes).

    Raises
    ------
    UnsafeRegexError
        For patterns over :data:`MAX_PATTERN_LENGTH` and property escapes JavaScript accepts that the
        ``regex`` package does not know (``\\p{Changes_When_NFKC_Casefolded}``).
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
            return f"(?({number})\\{number})"
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
        if c.isdigit() and unicode_mode and (c == "0" or in_class):
            raise _JsSyntaxError("octal escape")
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
            m = re.match(r"\{([A-Za-z_]+)(?:=([A-Za-z0-9_]+))?\}", pattern[i + 2 :])
            if not m:
                raise _JsSyntaxError("bad property escape")
            return "\\" + c + "{" + _js_property(pattern, m.group(1), m.group(2)) + "}", 2 + len(m.group(0))
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
        # identity escape: with u only syntax characters (and '-' in a class) may be escaped
        if unicode_mode and c not in _SYNTAX_CHARS and not (in_class and c == "-"):
            raise _JsSyntaxError("invalid identity escape")
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
                out.append("(")  # the name only matters to \\k<name>, translated to the number
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


# --- property escapes (u flag) -------------------------------------------------------------------------

_GC_VALUES = frozenset(
    """Cased_Letter LC Close_Punctuation Pe Connector_Punctuation Pc Control Cc cntrl Currency_Symbol Sc
Dash_Punctuation Pd Decimal_Number Nd digit Enclosing_Mark Me Final_Punctuation Pf Format Cf Initial_Punctuation Pi
Letter L Letter_Number Nl Line_Separator Zl Lowercase_Letter Ll Mark M Combining_Mark Math_Symbol Sm Modifier_Letter Lm
Modifier_Symbol Sk Nonspacing_Mark Mn Number N Open_Punctuation Ps Other C Other_Letter Lo Other_Number No
Other_Punctuation Po Other_Symbol So Paragraph_Separator Zp Private_Use Co Punctuation P punct Separator Z
Space_Separator Zs Spacing_Mark Mc Surrogate Cs Symbol S Titlecase_Letter Lt Unassigned Cn
Uppercase_Letter Lu""".split()
)
_BINARY_PROPERTIES = frozenset(
    """ASCII ASCII_Hex_Digit AHex Alphabetic Alpha Any Assigned Bidi_Control Bidi_C Bidi_Mirrored
Bidi_M Case_Ignorable CI Cased Changes_When_Casefolded CWCF Changes_When_Casemapped CWCM Changes_When_Lowercased CWL
Changes_When_NFKC_Casefolded CWKCF Changes_When_Titlecased CWT Changes_When_Uppercased CWU Dash
Default_Ignorable_Code_Point DI Deprecated Dep Diacritic Dia Emoji Emoji_Component EComp Emoji_Modifier EMod
Emoji_Modifier_Base EBase Emoji_Presentation EPres Extended_Pictographic ExtPict Extender Ext Grapheme_Base Gr_Base
Grapheme_Extend Gr_Ext Hex_Digit Hex IDS_Binary_Operator IDSB IDS_Trinary_Operator IDST ID_Continue IDC ID_Start IDS
Ideographic Ideo Join_Control Join_C Logical_Order_Exception LOE Lowercase Lower Math Noncharacter_Code_Point NChar
Pattern_Syntax Pat_Syn Pattern_White_Space Pat_WS Quotation_Mark QMark Radical Regional_Indicator RI Sentence_Terminal
STerm Soft_Dotted SD Terminal_Punctuation Term Unified_Ideograph UIdeo Uppercase Upper Variation_Selector VS White_Space
space XID_Continue XIDC XID_Start XIDS""".split()
)
_SCRIPT_NAMES = {
    "Script": "Script",
    "sc": "Script",
    "Script_Extensions": "Script_Extensions",
    "scx": "Script_Extensions",
}
_SCRIPT_VALUE = re.compile(r"[A-Z][A-Za-z_]*")


def _js_property(pattern: str, name: str, value: str | None) -> str:
    """The ``regex`` package's text for JavaScript's ``\\p{name}`` / ``\\p{name=value}``.

    JavaScript accepts only exact (case-sensitive) names: a general category or binary property alone, or
    ``General_Category``/``gc`` and ``Script``/``sc``/``Script_Extensions``/``scx`` with a value. Anything else
    is a syntax error there (the key is plain text); a valid name ``regex`` does not know is refused.
    """
    if value is None:
        if name not in _GC_VALUES and name not in _BINARY_PROPERTIES:
            raise _JsSyntaxError(f"unknown property {name}")
        text = name
    elif name in ("General_Category", "gc"):
        if value not in _GC_VALUES:
            raise _JsSyntaxError(f"unknown general category {value}")
        text = f"General_Category={value}"
    elif name in _SCRIPT_NAMES:
        if not _SCRIPT_VALUE.fullmatch(value):
            raise _JsSyntaxError(f"unknown script {value}")
        text = f"{_SCRIPT_NAMES[name]}={value}"
        try:
            _rx.compile("\\p{" + text + "}")
        except _rx.error:
            raise _JsSyntaxError(f"unknown script {value}") from None
        return text
    else:
        raise _JsSyntaxError(f"unknown property {name}")
    try:
        _rx.compile("\\p{" + text + "}")
    except _rx.error:
        raise UnsafeRegexError(
            pattern,
            f"the property \\p{{{name if value is None else name + '=' + value}}} is not known to the regex package",
        ) from None
    return text


# --- compile cost -------------------------------------------------------------------------------------

_COUNTED = re.compile(r"\{(\d+)(?:(,)(\d*))?\}\??")


def _repeat_count(quant: str) -> int:
    """How many copies of its atom a quantifier makes the ``regex`` package unroll: the lower bound of a
    counted repeat (``{1000}``, ``{1000,}``, ``{1000,2000}``); loops (``*``, ``+``, ``?``, ``{0,n}``) make none.
    """
    m = _COUNTED.fullmatch(quant)
    return max(int(m.group(1)), 1) if m else 1


def _expansion(pattern: str) -> int:
    """How many atoms the compiled pattern may unroll to: nested counted repeats multiply. Linear in the
    pattern; iterative, so nesting depth costs no recursion.
    """
    # one frame per open group: [size of the finished alternatives (max), size of the current one, size of last atom]
    stack: list[list[int]] = [[0, 0, 0]]
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        frame = stack[-1]
        if ch == "\\":
            frame[1] += 1
            frame[2] = 1
            i += 2
            continue
        if ch == "[":
            j = i + 1
            if j < n and pattern[j] == "^":
                j += 1
            if j < n and pattern[j] == "]":
                j += 1
            while j < n and pattern[j] != "]":
                j += 2 if pattern[j] == "\\" else 1
            frame[1] += 1
            frame[2] = 1
            i = j + 1
            continue
        if ch == "(":
            stack.append([0, 0, 0])
            i += 1
            continue
        if ch == ")" and len(stack) > 1:
            done = stack.pop()
            size = max(done[0], done[1], 1)
            stack[-1][1] += size
            stack[-1][2] = size
            i += 1
            continue
        if ch == "|":
            frame[0] = max(frame[0], frame[1])
            frame[1] = frame[2] = 0
            i += 1
            continue
        m = _COUNTED.match(pattern, i) if ch == "{" else None
        if m is not None and frame[2]:
            count = _repeat_count(m.group(0))
            frame[1] += frame[2] * (count - 1)
            frame[2] *= count
            if frame[1] > MAX_REPEAT_EXPANSION:
                return frame[1]
            i = m.end()
            continue
        frame[1] += 1
        frame[2] = 1 if ch not in "*+?" else frame[2]
        i += 1
    while len(stack) > 1:
        done = stack.pop()
        stack[-1][1] += max(done[0], done[1], 1)
    return max(stack[0][0], stack[0][1])


def check_pattern_safety(pattern: str) -> None:
    """Raise :class:`UnsafeRegexError` when a JavaScript regex source is too costly to compile (longer than
    :data:`MAX_PATTERN_LENGTH`, or counted repeats that unroll past :data:`MAX_REPEAT_EXPANSION` atoms);
    return ``None`` when it is accepted. How a pattern backtracks is bounded by the match time limit instead.
    """
    if len(pattern) > MAX_PATTERN_LENGTH:
        raise UnsafeRegexError(pattern[:40] + "...", f"longer than {MAX_PATTERN_LENGTH} characters")
    size = _expansion(pattern)
    if size > MAX_REPEAT_EXPANSION:
        raise UnsafeRegexError(
            pattern, f"counted repeats unroll to more than {MAX_REPEAT_EXPANSION:,} atoms (too costly to compile)"
        )


def regex_test(compiled: Any, text: str, *, sticky: bool = False, timeout: float = MATCH_TIMEOUT_S) -> bool:
    """Return whether ``compiled`` (a ``regex`` pattern) matches ``text`` (at index 0 only when ``sticky``).

    Raises
    ------
    RegexTimeoutError
        When the match takes longer than ``timeout`` seconds; works on every thread.
    """
    finder = compiled.match if sticky else compiled.search
    try:
        return finder(text, timeout=timeout) is not None
    except TimeoutError:
        raise RegexTimeoutError(
            f"timed out: the match took longer than {timeout:g} s on a {len(text)}-character text"
        ) from None
