"""Differential tests: kit's JavaScript re-implementations against a real JavaScript engine (Node.js).

Skipped when ``node`` is not on the PATH. Cases come from a seeded generator, so runs are repeatable.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess

import pytest

from kit.worldbook.sillytavern._js import Mulberry32, cyrb53, js_sort, json_stringify
from kit.worldbook.sillytavern.buffer import match_key
from kit.worldbook.sillytavern.jsregex import parse_regex_key

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

ATOMS = [
    "a",
    "b",
    "A",
    "é",
    "龙",
    "\\d",
    "\\w",
    "\\W",
    "\\s",
    "\\b",
    "\\B",
    ".",
    "[a-c]",
    "[^a]",
    "[\\w]",
    "[^]",
    "\\x01",
    "\\u00e9",
    "\\.",
    "\\/",
    "^",
    "$",
    "(?:ab)",
    "(a|b)",
    "(?=a)",
    "(?!b)",
    "(?<=a)",
    "(?<!b)",
    "\\n",
    " ",
    "{",
    "}",
    "]",
    "x{2}",
    "\\1",
    "[\\d-]",
    "\\cJ",
    "\\q",
    "\\p{L}",
    "\\p{Script=Han}",
    "\\p{sc=Latn}",
    "\\P{Nd}",
    "\\p{Han}",
    "\\p{scx=Hira}",
    "[\\p{Lu}1]",
    "\\p{gc=Nd}",
    "\\p{Alphabetic}",
    "\\p{script=han}",
    "(?<n>a)\\k<n>",
    "\\u{1F600}",
]
QUANTS = ["", "", "", "*", "+", "?", "{1,2}", "*?", "{2,}"]
ALPHABET = [
    "a",
    "b",
    "A",
    "B",
    "é",
    "É",
    "龙",
    "1",
    "_",
    " ",
    "\n",
    "\x01",
    ".",
    "-",
    "/",
    "\u2028",
    "ab",
    "aab",
    "ひ",
    "١",
]


def _node(script: str, payload: object) -> object:
    out = subprocess.run(
        [NODE, "-e", script], input=json.dumps(payload), capture_output=True, text=True, timeout=60, check=True
    )
    return json.loads(out.stdout)


def _patterns(rng: random.Random, n: int) -> list[tuple[str, str]]:
    cases = []
    for _ in range(n):
        parts = []
        for _ in range(rng.randint(1, 4)):
            atom = rng.choice(ATOMS)
            q = rng.choice(QUANTS) if atom not in ("^", "$", "\\b", "\\B", "(?=a)", "(?!b)", "(?<=a)", "(?<!b)") else ""
            parts.append(atom + q)
        flags = "".join(f for f in "imsuy" if rng.random() < 0.25)
        cases.append(("".join(parts), flags))
    return cases


def test_regex_keys_match_like_javascript() -> None:
    rng = random.Random(1234)
    pats = _patterns(rng, 1500)
    texts = ["\x01" + "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 8))) for _ in range(12)]
    script = r"""
    const {pats, texts} = JSON.parse(require('fs').readFileSync(0, 'utf8'));
    const out = pats.map(([p, f]) => { let r; try { r = new RegExp(p, f); } catch (e) { return null; }
        return texts.map(t => new RegExp(p, f).test(t)); });
    process.stdout.write(JSON.stringify(out));"""
    expected = _node(script, {"pats": pats, "texts": texts})
    compared = 0
    for (p, f), exp in zip(pats, expected):
        key = parse_regex_key(f"/{p}/{f}")
        if exp is None:
            assert key is None, (p, f)  # invalid in JavaScript: ST matches the key as plain text
            continue
        assert key is not None, (p, f)
        if key.compiled is None:
            continue  # refused as unsafe or untranslatable: documented, never matches
        got = [key.test(t) for t in texts]
        assert got == exp, (p, f)
        compared += 1
    assert compared > 1000


def test_whole_word_plain_matching_like_javascript() -> None:
    rng = random.Random(7)
    words = ["king", "王五", "caf", "кот", "ive the", "A_b", "v2", "東京", "é", "big"]
    texts = [
        "".join(
            rng.choice(
                [
                    "king",
                    "liking",
                    "王五abc",
                    "café",
                    "котик",
                    " ",
                    "，",
                    "live the",
                    "A_b",
                    "v23",
                    "東京タワー",
                    "BIG",
                    "x",
                    "é",
                ]
            )
            for _ in range(4)
        )
        for _ in range(60)
    ]
    script = r"""
    const {words, texts} = JSON.parse(require('fs').readFileSync(0, 'utf8'));
    const esc = s => s.replace(/[/\-\\^$*+?.()|[\]{}]/g, '\\$&');
    const m = (h, n) => { h = h.toLowerCase(); n = n.toLowerCase(); const kw = n.split(/\s+/);
        if (kw.length > 1) return h.includes(n); return new RegExp(`(?:^|\\W)(${esc(n)})(?:$|\\W)`).test(h); };
    process.stdout.write(JSON.stringify(words.map(w => texts.map(t => m(t, w)))));"""
    expected = _node(script, {"words": words, "texts": texts})
    for w, exp in zip(words, expected):
        assert [match_key(t, w, case_sensitive=False, whole_words=True) for t in texts] == exp, w


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
    expected = _node(script, arrays)
    from kit.worldbook.sillytavern._js import js_number

    def order(x: dict) -> float:
        return js_number(x["order"]) if "order" in x else float("nan")

    for arr, exp in zip(arrays, expected):
        assert [x["id"] for x in js_sort(arr, lambda a, b: order(b) - order(a))] == exp


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
    expected = _node(script, values)
    assert [json_stringify(v) for v in values] == expected["s"]
    assert [cyrb53(json_stringify(v)) for v in values] == expected["h"]
    gen = Mulberry32(42)
    assert [gen() for _ in range(5)] == expected["m"]
