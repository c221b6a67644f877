"""kit.worldbook.budget: SillyTavern's budget rule over replayed turns, token counters, swipes."""

from __future__ import annotations

import json

import pytest

import kit.worldbook as wb
from kit.core.errors import InvalidParameterError
from kit.worldbook import Conversation, Entry, KeywordTrigger, Triggers, Turn, WorldBook
from kit.worldbook.analysis.token_budget import budget_tokens


def kw(*keys, **more):
    return Triggers(keyword=KeywordTrigger(tuple(keys)), **more)


# guesstimate: ceil(len / 3.35); content + "\n": 33 chars + 1 = 34 -> 11 tokens; 66 + 1 -> 20
BOOK = WorldBook(
    "b",
    "B",
    (
        Entry("const", "c" * 33, order=1, triggers=Triggers(constant=True)),
        Entry("big", "b" * 66, order=50, triggers=kw("dragon")),
        Entry("small", "s" * 33, order=10, triggers=kw("dragon")),
        Entry("coin", "c" * 10, order=5, triggers=kw("coin", probability=0.5)),
    ),
)


def test_budget_tokens_follow_sillytavern():
    assert budget_tokens() == 2048
    assert budget_tokens(max_context=100, budget_percent=25) == 25
    assert budget_tokens(max_context=10, budget_percent=25) == 3  # 2.5 rounds half up
    assert budget_tokens(max_context=0) == 1 and budget_tokens(max_context=8192, budget_cap=500) == 500
    with pytest.raises(InvalidParameterError, match="max_context"):
        budget_tokens(max_context=-1)


def test_entries_are_cut_in_priority_order_once_the_budget_overflows():
    conv = Conversation("c", (Turn("hello"), Turn("a dragon"), Turn("dragon again")))
    # budget 25 tokens: turn 0 const (11) in; turns 1-2: big (20) first by order, then small 20+11 -> 31 >= 25: cut,
    # and const after it (order 1) is cut too (overflowed)
    r = wb.budget([BOOK], [conv], max_context=100)
    e = r.entries.set_index("uid")
    assert r.budget_tokens == 25 and list(r.entries.columns) == list(wb.BUDGET_ENTRY_SCHEMA)
    assert e.loc["big", ["n_activated", "n_cut", "tokens"]].tolist() == [2, 0, 20]
    assert e.loc["small", ["n_activated", "n_cut"]].tolist() == [0, 2]
    assert e.loc["const", ["n_activated", "n_cut", "n_turns"]].tolist() == [1, 2, 3]
    assert e.loc["small", "cut_rate"] == 1.0 and e.loc["big", "budget_share"] == pytest.approx(20 / 25)
    b = r.books.iloc[0]
    assert (b.n_constant, b.constant_tokens, b.n_turns, b.n_turns_at_cap) == (1, 11, 3, 2)
    assert b.constant_share == pytest.approx(11 / 25)
    roomy = wb.budget([BOOK], [conv]).entries.set_index("uid")
    assert roomy["n_cut"].sum() == 0 and roomy.loc["small", "n_activated"] == 2


def test_swipes_replay_the_draws(tmp_path):
    lines = [{"user_name": "U", "character_name": "C", "chat_metadata": {}}]
    for _ in range(6):
        lines.append({"name": "U", "is_user": True, "mes": "a coin"})
        lines.append(
            {"name": "C", "is_user": False, "mes": "coin flip", "swipes": ["coin flip", "x", "y", "z"], "swipe_id": 0}
        )
    (tmp_path / "c.jsonl").write_text("\n".join(json.dumps(x) for x in lines), encoding="utf-8")
    corpus = wb.read_chats(tmp_path)
    r = wb.budget([BOOK], corpus, rng=1)
    e = r.entries.set_index("uid")
    assert r.books.iloc[0]["n_swipe_turns"] == 6
    assert e.loc["coin", "n_swipe_changes"] > 0 and e.loc["big", "n_swipe_changes"] == 0
    assert r.books.iloc[0]["n_swipe_unstable"] == 1
    again = wb.budget([BOOK], corpus, rng=1)
    assert again.entries.equals(r.entries)
    coverage = wb.entry_coverage([BOOK], corpus.conversations, rng=1)
    assert coverage.set_index("uid")["n_activated"].to_dict() == e["n_activated"].to_dict()  # roomy budget: same turns
    with pytest.raises(InvalidParameterError, match="ChatLogs or Conversations"):
        wb.budget([BOOK], ["text"])
