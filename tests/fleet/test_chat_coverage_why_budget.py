"""kit.fleet.why and kit.fleet.budget return exactly what one process returns, however the corpus is split."""

from __future__ import annotations

import dask
import pandas as pd
import pytest

import kit.fleet
import kit.worldbook as wb
from tests.fleet.fleet_inputs import CHAT_OPTIONS


@pytest.fixture
def threads():
    with dask.config.set(scheduler="threads"):
        yield


@pytest.fixture(scope="module")
def corpus(chat_corpus):
    return wb.read_chats(chat_corpus.root, **CHAT_OPTIONS)


def test_fleet_why_equals_one_process(studio, chat_corpus, corpus, threads):
    convs = corpus.conversations[:12]
    expected = wb.why_chats(studio.library, convs, rng=3)
    got = kit.fleet.why(studio.library, convs, chats_per_partition=5, rng=3)
    pd.testing.assert_frame_equal(got, expected)
    summary = wb.why_summary(studio.library, corpus.conversations, rng=3)
    got = kit.fleet.why_summary(
        studio.library, chat_corpus.root, chat_options=CHAT_OPTIONS, chats_per_partition=9, rng=3
    )
    pd.testing.assert_frame_equal(got, summary)
    assert kit.fleet.why(studio.library, [], rng=3).empty


def test_fleet_budget_equals_one_process(studio, chat_corpus, corpus, threads):
    expected = wb.budget(studio.library, corpus, max_context=1024, rng=3)
    assert expected.books["n_turns_at_cap"].sum() > 0 and expected.entries["n_cut"].sum() > 0  # the budget bites
    assert expected.books["n_swipe_turns"].sum() > 0
    for chats, options in ((chat_corpus.root, CHAT_OPTIONS), (corpus, None)):
        got = kit.fleet.budget(
            studio.library, chats, chat_options=options, chats_per_partition=8, max_context=1024, rng=3
        )
        pd.testing.assert_frame_equal(got.entries, expected.entries)
        pd.testing.assert_frame_equal(got.books, expected.books)
        assert got.budget_tokens == expected.budget_tokens == 256


def test_fleet_checks_its_parameters(studio):
    with pytest.raises(kit.fleet.FleetParameterError, match="chats_per_partition"):
        kit.fleet.budget(studio.library, [], chats_per_partition=0)
