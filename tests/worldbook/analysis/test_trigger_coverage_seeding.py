"""Probability draws of a replay are seeded per conversation: splitting a corpus never changes a result."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import kit.worldbook as wb
from kit.samples.studio import write_worldbooks
from kit.worldbook.analysis.trigger_coverage import conversation_rng, replay_seed


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    root = tmp_path_factory.mktemp("save")
    write_worldbooks(root)
    return wb.read_studio(root)


def _probabilistic(studio) -> set[str]:
    return {f"{b.id}/{e.uid}" for b in studio.library.values() for e in b.entries if e.triggers.probability < 1}


def test_a_conversation_replays_the_same_alone_or_in_a_corpus(studio):
    convs = studio.conversations
    whole = wb.replay(studio.library, convs, rng=7, progress=False)
    assert set(whole["entry_id"]) & _probabilistic(studio)  # the draws matter on this corpus
    for part in (convs[:3], convs[3:], tuple(reversed(convs))):
        alone = wb.replay(studio.library, part, rng=7, progress=False)
        ids = [c.id for c in part]
        expected = pd.concat([whole[whole["conversation_id"] == i] for i in ids], ignore_index=True)
        pd.testing.assert_frame_equal(alone, expected)


def test_seeds_matter_and_generators_are_turned_into_one_seed(studio):
    convs = studio.conversations
    a = wb.entry_coverage(studio.library, convs, rng=1, progress=False)
    b = wb.entry_coverage(studio.library, convs, rng=2, progress=False)
    assert not a["n_activated"].equals(b["n_activated"])  # probability entries fire on other turns
    from_generator = wb.entry_coverage(studio.library, convs, rng=np.random.default_rng(11), progress=False)
    from_seed = wb.entry_coverage(studio.library, convs, rng=replay_seed(np.random.default_rng(11)), progress=False)
    pd.testing.assert_frame_equal(from_generator, from_seed)
    x, y = conversation_rng(5, "c01").random(3), conversation_rng(5, "c02").random(3)
    assert not np.array_equal(x, y) and np.array_equal(x, conversation_rng(5, "c01").random(3))
    with pytest.raises(ValueError, match=r"'rng' parameter of replay must be None, a non-negative int seed.*Got -1"):
        replay_seed(-1)
