"""kit.fleet on a distributed.LocalCluster (loopback, 2 worker processes): same results as the single-save code."""

from __future__ import annotations

import sys

import pandas as pd
import pytest

import kit.fleet
import kit.worldbook as wb
from tests.fleet.fleet_inputs import CHAT_OPTIONS, as_schema, reference_summary, sample_collections

distributed = pytest.importorskip("distributed")

pytestmark = (
    pytest.mark.slow
)  # starts a scheduler and two worker processes (make test runs it, make test-fast skips it)


@pytest.fixture(scope="module")
def client():
    """One cluster for the module (starting one costs seconds): the tuned one users are told to start, whose client
    owns it. set_as_default=False: the fleets opened without a client keep Dask's default scheduler.
    """
    c = kit.fleet.local_client(2, set_as_default=False)
    cluster = c.cluster
    try:
        yield c
    finally:
        c.close()
    assert cluster.status.name == "closed"  # closing the client stopped the cluster it owns


def test_fleet_frames_on_the_cluster(client, generated_fleet):
    fleet = kit.fleet.open_fleet(generated_fleet.root, client=client)
    assert fleet.npartitions == 4  # 24 saves, 2 worker threads: about 2 partitions per thread
    summary, problems = fleet.compute(fleet.summary(), fleet.problems())
    local = kit.fleet.open_fleet(generated_fleet.root, saves_per_partition=1)  # another split, the default scheduler
    expected_summary, expected_problems = local.compute(local.summary(), local.problems())
    pd.testing.assert_frame_equal(summary, expected_summary)
    pd.testing.assert_frame_equal(problems, expected_problems)
    readable = fleet.saves().set_index("save_id")["readable"]
    good = [item for item in fleet.items if readable[item.save_id]]
    direct = as_schema(pd.concat([reference_summary(item) for item in good]), kit.fleet.SUMMARY_SCHEMA)
    pd.testing.assert_frame_equal(
        summary[summary["save_id"].isin([i.save_id for i in good])].reset_index(drop=True), direct
    )
    assert sorted(problems["path"]) == sorted(str(p) for p in generated_fleet.corrupt_files)


def test_address_string_connects(client, generated_fleet):
    fleet = kit.fleet.open_fleet(generated_fleet.saves[:3], client=client.scheduler.address)
    try:
        assert isinstance(fleet.client, distributed.Client)
        (tables,) = fleet.compute(fleet.tables())
        assert set(tables["save_id"]) == {s.save_id for s in fleet.items}
    finally:
        fleet.client.close()


def test_coverage_on_the_cluster(client, studio, chat_corpus):
    # a dozen chat files, read inside the tasks, in 3 partitions (the split itself is tested in test_chat_coverage)
    files = sorted(wb.scan_chat_files(chat_corpus.root), key=lambda f: f.conversation_id)[:12]
    conversations = [wb.read_chat(f, **CHAT_OPTIONS).conversation for f in files]
    expected = wb.entry_coverage(studio.library, conversations, rng=1, progress=False)
    assert expected["n_activated"].sum() > 0
    got = kit.fleet.coverage(
        studio.library, files, client=client, chat_options=CHAT_OPTIONS, chats_per_partition=4, rng=1
    )
    pd.testing.assert_frame_equal(got, expected)


def test_grid_on_the_cluster(client):
    collections = sample_collections()
    configs = {"bm25": {}, "tfidf": {"weighting": "tfidf"}}
    pd.testing.assert_frame_equal(
        kit.fleet.evaluate_grid(collections, configs, client), kit.fleet.evaluate_grid(collections, configs)
    )


def _slow(x):
    import time

    time.sleep(0.3)
    return x + 1


def test_cluster_progress_prints_the_dashboard_link_on_long_runs(client, capsys, monkeypatch):
    import dask

    from kit.fleet import _dask

    monkeypatch.setattr(distributed.Client, "dashboard_link", property(lambda self: "http://127.0.0.1:1/status"))
    # "short" and "long" are set by LONG_RUN_SECONDS, not by how busy the (shared) machine happens to be
    monkeypatch.setattr(_dask, "LONG_RUN_SECONDS", 60.0)
    assert _dask.compute(dask.delayed(_slow)(1), client=client) == (2,)  # shorter than LONG_RUN_SECONDS
    assert capsys.readouterr().out == ""
    monkeypatch.setattr(_dask, "LONG_RUN_SECONDS", 0.05)
    assert _dask.compute(dask.delayed(_slow)(2), client=client) == (3,)
    assert capsys.readouterr().out == "Dask dashboard: http://127.0.0.1:1/status\n"
    assert _dask.compute(dask.delayed(_slow)(3), client=client, progress=False) == (4,)
    assert capsys.readouterr().out == ""


def test_local_client_starts_a_tuned_cluster(client, generated_fleet):
    assert list(client.nthreads().values()) == [1, 1]
    config = client.run(lambda: __import__("dask").config.get("distributed.worker.profile.enabled"))
    assert set(config.values()) == {False}
    trim = client.run(lambda: __import__("os").environ.get("MALLOC_TRIM_THRESHOLD_"))
    assert set(trim.values()) == {None}
    tick = client.run(lambda: __import__("dask").config.get("distributed.admin.tick.interval"))
    assert set(tick.values()) == {"1s"}
    frozen = client.run(lambda: __import__("gc").get_freeze_count())  # startup objects left out of collections
    assert min(frozen.values()) > 10_000
    switch = client.run(lambda: __import__("sys").getswitchinterval())  # the event loop takes over quickly
    assert list(switch.values()) == pytest.approx([kit.fleet.local_cluster.WORKER_SWITCH_INTERVAL] * 2)
    assert kit.fleet.local_cluster.WORKER_SWITCH_INTERVAL < sys.getswitchinterval()  # this process keeps its own
    assert isinstance(client.cluster, distributed.LocalCluster)  # the client's own (closed with it: see the fixture)


def test_local_client_keeps_the_switch_interval_of_a_worker_with_several_threads():
    with kit.fleet.local_client(1, threads_per_worker=2, set_as_default=False) as two_threads:
        switch = two_threads.run(lambda: __import__("sys").getswitchinterval())
        frozen = two_threads.run(lambda: __import__("gc").get_freeze_count())
    assert list(switch.values()) == pytest.approx([sys.getswitchinterval()])  # Python's own: threads take turns
    assert min(frozen.values()) > 10_000  # the rest of the settling still done


def test_local_client_checks_n_workers():
    with pytest.raises(kit.fleet.FleetParameterError, match="'n_workers' parameter of local_client"):
        kit.fleet.local_client(0)


def test_reads_computed_together_on_the_cluster_stay_apart(client, generated_fleet):
    # two reads of one kind (documents of two tables), the same read twice and a frame derived from one: each
    # result is its own, as Dask's DataFrame route computes it on the default scheduler
    fleet = kit.fleet.open_fleet(generated_fleet.saves[:10], client=client, saves_per_partition=4)
    knowledge, notes, summary = fleet.documents("system:knowledge"), fleet.documents("fleet:notes"), fleet.summary()
    derived = summary[summary["n_entries"] > 0]
    got = fleet.compute(knowledge, notes, summary, summary, derived)
    expected = [
        c.compute(scheduler="sync").reset_index(drop=True) for c in (knowledge, notes, summary, summary, derived)
    ]
    assert len(got[0]) and got[1].empty  # fleet:notes is a string table: no documents (a mix-up would show)
    for a, b in zip(got, expected):
        pd.testing.assert_frame_equal(a, b)


def _after(seconds_and_value):
    import time

    seconds, value = seconds_and_value
    time.sleep(seconds)
    if value is None:
        raise ValueError("task failed on purpose")
    return value


def test_calls_return_in_input_order_when_they_end_in_another(client):
    from kit.fleet import _dask

    inputs = [(0.3, "first"), (0.0, "second"), (0.15, "third"), (0.0, "fourth")]  # the later ones end first
    (), (batch,) = _dask.compute_with_calls([], [(_after, inputs, "ordered")], client=client, progress=False)
    assert batch == ["first", "second", "third", "fourth"]
    with pytest.raises(ValueError, match="task failed on purpose"):
        _dask.compute_with_calls([], [(_after, [(0.0, "a"), (0.0, None)], "failing")], client=client, progress=False)
