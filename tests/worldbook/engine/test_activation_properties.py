"""Property tests: the compiled engine agrees with a plain reading of the rules."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import kit.worldbook as wb
from kit.worldbook import Entry, KeywordTrigger, Triggers, WorldBook
from tests.examples import examples

WORDS = ["魔法", "龙", "Alice", "alice", "cat", "cats", "法师", "R2", "王冠", "Nyx"]
TEXT = st.lists(st.sampled_from(WORDS + [" ", "，", "x", "的"]), max_size=12).map("".join)

entry_st = st.builds(
    lambda uid, keys, cs, ww, const, cond, pos, order, disable: Entry(
        str(uid),
        position=pos,
        order=order,
        disable=disable,
        triggers=Triggers(
            constant=const,
            keyword=KeywordTrigger(tuple(keys), cs, ww) if keys else None,
            conditions=(f"tb.v > {cond}",) if cond is not None else (),
        ),
    ),
    st.integers(0, 10_000),
    st.lists(st.sampled_from(WORDS), max_size=3),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.one_of(st.none(), st.integers(0, 10)),
    st.integers(0, 7),
    st.integers(0, 3),
    st.booleans(),
)


def reference(book, message, history, table):
    rows = []
    for n, e in enumerate(book.entries):
        if e.disable:
            continue
        t = e.triggers
        hit = None
        if t.constant:
            hit = ("constant", "", "always")
        elif t.keyword is not None:
            kw = t.keyword
            opts = dict(case_sensitive=kw.case_sensitive, match_whole_words=kw.match_whole_words)
            key = next((k for k in kw.keys if wb.key_occurs(k, message, **opts)), None)
            if key is not None:
                hit = ("keyword", key, "message")
            else:
                key = next((k for k in kw.keys if any(wb.key_occurs(k, h, **opts) for h in history)), None)
                if key is not None:
                    hit = ("keyword", key, "history")
        if hit is None and t.conditions and all(wb.parse_condition(c).evaluate(table).holds for c in t.conditions):
            hit = ("condition", " && ".join(t.conditions), "table")
        if hit is not None:
            rows.append((e.position, e.order, n, e.uid, *hit))
    rows.sort(key=lambda r: r[:3])
    return [r[3:] for r in rows]


@settings(max_examples=examples(120), deadline=None)
@given(st.lists(entry_st, max_size=12, unique_by=lambda e: e.uid), TEXT, st.lists(TEXT, max_size=4), st.integers(0, 12))
def test_engine_matches_reference(entries, message, history, v):
    book = WorldBook("b", "B", tuple(entries))
    got = wb.activate([book], message=message, history=history, table={"v": v})
    assert list(zip(got["uid"], got["trigger"].astype(str), got["matched"], got["matched_in"])) == reference(
        book, message, history, {"v": v}
    )


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(entry_st, min_size=1, max_size=8, unique_by=lambda e: e.uid), st.lists(entry_st, max_size=8), TEXT)
def test_unrelated_entries_do_not_change_activation(entries, others, message):
    """Without groups and dependencies, adding entries (in another book) never changes who fires in the first."""
    book = WorldBook("b", "B", tuple(entries))
    extra = WorldBook("o", "O", tuple({e.uid: e for e in others}.values()))
    alone = wb.activate([book], message=message)
    together = wb.activate([book, extra], message=message)
    assert alone["entry_id"].tolist() == together.loc[together["book_id"] == "b", "entry_id"].tolist()
