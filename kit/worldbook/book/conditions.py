"""Table conditions: ``tb.<field> <op> <value>``, parsed by hand (never ``eval``).

Grammar (whitespace allowed between all parts)::

    condition := "tb" "." field op value
    field     := quoted text | run of characters up to whitespace, an operator or a quote
    op        := ">" | "<" | ">=" | "<=" | "==" | "!=" | "=" | "≥" | "≤" | "≠" | "包括" | "包含"
    value     := number | quoted text | bare word (text operators only)

Full-width forms (``ｔｂ．力量　＞＝　１０``, full-width ``＝＂！``) and curly or corner quotes
(``“” ‘’ 「」 『』``) are read as their ASCII counterparts. Operators:

* ``> < >= <=`` compare numbers; the value must be a number.
* ``== !=`` compare numbers when the value is a number, text otherwise.
* ``=`` compares text (``str`` of the table value); with a number it compares numbers like ``==``.
* ``包括`` / ``包含`` test that the text contains the value (for a list value: that an element equals it).

Evaluation never raises: a missing field, or a value that is not a number under a numeric operator,
makes the condition false with a reason. A malformed condition raises
:class:`~kit.worldbook.ConditionSyntaxError` with the 1-based column.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kit.worldbook.errors import ConditionSyntaxError

__all__ = ["Condition", "ConditionResult", "parse_condition", "fold_text"]

_QUOTES = {
    "\u201c": '"',
    "\u201d": '"',
    "\u201e": '"',
    "\u201f": '"',
    "\u2018": '"',
    "\u2019": '"',
    "\u300c": '"',
    "\u300d": '"',
    "\u300e": '"',
    "\u300f": '"',
    "'": '"',
}
_NUMERIC_OPS = {">", "<", ">=", "<="}
_OPS = (">=", "<=", "==", "!=", ">", "<", "=", "≥", "≤", "≠", "包括", "包含")
_OP_CANON = {"≥": ">=", "≤": "<=", "≠": "!=", "包括": "contains", "包含": "contains"}
_STOP = set(' \t\r\n<>=!≥≤≠"')


def fold_text(text: str) -> str:
    """Map full-width ASCII forms, the ideographic space and curly/corner quotes to ASCII, char by char.

    The result has the same length as ``text`` so that columns stay valid.
    """
    out = []
    for ch in text:
        c = ord(ch)
        if 0xFF01 <= c <= 0xFF5E:
            ch = chr(c - 0xFEE0)
        elif c == 0x3000:
            ch = " "
        out.append(_QUOTES.get(ch, ch))
    return "".join(out)


@dataclass(frozen=True)
class ConditionResult:
    """The outcome of one condition: ``holds``, the table value seen (``actual``) and a ``reason``."""

    holds: bool
    actual: Any
    reason: str


@dataclass(frozen=True)
class Condition:
    """A parsed table condition.

    Attributes
    ----------
    field : str
        The table field after ``tb.``.
    op : str
        Canonical operator: ``">" "<" ">=" "<=" "==" "!=" "="`` or ``"contains"``.
    value : float or str
        The right-hand side (a float for numbers).
    text : str
        The condition as written.
    """

    field: str
    op: str
    value: float | str
    text: str

    @property
    def is_numeric(self) -> bool:
        """Whether the comparison is numeric."""
        return isinstance(self.value, float)

    def evaluate(self, table: Mapping[str, Any] | None) -> ConditionResult:
        """Evaluate against a table of current values; never raises."""
        table = table or {}
        if self.field not in table:
            return ConditionResult(False, None, f"field {self.field!r} is missing from the table")
        actual = table[self.field]
        if self.op == "contains":
            if isinstance(actual, (list, tuple, set, frozenset)):
                ok = any(_as_text(x) == self.value for x in actual)
            else:
                ok = str(self.value) in _as_text(actual)
            return ConditionResult(
                ok, actual, f"{_as_text(actual)!r} {'contains' if ok else 'does not contain'} {self.value!r}"
            )
        if self.is_numeric:
            number = _as_number(actual)
            if number is None:
                return ConditionResult(False, actual, f"value {actual!r} of {self.field!r} is not a number")
            ok = _compare(number, self.op, float(self.value))
            return ConditionResult(
                ok, actual, f"{_fmt(number)} {self.op} {_fmt(float(self.value))} is {str(ok).lower()}"
            )
        text = _as_text(actual)
        ok = (text == self.value) if self.op in ("=", "==") else (text != self.value)
        return ConditionResult(ok, actual, f"{text!r} {self.op} {self.value!r} is {str(ok).lower()}")


def _fmt(x: float) -> str:
    return str(int(x)) if x.is_integer() else repr(x)


def _as_text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _as_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return None if isinstance(value, float) and math.isnan(value) else float(value)
    if isinstance(value, str):
        try:
            number = float(fold_text(value).strip())
        except ValueError:
            return None
        return None if math.isnan(number) else number
    return None


def _compare(a: float, op: str, b: float) -> bool:
    if op == ">":
        return a > b
    if op == "<":
        return a < b
    if op == ">=":
        return a >= b
    if op == "<=":
        return a <= b
    if op in ("==", "="):
        return a == b
    return a != b


def parse_condition(text: str) -> Condition:
    """Parse a table condition such as ``'tb.力量 > 10'`` or ``'tb.态度 包括 "友好"'``.

    Returns
    -------
    Condition
        The parsed condition (``field``, canonical ``op``, ``value``, ``text``).

    Raises
    ------
    ConditionSyntaxError
        When the text is malformed; ``column`` (1-based) points at the problem.
    """
    if not isinstance(text, str):
        raise ConditionSyntaxError(f"expected a string, got {type(text).__name__}", text=str(text), column=1)
    cond, end = parse_condition_at(text, 0)
    folded = fold_text(text)
    end = _skip_ws(folded, end)
    if end < len(folded):
        raise ConditionSyntaxError(f"unexpected {text[end:]!r} after the value", text=text, column=end + 1)
    return cond


def _skip_ws(s: str, i: int) -> int:
    while i < len(s) and s[i].isspace():
        i += 1
    return i


def parse_condition_at(
    text: str, start: int, *, stop_chars: str = "", folded: str | None = None
) -> tuple[Condition, int]:
    """Parse one condition beginning at ``start`` of ``text``; return it and the index just after it.

    ``stop_chars`` end a bare-word value early (the logic-expression parser passes ``")"``). ``folded`` may
    pass ``fold_text(text)`` already computed (so that parsing many conditions of one text stays linear).
    Errors name ``text`` (the whole string) and the column in it.
    """
    s = fold_text(text) if folded is None else folded

    def fail(reason: str, at: int) -> ConditionSyntaxError:
        return ConditionSyntaxError(reason, text=text, column=min(at, len(s)) + 1)

    i = _skip_ws(s, start)
    if i >= len(s):
        raise fail("empty condition; expected 'tb.<field> <operator> <value>'", i)
    if s[i : i + 2].lower() != "tb":
        raise fail(f"expected 'tb.' at the start, found {text[i : i + 3]!r}", i)
    i = _skip_ws(s, i + 2)
    if i >= len(s) or s[i] not in ".。":
        raise fail("expected '.' after 'tb'", i)
    i = _skip_ws(s, i + 1)
    # field
    if i < len(s) and s[i] == '"':
        close = s.find('"', i + 1)
        if close < 0:
            raise fail("unterminated quoted field name", i)
        field_name = text[i + 1 : close]
        i = close + 1
    else:
        j = i
        while j < len(s) and s[j] not in _STOP and not s.startswith(("包括", "包含"), j) and s[j] not in stop_chars:
            j += 1
        field_name = text[i:j].strip()
        i = j
    if not field_name:
        raise fail("expected a field name after 'tb.'", i)
    i = _skip_ws(s, i)
    op = next((o for o in _OPS if s.startswith(o, i)), None)
    if op is None:
        found = text[i : i + 2] or "end of text"
        raise fail(f"expected an operator (> < >= <= == != = 包括), found {found!r}", i)
    i = _skip_ws(s, i + len(op))
    op = _OP_CANON.get(op, op)
    if i >= len(s):
        raise fail(f"expected a value after {op!r}", i)
    value: float | str
    if s[i] == '"':
        close = s.find('"', i + 1)
        if close < 0:
            raise fail("unterminated quoted value", i)
        value = text[i + 1 : close]
        end = close + 1
        if op in _NUMERIC_OPS:
            raise fail(f"operator {op!r} needs a number, got the text {value!r}", i)
    else:
        j = i
        while j < len(s) and not s[j].isspace() and s[j] not in stop_chars:
            j += 1
        word = s[i:j]
        end = j
        number = _parse_number(word)
        if number is not None and op != "contains":
            value = number
        elif op in _NUMERIC_OPS or op in ("==", "!="):
            raise fail(f"operator {op!r} needs a number, got {text[i:j]!r}", i)
        else:
            value = text[i:j]
    if op == "=" and isinstance(value, float):
        op = "=="
    return Condition(field=field_name, op=op, value=value, text=text[start:end].strip()), end


def _parse_number(word: str) -> float | None:
    if not word or not any(c.isdigit() for c in word):
        return None
    body = word[1:] if word[0] in "+-" else word
    if not body or not all(c.isdigit() or c == "." for c in body) or body.count(".") > 1:
        return None
    if body.startswith(".") or body.endswith("."):
        return None
    return float(word)
