"""``kit.worldbook.sillytavern.why``: the simulator's outcomes as kit's frame, and the ``outcomes`` list of a step."""

from __future__ import annotations

from kit.worldbook.engine.reasons import OUTCOMES, WHY_SCHEMA
from kit.worldbook.sillytavern import sillytavern_shape, simulate, why
from tests.worldbook.sillytavern.st_inputs import E, book, chat


def test_why_frame_and_simulator_outcomes_list() -> None:
    sc = {"books": book(E(0, ["dragon"]), E(1, ["unicorn"])), "chat": chat("hello dragon")}
    r = why(sc)
    assert list(r.columns) == list(WHY_SCHEMA) and list(r["outcome"].cat.categories) == list(OUTCOMES)
    assert r["entry_id"].tolist() == ["B/0", "B/1"]
    step = simulate(sc)["steps"][0]  # outcomes are on by default
    assert step["activated"] == ["B.0"]
    assert step["outcomes"] == [
        {"book": "B", "uid": "0", "outcome": "activated", "detail": "primary key 'dragon'", "near_miss": ""},
        {"book": "B", "uid": "1", "outcome": "no_key_match", "detail": "no key matched", "near_miss": ""},
    ]
    plain = simulate(sc, outcomes=False)
    assert "outcomes" not in plain["steps"][0]  # SillyTavern's shape when switched off
    assert sillytavern_shape(simulate(sc)) == plain
    assert set(step) - set(plain["steps"][0]) == {"outcomes"}
