"""The one vocabulary of activation outcomes shared by kit's activation and the SillyTavern simulator."""

from __future__ import annotations

import pytest

import kit.worldbook as wb
from kit.worldbook import Entry, Triggers, WorldBook
from kit.worldbook.engine.reasons import OUTCOME, OUTCOME_RULES, OUTCOMES, WHY_SCHEMA, outcome_rank, rejection_code


def test_outcomes_are_unique_in_pipeline_order_with_activated_first():
    assert OUTCOMES[0] == "activated" and len(set(OUTCOMES)) == len(OUTCOMES)
    assert {engines for _, engines, _ in OUTCOME_RULES} == {"both", "kit", "sillytavern"}
    assert all(rule.strip() for _, _, rule in OUTCOME_RULES)
    assert OUTCOME.categories == OUTCOMES and OUTCOME.to_pandas().ordered
    assert WHY_SCHEMA["outcome"] is OUTCOME


def test_outcome_rank_follows_the_pipeline():
    assert [outcome_rank(code) for code in OUTCOMES] == list(range(len(OUTCOMES)))
    assert outcome_rank("disabled") < outcome_rank("no_key_match") < outcome_rank("group_lost")
    with pytest.raises(KeyError):
        outcome_rank("fired")


@pytest.mark.parametrize(
    "reason, code",
    [
        ("probability 0.5", "probability"),
        ("group weather: b/high", "group_lost"),
        ("excludes b/boss", "excluded"),
        ("requires o/flag", "requires_missing"),
    ],
)
def test_rejection_code_of_each_rejected_by_text(reason, code):
    assert rejection_code(reason) == code and code in OUTCOMES


def test_rejection_code_of_an_unknown_text_raises():
    with pytest.raises(KeyError):
        rejection_code("budget full")


def test_every_rejected_by_of_activate_has_a_code():
    book = WorldBook(
        "b",
        "B",
        (
            Entry("p", triggers=Triggers(constant=True, probability=0.0)),
            Entry("hi", order=9, group=("g",), triggers=Triggers(constant=True)),
            Entry("lo", order=1, group=("g",), triggers=Triggers(constant=True)),
            Entry("ex", order=5, excludes=("victim",), triggers=Triggers(constant=True)),
            Entry("victim", order=1, triggers=Triggers(constant=True)),
            Entry("needy", requires=("nobody",), triggers=Triggers(constant=True)),
        ),
    )
    r = wb.activate([book], rng=0, include_rejected=True)
    rejected = r[~r["is_active"]]
    assert len(rejected) == 4
    for row in rejected.itertuples():
        assert rejection_code(row.rejected_by) == row.outcome
