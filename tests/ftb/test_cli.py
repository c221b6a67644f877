"""python -m kit ftb-book / ftb-reload."""

from __future__ import annotations

import kit
from kit.cli import main
from kit.samples.quests import write_quests
from tests.ftb.ftb_inputs import pack


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


def _broken_book(folder):
    (folder / "chapters").mkdir(parents=True)
    (folder / "data.snbt").write_text("{ version: 13 }\n", "utf-8")
    (folder / "chapters" / "good.snbt").write_text(
        '{ id: "00000000000000C1", quests: [{ id: "00000000000000A1" }] }', "utf-8"
    )
    (folder / "chapters" / "bad.snbt").write_text('{ id: "00000000000000C2", quests: [ ] ] }', "utf-8")


def test_ftb_book_is_lenient_by_default_and_strict_on_request(tmp_path, capsys):
    _broken_book(tmp_path)
    assert main(["ftb-book", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "chapters 1," in out and "quests 1," in out and "problems: 1" in out and "syntax" in out
    assert main(["ftb-book", str(tmp_path), "--strict"]) == 2
    assert "bad.snbt:1:" in capsys.readouterr().err


def test_ftb_book_lenient_flag_is_a_deprecated_no_op(tmp_path, capsys):
    _broken_book(tmp_path)
    assert main(["ftb-book", str(tmp_path), "--lenient"]) == 0
    captured = capsys.readouterr()
    assert "--lenient is deprecated" in captured.err and "problems: 1" in captured.out
