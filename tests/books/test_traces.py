from __future__ import annotations

import json
import warnings

import pytest

from kit.books import BookRecordError, DesignTraceEntry, PlayTraceEntry, TornTraceWarning, TraceError
from kit.books.traces import append_trace_line, read_trace_file
from tests.examples import examples


def _entry(i: int, **extra):
    return {
        "trace": "design",
        "at": f"2026-01-01T00:00:{i:02d}Z",
        "type": "user_input",
        "summary": f"step {i}",
        **extra,
    }


def test_append_and_read_in_order(tmp_path):
    path = tmp_path / "traces.jsonl"
    for i in range(3):
        append_trace_line(path, _entry(i))
    append_trace_line(
        path,
        {
            "trace": "play",
            "at": "2026-01-01T00:01:00Z",
            "type": "snapshot",
            "summary": "s",
            "turn": 4,
            "snapshotId": "snap-1",
        },
    )
    log = read_trace_file(path)
    assert [e.summary for e in log.entries] == ["step 0", "step 1", "step 2", "s"]
    assert isinstance(log.entries[0], DesignTraceEntry) and isinstance(log.entries[-1], PlayTraceEntry)
    assert log.entries[-1].turn == 4 and log.torn_line is None
    assert path.read_bytes().count(b"\n") == 4


def test_missing_file_is_empty(tmp_path):
    assert read_trace_file(tmp_path / "none.jsonl").entries == ()


def test_torn_last_line_is_reported_and_ignored(tmp_path):
    path = tmp_path / "traces.jsonl"
    for i in range(2):
        append_trace_line(path, _entry(i))
    with open(path, "ab") as handle:
        handle.write(json.dumps(_entry(2)).encode()[:25])
    with pytest.warns(TornTraceWarning, match="line 3"):
        log = read_trace_file(path)
    assert [e.summary for e in log.entries] == ["step 0", "step 1"]
    assert log.torn_line == 3


def test_append_after_torn_line_drops_it(tmp_path):
    path = tmp_path / "traces.jsonl"
    append_trace_line(path, _entry(0))
    with open(path, "ab") as handle:
        handle.write(b'{"trace": "design", "at": "2026')
    with pytest.warns(TornTraceWarning, match="dropping a torn last line"):
        append_trace_line(path, _entry(1))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        log = read_trace_file(path)
    assert [e.summary for e in log.entries] == ["step 0", "step 1"]


def test_intact_last_line_without_newline_is_kept(tmp_path):
    path = tmp_path / "traces.jsonl"
    path.write_text(json.dumps(_entry(0)))
    append_trace_line(path, _entry(1))
    assert [e.summary for e in read_trace_file(path).entries] == ["step 0", "step 1"]


def test_corrupt_middle_line_raises_with_line_number(tmp_path):
    path = tmp_path / "traces.jsonl"
    lines = [json.dumps(_entry(0)), "{not json", json.dumps(_entry(2))]
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(TraceError, match=r"traces\.jsonl: line 2 is not valid JSON"):
        read_trace_file(path)


def test_invalid_entry_type_names_field(tmp_path):
    path = tmp_path / "traces.jsonl"
    lines = [json.dumps(_entry(0, type="daydream")), json.dumps(_entry(1))]
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(TraceError, match=r"line 1: field 'type' must be one of \['user_input'"):
        read_trace_file(path)


def test_invalid_entry_is_not_appended(tmp_path):
    path = tmp_path / "traces.jsonl"
    append_trace_line(path, _entry(0))
    before = path.read_bytes()
    with pytest.raises(BookRecordError, match="field 'at' must be an ISO 8601 timestamp"):
        append_trace_line(path, {**_entry(1), "at": "yesterday"})
    with pytest.raises(BookRecordError, match="field 'summary' is missing"):
        append_trace_line(path, {"trace": "design", "at": "2026-01-01T00:00:00Z", "type": "user_input"})
    assert path.read_bytes() == before


def test_unknown_fields_round_trip(tmp_path):
    path = tmp_path / "traces.jsonl"
    append_trace_line(path, _entry(0, agentTrace={"calls": 2}))
    (entry,) = read_trace_file(path).entries
    assert entry.extra == {"agentTrace": {"calls": 2}}
    assert entry.to_dict()["agentTrace"] == {"calls": 2}


def test_any_crash_point_leaves_a_readable_prefix(tmp_path_factory):
    from hypothesis import given, settings
    from hypothesis import strategies as st

    folder = tmp_path_factory.mktemp("crash")
    path = folder / "traces.jsonl"
    for i in range(6):
        append_trace_line(path, _entry(i, outputTags=["角色.设定"]) if i % 2 else _entry(i))
    data = path.read_bytes()
    ends = [i + 1 for i, b in enumerate(data) if b == 0x0A]

    @settings(max_examples=examples(60), deadline=None)
    @given(st.integers(min_value=0, max_value=len(data)))
    def check(cut: int) -> None:
        crashed = folder / "crashed.jsonl"
        crashed.write_bytes(data[:cut])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", TornTraceWarning)
            log = read_trace_file(crashed)
            complete = sum(1 for e in ends if e <= cut)
            assert len(log.entries) in (complete, complete + 1)  # a cut right before "\n" keeps the whole line
            assert [e.summary for e in log.entries] == [f"step {i}" for i in range(len(log.entries))]
            append_trace_line(crashed, _entry(59))
            again = read_trace_file(crashed)
        assert again.torn_line is None and again.entries[-1].summary == "step 59"
        assert len(again.entries) == len(log.entries) + 1

    check()


def test_every_line_is_flushed_and_fsynced_before_append_returns(tmp_path, monkeypatch):
    import os

    path = tmp_path / "traces.jsonl"
    synced: list[int] = []
    real_fsync = os.fsync

    def spy(fd):
        synced.append(os.fstat(fd).st_size)  # the line is already in the file when fsync runs
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", spy)
    sizes = []
    for i in range(3):
        append_trace_line(path, _entry(i))
        sizes.append(path.stat().st_size)
    file_syncs = [s for s in synced if s in sizes]
    assert file_syncs == sizes  # one fsync per appended line, after its bytes were written


def test_lines_the_fast_parser_leaves_to_the_guarded_one_read_as_before(tmp_path):
    """Whitespace around a line, CRLF endings, a byte order mark and deep nesting take the guarded path."""
    path = tmp_path / "traces.jsonl"
    lines = [
        "  " + json.dumps(_entry(0)),  # leading spaces: the plain decoder does not skip them
        json.dumps(_entry(1)) + " \t\r",  # trailing JSON whitespace and a CRLF ending
        "\x0c",  # a line of ASCII whitespace only is skipped, as bytes.strip() skips it
        json.dumps(_entry(2, deep=[[[1]]] * 100)),  # more brackets than the depth cap, yet shallow
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    log = read_trace_file(path)
    assert [e.summary for e in log.entries] == ["step 0", "step 1", "step 2"] and log.torn_line is None
    assert log.entries[2].extra == {"deep": [[[1]]] * 100}


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        (json.dumps(_entry(0)) + "{}", "line 1 is not valid JSON .*Extra data"),
        (json.dumps(_entry(0, deep=0))[:-1] + ', "x": ' + "[" * 300 + "]" * 300 + "}", "line 1 .*deeper than 256"),
        ("[1]", "line 1: field '<record>' must be a JSON object"),
        (json.dumps(_entry(0, type="nope")), "line 1: field 'type' must be one of"),
    ],
)
def test_a_bad_line_before_the_last_names_its_line(tmp_path, bad, reason):
    path = tmp_path / "traces.jsonl"
    path.write_text(bad + "\n" + json.dumps(_entry(1)) + "\n", encoding="utf-8")
    with pytest.raises(TraceError, match=reason):
        read_trace_file(path)


def test_a_line_that_is_not_utf8_is_named_also_when_the_file_is_read_whole(tmp_path):
    path = tmp_path / "traces.jsonl"
    path.write_bytes(json.dumps(_entry(0)).encode() + b"\n\xff\xfe\n" + json.dumps(_entry(2)).encode() + b"\n")
    with pytest.raises(TraceError, match="line 2 is not UTF-8"):
        read_trace_file(path)
