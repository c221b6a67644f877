"""``python -m kit server PATH`` and ``python -m kit doctor PATH...`` (kit.servers.cli): output, formats, exit status."""

from __future__ import annotations

import json

import pytest

from kit.cli import main
from tests.servers.servers_inputs import BOOK, PACK, SAMPLE, game_jar, mods_toml, server, write, zip_bytes

UNDEFINED_TAG_RECIPE = {"type": "minecraft:crafting_shapeless", "ingredients": ["#m:nowhere"], "result": {"id": "m:r"}}


@pytest.fixture
def tag_server(tmp_path):
    """A server folder (no vanilla jar) with one mod whose only recipe needs an undefined tag."""
    jar = zip_bytes({"META-INF/mods.toml": mods_toml("m"), "data/m/recipe/r.json": UNDEFINED_TAG_RECIPE})
    return server(tmp_path / "srv", {"mods/m.jar": jar})


def test_cli_server(capsys):
    assert main(["server", str(SAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "loader: neoforge" in out and "mods (6):" in out and "data packs in load order (9):" in out
    assert "removed_by_override" in out and "mods/broken-download.jar" in out


def test_cli_server_not_a_server(tmp_path, capsys):
    assert main(["server", str(tmp_path)]) == 2
    assert "kit: error:" in capsys.readouterr().err


def test_cli_server_client_jar_supplies_vanilla(tag_server, tmp_path, capsys):
    assert main(["server", str(tag_server)]) == 0
    out = capsys.readouterr().out
    assert "minecraft: ?" in out and "data packs in load order (1):" in out and "no_vanilla_data" in out
    client = tmp_path / "1.21.1.jar"
    client.write_bytes(game_jar())
    assert main(["server", str(tag_server), "--client-jar", str(client)]) == 0
    out = capsys.readouterr().out
    assert "minecraft: 1.21.1" in out and "data packs in load order (3):" in out and "no_vanilla_data" not in out
    assert "undefined_tag" in out  # the data problems are listed too


def test_cli_doctor_formats_and_exit_status(tmp_path, capsys) -> None:
    pack = write(tmp_path / "p", PACK)
    book = write(tmp_path / "pack", BOOK)
    assert main(["doctor", str(pack), "--quest-book", str(book)]) == 1
    text = capsys.readouterr().out
    assert text.index("problems:") < text.index("uncompletable_quest (5):") and "unobtainable_item" in text
    assert main(["doctor", str(pack), "--format", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)  # stdout holds the one document
    assert doc["summary"]["unobtainable_item"] == 2 and doc["problems"][0]["kind"] == "unobtainable_item"
    assert main(["doctor", str(pack), "--format", "csv"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("severity,kind,object_id,field,message,path,related_id,pack\n") and out.count("\n") == 3
    clean = write(
        tmp_path / "clean",
        {
            "assets/t/lang/en_us.json": {"item.t.gold": "Gold"},
            "data/t/loot_table/chests/x.json": PACK["data/t/loot_table/chests/x.json"],
        },
    )
    assert main(["doctor", str(clean)]) == 0
    assert main(["doctor", str(tmp_path / "nope")]) == 2


def test_cli_doctor_opens_a_server_folder(tag_server, capsys) -> None:
    # one folder without data/ is a server: its mods are loaded as packs, the jar names the pack
    assert main(["doctor", str(tag_server), "--format", "csv"]) == 1
    out = capsys.readouterr().out
    rows = {line.split(",")[1]: line for line in out.splitlines()[1:]}
    assert sorted(rows) == ["undefined_tag", "unobtainable_item"]
    assert rows["undefined_tag"].startswith("error,undefined_tag,m:nowhere,inputs[0],")
    assert rows["undefined_tag"].endswith(",data/m/recipe/r.json,,m.jar")
    assert main(["doctor", str(tag_server)]) == 1
    text = capsys.readouterr().out
    assert "problems: 2 errors, 0 warnings" in text and "[m.jar: data/m/recipe/r.json]" in text


def test_cli_doctor_bad_format_is_a_usage_error(tmp_path, capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["doctor", str(write(tmp_path / "p", PACK)), "--format", "xml"])
    assert exc.value.code == 2 and "invalid choice: 'xml'" in capsys.readouterr().err
