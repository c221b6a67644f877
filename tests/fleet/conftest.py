"""Generated fleets, chat corpora and the sample studio shared by the fleet tests."""

from __future__ import annotations

import pytest

import kit.worldbook as wb
from kit.samples.fleet import write_chat_corpus, write_fleet
from kit.samples.studio import write_worldbooks


@pytest.fixture(scope="session")
def generated_fleet(tmp_path_factory):
    # 3 corrupt files: one of each kind (truncated gzip, garbage, a List root)
    return write_fleet(tmp_path_factory.mktemp("fleet") / "backups", 24, n_servers=3, n_corrupt=3, seed=5)


@pytest.fixture(scope="session")
def chat_corpus(tmp_path_factory):
    return write_chat_corpus(tmp_path_factory.mktemp("st"), 24, seed=2)  # a bad line, swipes, draws that matter


@pytest.fixture(scope="session")
def studio(tmp_path_factory):
    root = tmp_path_factory.mktemp("studio")
    write_worldbooks(root)
    return wb.read_studio(root)
