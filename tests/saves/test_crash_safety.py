"""Crash safety: a writer killed with SIGKILL at random moments never leaves a state that was not committed."""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

import pytest

import kit
from kit.saves import codecs

COUNTS = kit.DatabaseTable("example:counts", codecs.INT)
KILLS = 220

pytestmark = [pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork"), pytest.mark.slow]


def _writer(save_dir: Path, report_fd: int) -> None:
    """Child process: append consecutive keys forever, reporting each committed count."""
    with kit.AgentDatabases(save_dir) as dbs:
        db = dbs.shared()
        n = len(db.entries(COUNTS))
        while True:
            db.put(COUNTS, f"{n:06d}", n)
            n += 1
            os.write(report_fd, f"{n}\n".encode())


def test_sigkill_at_random_moments_leaves_a_committed_state(tmp_path: Path) -> None:
    rng = random.Random(20261130)
    path = tmp_path / "system" / "database" / "shared.dat"
    tmp_file = path.with_name("shared.dat.tmp")
    committed = 0
    saw_leftover = 0
    for round_no in range(KILLS):
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - child
            os.close(read_fd)
            try:
                _writer(tmp_path, write_fd)
            finally:
                os._exit(1)
        os.close(write_fd)
        # wait for the child's first commit (or its death) so every round kills a writer that is mid-stream,
        # however slow a busy machine makes it: the test asserts correctness, never speed
        reports = os.read(read_fd, 65536)
        time.sleep(rng.uniform(0.0, 0.025))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        while chunk := os.read(read_fd, 65536):
            reports += chunk
        os.close(read_fd)
        lines = reports.decode().split()
        reported = int(lines[-1]) if lines else committed
        saw_leftover += tmp_file.exists()
        with kit.AgentDatabases(tmp_path) as dbs:
            entries = dbs.shared().entries(COUNTS)
        n = len(entries)
        # the file holds exactly a prefix that was committed: what was reported, or one more write that
        # reached the disk before the report did
        assert reported <= n <= reported + 1, f"round {round_no}: reported {reported}, file has {n}"
        assert entries == {f"{i:06d}": i for i in range(n)}
        committed = n
    assert committed >= KILLS  # every round committed at least once before its kill
    # a later writer removes any .tmp leftover of a killed one
    with kit.AgentDatabases(tmp_path) as dbs:
        dbs.shared().put(COUNTS, "final", -1)
    assert not tmp_file.exists()
    print(f"{KILLS} kills, {committed} committed writes, {saw_leftover} rounds left a .tmp behind")
