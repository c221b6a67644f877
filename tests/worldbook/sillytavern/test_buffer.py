"""SillyTavern's key matching (``buffer.match_key``) compared with a real JavaScript engine (Node.js; skipped
when ``node`` is not on the PATH).
"""

from __future__ import annotations

import random

import pytest

from kit.worldbook.sillytavern.buffer import match_key
from tests.worldbook.sillytavern.st_inputs import NODE, node_json

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


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
    expected = node_json(script, {"words": words, "texts": texts})
    for w, exp in zip(words, expected):
        assert [match_key(t, w, case_sensitive=False, whole_words=True) for t in texts] == exp, w
