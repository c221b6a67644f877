"""Hostile book stores: links, non-regular files, torn and malicious records, secrets in keys.

No write may follow a symbolic link or leave the store, no read may block, every failure is a kit error
naming the file (and field), and ``problems()`` reports a bad book instead of raising.
"""

from __future__ import annotations

import itertools
import json
import os
import tempfile
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit.books import (
    BookRecordError,
    SecretError,
    StorageError,
    TornTraceWarning,
    TraceError,
    open_store,
)
from kit.core.errors import KitError
from tests.examples import examples
from tests.hostile import MEMORY_BOUND_BYTES, folder_bytes, peak_memory, run_unblocked

pytestmark = pytest.mark.skipif(
    not hasattr(os, "symlink") or not hasattr(os, "mkfifo"), reason="needs POSIX links and FIFOs"
)

KEY = "sk-proj-" + "a1B2c3D4e5" * 4


def _clock():
    minutes = itertools.count()
    return lambda: "2026-03-01T{:02d}:{:02d}:00Z".format(*divmod(next(minutes), 60))


@pytest.fixture
def store(tmp_path: Path):
    s = open_store(tmp_path / "studio", clock=_clock())
    s.create_card_book("灯塔", book_id="cb")
    s.append_design_trace("cb", "user_input", "first")
    s.record_artifact("cb", "角色.名字", "周望海", event="user_accepted_artifact")
    return s


# --------------------------------------------------------------------------------------------- links


def test_symlinked_trace_file_is_refused(store, outside: Path) -> None:
    trace = store.root / "books" / "cb" / "traces.jsonl"
    trace.unlink()
    trace.symlink_to(outside / "victim.txt")
    before = folder_bytes(outside, include_links=False)
    with pytest.raises(StorageError, match=r"traces\.jsonl.*symbolic link"):
        store.append_design_trace("cb", "user_input", "second")
    assert folder_bytes(outside, include_links=False) == before


def test_dangling_trace_link_creates_nothing_outside(store, outside: Path) -> None:
    trace = store.root / "books" / "cb" / "traces.jsonl"
    trace.unlink()
    trace.symlink_to(outside / "new.jsonl")
    with pytest.raises(StorageError, match=r"traces\.jsonl"):
        store.append_design_trace("cb", "user_input", "second")
    assert not (outside / "new.jsonl").exists()


def test_hard_linked_trace_file_is_refused(store, outside: Path) -> None:
    trace = store.root / "books" / "cb" / "traces.jsonl"
    trace.unlink()
    os.link(outside / "victim.txt", trace)
    before = folder_bytes(outside, include_links=False)
    with pytest.raises(StorageError, match=r"traces\.jsonl.*hard links"):
        store.append_design_trace("cb", "user_input", "second")
    assert folder_bytes(outside, include_links=False) == before


@pytest.mark.parametrize("dangling", [True, False])
def test_symlinked_temp_file_is_refused(store, outside: Path, dangling: bool) -> None:
    project = store.root / "books" / "cb" / "project.json"
    tmp = project.with_name("project.json.tmp")
    tmp.symlink_to(outside / ("missing.json" if dangling else "victim.txt"))
    before_outside, before_project = folder_bytes(outside, include_links=False), project.read_bytes()
    with pytest.raises(StorageError, match=r"project\.json\.tmp.*symbolic link"):
        store.update_book("cb", title="new title")
    assert folder_bytes(outside, include_links=False) == before_outside
    assert project.read_bytes() == before_project and not project.is_symlink()


def test_symlinked_book_folder_is_refused(store, outside: Path) -> None:
    book = store.root / "books" / "cb"
    os.rename(book, outside / "cb")
    book.symlink_to(outside / "cb", target_is_directory=True)
    before = folder_bytes(outside, include_links=False)
    with pytest.raises(StorageError, match=r"books/cb.*symbolic link"):
        store.append_design_trace("cb", "user_input", "second")
    with pytest.raises(StorageError, match=r"books/cb.*symbolic link"):
        store.record_artifact("cb", "角色.设定", "x", event="user_accepted_artifact")
    assert folder_bytes(outside, include_links=False) == before


def test_symlinked_assets_folder_is_refused(store, outside: Path) -> None:
    cards = store.root / "assets" / "cards"
    cards.mkdir(parents=True, exist_ok=True)
    cards.rmdir()
    cards.symlink_to(outside, target_is_directory=True)
    with pytest.raises(StorageError, match=r"assets/cards.*symbolic link"):
        store.export_asset("cb", asset_id="zhou")
    assert sorted(p.name for p in outside.iterdir()) == ["victim.txt"]


def test_symlinked_sessions_folder_is_refused(store, outside: Path) -> None:
    (store.root / "sessions").symlink_to(outside, target_is_directory=True)
    with pytest.raises(StorageError, match=r"sessions.*symbolic link"):
        store.save_session("s1", {"bookId": "cb"})
    assert sorted(p.name for p in outside.iterdir()) == ["victim.txt"]


# --------------------------------------------------------------------------------------- non-regular


@pytest.mark.parametrize("name", ["project.json", "traces.jsonl", "design-artifacts.json"])
def test_fifo_in_a_book_is_refused_without_blocking_and_reported(store, name: str) -> None:
    path = store.root / "books" / "cb" / name
    path.unlink()
    os.mkfifo(path)
    result = run_unblocked(lambda: store.book("cb"), path)
    assert isinstance(result, StorageError) and str(path) in str(result) and "FIFO" in str(result), result
    problems = run_unblocked(store.problems, path)
    assert not isinstance(problems, BaseException), problems
    assert any("FIFO" in r for r in problems["message"]), problems
    books = run_unblocked(lambda: store.books(strict=False), path)
    assert not isinstance(books, BaseException) and "cb" not in set(books["book_id"])


def test_device_as_a_store_file_is_refused(store) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    path = store.root / "books" / "cb" / "project.json"
    path.unlink()
    path.symlink_to("/dev/zero")
    with pytest.raises(StorageError, match=r"project\.json.*device"):
        store.book("cb")


# ------------------------------------------------------------------------------------- torn records


@pytest.mark.parametrize(
    "last",
    [
        b'{"trace":"design"}',  # valid JSON, not a valid entry
        b"[1, 2, 3]",
        b'"just a string"',
        b'{"trace":"design","at":"2026-03-01T00:09:00Z","type":"user_input","summary":"s","turn":' + b"9" * 5000 + b"}",
    ],
)
def test_invalid_last_record_keeps_the_book_readable_after_the_next_append(store, last: bytes) -> None:
    trace = store.root / "books" / "cb" / "traces.jsonl"
    with trace.open("ab") as handle:
        handle.write(last)
    with pytest.warns(TornTraceWarning):
        assert len(store.traces("cb")) == 2
    with pytest.warns(TornTraceWarning, match="dropping a torn last line"):
        store.append_design_trace("cb", "user_input", "after the crash")
    with warnings.catch_warnings():
        warnings.simplefilter("error", TornTraceWarning)
        assert store.traces("cb")["summary"].tolist()[-1] == "after the crash"
        assert len(store.traces("cb")) == 3
    assert store.problems().empty


# --------------------------------------------------------------------------------- malicious JSON


def _deep(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize("levels", [300, 100_000])
def test_deep_json_in_a_book_record_is_a_kit_error_and_a_problem_row(store, levels: int) -> None:
    path = store.root / "books" / "cb" / "project.json"
    data = json.loads(path.read_text())
    path.write_text(json.dumps(data)[:-1] + ', "deep": ' + _deep(levels) + "}")
    with pytest.raises(BookRecordError, match=r"project\.json.*(nests|nest)") as info:
        store.book("cb")
    assert info.value.path == str(path)
    problems = store.problems()
    assert problems["path"].tolist() == ["books/cb/project.json"]


def test_huge_integer_in_a_book_record_names_the_field(store) -> None:
    path = store.root / "books" / "cb" / "project.json"
    data = json.loads(path.read_text())
    data["readiness"] = {"score": 1}
    text = json.dumps(data).replace('"score": 1', '"score": ' + "7" * 5000)
    path.write_text(text)
    with pytest.raises(BookRecordError, match=r"project\.json: field 'readiness\.score' is an integer of 5000 digits"):
        store.book("cb")
    row = store.problems().iloc[0]
    assert (row["path"], row["field"]) == ("books/cb/project.json", "readiness.score")


def test_deep_json_in_a_middle_trace_line_is_a_trace_error(store) -> None:
    trace = store.root / "books" / "cb" / "traces.jsonl"
    lines = trace.read_bytes().splitlines()
    lines.insert(1, _deep(5000).encode())
    trace.write_bytes(b"\n".join(lines) + b"\n")
    with pytest.raises(TraceError, match=r"traces\.jsonl: line 2 is not valid JSON"):
        store.traces("cb")
    assert store.problems()["field"].tolist() == ["line 2"]


def test_writing_a_value_nested_too_deep_is_refused(store) -> None:
    value: object = "leaf"
    for _ in range(50_000):
        value = {"a": value}
    with pytest.raises(BookRecordError, match=r"sessions/s1\.json.*nests too deeply"):
        store.save_session("s1", {"bookId": "cb", "state": value})
    assert not (store.root / "sessions" / "s1.json").exists()


# ----------------------------------------------------------------------------------------- secrets


def test_provider_key_used_as_an_object_key_is_refused(store) -> None:
    store.export_asset("cb", asset_id="zhou")
    before = folder_bytes(store.root, include_links=False)
    with pytest.raises(SecretError, match=r"object key that looks like an API key") as info:
        store.save_session("s1", {"bookId": "cb", "keys": {KEY: "openai"}})
    assert KEY not in str(info.value)
    with pytest.raises(SecretError):
        store.update_book("cb", readiness={KEY: True})
    with pytest.raises(SecretError):
        store.create_play_book("p", card_asset_id="zhou", book_id="pb", variables={KEY: 1})
    assert folder_bytes(store.root, include_links=False) == before


# ------------------------------------------------------------------------------------- never raises


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    target=st.sampled_from(
        [
            "books/cb/project.json",
            "books/cb/traces.jsonl",
            "books/cb/design-artifacts.json",
            "sessions/s.json",
            "books/flat.json",
        ]
    ),
    content=st.one_of(
        st.binary(max_size=200),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=10),
            lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
            max_leaves=20,
        ).map(lambda v: json.dumps(v).encode()),
    ),
)
def test_problems_never_raises_on_bad_files(tmp_path: Path, target: str, content: bytes) -> None:
    root = Path(tempfile.mkdtemp(dir=tmp_path)) / "studio"
    store = open_store(root, clock=_clock())
    store.create_card_book("灯塔", book_id="cb")
    store.append_design_trace("cb", "user_input", "first")
    path = root / target
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TornTraceWarning)
        problems = store.problems()
        store.books(strict=False)
        try:
            store.books()
        except KitError:
            pass
    assert "severity" in problems.columns  # a frame of rows, whatever the shape of the problems table


# ------------------------------------------------------------------------------------------ memory

_SHAPES = {
    "empty arrays": lambda n: "[" + ",".join(["[]"] * n) + "]",
    "empty objects": lambda n: "[" + ",".join(["{}"] * n) + "]",
    "short strings": lambda n: "[" + ",".join([f'"{i:x}x"' for i in range(n)]) + "]",
    "numbers": lambda n: "[" + ",".join([str(100000 + i) for i in range(n)]) + "]",
    "keys": lambda n: "{" + ",".join(f'"k{i}":{i}' for i in range(n)) + "}",
    "wide text": lambda n: '"' + "a" * n + '😀"',
}


@pytest.mark.parametrize("shape", sorted(_SHAPES))
def test_json_cost_estimate_bounds_the_memory_built(shape: str) -> None:
    from kit.core.json_files import json_cost

    text = _SHAPES[shape](50_000)
    peak, value = peak_memory(lambda: json.loads(text))
    assert not isinstance(value, BaseException)
    assert peak <= json_cost(text), f"{shape}: {peak} bytes built, estimate {json_cost(text)}"


@pytest.mark.parametrize(
    ("shape", "n"), [("empty arrays", 3_000_000), ("empty objects", 3_000_000), ("keys", 1_000_000)]
)
def test_json_bomb_in_a_store_file_is_refused_before_parsing(store, shape: str, n: int) -> None:
    path = store.root / "books" / "cb" / "project.json"
    path.write_text(_SHAPES[shape](n))
    peak, result = peak_memory(lambda: store.book("cb"))
    assert isinstance(result, BookRecordError) and "refusing to read" in str(result), result
    assert str(path) in str(result)
    assert peak < MEMORY_BOUND_BYTES, f"refusing cost {peak / 2**20:.1f} MiB"
    assert store.problems()["path"].tolist() == ["books/cb/project.json"]


# ------------------------------------------------------------------------------------------ properties

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=25,
)


@settings(max_examples=examples(200), deadline=None)
@given(_JSON)
def test_bounded_parsing_reads_ordinary_json_like_the_standard_library(value: object) -> None:
    from kit.core.json_files import parse_json

    text = json.dumps(value, ensure_ascii=False)
    assert parse_json(text, where="x.json", error=BookRecordError) == json.loads(text)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tail=st.binary(min_size=1, max_size=120).filter(lambda b: b"\n" not in b))
def test_any_torn_tail_is_cut_and_the_book_stays_readable(tmp_path: Path, tail: bytes) -> None:
    root = Path(tempfile.mkdtemp(dir=tmp_path)) / "studio"
    store = open_store(root, clock=_clock())
    store.create_card_book("灯塔", book_id="cb")
    store.append_design_trace("cb", "user_input", "first")
    with (root / "books" / "cb" / "traces.jsonl").open("ab") as handle:
        handle.write(tail)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TornTraceWarning)
        store.append_design_trace("cb", "user_input", "after")
    with warnings.catch_warnings():
        warnings.simplefilter("error", TornTraceWarning)
        assert store.traces("cb")["summary"].tolist() == ["first", "after"]
