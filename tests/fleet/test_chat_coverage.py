"""kit.fleet.coverage returns exactly kit.worldbook.coverage, however the corpus is split (default scheduler)."""

from __future__ import annotations

import multiprocessing

import dask
import numpy as np
import pandas as pd
import pytest

import kit.fleet
import kit.worldbook as wb
from tests.fleet.fleet_inputs import CHAT_OPTIONS


@pytest.fixture
def threads():
    """Dask's thread pool instead of the bag's default process pool: same tasks and splits, no process start-up
    (the default scheduler is exercised by test_chat_folder_equals_single_coverage)."""
    with dask.config.set(scheduler="threads"):
        yield


@pytest.fixture(scope="module")
def corpus(chat_corpus):
    return wb.read_chats(chat_corpus.root, **CHAT_OPTIONS)


@pytest.fixture(scope="module")
def expected(studio, corpus):
    return wb.entry_coverage(studio.library, corpus.conversations, rng=3, progress=False)


def test_chat_folder_equals_single_coverage(studio, chat_corpus, corpus, expected):
    probabilistic = {
        f"{b.id}/{e.uid}" for b in studio.library.values() for e in b.entries if e.triggers.probability < 1
    }
    rows = expected[expected["entry_id"].isin(probabilistic)]
    assert ((rows["n_activated"] > 0) & (rows["n_activated"] < rows["n_turns"])).any()  # the draws matter here
    assert expected["n_conversations_in_play"].max() == len(corpus)
    # On Dask's default scheduler for a bag: a pool of processes, so tasks and results cross a process boundary.
    # Forked rather than spawned where the platform can: what is tested is that crossing, not a fresh interpreter
    # importing kit (seconds of CPU per process).
    forked = {"multiprocessing.context": "fork"} if "fork" in multiprocessing.get_all_start_methods() else {}
    with dask.config.set(forked):
        got = kit.fleet.coverage(
            studio.library, chat_corpus.root, chat_options=CHAT_OPTIONS, chats_per_partition=7, rng=3
        )
    pd.testing.assert_frame_equal(got, expected)
    with dask.config.set(scheduler="threads"):
        for per_partition in (1, 1000):
            got = kit.fleet.coverage(
                studio.library, chat_corpus.root, chat_options=CHAT_OPTIONS, chats_per_partition=per_partition, rng=3
            )
            pd.testing.assert_frame_equal(got, expected)


def test_conversations_and_corpus_objects(threads, studio, corpus, expected):
    pd.testing.assert_frame_equal(kit.fleet.coverage(studio.library, corpus, rng=3, chats_per_partition=9), expected)
    convs = list(corpus.conversations)
    pd.testing.assert_frame_equal(
        kit.fleet.coverage(studio.library, convs[::-1], rng=3, chats_per_partition=5), expected
    )


def test_sample_studio_with_tables_and_options(threads, studio):
    convs = studio.conversations
    for options in ({"rng": 0}, {"rng": 5, "scan_depth": 2}):
        expected = wb.entry_coverage(studio.library, convs, progress=False, **options)
        got = kit.fleet.coverage(studio.library, convs, chats_per_partition=2, **options)
        pd.testing.assert_frame_equal(got, expected)
    one_book = studio.library["aetheria"]
    expected = wb.entry_coverage([one_book], convs, progress=False)
    pd.testing.assert_frame_equal(kit.fleet.coverage([one_book], convs, chats_per_partition=3), expected)
    pd.testing.assert_frame_equal(kit.fleet.coverage(one_book, convs, chats_per_partition=3), expected)


def test_generator_seed_and_duplicate_ids(threads, studio):
    convs = list(studio.conversations)
    expected = wb.entry_coverage(studio.library, convs, rng=np.random.default_rng(9), progress=False)
    got = kit.fleet.coverage(studio.library, convs, rng=np.random.default_rng(9), chats_per_partition=4)
    pd.testing.assert_frame_equal(got, expected)
    doubled = convs + convs[:5]  # the same ids twice: coverage counts them as one conversation each
    pd.testing.assert_frame_equal(
        kit.fleet.coverage(studio.library, doubled, chats_per_partition=2),
        wb.entry_coverage(studio.library, doubled, progress=False),
    )


def test_empty_and_bad_arguments(studio, tmp_path):
    pd.testing.assert_frame_equal(kit.fleet.coverage(studio.library, []), wb.entry_coverage(studio.library, []))
    with pytest.raises(kit.fleet.FleetParameterError, match=r"unexpected options \['activations'\]"):
        kit.fleet.coverage(studio.library, [], activations=None)
    with pytest.raises(
        kit.fleet.FleetParameterError, match=r"'chats_per_partition' parameter of coverage must be an int.*Got 0"
    ):
        kit.fleet.coverage(studio.library, [], chats_per_partition=0)
    with pytest.raises(kit.fleet.FleetParameterError, match="must hold Conversations, ChatFiles or paths. Got int"):
        kit.fleet.coverage(studio.library, [1])


def test_default_split_follows_the_threads_and_gives_the_same_numbers(threads, studio, corpus, expected, monkeypatch):
    from kit.fleet import _dask, chat_coverage

    monkeypatch.setattr("kit.fleet._dask.os.cpu_count", lambda: 2)  # Dask's default scheduler: the local CPUs
    assert _dask.partition_size(80, None, chat_coverage.MAX_CHATS_PER_PARTITION) == 10  # 4 tasks per thread
    assert _dask.partition_size(81, None, 500) == 11 and _dask.partition_size(3, None, 500) == 1
    assert _dask.partition_size(100_000, None, chat_coverage.MAX_CHATS_PER_PARTITION) == 500  # capped
    sizes: list[int] = []
    real = chat_coverage._split
    monkeypatch.setattr(chat_coverage, "_split", lambda *a: sizes.append(a[2]) or real(*a))
    got = kit.fleet.coverage(studio.library, corpus.conversations, rng=3)
    assert sizes == [_dask.partition_size(len(corpus), None, 500)]
    pd.testing.assert_frame_equal(got, expected)
    with pytest.raises(kit.fleet.FleetParameterError, match=r"must be an int in the range \[1, inf\) or None. Got 2.5"):
        kit.fleet.why(studio.library, corpus, chats_per_partition=2.5)


def test_partitions_balance_the_work_and_keep_ids_together(chat_corpus):
    from kit.fleet.chat_coverage import _split, _work

    files = sorted(wb.scan_chat_files(chat_corpus.root), key=lambda f: f.conversation_id)
    items = files + files[:3]  # three ids twice: they must share a partition
    ids = [f.conversation_id for f in items]
    parts = _split(items, ids, 7)
    assert len(parts) == 4 and sorted(map(id, sum(parts, []))) == sorted(map(id, items))  # every item, once
    for part in parts:
        assert part == [f for f in items if f in part]  # corpus order inside a partition
    where = {f.conversation_id: i for i, part in enumerate(parts) for f in part}
    assert all(f in parts[where[f.conversation_id]] for f in items)
    work = [sum(_work(f) for f in part) for part in parts]
    sizes = sorted(_work(f) for f in files)
    assert sizes[-1] > 3 * sizes[0]  # chats of unequal length, so equal counts would not balance
    assert max(work) - min(work) <= 2 * sizes[-1]  # largest first, to the lightest partition: within one or two chats
    assert max(len(part) for part in parts) <= 7 + 1  # the count cap (a group of two may land where one has room)
