"""kit.modules.problems: the problem record, the severity of each kind, and the shared problems frame."""

from __future__ import annotations

import pytest

import kit.modules as km
from kit.core.frames import pandas_dtype
from kit.modules.problems import PROBLEM_KINDS, PROBLEM_SCHEMA, Problem, problems_frame
from tests.modules.conftest import module_file


def _problem(
    kind: str, pack: str = "p", path: str = "data/a/x.json", object_id: str = "a:x", field: str = ""
) -> Problem:
    return Problem(kind, object_id, field, f"{kind} message", path, pack)


def test_problems_come_errors_first_then_in_pack_order(make_pack) -> None:
    z = make_pack(
        "z_first",
        {
            module_file("a:w"): {"order": "x", "client": "system:items"},
            module_file("a:e"): {"server": {"type": "a:nope"}},
        },
    )
    a = make_pack("a_second", {module_file("b:e"): {"server": {"type": "a:nope"}}})
    p = km.read_modules(strict=False, source=[z, a]).problems()
    assert list(zip(p["severity"].astype(str), p["pack"])) == [
        ("error", "z_first"),
        ("error", "a_second"),
        ("warning", "z_first"),
    ]


def test_severity_comes_from_the_kind() -> None:
    assert _problem("unknown_module").severity == "error"
    assert _problem("bad_order").severity == "warning"
    assert set(PROBLEM_KINDS.values()) == {"warning", "error"}
    with pytest.raises(KeyError):
        _ = _problem("no_such_kind").severity  # a kind kit never reports has no severity


def test_the_frame_sorts_errors_first_then_by_pack_rank_path_object_field() -> None:
    problems = [
        _problem("bad_order", pack="a"),
        _problem("unknown_module", pack="b", path="data/z.json"),
        _problem("unknown_module", pack="b", path="data/a.json", object_id="a:2"),
        _problem("unknown_module", pack="b", path="data/a.json", object_id="a:1", field="y"),
        _problem("unknown_module", pack="b", path="data/a.json", object_id="a:1", field="x"),
        _problem("invalid_json", pack="a"),
        _problem("invalid_json", pack="unranked"),
    ]
    frame = problems_frame(problems, packs=["b", "a"])
    assert list(
        zip(frame["severity"].astype(str), frame["pack"], frame["path"], frame["object_id"], frame["field"])
    ) == [
        ("error", "b", "data/a.json", "a:1", "x"),
        ("error", "b", "data/a.json", "a:1", "y"),
        ("error", "b", "data/a.json", "a:2", ""),
        ("error", "b", "data/z.json", "a:x", ""),
        ("error", "a", "data/a/x.json", "a:x", ""),
        ("error", "unranked", "data/a/x.json", "a:x", ""),  # packs not in the list come after the listed ones
        ("warning", "a", "data/a/x.json", "a:x", ""),
    ]
    assert frame["message"].iloc[-1] == "bad_order message"


def test_the_frame_has_the_shared_problem_columns_also_when_empty() -> None:
    for frame in (problems_frame([]), problems_frame([_problem("tag_cycle")])):
        assert list(frame.columns) == list(PROBLEM_SCHEMA)
        assert list(frame.columns[:6]) == ["severity", "kind", "object_id", "field", "message", "path"]
        assert [frame[c].dtype for c in PROBLEM_SCHEMA] == [pandas_dtype(d) for d in PROBLEM_SCHEMA.values()]
    assert frame["severity"].cat.ordered and list(frame["severity"].cat.categories) == ["warning", "error"]


def test_every_kind_an_inventory_reports_is_a_known_kind(make_pack) -> None:
    bad = make_pack("p", {module_file("a:x"): {"order": "x", "server": {"type": "a:nope"}, "client": "a:nope"}})
    problems = km.read_modules(bad, strict=False).problems()
    assert set(problems["kind"]) == {"bad_order", "unknown_server_type", "unknown_client"}
    assert set(problems["kind"]) <= set(PROBLEM_KINDS)
