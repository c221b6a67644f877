"""Small JavaScript semantics SillyTavern relies on, reproduced in Python.

Object key order, ``Number()`` coercion, ``Array.prototype.sort`` with an inconsistent comparator (V8),
``JSON.stringify``, ``String.prototype.trim``/``length`` (UTF-16 code units), ``Math.round``, the cyrb53
string hash (``getStringHash``) and the mulberry32 generator used for seeded ``Math.random``.
"""

from __future__ import annotations

import array
import json
import math
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

__all__ = [
    "JS_WHITESPACE",
    "js_keys",
    "js_number",
    "js_truthy",
    "js_loose_true",
    "js_sort",
    "js_trim",
    "js_round",
    "js_length",
    "json_stringify",
    "cyrb53",
    "cyrb53_many",
    "Mulberry32",
]

T = TypeVar("T")

#: Characters JavaScript's ``\s`` and ``trim()`` treat as white space (WhiteSpace + LineTerminator).
JS_WHITESPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)

_MAX_INDEX = 2**32 - 2


def _is_array_index(key: str) -> bool:
    return key.isdigit() and key.isascii() and (key == "0" or key[0] != "0") and int(key) <= _MAX_INDEX


def js_keys(obj: Mapping[str, Any]) -> list[str]:
    """Return the keys of an object in JavaScript's ``Object.keys`` order.

    Integer-like keys (array indices) come first in ascending numeric order, then the other keys in insertion
    order.
    """
    keys = [str(k) for k in obj]
    idx = sorted((k for k in keys if _is_array_index(k)), key=int)
    return idx + [k for k in keys if not _is_array_index(k)]


def js_truthy(value: Any) -> bool:
    """JavaScript truthiness (``""``, ``0``, ``NaN``, ``null``, ``undefined``, ``false`` are falsy)."""
    if value is None or value is False:
        return False
    if isinstance(value, (int, float)):
        return not (value == 0 or (isinstance(value, float) and math.isnan(value)))
    if isinstance(value, str):
        return value != ""
    return True


def js_number(value: Any) -> float:
    """JavaScript ``Number(value)``: strings are parsed (blank -> 0), ``null`` -> 0, ``undefined``/objects -> NaN."""
    if value is None:
        return 0.0
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        text = value.strip(JS_WHITESPACE)
        if not text:
            return 0.0
        try:
            if text.lower().startswith(("0x", "0o", "0b")):
                return float(int(text, 0))
            if text in ("Infinity", "+Infinity"):
                return math.inf
            if text == "-Infinity":
                return -math.inf
            if any(c.isalpha() and c not in "eE" for c in text):
                return math.nan
            return float(text)
        except ValueError:
            return math.nan
    if isinstance(value, list):
        if not value:
            return 0.0
        if len(value) == 1:
            return js_number(value[0]) if not isinstance(value[0], (list, dict)) else math.nan
    return math.nan


def js_loose_true(value: Any) -> bool:
    """JavaScript ``value == true`` (``true``, ``1``, ``"1"``, ``" 1 "``)."""
    if value is True:
        return True
    if isinstance(value, (int, float, str)) and not isinstance(value, bool):
        return js_number(value) == 1
    return False


def js_round(x: float) -> float:
    """JavaScript ``Math.round`` (halves round towards +infinity)."""
    if math.isnan(x) or math.isinf(x):
        return x
    return float(math.floor(x + 0.5))


def js_trim(text: str) -> str:
    """JavaScript ``String.prototype.trim``."""
    return text.strip(JS_WHITESPACE)


def js_length(text: str) -> int:
    """JavaScript ``string.length``: the number of UTF-16 code units."""
    if text.isascii():
        return len(text)
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def js_sort(items: Sequence[T], compare: Callable[[T, T], float]) -> list[T]:
    """Sort like V8's ``Array.prototype.sort`` for arrays shorter than 64 elements, and stably for longer ones.

    V8 sorts short arrays by finding the leading run and then binary insertion. Only ``compare(a, b) < 0``
    moves an element, so a comparator that returns ``NaN`` (``b.order - a.order`` with a missing ``order``)
    behaves exactly as in the browser. Longer arrays with a consistent comparator give the same result as any
    stable sort; longer arrays with ``NaN`` comparisons are sorted by binary insertion too (an approximation
    of V8's run merging).
    """
    arr = list(items)
    n = len(arr)
    if n < 2:
        return arr

    def lt(a: T, b: T) -> bool:
        r = compare(a, b)
        return r < 0  # NaN compares false, as in V8

    # CountAndMakeRun
    run = 2
    descending = lt(arr[1], arr[0])
    if descending:
        while run < n and lt(arr[run], arr[run - 1]):
            run += 1
        arr[:run] = arr[:run][::-1]
    else:
        while run < n and not lt(arr[run], arr[run - 1]):
            run += 1
    # BinaryInsertionSort from the end of the run
    for start in range(run, n):
        pivot = arr[start]
        left, right = 0, start
        while left < right:
            mid = (left + right) >> 1
            if lt(pivot, arr[mid]):
                right = mid
            else:
                left = mid + 1
        if left != start:
            arr[left + 1 : start + 1] = arr[left:start]
            arr[left] = pivot
    return arr


def _number_to_string(x: float | int) -> str:
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, int):
        return str(x)
    if math.isnan(x) or math.isinf(x):
        return "null"
    if x.is_integer() and abs(x) < 1e21:
        return str(int(x))
    r = repr(x)
    if "e" in r:
        mant, exp = r.split("e")
        exp_i = int(exp)
        if -7 < exp_i < 21:
            return format(x, "f").rstrip("0").rstrip(".")
        return f"{mant}e{'+' if exp_i > 0 else '-'}{abs(exp_i)}"
    return r


def _quote(text: str) -> str:
    # json.dumps(ensure_ascii=False) escapes exactly what JSON.stringify escapes (control characters, quote,
    # backslash; U+2028/U+2029 stay raw; lone surrogates become \uXXXX)
    return json.dumps(text, ensure_ascii=False)


def json_stringify(value: Any) -> str:
    """JavaScript ``JSON.stringify(value)`` without indentation (object keys in :func:`js_keys` order)."""
    if _json_plain(value, 0):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return _stringify(value)


def _json_plain(value: Any, depth: int) -> bool:
    """Whether ``json.dumps`` writes ``value`` as ``JSON.stringify`` does: only strings, integers, booleans,
    ``None``, lists and dicts whose keys are strings that do not start with a digit (``Object.keys`` would put
    array-index keys first); no floats (their text differs), no other types.
    """
    t = type(value)
    if t is str or t is int or t is bool or value is None:
        return True
    if depth > 64:
        return False
    if t is list:
        return all(_json_plain(v, depth + 1) for v in value)
    if isinstance(value, dict) and (t is dict or t.__iter__ is dict.__iter__):
        for k, v in value.items():
            if type(k) is not str or (k and k[0].isdigit()) or not _json_plain(v, depth + 1):
                return False
        return True
    return False


def _stringify(value: Any) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return _number_to_string(value)
    if isinstance(value, str):
        return _quote(value)
    if isinstance(value, Mapping):
        parts = [f"{_quote(k)}:{_stringify(value[k] if k in value else _lookup(value, k))}" for k in js_keys(value)]
        return "{" + ",".join(parts) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_stringify(v) for v in value) + "]"
    return _quote(str(value))


def _lookup(obj: Mapping[Any, Any], key: str) -> Any:
    for k, v in obj.items():
        if str(k) == key:
            return v
    return None


def _imul(a: int, b: int) -> int:
    r = (a * b) & 0xFFFFFFFF
    return r - 0x100000000 if r & 0x80000000 else r


def _u32(a: int) -> int:
    return a & 0xFFFFFFFF


def cyrb53(text: str, seed: int = 0) -> int:
    """SillyTavern's ``getStringHash``: the 53-bit cyrb53 hash over UTF-16 code units.

    Computed on unsigned 32-bit values throughout (``Math.imul`` and ``>>> 0`` agree with them modulo 2**32).
    """
    mask = 0xFFFFFFFF
    h1 = (0xDEADBEEF ^ seed) & mask
    h2 = (0x41C6CE57 ^ seed) & mask
    for ch in _code_units(text):
        h1 = ((h1 ^ ch) * 2654435761) & mask
        h2 = ((h2 ^ ch) * 1597334677) & mask
    h1 = (((h1 ^ (h1 >> 16)) * 2246822507) & mask) ^ (((h2 ^ (h2 >> 13)) * 3266489909) & mask)
    h2 = (((h2 ^ (h2 >> 16)) * 2246822507) & mask) ^ (((h1 ^ (h1 >> 13)) * 3266489909) & mask)
    return 4294967296 * (2097151 & h2) + h1


def cyrb53_many(texts: Sequence[str], seed: int = 0) -> list[int]:
    """:func:`cyrb53` of each text, computed for all of them at once (numpy, one step per code unit position
    over the texts that long): the same values, far faster for many texts.
    """
    if len(texts) < 16:
        return [cyrb53(t, seed) for t in texts]
    import numpy as np

    units = [np.frombuffer(t.encode("utf-16-le", "surrogatepass"), dtype="<u2") for t in texts]
    lengths = np.array([len(u) for u in units], dtype=np.int64)
    order = np.argsort(-lengths, kind="stable")
    ordered = lengths[order]
    flat = np.concatenate([units[i] for i in order] + [np.zeros(1, "<u2")]).astype(np.uint64)
    starts = np.zeros(len(texts), dtype=np.int64)
    starts[1:] = np.cumsum(ordered)[:-1]
    # how many texts are longer than j, for each position j
    active = np.searchsorted(-ordered, -np.arange(int(ordered[0]) if len(ordered) else 0), side="left")
    mask = np.uint64(0xFFFFFFFF)
    m1, m2 = np.uint64(2654435761), np.uint64(1597334677)
    h1 = np.full(len(texts), (0xDEADBEEF ^ seed) & 0xFFFFFFFF, dtype=np.uint64)
    h2 = np.full(len(texts), (0x41C6CE57 ^ seed) & 0xFFFFFFFF, dtype=np.uint64)
    for j, k in enumerate(active.tolist()):
        ch = flat[starts[:k] + j]
        h1[:k] = ((h1[:k] ^ ch) * m1) & mask
        h2[:k] = ((h2[:k] ^ ch) * m2) & mask
    f1, f2 = np.uint64(2246822507), np.uint64(3266489909)
    s13, s16 = np.uint64(13), np.uint64(16)
    h1 = (((h1 ^ (h1 >> s16)) * f1) & mask) ^ (((h2 ^ (h2 >> s13)) * f2) & mask)
    h2 = (((h2 ^ (h2 >> s16)) * f1) & mask) ^ (((h1 ^ (h1 >> s13)) * f2) & mask)
    hashes = (np.uint64(4294967296) * (np.uint64(2097151) & h2) + h1).tolist()
    out = [0] * len(texts)
    for i, h in zip(order.tolist(), hashes):
        out[i] = int(h)
    return out


def _code_units(text: str) -> array.array[int] | list[int]:
    """The UTF-16 code units of ``text`` (lone surrogates kept)."""
    data = text.encode("utf-16-le", "surrogatepass")
    if sys.byteorder == "little":
        units = array.array("H")
        units.frombytes(data)
        return units
    return [data[i] | (data[i + 1] << 8) for i in range(0, len(data), 2)]


class Mulberry32:
    """The mulberry32 generator: ``Mulberry32(seed)()`` returns floats in [0, 1) like a seeded ``Math.random``."""

    def __init__(self, seed: int) -> None:
        self._a = int(seed) & 0xFFFFFFFF

    def __call__(self) -> float:
        self._a = (self._a + 0x6D2B79F5) & 0xFFFFFFFF
        t = self._a
        t = _imul(t ^ (t >> 15), t | 1) & 0xFFFFFFFF
        t ^= (t + _imul(t ^ (t >> 7), t | 61)) & 0xFFFFFFFF
        t &= 0xFFFFFFFF
        return ((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296
