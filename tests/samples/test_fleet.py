"""The generated fleet and chat corpus are deterministic and hold what the fleet tests rely on."""

from __future__ import annotations

import kit
from kit.samples.fleet import write_chat_corpus, write_fleet


def _files(root):
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_write_fleet_is_deterministic(tmp_path):
    a = write_fleet(tmp_path / "a", 30, seed=4)
    b = write_fleet(tmp_path / "b", 30, seed=4)
    assert _files(a.root) == _files(b.root)
    assert _files(a.root) != _files(write_fleet(tmp_path / "c", 30, seed=5).root)
    assert len(a.saves) == 30 and len({s.parent for s in a.saves}) == 2  # 2 servers of 15 nightly backups
    assert len(a.corrupt_files) == 1
    bad = 0
    for save in a.saves:
        with kit.open_save(save) as s:
            try:
                s.summary()
            except kit.StorageError as exc:
                bad += 1
                assert str(a.corrupt_files[0]) in str(exc)
    assert bad == 1


def test_write_chat_corpus_is_deterministic(tmp_path):
    a = write_chat_corpus(tmp_path / "a", 25, seed=1)
    b = write_chat_corpus(tmp_path / "b", 25, seed=1)
    assert _files(a.root) == _files(b.root) and len(a.files) == 25 and a.n_bad_lines == 1
    assert sum("group chats" in p.parts for p in a.files) == 2
