"""Steps 4-7 of kit's activation: probability, inclusion groups, excludes and requires."""

from __future__ import annotations

import kit.worldbook as wb
from kit.worldbook import Entry, KeywordTrigger, Triggers, WorldBook
from tests.worldbook.worldbook_inputs import kw


def test_groups_keep_highest_order_and_report_losers():
    book = WorldBook(
        "b",
        "B",
        (
            Entry("low", position=0, order=1, group=("weather",), triggers=Triggers(constant=True)),
            Entry("high", position=0, order=9, group=("weather", "mood"), triggers=Triggers(constant=True)),
            Entry("mood", position=0, order=5, group=("mood",), triggers=Triggers(constant=True)),
            Entry("tie1", position=1, order=3, group=("t",), triggers=Triggers(constant=True)),
            Entry("tie2", position=1, order=3, group=("t",), triggers=Triggers(constant=True)),
        ),
    )
    r = wb.activate([book], include_rejected=True).set_index("uid")
    assert r.loc[["high", "tie1"], "is_active"].all()
    assert r.loc["low", "rejected_by"] == "group weather: b/high"
    assert r.loc["mood", "rejected_by"] == "group mood: b/high"
    assert r.loc["tie2", "rejected_by"] == "group t: b/tie1"
    assert wb.activate([book])["uid"].tolist() == ["high", "tie1"]


def test_requires_and_excludes():
    other = WorldBook("o", "O", (Entry("flag", triggers=kw("旗")),))
    book = WorldBook(
        "b",
        "B",
        (
            Entry("a", order=1, triggers=Triggers(constant=True), excludes=("b",)),
            Entry("b", order=2, triggers=Triggers(constant=True), excludes=("a",)),
            Entry("needs-a", triggers=Triggers(constant=True), requires=("a",)),
            Entry("needs-chain", triggers=Triggers(constant=True), requires=("needs-a",)),
            Entry("needs-flag", triggers=Triggers(constant=True), requires=("o/flag",)),
        ),
    )
    r = wb.activate([other, book], message="", include_rejected=True).set_index("entry_id")
    assert r.loc["b/b", "is_active"] and r.loc["b/a", "rejected_by"] == "excludes b/b"
    assert r.loc["b/needs-a", "rejected_by"] == "requires b/a"
    assert r.loc["b/needs-chain", "rejected_by"] == "requires b/needs-a"
    assert r.loc["b/needs-flag", "rejected_by"] == "requires o/flag"
    assert "b/needs-flag" in set(wb.activate([other, book], message="举旗")["entry_id"])


def test_group_winner_dropped_by_requires_hands_the_group_to_the_runner_up():
    book = WorldBook(
        "b",
        "B",
        (
            Entry("high", order=9, group=("g",), requires=("absent",), triggers=Triggers(constant=True)),
            Entry("low", order=1, group=("g",), triggers=Triggers(constant=True)),
            Entry("needs-low", order=0, requires=("low",), triggers=Triggers(constant=True)),
            Entry("boss", order=8, excludes=("minion",), requires=("absent",), triggers=Triggers(constant=True)),
            Entry("minion", order=2, triggers=Triggers(constant=True)),
            Entry("absent", triggers=Triggers(keyword=KeywordTrigger(("never-said",)))),
        ),
    )
    r = wb.activate([book], message="", include_rejected=True).set_index("uid")
    assert r.loc["high", "rejected_by"] == "requires b/absent" and r.loc["boss", "rejected_by"] == "requires b/absent"
    assert r.loc[["low", "needs-low", "minion"], "is_active"].all()
    assert wb.activate([book], message="")["uid"].tolist() == ["needs-low", "low", "minion"]
    # when the requirement holds, the winner keeps its group and the runner-up is reported as the loser
    r = wb.activate([book], message="never-said", include_rejected=True).set_index("uid")
    assert r.loc["low", "rejected_by"] == "group g: b/high" and r.loc["needs-low", "rejected_by"] == "requires b/low"
    assert r.loc["minion", "rejected_by"] == "excludes b/boss"


# -- resolve / conflicts on compiled entries, without a request -------------------------------------------------


def compiled(*entries: Entry, book_id: str = "b"):
    from kit.worldbook.engine.compiled import collect_books, compile_entries

    return compile_entries(collect_books([WorldBook(book_id, book_id.upper(), entries)], None))[0]


def test_conflicts_keep_the_higher_order_and_name_the_blocker():
    from kit.worldbook.engine.conflicts import conflicts

    entries = compiled(
        Entry("a", order=1, group=("g",)),
        Entry("b", order=5, group=("g",)),
        Entry("c", order=3, excludes=("d",)),
        Entry("d", order=2),
    )
    reasons, blockers = conflicts(entries, [0, 1, 2, 3])
    assert reasons == {0: "group g: b/b", 3: "excludes b/c"}
    assert blockers == {1, 2}
    assert conflicts(entries, []) == ({}, set())
    # an entry excluded by a lower-order one it excludes back: the higher order wins either way
    entries = compiled(Entry("x", order=1, excludes=("y",)), Entry("y", order=9))
    assert conflicts(entries, [0, 1])[0] == {0: "excludes b/y"}


def test_conflicts_drop_requirements_in_a_chain():
    from kit.worldbook.engine.conflicts import conflicts

    entries = compiled(Entry("top", requires=("mid",)), Entry("mid", requires=("base",)), Entry("base"), Entry("free"))
    assert conflicts(entries, [0, 1, 2, 3]) == ({}, set())
    reasons, blockers = conflicts(entries, [0, 1, 3])  # base did not fire
    assert reasons == {1: "requires b/base", 0: "requires b/mid"} and blockers == set()


def test_resolve_draws_only_for_entries_below_probability_one():
    from kit.worldbook.engine.conflicts import resolve

    entries = compiled(
        Entry("sure", triggers=Triggers(constant=True)),
        Entry("half", triggers=Triggers(constant=True, probability=0.5)),
        Entry("never", triggers=Triggers(constant=True, probability=0.0)),
    )
    draws = iter([0.4, 0.0])
    calls = []

    def draw() -> float:
        calls.append(1)
        return next(draws)

    assert resolve(entries, [0, 1, 2], draw) == {2: "probability 0"}  # 0.4 < 0.5 keeps half, 0.0 < 0 fails
    assert len(calls) == 2
    assert resolve(entries, [0, 1, 2], None) == {}  # no draw: probabilities are not applied
    assert resolve(entries, [1], lambda: 0.5) == {1: "probability 0.5"}  # a draw equal to p fails


def test_resolve_hands_a_group_to_the_runner_up_when_the_winner_lacks_a_requirement():
    from kit.worldbook.engine.conflicts import resolve

    entries = compiled(
        Entry("high", order=9, group=("g",), requires=("absent",)),
        Entry("low", order=1, group=("g",)),
        Entry("absent"),
    )
    assert resolve(entries, [0, 1], None) == {0: "requires b/absent"}
    assert resolve(entries, [0, 1, 2], None) == {1: "group g: b/high"}
