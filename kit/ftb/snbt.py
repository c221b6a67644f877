"""FTB's SNBT dialect: a reader that follows FTB Library's rules, with exact error positions.

FTB Quests writes its files with FTB Library's SNBT writer, which is not vanilla SNBT: entries are
separated by newlines *or* commas, ``=`` may replace ``:``, booleans are ``true``/``false``, strings
may be single- or double-quoted and decode ``\\n``-style escapes (any other escape drops both
characters), whole lines starting with ``//`` or ``#`` are comments, and a bare word that is not a
number is a string. The rules followed are FTB Library's ``SNBTParser`` and
``SNBTUtils.getNumberType``: a word is one non-structural character followed by "simple" characters
(Unicode letters and digits, ``. _ - + ∞``), so ``@2`` or ``#tag`` are strings; ``5`` is an int but
``3000000000`` and ``+5`` are doubles; ``b``/``s``/``l``/``f``/``d`` suffixes are case-insensitive and
``300b`` is an error; typed arrays (``[I; ...]``, also lower case) narrow any numeric element as Java
does; a list may not mix tag types. Two deliberate differences, both stricter: text after the root
compound is an error (FTB ignores it), and a word cannot start with ``] } , : =`` (FTB would read
``{a: ]}`` as the string ``"]"``).

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
file (see ``tests/ftb/test_snbt.py``), but ftb-snbt-lib silently skips stray characters (printing
"Illegal character" to stdout), does not decode ``\\n``, rejects bare decimals, single quotes, ``=``,
non-ASCII keys, bare-word strings and keys starting with ``true``/``false``, keeps lexer state across
calls (wrong line numbers) and is 4-8x slower (``benchmarks/bench_ftb.py``: about 9.7 against
1.3 MB/s on the 8.8 MB of shared files).
"""

from __future__ import annotations

import builtins
import os
import re
from itertools import islice
from pathlib import Path
from typing import Any

from kit.core.errors import InvalidParameterError
from kit.core.regular_files import FileRefusedError, read_regular_file
from kit.ftb.errors import SnbtFileError, SnbtSyntaxError

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
#: Files larger than this are refused before reading (the largest shared chapter file is 0.8 MB).
MAX_FILE_BYTES = 4 * 2**20
#: A text of more tokens than this is refused (the largest shared file has 125,000): it bounds the objects built,
#: so a refused file never costs more than about 50 MB.
MAX_TOKENS = 600_000
#: Longer numbers are refused (Python's ``int`` refuses more than 4,300 digits; FTB would read a double).
MAX_NUMBER_CHARS = 4300


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
    dict: "compound",
    list: "list",
    str: "string",
    int: "int",
    bool: "byte",
    Byte: "byte",
    Short: "short",
    Long: "long",
    float: "double",
    Float: "float",
    ByteArray: "byte_array",
    IntArray: "int_array",
    LongArray: "long_array",
    type(None): "end",
}


def tag_type(value: Any) -> str:
    """Return the NBT tag type name of a value this module produced (``"byte"``, ``"int_array"``, ...)."""
    return _TAG_TYPES[type(value)]


# One token per match, leading whitespace skipped. Group numbers are used by the parser.
_DQ, _SQ, _WORD, _ARRAY, _PUNCT, _BAD, _END = 1, 2, 3, 4, 5, 6, 7
# Every position matches one alternative (the end of the text included), so the scanner never fails and retries
# from the next character: trailing white space is consumed once (it used to cost quadratic time).
_TOKEN = re.compile(
    r"""[\x00-\x20]*+(?:
      "((?:[^"\\\n]|\\.)*)"          # 1 double-quoted string (one line)
    | '((?:[^'\\\n]|\\.)*)'          # 2 single-quoted string
    | ([^\x00-\x20{}\[\]"',:=][\w.+\-∞]*)  # 3 word: key, number, boolean or bare string
    | \[[\x00-\x20]*([BILbil])[\x00-\x20]*;  # 4 typed array opener
    | ([{}\[\]:=,])                  # 5 punctuation
    | ([^\x00-\x20])                 # 6 anything else is an error
    | ()\Z                           # 7 end of text, after any white space
    )""",
    re.VERBOSE,
)
_WHITESPACE = "".join(map(chr, range(0x21)))
_COMMENT_LINE = re.compile(r"^[ \t]*(?://|#)[^\n]*", re.MULTILINE)
_ESCAPE = re.compile(r"\\(.)")
_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f"}
_INT = re.compile(r"-?[0-9]+")
_FLOAT = re.compile(r"[+-]?(?:NaN|Infinity|(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[fFdD]?)")
_SPECIAL = {
    "true": True,
    "false": False,
    "null": None,
    "end": None,
    "Infinity": float("inf"),
    "+Infinity": float("inf"),
    "-Infinity": float("-inf"),
    "NaN": float("nan"),
    "∞": float("inf"),
    "+∞": float("inf"),
    "-∞": float("-inf"),
}
_RANGES = {
    Byte: (-(2**7), 2**7 - 1),
    Short: (-(2**15), 2**15 - 1),
    int: (-(2**31), 2**31 - 1),
    Long: (-(2**63), 2**63 - 1),
}
_INT_LO, _INT_HI = _RANGES[int]


class _OutOfRange(ValueError):
    pass


def _unescape(raw: str) -> str:
    # FTB decodes \" \\ \n \t \r \b \f; any other escape (\' too) drops both characters.
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), ""), raw)


def _float_text(text: str) -> float:
    return float(text[:-1] if text[-1] in "fFdD" else text)


def _word(word: str) -> Any:
    """Classify a bare word as FTB Library does (``SNBTUtils.getNumberType``): boolean, empty tag,
    typed number, or else a string.
    """
    special = _SPECIAL.get(word, _SPECIAL)
    if special is not _SPECIAL:
        return special
    if word[0] not in "0123456789-+.NI":
        return word
    if len(word) > 24:  # no int, long, byte or short has this many digits: a double or a string
        if len(word) > MAX_NUMBER_CHARS and _FLOAT.fullmatch(word.rstrip("bBsSlLfFdD")):
            raise _OutOfRange(f"number of {len(word)} characters; more than {MAX_NUMBER_CHARS} are refused")
        if word[-1] in "fF" and _FLOAT.fullmatch(word[:-1]):
            return Float(_float_text(word[:-1]))
        return _float_text(word) if _FLOAT.fullmatch(word) else word
    last = word[-1]
    if "0" <= last <= "9":
        if _INT.fullmatch(word):
            value = int(word)
            if _INT_LO <= value <= _INT_HI:
                return value
    else:
        low = last.lower()
        start = word[:-1]
        if low in "bs" and _INT.fullmatch(start):
            value = int(start)
            if _INT_LO <= value <= _INT_HI:
                kind = Byte if low == "b" else Short
                lo, hi = _RANGES[kind]
                if not lo <= value <= hi:
                    raise _OutOfRange(f"{word!r} is out of range for a {kind.__name__.lower()}")
                return kind(value)
        elif low == "l" and _INT.fullmatch(start):
            value = int(start)
            lo, hi = _RANGES[Long]
            if lo <= value <= hi:
                return Long(value)
        elif low == "f" and _FLOAT.fullmatch(start):
            return Float(_float_text(start))
        elif low == "d" and _FLOAT.fullmatch(start):
            return _float_text(start)
    if _FLOAT.fullmatch(word):
        return _float_text(word)
    return word


def _kind(value: Any) -> str:
    kind = _TAG_TYPES[type(value)]
    return "list" if kind == "list" else kind


class _Parser:
    __slots__ = ("text", "source", "next", "tokens")

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.tokens = _TOKEN.finditer(text)
        # islice stops after MAX_TOKENS at C speed; running out is told apart from the end in out_of_tokens()
        self.next = islice(self.tokens, MAX_TOKENS).__next__

    # -- errors ------------------------------------------------------------------------------
    def error(self, pos: int, reason: str) -> SnbtSyntaxError:
        line = self.text.count("\n", 0, pos) + 1
        column = pos - (self.text.rfind("\n", 0, pos) + 1) + 1
        return SnbtSyntaxError(self.source, line, column, reason)

    def take(self, expected: str) -> re.Match[str]:
        # The end-of-text token is handed on like any other: every caller reports an unexpected token through
        # unexpected(), which names the end of file for it.
        try:
            return self.next()
        except StopIteration:
            raise self.out_of_tokens(expected) from None

    def out_of_tokens(self, expected: str) -> SnbtSyntaxError:
        """The error when the token stream stops: the end of the text, or the token cap."""
        more = next(self.tokens, None)
        if more is not None and more.lastindex != _END:
            return self.error(more.start(0), f"more than {MAX_TOKENS} tokens; longer texts are refused")
        return self.error(len(self.text), f"unexpected end of file, expected {expected}")

    def unexpected(self, m: re.Match[str], expected: str) -> SnbtSyntaxError:
        group = m.lastindex
        if group == _END:
            return self.error(len(self.text), f"unexpected end of file, expected {expected}")
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
        extra: re.Match[str] | None
        try:
            extra = self.next()
        except StopIteration:
            extra = next(self.tokens, None)  # the token cap was reached exactly at the root's end
            if extra is None:
                return value
            if extra.lastindex != _END:
                raise self.error(extra.start(0), f"more than {MAX_TOKENS} tokens; longer texts are refused") from None
        if extra.lastindex == _END:
            return value
        raise self.unexpected(extra, "end of file after the root compound")

    def value(self, m: re.Match[str], depth: int) -> Any:
        group = m.lastindex
        if group == _DQ:
            raw = m.group(_DQ)
            return _unescape(raw) if "\\" in raw else raw
        if group == _WORD:
            try:
                return _word(m.group(_WORD))
            except _OutOfRange as exc:
                raise self.error(m.start(_WORD), str(exc)) from None
        if group == _PUNCT:
            c = m.group(_PUNCT)
            if c == "{":
                return self.compound(depth + 1, m.start(_PUNCT))
            if c == "[":
                return self.list(m, depth + 1)
        elif group == _SQ:
            raw = m.group(_SQ)
            return _unescape(raw) if "\\" in raw else raw
        elif group == _ARRAY:
            return self.array(m)
        raise self.unexpected(m, "a value")

    def compound(self, depth: int, start: int = 0) -> dict[str, Any]:
        if depth > MAX_DEPTH:
            raise self.error(start, f"nesting deeper than {MAX_DEPTH}")
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

    def array(self, start: re.Match[str]) -> builtins.list[int]:  # `list` here is the method above
        letter = start.group(_ARRAY).upper()
        array_type, element = _ARRAYS[letter]
        out = array_type()
        bits = {"B": 8, "I": 32, "L": 64}[letter]
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
            try:
                number = _word(m.group(_WORD))
            except _OutOfRange as exc:
                raise self.error(m.start(_WORD), str(exc)) from None
            if not isinstance(number, (int, float)):
                raise self.unexpected(m, f"a number in [{letter}; ...]")
            out.append(element(_java_cast(number, bits)))


def _java_cast(number: int | float, bits: int) -> int:
    """Java's narrowing of a numeric tag (``getAsInt``/``getAsLong``/``getAsByte``): floats truncate and
    saturate at the int/long range, integers wrap.
    """
    if isinstance(number, float):
        if number != number:
            return 0
        lo, hi = -(2 ** (max(bits, 32) - 1)), 2 ** (max(bits, 32) - 1) - 1
        number = max(lo, min(hi, int(number))) if abs(number) != float("inf") else (hi if number > 0 else lo)
    mask = (1 << bits) - 1
    value = int(number) & mask
    return value - (1 << bits) if value >> (bits - 1) else value


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
        When the file cannot be read, is not a regular file (a FIFO, a device, a link to one), is larger than
        :data:`MAX_FILE_BYTES`, or is not UTF-8.
    """
    file = Path(path)
    try:
        data = read_regular_file(file, max_bytes=MAX_FILE_BYTES)
    except FileRefusedError as exc:
        raise SnbtFileError(f"{file}: {exc.reason}") from exc
    except OSError as exc:
        raise SnbtFileError(f"{file}: cannot read the file: {exc.strerror or exc}") from exc
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SnbtFileError(f"{file}: not UTF-8 text (byte {exc.start}: {exc.reason})") from exc
    return loads(text, source=str(file))


__all__.append("SnbtFileError")


_SIMPLE_KEY = re.compile(r"[\w.+\-]+")
_WRITE_ESCAPES = str.maketrans(
    {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f"}
)


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
    raise InvalidParameterError(f"cannot write {type(value).__name__} as SNBT")


def dumps(value: dict[str, Any]) -> str:
    """Write a compound as FTB-style SNBT (tabs, newline separators, sorted keys, typed numbers).

    Python ``float`` is written as a double (``0.5d``), ``int`` as an int; use :class:`Long`,
    :class:`Byte`, :class:`Short`, :class:`Float` and the array types for the other tags.
    ``loads(dumps(x)) == x`` with the same types.
    """
    if not isinstance(value, dict):
        raise InvalidParameterError("the root of an SNBT file must be a dict (compound)")
    out: list[str] = []
    _dump(value, "", out)
    out.append("\n")
    return "".join(out)


__all__.append("dumps")
