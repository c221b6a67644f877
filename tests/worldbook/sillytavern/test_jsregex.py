"""Hostile regex keys: costly compiles are refused, backtracking is stopped by a time limit on every thread,
and JavaScript syntax (``\\p{...}`` with ``u``) is read as JavaScript reads it.

Time limits are checked by behaviour (the key is reported as timed out with a small ``regex_timeout``),
never by measuring wall-clock time.
"""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.core.errors import InvalidParameterError, KitError
from kit.worldbook.sillytavern import RegexTimeoutError, UnsafeRegexError, parse_regex_key, read_world, simulate
from kit.worldbook.sillytavern.jsregex import MAX_PATTERN_LENGTH, RegexLimits, check_pattern_safety
from tests.examples import examples
from tests.worldbook.sillytavern.st_inputs import NODE, book, chat, node_json

#: 2**30 ways to split 40 a's: no engine finishes this by backtracking.
EXPONENTIAL = "(a|a)" * 30 + "b"
#: Bounded quantifiers nested three deep: 30**3 ways per position.
BOUNDED = "((a{1,30}){1,30}){1,30}$"


@pytest.mark.parametrize(
    ("pattern", "reason"),
    [
        ("(?:a{1000}){1000}", "too costly to compile"),
        ("((a{100}){100}){100}", "too costly to compile"),
        ("(?:[ab]c{50}){1000,2000}", "too costly to compile"),
        ("a" * (MAX_PATTERN_LENGTH + 1), "longer than"),
    ],
)
def test_patterns_too_costly_to_compile_are_refused(pattern: str, reason: str) -> None:
    with pytest.raises(UnsafeRegexError, match=reason):
        check_pattern_safety(pattern)
    key = parse_regex_key(f"/{pattern}/")
    assert key is not None and key.compiled is None and reason.split()[0] in key.error
    assert key.test("a" * 50) is False


@pytest.mark.parametrize(
    ("pattern", "text", "expected"),
    [
        ("(a+)+$", "aaaa", True),
        ("(a+)+$", "a" * 40 + "!", False),  # the classic; the regex package settles it without backtracking
        ("(\\w+\\s?)+$", "two words", True),
        ("(a|ab)*c", "abac", True),
        ("(a?){3}a{3}", "aaa", True),
        ("(?:a{10}){10}", "a" * 100, True),
        ("(?:a{10}){10}", "a" * 99, False),
        ("(?:[ab]c{50}){1,1000}", "bc" + "c" * 49, True),  # loops are not unrolled: accepted
    ],
)
def test_shapes_once_refused_now_match_like_javascript(pattern: str, text: str, expected: bool) -> None:
    check_pattern_safety(pattern)
    key = parse_regex_key(f"/{pattern}/")
    assert key is not None and key.error is None
    assert key.test(text) is expected


def _hostile_scenario(pattern: str, text: str) -> dict:
    return {
        "books": book({"uid": 0, "key": [f"/{pattern}/"], "content": "x"}, {"uid": 1, "key": ["a"], "content": "y"}),
        "chat": chat(text),
    }


@pytest.mark.parametrize("pattern", [EXPONENTIAL, BOUNDED + "b"])
def test_backtracking_keys_time_out_and_are_reported(pattern: str) -> None:
    step = simulate(_hostile_scenario(pattern, "a" * 40), regex_timeout=0.01)["steps"][0]
    assert step["activated"] == ["B.1"]
    (err,) = step["regexErrors"]
    assert err["entry"] == "B.0" and err["key"] == f"/{pattern}/" and err["reason"].startswith("timed out")


def test_the_time_limit_works_off_the_main_thread() -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = [
            pool.submit(simulate, _hostile_scenario(EXPONENTIAL, "a" * 40), regex_timeout=0.01) for _ in range(2)
        ]
        steps = [f.result()["steps"][0] for f in futures]
    for step in steps:
        assert step["activated"] == ["B.1"]
        assert step["regexErrors"][0]["reason"].startswith("timed out")


def test_a_timed_out_key_is_not_run_again_but_reported_in_every_step() -> None:
    sc = _hostile_scenario(EXPONENTIAL, "a" * 40)
    sc["steps"] = [{"chat": chat("a" * 40)}, {"chat": chat("a" * 40, "a" * 41)}]
    first, second = simulate(sc, regex_timeout=0.01, regex_budget=0.015)["steps"]
    (err1,) = first["regexErrors"]
    (err2,) = second["regexErrors"]
    assert (
        err1["reason"] == "timed out: the match took longer than 0.01 s on a 47-character text"
    )  # "\x01User: " + 40 a
    # run again, the longer text and the 0.005 s left of the budget would give another reason
    assert err2 == err1


def test_the_total_budget_stops_many_distinct_slow_keys() -> None:
    entries = [{"uid": i, "key": [f"/{EXPONENTIAL}{'c' * i}/"], "content": "x"} for i in range(6)]
    step = simulate({"books": book(*entries), "chat": chat("a" * 40)}, regex_timeout=0.01, regex_budget=0.02)["steps"][
        0
    ]
    reasons = [e["reason"] for e in step["regexErrors"]]
    assert len(reasons) == 6 and step["activated"] == []
    assert any("budget of 0.02 s is used up" in r for r in reasons)


def test_regex_limits_are_validated() -> None:
    for bad in (0, -1, float("nan"), float("inf"), "1", True):
        with pytest.raises(InvalidParameterError, match="parameter of RegexLimits must be a finite number"):
            RegexLimits(timeout=bad)
        with pytest.raises(KitError):
            simulate({"books": {}, "chat": []}, regex_budget=bad)


def test_regex_limits_raise_a_kit_timeout() -> None:
    key = parse_regex_key(f"/{EXPONENTIAL}/")
    with pytest.raises(RegexTimeoutError, match="timed out"):
        RegexLimits(timeout=0.01).test(key, "a" * 40)
    with pytest.raises(RegexTimeoutError, match="timed out"):
        key.test("a" * 40, timeout=0.01)


# ---- JavaScript syntax -------------------------------------------------------------------------------------


def test_unicode_property_escapes_with_u() -> None:
    han = parse_regex_key("/^\\x01.*\\p{Script=Han}{2}/u")
    assert han is not None and han.error is None
    assert han.test("\x01User: 你好") and not han.test("\x01User: hello")
    assert parse_regex_key("/\\p{sc=Hira}/u").test("ひらがな")
    assert parse_regex_key("/[\\p{Lu}\\d]/u").test("x7") and not parse_regex_key("/[\\p{Lu}\\d]/u").test("xy")
    # names JavaScript rejects make the key plain text, as in SillyTavern
    for bad in ("/\\p{Han}/u", "/\\p{script=han}/u", "/\\p{L/u", "/\\p{Foo=Bar}/u"):
        assert parse_regex_key(bad) is None, bad
    # without u, \p is the letter p
    assert parse_regex_key("/\\p{L}/").test("p{L}") and not parse_regex_key("/\\p{L}/").test("x")


def test_u_flag_syntax_errors_make_plain_text_keys() -> None:
    for bad in ("/\\q/u", "/a{/u", "/(?<n>a)(?<n>b)/", "/\\01/u"):
        assert parse_regex_key(bad) is None, bad
    assert parse_regex_key("/\\q/").test("q")


def test_group_names_javascript_allows_and_python_does_not() -> None:
    key = parse_regex_key("/(?<a$b>x)\\k<a$b>/")
    assert key is not None and key.error is None
    assert key.test("xx") and not key.test("xy")


def test_the_simulator_matches_property_escape_keys() -> None:
    sc = {"books": book({"uid": 0, "key": ["/\\p{Script=Han}{2,}/u"], "content": "zh"}), "chat": chat("我们走吧")}
    step = simulate(sc)["steps"][0]
    assert step["activated"] == ["B.0"] and "regexErrors" not in step


def test_the_reader_reports_refused_keys() -> None:
    issues = read_world(
        {"entries": {"0": {"uid": 0, "key": ["/(?:a{1000}){1000}/"], "content": "x"}}}, book_id="evil"
    ).issues
    assert any("too costly to compile" in i.reason and i.field == "key[0]" for i in issues)


# ---- generated -------------------------------------------------------------------------------------------------

ATOMS = [
    "a",
    "(a|a)",
    "(a+)+",
    "a{1,9}",
    "(?:a{2}){3}",
    "\\p{L}",
    "[^]",
    ".",
    "\\b",
    "(?<=a)",
    "\\1",
    "(",
    ")",
    "|",
    "{",
    "}",
    "[",
    "]",
    "*",
    "+",
    "?",
    "\\",
    "\\k<x>",
    "(?<x>a)",
    "$",
    "^",
    "\\u{61}",
    "\\cA",
    "(?=",
    "(?!",
    "{2,1}",
]


@settings(max_examples=examples(300), deadline=None)
@given(
    parts=st.lists(st.sampled_from(ATOMS), min_size=1, max_size=12),
    flags=st.sampled_from(["", "i", "u", "iu", "msy", "gu"]),
    text=st.text(alphabet="ab a\n\x01龙", max_size=30),
)
def test_any_key_parses_to_plain_text_a_refusal_or_a_bounded_match(parts: list[str], flags: str, text: str) -> None:
    key = parse_regex_key("/" + "".join(parts) + "/" + flags)
    if key is None:
        return  # invalid in JavaScript: a plain-text key
    try:
        assert isinstance(key.test(text, timeout=0.05), bool)
    except RegexTimeoutError:
        pass


# ---- against a real JavaScript engine (Node.js; skipped without node) ----------------------------------------

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


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_regex_keys_match_like_javascript() -> None:
    rng = random.Random(1234)
    pats = _patterns(rng, 1500)
    texts = ["\x01" + "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 8))) for _ in range(12)]
    script = r"""
    const {pats, texts} = JSON.parse(require('fs').readFileSync(0, 'utf8'));
    const out = pats.map(([p, f]) => { let r; try { r = new RegExp(p, f); } catch (e) { return null; }
        return texts.map(t => new RegExp(p, f).test(t)); });
    process.stdout.write(JSON.stringify(out));"""
    expected = node_json(script, {"pats": pats, "texts": texts})
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
