"""kit's JavaScript semantics (``_js``): ``Array.prototype.sort`` (V8), ``JSON.stringify``, cyrb53 and mulberry32,
compared with a real JavaScript engine (Node.js; skipped when ``node`` is not on the PATH). Cases come from
seeded generators, so runs are repeatable.
"""

from __future__ import annotations

import json
import random

import pytest

from kit.worldbook.sillytavern._js import Mulberry32, cyrb53, cyrb53_many, js_sort, json_stringify
from tests.worldbook.sillytavern.st_inputs import NODE, node_json

needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")


@needs_node
def test_sort_with_missing_orders_like_v8() -> None:
    rng = random.Random(99)
    arrays = []
    for _ in range(80):
        n = rng.randint(2, 40)
        arrays.append(
            [
                {"id": i, **({"order": rng.choice([1, 5, 5, 100, "7", None])} if rng.random() < 0.6 else {})}
                for i in range(n)
            ]
        )
    script = r"""
    const arrays = JSON.parse(require('fs').readFileSync(0, 'utf8'));
    process.stdout.write(JSON.stringify(arrays.map(a => a.sort((x, y) => y.order - x.order).map(x => x.id))));"""
    expected = node_json(script, arrays)
    from kit.worldbook.sillytavern._js import js_number

    def order(x: dict) -> float:
        return js_number(x["order"]) if "order" in x else float("nan")

    for arr, exp in zip(arrays, expected):
        assert [x["id"] for x in js_sort(arr, lambda a, b: order(b) - order(a))] == exp


@needs_node
def test_stringify_hash_and_mulberry32_like_javascript() -> None:
    values = [
        {
            "uid": 7,
            "key": ["timer", "龙"],
            "content": 'x\ny"\u2028😀',
            "p": 0.1,
            "n": None,
            "big": 1e21,
            "small": 1.5e-7,
            "f": 100.0,
            "10": 1,
            "2": 2,
        }
    ]
    script = r"""
    const vals = JSON.parse(require('fs').readFileSync(0, 'utf8'));
    const hash = (str, seed = 0) => { let h1 = 0xdeadbeef ^ seed, h2 = 0x41c6ce57 ^ seed;
      for (let i = 0, ch; i < str.length; i++) { ch = str.charCodeAt(i); h1 = Math.imul(h1 ^ ch, 2654435761); h2 = Math.imul(h2 ^ ch, 1597334677); }
      h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
      h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
      return 4294967296 * (2097151 & h2) + (h1 >>> 0); };
    function mulberry32(a) { return function() { var t = a += 0x6D2B79F5; t = Math.imul(t ^ t >>> 15, t | 1);
      t ^= t + Math.imul(t ^ t >>> 7, t | 61); return ((t ^ t >>> 14) >>> 0) / 4294967296; } }
    const r = mulberry32(42);
    process.stdout.write(JSON.stringify({s: vals.map(v => JSON.stringify(v)), h: vals.map(v => hash(JSON.stringify(v))),
      m: Array.from({length: 5}, () => r())}));"""
    expected = node_json(script, values)
    assert [json_stringify(v) for v in values] == expected["s"]
    assert [cyrb53(json_stringify(v)) for v in values] == expected["h"]
    gen = Mulberry32(42)
    assert [gen() for _ in range(5)] == expected["m"]


def _values(rng: random.Random, n: int) -> list[object]:
    """World-entry-like JSON values: mostly plain (strings, integers, booleans, nulls, lists, objects), some with
    what ``JSON.stringify`` writes differently from ``json.dumps`` (floats, index-like keys, NaN).
    """
    texts = ["", "a", "龙 dragon", 'q"uote\\', "\n\x01", "\u2028", "😀", "\ud800", "é" * 40]
    odd = [0.5, 1.0, 1e21, 1.5e-7, float("nan"), -0.0]

    def value(depth: int) -> object:
        r = rng.random()
        if depth > 2 or r < 0.5:
            return rng.choice([*texts, 0, -7, 2**40, True, False, None, *(odd if rng.random() < 0.1 else [])])
        if r < 0.7:
            return [value(depth + 1) for _ in range(rng.randint(0, 3))]
        keys = ["uid", "key", "content", "world", "extensions", "é", "", *(["10", "2"] if rng.random() < 0.2 else [])]
        return {k: value(depth + 1) for k in rng.sample(keys, rng.randint(0, 4))}

    return [value(0) for _ in range(n)]


def test_cyrb53_many_equals_cyrb53() -> None:
    rng = random.Random(3)
    texts = [json_stringify(v) for v in _values(rng, 300)] + ["", "x" * 2000, "\ud800\udc00", "😀" * 3]
    assert cyrb53_many(texts) == [cyrb53(t) for t in texts]
    assert cyrb53_many(texts, 11) == [cyrb53(t, 11) for t in texts]
    assert cyrb53_many(texts[:3]) == [cyrb53(t) for t in texts[:3]]  # few texts: one by one


@needs_node
def test_stringify_and_hashes_of_many_values_like_javascript() -> None:
    values = _values(random.Random(8), 400)
    script = r"""
    const vals = JSON.parse(require('fs').readFileSync(0, 'utf8'));
    const hash = (str, seed = 0) => { let h1 = 0xdeadbeef ^ seed, h2 = 0x41c6ce57 ^ seed;
      for (let i = 0, ch; i < str.length; i++) { ch = str.charCodeAt(i); h1 = Math.imul(h1 ^ ch, 2654435761); h2 = Math.imul(h2 ^ ch, 1597334677); }
      h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
      h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
      return 4294967296 * (2097151 & h2) + (h1 >>> 0); };
    process.stdout.write(JSON.stringify({s: vals.map(v => JSON.stringify(v)), h: vals.map(v => hash(JSON.stringify(v)))}));"""
    # NaN and lone surrogates do not survive the trip to Node as JSON: compare the values that do
    values = [v for v in values if "NaN" not in json.dumps(v) and "\\ud800" not in json.dumps(v)]
    expected = node_json(script, values)
    assert [json_stringify(v) for v in values] == expected["s"]
    assert cyrb53_many([json_stringify(v) for v in values]) == expected["h"]
