"""python -m kit ftb-book / ftb-reload."""

from __future__ import annotations

from ftb_inputs import pack

import kit
from kit.cli import main
from kit.samples.quests import write_quests


def test_ftb_book(capsys):
    assert main(["ftb-book", str(pack("monifactory"))]) == 0
    out = capsys.readouterr().out
    assert "chapters 14, groups 2, quests 848, tasks 1376" in out
    assert "unknown_dependency 36" in " ".join(out.split())


def test_ftb_book_errors_exit_2(tmp_path, capsys):
    assert main(["ftb-book", str(tmp_path)]) == 2
    assert "no FTB Quests book" in capsys.readouterr().err


def test_ftb_reload(tmp_path, capsys):
    write_quests(tmp_path)
    assert main(["ftb-reload", str(tmp_path), "--language", "zh_cn"]) == 0
    out = capsys.readouterr().out
    assert "processed" in out and "zh_cn" in out
    with kit.open_save(tmp_path) as save:
        assert sorted(save.databases.shared().entries(kit.FTB_GUIDES)) == ["en_us", "zh_cn"]
    assert main(["ftb-reload", str(tmp_path), "--language", "Chinese"]) == 2
