"""Every DataFrame-returning function returns exactly its documented columns, with the same dtypes when empty."""

from __future__ import annotations

import pytest

import kit.worldbook as wb
from kit.worldbook import Conversation, Entry, KeywordTrigger, Triggers, Turn, WorldBook
from kit.worldbook.analysis.explanation import EXPLAIN_SCHEMA
from kit.worldbook.analysis.trigger_coverage import CO_ACTIVATION_SCHEMA, CONDITION_HIT_SCHEMA, PER_TURN_SCHEMA
from kit.worldbook.book.io import ISSUE_SCHEMA as ISSUE_COLUMNS
from kit.worldbook.engine.prompt_assembly import ASSEMBLE_SCHEMA as ASSEMBLE_COLUMNS
from kit.worldbook.engine.reporting import STATS_SCHEMA as STATS_COLUMNS

BOOK = WorldBook(
    "b",
    "B",
    (
        Entry("c", "C", triggers=Triggers(constant=True)),
        Entry("k", "K", position=6, triggers=Triggers(keyword=KeywordTrigger(("龙",)))),
        Entry("t", "T", position=4, triggers=Triggers(conditions=("tb.x > 1",))),
        Entry("n", "never", triggers=Triggers(keyword=KeywordTrigger(("从不",)))),
    ),
)
CONVS = [Conversation("c1", (Turn("龙", table={"x": 2}), Turn("好", "assistant"), Turn("走")))]
EMPTY_BOOK = WorldBook("e", "E", ())


def cases():
    full_act = wb.replay([BOOK], CONVS)
    empty_act = wb.replay([], [])
    full_cov = wb.entry_coverage([BOOK], CONVS)
    empty_cov = wb.entry_coverage([], [])
    full = wb.activate([BOOK], message="龙", table={"x": 2})
    empty = wb.activate([], message="")
    return [
        ("activate", wb.ACTIVATION_SCHEMA, full, empty),
        ("activation_stats", STATS_COLUMNS, wb.activation_stats(full), wb.activation_stats(empty).iloc[0:0]),
        ("explain", EXPLAIN_SCHEMA, wb.explain(BOOK.entries[1], message="龙"), wb.explain(BOOK.entries[0]).iloc[0:0]),
        ("assemble", ASSEMBLE_COLUMNS, wb.assemble(full, message="hi"), wb.assemble(empty)),
        (
            "issues_frame",
            dict.fromkeys(ISSUE_COLUMNS, "object"),
            wb.issues_frame([wb.Issue("b", "1", "position", 12, "bad")]),
            wb.issues_frame([]),
        ),
        ("replay", wb.REPLAY_SCHEMA, full_act, empty_act),
        ("coverage", wb.COVERAGE_SCHEMA, full_cov, empty_cov),
        ("never_fired", wb.COVERAGE_SCHEMA, wb.never_fired(full_cov), wb.never_fired(empty_cov)),
        ("always_fired", wb.COVERAGE_SCHEMA, wb.always_fired(full_cov), wb.always_fired(empty_cov)),
        ("co_activation", CO_ACTIVATION_SCHEMA, wb.co_activation(full_act), wb.co_activation(empty_act)),
        (
            "activations_per_turn",
            PER_TURN_SCHEMA,
            wb.activations_per_turn(full_act, CONVS),
            wb.activations_per_turn(empty_act),
        ),
        (
            "condition_hit_rates",
            CONDITION_HIT_SCHEMA,
            wb.condition_hit_rates([BOOK], CONVS),
            wb.condition_hit_rates([EMPTY_BOOK], []),
        ),
    ]


@pytest.mark.parametrize("case", cases(), ids=lambda c: c[0])
def test_documented_columns_also_when_empty(case):
    name, schema, full, empty = case
    assert list(full.columns) == list(schema), name
    assert list(empty.columns) == list(schema), name
    assert len(full) > 0 and len(empty) == 0, name
    assert full.dtypes.astype(str).tolist() == empty.dtypes.astype(str).tolist(), name
