"""kit.ftb.dependencies: dependencies resolved to ids as FTB Quests does, dropped ones and cycles reported."""

from __future__ import annotations

import pytest

from kit.ftb.dependencies import find_cycles
from kit.ftb.errors import QuestBookError
from kit.ftb.loader import read_quest_book
from tests.ftb.ftb_inputs import book, write_book

CYCLE = """{
	id: "00000000000000C1"
	quests: [
		{ id: "00000000000000A1", dependencies: ["00000000000000A2"], x: 0.0d, y: 0.0d }
		{ id: "00000000000000A2", dependencies: ["00000000000000A1", "00000000000000FF", "00000000000000A2"] }
		{ id: "00000000000000A3", dependencies: [I; 161], tasks: [{ id: "00000000000000A1", type: "checkmark" }] }
	]
}
"""


def test_dangling_dependencies_become_error_rows():
    errors = book("monifactory").problems()
    assert (errors["kind"] == "unknown_dependency").sum() == 36
    assert errors["message"].str.contains("dropped").all()
    assert book("enigmatica6").problems().empty


def test_dependencies_on_tasks_and_chapters_are_kept():
    b = book("craftoria")
    kinds = {b.object_types[d] for q in b.quest_by_id.values() for d in q.dependencies}
    assert {"quest", "task", "chapter"} <= kinds


def test_cycles_unknown_and_duplicate_ids(tmp_path):
    write_book(tmp_path, CYCLE)
    with pytest.raises(QuestBookError, match="id 00000000000000A1 is already used by a quest"):
        read_quest_book(tmp_path, strict=True)
    b = read_quest_book(tmp_path)
    kinds = b.problems()["kind"].tolist()
    assert kinds == ["dependency_cycle", "duplicate_id", "self_dependency", "unknown_dependency"]
    cycle = b.problems().set_index("kind").loc["dependency_cycle", "message"]
    assert "00000000000000A1 -> 00000000000000A2 -> 00000000000000A1" in cycle
    # the int-array dependency (old format) resolves to the hex id 00000000000000A1
    assert b.quest_by_id["00000000000000A3"].dependencies == ("00000000000000A1",)


def test_find_cycles_lists_each_cycle_once_from_its_smallest_id():
    graph = {"c": ["a"], "a": ["b"], "b": ["c", "d"], "d": [], "e": ["e"], "f": ["b"]}
    assert find_cycles(graph) == [["a", "b", "c"], ["e"]]
    assert find_cycles({"a": ["b"], "b": ["a"], "x": ["y"], "y": ["x"]}) == [["a", "b"], ["x", "y"]]


def test_find_cycles_of_acyclic_graphs_and_edges_out_of_the_graph():
    assert find_cycles({}) == []
    assert find_cycles({"a": ["b", "c"], "b": ["c"], "c": []}) == []  # a diamond is no cycle
    assert find_cycles({"a": ["zz"]}) == []  # an edge to an id outside the graph is ignored


def test_find_cycles_is_iterative_on_long_chains():
    n = 5000  # deeper than Python's recursion limit
    graph = {f"{i:05d}": [f"{i + 1:05d}"] for i in range(n)}
    graph[f"{n:05d}"] = ["00000"]
    (cycle,) = find_cycles(graph)
    assert len(cycle) == n + 1 and cycle[0] == "00000"


def test_what_a_quest_may_depend_on(tmp_path):
    write_book(
        tmp_path,
        '{ id: "00000000000000C1", quests: [\n'
        '{ id: "00000000000000A1", rewards: [{ id: "00000000000000D1", type: "xp" }] }\n'
        '{ id: "00000000000000A2", dependencies: [L; 161L, 161L] }\n'
        '{ id: "00000000000000A3", dependencies: ["00000000000000D1", "not hex", "0000000000000001", "00000000000000C1"] }'
        "] }",
    )
    b = read_quest_book(tmp_path)
    assert b.quest_by_id["00000000000000A2"].dependencies == ("00000000000000A1",)  # an old long id, once
    assert b.quest_by_id["00000000000000A3"].dependencies == ("00000000000000D1",)  # any object but the book file
    problems = b.problems()
    assert problems["object_id"].tolist() == ["00000000000000A3"] * 3
    assert problems["message"].str.contains("dropped").all()
    assert problems["message"].str.contains("is a file it cannot depend on").any()
    assert problems["message"].str.contains("is a chapter it cannot depend on").any()
