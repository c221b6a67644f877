"""``python -m kit modules``: prints the inventory and problems; exit 1 on errors, 0 otherwise, 2 on bad paths."""

from __future__ import annotations

from kit.cli import main
from tests.modules.conftest import module_file, system_file


def test_clean_packs_exit_zero_and_print_the_inventory(make_pack, capsys) -> None:
    pack = make_pack(
        "p",
        {
            module_file("a:m"): {"order": 3, "client": "system:items"},
            system_file("a:s"): {"name": "Main", "modules": ["a:m"]},
        },
    )
    assert main(["modules", str(pack)]) == 0
    out = capsys.readouterr().out
    assert "a:m" in out and "client entries" in out and "a:s (Main): 1 modules from a:m" in out
    assert "problems: 0 errors, 0 warnings" in out


def test_errors_exit_one_and_are_listed_with_file_and_field(make_pack, capsys) -> None:
    pack = make_pack("p", {system_file("a:s"): {"modules": ["a:typo"]}})
    assert main(["modules", "--problems-only", str(pack)]) == 1
    out = capsys.readouterr().out
    assert "problems: 1 errors, 0 warnings" in out
    assert "error unknown_module: a:s modules[0] (p: data/a/system/system/s.json)" in out


def test_warnings_alone_exit_zero_and_extension_types_can_be_declared(make_pack, capsys) -> None:
    pack = make_pack("p", {module_file("a:m"): {"order": 1, "server": {"type": "ext:thing"}, "client": "ext:page"}})
    assert main(["modules", str(pack)]) == 1
    assert main(["modules", str(pack), "--server-type", "ext:thing"]) == 0
    assert "unknown_client" in capsys.readouterr().out
    assert main(["modules", str(pack), "--server-type", "ext:thing", "--client", "ext:page"]) == 0


def test_an_unreadable_path_exits_two(tmp_path, capsys) -> None:
    assert main(["modules", str(tmp_path / "missing")]) == 2
    assert "not found" in capsys.readouterr().err
