"""FTB's SNBT dialect: a reader that follows FTB Library's rules, with exact error positions.

FTB Quests writes its files with FTB Library's SNBT writer, which is not vanilla SNBT: entries are
separated by newlines *or* commas, ``=`` may replace ``:``, booleans are ``true``/``false``, strings
may be single- or double-quoted and decode ``\\n``-style escapes, whole lines starting with ``//`` or
``#`` are comments, and a bare word that is not a number is a string.

Values come back as Python builtins, with small subclasses where the NBT type matters:

=================  ===========================  ==========================================
SNBT               Python                       example
=================  ===========================  ==========================================
compound           ``dict`` (file order)        ``{a: 1}``
list               ``list``                     ``["x" "y"]``
string             ``str``                      ``"x"``, ``'x'``, ``word``
int                ``int``                      ``5``
byte / short       :class:`Byte` / :class:`Short`  ``1b``, ``3s``
long               :class:`Long`                ``1700000000000L``
float / double     :class:`Float` / ``float``   ``0.5f`` / ``0.5d``, ``0.5``
boolean            ``bool``                     ``true`` (FTB stores it as a byte)
typed arrays       :class:`IntArray`, ...       ``[I; 1, 2]``
``null``/``end``   ``None``                     (an empty tag)
=================  ===========================  ==========================================

Why a reader of our own rather than ``ftb-snbt-lib``: both give identical values on every shared
file (see ``tests/ftb/test_ftb_snbt.py``), but ftb-snbt-lib silently skips stray characters (printing
"Illegal character" to stdout), does not decode ``\\n``, rejects bare decimals, single quotes, ``=``,
non-ASCII keys, bare-word strings and keys starting with ``true``/``false``, keeps lexer state across
calls (wrong line numbers) and is 5-8x slower (``benchmarks/bench_ftb.py``: about 9.7 against
1.3 MB/s on the 8.8 MB of shared files).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from kit.errors import KitError

__all__ = [
    "SnbtSyntaxError",
    "loads",
    "read_snbt",
    "Byte",
    "Short",
    "Long",
    "Float",
    "ByteArray",
    "IntArray",
    "LongArray",
    "tag_type",
]

MAX_DEPTH = 256


class SnbtSyntaxError(KitError, ValueError):
    """An SNBT text FTB would refuse.

    Attributes
    ----------
    source : str
        The file (or ``"<string>"``).
    line, column : int
        1-based position of the offending character.
    reason : str
        What was expected and what was found.
    """

    def __init__(self, source: str, line: int, column: int, reason: str) -> None:
        super().__init__(f"{source}:{line}:{column}: {reason}")
        self.source = source
        self.line = line
        self.column = column
        self.reason = reason


class Byte(int):
    """An NBT byte (``1b``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"{int(self)}b"


class Short(int):
    """An NBT short (``1s``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"{int(self)}s"


class Long(int):
    """An NBT long (``1L``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"{int(self)}L"


class Float(float):
    """An NBT float (``0.5f``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"{float(self)!r}f"


class ByteArray(list):
    """``[B; ...]``."""


class IntArray(list):
    """``[I; ...]``."""


class LongArray(list):
    """``[L; ...]``."""


_ARRAYS = {"B": (ByteArray, Byte), "I": (IntArray, int), "L": (LongArray, Long)}

_TAG_TYPES = {
    dict: "compound", list: "list", str: "string", int: "int", bool: "byte", Byte: "byte", Short: "short",
    Long: "long", float: "double", Float: "float", ByteArray: "byte_array", IntArray: "int_array",
    LongArray: "long_array", type(None): "end",
}


def tag_type(value: Any) -> str:
    """Return the NBT tag type name of a value this module produced (``"byte"``, ``"int_array"``, ...)."""
    return _TAG_TYPES[type(value)]


# One token per match, leading whitespace skipped. Group numbers are used by the parser.
_DQ, _SQ, _WORD, _ARRAY, _PUNCT, _BAD = 1, 2, 3, 4, 5, 6
_TOKEN = re.compile(
    r"""[\x00-\x20]*(?:
      "((?:[^"\\\n]|\\.)*)"          # 1 double-quoted string (one line)
    | '((?:[^'\\\n]|\\.)*)'          # 2 single-quoted string
    | ([\w.+\-∞]+)                   # 3 simple word: key, number, boolean or bare string
    | \[[ \t]*([BIL])[ \t]*;         # 4 typed array opener
    | ([{}\[\]:=,])                  # 5 punctuation
    | ([^\x00-\x20])                 # 6 anything else is an error
    )""",
    re.VERBOSE,
)
_WHITESPACE = "".join(map(chr, range(0x21)))
_COMMENT_LINE = re.compile(r"^[ \t]*(?://|#)[^\n]*", re.MULTILINE)
_ESCAPE = re.compile(r"\\(.)")
_ESCAPES = {'"': '"', "'": "'", "\\": "\\", "n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f"}
_NUMBER = re.compile(r"([-+]?(?:\d+(\.\d*)?|(\.)\d+)([eE][-+]?\d+)?)([bBsSlLfFdD]?)")
_SPECIAL = {
    "true": True, "false": False, "null": None, "end": None,
    "Infinity": float("inf"), "-Infinity": float("-inf"), "∞": float("inf"), "-∞": float("-inf"),
    "Infinityd": float("inf"), "-Infinityd": float("-inf"), "Infinityf": Float("inf"), "-Infinityf": Float("-inf"),
    "NaN": float("nan"), "NaNd": float("nan"), "NaNf": Float("nan"),
}
_INT_SUFFIX = {"b": Byte, "B": Byte, "s": Short, "S": Short, "l": Long, "L": Long}
_RANGES = {Byte: (-(2**7), 2**7 - 1), Short: (-(2**15), 2**15 - 1), int: (-(2**31), 2**31 - 1),
           Long: (-(2**63), 2**63 - 1)}


def _unescape(raw: str) -> str:
    # FTB decodes \" \' \\ \n \t \r \b \f; an unknown escape drops both characters.
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), ""), raw)


def _word(word: str) -> Any:
    """Classify a bare word: boolean, empty tag, typed number, or a string."""
    special = _SPECIAL.get(word, _SPECIAL)
    if special is not _SPECIAL:
        return special
    first = word[0]
    if not (first.isdigit() or first in "-+."):
        return word
    m = _NUMBER.fullmatch(word)
    if m is None:
        return word
    mantissa, frac, dot, exp, suffix = m.groups()
    integral = frac is None and dot is None and exp is None
    if not suffix:
        if integral:
            value = int(mantissa)
            lo, hi = _RANGES[int]
            return value if lo <= value <= hi else word
        return float(mantissa)
    if suffix in "dD":
        return float(mantissa)
    if suffix in "fF":
        return Float(mantissa)
    if not integral:
        return word
    kind = _INT_SUFFIX[suffix]
    value = int(mantissa)
    lo, hi = _RANGES[kind]
    return kind(value) if lo <= value <= hi else word


def _kind(value: Any) -> str:
    kind = _TAG_TYPES[type(value)]
    return "list" if kind == "list" else kind


class _Parser:
    __slots__ = ("text", "source", "next")

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.next = _TOKEN.finditer(text).__next__

    # -- errors ------------------------------------------------------------------------------
    def error(self, pos: int, reason: str) -> SnbtSyntaxError:
        line = self.text.count("\n", 0, pos) + 1
        column = pos - (self.text.rfind("\n", 0, pos) + 1) + 1
        return SnbtSyntaxError(self.source, line, column, reason)

    def take(self, expected: str) -> re.Match[str]:
        try:
            return self.next()
        except StopIteration:
            raise self.error(len(self.text), f"unexpected end of file, expected {expected}") from None

    def unexpected(self, m: re.Match[str], expected: str) -> SnbtSyntaxError:
        group = m.lastindex
        raw = m.group(0)
        token = raw.lstrip(_WHITESPACE)
        pos = m.start(0) + len(raw) - len(token)
        if group == _BAD and m.group(group) in "\"'":
            return self.error(pos, "unterminated string (strings must end on the same line)")
        found = token
        return self.error(pos, f"expected {expected}, found {found!r}")

    # -- grammar -----------------------------------------------------------------------------
    def root(self) -> dict[str, Any]:
        m = self.take("'{'")
        if m.lastindex != _PUNCT or m.group(_PUNCT) != "{":
            raise self.unexpected(m, "'{' (the root must be a compound)")
        value = self.compound(1)
        try:
            extra = self.next()
        except StopIteration:
            return value
        raise self.unexpected(extra, "end of file after the root compound")

    def value(self, m: re.Match[str], depth: int) -> Any:
        group = m.lastindex
        if group == _DQ:
            raw = m.group(_DQ)
            return _unescape(raw) if "\\" in raw else raw
        if group == _WORD:
            return _word(m.group(_WORD))
        if group == _PUNCT:
            c = m.group(_PUNCT)
            if c == "{":
                return self.compound(depth + 1)
            if c == "[":
                return self.list(m, depth + 1)
        elif group == _SQ:
            raw = m.group(_SQ)
            return _unescape(raw) if "\\" in raw else raw
        elif group == _ARRAY:
            return self.array(m)
        raise self.unexpected(m, "a value")

    def compound(self, depth: int) -> dict[str, Any]:
        if depth > MAX_DEPTH:
            raise self.error(len(self.text), f"nesting deeper than {MAX_DEPTH}")
        out: dict[str, Any] = {}
        take = self.take
        while True:
            m = take("a key or '}'")
            group = m.lastindex
            if group == _WORD:
                key = m.group(_WORD)
            elif group == _DQ or group == _SQ:
                key = m.group(group)
                if "\\" in key:
                    key = _unescape(key)
            elif group == _PUNCT and m.group(_PUNCT) == "}":
                return out
            elif group == _PUNCT and m.group(_PUNCT) == ",":
                continue
            else:
                raise self.unexpected(m, "a key or '}'")
            sep = take("':'")
            if sep.lastindex != _PUNCT or sep.group(_PUNCT) not in ":=":
                raise self.unexpected(sep, f"':' after key {key!r}")
            out[key] = self.value(take(f"a value for key {key!r}"), depth)

    def list(self, start: re.Match[str], depth: int) -> list[Any]:
        if depth > MAX_DEPTH:
            raise self.error(start.start(_PUNCT), f"nesting deeper than {MAX_DEPTH}")
        out: list[Any] = []
        take = self.take
        value = self.value
        while True:
            m = take("a value or ']'")
            if m.lastindex == _PUNCT:
                c = m.group(_PUNCT)
                if c == "]":
                    break
                if c == ",":
                    continue
            out.append(value(m, depth))
        if out:
            first = type(out[0])
            if not all(type(v) is first for v in out):
                kinds = sorted({_kind(v) for v in out})
                if len(kinds) > 1:
                    raise self.error(start.start(_PUNCT), f"list mixes tag types {', '.join(kinds)}")
        return out

    def array(self, start: re.Match[str]) -> list[int]:
        array_type, element = _ARRAYS[start.group(_ARRAY)]
        out = array_type()
        letter = start.group(_ARRAY)
        while True:
            m = self.take("a number or ']'")
            if m.lastindex == _PUNCT:
                c = m.group(_PUNCT)
                if c == "]":
                    return out
                if c == ",":
                    continue
            if m.lastindex != _WORD:
                raise self.unexpected(m, f"a number in [{letter}; ...]")
            number = _word(m.group(_WORD))
            if type(number) not in (int, Byte, Short, Long) or isinstance(number, bool):
                raise self.unexpected(m, f"an integer in [{letter}; ...]")
            lo, hi = _RANGES[element]
            if not lo <= number <= hi:
                raise self.unexpected(m, f"a value in range for [{letter}; ...]")
            out.append(element(number))


def loads(text: str, *, source: str = "<string>") -> dict[str, Any]:
    """Parse FTB SNBT text whose root is a compound.

    Parameters
    ----------
    text : str
        The SNBT text.
    source : str, default="<string>"
        Name used in error messages (a file path).

    Returns
    -------
    dict
        The root compound, keys in file order (values typed as in the module table).

    Raises
    ------
    SnbtSyntaxError
        Naming ``source``, the 1-based line and column, and what was expected.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    if "#" in text or "//" in text:
        # Whole comment lines are dropped (kept as empty lines so positions stay right).
        text = _COMMENT_LINE.sub("", text)
    return _Parser(text, source).root()


def read_snbt(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read an SNBT file (UTF-8) and return its root compound; see :func:`loads`.

    Raises
    ------
    SnbtSyntaxError
        When the text is not valid FTB SNBT (file, line and column in the message).
    SnbtFileError
        When the file cannot be read or is not UTF-8.
    """
    file = Path(path)
    try:
        data = file.read_bytes()
    except OSError as exc:
        raise SnbtFileError(f"{file}: cannot read the file: {exc.strerror or exc}") from exc
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SnbtFileError(f"{file}: not UTF-8 text (byte {exc.start}: {exc.reason})") from exc
    return loads(text, source=str(file))


class SnbtFileError(KitError, OSError):
    """An SNBT file that cannot be read (missing, unreadable, not UTF-8)."""


__all__.append("SnbtFileError")


_SIMPLE_KEY = re.compile(r"[\w.+\-]+")
_WRITE_ESCAPES = str.maketrans({"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b",
                                "\f": "\\f"})


def _quote(text: str) -> str:
    return '"' + text.translate(_WRITE_ESCAPES) + '"'


def _key(key: str) -> str:
    return key if _SIMPLE_KEY.fullmatch(key) else _quote(key)


def _float(value: float, suffix: str) -> str:
    if value != value:
        return "NaN" + suffix
    if value in (float("inf"), float("-inf")):
        return ("Infinity" if value > 0 else "-Infinity") + suffix
    return repr(float(value)) + suffix


def _scalar(value: Any) -> str | None:
    kind = type(value)
    if kind is str:
        return _quote(value)
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return str(value)
    if kind is float:
        return _float(value, "d")
    if kind is Long:
        return f"{int(value)}L"
    if kind is Byte:
        return f"{int(value)}b"
    if kind is Short:
        return f"{int(value)}s"
    if kind is Float:
        return _float(value, "f")
    if value is None:
        return "null"
    return None


def _dump(value: Any, indent: str, out: list[str]) -> None:
    scalar = _scalar(value)
    if scalar is not None:
        out.append(scalar)
        return
    inner = indent + "\t"
    if isinstance(value, dict):
        if not value:
            out.append("{ }")
            return
        out.append("{\n")
        for key in sorted(value):
            out.append(f"{inner}{_key(str(key))}: ")
            _dump(value[key], inner, out)
            out.append("\n")
        out.append(indent + "}")
        return
    if isinstance(value, (IntArray, LongArray, ByteArray)):
        letter = "I" if isinstance(value, IntArray) else "L" if isinstance(value, LongArray) else "B"
        element = {"I": int, "L": Long, "B": Byte}[letter]
        out.append(f"[{letter}; " + ", ".join(_scalar(element(v)) or "" for v in value) + "]")
        return
    if isinstance(value, (list, tuple)):
        if not value:
            out.append("[ ]")
            return
        out.append("[\n")
        for item in value:
            out.append(inner)
            _dump(item, inner, out)
            out.append("\n")
        out.append(indent + "]")
        return
    raise TypeError(f"cannot write {type(value).__name__} as SNBT")


def dumps(value: dict[str, Any]) -> str:
    """Write a compound as FTB-style SNBT (tabs, newline separators, sorted keys, typed numbers).

    Python ``float`` is written as a double (``0.5d``), ``int`` as an int; use :class:`Long`,
    :class:`Byte`, :class:`Short`, :class:`Float` and the array types for the other tags.
    ``loads(dumps(x)) == x`` with the same types.
    """
    if not isinstance(value, dict):
        raise TypeError("the root of an SNBT file must be a dict (compound)")
    out: list[str] = []
    _dump(value, "", out)
    out.append("\n")
    return "".join(out)


__all__.append("dumps")
